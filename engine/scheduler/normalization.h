// Checks shared by the persistent schedulers (nvFuser's normalization_scheduler_utils).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "scheduler/analysis.h"
#include "scheduler/persistent_buffer_size.h"
#include "scheduler/scheduler_type.h"
#include "scheduler/verdict.h"

namespace segscope::scheduler::normalization {

/// checkOpsAndInputs: reductions, a tensor input, the memory-promotion rule, unique broadcasts.
Verdict checkOpsAndInputs(const SegmentView& view);

/// The persistent scheduler nvFuser picks for a reduction type.
SchedulerType persistentSchedulerFor(analysis::ReductionType type);

/// Rejects when the segment's reduction type belongs to another persistent scheduler.
Verdict checkReductionType(const SegmentView& view, SchedulerType self);

/// Rejects when no persistent buffer exists (then the reduction scheduler is the one).
Verdict requirePersistentBuffer(const std::vector<analysis::PersistentBuffer>& buffers);

/// The reductions all have as many non-broadcast root dims as the first
/// (csrc/scheduler/normalization_utils.cpp:1251-1280 "Inconsistent reduction root size").
Verdict checkReductionRootSizes(const std::vector<const ir::Expr*>& reductions);

/// hasNonNormalizePostReductionBCast (post_reduction_broadcast.h) as a verdict.
Verdict checkPostReductionBroadcast(const SegmentView& view);

/// reductionInterferingView (reduction_interfering_view.h) for `reference`, with the bound
/// sizes: nvFuser concretizes reshapes before it segments, so their merges and splits are
/// known there (normalization_utils.cpp:1232-1245, reduction.cpp:88-102).
Verdict checkInterferingView(const SegmentView& view, const ir::Expr* reference, const RuntimeInfo& rt);

/// compileTimeCheck of InnerPersistent and OuterPersistent: ops and inputs, the first
/// reduction covering the outputs, the reduction type, mapped reductions, a persistent buffer.
Verdict compileTimeCheck(const SegmentView& view, SchedulerType self);

/// nvFuser keeps persistent buffers in half the register file.
std::int64_t registerBudgetBytes(const DeviceProfile& device);
/// The shared-memory budget: the opt-in size less the reduction workspace (one float for
/// each thread of a 1024-thread block, our stand-in for nvFuser's exact overheads).
std::int64_t sharedMemoryBudgetBytes(const DeviceProfile& device);

/// csrc/scheduler/normalization_utils.cpp:853-926 isProjectBufferToInputs: the projected size
/// when projecting saves bytes and either the buffers do not fit `budget` or recomputation is
/// cheap enough (no RNG, and no exp unless the buffers are large), else the unprojected size.
std::int64_t chosenBufferBytes(const analysis::BufferSize& size, std::int64_t budget, SchedulerType self,
                               const DeviceProfile& device);

/// "Not enough blocks": a large reduction over too few rows to fill the GPU.
Verdict checkEnoughBlocks(const ir::Expr* reduction, bool fastestDim, const RuntimeInfo& rt,
                          const DeviceProfile& device);

}  // namespace segscope::scheduler::normalization
