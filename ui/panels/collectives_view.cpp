// The Collectives dock: one row per collective, its children what lies before its wait.
#include "ui/panels/collectives_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "support/text.h"

namespace segscope::ui {
namespace {

enum Column { Name, Kind, Ranks, Bytes, Comm, Compute, Exposed, Verdict, Columns };
constexpr int kCollectiveRole = Qt::UserRole;  // the collective's index (top rows)
constexpr int kNodeRole = Qt::UserRole + 1;    // an FX node to show (child rows)

QString ms(double v) { return QString::fromStdString(support::durationText(v, "µs")); }
QString bytes(std::int64_t v) { return QString::fromStdString(support::bytesText(v)); }

QColor verdictColor(regions::OverlapVerdict v) {
  switch (v) {
    case regions::OverlapVerdict::Hidden: return QColor("#2f9e44");
    case regions::OverlapVerdict::PartlyHidden: return QColor("#e67700");
    case regions::OverlapVerdict::Exposed: return QColor("#e03131");
    case regions::OverlapVerdict::Unknown: return QColor("#868e96");
  }
  return {};
}

QTreeWidgetItem* child(QTreeWidgetItem* parent, const QString& name, const QString& kind, double costMs, int node) {
  auto* item = new QTreeWidgetItem(parent);
  item->setText(Name, name);
  item->setText(Kind, kind);
  item->setText(Compute, ms(costMs));
  item->setData(Name, kNodeRole, node);
  return item;
}

}  // namespace

CollectivesView::CollectivesView(QWidget* parent) : QWidget(parent) {
  model_ = new QLabel(this);
  model_->setWordWrap(true);
  model_->setContentsMargins(6, 4, 6, 4);
  tree_ = new QTreeWidget(this);
  tree_->setColumnCount(Columns);
  tree_->setHeaderLabels({"collective", "kind", "ranks", "bytes", "comm", "compute", "exposed", "verdict"});
  tree_->setRootIsDecorated(true);
  tree_->setUniformRowHeights(true);
  tree_->header()->setStretchLastSection(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(model_);
  layout->addWidget(tree_, 1);
  connect(tree_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { onItem(item); });
  connect(tree_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { onItem(item); });
  setAnalysis(nullptr);
}

void CollectivesView::setAnalysis(const pipeline::FxAnalysis* a) {
  tree_->clear();
  if (!a) {
    model_->setText(
        "Open a PyTorch FX graph printout (TORCH_LOGS=post_grad_graphs, print_readable) to see its "
        "collectives and what hides them.");
    return;
  }
  const fx::Graph& g = *a->graph;
  const auto name = [&](int i) { return i < 0 ? QString("-") : QString::fromStdString(g.nodes[std::size_t(i)].name); };
  model_->setText(QString("Ring model on %1: NVLink %2 GB/s per direction; matmuls and attention at 75 % of %3 "
                          "TFLOP/s; compute is what lies between issue and wait in graph order.")
                      .arg(QString::fromStdString(a->device.name))
                      .arg(a->collectives.interconnectGBps, 0, 'f', 0)
                      .arg(a->collectives.tensorTflops, 0, 'f', 0));
  const auto& spans = a->collectives.collectives;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const regions::CollectiveSpan& c = spans[i];
    auto* row = new QTreeWidgetItem(tree_);
    row->setText(Name, name(c.issue));
    row->setText(Kind, QString::fromStdString(c.kind));
    row->setText(Ranks, QString::number(c.ranks) + (c.ranksAssumed ? "*" : ""));
    row->setText(Bytes, c.sized ? bytes(c.bytes) : "?");
    row->setText(Comm, c.sized ? ms(c.commMs) : "?");
    row->setText(Compute, ms(c.computeMs));
    row->setText(Exposed, c.sized ? ms(c.exposedMs) : "?");
    row->setText(Verdict, QString::fromUtf8(regions::overlapVerdictName(c.verdict).data()));
    row->setForeground(Verdict, verdictColor(c.verdict));
    row->setData(Name, kCollectiveRole, static_cast<int>(i));
    row->setToolTip(Name, QString("%1 in group '%2'; waited for by %3%4")
                              .arg(QString::fromStdString(c.kind), QString::fromStdString(c.group), name(c.wait),
                                   c.ranksAssumed ? "\nNo call in the graph states the group size: the default was used"
                                                  : QString()));
    for (int r : c.regions) {
      const regions::FxRegion& region = a->regions.regions[static_cast<std::size_t>(r)];
      child(row, QString("R%1 (%2 nodes)").arg(r).arg(region.members.size()), "region", region.costMs,
            region.members.front());
    }
    for (const regions::ComputeItem& item : c.compute)
      child(row, name(item.node), QString::fromStdString(item.kind), item.ms, item.node);
    if (c.regions.empty() && c.compute.empty()) child(row, "nothing to overlap with", QString(), 0.0, -1);
  }
  for (int col = 0; col < Columns; ++col) tree_->resizeColumnToContents(col);
}

int CollectivesView::rowCount() const { return tree_->topLevelItemCount(); }

void CollectivesView::activate(int index) {
  if (index < 0 || index >= tree_->topLevelItemCount()) return;
  tree_->setCurrentItem(tree_->topLevelItem(index));
  onItem(tree_->topLevelItem(index));
}

void CollectivesView::onItem(QTreeWidgetItem* item) {
  if (!item) return;
  if (!item->parent()) {
    item->setExpanded(true);
    emit collectiveActivated(item->data(Name, kCollectiveRole).toInt());
    return;
  }
  const int node = item->data(Name, kNodeRole).toInt();
  if (node >= 0) emit nodeActivated(node);
}

}  // namespace segscope::ui
