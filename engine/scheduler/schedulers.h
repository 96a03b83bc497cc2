// The per-scheduler acceptance checks, one namespace per scheduler (one .cpp each).
#pragma once

#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "scheduler/scheduler_options.h"
#include "scheduler/segment_view.h"
#include "scheduler/verdict.h"

// Every scheduler answers the same two questions, as nvFuser's SchedulerEntry does:
// canScheduleCompileTime looks at the graph only; canScheduleRunTime at concrete sizes and
// the device. Neither applies the common gate (registry.h does).
namespace segscope::scheduler {

namespace no_op {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace no_op

namespace expr_eval {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace expr_eval

namespace matmul {
Verdict canScheduleCompileTime(const SegmentView& view);
/// The rest of nvFuser's compile-time check, which needs the device and the options.
Verdict canFuse(const SegmentView& view, const DeviceProfile& device, const SchedulerOptions& options);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace matmul

namespace reduction {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace reduction

namespace resize {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace resize

namespace transpose {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace transpose

namespace pointwise {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace pointwise

namespace inner_persistent {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace inner_persistent

namespace outer_persistent {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace outer_persistent

namespace inner_outer_persistent {
Verdict canScheduleCompileTime(const SegmentView& view);
Verdict canScheduleRunTime(const SegmentView& view, const RuntimeInfo& rt, const DeviceProfile& device);
}  // namespace inner_outer_persistent

}  // namespace segscope::scheduler
