// Drawing the pipeline's results with Graphviz: the segment graph and one picture per step.
#include "cli/graph_export.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>

#include "frontend/file_io.h"
#include "graph/graph_builder.h"
#include "layout/graphviz_layout.h"

namespace segscope::cli {
namespace {

std::optional<graph::View> viewFromName(const std::string& name) {
  if (name == "segments") return graph::View::Segments;
  if (name == "collapsed") return graph::View::Collapsed;
  if (name == "fusion") return graph::View::Fusion;
  return std::nullopt;
}

// "step-012-merge-g3-g4.svg": sortable and readable in a file browser.
std::string stepFileName(const trace::Step& step) {
  std::string slug;
  for (char c : step.name) {
    if (std::isalnum(static_cast<unsigned char>(c))) slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!slug.empty() && slug.back() != '-') slug += '-';
    if (slug.size() >= 40) break;
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  char number[16];
  std::snprintf(number, sizeof number, "%03d", step.index);
  return "step-" + std::string(number) + (slug.empty() ? "" : "-" + slug) + ".svg";
}

}  // namespace

bool graphExportAvailable() { return true; }

Status exportSegmentGraph(const pipeline::Session& run, const std::optional<std::string>& svgPath,
                          const std::optional<std::string>& dotPath, const std::string& view) {
  const auto v = viewFromName(view);
  if (!v) return makeError("unknown view '" + view + "'; views are: segments collapsed fusion");
  const trace::SnapshotPtr snapshot = graph::snapshotOfSegmentation(run.segmentation->segmentation);
  // Sizes are keyed by value, so bind them to the snapshot's own copy of the fusion.
  auto sizes = scheduler::RuntimeInfo::bind(*snapshot->fusion, run.script.inputs);
  graph::BuildOptions options;
  options.view = *v;
  options.clusterWord = "segment";
  if (sizes) options.sizes = &sizes.value();
  graph::GraphModel model = graph::buildGraph(*snapshot, options);
  model.title += " · " + std::to_string(run.segmentation->segmentation.segments.size()) + " segments on " + run.profile->name;
  if (svgPath) {
    SEGSCOPE_TRY(std::string svg, layout::renderSvg(model));
    if (Status st = frontend::writeFileAtomically(*svgPath, svg); !st) return st;
  }
  if (dotPath) {
    SEGSCOPE_TRY(std::string dot, layout::renderDot(model));
    if (Status st = frontend::writeFileAtomically(*dotPath, dot); !st) return st;
  }
  return {};
}

Result<int> exportStepSvgs(const pipeline::Session& run, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return makeError("cannot create " + dir + ": " + ec.message());
  std::map<const ir::Fusion*, std::optional<scheduler::RuntimeInfo>> sizesOf;  // steps share fusions
  int written = 0;
  for (const trace::Step& step : run.trace->steps()) {
    if (!step.modified || !step.after) continue;
    auto [it, fresh] = sizesOf.try_emplace(step.after->fusion.get());
    if (fresh)
      if (auto bound = scheduler::RuntimeInfo::bind(*step.after->fusion, run.script.inputs)) it->second = std::move(bound.value());
    graph::BuildOptions options;
    options.view = step.after->partition ? graph::View::Segments : graph::View::Fusion;
    options.clusterWord = step.kind == trace::StepKind::Finalize ? "segment" : "group";
    options.singletonClusters = step.kind == trace::StepKind::Finalize;
    if (it->second) options.sizes = &*it->second;
    const graph::GraphModel model = graph::buildStepGraph(step, graph::StepSide::After, options);
    SEGSCOPE_TRY(std::string svg, layout::renderSvg(model));
    if (Status st = frontend::writeFileAtomically((std::filesystem::path(dir) / stepFileName(step)).string(), svg); !st)
      return st.error();
    ++written;
  }
  return written;
}

}  // namespace segscope::cli
