// AllocationDomain (nvFuser's AllocationDomainPass, csrc/preseg_passes/
// allocation_order_inference.cpp:256-351 inferAllocationOrder and :87-215 mapAllocationDomain).
// Sources are the fusion's input tensors, destinations its outputs that have no allocation of
// their own, are new buffers (not aliases) and are not made by matmul/linear/sdpa. Each
// destination takes as reference the input it depends on with the most non-broadcast dims (on a
// tie the candidates must line up dim for dim in the exact map, else none is taken); tensors
// with a self-mapping neither give nor take. The reference's allocation dims, fastest first, are
// found among the destination's dims through the exact map (across elementwise ops, permutes,
// reductions and the dims a reshape keeps) until one is not found; those become the
// destination's innermost dims in the same order, the rest keep their logical order outside.
// The result is the output's stride order (fd.add_output(T, stride_order=...)).
#include "passes/allocation_domain.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "passes/tensor_rewrite.h"
#include "scheduler/exact_id_graph.h"
#include "scheduler/segment_view.h"
#include "scheduler/self_mapping.h"

namespace segscope::passes {
namespace {

using ir::Expr;
using ir::OpFamily;
using ir::TensorView;
using ir::Val;

std::string orderText(const std::vector<std::int64_t>& order) {
  std::string s = "[";
  for (std::size_t i = 0; i < order.size(); ++i) s += (i ? ", " : "") + std::to_string(order[i]);
  return s + "]";
}

using rewrite::effectiveOrder;
using rewrite::rowMajorOrder;

int nonBroadcastDims(const TensorView* tv) {
  return static_cast<int>(
      std::count_if(tv->dims().begin(), tv->dims().end(), [](const ir::Dim& d) { return !d.isBroadcast(); }));
}

// Which fusion inputs every value depends on, as bitsets over input positions, in one
// topological walk (a walk upstream from every output was quadratic in large fusions).
class InputDependencies {
 public:
  explicit InputDependencies(const ir::Fusion& fusion) : inputs_(fusion.inputs()) {
    for (std::size_t i = 0; i < inputs_.size(); ++i) setBit(of_[inputs_[i]], i);
    for (const Expr* e : fusion.exprs()) {
      Bits reached;
      for (const Val* in : e->inputs())
        if (auto it = of_.find(in); it != of_.end()) unite(reached, it->second);
      for (const Val* out : e->outputs()) unite(of_[out], reached);
    }
  }

  /// Input tensors that `out` depends on, in input order.
  std::vector<const TensorView*> sourceInputs(const Val* out) const {
    std::vector<const TensorView*> sources;
    const auto it = of_.find(out);
    if (it == of_.end()) return sources;
    for (std::size_t i = 0; i < inputs_.size(); ++i)
      if (i / 64 < it->second.size() && (it->second[i / 64] >> (i % 64)) & 1u && inputs_[i]->isTensor())
        sources.push_back(inputs_[i]->asTensor());
    return sources;
  }

 private:
  using Bits = std::vector<std::uint64_t>;
  static void setBit(Bits& b, std::size_t i) {
    if (b.size() <= i / 64) b.resize(i / 64 + 1, 0);
    b[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  static void unite(Bits& into, const Bits& from) {
    if (into.size() < from.size()) into.resize(from.size(), 0);
    for (std::size_t w = 0; w < from.size(); ++w) into[w] |= from[w];
  }

  const std::vector<Val*>& inputs_;
  std::unordered_map<const Val*, Bits> of_;
};

using scheduler::analysis::ExactIdGraph;
using scheduler::analysis::IdKey;

// A tensor's dims from slowest to fastest in memory (stride_order[d] is d's rank by stride,
// rank-1 outermost).
std::vector<int> allocationDims(const TensorView* tv) {
  const std::vector<std::int64_t> order = effectiveOrder(tv);
  std::vector<int> dims(static_cast<std::size_t>(tv->rank()));
  for (int d = 0; d < tv->rank(); ++d)
    dims[static_cast<std::size_t>(tv->rank() - 1 - order[static_cast<std::size_t>(d)])] = d;
  return dims;
}

std::vector<int> nonBroadcastAllocationDims(const TensorView* tv) {
  std::vector<int> dims;
  for (int d : allocationDims(tv))
    if (!tv->dim(static_cast<std::size_t>(d)).isBroadcast()) dims.push_back(d);
  return dims;
}

// :87-215 mapAllocationDomain: the target's allocation order (slowest first), or nothing when
// it stays the logical order.
std::optional<std::vector<int>> mapAllocation(const ExactIdGraph& exact, const TensorView* ref,
                                              const TensorView* target) {
  std::unordered_map<int, int> targetDimOfSet;  // a later dim of the same set wins, as there
  for (int d = 0; d < target->rank(); ++d) targetDimOfSet[exact.setOf(IdKey::logical(target, d))] = d;
  std::vector<int> mapped;  // fastest first
  std::vector<int> refDims = allocationDims(ref);
  for (auto it = refDims.rbegin(); it != refDims.rend(); ++it) {
    const auto found = targetDimOfSet.find(exact.setOf(IdKey::logical(ref, *it)));
    if (found == targetDimOfSet.end()) {
      if (ref->dim(static_cast<std::size_t>(*it)).isBroadcast()) continue;  // does not block vectorization
      break;
    }
    if (std::find(mapped.begin(), mapped.end(), found->second) == mapped.end()) mapped.push_back(found->second);
  }
  std::vector<int> order;
  for (int d = 0; d < target->rank(); ++d)
    if (std::find(mapped.begin(), mapped.end(), d) == mapped.end()) order.push_back(d);
  order.insert(order.end(), mapped.rbegin(), mapped.rend());
  for (int d = 0; d < target->rank(); ++d)
    if (order[static_cast<std::size_t>(d)] != d) return order;
  return std::nullopt;
}

std::vector<std::int64_t> strideOrderOf(const std::vector<int>& allocation) {
  const auto rank = static_cast<std::int64_t>(allocation.size());
  std::vector<std::int64_t> order(allocation.size());
  for (std::int64_t k = 0; k < rank; ++k)
    order[static_cast<std::size_t>(allocation[static_cast<std::size_t>(k)])] = rank - 1 - k;
  return order;
}

bool selfMapped(const ExactIdGraph& exact, const TensorView* tv) {
  return scheduler::analysis::selfMappedPair(exact, tv).has_value();
}

// :281-345: the input with the most non-broadcast dims that `out` depends on; a later one with
// as many must line up with it dim for dim (fastest dims alike), else neither is taken until
// one with more dims comes.
const TensorView* referenceFor(const ExactIdGraph& exact, const std::vector<const TensorView*>& sources) {
  const TensorView* ref = nullptr;
  int highWater = 0;
  for (const TensorView* s : sources) {
    if (selfMapped(exact, s)) continue;
    const int n = nonBroadcastDims(s);
    if (n < highWater) continue;
    if (n > highWater) {
      ref = s;
      highWater = n;
      continue;
    }
    if (!ref) continue;
    const std::vector<int> a = nonBroadcastAllocationDims(ref), b = nonBroadcastAllocationDims(s);
    for (std::size_t k = 0; k < a.size() && k < b.size(); ++k)
      if (!exact.mapped(IdKey::logical(ref, a[k]), IdKey::logical(s, b[k]))) {
        ref = nullptr;
        break;
      }
  }
  return ref;
}

bool excludedProducer(const Val* v) {
  const Expr* def = v->definition();
  if (!def) return false;
  switch (def->family()) {
    case OpFamily::Matmul:
    case OpFamily::Linear:
    case OpFamily::SdpaFwd:
    case OpFamily::SdpaBwd: return true;
    default: return false;
  }
}

}  // namespace

bool AllocationDomain::runPass(ir::Fusion& fusion, PassLog& log) {
  bool modified = false;
  const std::vector<ir::FusionOutput> outputs = fusion.outputs();
  const InputDependencies dependsOn(fusion);
  std::optional<ExactIdGraph> exact;  // built once, when some output may take an order
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const ir::FusionOutput& o = outputs[i];
    const TensorView* out = o.val->asTensor();
    if (!out || o.aliasOf || !o.strideOrder.empty() || !out->strideOrder().empty() || fusion.isInput(out) ||
        excludedProducer(out))
      continue;
    const std::vector<const TensorView*> sources = dependsOn.sourceInputs(out);
    if (sources.empty()) continue;
    if (!exact) exact.emplace(scheduler::SegmentView::whole(fusion), nullptr, /*joinReshapes=*/false);
    if (selfMapped(*exact, out)) continue;
    const TensorView* ref = referenceFor(*exact, sources);
    if (!ref) continue;
    const auto allocation = mapAllocation(*exact, ref, out);
    if (!allocation) continue;
    const std::vector<std::int64_t> order = strideOrderOf(*allocation);
    fusion.setOutputStrideOrder(i, order);
    log.add(out->name() + " takes the stride order " + orderText(order) + " of " + ref->name());
    modified = true;
  }
  return modified;
}

}  // namespace segscope::passes
