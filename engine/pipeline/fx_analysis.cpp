// The FX façade: reading with diagnostics, option checks, then regions and collectives.
#include "pipeline/fx_analysis.h"

#include <charconv>

#include "fx/fx_reader.h"
#include "graph/fx_graph_model.h"
#include "pipeline/pipeline.h"
#include "support/file_io.h"

namespace segscope::pipeline {
namespace {

Result<fx::SymbolValues> parseSymbols(const std::vector<std::string>& given) {
  fx::SymbolValues values;
  for (const std::string& s : given) {
    const auto eq = s.find('=');
    std::int64_t v = 0;
    const char* end = s.data() + s.size();
    if (eq == std::string::npos || eq == 0 || std::from_chars(s.data() + eq + 1, end, v).ptr != end ||
        eq + 1 == s.size())
      return makeError("--sym takes NAME=INTEGER (such as s0=8192), not '" + s + "'");
    values[s.substr(0, eq)] = v;
  }
  return values;
}

}  // namespace

bool isFxText(const std::string& text) { return fx::looksLikeFxText(text); }

Result<FxFile> readFxFile(const std::string& path, Diagnostic* failure) {
  FxFile file;
  file.path = path;
  auto text = support::readTextFile(path);
  if (!text) {
    if (failure) *failure = Diagnostic{Severity::Error, path, {}, text.error().message, {}};
    return text.error();
  }
  file.text = std::move(text.value());
  auto doc = fx::readFxText(file.text);
  if (!doc) {
    if (failure) *failure = makeDiagnostic(doc.error(), path, file.text);
    return doc.error();
  }
  file.document = std::move(doc.value());
  for (const auto& [loc, message] : file.document.warnings)
    file.warnings.push_back(makeDiagnostic(makeError(message, loc), path, file.text, Severity::Warning));
  return file;
}

Result<FxAnalysis> analyzeFxGraph(const FxFile& file, const FxOptions& options) {
  FxAnalysis out;
  SEGSCOPE_TRY(out.device, resolveProfile(options.profile));
  const auto rules = regions::fxRuleSetByName(options.rules);
  if (!rules) return makeError("--rules takes seed or current, not '" + options.rules + "'");
  SEGSCOPE_TRY(out.symbols, parseSymbols(options.symbols));
  const int count = static_cast<int>(file.document.graphs.size());
  if (options.graph < 1 || options.graph > count)
    return makeError("--graph " + std::to_string(options.graph) + ": the file has " + std::to_string(count) + " graph" +
                     (count == 1 ? "" : "s"));
  if (options.defaultRanks < 1) return makeError("--ranks takes a positive number of ranks");
  out.graphNumber = options.graph;
  out.graph = &file.document.graphs[static_cast<std::size_t>(options.graph - 1)];
  out.regions = regions::findFxRegions(*out.graph, *rules, out.symbols, out.device);
  out.collectives = regions::findCollectives(*out.graph, out.regions, out.symbols, out.device,
                                             regions::CollectiveOptions{options.defaultRanks});
  return out;
}

graph::GraphModel fxGraphModel(const FxAnalysis& analysis, int collective, int selected) {
  graph::FxMarks marks;
  marks.regionOf = analysis.regions.regionOf;
  marks.collective.assign(analysis.graph->nodes.size(), false);
  for (std::size_t i = 0; i < analysis.graph->nodes.size(); ++i) {
    const fx::Node& n = analysis.graph->nodes[i];
    marks.collective[i] = regions::isCollectiveNode(n) || regions::isWaitNode(n);
  }
  const auto& spans = analysis.collectives.collectives;
  if (collective >= 0 && static_cast<std::size_t>(collective) < spans.size()) {
    marks.spanIssue = spans[static_cast<std::size_t>(collective)].issue;
    marks.spanWait = spans[static_cast<std::size_t>(collective)].wait;
  }
  marks.selected = selected;
  return graph::buildFxGraphModel(*analysis.graph, marks);
}

}  // namespace segscope::pipeline
