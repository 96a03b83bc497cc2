// AllocationDomain. For each fusion output that has no requested stride order, is not an
// in-place alias, is not a fusion input and whose tensor has no layout of its own (not
// the result of stride_order), and is not produced by matmul/linear/sdpa:
//   1. the reference is the input tensor it depends on with the most non-broadcast dims;
//      when several tie for the most, they must all have the same stride order (empty
//      counts as row-major), else nothing is propagated (nvFuser's tie rule);
//   2. the reference must have a non-trivial stride order (not row-major);
//   3. the output must have the reference's rank and its dims must be the reference's
//      dims in the same positions: dims are tracked from the reference through
//      elementwise ops (aligned to the right), cast, set, segment_set and stride_order
//      only; a position that only another input's dims reach, or where two different dims
//      of the reference meet, is not the reference's.
// Then the output entry takes the reference's stride order (fd.add_output(T, stride_order=...)).
// This is a deliberate subset of nvFuser's mapping, which also walks permutes and
// reductions and lets unmapped dims keep their logical order as outer dims.
#include "passes/allocation_domain.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "passes/tensor_rewrite.h"

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

bool positionPreserving(const Expr* e) {
  switch (e->family()) {
    case OpFamily::Unary:
    case OpFamily::Binary:
    case OpFamily::Ternary:
    case OpFamily::Cast:
    case OpFamily::Set:
    case OpFamily::StrideOrder: return true;
    default: return false;
  }
}

// For every tensor reached from `ref` through position-preserving ops: which dim of ref
// each of its dims is (-1: not ref's).
std::unordered_map<const Val*, std::vector<int>> trackDims(const ir::Fusion& fusion, const TensorView* ref) {
  std::unordered_map<const Val*, std::vector<int>> map;
  std::vector<int> identity(static_cast<std::size_t>(ref->rank()));
  for (int d = 0; d < ref->rank(); ++d) identity[static_cast<std::size_t>(d)] = d;
  map[ref] = identity;
  for (const Expr* e : fusion.exprs()) {
    if (!positionPreserving(e) || e->outputs().size() != 1) continue;
    const TensorView* out = e->output()->asTensor();
    if (!out) continue;
    // -1: not ref's; -2: two different dims of ref meet here (a conflict).
    bool any = false;
    std::vector<int> dims(static_cast<std::size_t>(out->rank()), -1);
    for (std::size_t i = 0; i < e->numOperands(); ++i) {
      const TensorView* t = e->operand(i)->asTensor();
      auto it = t ? map.find(t) : map.end();
      if (it == map.end()) continue;  // untracked operands only add dims exact-mapped to these
      any = true;
      const int offset = out->rank() - t->rank();
      for (int d = 0; d < t->rank(); ++d) {
        const auto pos = static_cast<std::size_t>(offset + d);
        if (t->dim(static_cast<std::size_t>(d)).isBroadcast() && !out->dim(pos).isBroadcast())
          continue;  // this operand does not supply the dim
        const int from = it->second[static_cast<std::size_t>(d)];
        if (from < 0) continue;
        dims[pos] = dims[pos] == -1 || dims[pos] == from ? from : -2;
      }
    }
    if (!any) continue;
    for (int& d : dims)
      if (d == -2) d = -1;
    map[out] = dims;
  }
  return map;
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
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const ir::FusionOutput& o = outputs[i];
    const TensorView* out = o.val->asTensor();
    if (!out || o.aliasOf || !o.strideOrder.empty() || !out->strideOrder().empty() || fusion.isInput(out) ||
        excludedProducer(out))
      continue;
    const TensorView* ref = nullptr;
    int best = -1;
    bool tie = false;
    for (const TensorView* s : dependsOn.sourceInputs(out)) {
      const int n = nonBroadcastDims(s);
      if (n > best) {
        ref = s;
        best = n;
        tie = false;
      } else if (n == best && effectiveOrder(s) != effectiveOrder(ref)) {
        tie = true;  // equally good references that disagree: no clear layout to follow
      }
    }
    if (!ref || tie || best <= 0) continue;
    if (ref->strideOrder().empty() || ref->strideOrder() == rowMajorOrder(ref->rank())) continue;
    if (out->rank() != ref->rank()) continue;
    const auto tracked = trackDims(fusion, ref);
    auto it = tracked.find(out);
    if (it == tracked.end()) continue;
    bool samePositions = true;
    for (int d = 0; d < out->rank(); ++d) samePositions = samePositions && it->second[static_cast<std::size_t>(d)] == d;
    if (!samePositions) continue;
    fusion.setOutputStrideOrder(i, ref->strideOrder());
    log.add(out->name() + " takes the stride order " + orderText(ref->strideOrder()) + " of " + ref->name());
    modified = true;
  }
  return modified;
}

}  // namespace segscope::passes
