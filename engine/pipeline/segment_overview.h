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
  std::string scheduler;  // "pointwise", "expr_eval", "host_scalars", ... ("none" before one is known)
  bool host = false;
  bool hostScalars = false;  // Segscope's host scalar segment, which is no nvFuser group
  int ops = 0;
  std::int64_t bytesIn = -1, bytesOut = -1;  // tensor bytes read and written; -1 unknown
};

struct Overview {
  std::vector<SegmentOverview> segments;  // by id, the host scalars included
  /// (scheduler, segments) from the most to the fewest segments, ties by name; the host
  /// scalars are not among them (they are no segment of nvFuser's).
  std::vector<std::pair<std::string, int>> perScheduler;
  bool hostScalars = false;  // one of `segments` is Segscope's host scalar segment
  /// The segments nvFuser would count: all but the host scalars.
  int segmentCount() const { return static_cast<int>(segments.size()) - (hostScalars ? 1 : 0); }
};

/// The final segmentation of `session`: from its segmentation (with bytes from the input
/// sizes), or, for a saved trace, from its last partition (bytes unknown). Empty when the
/// pipeline stopped before segmenting.
Overview overviewOf(const Session& session);

/// "18 segments + host scalars: 6 inner_persistent, 5 pointwise, 7 expr_eval"
/// ("1 segment: pointwise").
std::string overviewSummary(const Overview& overview);

}  // namespace segscope::pipeline
