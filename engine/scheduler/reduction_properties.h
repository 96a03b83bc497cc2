// nvFuser's ReductionTvProperties and the vectorization factor of a reduction's input.
#pragma once

#include <cstdint>

#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

/// csrc/scheduler/utils.cpp:778-841 getReductionProperties of a reduction (its input's dims
/// from the innermost allocation dim outwards).
struct ReductionProperties {
  bool fastestDimReduction = false;
  std::int64_t totalReductionNumel = 1;
  std::int64_t totalIterationNumel = 1;
  std::int64_t innerMostDimensionNumel = 1;  // the innermost run of dims of one kind
  int innerMostDimensionNdims = 0;
  int dimensionality = 1;  // runs of reduced / kept dims: 3 is a "3D" reduction
};
ReductionProperties reductionProperties(const SegmentView& view, const ir::Expr* reduction, const RuntimeInfo& rt);

/// csrc/scheduler/vectorize_helper.cpp:1135 getVectorizationFactor with the break point before
/// the innermost `innerNdims` dims of `reference`: 16 bytes over the widest element among the
/// segment's inputs and outputs whose innermost dim is the reference's, capped by the largest
/// power of two dividing each one's contiguous extent along those dims.
std::int64_t vectorizationFactor(const SegmentView& view, const ir::Val* reference, int innerNdims,
                                 const RuntimeInfo& rt);

}  // namespace segscope::scheduler::analysis
