// The step-drawing policy and the every-step SVG export, written once for the CLI and the GUI.
#include "layout/step_export.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "layout/graphviz_layout.h"
#include "scheduler/runtime_info.h"
#include "support/file_io.h"

namespace segscope::layout {

graph::BuildOptions stepDrawing(const trace::Step& step, graph::View partitionView) {
  graph::BuildOptions options;
  options.view = step.after && step.after->partition ? partitionView : graph::View::Fusion;
  const bool final = step.kind == trace::StepKind::Finalize;
  options.clusterWord = final ? "segment" : "group";
  options.singletonClusters = final;
  return options;
}

std::string stepFileName(const trace::Step& step) {
  std::string slug;
  for (char c : step.name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!slug.empty() && slug.back() != '-')
      slug += '-';
    if (slug.size() >= 40) break;
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  char number[16];
  std::snprintf(number, sizeof number, "%03d", step.index);
  return "step-" + std::string(number) + (slug.empty() ? "" : "-" + slug) + ".svg";
}

std::vector<const trace::Step*> stepsToExport(const trace::Trace& trace) {
  std::vector<const trace::Step*> steps;
  for (const trace::Step& s : trace.steps())
    if (s.modified && s.after) steps.push_back(&s);
  return steps;
}

Result<int> exportStepSvgs(const trace::Trace& trace, const std::vector<ir::InputSpec>& inputs, const std::string& dir,
                           const std::function<bool(int written, int total)>& onProgress, std::string_view scalarMode) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return makeError("cannot create " + dir + ": " + ec.message());
  const std::vector<const trace::Step*> steps = stepsToExport(trace);
  const int total = static_cast<int>(steps.size());
  std::map<const ir::Fusion*, std::optional<scheduler::RuntimeInfo>> sizesOf;  // steps share fusions
  int written = 0;
  for (const trace::Step* step : steps) {
    if (onProgress && !onProgress(written, total)) break;
    auto [it, fresh] = sizesOf.try_emplace(step->after->fusion.get());
    if (fresh)
      if (auto bound = scheduler::RuntimeInfo::bind(*step->after->fusion, inputs))
        it->second = std::move(bound.value());
    graph::BuildOptions options = stepDrawing(*step);
    if (it->second) options.sizes = &*it->second;
    const graph::GraphModel model = graph::buildStepGraph(*step, graph::StepSide::After, options);
    SEGSCOPE_TRY(std::string svg, renderSvg(model, {}, standardDecor(model, trace.profile, scalarMode)));
    if (Status st = support::writeFileAtomically((std::filesystem::path(dir) / stepFileName(*step)).string(), svg); !st)
      return st.error();
    ++written;
  }
  return written;
}

}  // namespace segscope::layout
