// The answer to a user's first question about a fusion: how many segments, which scheduler
// each has, how big they are (for the window's status line, legend and Segments panel).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/session.h"

namespace segscope::pipeline {

struct SegmentOverview {
  int id = -1;            // the segment id (the group id of the final step's partition)
  std::string scheduler;  // "pointwise", "expr_eval", ... ("none" before one is known)
  bool host = false;
  bool hostScalars = false;  // Segscope's host scalar segment, which is no nvFuser group
  int ops = 0;
  std::int64_t bytesIn = -1, bytesOut = -1;  // tensor bytes read and written; -1 unknown
};

struct Overview {
  std::vector<SegmentOverview> segments;  // by id
  /// (scheduler, segments) from the most to the fewest segments, ties by name.
  std::vector<std::pair<std::string, int>> perScheduler;
};

/// The final segmentation of `session`: from its segmentation (with bytes from the input
/// sizes), or, for a saved trace, from its last partition (bytes unknown). Empty when the
/// pipeline stopped before segmenting.
Overview overviewOf(const Session& session);

/// "18 segments: 6 inner_persistent, 5 pointwise, 7 expr_eval" ("1 segment: pointwise").
std::string overviewSummary(const Overview& overview);

}  // namespace segscope::pipeline
