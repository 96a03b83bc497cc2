// nvFuser's own segmentation drawn from what it printed (segmented_fusion), for a dump that
// came without its definition: there is nothing for Segscope to segment, only nvFuser's view.
#pragma once

#include "graph/graph_model.h"
#include "nvlog/nvlog.h"

namespace segscope::graph {

/// The final groups of `runtime` as clusters of their printed exprs, edges joining each tensor's
/// producer to its users, fusion inputs as input nodes. A dump without group details
/// (segmenter_logging's short form) draws each group as one node, joined by the printed edges.
/// Empty when the runtime printed no segmented_fusion; `title` names the drawing.
GraphModel buildNvFuserView(const nvlog::Runtime& runtime, const std::string& title);

}  // namespace segscope::graph
