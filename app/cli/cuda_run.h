// run --backend cuda: the segmentation on the GPU through exec::cuda::CudaRunner, reported in
// the CLI's run summary (per segment: time, bytes, GB/s, % of DRAM peak, launches, scalars).
#pragma once

#include <vector>

#include "cli/report.h"
#include "exec/host_tensor.h"
#include "support/result.h"
#include "pipeline/pipeline.h"

namespace segscope::cli {

/// Runs `p`'s segmentation on CUDA device 0 (summary.repeat timed launches per segment after
/// summary.warmup warm-ups) and fills summary.segments and the device fields; returns the
/// fusion's outputs copied back to the host.
Result<std::vector<exec::Value>> runSegmentsOnCuda(const pipeline::Session& p, const std::vector<exec::Value>& inputs,
                                                   RunSummary& summary);

}  // namespace segscope::cli
