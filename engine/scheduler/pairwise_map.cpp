// Producer-to-consumer dim mapping of one expr (see pairwise_map.h).
#include "scheduler/pairwise_map.h"

#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/reshape_dims.h"

namespace segscope::scheduler::analysis {

IdMap pairwiseMap(const ir::Expr* e, std::size_t operand, const ir::Val* out, const RuntimeInfo* rt) {
  const ir::Val* in = e->operand(operand);
  if (!in->isTensor() || !out->isTensor()) return {};
  IdMap map(static_cast<std::size_t>(in->asTensor()->rank()), std::nullopt);
  if (ir::isViewOp(e)) {
    for (const ReshapeGroup& g : reshapeDimGroups(e, rt))
      for (int i : g.in)
        map[static_cast<std::size_t>(i)] = g.unchanged() ? IdKey::logical(out, g.out.front()) : IdKey::root(e, i);
    return map;
  }
  const DimMap dims = consumerDims(e, operand);
  for (std::size_t d = 0; d < dims.size() && d < map.size(); ++d)
    if (dims[d] >= 0 && dims[d] < out->asTensor()->rank()) map[d] = IdKey::logical(out, dims[d]);
  if (ir::isReductionOp(e) && operand == 0)
    for (std::int64_t d : e->attrs().dims)
      if (d >= 0 && static_cast<std::size_t>(d) < map.size())
        map[static_cast<std::size_t>(d)] = IdKey::reduced(e, static_cast<int>(d));
  return map;
}

bool isBroadcastId(const IdKey& k) {
  // A root or R id is a copy of its operand's dim, broadcast when that is.
  const ir::Val* tv = k.kind == IdKey::Kind::Logical ? static_cast<const ir::Val*>(k.owner)
                                                     : static_cast<const ir::Expr*>(k.owner)->operand(0);
  return tv->asTensor()->dim(static_cast<std::size_t>(k.dim)).isBroadcast();
}

const ir::Val* ownerTensor(const IdKey& k) {
  if (k.kind == IdKey::Kind::Logical) return static_cast<const ir::Val*>(k.owner);
  return static_cast<const ir::Expr*>(k.owner)->output();
}

}  // namespace segscope::scheduler::analysis
