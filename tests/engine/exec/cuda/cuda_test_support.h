// Test support for the CUDA backend suites: segment a script with its footer inputs, export
// every segment and generate its kernel plan, in run order.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "exec/cuda/codegen/codegen_options.h"
#include "exec/cuda/codegen/kernel_plan.h"
#include "frontend/script.h"
#include "row_scaling.h"
#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segment_export.h"
#include "segmenter/segmenter.h"
#include "trace/recorder.h"

namespace segscope::testing {

/// The codegen options built but not yet measured on a GPU, all at once (scripts/gpu_window15.sh's
/// "all" variant): the host-emulation suite verifies every sample with them and the kernel report
/// assembles every kernel with them.
inline const char* const kCandidateCodegen =
    "host_layout=1 index32=1 vector_lanes=1 reverse_reread=1 inner_outer=1 row_width_from_inputs=1 "
    "column_vector_welford=1 row_cluster=8 output_allocation_order=1 prefetch_next_row=1";

struct SegmentPlan {
  int segment = -1;
  std::string scheduler;
  Result<exec::cuda::KernelPlan> plan = makeError("not generated");
};

struct ScriptPlans {
  std::string error;  // loading, segmenting or binding failed
  std::vector<SegmentPlan> segments;
  std::optional<frontend::Script> script;  // kept for tests that run the plans
  std::shared_ptr<const segmenter::SegmentationResult> segmented;
};

/// The script at `path`; with `rowScaled`, its rows scaled down (tests/row_scaling.h) where the
/// scaled script still loads: the kernels' code depends on the inner dims, not on the rows, and
/// the CPU reference then checks them in a fraction of the time.
inline frontend::ParseOutcome loadScript(const std::string& path, bool rowScaled) {
  return rowScaled ? loadScriptRowScaled(path) : frontend::loadScriptFile(path);
}

/// The options a test script asks for in "# segscope-codegen: key=value ..." lines (golden cases of
/// a non-default code generation), applied over `base`; an unknown key comes back as an Error.
inline Result<exec::cuda::CodegenOptions> scriptCodegenOptions(const std::string& path,
                                                               exec::cuda::CodegenOptions base = {}) {
  std::ifstream in(path);
  const std::string marker = "# segscope-codegen:";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(marker, 0) != 0) continue;
    std::istringstream settings(line.substr(marker.size()));
    for (std::string setting; settings >> setting;)
      if (Status st = exec::cuda::applyCodegenOption(base, setting); !st) return st.error();
  }
  return base;
}

inline ScriptPlans planScript(const std::string& path, const exec::cuda::CodegenOptions& options = {},
                              bool rowScaled = false) {
  ScriptPlans out;
  frontend::ParseOutcome loaded = loadScript(path, rowScaled);
  if (!loaded.ok()) {
    out.error = loaded.error.format();
    return out;
  }
  out.script = std::move(*loaded.script);
  frontend::Script& script = *out.script;
  trace::NullRecorder none;
  auto seg = segmenter::segmentFusion(*script.fusion, script.inputs, *scheduler::profileByName("h100"), {}, none);
  if (!seg) {
    out.error = "segmentation: " + seg.error().message;
    return out;
  }
  out.segmented = std::make_shared<const segmenter::SegmentationResult>(std::move(seg.value()));
  const segmenter::Segmentation& s = out.segmented->segmentation;
  auto info = scheduler::RuntimeInfo::bind(*s.fusion, script.inputs);
  if (!info) {
    out.error = "bind: " + info.error().message;
    return out;
  }
  segmenter::ExportOptions exportOptions;
  exportOptions.fusionInputs = &script.inputs;
  exportOptions.writeScript = false;
  for (int id : s.runOrder) {
    SegmentPlan p;
    p.segment = id;
    const segmenter::Segment& segment = s.segments[static_cast<std::size_t>(id)];
    p.scheduler = std::string(scheduler::schedulerName(segment.scheduler));
    auto exported = segmenter::exportSegment(s, id, exportOptions);
    if (!exported)
      p.plan = exported.error();
    else
      p.plan = exec::cuda::generateKernels(segment, *exported->fusion, *info, options);
    out.segments.push_back(std::move(p));
  }
  return out;
}

}  // namespace segscope::testing
