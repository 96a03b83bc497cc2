// nvFuser's PairwiseLogicalDomainMap: which dim of a consumer each dim of its producer becomes.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "ir/expr.h"
#include "scheduler/runtime_info.h"
#include "support/small_vector.h"

namespace segscope::scheduler::analysis {

/// One of nvFuser's IterDomains as this model sees it: a dim of a tensor (its logical
/// domain), a dim a reduction reduces (the R domain of the reduction's output, which our IR
/// drops), or a root dim of a reshape output that a merge or split then replaces.
struct IdKey {
  enum class Kind : unsigned char { Logical, Reduced, Root };
  const void* owner = nullptr;  // the tensor (Logical) or the reduction / reshape expr
  int dim = -1;                 // of the tensor, or of the expr's operand
  Kind kind = Kind::Logical;

  static IdKey logical(const ir::Val* tv, int d) { return IdKey{tv, d, Kind::Logical}; }
  static IdKey reduced(const ir::Expr* e, int d) { return IdKey{e, d, Kind::Reduced}; }
  static IdKey root(const ir::Expr* e, int d) { return IdKey{e, d, Kind::Root}; }
  friend bool operator==(const IdKey& a, const IdKey& b) {
    return a.owner == b.owner && a.dim == b.dim && a.kind == b.kind;
  }
};

struct IdKeyHash {
  std::size_t operator()(const IdKey& k) const {
    return std::hash<const void*>()(k.owner) ^
           (static_cast<std::size_t>(k.dim) * 31u + static_cast<std::size_t>(k.kind));
  }
};

/// For each dim of operand `operand` of `e`, the id of output `out` it maps to (producer
/// logical to consumer root, as csrc/logical_domain_map.cpp PairwiseLogicalDomainMap does):
/// reduced dims map to the reduction's R domain, the dims a reshape merges or splits to its
/// root dims, the rest as the op lines them up. Broadcast dims are included; callers filter.
/// Inline up to rank 8: asked per expr and operand by every id analysis, per question.
using IdMap = support::SmallVector<std::optional<IdKey>, 8>;
IdMap pairwiseMap(const ir::Expr* e, std::size_t operand, const ir::Val* out, const RuntimeInfo* rt = nullptr);

/// Whether id `k` is a broadcast.
bool isBroadcastId(const IdKey& k);

/// The tensor an id belongs to: the tensor itself, or the first output of the expr.
const ir::Val* ownerTensor(const IdKey& k);

}  // namespace segscope::scheduler::analysis
