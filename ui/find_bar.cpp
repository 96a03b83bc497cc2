// The Find bar's widgets and keys: Enter/F3 next, Shift+Enter/Shift+F3 previous, Down opens the
// results list, Escape closes (the selection stays).
#include "ui/find_bar.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace segscope::ui {

FindBar::FindBar(QWidget* parent) : QWidget(parent) {
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(6, 3, 6, 3);
  column->setSpacing(2);
  auto* layout = new QHBoxLayout;
  layout->setContentsMargins(0, 0, 0, 0);
  column->addLayout(layout);
  auto* label = new QLabel("Find in graph:", this);
  edit_ = new QLineEdit(this);
  edit_->setPlaceholderText("op or tensor name, op type, dtype or shape — e.g. T12, sum, bf16 2048");
  edit_->setClearButtonEnabled(true);
  count_ = new QLabel(this);
  count_->setMinimumWidth(80);
  const auto button = [this](const QString& text, const QString& tip) {
    auto* b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
  };
  QToolButton* previousButton = button("▲", "Previous match (Shift+Enter, Shift+F3)");
  QToolButton* nextButton = button("▼", "Next match (Enter, F3)");
  QToolButton* closeButton = button("✕", "Close (Escape; the selection stays)");
  listButton_ = button("☰", "List every match: op, type and shape, segment (Down)");
  listButton_->setCheckable(true);
  layout->addWidget(label);
  layout->addWidget(edit_, 1);
  layout->addWidget(count_);
  layout->addWidget(previousButton);
  layout->addWidget(nextButton);
  layout->addWidget(listButton_);
  layout->addWidget(closeButton);
  results_ = new QTreeWidget(this);
  results_->setObjectName("findResults");
  results_->setColumnCount(3);
  results_->setHeaderLabels({"Op", "Type and shape", "Segment"});
  results_->setRootIsDecorated(false);
  results_->setUniformRowHeights(true);
  results_->setAlternatingRowColors(true);
  results_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  results_->header()->setStretchLastSection(false);
  results_->installEventFilter(this);
  results_->hide();
  more_ = new QLabel(this);
  more_->hide();
  column->addWidget(results_);
  column->addWidget(more_);
  connect(listButton_, &QToolButton::toggled, this, &FindBar::showResults);
  const auto activate = [this](QTreeWidgetItem* item) {
    if (item) emit resultActivated(results_->indexOfTopLevelItem(item));
  };
  connect(results_, &QTreeWidget::itemClicked, this, activate);
  connect(results_, &QTreeWidget::itemActivated, this, activate);
  connect(edit_, &QLineEdit::textChanged, this, &FindBar::queryChanged);
  edit_->installEventFilter(this);  // the edit sees the keys first: Enter, F3, Escape
  connect(previousButton, &QToolButton::clicked, this, &FindBar::previous);
  connect(nextButton, &QToolButton::clicked, this, &FindBar::next);
  connect(closeButton, &QToolButton::clicked, this, [this] {
    hide();
    emit closed();
  });
  setAutoFillBackground(true);
  hide();
}

QString FindBar::query() const { return edit_->text(); }

void FindBar::open() {
  show();
  edit_->setFocus(Qt::ShortcutFocusReason);
  edit_->selectAll();
}

void FindBar::setCount(int current, int total) {
  if (query().trimmed().isEmpty())
    count_->clear();
  else if (total == 0)
    count_->setText("<span style='color:#c92a2a'>no match</span>");
  else
    count_->setText(QString("%1 of %2").arg(current + 1).arg(total));
}

QString FindBar::countText() const { return count_->text(); }

void FindBar::setResults(const QList<QStringList>& rows, int current, int total) {
  results_->clear();
  QList<QTreeWidgetItem*> items;
  for (const QStringList& row : rows) {
    auto* item = new QTreeWidgetItem(row);
    item->setTextAlignment(2, Qt::AlignRight);
    items.push_back(item);
  }
  results_->addTopLevelItems(items);
  results_->resizeColumnToContents(1);
  results_->resizeColumnToContents(2);
  // As tall as its rows, up to eight: a short list should not push the picture down.
  const int shown = std::clamp(static_cast<int>(rows.size()), 1, 8);
  const int rowHeight = rows.isEmpty() ? results_->fontMetrics().height() + 4 : results_->sizeHintForRow(0);
  results_->setFixedHeight(results_->header()->sizeHint().height() + shown * rowHeight + 2 * results_->frameWidth());
  more_->setText(total > rows.size() ? QString("and %L1 more: narrow the query").arg(total - rows.size()) : QString());
  more_->setVisible(results_->isVisible() && total > rows.size());
  setCurrentResult(current);
}

void FindBar::setCurrentResult(int current) {
  QTreeWidgetItem* item = current >= 0 ? results_->topLevelItem(current) : nullptr;
  const QSignalBlocker quiet(results_);
  results_->setCurrentItem(item);
  if (item) results_->scrollToItem(item);
}

void FindBar::showResults(bool on) {
  results_->setVisible(on);
  more_->setVisible(on && !more_->text().isEmpty());
  const QSignalBlocker quiet(listButton_);
  listButton_->setChecked(on);
}

bool FindBar::resultsShown() const { return results_->isVisible(); }

bool FindBar::handleKey(const QKeyEvent* event) {
  const bool shift = event->modifiers() & Qt::ShiftModifier;
  switch (event->key()) {
    case Qt::Key_Escape:
      hide();
      emit closed();
      return true;
    case Qt::Key_Down:
      if (results_->topLevelItemCount() == 0) return false;
      showResults(true);
      results_->setFocus(Qt::ShortcutFocusReason);
      return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_F3:
      if (shift)
        emit previous();
      else
        emit next();
      return true;
    default: return false;
  }
}

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
  // Escape and F3 are window shortcuts too (Cancel layout …): claim them while typing here.
  if (watched == edit_ && event->type() == QEvent::ShortcutOverride) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Escape || key == Qt::Key_F3 || key == Qt::Key_Return || key == Qt::Key_Enter) {
      event->accept();
      return true;
    }
  }
  if (watched == edit_ && event->type() == QEvent::KeyPress && handleKey(static_cast<QKeyEvent*>(event))) return true;
  // In the list, Escape closes the bar as in the query; Enter goes to the row (itemActivated).
  if (watched == results_ && event->type() == QEvent::ShortcutOverride &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    event->accept();
    return true;
  }
  if (watched == results_ && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    hide();
    emit closed();
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
  if (!handleKey(event)) QWidget::keyPressEvent(event);
}

}  // namespace segscope::ui
