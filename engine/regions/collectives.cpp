// Collectives and their overlap. Schemas: torch/csrc/distributed/c10d/Functional.cpp
// (all_gather_into_tensor(input, group_size, group_name), reduce_scatter_tensor(input, reduce_op,
// group_size, group_name), all_reduce(input, reduce_op, group_name), all_to_all_single(input,
// output_split_sizes, input_split_sizes, group_name), broadcast(input, src, group_name), their
// _coalesced forms over lists, wait_tensor(tensor)). Time model: docs/regions.md.
#include "regions/collectives.h"

#include <algorithm>
#include <map>

namespace segscope::regions {
namespace {

constexpr std::string_view kNs = "_c10d_functional";

double bytesToMs(double bytes, double gbps) { return gbps > 0 ? bytes / (gbps * 1e9) * 1e3 : 0.0; }

// torch/utils/_runtime_estimation.py flops_to_ns: MACs (flops / 2) at 75 % of the peak.
double flopsToMs(double flops, double tflops) { return tflops > 0 ? (flops / 2) / (0.75 * tflops * 1e12) * 1e3 : 0.0; }

const fx::Node* argNode(const fx::Graph& g, const fx::Arg& a) {
  return a.kind == fx::Arg::Kind::Node ? &g.nodes[static_cast<std::size_t>(a.node)] : nullptr;
}

std::int64_t bytesOfArg(const fx::Graph& g, const fx::Arg& a, const fx::SymbolValues& symbols) {
  if (const fx::Node* n = argNode(g, a)) return fxNodeBytes(*n, symbols).value_or(0);
  std::int64_t sum = 0;
  for (const fx::Arg& item : a.items) sum += bytesOfArg(g, item, symbols);
  return sum;
}

// Sizes of a node argument's tensor, when all are known.
std::optional<std::vector<std::int64_t>> sizesOfArg(const fx::Graph& g, const fx::Arg& a,
                                                    const fx::SymbolValues& symbols) {
  const fx::Node* n = argNode(g, a);
  if (!n || n->meta.kind != fx::ValueMeta::Kind::Tensor) return std::nullopt;
  std::vector<std::int64_t> sizes;
  for (const fx::SizeExpr& s : n->meta.sizes) {
    const auto v = fx::evaluateSize(s, symbols);
    if (!v) return std::nullopt;
    sizes.push_back(*v);
  }
  return sizes;
}

std::string groupOf(const fx::Node& n) {
  for (auto it = n.args.rbegin(); it != n.args.rend(); ++it)
    if (it->kind == fx::Arg::Kind::String) return it->text;
  for (const fx::Arg& kw : n.kwargs)
    if (kw.keyword == "group_name") return kw.text;
  return {};
}

// The group size a call states: all_gather and reduce_scatter take it as their only int.
std::optional<int> statedRanks(const fx::Node& n) {
  if (n.opName.find("all_gather") == std::string::npos && n.opName.find("reduce_scatter") == std::string::npos)
    return std::nullopt;
  for (const fx::Arg& a : n.args)
    if (a.kind == fx::Arg::Kind::Int && a.intValue > 0) return static_cast<int>(a.intValue);
  for (const fx::Arg& kw : n.kwargs)
    if (kw.keyword == "group_size" && kw.kind == fx::Arg::Kind::Int) return static_cast<int>(kw.intValue);
  return std::nullopt;
}

// Ring model: each rank sends and receives (N-1)/N of the full tensor for all_gather,
// reduce_scatter and all_to_all, twice that for all_reduce (reduce_scatter + all_gather), and
// the whole tensor once for a pipelined broadcast.
double ringFactor(const std::string& kind, int ranks) {
  const double n = std::max(ranks, 1);
  if (kind.starts_with("all_reduce")) return 2.0 * (n - 1) / n;
  if (kind.starts_with("broadcast")) return 1.0;
  return (n - 1) / n;
}

// Whether every tensor the argument names has a known size.
bool sizedArg(const fx::Graph& g, const fx::Arg& a, const fx::SymbolValues& symbols) {
  if (const fx::Node* n = argNode(g, a))
    return n->meta.kind != fx::ValueMeta::Kind::Tensor || fxNodeBytes(*n, symbols).has_value();
  for (const fx::Arg& item : a.items)
    if (!sizedArg(g, item, symbols)) return false;
  return true;
}

// The full tensor the ring formula is stated on: the gathered output for all_gather (the
// node's own annotation, else ranks × its input), the input otherwise. nullopt when a size
// is unknown.
std::optional<std::int64_t> payloadBytes(const fx::Graph& g, const fx::Node& n, int ranks,
                                         const fx::SymbolValues& symbols) {
  if (n.args.empty()) return std::nullopt;
  if (n.opName.starts_with("all_gather"))
    if (const auto own = fxNodeBytes(n, symbols)) return *own;
  if (!sizedArg(g, n.args[0], symbols)) return std::nullopt;
  const std::int64_t input = bytesOfArg(g, n.args[0], symbols);
  return n.opName.starts_with("all_gather") ? input * ranks : input;
}

int waitFor(const fx::Graph& g, int issue) {
  const fx::Node& n = g.nodes[static_cast<std::size_t>(issue)];
  int first = -1;
  const auto consider = [&](int user) {
    if (isWaitNode(g.nodes[static_cast<std::size_t>(user)]) && (first < 0 || user < first)) first = user;
  };
  for (int u : n.users) {
    consider(u);
    const fx::Node& user = g.nodes[static_cast<std::size_t>(u)];
    if (user.ns == "operator" && user.opName == "getitem")  // a _coalesced call's element
      for (int w : user.users) consider(w);
  }
  return first;
}

bool isMatmul(const fx::Node& n) {
  static const std::vector<std::string> ops = {"mm", "bmm", "addmm", "baddbmm", "_scaled_mm", "_int_mm", "convolution"};
  return n.torchOp && n.ns == "aten" && std::find(ops.begin(), ops.end(), n.opName) != ops.end();
}

bool isAttention(const fx::Node& n) {
  return n.torchOp && n.ns == "aten" && n.opName.starts_with("_scaled_dot_product_") &&
         n.opName.find("attention") != std::string::npos;
}

// flop_counter.py's formulas: mm 2·M·N·K, bmm 2·B·M·N·K, convolution 2·out·(C_in/groups)·kernel;
// sdpa forward two bmms (4·B·H·Sq·Skv·D), backward four.
double flopsOf(const fx::Graph& g, const fx::Node& n, const fx::SymbolValues& symbols) {
  const auto arg = [&](std::size_t i) { return i < n.args.size() ? sizesOfArg(g, n.args[i], symbols) : std::nullopt; };
  const std::size_t lhs = (n.opName == "addmm" || n.opName == "baddbmm") ? 1 : 0;
  if (isMatmul(n) && n.opName != "convolution") {
    const auto a = arg(lhs), b = arg(lhs + 1);
    if (!a || !b || a->size() < 2 || b->empty()) return 0;
    double f = 2.0 * static_cast<double>(a->back()) * static_cast<double>(b->back());
    for (std::size_t d = 0; d + 1 < a->size(); ++d) f *= static_cast<double>((*a)[d]);
    return f;
  }
  if (n.opName == "convolution") {
    const auto w = arg(1);
    const auto out = fxNodeBytes(n, symbols);
    const int element = fx::elementBytes(n.meta.dtype);
    if (!w || w->size() < 2 || !out || element == 0) return 0;
    double f = 2.0 * static_cast<double>(*out / element);
    for (std::size_t d = 1; d < w->size(); ++d) f *= static_cast<double>((*w)[d]);
    return f;
  }
  if (isAttention(n)) {
    const bool backward = n.opName.ends_with("_backward");
    const auto q = arg(backward ? 1 : 0), k = arg(backward ? 2 : 1);
    if (!q || !k || q->size() != 4 || k->size() != 4) return 0;
    const double fwd = 4.0 * (*q)[0] * (*q)[1] * (*q)[2] * (*k)[2] * (*q)[3];
    return backward ? 2 * fwd : fwd;
  }
  return 0;
}

// Tensor bytes a node reads and writes: its tensor arguments and its own value.
double ioBytes(const fx::Graph& g, const fx::Node& n, const fx::SymbolValues& symbols) {
  double bytes = static_cast<double>(fxNodeBytes(n, symbols).value_or(0));
  for (int in : n.inputs)
    bytes += static_cast<double>(fxNodeBytes(g.nodes[static_cast<std::size_t>(in)], symbols).value_or(0));
  return bytes;
}

// What the node between issue and wait costs, if it is a kernel that is not in a region.
std::optional<ComputeItem> computeOf(const fx::Graph& g, int at, const FxRegionAnalysis& regions,
                                     const fx::SymbolValues& symbols, const scheduler::DeviceProfile& device) {
  const fx::Node& n = g.nodes[static_cast<std::size_t>(at)];
  if (n.op != fx::NodeOp::CallFunction || !n.torchOp || n.ns == kNs) return std::nullopt;
  if (regions.regionOf[static_cast<std::size_t>(at)] >= 0 || isFxViewNode(n)) return std::nullopt;
  ComputeItem item;
  item.node = at;
  const double memoryMs = bytesToMs(ioBytes(g, n, symbols), device.dramBandwidthGBps);
  if (isMatmul(n) || isAttention(n)) {
    item.kind = isMatmul(n) ? "matmul" : "attention";
    item.flops = flopsOf(g, n, symbols);
    item.ms = std::max(flopsToMs(item.flops, device.tensorTflops), memoryMs);
    return item;
  }
  if (n.meta.kind != fx::ValueMeta::Kind::Tensor && n.meta.kind != fx::ValueMeta::Kind::None) return std::nullopt;
  if (memoryMs <= 0) return std::nullopt;
  item.kind = isFusibleFxNode(n, regions.rules) ? "lone" : "kernel";
  item.ms = memoryMs;
  return item;
}

}  // namespace

std::string_view overlapVerdictName(OverlapVerdict v) {
  switch (v) {
    case OverlapVerdict::Hidden: return "hidden";
    case OverlapVerdict::PartlyHidden: return "partly hidden";
    case OverlapVerdict::Exposed: return "exposed";
    case OverlapVerdict::Unknown: return "unknown";
  }
  return "?";
}

bool isCollectiveNode(const fx::Node& node) { return node.torchOp && node.ns == kNs && !isWaitNode(node); }
bool isWaitNode(const fx::Node& node) { return node.torchOp && node.ns == kNs && node.opName == "wait_tensor"; }

CollectiveAnalysis findCollectives(const fx::Graph& graph, const FxRegionAnalysis& regions,
                                   const fx::SymbolValues& symbols, const scheduler::DeviceProfile& device,
                                   const CollectiveOptions& options) {
  CollectiveAnalysis out;
  out.interconnectGBps = device.interconnectGBps;
  out.tensorTflops = device.tensorTflops;
  std::map<std::string, int> groupRanks;
  for (const fx::Node& n : graph.nodes)
    if (isCollectiveNode(n))
      if (const auto r = statedRanks(n)) groupRanks.emplace(groupOf(n), *r);
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const fx::Node& n = graph.nodes[i];
    if (!isCollectiveNode(n)) continue;
    CollectiveSpan c;
    c.issue = static_cast<int>(i);
    c.kind = n.opName;
    c.group = groupOf(n);
    const auto known = groupRanks.find(c.group);
    c.ranks = statedRanks(n).value_or(known != groupRanks.end() ? known->second : options.defaultRanks);
    c.ranksAssumed = !statedRanks(n) && known == groupRanks.end();
    const auto payload = payloadBytes(graph, n, c.ranks, symbols);
    c.sized = payload.has_value();
    c.bytes = payload.value_or(0);
    c.commMs = bytesToMs(ringFactor(c.kind, c.ranks) * static_cast<double>(c.bytes), device.interconnectGBps);
    c.wait = waitFor(graph, c.issue);
    const std::size_t end = c.wait < 0 ? graph.nodes.size() : static_cast<std::size_t>(c.wait);
    for (std::size_t k = i + 1; k < end; ++k) {
      const int region = regions.regionOf[k];
      if (region >= 0) {
        if (std::find(c.regions.begin(), c.regions.end(), region) == c.regions.end()) {
          c.regions.push_back(region);
          c.regionMs += regions.regions[static_cast<std::size_t>(region)].costMs;
        }
        continue;
      }
      if (auto item = computeOf(graph, static_cast<int>(k), regions, symbols, device)) {
        c.computeMs += item->ms;
        c.compute.push_back(std::move(*item));
      }
    }
    c.computeMs += c.regionMs;
    c.exposedMs = std::max(0.0, c.commMs - c.computeMs);
    c.verdict = !c.sized                  ? OverlapVerdict::Unknown
                : c.computeMs >= c.commMs ? OverlapVerdict::Hidden
                : c.computeMs > 0         ? OverlapVerdict::PartlyHidden
                                          : OverlapVerdict::Exposed;
    out.collectives.push_back(std::move(c));
  }
  return out;
}

}  // namespace segscope::regions
