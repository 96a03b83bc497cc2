// Shared persistent-scheduler checks (see normalization.h).
#include "scheduler/normalization.h"

#include <algorithm>

#include "scheduler/post_reduction_broadcast.h"
#include "scheduler/reduction_interfering_view.h"

namespace segscope::scheduler::normalization {

Verdict checkOpsAndInputs(const SegmentView& view) {
  if (analysis::reductionExprs(view).empty()) return Verdict::reject("the segment has no reduction to normalize over");
  const bool tensorInput =
      std::any_of(view.inputs.begin(), view.inputs.end(), [](const ir::Val* v) { return v->isTensor(); });
  if (!tensorInput) return Verdict::reject("the segment has no tensor input");
  if (auto why = analysis::memoryPromotionViolation(view)) return Verdict::reject(*why);
  if (const ir::Val* v = analysis::nonUniqueBroadcast(view))
    return Verdict::reject(v->name() + " " + v->asTensor()->shapeString() +
                           " has a broadcast dim that its uses expand to different extents (non-unique broadcast)");
  return Verdict::accept();
}

SchedulerType persistentSchedulerFor(analysis::ReductionType type) {
  switch (type) {
    case analysis::ReductionType::Inner: return SchedulerType::InnerPersistent;
    case analysis::ReductionType::Outer: return SchedulerType::OuterPersistent;
    case analysis::ReductionType::InnerOuter: return SchedulerType::InnerOuterPersistent;
    case analysis::ReductionType::None: break;
  }
  return SchedulerType::None;
}

Verdict checkReductionType(const SegmentView& view, SchedulerType self) {
  const analysis::ReductionType type = analysis::reductionType(view);
  const SchedulerType wanted = persistentSchedulerFor(type);
  if (wanted == self) return Verdict::accept();
  return Verdict::reject("the reductions are " + std::string(analysis::reductionTypeName(type)) +
                         " (judged by each reduction input's innermost allocation dim), which is " +
                         std::string(schedulerName(wanted)) + "'s pattern");
}

Verdict requirePersistentBuffer(const std::vector<analysis::PersistentBuffer>& buffers) {
  if (!buffers.empty()) return Verdict::accept();
  return Verdict::reject(
      "no persistent buffer: no value read by a reduction is read again after a broadcast of its "
      "result, so there is nothing to keep on chip (the reduction scheduler's case)");
}

std::int64_t registerBudgetBytes(const DeviceProfile& device) { return device.registerFileBytesPerSm / 2; }

std::int64_t sharedMemoryBudgetBytes(const DeviceProfile& device) {
  return std::max<std::int64_t>(0, device.sharedMemoryPerBlockOptinBytes - 1024 * 4);
}

std::int64_t chosenBufferBytes(const analysis::BufferSize& size, std::int64_t budget, SchedulerType self,
                               const DeviceProfile& device) {
  if (!size.canProject) return size.persistentBytes;
  // Inner-outer kernels spill to shared memory instead (getPersistentBufferStorageParams).
  if (self != SchedulerType::InnerOuterPersistent && budget < size.persistentBytes) return size.projectedBytes;
  if (size.projectionHasRng) return size.persistentBytes;
  if (size.projectionIsFree) return size.projectedBytes;
  // Recomputing an exp costs more than the registers it saves on a small buffer: up to 96 KiB
  // on a device with a high bandwidth/flops ratio (A100, H200), 24 KiB otherwise (:914-922).
  const std::int64_t keepUpTo = isHighBandwidthFlopsRatio(device) ? 24 * 4 * 1024 : 6 * 4 * 1024;
  if (self == SchedulerType::InnerPersistent && size.persistentBytes <= keepUpTo) return size.persistentBytes;
  return size.projectedBytes;
}

Verdict checkEnoughBlocks(const ir::Expr* reduction, bool fastestDim, const RuntimeInfo& rt,
                          const DeviceProfile& device) {
  const std::int64_t reduced = analysis::reductionNumel(reduction, rt);
  const std::int64_t rows = analysis::iterationNumel(reduction, rt);
  const std::int64_t minRows = fastestDim ? device.smCount / 8 : (device.warpSize / 8) * device.smCount;
  if (reduced >= 4 * static_cast<std::int64_t>(device.maxThreadsPerSm) && rows < minRows)
    return Verdict::reject(analysis::describe(reduction) + " reduces " + std::to_string(reduced) +
                           " elements over only " + std::to_string(rows) + " rows, fewer than the " +
                           std::to_string(minRows) + " needed to fill " + device.name + " (not enough blocks)");
  return Verdict::accept();
}

Verdict checkReductionRootSizes(const std::vector<const ir::Expr*>& reductions) {
  auto rootSize = [](const ir::Expr* r) {
    const auto& dims = r->operand(0)->asTensor()->dims();
    return std::count_if(dims.begin(), dims.end(), [](const ir::Dim& d) { return !d.isBroadcast(); });
  };
  for (const ir::Expr* r : reductions)
    if (rootSize(r) != rootSize(reductions.front()))
      return Verdict::reject(analysis::describe(r) + " reduces a tensor of " + std::to_string(rootSize(r)) +
                             " non-broadcast dims, " + analysis::describe(reductions.front()) + " one of " +
                             std::to_string(rootSize(reductions.front())) + " (inconsistent reduction root size)");
  return Verdict::accept();
}

Verdict checkPostReductionBroadcast(const SegmentView& view) {
  const auto bad = analysis::nonNormalizePostReductionBroadcast(view);
  if (!bad) return Verdict::accept();
  return Verdict::reject("the broadcast " + bad->producer->name() + " of " + bad->reduction->name() +
                         " is resolved against a dim of " + bad->consumer->name() +
                         " that does not trace back to a dim the reductions read (unsupported post-reduction "
                         "normalization)");
}

Verdict checkInterferingView(const SegmentView& view, const ir::Expr* reference, const RuntimeInfo& rt) {
  if (!analysis::reductionInterferingView(view, reference, &rt)) return Verdict::accept();
  return Verdict::reject("a reshape merges or splits dims that the schedule of " + analysis::describe(reference) +
                         " keeps in separate groups (view may interfere with the reduction schedule)");
}

// Shared compile-time check of InnerPersistent and OuterPersistent (nvFuser's
// normalization_scheduler_utils::compileTimeCheck), parameterised by the scheduler.
Verdict compileTimeCheck(const SegmentView& view, SchedulerType self) {
  if (auto v = normalization::checkOpsAndInputs(view); !v) return v;
  const auto& reductions = analysis::reductionExprs(view);
  const analysis::DimGraph graph(view);
  const ir::Val* in = reductions.front()->operand(0);
  std::vector<int> classes;
  for (int d = 0; d < in->asTensor()->rank(); ++d) classes.push_back(graph.classOf(in, d));
  for (const ir::Val* out : view.outputs) {
    if (!out->isTensor()) continue;
    for (int d = 0; d < out->asTensor()->rank(); ++d)
      if (!out->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast() &&
          std::find(classes.begin(), classes.end(), graph.classOf(out, d)) == classes.end())
        return Verdict::reject("output " + out->name() + " has a dim that " + analysis::describe(reductions.front()) +
                               " neither iterates over nor reduces");
  }
  if (auto v = normalization::checkReductionType(view, self); !v) return v;
  if (auto v = checkReductionRootSizes(reductions); !v) return v;
  if (const ir::Expr* other = analysis::unmappedReduction(view, graph, reductions))
    return Verdict::reject(analysis::describe(other) + " does not reduce the dims " +
                           analysis::describe(reductions.front()) + " reduces (un-mapped multi-reduction)");
  if (auto v = normalization::requirePersistentBuffer(analysis::persistentBuffers(view)); !v) return v;
  return checkPostReductionBroadcast(view);
}

}  // namespace segscope::scheduler::normalization
