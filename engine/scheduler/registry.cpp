// The common gate and the priority-ordered search over the schedulers.
#include "scheduler/registry.h"

#include <optional>

#include "scheduler/analysis.h"
#include "scheduler/incompatible_reshapes.h"
#include "scheduler/schedulers.h"
#include "scheduler/self_mapping.h"

namespace segscope::scheduler {
namespace {

struct Entry {
  SchedulerType type;
  Verdict (*compileTime)(const SegmentView&);
  Verdict (*runTime)(const SegmentView&, const RuntimeInfo&, const DeviceProfile&);
};

const Entry* entryFor(SchedulerType type) {
  static const Entry entries[] = {
      {SchedulerType::NoOp, no_op::canScheduleCompileTime, no_op::canScheduleRunTime},
      {SchedulerType::ExprEval, expr_eval::canScheduleCompileTime, expr_eval::canScheduleRunTime},
      {SchedulerType::Matmul, matmul::canScheduleCompileTime, matmul::canScheduleRunTime},
      {SchedulerType::Reduction, reduction::canScheduleCompileTime, reduction::canScheduleRunTime},
      {SchedulerType::Resize, resize::canScheduleCompileTime, resize::canScheduleRunTime},
      {SchedulerType::Transpose, transpose::canScheduleCompileTime, transpose::canScheduleRunTime},
      {SchedulerType::PointWise, pointwise::canScheduleCompileTime, pointwise::canScheduleRunTime},
      {SchedulerType::InnerPersistent, inner_persistent::canScheduleCompileTime, inner_persistent::canScheduleRunTime},
      {SchedulerType::OuterPersistent, outer_persistent::canScheduleCompileTime, outer_persistent::canScheduleRunTime},
      {SchedulerType::InnerOuterPersistent, inner_outer_persistent::canScheduleCompileTime,
       inner_outer_persistent::canScheduleRunTime},
  };
  for (const Entry& e : entries)
    if (e.type == type) return &e;
  return nullptr;
}

// Only take_along_axis-style gathers (index and input agree off the axis) are supported.
const ir::Expr* inexactGather(const SegmentView& view) {
  for (const ir::Expr* e : view.exprs) {
    if (e->op() != ir::OpType::Gather) continue;
    const ir::TensorView* in = e->operand(0)->asTensor();
    const ir::TensorView* index = e->operand(1)->asTensor();
    for (int d = 0; d < in->rank(); ++d)
      if (d != e->attrs().axis &&
          !(in->dim(static_cast<std::size_t>(d)).extent == index->dim(static_cast<std::size_t>(d)).extent))
        return e;
  }
  return nullptr;
}

}  // namespace

Verdict commonGate(const SegmentView& view, SchedulerType type) {
  if (const ir::Expr* e = analysis::firstExprWhere(view, ir::isExprEvalOnlyOp))
    return Verdict::reject(analysis::describe(e) + " only runs as expr_eval (ATen), never in a generated kernel");
  if (const ir::Expr* e = inexactGather(view))
    return Verdict::reject(analysis::describe(e) +
                           " gathers an index smaller than its input off the axis; only "
                           "take_along_axis-style gathers can be fused");
  if (type != SchedulerType::Matmul)
    if (const ir::Expr* e = analysis::firstExprWhere(view, ir::isMatmulOp))
      return Verdict::reject(analysis::describe(e) +
                             " is a matmul/linear: only the matmul scheduler (or expr_eval alone) "
                             "takes it");
  if (auto pair = analysis::disconnectedOutputs(view))
    return Verdict::reject("outputs " + pair->first->name() + " and " + pair->second->name() +
                           " are computed independently (not connected): they need separate segments");
  if (auto m = analysis::firstSelfMapping(view))
    return Verdict::reject(m->tensor->name() + "'s dims " + std::to_string(m->first) + " and " +
                           std::to_string(m->second) +
                           " are the same loop in this group (it is read as it is and permuted, or "
                           "joined with itself): nvFuser's \"Iter domain graph check failed!\" (self-mapping)");
  const ir::Expr* resize = analysis::firstExprWhere(view, ir::isResizeOp);
  const ir::Expr* index = analysis::firstExprWhere(view, ir::isIndexOp);
  if (resize && index)
    return Verdict::reject(analysis::describe(resize) + " and " + analysis::describe(index) +
                           " mix a resize with an index op, which no scheduler supports together");
  return Verdict::accept();
}

namespace {

// The checks every scheduler makes of the same view, each computed at most once per view:
// asked per scheduler, the gate and the reshape check were most of the cost of a refused
// candidate (they walk the whole candidate, and candidates run to thousands of exprs).
class SharedChecks {
 public:
  SharedChecks(const SegmentView& view, const RuntimeInfo& rt) : view_(view), rt_(rt) {}

  const Verdict& gate(SchedulerType type) {
    std::optional<Verdict>& cached = gates_[type == SchedulerType::Matmul ? 1 : 0];
    if (!cached) cached = commonGate(view_, type);
    return *cached;
  }
  const ir::Expr* incompatibleReshape() {
    if (!reshapeChecked_) {
      incompatible_ = analysis::incompatibleReshape(view_, rt_);
      reshapeChecked_ = true;
    }
    return incompatible_;
  }

 private:
  const SegmentView& view_;
  const RuntimeInfo& rt_;
  std::optional<Verdict> gates_[2];  // every other scheduler, matmul
  const ir::Expr* incompatible_ = nullptr;
  bool reshapeChecked_ = false;
};

// Gate, compile-time and run-time checks of one scheduler, noting where it was decided.
// What NVFUSER_DISABLE takes away, checked where nvFuser checks it: first thing in the resize
// scheduler's compile-time check (csrc/scheduler/resize.cpp:67-70), and in expr_eval's for a
// lone matmul/linear (csrc/scheduler/expr_eval_sched.cpp:83-91).
Verdict optionsVerdict(SchedulerType type, const SegmentView& view, const SchedulerOptions& options) {
  if (type == SchedulerType::Resize && !options.resizeScheduler)
    return Verdict::reject("Disabled (NVFUSER_DISABLE=resize_scheduler)");
  if (type == SchedulerType::ExprEval && !options.matmulExprEval && view.exprs.size() == 1 &&
      ir::isMatmulOp(view.exprs.front()))
    return Verdict::reject("Matmul ATen evaluation was disabled by NVFUSER_DISABLE=matmul_expr_eval");
  return Verdict::accept();
}

SchedulerVerdict check(SchedulerType type, const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device,
                       const SchedulerOptions& options, SharedChecks& shared) {
  const Entry* entry = entryFor(type);
  if (!entry) return SchedulerVerdict{type, Verdict::reject("none is not a scheduler"), true};
  if (type != SchedulerType::ExprEval)
    if (const Verdict& v = shared.gate(type); !v) return SchedulerVerdict{type, v, true};
  // csrc/scheduler/registry.cpp:112-119: only the resize scheduler replays incompatible
  // reshapes. Checked with the run-time sizes, which concretize the reshapes as nvFuser's
  // dynamic-transform pass does before segmenting.
  if (type != SchedulerType::ExprEval && type != SchedulerType::Resize)
    if (const ir::Expr* e = shared.incompatibleReshape())
      return SchedulerVerdict{
          type,
          Verdict::reject(analysis::describe(e) + " reshapes dims that another reshape of the segment splits or merges "
                                                  "differently (incompatible reshapes)"),
          true};
  if (Verdict v = optionsVerdict(type, view, options); !v) return SchedulerVerdict{type, v, true};
  if (Verdict v = entry->compileTime(view); !v) return SchedulerVerdict{type, v, true};
  if (type == SchedulerType::Matmul)
    if (Verdict v = matmul::canFuse(view, device, options); !v) return SchedulerVerdict{type, v, true};
  return SchedulerVerdict{type, entry->runTime(view, rt, device), false};
}

}  // namespace

Verdict canSchedule(SchedulerType type, const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device,
                    const SchedulerOptions& options) {
  SharedChecks shared(view, rt);
  return check(type, view, rt, device, options, shared).verdict;
}

Proposal proposeHeuristics(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device,
                           const SchedulerOptions& options) {
  Proposal proposal;
  SharedChecks shared(view, rt);
  proposal.verdicts.reserve(schedulersInPriorityOrder().size());
  for (SchedulerType type : schedulersInPriorityOrder()) {
    proposal.verdicts.push_back(check(type, view, rt, device, options, shared));
    if (proposal.verdicts.back().verdict.ok) {
      proposal.accepted = type;
      break;
    }
  }
  return proposal;
}

}  // namespace segscope::scheduler
