// What the persistent-buffer analysis (persistent_buffers.h) finds, and the projection of its
// buffers onto the segment inputs (buffer_projection.h) that the analysis also reports.
#pragma once

#include <utility>
#include <vector>

#include "ir/fusion.h"

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

}  // namespace segscope::scheduler::analysis
