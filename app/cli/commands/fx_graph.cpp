// `regions` and `info` on a PyTorch FX graph printout: the fusion regions by the seed's or
// current PyTorch's rules, each collective with what lies between it and its wait, and a
// summary of the graph. The engine's pipeline/fx_analysis.h does the work.
#include <cstdio>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/commands/commands.h"
#include "cli/commands/common.h"
#include "cli/graph_export.h"
#include "pipeline/fx_analysis.h"
#include "support/file_io.h"
#include "support/text.h"

namespace segscope::cli {
namespace {

using nlohmann::json;

std::string nodeName(const fx::Graph& g, int i) {
  return i < 0 ? std::string("-") : g.nodes[static_cast<std::size_t>(i)].name;
}

json names(const fx::Graph& g, const std::vector<int>& nodes) {
  json list = json::array();
  for (int n : nodes) list.push_back(nodeName(g, n));
  return list;
}

// Names, at most `limit`, then "(+N more)".
std::string nameList(const fx::Graph& g, const std::vector<int>& nodes, std::size_t limit = 6) {
  std::string s;
  for (std::size_t i = 0; i < nodes.size() && i < limit; ++i) s += (s.empty() ? "" : " ") + nodeName(g, nodes[i]);
  if (nodes.size() > limit) s += " (+" + std::to_string(nodes.size() - limit) + " more)";
  return s.empty() ? "-" : s;
}

std::optional<pipeline::FxFile> readOrReport(const std::string& path) {
  Diagnostic failure;
  auto file = pipeline::readFxFile(path, &failure);
  if (!file) {
    std::cerr << failure.format();
    return std::nullopt;
  }
  for (const Diagnostic& w : file->warnings) std::cerr << w.format();
  return std::move(file.value());
}

Result<pipeline::FxOptions> optionsOf(const Arguments& args) {
  pipeline::FxOptions o;
  if (auto p = args.value("--profile")) o.profile = *p;
  if (auto r = args.value("--rules")) o.rules = *r;
  o.symbols = args.all("--sym");
  const auto number = [](const std::string& flag, const std::string& text) -> Result<int> {
    try {
      std::size_t used = 0;
      const int v = std::stoi(text, &used);
      if (used == text.size()) return v;
    } catch (const std::exception&) {
    }
    return makeError(flag + " takes a number, not '" + text + "'");
  };
  if (auto g = args.value("--graph")) {
    SEGSCOPE_TRY(o.graph, number("--graph", *g));
  }
  if (auto r = args.value("--ranks")) {
    SEGSCOPE_TRY(o.defaultRanks, number("--ranks", *r));
  }
  return o;
}

json regionsJsonOf(const pipeline::FxAnalysis& a) {
  const fx::Graph& g = *a.graph;
  json regions = json::array();
  for (const regions::FxRegion& r : a.regions.regions)
    regions.push_back({{"id", r.id},
                       {"members", names(g, r.members)},
                       {"inputs", names(g, r.inputs)},
                       {"outputs", names(g, r.outputs)},
                       {"users", names(g, r.users)},
                       {"bytes", r.bytes},
                       {"cost_ms", r.costMs},
                       {"sized", r.sized}});
  json collectives = json::array();
  for (const regions::CollectiveSpan& c : a.collectives.collectives) {
    json compute = json::array();
    for (const regions::ComputeItem& item : c.compute)
      compute.push_back(
          {{"node", nodeName(g, item.node)}, {"kind", item.kind}, {"ms", item.ms}, {"flops", item.flops}});
    collectives.push_back({{"node", nodeName(g, c.issue)},
                           {"wait", c.wait < 0 ? json(nullptr) : json(nodeName(g, c.wait))},
                           {"kind", c.kind},
                           {"group", c.group},
                           {"ranks", c.ranks},
                           {"ranks_assumed", c.ranksAssumed},
                           {"bytes", c.bytes},
                           {"sized", c.sized},
                           {"regions", c.regions},
                           {"compute", compute},
                           {"region_ms", c.regionMs},
                           {"compute_ms", c.computeMs},
                           {"comm_ms", c.commMs},
                           {"exposed_ms", c.exposedMs},
                           {"verdict", std::string(regions::overlapVerdictName(c.verdict))}});
  }
  return {{"graph", g.title},
          {"rules", std::string(regions::fxRuleSetName(a.regions.rules))},
          {"profile", a.device.name},
          {"dram_gbps", a.device.dramBandwidthGBps},
          {"interconnect_gbps", a.device.interconnectGBps},
          {"tensor_tflops", a.device.tensorTflops},
          {"regions", regions},
          {"collectives", collectives},
          {"total_bytes", a.regions.totalBytes},
          {"total_cost_ms", a.regions.totalCostMs},
          {"unsized_nodes", a.regions.unsizedNodes}};
}

void printRegions(const pipeline::FxAnalysis& a) {
  const fx::Graph& g = *a.graph;
  const auto& rs = a.regions.regions;
  std::printf("%s: %zu region%s (%s rules) on %s (%.0f GB/s): %s cross region boundaries, %s\n", g.title.c_str(),
              rs.size(), rs.size() == 1 ? "" : "s", std::string(regions::fxRuleSetName(a.regions.rules)).c_str(),
              a.device.name.c_str(), a.device.dramBandwidthGBps, support::bytesText(a.regions.totalBytes).c_str(),
              support::durationText(a.regions.totalCostMs).c_str());
  if (!rs.empty()) {
    std::printf("  %-6s %5s  %-12s %-10s %s\n", "region", "nodes", "bytes", "cost", "first .. last");
    for (const regions::FxRegion& r : rs) {
      std::printf("  %-6d %5zu  %-12s %-10s %s .. %s\n", r.id, r.members.size(),
                  ((r.sized ? "" : ">= ") + support::bytesText(r.bytes)).c_str(),
                  support::durationText(r.costMs).c_str(), nodeName(g, r.members.front()).c_str(),
                  nodeName(g, r.members.back()).c_str());
      std::printf("         reads %s; writes %s\n", nameList(g, r.inputs).c_str(), nameList(g, r.outputs).c_str());
    }
  }
  if (!a.regions.unsizedNodes.empty())
    std::printf(
        "  note: %zu tensor%s without a size (a symbol with no --sym value, or an unknown dtype) count as 0 "
        "bytes, so figures marked >= are lower bounds; first: %s\n",
        a.regions.unsizedNodes.size(), a.regions.unsizedNodes.size() == 1 ? "" : "s",
        a.regions.unsizedNodes.front().c_str());
  const auto& cs = a.collectives.collectives;
  if (cs.empty()) {
    std::printf("no collectives\n");
    return;
  }
  std::printf("%zu collective%s (ring model: %.0f GB/s per direction; matmul and attention at 75%% of %.0f TFLOP/s)\n",
              cs.size(), cs.size() == 1 ? "" : "s", a.collectives.interconnectGBps, a.collectives.tensorTflops);
  std::printf("  %-28s %-24s %5s %-12s %-9s %-9s %-9s %s\n", "collective", "kind", "ranks", "bytes", "comm", "compute",
              "exposed", "verdict (what lies before the wait)");
  for (const regions::CollectiveSpan& c : cs) {
    std::string between = std::to_string(c.regions.size()) + " region" + (c.regions.size() == 1 ? "" : "s");
    std::map<std::string, int> kinds;
    for (const regions::ComputeItem& item : c.compute) ++kinds[item.kind];
    for (const auto& [kind, n] : kinds) between += ", " + std::to_string(n) + " " + kind;
    std::printf("  %-28s %-24s %4d%s %-12s %-9s %-9s %-9s %s (%s; wait %s)\n", nodeName(g, c.issue).c_str(),
                c.kind.c_str(), c.ranks, c.ranksAssumed ? "*" : " ", support::bytesText(c.bytes).c_str(),
                support::durationText(c.commMs).c_str(), support::durationText(c.computeMs).c_str(),
                support::durationText(c.exposedMs).c_str(), std::string(regions::overlapVerdictName(c.verdict)).c_str(),
                between.c_str(), nodeName(g, c.wait).c_str());
  }
  for (const regions::CollectiveSpan& c : cs)
    if (c.ranksAssumed) {
      std::printf("  * no call in the graph states the group size of '%s': it comes from --ranks (default 8)\n",
                  c.group.c_str());
      break;
    }
}

}  // namespace

bool isFxFile(const std::string& path) {
  auto text = support::readTextFile(path);
  return text && pipeline::isFxText(*text);
}

int fxRegionsCommand(const Arguments& args) {
  auto file = readOrReport(args.file);
  if (!file) return kBadInput;
  auto options = optionsOf(args);
  if (!options) {
    std::cerr << "error: " << options.error().message << "\n";
    return kBadInput;
  }
  auto analysis = pipeline::analyzeFxGraph(*file, *options);
  if (!analysis) {
    std::cerr << "error: " << analysis.error().message << "\n";
    return kBadInput;
  }
  if (args.value("--json") != std::optional<std::string>("-")) printRegions(*analysis);
  if (args.value("--svg") || args.value("--dot")) {  // the graph: collectives as hexagons, regions in tooltips
    const std::vector<std::string> caption = {
        analysis->graph->title, std::string(regions::fxRuleSetName(analysis->regions.rules)) + " rules · " +
                                    std::to_string(analysis->regions.regions.size()) + " regions · " +
                                    std::to_string(analysis->collectives.collectives.size()) + " collectives · " +
                                    analysis->device.name};
    if (Status st =
            exportGraphModel(pipeline::fxGraphModel(*analysis), caption, args.value("--svg"), args.value("--dot"));
        !st) {
      std::cerr << "error: " << st.error().message << "\n";
      return kRuntimeFailure;
    }
  }
  if (auto st = writeOutput(args.value("--json"), regionsJsonOf(*analysis).dump(2) + "\n"); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

int fxInfoCommand(const Arguments& args) {
  auto file = readOrReport(args.file);
  if (!file) return kBadInput;
  json graphs = json::array();
  for (std::size_t gi = 0; gi < file->document.graphs.size(); ++gi) {
    const fx::Graph& g = file->document.graphs[gi];
    std::map<std::string, int> ops;
    int placeholders = 0, collectives = 0, waits = 0;
    for (const fx::Node& n : g.nodes) {
      if (n.op == fx::NodeOp::Placeholder) ++placeholders;
      if (n.op == fx::NodeOp::CallFunction || n.op == fx::NodeOp::CallMethod) ++ops[fx::describeTarget(n)];
      collectives += regions::isCollectiveNode(n);
      waits += regions::isWaitNode(n);
    }
    if (!args.value("--json") || *args.value("--json") != "-") {
      std::printf(
          "graph %zu: %s  (line %d)\n  %zu nodes: %d placeholders, %d collectives, %d waits\n  ops (%zu kinds):\n",
          gi + 1, g.title.c_str(), g.firstLine, g.nodes.size(), placeholders, collectives, waits, ops.size());
      for (const auto& [op, n] : ops) std::printf("    %5d  %s\n", n, op.c_str());
    }
    graphs.push_back({{"title", g.title},
                      {"line", g.firstLine},
                      {"nodes", g.nodes.size()},
                      {"placeholders", placeholders},
                      {"collectives", collectives},
                      {"waits", waits},
                      {"ops", ops}});
  }
  if (auto st = writeOutput(args.value("--json"), json{{"file", args.file}, {"graphs", graphs}}.dump(2) + "\n"); !st) {
    std::cerr << "error: " << st.error().message << "\n";
    return kRuntimeFailure;
  }
  return kOk;
}

}  // namespace segscope::cli
