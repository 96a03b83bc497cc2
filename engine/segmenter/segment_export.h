// Segment export (nvFuser's SegmentationState): each segment as a standalone Fusion, its
// repro script, and the maps from its inputs/outputs to the complete fusion's values.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"
#include "segmenter/segmentation.h"
#include "support/result.h"

namespace segscope::segmenter {

/// Where a segment reads one of its inputs from.
enum class ArgSource {
  FusionInput,  // an input of the complete fusion (see inputIndex)
  Segment,      // an output of an earlier segment (see inputProducer)
  Extent,       // a symbolic extent of a complete-fusion tensor that no segment computes
};

struct SegmentExport {
  int segment = -1;
  bool host = false;
  scheduler::SchedulerType scheduler = scheduler::SchedulerType::None;
  /// Copies of the segment's exprs with their val and expr ids (random ops are seeded by
  /// expr id, so a segment draws the same numbers as the unsegmented fusion). Inputs are
  /// exactly Segment::inputs and outputs exactly Segment::outputs, in the same order.
  std::unique_ptr<ir::Fusion> fusion;
  /// The fusion as a repro script (frontend::writeScript).
  std::string script;

  // One entry per segment input, in argument order.
  std::vector<int> inputValId;  // the complete fusion's val id
  std::vector<int> inputIndex;  // index among the complete fusion's inputs, or -1
  std::vector<ArgSource> inputSource;
  std::vector<int> inputProducer;  // the segment that produces it, or -1
  // One entry per segment output, in order.
  std::vector<int> outputValId;  // the complete fusion's val id
  std::vector<int> outputIndex;  // index among the complete fusion's outputs, or -1
};

struct ExportOptions {
  /// The complete fusion's input specs (the script footer). When given, segment inputs
  /// that are fusion inputs use them in the exported footer, and intermediates get the
  /// sizes and host scalar values they imply (scheduler::RuntimeInfo); else defaults.
  const std::vector<ir::InputSpec>* fusionInputs = nullptr;
  bool writeScript = true;
};

/// Exports segment `segmentId` of `segmentation`. Symbolic dims of the segment's input
/// tensors get fresh extents measuring that input (nvFuser's eraseInputDistinctRootDomains),
/// except a complete-fusion input's own extents, which keep their ids; a computed tensor's
/// extent that the segment cannot see becomes a fresh extent measuring the first segment
/// tensor that carries it. Fresh extents get ids above every id of the complete fusion.
Result<SegmentExport> exportSegment(const Segmentation& segmentation, int segmentId, const ExportOptions& options = {});

/// Every segment, in run order.
Result<std::vector<SegmentExport>> exportAllSegments(const Segmentation& segmentation,
                                                     const ExportOptions& options = {});

std::string_view argSourceName(ArgSource source);

}  // namespace segscope::segmenter
