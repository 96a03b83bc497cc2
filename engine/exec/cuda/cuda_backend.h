// CUDA as an exec::Backend: the CudaRunner behind the seam both shells run through.
#pragma once

#include <memory>
#include <vector>

#include "exec/backend.h"
#include "exec/cuda/cuda_runner.h"

namespace segscope::exec::cuda {

/// Compiles and loads every segment of `segmentation` for `environment`'s device (`specs` are the
/// complete fusion's input specs, which fix every size). Each run() then warms up and times every
/// segment's launches as the counts say.
Result<std::unique_ptr<Backend>> makeCudaBackend(const segmenter::Segmentation& segmentation,
                                                 const std::vector<ir::InputSpec>& specs, CudaEnvironment environment,
                                                 const CudaRunOptions& options = {});

/// The same on the real device 0 (the no-device message without one).
Result<std::unique_ptr<Backend>> makeCudaBackend(const segmenter::Segmentation& segmentation,
                                                 const std::vector<ir::InputSpec>& specs);

}  // namespace segscope::exec::cuda
