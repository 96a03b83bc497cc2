// What the GUI shows (the pipeline's Session: a script run through the pipeline, or a saved
// trace file) and what the user selected in it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/session.h"

namespace segscope::ui {

/// The GUI shows the engine's own Session (one type for CLI and GUI alike).
using Session = pipeline::Session;
using SessionPtr = pipeline::SessionPtr;

/// What the user clicked on the graph (or chose in a dock); ids refer to the current step's
/// graph::GraphModel.
struct Selection {
  enum class Kind { None, Node, Cluster, Edge };
  Kind kind = Kind::None;
  std::string nodeId;  // Node: graph::Node::id; Edge: "from>to"
  int exprId = -1;     // the op (Node)
  int valId = -1;      // the value (Node for inputs/tensors, Edge)
  int group = -1;      // the group/segment (Cluster, or the op's group)
  int sourceLine = 0;  // 1-based, 0 = unknown

  bool empty() const { return kind == Kind::None; }
};

}  // namespace segscope::ui
