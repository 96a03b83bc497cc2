// Fusion regions of an nvFuser fusion: classify ops, hand the fusion to the region core
// (region_graph.h) as a plain graph, and price each region's boundary traffic.
#include "regions/regions.h"

#include <algorithm>
#include <unordered_map>

#include "ir/op_classes.h"
#include "regions/region_graph.h"

namespace segscope::regions {
namespace {

bool producesOnlyScalars(const ir::Expr* e) {
  return std::none_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isTensor(); });
}

// The fusion as the region core sees it: one transparent node per value without a definition
// (inputs, constants), then every expr in topological order. Only tensors connect ops: a
// shared scalar keeps nothing on chip.
struct FusionAsGraph {
  std::vector<GraphNode> nodes;
  std::vector<const ir::Expr*> exprOf;  // per node; nullptr for values
  std::vector<const ir::Val*> valOf;    // value nodes: the value; expr nodes: unused
  std::unordered_map<const ir::Val*, ValueRef> refOf;
  std::unordered_map<const ir::Expr*, int> nodeOf;
};

int addValueNode(FusionAsGraph& g, const ir::Val* v, const ir::Fusion& fusion, const scheduler::RuntimeInfo& rt) {
  GraphNode n;
  n.name = v->name();
  n.role = NodeRole::Transparent;
  n.results.push_back(ResultSlot{tensorBytes(v, rt), v->isTensor(), fusion.isOutput(v), {}});
  g.refOf[v] = ValueRef{static_cast<int>(g.nodes.size()), 0};
  g.nodes.push_back(std::move(n));
  g.exprOf.push_back(nullptr);
  g.valOf.push_back(v);
  return static_cast<int>(g.nodes.size()) - 1;
}

FusionAsGraph graphOf(const ir::Fusion& fusion, const std::vector<ir::Expr*>& order, const scheduler::RuntimeInfo& rt) {
  FusionAsGraph g;
  for (const ir::Expr* e : order)
    for (const ir::Val* in : e->inputs())
      if (!in->definition() && !g.refOf.count(in)) addValueNode(g, in, fusion, rt);
  for (const ir::Expr* e : order) {
    GraphNode n;
    n.role = classify(e) == OpClass::Fusible   ? NodeRole::Fusible
             : classify(e) == OpClass::Barrier ? NodeRole::Barrier
                                               : NodeRole::Transparent;
    for (const ir::Val* in : e->inputs())
      if (in->isTensor() && std::find(n.inputs.begin(), n.inputs.end(), g.refOf.at(in)) == n.inputs.end())
        n.inputs.push_back(g.refOf.at(in));
    const int self = static_cast<int>(g.nodes.size());
    for (std::size_t k = 0; k < e->outputs().size(); ++k) {
      const ir::Val* out = e->outputs()[k];
      n.results.push_back(ResultSlot{tensorBytes(out, rt), out->isTensor(), fusion.isOutput(out), {}});
      g.refOf[out] = ValueRef{self, static_cast<int>(k)};
    }
    g.nodeOf[e] = self;
    g.nodes.push_back(std::move(n));
    g.exprOf.push_back(e);
    g.valOf.push_back(nullptr);
  }
  for (const ir::Expr* e : order)
    for (const ir::Val* in : e->inputs()) {
      const ValueRef ref = g.refOf.at(in);
      auto& users = g.nodes[static_cast<std::size_t>(ref.node)].results[static_cast<std::size_t>(ref.result)].users;
      if (std::find(users.begin(), users.end(), g.nodeOf.at(e)) == users.end()) users.push_back(g.nodeOf.at(e));
    }
  return g;
}

const ir::Val* valueAt(const FusionAsGraph& g, const ValueRef& ref) {
  const ir::Expr* e = g.exprOf[static_cast<std::size_t>(ref.node)];
  return e ? e->outputs()[static_cast<std::size_t>(ref.result)] : g.valOf[static_cast<std::size_t>(ref.node)];
}

}  // namespace

OpClass classify(const ir::Expr* e) {
  if (producesOnlyScalars(e)) return OpClass::HostScalar;
  if (ir::isMatmulOp(e)) return OpClass::Barrier;
  // Embedding is an indexed lookup (a gather) that inductor fuses, although nvFuser hands it
  // to expr_eval; sdpa and cumsum stay library/host calls.
  if (ir::isExprEvalOnlyOp(e) && e->family() != ir::OpFamily::EmbeddingFwd) return OpClass::Barrier;
  return OpClass::Fusible;
}

std::string_view opClassName(OpClass c) {
  switch (c) {
    case OpClass::Fusible: return "fusible";
    case OpClass::Barrier: return "barrier";
    case OpClass::HostScalar: return "host_scalar";
  }
  return "?";
}

std::int64_t tensorBytes(const ir::Val* v, const scheduler::RuntimeInfo& rt) {
  const ir::TensorView* tv = v->asTensor();
  if (!tv) return 0;
  const auto sizes = rt.sizes(v);
  if (!sizes || sizes->size() != tv->dims().size()) return 0;
  std::int64_t elements = 1;
  for (std::size_t d = 0; d < sizes->size(); ++d)
    elements *=
        tv->dim(d).kind == ir::IterKind::ExpandedBroadcast ? std::min<std::int64_t>((*sizes)[d], 1) : (*sizes)[d];
  return elements * ir::byteSize(tv->dtype());
}

double transferMs(std::int64_t bytes, const scheduler::DeviceProfile& device) {
  if (device.dramBandwidthGBps <= 0) return 0.0;
  return static_cast<double>(bytes) / (device.dramBandwidthGBps * 1e9) * 1e3;
}

RegionAnalysis findRegions(const ir::Fusion& fusion, const scheduler::RuntimeInfo& rt,
                           const scheduler::DeviceProfile& device) {
  RegionAnalysis out;
  out.fusion = &fusion;
  out.profile = device.name;
  out.dramBandwidthGBps = device.dramBandwidthGBps;
  const std::vector<ir::Expr*> order = fusion.exprs();
  const FusionAsGraph g = graphOf(fusion, order, rt);
  for (const RegionSpan& span : findRegionSpans(g.nodes, RegionRules{})) {
    if (span.bytes == 0) continue;  // nothing crosses DRAM: no cost to overlap
    Region r;
    for (int m : span.members) r.members.push_back(g.exprOf[static_cast<std::size_t>(m)]);
    for (const ValueRef& v : span.inputs) r.inputs.push_back(valueAt(g, v));
    for (const ValueRef& v : span.outputs) r.outputs.push_back(valueAt(g, v));
    for (int u : span.users) r.users.push_back(g.exprOf[static_cast<std::size_t>(u)]);
    std::sort(r.users.begin(), r.users.end(),
              [&](const ir::Expr* a, const ir::Expr* b) { return g.nodeOf.at(a) < g.nodeOf.at(b); });
    r.bytes = span.bytes;
    r.costMs = transferMs(r.bytes, device);
    r.id = static_cast<int>(out.regions.size());
    out.totalBytes += r.bytes;
    out.totalCostMs += r.costMs;
    out.regions.push_back(std::move(r));
  }
  return out;
}

Result<RegionAnalysis> findRegions(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs,
                                   const scheduler::DeviceProfile& device) {
  SEGSCOPE_TRY(const scheduler::RuntimeInfo rt, scheduler::RuntimeInfo::bind(fusion, inputs));
  return findRegions(fusion, rt, device);
}

}  // namespace segscope::regions
