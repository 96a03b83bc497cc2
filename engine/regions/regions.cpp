// Fusion regions: classify ops, cut the topological order into runs at barrier ops, join
// producer/consumer pairs of a run with union-find, and price each region's boundary traffic.
#include "regions/regions.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "ir/op_classes.h"
#include "support/union_find.h"

namespace segscope::regions {
namespace {

using ExprPositions = std::unordered_map<const ir::Expr*, std::size_t>;

bool producesOnlyScalars(const ir::Expr* e) {
  return std::none_of(e->outputs().begin(), e->outputs().end(), [](const ir::Val* v) { return v->isTensor(); });
}

// Run index per fusible expr position (-1 for the others). Barriers start a new run; host
// scalar exprs are skipped because they never occupy the device stream between kernels.
std::vector<int> runsOf(const std::vector<ir::Expr*>& order) {
  std::vector<int> run(order.size(), -1);
  int current = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const OpClass c = classify(order[i]);
    if (c == OpClass::Barrier) ++current;
    if (c == OpClass::Fusible) run[i] = current;
  }
  return run;
}

// Connected components of fusible exprs within a run, joined through tensor producer/consumer
// edges (sharing an input does not connect two ops: nothing stays on chip between them).
// Components of two or more exprs, each as ascending positions, ordered by first position.
std::vector<std::vector<std::size_t>> components(const std::vector<ir::Expr*>& order, const ExprPositions& pos) {
  const std::vector<int> run = runsOf(order);
  support::UnionFind uf(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (run[i] < 0) continue;
    for (const ir::Val* in : order[i]->inputs()) {
      if (!in->isTensor() || !in->definition()) continue;
      const std::size_t p = pos.at(in->definition());
      if (run[p] == run[i]) uf.unite(p, i);
    }
  }
  std::unordered_map<std::size_t, std::size_t> slotOfRoot;
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (run[i] < 0) continue;
    const auto [it, fresh] = slotOfRoot.try_emplace(uf.find(i), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  std::erase_if(groups, [](const std::vector<std::size_t>& g) { return g.size() < 2; });
  return groups;
}

void fillBoundary(Region& r, const ir::Fusion& fusion, const ExprPositions& pos) {
  const std::unordered_set<const ir::Expr*> members(r.members.begin(), r.members.end());
  std::unordered_set<const ir::Val*> seenIn;
  std::unordered_set<const ir::Expr*> seenUser;
  for (const ir::Expr* e : r.members) {
    for (const ir::Val* in : e->inputs())
      if (in->isTensor() && !members.count(in->definition()) && seenIn.insert(in).second) r.inputs.push_back(in);
    for (const ir::Val* out : e->outputs()) {
      bool external = fusion.isOutput(out);
      for (const ir::Expr* use : out->uses()) {
        if (members.count(use)) continue;
        external = true;
        if (seenUser.insert(use).second) r.users.push_back(use);
      }
      if (external) r.outputs.push_back(out);
    }
  }
  std::sort(r.users.begin(), r.users.end(),
            [&](const ir::Expr* a, const ir::Expr* b) { return pos.at(a) < pos.at(b); });
}

std::int64_t boundaryBytes(const Region& r, const scheduler::RuntimeInfo& rt) {
  std::int64_t bytes = 0;
  for (const ir::Val* v : r.inputs) bytes += tensorBytes(v, rt);
  for (const ir::Val* v : r.outputs) bytes += tensorBytes(v, rt);
  return bytes;
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
  ExprPositions pos;
  for (std::size_t i = 0; i < order.size(); ++i) pos[order[i]] = i;
  for (const std::vector<std::size_t>& group : components(order, pos)) {
    Region r;
    for (std::size_t p : group) r.members.push_back(order[p]);
    fillBoundary(r, fusion, pos);
    r.bytes = boundaryBytes(r, rt);
    if (r.bytes == 0) continue;  // nothing crosses DRAM: no cost to overlap
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
