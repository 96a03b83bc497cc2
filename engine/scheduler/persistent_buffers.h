// nvFuser's persistent-buffer analysis: which tensors a normalization keeps on chip.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// A tensor that has to stay on chip across a reduction: some of its dims cannot be inlined
/// into one of its consumers because that consumer also reads the reduction's result.
struct PersistentBuffer {
  const ir::Val* tv = nullptr;
  const ir::Expr* reduction = nullptr;           // the first reduction computed from it (or the first one)
  const ir::Expr* resolution = nullptr;          // defines its first resolution point
  std::vector<int> dims;                         // its unmappable dims: what a row keeps on chip
  std::vector<const ir::Val*> resolutionPoints;  // in the order the analysis met them
};

/// csrc/scheduler/utils.cpp:667-753 (the second half of persistentBuffers): which buffers
/// could be recomputed from the segment inputs instead of kept, which inputs would then be
/// kept in their place, with which dims, and what the recomputation would run.
struct BufferProjection {
  std::vector<const ir::Val*> buffers;      // projectable_persistent_buffers, in buffer order
  std::vector<const ir::Val*> inputs;       // projectable_buffer_inputs
  std::vector<std::vector<int>> inputDims;  // unamppable_dims_projected_to_inputs, per input
  bool withExp = false;                     // projection_with_exp_op
  bool withRng = false;                     // projection_with_rng_op
};

/// The buffers, and every tensor with an unmappable dim (buffer or not): the dims a projection
/// onto the segment inputs keeps are those exactly mapped to any of them (utils.cpp:725-740).
struct PersistentBufferInfo {
  std::vector<PersistentBuffer> buffers;
  std::vector<std::pair<const ir::Val*, std::vector<int>>> unmappable;
  bool hasViewOps = false;  // then nothing is projected (utils.cpp:667-671)
  BufferProjection projection;
};

/// csrc/scheduler/utils.cpp:566-656 persistentBuffers: producers with a dim that the compute-at
/// map cannot map to a consumer (logical_domain_map.h), kept when they can be cached
/// (normalization_utils.cpp:1918 isCacheableUnmappableTv) and have a resolution point
/// (PersistentBufferResolution, with normalization_utils.cpp:1731's analysis as the fallback).
/// Ordered by value id. `rt`, when given, fixes how reshapes merge and split dims.
std::vector<PersistentBuffer> persistentBuffers(const SegmentView& view, const RuntimeInfo* rt = nullptr);
/// The same analysis with what the buffer-size estimate needs besides (kept per view).
const PersistentBufferInfo& persistentBufferInfo(const SegmentView& view, const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
