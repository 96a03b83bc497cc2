// Where fusion regions and the segmenter's segments disagree: which segments a region spans,
// which it splits, and the edge bytes the segmentation sends through DRAM inside a region.
#pragma once

#include <cstdint>
#include <vector>

#include "regions/regions.h"
#include "segmenter/segmentation.h"

namespace segscope::regions {

struct RegionComparison {
  int region = -1;
  /// Segments holding any member, ascending.
  std::vector<int> segments;
  /// Spanned segments that also hold tensor ops outside the region, ascending.
  std::vector<int> splits;
  /// Bytes of segmentation edges whose value a member produces and a member in the edge's
  /// consumer segment reads: traffic the segmentation pays that the region keeps on chip.
  std::int64_t bytesKeptOnChip = 0;
};

/// One entry per region, in region order. Exprs are matched by id, so `analysis` may have
/// been computed on a clone of the segmented fusion; `rt` must be bound to the fusion the
/// segmentation's edge values belong to.
std::vector<RegionComparison> compareWithSegmentation(const RegionAnalysis& analysis,
                                                      const segmenter::Segmentation& segmentation,
                                                      const scheduler::RuntimeInfo& rt);

}  // namespace segscope::regions
