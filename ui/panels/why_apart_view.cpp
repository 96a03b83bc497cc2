// The Why apart dock, filled from pipeline::whyApart.
#include "ui/panels/why_apart_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace segscope::ui {
namespace {

constexpr int kStepRole = Qt::UserRole;

QString groupsText(const std::vector<int>& groups) {
  QStringList parts;
  for (const int g : groups) parts << QString::number(g);
  return parts.join(" + ");
}

// Schedulers refusing for the same reason share a row, as in the inspector.
std::vector<std::pair<QString, QString>> refusals(const pipeline::ApartAttempt& a) {
  std::vector<std::pair<QString, QString>> rows;  // (schedulers, reason)
  if (!a.refusal.empty()) rows.emplace_back("segmenter", QString::fromStdString(a.refusal));
  for (const trace::SchedulerCheck& v : a.verdicts) {
    if (v.ok) continue;
    const QString reason = QString::fromStdString(v.reason);
    auto it = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.second == reason; });
    if (it == rows.end())
      rows.emplace_back(QString::fromStdString(v.scheduler), reason);
    else
      it->first += ", " + QString::fromStdString(v.scheduler);
  }
  return rows;
}

}  // namespace

WhyApartView::WhyApartView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  tree_ = new QTreeWidget(this);
  tree_->setColumnCount(2);
  tree_->setHeaderLabels({"Attempt", "Verdict"});
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->header()->setStretchLastSection(true);
  tree_->setWordWrap(true);
  tree_->setUniformRowHeights(false);
  // A long answer scrolls in its own pane instead of being cut off by a short dock; the
  // splitter lets the reader give it more room.
  auto* answer = new QScrollArea(this);
  answer->setWidget(summary_);
  answer->setWidgetResizable(true);
  answer->setFrameShape(QFrame::NoFrame);
  answer->setMinimumHeight(2 * fontMetrics().lineSpacing() + 8);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(answer);
  split->addWidget(tree_);
  split->setStretchFactor(0, 0);
  split->setStretchFactor(1, 1);
  split->setChildrenCollapsible(false);
  split->setSizes({4 * fontMetrics().lineSpacing(), 200});
  layout->addWidget(split, 1);
  connect(tree_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
    const QVariant step = item->data(0, kStepRole);
    if (step.isValid()) emit stepActivated(step.toInt());
  });
  clear();
}

void WhyApartView::clear() {
  tree_->clear();
  problem_.clear();
  summary_->setText(
      "Click an op or a segment, then <b>Ctrl+click</b> another: this panel says why they are in "
      "different segments, with every merge attempt that held both.");
}

void WhyApartView::setProblem(const QString& message) {
  tree_->clear();
  problem_ = message;
  summary_->setText("<b>Cannot answer:</b> " + message.toHtmlEscaped());
}

void WhyApartView::setAnswer(const pipeline::WhyApart& w) {
  tree_->clear();
  problem_.clear();
  // The answer is the engine's, read from the segmentation first (separators, finalize's host
  // scalar segment, never tried together), then the attempts.
  QString text = QString::fromStdString(w.answer).toHtmlEscaped();
  for (const std::string& side : {w.a, w.b}) {
    const QString escaped = QString::fromStdString(side).toHtmlEscaped();
    text.replace(escaped, "<b>" + escaped + "</b>");
  }
  if (!w.pathExprs.empty())
    text += " <span style='color:#1c7ed6'>On the picture: the path between them in blue</span>" +
            QString(w.separatorExprs.empty() ? "." : ", <span style='color:#e03131'>separators in red</span>.");
  if (!w.attempts.empty())
    text += QString(" %1 %2 held both; click one to see its step.")
                .arg(w.attempts.size())
                .arg(w.attempts.size() == 1 ? "merge attempt" : "merge attempts");
  summary_->setText(text);
  for (const pipeline::ApartAttempt& attempt : w.attempts) {
    auto* row = new QTreeWidgetItem(tree_);
    QString title =
        QString("step %1 · %2").arg(attempt.step).arg(QString::fromUtf8(trace::phaseName(attempt.phase).data()));
    if (attempt.round >= 1) title += QString(" round %1").arg(attempt.round);
    if (!attempt.groups.empty()) title += " · groups " + groupsText(attempt.groups);
    row->setText(0, title);
    row->setData(0, kStepRole, attempt.step);
    if (attempt.accepted) {
      row->setText(1, "✓ accepted by " + QString::fromStdString(attempt.acceptedBy));
      row->setForeground(1, QColor("#2b8a3e"));
      continue;
    }
    row->setText(1, "✗ refused: " + QString::fromStdString(attempt.deciding));
    row->setToolTip(1, QString::fromStdString(attempt.deciding));
    row->setForeground(1, QColor("#c92a2a"));
    for (const auto& [schedulers, reason] : refusals(attempt)) {
      auto* child = new QTreeWidgetItem(row);
      child->setText(0, schedulers);
      child->setText(1, reason);
      child->setToolTip(1, reason);
      child->setData(0, kStepRole, attempt.step);
    }
    row->setExpanded(true);
  }
}

QString WhyApartView::summaryText() const { return summary_->text(); }

}  // namespace segscope::ui
