// findSegments in nvFuser's order: whole-fusion try, privatized upcasts, initial groups,
// forwarded inputs, the pre-merge phases, the level merge, the final merge, then finalize.
#include "segmenter/segmenter.h"

#include <algorithm>
#include <chrono>

#include "scheduler/registry.h"
#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"
#include "scheduler/view_memo.h"
#include "segmenter/finalize.h"
#include "segmenter/finder_state.h"
#include "segmenter/privatize_ops.h"

namespace segscope::segmenter {
namespace {

bool hasSegmentHints(const ir::Fusion& fusion) {
  const auto exprs = fusion.exprs();
  return std::any_of(exprs.begin(), exprs.end(), [](const ir::Expr* e) { return e->op() == ir::OpType::SegmentSet; });
}

// The first step of every segmentation: can one scheduler take everything?
scheduler::Proposal tryWholeFusion(const ir::Fusion& fusion, const scheduler::SegmentView& whole,
                                   const scheduler::RuntimeInfo& rt, const scheduler::DeviceProfile& device,
                                   const scheduler::SchedulerOptions& schedulers, bool hints, trace::Recorder& recorder,
                                   trace::SnapshotPtr& fusionSnapshot) {
  scheduler::Proposal proposal;
  trace::Step step;
  step.kind = trace::StepKind::Merge;
  step.phase = trace::Phase::WholeFusion;
  step.name = "try the whole fusion as one segment";
  if (!fusionSnapshot && recorder.keepsSnapshots()) fusionSnapshot = trace::snapshotOf(fusion);
  step.after = step.before = fusionSnapshot;
  trace::MergeInfo info;
  info.round = 0;
  for (const ir::Expr* e : fusion.exprs()) info.exprs.push_back(e->id());
  if (hints) {
    info.refusal = "the fusion has segment_set hints, so it is segmented without trying it whole";
  } else {
    proposal = scheduler::proposeHeuristics(whole, rt, device, schedulers);
    for (const scheduler::SchedulerVerdict& v : proposal.verdicts)
      info.verdicts.push_back({std::string(scheduler::schedulerName(v.type)), v.verdict.ok, v.verdict.reason});
    if (proposal.accepted != scheduler::SchedulerType::None)
      info.accepted = std::string(scheduler::schedulerName(proposal.accepted));
  }
  step.exprsBefore = step.exprsAfter = static_cast<int>(info.exprs.size());
  step.merge = std::move(info);
  recorder.record(std::move(step));
  return proposal;
}

// One group per non-scalar expr that is not part of a forwarded input chain, and an edge
// for every tensor read across groups. Scalars get no edges: finalize places them.
void buildInitialGroups(FinderState& state) {
  state.groups = std::make_unique<SegmentedFusion>(state.fusion);
  SegmentedFusion& sf = *state.groups;
  for (const ForwardedChain& chain : state.forwarded)
    for (const ir::Expr* e : chain.exprs) sf.leaveUngrouped(e);
  const std::vector<ir::Expr*> order = state.fusion.exprs();
  for (const ir::Expr* e : order) {
    if (isScalarExpr(e))
      sf.leaveUngrouped(e);
    else if (!sf.isUngrouped(e))
      sf.newGroup({e});
  }
  for (const ir::Expr* e : order) {
    SegmentedGroup* to = sf.groupOf(e);
    if (!to) continue;
    for (const ir::Val* in : e->inputs()) {
      const ir::Expr* def = in->definition();
      if (!in->isTensor() || !def || sf.isUngrouped(def) || sf.groupOf(def) == to) continue;
      sf.connectGroups(sf.groupOf(def), to, in);
    }
  }
}

// nvFuser derives a type for every group that produces a fusion output; a lone expr no
// scheduler takes is an error the user must see.
Status typeInitialGroups(FinderState& state) {
  for (SegmentedGroup* g : state.groups->groups()) {
    const MergeTrial& trial = state.tryMerge({g});
    if (!trial.ok()) {
      const ir::Expr* e = g->exprs().front();
      std::string why = trial.refusal;
      for (const auto& v : trial.proposal.verdicts)
        why += (why.empty() ? "" : "; ") + std::string(scheduler::schedulerName(v.type)) + ": " + v.verdict.reason;
      return makeError("no scheduler can take " + e->toString() + " even alone (" + why + ")", e->loc());
    }
    state.setType(g, trial.proposal.accepted);
    state.noteAccepted(g);
  }
  return {};
}

Status validatePhase(const FinderState& state) {
  if (!state.options.validateEachPhase) return {};
  if (Status st = state.groups->validate(); !st)
    return makeError("segmenter invariant broken after " + std::string(trace::phaseName(state.phase)) + ": " +
                     st.error().message);
  return {};
}

Result<Segmentation> mergeAndFinalize(FinderState& state, const std::vector<PrivatizedCast>& privatized) {
  using Phase = void (*)(FinderState&);
  for (Phase phase : {Phase{mergeCatWithInputPads}, Phase{mergeUpAndDownCast}, Phase{combineReductions},
                      Phase{herrmannMerge}, Phase{finalMerge}}) {
    phase(state);
    if (Status st = validatePhase(state); !st) return st.error();
  }
  return finalizeSegments(state, privatized);
}

// The whole fusion was accepted: one group with every non-scalar expr.
Result<Segmentation> singleSegment(FinderState& state, scheduler::SchedulerType type) {
  state.groups = std::make_unique<SegmentedFusion>(state.fusion);
  std::vector<const ir::Expr*> exprs;
  for (const ir::Expr* e : state.fusion.exprs()) {
    if (isScalarExpr(e) && type != scheduler::SchedulerType::ExprEval)
      state.groups->leaveUngrouped(e);
    else
      exprs.push_back(e);
  }
  // A fusion without exprs (outputs that are its inputs) is still one group in nvFuser
  // (expr_eval: every output is pointer arithmetic, csrc/scheduler/expr_eval_sched.cpp:33).
  state.setType(state.groups->newGroup(std::move(exprs)), type);
  return finalizeSegments(state, {});
}

}  // namespace

Result<SegmentationResult> segmentFusion(const ir::Fusion& input, const std::vector<ir::InputSpec>& inputs,
                                         const scheduler::DeviceProfile& device, const SegmenterOptions& options,
                                         trace::Recorder& recorder, trace::SnapshotPtr fusionSnapshot) {
  const auto start = std::chrono::steady_clock::now();
  std::shared_ptr<ir::Fusion> fusion(input.copy().release());
  SEGSCOPE_TRY(scheduler::RuntimeInfo bound, scheduler::RuntimeInfo::bind(*fusion, inputs));
  auto runtime = std::make_shared<scheduler::RuntimeInfo>(std::move(bound));
  const scheduler::RuntimeInfo& whole = *runtime;
  const bool hints = hasSegmentHints(*fusion);
  const scheduler::SegmentView wholeView = scheduler::SegmentView::whole(*fusion);
  const scheduler::Proposal proposal =
      tryWholeFusion(*fusion, wholeView, whole, device, options.schedulers, hints, recorder, fusionSnapshot);

  SegmentationResult result;
  Result<Segmentation> segmentation = makeError("unreachable");
  if (!hints && proposal.accepted != scheduler::SchedulerType::None) {
    FinderState state(*fusion, whole, device, options, recorder);
    if (fusionSnapshot) state.knowFusionSnapshot(fusionSnapshot->fusion);
    state.knowAnswer(wholeView, proposal);  // finalize asks about the same segment again
    segmentation = singleSegment(state, proposal.accepted);
    result.mergeQuestions = state.mergeQuestions();
    result.schedulerQueries = state.schedulerQueries() + 1;
    result.analysisWork = state.analysisWork();
  } else {
    const std::vector<PrivatizedCast> privatized = privatizeUpcasts(*fusion);
    // Copies made by privatization are new values with their originals' sizes.
    for (const PrivatizedCast& p : privatized) runtime->addCopy(p.copy->output(), p.original->output());
    FinderState state(*fusion, *runtime, device, options, recorder);
    if (privatized.empty() && fusionSnapshot) state.knowFusionSnapshot(fusionSnapshot->fusion);  // unchanged since
    state.forwarded = findForwardedChains(*fusion);
    buildInitialGroups(state);
    state.phase = trace::Phase::InitialGroups;
    if (Status st = validatePhase(state); !st) return st.error();
    if (Status st = typeInitialGroups(state); !st) return st.error();
    std::vector<std::string> log{std::to_string(state.groups->groups().size()) + " groups, one per tensor expr"};
    if (!privatized.empty())
      log.push_back(std::to_string(privatized.size()) + " upcast copies made for their extra readers");
    for (const ForwardedChain& c : state.forwarded)
      log.push_back("forwarded input " + c.forwarded->name() + " (" + std::to_string(c.exprs.size()) + " exprs from " +
                    c.start->name() + ") is recomputed by each consumer");
    state.recordStep(trace::StepKind::Merge, "initial groups", std::move(log), true);
    segmentation = mergeAndFinalize(state, privatized);
    result.mergeQuestions = state.mergeQuestions();
    result.schedulerQueries = state.schedulerQueries() + 1;
    result.analysisWork = state.analysisWork();
  }
  if (!segmentation) return segmentation.error();
  result.analysisWork += wholeView.exprs.size() + wholeView.memo().work;
  result.segmentation = std::move(segmentation.value());
  result.segmentation.fusion = fusion.get();
  result.fusion = std::move(fusion);
  result.runtime = std::move(runtime);
  result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace segscope::segmenter
