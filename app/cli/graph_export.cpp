// Drawing the pipeline's results with Graphviz: the segment graph and one picture per step.
#include "cli/graph_export.h"

#include "graph/graph_builder.h"
#include "layout/graphviz_layout.h"
#include "layout/step_export.h"
#include "layout/tile_svg.h"
#include "support/file_io.h"

namespace segscope::cli {
namespace {

std::optional<graph::View> viewFromName(const std::string& name) {
  if (name == "segments") return graph::View::Segments;
  if (name == "collapsed") return graph::View::Collapsed;
  if (name == "fusion") return graph::View::Fusion;
  return std::nullopt;
}

}  // namespace

int autoCollapseOps() { return graph::kAutoCollapseOps; }

Status exportGraphModel(const graph::GraphModel& model, const std::vector<std::string>& caption,
                        const std::optional<std::string>& svgPath, const std::optional<std::string>& dotPath) {
  if (svgPath) {
    SEGSCOPE_TRY(std::string svg, layout::renderSvg(model, {}, layout::SvgDecor{caption, false}));
    if (Status st = support::writeFileAtomically(*svgPath, svg); !st) return st;
  }
  if (dotPath) {
    SEGSCOPE_TRY(std::string dot, layout::renderDot(model));
    if (Status st = support::writeFileAtomically(*dotPath, dot); !st) return st;
  }
  return {};
}

bool graphExportAvailable() { return true; }

Status exportSegmentGraph(const pipeline::Session& run, const std::optional<std::string>& svgPath,
                          const std::optional<std::string>& dotPath, const std::string& view) {
  const auto v = viewFromName(view);
  if (!v) return makeError("unknown view '" + view + "'; views are: segments collapsed fusion");
  const trace::SnapshotPtr snapshot = run.segmentationSnapshot();
  // Sizes are keyed by value: those of the snapshot's own copy of the fusion.
  auto sizes = run.runtimeOf(*snapshot->fusion);
  graph::BuildOptions options;
  options.view = *v;
  options.clusterWord = "segment";
  if (sizes) options.sizes = sizes.value().get();
  // Hundreds of segments: the window's overview, tiles in a grid, instead of a graph dot makes
  // hundreds of points wide and tall and mostly white.
  options.overview = *v == graph::View::Collapsed && snapshot->partition->groups().size() > graph::kOverviewAbove;
  graph::GraphModel model = graph::buildGraph(*snapshot, options);
  model.title += " · " + segmenter::segmentCountText(run.segmentation->segmentation) + " on " + run.profile->name;
  if (svgPath) {
    const auto decor = layout::standardDecor(model, run.profile->name,
                                             segmenter::scalarModeName(run.segmentation->segmentation.scalarMode));
    constexpr double kPageAspect = 1.5;  // a landscape page or screen
    std::string svg;
    if (options.overview) {
      svg = layout::renderTilesSvg(model, decor, kPageAspect);
    } else {
      SEGSCOPE_TRY(svg, layout::renderSvg(model, {}, decor));
    }
    if (Status st = support::writeFileAtomically(*svgPath, svg); !st) return st;
  }
  if (dotPath) {
    SEGSCOPE_TRY(std::string dot, layout::renderDot(model));
    if (Status st = support::writeFileAtomically(*dotPath, dot); !st) return st;
  }
  return {};
}

Result<int> exportStepSvgs(const pipeline::Session& run, const std::string& dir) {
  const std::string_view scalarMode =
      run.segmentation ? segmenter::scalarModeName(run.segmentation->segmentation.scalarMode) : std::string_view{};
  return layout::exportStepSvgs(*run.trace, run.script.inputs, dir, {}, scalarMode);
}

}  // namespace segscope::cli
