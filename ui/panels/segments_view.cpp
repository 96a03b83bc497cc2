// The Segments dock's table, filled from pipeline::overviewOf.
#include "ui/panels/segments_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "graph/graph_model.h"
#include "support/text.h"
#include "ui/appearance.h"

namespace segscope::ui {
namespace {

constexpr int kRowsMeasuredForWidth = 100;

// Sorts numerically on the value kept in UserRole (ids, ops, bytes, milliseconds).
class NumericItem : public QTreeWidgetItem {
 public:
  using QTreeWidgetItem::QTreeWidgetItem;
  bool operator<(const QTreeWidgetItem& other) const override {
    const int c = treeWidget() ? treeWidget()->sortColumn() : 0;
    const QVariant a = data(c, Qt::UserRole), b = other.data(c, Qt::UserRole);
    if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
    return text(c) < other.text(c);
  }
};

}  // namespace

QString byteText(std::int64_t bytes) {
  return bytes < 0 ? QString::fromUtf8("—") : QString::fromStdString(support::bytesText(bytes));
}

SegmentsView::SegmentsView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  summary_ = new QLabel("No segmentation yet.", this);
  summary_->setWordWrap(true);
  tree_ = new QTreeWidget(this);
  tree_->setColumnCount(ColumnCount);
  tree_->setHeaderLabels({"#", "Scheduler", "Ops", "In", "Out", "Time"});
  for (const auto& [column, tip] :
       std::initializer_list<std::pair<int, const char*>>{{IdColumn, "Segment id (as on the graph's clusters)"},
                                                          {BytesInColumn, "Bytes of the tensors the segment reads"},
                                                          {BytesOutColumn, "Bytes of the tensors the segment writes"},
                                                          {TimeColumn, "Median time of the last run (Run dock)"}})
    tree_->headerItem()->setToolTip(column, tip);
  tree_->setRootIsDecorated(false);
  tree_->setUniformRowHeights(true);
  tree_->setSortingEnabled(true);
  tree_->sortByColumn(IdColumn, Qt::AscendingOrder);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Measure a window of rows, not all of them: with every row the header re-measured a
  // thousand-segment fusion on each layout pass (5 % of opening a 10k-op transformer).
  tree_->header()->setResizeContentsPrecision(kRowsMeasuredForWidth);
  tree_->setToolTip("Click a segment to show it on the graph (at the final step)");
  layout->addWidget(summary_);
  layout->addWidget(tree_, 1);
  connect(tree_, &QTreeWidget::itemClicked, this,
          [this](QTreeWidgetItem* item) { emit segmentActivated(item->data(IdColumn, Qt::UserRole).toInt()); });
  connect(tree_, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { emit segmentActivated(item->data(IdColumn, Qt::UserRole).toInt()); });
}

void SegmentsView::setOverview(const pipeline::Overview& overview) {
  tree_->setSortingEnabled(false);
  tree_->clear();
  summary_->setText(overview.segments.empty() ? QString("No segmentation: the pipeline stopped before segmenting.")
                                              : QString::fromStdString(pipeline::overviewSummary(overview)));
  for (const pipeline::SegmentOverview& s : overview.segments) {
    auto* item = new NumericItem(tree_);
    item->setText(IdColumn, QString::number(s.id));
    item->setData(IdColumn, Qt::UserRole, s.id);
    item->setText(SchedulerColumn, QString::fromStdString(graph::kindLabel(s.scheduler)) +
                                       (s.host && s.scheduler != "expr_eval" && !s.hostScalars ? " (host)" : ""));
    item->setIcon(SchedulerColumn, schedulerSwatch(s.scheduler));
    if (s.hostScalars) {
      // Listed so it can be clicked to, but set apart: it is not one of nvFuser's segments.
      for (int c = 0; c < tree_->columnCount(); ++c)
        item->setForeground(c, tree_->palette().color(QPalette::PlaceholderText));
      item->setToolTip(SchedulerColumn,
                       "Segscope's host scalars: scalars nvFuser evaluates on the host while it binds "
                       "each kernel's arguments. Not a segment of nvFuser's, and not counted as one.");
    }
    item->setText(OpsColumn, QString::number(s.ops));
    item->setData(OpsColumn, Qt::UserRole, s.ops);
    item->setText(BytesInColumn, byteText(s.bytesIn));
    item->setData(BytesInColumn, Qt::UserRole, static_cast<double>(s.bytesIn));
    item->setText(BytesOutColumn, byteText(s.bytesOut));
    item->setData(BytesOutColumn, Qt::UserRole, static_cast<double>(s.bytesOut));
    for (int c : {OpsColumn, BytesInColumn, BytesOutColumn, TimeColumn}) item->setTextAlignment(c, Qt::AlignRight);
  }
  tree_->setSortingEnabled(true);
}

void SegmentsView::setTimes(const std::map<int, QString>& times) {
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = tree_->topLevelItem(i);
    auto it = times.find(item->data(IdColumn, Qt::UserRole).toInt());
    item->setText(TimeColumn, it == times.end() ? QString() : it->second);
    // "12.34 µs" or "1.234 ms" (support::durationText): sorted in milliseconds.
    QVariant ms;
    if (it != times.end()) {
      const double value = it->second.section(' ', 0, 0).toDouble();
      ms = it->second.endsWith(" ms") ? value : value / 1e3;
    }
    item->setData(TimeColumn, Qt::UserRole, ms);
  }
}

QString SegmentsView::summaryText() const { return summary_->text(); }

}  // namespace segscope::ui
