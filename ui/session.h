// What the GUI shows: one recorded trace (from a script run through the pipeline, or a saved
// trace file) with the script's text, and what the user selected in it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/input_spec.h"
#include "scheduler/device_profile.h"
#include "segmenter/segment_candidate_finder.h"
#include "trace/trace.h"

namespace segscope::ui {

struct Session {
  std::string file;    // the script (or trace .json) the user opened
  std::string source;  // the script's text; empty for a trace opened without its script
  std::shared_ptr<const trace::Trace> trace;
  /// The script's input sizes and the device profile the trace was made for: what the
  /// analyses that need concrete bytes (regions) bind to. Empty / nullopt for a saved trace
  /// whose script is gone.
  std::vector<ir::InputSpec> inputs;
  std::optional<scheduler::DeviceProfile> profile;
  /// What running the fusion needs (the Run panel): the final segmentation and the fusion as
  /// the script defined it (the reference the segmented run is checked against). Null for a
  /// saved trace.
  std::shared_ptr<const segmenter::SegmentationResult> segmentation;
  std::shared_ptr<const ir::Fusion> loaded;
};

using SessionPtr = std::shared_ptr<const Session>;

/// What the user clicked on the graph (or chose in a dock); ids refer to the current step's
/// graph::GraphModel.
struct Selection {
  enum class Kind { None, Node, Cluster, Edge };
  Kind kind = Kind::None;
  std::string nodeId;   // Node: graph::Node::id; Edge: "from>to"
  int exprId = -1;      // the op (Node)
  int valId = -1;       // the value (Node for inputs/tensors, Edge)
  int group = -1;       // the group/segment (Cluster, or the op's group)
  int sourceLine = 0;   // 1-based, 0 = unknown

  bool empty() const { return kind == Kind::None; }
};

}  // namespace segscope::ui
