// The segmenter's last stages: forwarded inputs resolved, privatized casts folded back,
// scalars placed (host segment or duplicated), segments typed, numbered and ordered.
#pragma once

#include <vector>

#include "segmenter/finder_state.h"
#include "segmenter/privatize_ops.h"

namespace segscope::segmenter {

Result<Segmentation> finalizeSegments(FinderState& state, const std::vector<PrivatizedCast>& privatized);

}  // namespace segscope::segmenter
