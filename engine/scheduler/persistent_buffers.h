// nvFuser's persistent-buffer analysis: which tensors a normalization keeps on chip.
#pragma once

#include <vector>

#include "scheduler/persistent_buffer_info.h"
#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// csrc/scheduler/utils.cpp:566-656 persistentBuffers: producers with a dim that the compute-at
/// map cannot map to a consumer (logical_domain_map.h), kept when they can be cached
/// (normalization_utils.cpp:1918 isCacheableUnmappableTv) and have a resolution point
/// (PersistentBufferResolution, with normalization_utils.cpp:1731's analysis as the fallback).
/// Ordered by value id. `rt`, when given, fixes how reshapes merge and split dims.
std::vector<PersistentBuffer> persistentBuffers(const SegmentView& view, const RuntimeInfo* rt = nullptr);
/// The same analysis with what the buffer-size estimate needs besides (kept per view).
const PersistentBufferInfo& persistentBufferInfo(const SegmentView& view, const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
