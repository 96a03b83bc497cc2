// The merge question, its cache and the recording of every attempt as a trace step.
#include "segmenter/finder_state.h"

#include <algorithm>

#include "ir/op_classes.h"
#include "scheduler/segment_view.h"
#include "scheduler/view_memo.h"
#include "trace/snapshot.h"

namespace segscope::segmenter {
namespace {

std::vector<const ir::Expr*> unionOf(const std::vector<SegmentedGroup*>& groups) {
  std::vector<const ir::Expr*> exprs;
  for (const SegmentedGroup* g : groups) exprs.insert(exprs.end(), g->exprs().begin(), g->exprs().end());
  return exprs;
}

// nvFuser's tryingToMergeSegmenterSet: a segment_set hint marks a boundary, so a candidate
// that would read the hint's output inside the same segment is refused.
std::string swallowedHint(const scheduler::SegmentView& view) {
  for (const ir::Expr* e : view.exprs) {
    if (e->op() != ir::OpType::SegmentSet) continue;
    if (!view.usesInside(e->output()).empty())
      return "the segment_set hint " + e->output()->name() + " would end up inside one segment";
  }
  return {};
}

std::vector<int> idsOf(const std::vector<SegmentedGroup*>& groups) {
  std::vector<int> ids;
  for (const SegmentedGroup* g : groups) ids.push_back(g->id());
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

bool runsOnHost(scheduler::SchedulerType type, const std::vector<const ir::Expr*>& exprs) {
  return type == scheduler::SchedulerType::ExprEval && std::none_of(exprs.begin(), exprs.end(), [](const ir::Expr* e) {
           return ir::isMatmulOp(e) || ir::isExprEvalOnlyOp(e) || ir::isIndexOp(e);
         });
}

bool isScalarExpr(const ir::Expr* e) {
  return !e->outputs().empty() &&
         std::all_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isScalar(); });
}

FinderState::FinderState(ir::Fusion& f, const scheduler::RuntimeInfo& rt, const scheduler::DeviceProfile& d,
                         const SegmenterOptions& o, trace::Recorder& recorder)
    : fusion(f), runtime(rt), device(d), options(o), recorder_(recorder) {}

std::size_t FinderState::IdsHash::operator()(const std::vector<int>& ids) const {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a over whole ids
  for (const int id : ids) h = (h ^ static_cast<std::uint32_t>(id)) * 1099511628211ull;
  return static_cast<std::size_t>(h);
}

const MergeTrial& FinderState::tryMerge(const std::vector<SegmentedGroup*>& candidates, bool* fresh) {
  ++questions_;
  std::vector<int> key = idsOf(candidates);
  if (fresh) *fresh = false;
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  if (fresh) *fresh = true;
  return cache_.emplace(std::move(key), askSchedulers(unionOf(candidates))).first->second;
}

namespace {

template <typename T>
bool sameElements(std::vector<T> a, std::vector<T> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

// The same exprs, inputs and outputs, in whatever order each view lists them: the schedulers'
// decision depends on what the segment holds, not on the order it was listed in.
bool sameSegment(const scheduler::SegmentView& a, const scheduler::SegmentView& b) {
  return a.exprs.size() == b.exprs.size() && sameElements(a.exprs, b.exprs) && sameElements(a.inputs, b.inputs) &&
         sameElements(a.outputs, b.outputs);
}

}  // namespace

MergeTrial FinderState::askSchedulers(std::vector<const ir::Expr*> exprs,
                                      const std::unordered_set<const ir::Val*>* recomputed) {
  MergeTrial trial;
  const scheduler::SegmentView view = scheduler::SegmentView::of(fusion, std::move(exprs), recomputed);
  trial.refusal = swallowedHint(view);
  if (!trial.refusal.empty()) return trial;
  if (known_ && sameSegment(view, known_->first)) {
    trial.proposal = known_->second;
    return trial;
  }
  ++queries_;
  trial.proposal = scheduler::proposeHeuristics(view, runtime, device, options.schedulers);
  work_ += view.exprs.size() + view.memo().work;
  return trial;
}

void FinderState::knowAnswer(const scheduler::SegmentView& view, scheduler::Proposal proposal) {
  known_.emplace(view, std::move(proposal));
}

void FinderState::record(trace::Step step) { recorder_.record(std::move(step)); }

void FinderState::describeTrial(const MergeTrial& trial, trace::MergeInfo& info) {
  info.verdicts.reserve(trial.proposal.verdicts.size());
  for (const scheduler::SchedulerVerdict& v : trial.proposal.verdicts)
    info.verdicts.push_back({std::string(scheduler::schedulerName(v.type)), v.verdict.ok, v.verdict.reason});
  info.refusal = trial.refusal;
  info.blockers = trial.blockers;
  if (trial.ok()) info.accepted = std::string(scheduler::schedulerName(trial.proposal.accepted));
}

SegmentedGroup* FinderState::attemptMerge(const std::vector<SegmentedGroup*>& candidates) {
  bool fresh = false;
  const MergeTrial trial = tryMerge(candidates, &fresh);
  if (!trial.ok()) {
    if (fresh) record(candidates, trial, nullptr, snapshot());
    return nullptr;
  }
  return applyMerge(candidates, trial);
}

SegmentedGroup* FinderState::applyMerge(const std::vector<SegmentedGroup*>& candidates, const MergeTrial& trial) {
  const trace::SnapshotPtr before = snapshot();
  SegmentedGroup* merged = candidates.front();
  const bool tracked = dependencies_ != nullptr;
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    SegmentedGroup* next = groups->mergeGroups(merged, candidates[i]);
    if (tracked) dependencies_->mergeGroups(merged, candidates[i], next);
    forgetFacts(merged);
    forgetFacts(candidates[i]);
    merged = next;
  }
  setType(merged, trial.proposal.accepted);
  for (const SegmentedGroup* g : candidates) forgetFacts(g);
  noteAccepted(merged);
  current_ = patchedSnapshot(before, candidates, merged);
  record(candidates, trial, merged, before);
  return merged;
}

void FinderState::recordRefusal(const std::vector<SegmentedGroup*>& candidates, const std::string& why,
                                std::vector<int> blockers) {
  ++questions_;
  MergeTrial trial;
  trial.refusal = why;
  trial.blockers = std::move(blockers);
  record(candidates, trial, nullptr, snapshot());
}

void FinderState::recordCertainRefusal() {
  ++questions_;
  record({}, MergeTrial{}, nullptr, snapshot());
}

std::vector<std::vector<int>> FinderState::askedSetsOfAtLeast(std::size_t size) const {
  std::vector<std::vector<int>> out;
  for (const auto& [ids, trial] : cache_)
    if (ids.size() >= size) out.push_back(ids);
  return out;
}

void FinderState::record(const std::vector<SegmentedGroup*>& candidates, const MergeTrial& trial,
                         const SegmentedGroup* result, trace::SnapshotPtr before) {
  trace::Step step;
  step.kind = trace::StepKind::Merge;
  step.phase = phase;
  trace::MergeInfo info;
  info.round = round;
  if (!recorder_.keepsMergeDetails()) {  // the outcome only: what a summary counts
    if (trial.ok()) info.accepted = std::string(scheduler::schedulerName(trial.proposal.accepted));
    info.refusal = trial.refusal;
    info.result = result ? result->id() : -1;
    step.modified = result != nullptr;
    step.before = std::move(before);
    step.after = result ? snapshot() : step.before;
    step.merge = std::move(info);
    recorder_.record(std::move(step));
    return;
  }
  std::string names;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const SegmentedGroup* g = candidates[i];
    info.groups.push_back(g->id());
    for (const ir::Expr* e : g->exprs()) info.exprs.push_back(e->id());
    // n-way merges name two groups and count the rest, so the step name stays one line.
    if (i < 2 || candidates.size() <= 3)
      names += (names.empty() ? "" : " + ") + g->label();
    else if (i == 2)
      names += " + " + std::to_string(candidates.size() - 2) + " more groups";
  }
  describeTrial(trial, info);
  info.result = result ? result->id() : -1;
  step.name = (trial.ok() ? "merge " : "refuse ") + names;
  step.modified = result != nullptr;
  step.before = std::move(before);
  step.after = result ? snapshot() : step.before;
  step.exprsBefore = step.exprsAfter = static_cast<int>(info.exprs.size());
  step.merge = std::move(info);
  recorder_.record(std::move(step));
}

FinderState::GroupFacts& FinderState::factsOf(const SegmentedGroup* g) {
  if (factsFor_ != groups.get()) {  // a new grouping: the old groups are gone
    facts_.clear();
    factsFor_ = groups.get();
  }
  const auto id = static_cast<std::size_t>(g->id());
  if (facts_.size() <= id) facts_.resize(std::max<std::size_t>(id + 1, facts_.size() * 2));
  return facts_[id];
}

const FinderState::GroupFacts* FinderState::knownFactsOf(const SegmentedGroup* g) const {
  const auto id = static_cast<std::size_t>(g->id());
  return factsFor_ == groups.get() && id < facts_.size() ? &facts_[id] : nullptr;
}

void FinderState::forgetFacts(const SegmentedGroup* g) {
  if (knownFactsOf(g)) facts_[static_cast<std::size_t>(g->id())] = GroupFacts{};
}

void FinderState::setType(const SegmentedGroup* g, scheduler::SchedulerType type) {
  GroupFacts& f = factsOf(g);
  f.type = type;
  f.typed = true;
}

scheduler::SchedulerType FinderState::typeOf(const SegmentedGroup* g) const {
  const GroupFacts* f = knownFactsOf(g);
  return f && f->typed ? f->type : scheduler::SchedulerType::None;
}

GroupDependencyAnalysis& FinderState::dependencies() {
  if (!dependencies_) {
    // The group graph is acyclic by construction; build() only fails on a bug.
    auto built = GroupDependencyAnalysis::build(*groups);
    dependencies_ = std::make_unique<GroupDependencyAnalysis>(std::move(*built));
  }
  return *dependencies_;
}

void FinderState::recordStep(trace::StepKind kind, const std::string& name, std::vector<std::string> log,
                             bool modified) {
  trace::Step step;
  step.kind = kind;
  step.name = name;
  step.phase = phase;
  step.modified = modified;
  step.after = snapshot();
  step.before = step.after;
  step.log = std::move(log);
  step.exprsBefore = step.exprsAfter = static_cast<int>(fusion.exprCount());
  recorder_.record(std::move(step));
}

trace::SnapshotPtr FinderState::snapshot() {
  if (current_ || !recorder_.keepsSnapshots()) return current_;
  if (!fusionSnapshot_) fusionSnapshot_ = std::shared_ptr<const ir::Fusion>(fusion.copy().release());
  auto s = std::make_shared<trace::Snapshot>();
  s->fusion = fusionSnapshot_;
  s->partition = buildPartition();
  current_ = s;
  return current_;
}

void FinderState::invalidateSnapshot(bool fusionChanged) {
  current_.reset();
  if (!fusionChanged) return;
  fusionSnapshot_.reset();
  ++fusionGeneration_;
}

std::optional<scheduler::SchedulerType> FinderState::acceptedTypeOf(const SegmentedGroup* g) const {
  const GroupFacts* f = knownFactsOf(g);
  if (!f || f->acceptedAt != fusionGeneration_ || !f->typed) return std::nullopt;
  return f->type;
}

void FinderState::showPartition(std::shared_ptr<const trace::Partition> partition) {
  if (!recorder_.keepsSnapshots()) return;
  if (!fusionSnapshot_) fusionSnapshot_ = std::shared_ptr<const ir::Fusion>(fusion.copy().release());
  auto s = std::make_shared<trace::Snapshot>();
  s->fusion = fusionSnapshot_;
  s->partition = std::move(partition);
  current_ = s;
}

// The partition after a merge, stored as that merge on top of the one before: the merged
// groups' exprs are exactly the result's, so their ids are all it needs.
trace::SnapshotPtr FinderState::patchedSnapshot(const trace::SnapshotPtr& before,
                                                const std::vector<SegmentedGroup*>& merged,
                                                const SegmentedGroup* result) const {
  if (!before || !before->partition) return nullptr;
  std::vector<int> mergedIds;
  for (const SegmentedGroup* m : merged) mergedIds.push_back(m->id());
  const scheduler::SchedulerType type = typeOf(result);
  auto s = std::make_shared<trace::Snapshot>();
  s->fusion = before->fusion;
  s->partition = trace::Partition::afterMerge(
      before->partition, std::move(mergedIds),
      {result->id(), std::string(scheduler::schedulerName(type)), runsOnHost(type, result->exprs())});
  return s;
}

std::shared_ptr<const trace::Partition> FinderState::buildPartition() const {
  trace::PartitionTable p;
  for (const SegmentedGroup* g : groups->groups()) {
    const scheduler::SchedulerType type = typeOf(g);
    p.groups.push_back({g->id(), std::string(scheduler::schedulerName(type)), runsOnHost(type, g->exprs())});
    for (const ir::Expr* e : g->exprs()) {
      const auto id = static_cast<std::size_t>(e->id());
      if (p.groupOfExpr.size() <= id) p.groupOfExpr.resize(id + 1, -1);
      p.groupOfExpr[id] = g->id();
    }
  }
  return std::make_shared<const trace::Partition>(std::move(p));
}

}  // namespace segscope::segmenter
