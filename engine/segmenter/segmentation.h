// The segmenter's answer as plain data: segments in id order, the values crossing between
// them and the order to run them. Everything downstream (export, runner, CLI, GUI) reads this.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/fusion.h"
#include "scheduler/scheduler_type.h"

namespace segscope::segmenter {

/// How scalar computations that GPU segments need are placed.
enum class ScalarMode {
  HostSegment,  // one expr_eval host segment computes them first; kernels receive the values
  Duplicate,    // nvFuser's resolveScalarsInGroup: each segment recomputes what it needs
};

std::string_view scalarModeName(ScalarMode mode);
bool scalarModeFromName(std::string_view name, ScalarMode& mode);

struct Segment {
  int id = -1;
  scheduler::SchedulerType scheduler = scheduler::SchedulerType::None;
  /// Runs on the host (expr_eval): the host scalar segment, and lone matmul/sdpa/... exprs.
  bool host = false;
  /// Segscope's scalar segment (ScalarMode::HostSegment), not one of nvFuser's groups: nvFuser
  /// evaluates these scalars while it binds each kernel's arguments. host is true as well.
  bool hostScalars = false;
  /// Exprs of the complete fusion, in topological order. With ScalarMode::Duplicate a scalar
  /// expr may appear in several segments.
  std::vector<const ir::Expr*> exprs;
  /// Values of the complete fusion the segment reads (tensors and scalars, constants
  /// excluded), in argument order; and the values it produces for others or as fusion outputs.
  std::vector<const ir::Val*> inputs;
  std::vector<const ir::Val*> outputs;
};

/// "kernel", "expr_eval" (nvFuser's ATen-evaluated groups) or "host_scalars" (Segscope's).
std::string_view segmentKindName(const Segment& segment);

struct SegmentEdge {
  int from = -1;
  int to = -1;
  const ir::Val* val = nullptr;
};

struct Segmentation {
  /// The fusion that was segmented (after the pre-segmentation passes). Not owned: the
  /// caller keeps it alive as long as the Segmentation.
  const ir::Fusion* fusion = nullptr;
  ScalarMode scalarMode = ScalarMode::HostSegment;
  std::vector<Segment> segments;  // segments[i].id == i
  std::vector<SegmentEdge> edges;
  std::vector<int> runOrder;  // segment ids, producers first
};

/// The segment's scheduler name, or "host_scalars" for Segscope's host scalar segment (which
/// nvFuser would not call expr_eval: it has no such group).
std::string schedulerOrKind(const Segment& segment);

/// "N segments" or "N segments + host scalars": the host scalar segment is no segment of
/// nvFuser's, so it follows the count as its own kind instead of being counted.
std::string segmentCountText(const Segmentation& segmentation);

}  // namespace segscope::segmenter
