// The nvFuser dock: nvFuser's final segments (from its log) beside Segscope's, and the first divergence.
#include "ui/panels/nvfuser_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>
#include <set>

#include "graph/graph_model.h"
#include "support/text.h"
#include "ui/appearance.h"
#include "ui/models/step_cursor.h"

namespace segscope::ui {
namespace {

QString idList(const std::vector<int>& ids) {
  QStringList parts;
  for (int id : ids) parts << QString::number(id);
  return parts.join(", ");
}

QTreeWidget* newTree(const QStringList& headers, QWidget* parent) {
  auto* tree = new QTreeWidget(parent);
  tree->setHeaderLabels(headers);
  tree->setUniformRowHeights(true);
  tree->header()->setStretchLastSection(true);
  tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  return tree;
}

constexpr int kSegmentRole = Qt::UserRole + 7;

// An op under its segment, across the columns (ops are long; the columns are for segments).
void opRow(QTreeWidgetItem* parent, const std::string& op) {
  auto* row = new QTreeWidgetItem(parent, {QString::fromStdString(op)});
  row->setFirstColumnSpanned(true);
  row->setForeground(0, QColor(Qt::darkGray));
}

const char* kHowTo =
    "<p><b>No nvFuser log open.</b></p>"
    "<p>Run the script with nvFuser itself and open its log here (File ▸ Open nvFuser log…, or drop the "
    "log on the window) to see nvFuser's own segmentation beside Segscope's, and where they first "
    "differ (D):</p>"
    "<pre>NVFUSER_DUMP=pre_segmenter_logging,segmenter_logging,segmented_fusion \\\n"
    "NVFUSER_DISABLE=parallel_compile python repro.py &gt; nvfuser.log</pre>";

}  // namespace

NvFuserView::NvFuserView(QWidget* parent) : QWidget(parent) {
  pages_ = new QStackedWidget(this);
  howTo_ = new QLabel(kHowTo, this);
  howTo_->setWordWrap(true);
  howTo_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  howTo_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  howTo_->setContentsMargins(8, 8, 8, 8);
  pages_->addWidget(howTo_);

  auto* page = new QWidget(this);
  verdict_ = new QLabel(page);
  verdict_->setTextFormat(Qt::RichText);
  verdict_->setWordWrap(true);
  divergence_ = new QLabel(page);
  divergence_->setTextFormat(Qt::RichText);
  divergence_->setWordWrap(true);
  goButton_ = new QPushButton("Go to it (D)", page);
  goButton_->setToolTip("Show the first place where nvFuser's log and Segscope's model disagree (D)");
  connect(goButton_, &QPushButton::clicked, this, &NvFuserView::divergenceRequested);
  theirs_ = newTree({"nvFuser group", "Scheduler", "Ops", "Kernel", "In Segscope"}, page);
  ours_ = newTree({"Segscope segment", "Scheduler", "Ops", "In nvFuser"}, page);
  theirs_->setToolTip("nvFuser's final groups as its log states them; a click shows the ops on the graph");
  ours_->setToolTip("Segscope's final segments; a click shows the segment on the graph");
  auto* split = new QSplitter(Qt::Horizontal, page);
  split->addWidget(theirs_);
  split->addWidget(ours_);
  split->setChildrenCollapsible(false);
  auto* top = new QHBoxLayout;
  top->addWidget(divergence_, 1);
  top->addWidget(goButton_, 0, Qt::AlignTop);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(verdict_);
  layout->addLayout(top);
  layout->addWidget(split, 1);
  pages_->addWidget(page);

  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(pages_);
  for (QTreeWidget* tree : {theirs_, ours_})
    connect(tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
      for (QTreeWidgetItem* row = item; row; row = row->parent())
        if (const QVariant id = row->data(0, kSegmentRole); id.isValid() && id.toInt() >= 0) {
          emit segmentActivated(id.toInt());
          return;
        }
    });
}

void NvFuserView::setComparison(std::shared_ptr<const comparison::LogComparison> comparison, SessionPtr session) {
  comparison_ = std::move(comparison);
  session_ = std::move(session);
  theirs_->clear();
  ours_->clear();
  if (!comparison_) {
    pages_->setCurrentIndex(0);
    return;
  }
  pages_->setCurrentIndex(1);
  const comparison::LogComparison& c = *comparison_;
  int theirCount = 0, ourCount = 0;
  for (const auto& [s, n] : c.theirPerScheduler) theirCount += n;
  for (const auto& [s, n] : c.ourPerScheduler) ourCount += n;
  const QString color = verdictColor(c.agree()).name();
  verdict_->setText(QString("<b style='color:%1'>%2</b> &nbsp;nvFuser: %3 segment%4 · Segscope: %5 segment%6 "
                            "<span style='color:gray'>· %7, runtime %8 of %9</span>")
                        .arg(color, c.agree() ? "✓ agree" : "✗ differ")
                        .arg(theirCount)
                        .arg(theirCount == 1 ? "" : "s")
                        .arg(ourCount)
                        .arg(ourCount == 1 ? "" : "s")
                        .arg(QFileInfo(QString::fromStdString(c.log)).fileName().toHtmlEscaped())
                        .arg(c.runtime + 1)
                        .arg(c.runtimes));
  const comparison::Divergence& d = c.divergence;
  divergence_->setText(
      d.headline.empty()
          ? QString("<span style='color:gray'>First divergence: none found</span>")
          : QString("<b>First divergence:</b> %1").arg(QString::fromStdString(d.headline).toHtmlEscaped()));
  goButton_->setEnabled(!d.headline.empty());
  fillTheirs();
  fillOurs();
}

void NvFuserView::fillTheirs() {
  const comparison::Divergence& d = comparison_->divergence;
  std::map<int, const comparison::GroupMatch*> byLine;
  for (const comparison::GroupMatch& g : d.groups) byLine[g.line] = &g;
  for (const comparison::LoggedSegment& s : comparison_->theirs) {
    auto* item = new QTreeWidgetItem(theirs_);
    item->setText(0, s.id >= 0 ? QString::number(s.id) : QString("line %1").arg(s.line));
    item->setIcon(1, schedulerSwatch(s.scheduler));
    item->setText(1, QString::fromStdString(s.scheduler));
    item->setText(2, s.exprs >= 0 ? QString::number(s.exprs) : QString("all"));
    if (s.kernelMs >= 0) {
      item->setText(3, QString::fromStdString(support::durationText(s.kernelMs, "µs")));
      item->setToolTip(3, QString::fromStdString(s.kernel + " (" + comparison_->timesSource + ")"));
    }
    const comparison::GroupMatch* g = byLine.count(s.line) ? byLine[s.line] : nullptr;
    if (g) {
      item->setText(4, g->ourSegments.empty()
                           ? QString("✗ none")
                           : QString(g->same ? "✓ " : "✗ ") + (g->ourSegments.size() == 1 ? "segment " : "segments ") +
                                 idList(g->ourSegments));
      item->setForeground(4, verdictColor(g->same));
      item->setData(0, kSegmentRole, g->ourSegments.empty() ? -1 : g->ourSegments.front());
      for (const std::string& op : g->ops) opRow(item, op);
    }
    item->setToolTip(0, QString("line %1 of the log").arg(s.line));
  }
  theirs_->expandAll();
}

void NvFuserView::fillOurs() {
  std::map<int, std::vector<int>> groupsOf;       // our segment -> nvFuser groups holding its values
  std::set<int> sameSegments, undecidedSegments;  // undecided: alike as far as the values are joined
  for (const comparison::GroupMatch& g : comparison_->divergence.groups) {
    for (int s : g.ourSegments) groupsOf[s].push_back(g.id >= 0 ? g.id : g.index);
    if (g.same && !g.ourSegments.empty()) sameSegments.insert(g.ourSegments.front());
    if (g.undecided && !g.ourSegments.empty()) undecidedSegments.insert(g.ourSegments.front());
  }
  const segmenter::Segmentation* seg =
      session_ && session_->segmentation ? &session_->segmentation->segmentation : nullptr;
  for (const pipeline::SegmentOverview& s : comparison_->ours.segments) {
    auto* item = new QTreeWidgetItem(ours_);
    item->setText(0, QString::number(s.id));
    item->setIcon(1, schedulerSwatch(s.scheduler));
    item->setText(1, QString::fromStdString(s.scheduler) + (s.hostScalars ? " (host scalars)" : ""));
    item->setText(2, QString::number(s.ops));
    item->setData(0, kSegmentRole, s.id);
    if (s.hostScalars) {
      item->setText(3, "— (nvFuser binds these scalars at launch)");
      item->setForeground(3, QColor(Qt::gray));
    } else {
      const bool same = sameSegments.count(s.id) > 0;
      const bool undecided = undecidedSegments.count(s.id) > 0;
      item->setText(3, groupsOf.count(s.id) ? QString(same        ? "✓ group "
                                                      : undecided ? "? group (not every op joined) "
                                                                  : "✗ groups ") +
                                                  idList(groupsOf[s.id])
                                            : QString("✗ none"));
      if (undecided)
        item->setForeground(3, QColor(Qt::gray));
      else
        item->setForeground(3, verdictColor(same));
    }
    if (seg && s.id >= 0 && static_cast<std::size_t>(s.id) < seg->segments.size())
      for (const ir::Expr* e : seg->segments[static_cast<std::size_t>(s.id)].exprs) opRow(item, e->toString());
  }
  ours_->expandAll();
}

void NvFuserView::setMessage(const QString& html) { howTo_->setText(html.isEmpty() ? QString(kHowTo) : html); }

QString NvFuserView::summaryText() const {
  if (!comparison_)
    return howTo_->text() == kHowTo ? "No nvFuser log open." : howTo_->text().remove(QRegularExpression("<[^>]*>"));
  return verdict_->text().remove(QRegularExpression("<[^>]*>")).replace("&nbsp;", " ") + "\n" +
         divergence_->text().remove(QRegularExpression("<[^>]*>"));
}

void NvFuserView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::logComparisonChanged, this,
          [this, &cursor] { setComparison(cursor.logComparison(), cursor.session()); });
}

}  // namespace segscope::ui
