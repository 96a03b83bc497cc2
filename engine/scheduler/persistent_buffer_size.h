// nvFuser's estimate of the bytes a persistent kernel keeps on chip per row.
#pragma once

#include <cstdint>
#include <string>

#include "scheduler/persistent_buffers.h"

namespace segscope::scheduler::analysis {

/// Bytes each reduction row keeps live, for the buffers as they are and projected onto the
/// segment inputs they are computed from (nvFuser recomputes them from cached inputs).
struct BufferSize {
  std::int64_t persistentBytes = 0;
  std::int64_t projectedBytes = 0;  // at least persistentBytes when canProject is false
  bool canProject = false;          // no reshape, and the projection keeps fewer bytes
  bool projectionIsFree = false;    // no exp on the way: recomputation is cheap
  bool projectionHasRng = false;    // an RNG op on the way: recomputation would change values
  std::string largestName;
};

/// csrc/scheduler/utils.cpp:1037-1153 persistentBufferSizeBit: a buffer holds its unmappable
/// dims (982-1030 getPersistentBufferSizeBitOfTensor, in the type before an upcast of an
/// intermediate), a projected input the dims exactly mapped to those. Buffers are scoped
/// (848-978 getScopePersistenceFactors): one is live from itself to its resolution points,
/// and the size is the most that is live at any one value, not the sum of all buffers.
BufferSize persistentBufferSize(const SegmentView& view, const RuntimeInfo& rt);

}  // namespace segscope::scheduler::analysis
