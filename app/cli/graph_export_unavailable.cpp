// Builds without Graphviz (SEGSCOPE_WITH_GRAPHVIZ=OFF, e.g. the GPU box): drawing commands
// explain what is missing instead of failing to link.
#include "cli/graph_export.h"

namespace segscope::cli {

bool graphExportAvailable() { return false; }

int autoCollapseOps() { return 1500; }  // unused without Graphviz: nothing is drawn

Status exportSegmentGraph(const pipeline::Session&, const std::optional<std::string>&,
                          const std::optional<std::string>&, const std::string&) {
  return makeError("this build has no Graphviz (configure with SEGSCOPE_WITH_GRAPHVIZ=ON for --svg/--dot)");
}

Status exportGraphModel(const graph::GraphModel&, const std::vector<std::string>&, const std::optional<std::string>&,
                        const std::optional<std::string>&) {
  return makeError("this build has no Graphviz (configure with SEGSCOPE_WITH_GRAPHVIZ=ON for --svg/--dot)");
}

Result<int> exportStepSvgs(const pipeline::Session&, const std::string&) {
  return makeError("this build has no Graphviz (configure with SEGSCOPE_WITH_GRAPHVIZ=ON for --svg-dir)");
}

}  // namespace segscope::cli
