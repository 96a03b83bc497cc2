// nvFuser's projection of persistent buffers onto the segment inputs they are computed from.
#pragma once

#include <functional>
#include <vector>

#include "scheduler/exact_id_graph.h"
#include "scheduler/persistent_buffer_info.h"
#include "scheduler/value_index.h"

namespace segscope::scheduler::analysis {

/// csrc/scheduler/utils.cpp:667-753, the second half of persistentBuffers (BufferProjection).
/// `unmappable`: every tensor with an unmappable dim; `exact`: the id map the inputs' dims are
/// matched in; `cacheable`: isCacheableUnmappableTv. The caller leaves out segments with a
/// reshape (utils.cpp:667-671: nothing is projected there).
BufferProjection projectBuffers(const SegmentView& view, const ValueIndex& index,
                                const std::vector<PersistentBuffer>& buffers,
                                const std::vector<std::pair<const ir::Val*, std::vector<int>>>& unmappable,
                                const ExactIdGraph& exact, const std::function<bool(const ir::Val*)>& cacheable);

}  // namespace segscope::scheduler::analysis
