// The empty state: a short welcome, Open, and the recent files a click opens.
#include "ui/panels/start_page.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/appearance.h"

namespace segscope::ui {
namespace {

constexpr int kPathRole = Qt::UserRole;

QLabel* paragraph(const QString& html, QWidget* parent) {
  auto* label = new QLabel(html, parent);
  label->setWordWrap(true);
  label->setTextFormat(Qt::RichText);
  return label;
}

}  // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
  setObjectName("startPage");
  auto* column = new QWidget(this);
  column->setMaximumWidth(620);
  auto* layout = new QVBoxLayout(column);
  layout->setSpacing(10);
  auto* title = new QLabel("No fusion open", column);
  QFont big = title->font();
  big.setPointSizeF(big.pointSizeF() * 1.6);
  big.setBold(true);
  title->setFont(big);
  layout->addWidget(title);
  layout->addWidget(
      paragraph("Open a repro script (any <code>NVFUSER_DUMP=python_definition</code> script or bug-report paste) or a "
                "saved trace, or drop one on this window. Segscope replays every pre-segmentation pass and every merge "
                "decision; <b>?</b> lists the keys.",
                column));
  open_ = new QPushButton(themedIcon("open"), "Open…", column);
  open_->setToolTip("Open a fusion script or a saved trace (Ctrl+O)");
  open_->setDefault(true);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(open_);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  layout->addSpacing(8);
  recentTitle_ = new QLabel("<b>Recent</b>", column);
  layout->addWidget(recentTitle_);
  recent_ = new QListWidget(column);
  recent_->setObjectName("recentFiles");
  recent_->setUniformItemSizes(true);
  recent_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  layout->addWidget(recent_);
  noRecent_ = paragraph("<i>Files you open appear here.</i>", column);
  layout->addWidget(noRecent_);
  layout->addStretch(1);

  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(24, 36, 24, 24);
  outer->addStretch(1);
  outer->addWidget(column, 3);
  outer->addStretch(1);
  connect(open_, &QPushButton::clicked, this, &StartPage::openRequested);
  connect(recent_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { emit recentActivated(item->data(kPathRole).toString()); });
  connect(recent_, &QListWidget::itemClicked, this,
          [this](QListWidgetItem* item) { emit recentActivated(item->data(kPathRole).toString()); });
  setRecent({});
}

void StartPage::setRecent(const QStringList& paths) {
  recent_->clear();
  for (const QString& path : paths) {
    const QFileInfo info(path);
    auto* item = new QListWidgetItem(info.fileName() + "   —   " + info.path(), recent_);
    item->setData(kPathRole, path);
    item->setToolTip(path);
    item->setIcon(themedIcon("recent"));
    if (!info.exists()) {
      item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
      item->setToolTip(path + " (no longer there)");
    }
  }
  // The list is as tall as its rows (the page is not a file browser).
  const int rows = static_cast<int>(paths.size());
  const int rowHeight = rows > 0 ? recent_->sizeHintForRow(0) : 0;
  recent_->setFixedHeight(rows * rowHeight + 2 * recent_->frameWidth() + 4);
  recent_->setVisible(!paths.isEmpty());
  noRecent_->setVisible(paths.isEmpty());
}

}  // namespace segscope::ui
