// What every segmenter phase shares: the group graph, the scheduler question "can one
// scheduler take these groups together?" (cached), and the recording of each attempt.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "scheduler/device_profile.h"
#include "scheduler/registry.h"
#include "scheduler/runtime_info.h"
#include "segmenter/forwarded_inputs.h"
#include "segmenter/group_dependency.h"
#include "segmenter/segmented_fusion.h"
#include "segmenter/segmenter_options.h"
#include "trace/recorder.h"

namespace segscope::segmenter {

/// The answer to one merge question.
struct MergeTrial {
  scheduler::Proposal proposal;
  std::string refusal;        // set when refused before asking the schedulers
  std::vector<int> blockers;  // a cycle refusal: the groups between the candidates
  bool ok() const { return refusal.empty() && proposal.accepted != scheduler::SchedulerType::None; }
};

class FinderState {
 public:
  FinderState(ir::Fusion& fusion, const scheduler::RuntimeInfo& rt, const scheduler::DeviceProfile& device,
              const SegmenterOptions& options, trace::Recorder& recorder);

  ir::Fusion& fusion;
  const scheduler::RuntimeInfo& runtime;
  const scheduler::DeviceProfile& device;
  const SegmenterOptions& options;
  std::unique_ptr<SegmentedFusion> groups;
  std::vector<ForwardedChain> forwarded;

  /// Phase and round stamped on every recorded step.
  trace::Phase phase = trace::Phase::Unknown;
  int round = 0;

  /// Asks the schedulers about an expr set (no cache): the hint rule, then proposeHeuristics.
  MergeTrial askSchedulers(std::vector<const ir::Expr*> exprs,
                           const std::unordered_set<const ir::Val*>* recomputed = nullptr);
  /// An answer already had for `view` (the whole-fusion try): askSchedulers reuses it for an
  /// expr set whose view is the same, instead of running every analysis again.
  void knowAnswer(const scheduler::SegmentView& view, scheduler::Proposal proposal);
  /// Hands a step to the recorder as is.
  void record(trace::Step step);
  /// Fills a step's merge info from a trial (its log lines are derived from it: verdictLines).
  static void describeTrial(const MergeTrial& trial, trace::MergeInfo& info);

  /// Whether one scheduler accepts the union of `candidates` (cached by group ids: merged
  /// groups get fresh ids, so a cached answer never goes stale).
  const MergeTrial& tryMerge(const std::vector<SegmentedGroup*>& candidates, bool* fresh = nullptr);
  /// tryMerge, recorded as a step (refused; only the first time this exact question is
  /// asked) or followed by the merge (accepted). Returns the merged group, or null.
  SegmentedGroup* attemptMerge(const std::vector<SegmentedGroup*>& candidates);
  /// Merges without asking (the caller already did) and records the step.
  SegmentedGroup* applyMerge(const std::vector<SegmentedGroup*>& candidates, const MergeTrial& trial);
  /// Records a refusal that never reached the schedulers (a cycle, a hint).
  void recordRefusal(const std::vector<SegmentedGroup*>& candidates, const std::string& why,
                     std::vector<int> blockers = {});
  /// Whether recorded merge steps carry their candidates and every verdict (the recorder's
  /// choice); without them a step is its outcome only.
  bool keepsMergeDetails() const { return recorder_.keepsMergeDetails(); }
  /// Counts and records a fresh attempt that every scheduler would refuse, without asking
  /// them (CertainRefusal proved it from group facts). Only for recorders that keep no merge
  /// details: the step is then exactly what attemptMerge records for such a refusal.
  void recordCertainRefusal();
  /// The group-id sets already asked about with at least `size` groups (ascending ids).
  std::vector<std::vector<int>> askedSetsOfAtLeast(std::size_t size) const;

  scheduler::SchedulerType typeOf(const SegmentedGroup* g) const;
  void setType(const SegmentedGroup* g, scheduler::SchedulerType type);
  /// Records that a scheduler accepted exactly `g`'s exprs (a merge or an initial group).
  void noteAccepted(const SegmentedGroup* g) { factsOf(g).acceptedAt = fusionGeneration_; }
  /// The scheduler that accepted `g`'s exprs, when the fusion has not changed since: the same
  /// question again (finalize's, for a segment that is still exactly the group) has that answer.
  std::optional<scheduler::SchedulerType> acceptedTypeOf(const SegmentedGroup* g) const;

  /// The dependency analysis, built on first use and kept current by merges afterwards.
  GroupDependencyAnalysis& dependencies();
  /// Drops the analysis when the phase that needed it ends: keeping it current through the
  /// many merges of the next phases costs far more than one rebuild by its next user.
  void dropDependencies() { dependencies_.reset(); }

  /// Records a finalize or phase step with the current partition.
  void recordStep(trace::StepKind kind, const std::string& name, std::vector<std::string> log, bool modified);
  /// The current partition as a snapshot (rebuilt only after a change).
  trace::SnapshotPtr snapshot();
  /// Forces the next snapshot() to rebuild (the fusion or grouping changed outside a merge).
  void invalidateSnapshot(bool fusionChanged);
  /// `snapshot` is a copy of the fusion as it is now, for the steps to show until it changes.
  void knowFusionSnapshot(std::shared_ptr<const ir::Fusion> snapshot) { fusionSnapshot_ = std::move(snapshot); }
  /// Overrides the partition shown from now on (finalize shows final segments).
  void showPartition(std::shared_ptr<const trace::Partition> partition);

  int mergeQuestions() const { return questions_; }
  int schedulerQueries() const { return queries_; }
  std::uint64_t analysisWork() const { return work_; }

 private:
  std::shared_ptr<const trace::Partition> buildPartition() const;
  trace::SnapshotPtr patchedSnapshot(const trace::SnapshotPtr& before, const std::vector<SegmentedGroup*>& merged,
                                     const SegmentedGroup* result) const;
  void record(const std::vector<SegmentedGroup*>& candidates, const MergeTrial& trial, const SegmentedGroup* result,
              trace::SnapshotPtr before);

  /// Group-id lists are long after many merges: hashing them once beats an ordered map's
  /// element-by-element comparisons on every level of the tree.
  struct IdsHash {
    std::size_t operator()(const std::vector<int>& ids) const;
  };

  trace::Recorder& recorder_;
  std::unordered_map<std::vector<int>, MergeTrial, IdsHash> cache_;
  std::optional<std::pair<scheduler::SegmentView, scheduler::Proposal>> known_;
  // What is known of each group of `groups`, by group id (ids are dense and never reused; a
  // merge makes a new group). Hash maps keyed by group pointer cost a cache miss or three per
  // merge for every part, and merges run to tens of thousands in a 50k-op fusion.
  struct GroupFacts {
    scheduler::SchedulerType type = scheduler::SchedulerType::None;
    bool typed = false;
    int acceptedAt = -1;  // fusion generation of the answer, -1: none
  };
  GroupFacts& factsOf(const SegmentedGroup* g);
  const GroupFacts* knownFactsOf(const SegmentedGroup* g) const;
  void forgetFacts(const SegmentedGroup* g);
  std::vector<GroupFacts> facts_;
  const SegmentedFusion* factsFor_ = nullptr;  // the `groups` that facts_ describes
  int fusionGeneration_ = 0;                   // bumped when the fusion changes
  std::unique_ptr<GroupDependencyAnalysis> dependencies_;
  std::shared_ptr<const ir::Fusion> fusionSnapshot_;
  trace::SnapshotPtr current_;
  int questions_ = 0;
  int queries_ = 0;
  std::uint64_t work_ = 0;
};

/// The pre-merge and merge phases, in the order findSegments runs them (one file each).
void mergeCatWithInputPads(FinderState& state);
void mergeUpAndDownCast(FinderState& state);
void combineReductions(FinderState& state);
void herrmannMerge(FinderState& state);
void finalMerge(FinderState& state);

/// expr_eval segments without a matmul/sdpa/embedding-like op launch nothing on the device:
/// they are views and scalar arithmetic, evaluated on the host. The others call a library.
bool runsOnHost(scheduler::SchedulerType type, const std::vector<const ir::Expr*>& exprs);

/// True when `e` only computes scalars (nvFuser's isScalarOp): such exprs get no group.
bool isScalarExpr(const ir::Expr* e);

}  // namespace segscope::segmenter
