// The Timeline dock: a tree over the trace's steps, grouped by pipeline stage, filterable.
#include "ui/panels/timeline_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>
#include <optional>
#include <utility>

#include "ui/appearance.h"
#include "ui/models/step_cursor.h"
#include "ui/models/timeline_filter.h"
#include "ui/step_text.h"

namespace segscope::ui {

namespace {

const QColor kSkippedColor(0x9e, 0x9e, 0x9e);

QStandardItem* newGroupItem(const QString& title) {
  auto* item = new QStandardItem(title);
  item->setEditable(false);
  item->setData(-1, TimelineView::StepIndexRole);
  return item;
}

QString stepTooltip(const trace::Step& step) {
  QString html = QStringLiteral("<qt><b>%1</b><br><span style='color:#666'>step %2 · %3</span>")
                     .arg(QString::fromStdString(step.name).toHtmlEscaped())
                     .arg(step.index)
                     .arg(QString::fromUtf8(trace::phaseName(step.phase).data()).toHtmlEscaped());
  if (!step.logLines().empty())
    html += QStringLiteral("<br><br>") + stepLogText(step).toHtmlEscaped().replace(u'\n', "<br>");
  return html + QStringLiteral("</qt>");
}

QString stepLabel(const trace::Step& step) {
  if (step.merge) return (step.merge->ok() ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + shortStepLabel(step);
  QString label = QString::fromStdString(step.name);
  if (step.skipped)
    label += QStringLiteral(" (disabled)");
  else if (step.exprsBefore != step.exprsAfter)
    label += QStringLiteral("  %1 → %2 exprs").arg(step.exprsBefore).arg(step.exprsAfter);
  return label;
}

// A step's row; its tooltip is built when asked for (an HTML tooltip per step cost a
// quarter of a second of a 10k-op fusion's open, for rows nobody hovers). The trace outlives
// the rows: the view holds its session until the rows are cleared.
class StepItem final : public QStandardItem {
 public:
  explicit StepItem(const trace::Step& step) : QStandardItem(stepLabel(step)), step_(step) {}
  QVariant data(int role) const override {
    return role == Qt::ToolTipRole ? QVariant(stepTooltip(step_)) : QStandardItem::data(role);
  }

 private:
  const trace::Step& step_;
};

QStandardItem* newStepItem(const trace::Step& step) {
  auto* item = new StepItem(step);
  item->setEditable(false);
  item->setData(step.index, TimelineView::StepIndexRole);
  if (step.modified) {
    QFont bold = item->font();
    bold.setBold(true);
    item->setFont(bold);
  }
  if (step.skipped)
    item->setForeground(kSkippedColor);
  else if (step.merge)
    item->setForeground(verdictColor(step.merge->ok()));
  return item;
}

// Segmenter steps that stand alone instead of under a phase node.
bool isSegmenterPrologue(const trace::Step& step) {
  return step.phase == trace::Phase::WholeFusion || step.phase == trace::Phase::InitialGroups;
}

// Appends the rows under their stage; phases and rounds get a node each, in the order they ran.
class TreeBuilder {
 public:
  explicit TreeBuilder(std::vector<QStandardItem*>& itemOfStep) : itemOfStep_(itemOfStep) {}

  void add(const trace::Step& step) {
    QStandardItem* item = newStepItem(step);
    itemOfStep_[static_cast<std::size_t>(step.index)] = item;
    parentFor(step)->appendRow(item);
  }

  // Moves the non-empty stages into `model`; empty ones would be rows that lead nowhere.
  void finish(QStandardItemModel& model) {
    for (QStandardItem* stage : {load_, passes_, segmenter_, finalize_, run_}) {
      if (stage->hasChildren())
        model.appendRow(stage);
      else
        delete stage;
    }
  }

 private:
  QStandardItem* parentFor(const trace::Step& step) {
    switch (step.kind) {
      case trace::StepKind::Load:
      case trace::StepKind::Concretize: return load_;
      case trace::StepKind::Pass:
      case trace::StepKind::FixedPoint: return passes_;
      case trace::StepKind::Merge: return segmenterParentFor(step);
      case trace::StepKind::Finalize: return finalize_;
      case trace::StepKind::Run: return run_;
    }
    return passes_;
  }

  QStandardItem* segmenterParentFor(const trace::Step& step) {
    if (isSegmenterPrologue(step) || step.phase == trace::Phase::Unknown) return segmenter_;
    QStandardItem*& phase = phases_[step.phase];
    if (!phase) {
      phase = newGroupItem(QString::fromUtf8(trace::phaseName(step.phase).data()));
      segmenter_->appendRow(phase);
    }
    if (!step.merge || step.merge->round < 1) return phase;
    QStandardItem*& round = rounds_[{step.phase, step.merge->round}];
    if (!round) {
      round = newGroupItem(QStringLiteral("round %1").arg(step.merge->round));
      phase->appendRow(round);
    }
    return round;
  }

  std::vector<QStandardItem*>& itemOfStep_;
  QStandardItem* load_ = newGroupItem(QStringLiteral("Load"));
  QStandardItem* passes_ = newGroupItem(QStringLiteral("Passes"));
  QStandardItem* segmenter_ = newGroupItem(QStringLiteral("Segmenter"));
  QStandardItem* finalize_ = newGroupItem(QStringLiteral("Finalize"));
  QStandardItem* run_ = newGroupItem(QStringLiteral("Run"));
  std::map<trace::Phase, QStandardItem*> phases_;
  std::map<std::pair<trace::Phase, int>, QStandardItem*> rounds_;
};

}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
  search_ = new QLineEdit(this);
  search_->setPlaceholderText(tr("Search steps: name, phase, log"));
  search_->setClearButtonEnabled(true);
  // Off by default: a refused merge changes nothing, and refused merges are what a reader
  // of a segmentation most often wants to see ("why were these not fused?"). Hiding them
  // until asked would make the timeline look like it skipped decisions.
  // Short labels, so the dock can be narrow; the tooltips say it whole.
  hideUnchanged_ = new QCheckBox(tr("Hide unchanged"), this);
  hideUnchanged_->setChecked(false);
  hideUnchanged_->setToolTip(
      tr("Hide steps that changed nothing: passes that did nothing and skipped steps; refused "
         "merges stay (their own box)"));
  hideRefused_ = new QCheckBox(tr("Hide refused"), this);
  hideRefused_->setToolTip(tr("Hide refused merges"));
  hideRefused_->setChecked(false);

  model_ = new QStandardItemModel(this);
  filter_ = new TimelineFilter(this);
  filter_->setSourceModel(model_);
  tree_ = new QTreeView(this);
  tree_->setModel(filter_);
  tree_->setHeaderHidden(true);
  tree_->setUniformRowHeights(true);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(search_);
  auto* boxes = new QHBoxLayout;
  boxes->addWidget(hideUnchanged_);
  boxes->addWidget(hideRefused_);
  boxes->addStretch();
  layout->addLayout(boxes);
  layout->addWidget(tree_, 1);

  connect(search_, &QLineEdit::textChanged, this, &TimelineView::onFilterChanged);
  connect(hideUnchanged_, &QCheckBox::toggled, this, &TimelineView::onFilterChanged);
  connect(hideRefused_, &QCheckBox::toggled, this, &TimelineView::onFilterChanged);
  connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex& current) { onRowChosen(current); });
  connect(tree_, &QTreeView::clicked, this, &TimelineView::onRowChosen);
  connect(tree_, &QTreeView::activated, this, &TimelineView::onRowChosen);
}

TimelineView::~TimelineView() = default;

void TimelineView::setSession(SessionPtr session) {
  const SessionPtr previous = std::exchange(session_, std::move(session));  // the old rows read its trace
  choice_.setCurrent(-1);
  rebuildModel();
}

void TimelineView::rebuildModel() {
  const StepChoice::Quiet quiet = choice_.quiet();  // a model reset moves the current index; that is not the user
  model_->clear();
  itemOfStep_.clear();
  const trace::Trace* trace = session_ ? session_->trace.get() : nullptr;
  filter_->setTrace(session_ ? session_->trace : nullptr);
  if (trace) {
    itemOfStep_.assign(trace->size(), nullptr);
    TreeBuilder builder(itemOfStep_);
    for (const trace::Step& step : trace->steps()) builder.add(step);
    builder.finish(*model_);
  }
  if (lane_) appendNvFuserLane();
  tree_->expandAll();
}

void TimelineView::setNvFuserLane(std::shared_ptr<const comparison::LogComparison> comparison) {
  lane_ = std::move(comparison);
  rebuildModel();
  setCurrentStep(choice_.current());
}

namespace {

QStandardItem* laneItem(const QString& text, int step, std::optional<bool> agree, const QString& tip = {}) {
  auto* item = new QStandardItem(text);
  item->setEditable(false);
  item->setData(step, TimelineView::StepIndexRole);
  item->setData(true, kNvFuserLaneRole);
  if (agree) item->setForeground(verdictColor(*agree));
  if (!tip.isEmpty()) item->setToolTip(tip);
  return item;
}

QString verdictText(const std::string& verdict) {
  return verdict == "segment_set" ? QStringLiteral("refused (segment_set)") : QString::fromStdString(verdict);
}

}  // namespace

void TimelineView::appendNvFuserLane() {
  const comparison::LogComparison& c = *lane_;
  const comparison::Divergence& d = c.divergence;
  const int last = session_ && session_->trace ? static_cast<int>(session_->trace->size()) - 1 : -1;
  auto* lane = laneItem(QStringLiteral("nvFuser log (%1)").arg(c.agree() ? "agrees" : "differs"), -1, c.agree(),
                        QString::fromStdString(c.log));
  if (!d.headline.empty()) {
    int step = last;
    if (d.firstPass >= 0) step = d.passes[static_cast<std::size_t>(d.firstPass)].step;
    if (d.firstPass < 0 && d.firstCandidate >= 0) step = d.candidates[static_cast<std::size_t>(d.firstCandidate)].step;
    QStandardItem* first = laneItem("✗ first divergence: " + QString::fromStdString(d.headline), step, false);
    QFont bold = first->font();
    bold.setBold(true);
    first->setFont(bold);
    lane->appendRow(first);
  }
  if (!d.passes.empty()) {
    QStandardItem* passes = laneItem(QStringLiteral("Passes"), -1, std::nullopt);
    for (const comparison::PassMatch& p : d.passes) {
      QString text = QString(p.agree() ? "✓ " : "✗ ") + QString::fromStdString(p.theirs);
      if (p.theirsKnown) text += p.theirsChanged ? QStringLiteral("  changed") : QStringLiteral("  unchanged");
      if (p.step < 0) text += QStringLiteral("  (not modeled)");
      passes->appendRow(laneItem(text, p.step, p.agree(), QStringLiteral("line %1 of the log").arg(p.line)));
    }
    lane->appendRow(passes);
  }
  if (!d.candidates.empty()) {
    QStandardItem* merges = laneItem(QStringLiteral("Merge candidates"), -1, std::nullopt);
    for (const comparison::CandidateMatch& m : d.candidates) {
      QString text = QString(m.step < 0 ? "· " : m.agree() ? "✓ " : "✗ ") + verdictText(m.theirVerdict);
      text += m.step < 0 ? QStringLiteral("  (Segscope never asked)")
                         : QStringLiteral("  · Segscope: %1").arg(verdictText(m.ourVerdict));
      if (!m.ops.empty()) text += QStringLiteral("  · ") + QString::fromStdString(m.ops.front());
      std::optional<bool> agree;
      if (m.step >= 0) agree = m.agree();
      merges->appendRow(laneItem(text, m.step, agree, QStringLiteral("line %1 of the log").arg(m.line)));
    }
    lane->appendRow(merges);
  }
  if (!d.groups.empty()) {
    QStandardItem* groups = laneItem(QStringLiteral("Final groups"), -1, std::nullopt);
    for (const comparison::GroupMatch& g : d.groups)
      groups->appendRow(laneItem(QString(g.same        ? "✓ "
                                         : g.undecided ? "? "
                                                       : "✗ ") +
                                     "group " + QString::number(g.id >= 0 ? g.id : g.index) + "  " +
                                     QString::fromStdString(g.scheduler),
                                 last, g.same, QStringLiteral("line %1 of the log").arg(g.line)));
    lane->appendRow(groups);
  }
  model_->appendRow(lane);
}

void TimelineView::setCurrentStep(int index) {
  choice_.setCurrent(index);
  const StepChoice::Quiet quiet = choice_.quiet();
  const auto slot = static_cast<std::size_t>(index);
  QModelIndex proxyIndex;
  if (index >= 0 && slot < itemOfStep_.size() && itemOfStep_[slot])
    proxyIndex = filter_->mapFromSource(itemOfStep_[slot]->index());
  if (proxyIndex.isValid()) {
    for (QModelIndex up = proxyIndex.parent(); up.isValid(); up = up.parent()) tree_->expand(up);
    tree_->setCurrentIndex(proxyIndex);
    tree_->scrollTo(proxyIndex);
  } else {
    tree_->selectionModel()->clear();
  }
}

void TimelineView::onRowChosen(const QModelIndex& proxyIndex) {
  if (!proxyIndex.isValid()) return;
  int step = proxyIndex.data(StepIndexRole).toInt();
  if (step < 0) step = firstStepUnder(proxyIndex);  // a group row stands for its first step
  if (choice_.choose(step)) emit stepActivated(step);
}

int TimelineView::firstStepUnder(const QModelIndex& proxyIndex) const {
  for (int row = 0; row < filter_->rowCount(proxyIndex); ++row) {
    const QModelIndex child = filter_->index(row, 0, proxyIndex);
    const int step = child.data(StepIndexRole).toInt();
    if (step >= 0) return step;
    if (const int below = firstStepUnder(child); below >= 0) return below;
  }
  return -1;
}

void TimelineView::onFilterChanged() {
  const StepChoice::Quiet quiet = choice_.quiet();
  filter_->setCriteria(search_->text(), hideUnchanged_->isChecked(), hideRefused_->isChecked());
  tree_->expandAll();
  setCurrentStep(choice_.current());
}

void TimelineView::follow(const StepCursor& cursor) {
  connect(&cursor, &StepCursor::sessionChanged, this, [this, &cursor] { setSession(cursor.session()); });
  connect(&cursor, &StepCursor::stepChanged, this, &TimelineView::setCurrentStep);
  connect(&cursor, &StepCursor::logComparisonChanged, this,
          [this, &cursor] { setNvFuserLane(cursor.logComparison()); });
}

}  // namespace segscope::ui
