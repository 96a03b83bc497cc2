// nvFuser's persistent-buffer analysis: which tensors a normalization keeps on chip.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// A tensor that has to stay on chip across a reduction: some of its dims cannot be inlined
/// into one of its consumers because that consumer also reads the reduction's result.
struct PersistentBuffer {
  const ir::Val* tv = nullptr;
  const ir::Expr* reduction = nullptr;   // the first reduction computed from it (or the first one)
  const ir::Expr* resolution = nullptr;  // defines its first resolution point
  std::vector<int> dims;                 // its unmappable dims: what a row keeps on chip
};

/// csrc/scheduler/utils.cpp:566-656 persistentBuffers: producers with a dim that the compute-at
/// map cannot map to a consumer (logical_domain_map.h), kept when they can be cached
/// (normalization_utils.cpp:1918 isCacheableUnmappableTv) and have a resolution point
/// (PersistentBufferResolution, with normalization_utils.cpp:1731's analysis as the fallback).
/// Ordered by value id. `rt`, when given, fixes how reshapes merge and split dims.
std::vector<PersistentBuffer> persistentBuffers(const SegmentView& view, const RuntimeInfo* rt = nullptr);

/// Bytes each reduction row keeps live, for the buffers as they are and projected onto the
/// segment inputs they are computed from (nvFuser recomputes them from cached inputs).
struct BufferSize {
  std::int64_t persistentBytes = 0;
  std::int64_t projectedBytes = 0;
  bool canProject = false;        // no reshape, reduction or RNG on the way, and projection is smaller
  bool projectionIsFree = false;  // no exp on the way: recomputation is cheap
  std::string largestName;
};
/// csrc/scheduler/utils.cpp:982-1030 getPersistentBufferSizeBitOfTensor: a buffer holds its
/// unmappable dims (in the type before an upcast of an intermediate); a projected input holds
/// its dims exactly mapped to those (utils.cpp:700-730). The buffers are summed, not scoped.
BufferSize persistentBufferSize(const SegmentView& view, const std::vector<PersistentBuffer>& buffers,
                                const RuntimeInfo& rt);

}  // namespace segscope::scheduler::analysis
