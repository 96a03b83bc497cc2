// ExactMappedExtentSubstitution. nvFuser builds the exact IterDomain graph and gives every
// set of exact-mapped extents one value. Segscope has no IterDomains, so the pass
// rebuilds the "exact" relation from the ops, dim by dim, and only for dims that are
// ordinary iteration dims on both sides (broadcast and expanded-broadcast dims never
// join a set: their extent is not the extent of the dim they broadcast against):
//   - elementwise ops (unary, binary, ternary, cast): each tensor operand's dims, aligned
//     to the right, with the output's dims;
//   - set / segment_set / stride_order, rand_like, triu, cumsum: dim i with dim i;
//   - reductions, var, var_mean, welford: the kept dims with the output's dims;
//   - broadcast, broadcast_in_dim, expand, squeeze: the dims an input dim becomes;
//   - permute: out[i] with in[dims[i]];
//   - cat: all operands and the output, except along the cat dim;
//   - pad: the dims whose widths are both zero;
//   - take_along_axis: operand, index and output except along the axis; gather: index and
//     output; index_select / select: the untouched dims (and index_select's index dim);
//   - size(T, d): the scalar it returns is T's extent d (in nvFuser it is the same Val).
// Reshape, slice, matmul/linear, sdpa and embedding map nothing (a safe under-approximation).
// In each set, a constant extent wins; otherwise the symbolic extent with the lowest Val
// id. nvFuser picks the lowest name(), a per-container creation counter; Segscope's Val id
// is the creation counter too (its names mix "T0.size1", "i7" and script names such as
// "S4", which do not compare meaningfully), and input extents, created first, win.
// Only tensor dims change (TensorView::setExtent), never expr attributes.
#include "passes/exact_mapped_extent_substitution.h"
#include "support/union_find.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace segscope::passes {
namespace {

using ir::Dim;
using ir::Expr;
using ir::OpFamily;
using ir::SymInt;
using ir::TensorView;
using ir::Val;

// Union-find over extents: symbolic ones by Val id, constants by value (kept apart).
class ExtentSets {
 public:
  void join(const Dim& a, const Dim& b) {
    if (a.kind != ir::IterKind::Iteration || b.kind != ir::IterKind::Iteration) return;
    unite(key(a.extent), key(b.extent));
  }
  void joinExtent(const SymInt& a, const Dim& b) {
    if (b.kind != ir::IterKind::Iteration) return;
    unite(key(a), key(b.extent));
  }

  // Symbolic extent → its replacement, for every set with more than one member.
  std::map<int, SymInt> replacements() {
    std::map<std::size_t, std::vector<int>> sets;
    for (const auto& [k, slot] : slotOfKey_) sets[classes_.find(slot)].push_back(k);
    std::map<int, SymInt> out;
    for (auto& [root, members] : sets) {
      std::vector<std::int64_t> constants;
      int lowest = -1;
      for (int k : members) {
        const SymInt& e = extents_.at(k);
        if (e.isConst()) {
          constants.push_back(e.value);
        } else if (lowest < 0 || e.sym->id() < extents_.at(lowest).sym->id()) {
          lowest = k;
        }
      }
      std::sort(constants.begin(), constants.end());
      constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
      if (constants.size() > 1 || lowest < 0) continue;  // conflicting constants: leave alone
      const SymInt rep = constants.empty() ? extents_.at(lowest) : SymInt::constant(constants.front());
      for (int k : members) {
        const SymInt& e = extents_.at(k);
        if (!e.isConst() && !(e == rep)) out[e.sym->id()] = rep;
      }
    }
    return out;
  }

 private:
  // Symbolic extents use their Val id (>= 0); constants use -1 - index into constKeys_.
  int key(const SymInt& e) {
    int k;
    if (e.isConst()) {
      auto it = std::find(constKeys_.begin(), constKeys_.end(), e.value);
      if (it == constKeys_.end()) it = constKeys_.insert(constKeys_.end(), e.value);
      k = -1 - static_cast<int>(it - constKeys_.begin());
    } else {
      k = e.sym->id();
    }
    if (!slotOfKey_.count(k)) {
      slotOfKey_[k] = classes_.add();
      extents_[k] = e;
    }
    return k;
  }
  void unite(int a, int b) { classes_.unite(slotOfKey_.at(a), slotOfKey_.at(b)); }

  std::map<int, std::size_t> slotOfKey_;  // key → its slot in classes_
  support::UnionFind classes_;
  std::map<int, SymInt> extents_;
  std::vector<std::int64_t> constKeys_;
};

const TensorView* tensorOperand(const Expr& e, std::size_t i) {
  return i < e.numOperands() ? e.operand(i)->asTensor() : nullptr;
}

// Joins dim i of `a` with dim i of `b` for every i (same rank, same dims).
void joinSameShape(ExtentSets& sets, const TensorView* a, const TensorView* b) {
  if (!a || !b || a->rank() != b->rank()) return;
  for (int d = 0; d < a->rank(); ++d)
    sets.join(a->dim(static_cast<std::size_t>(d)), b->dim(static_cast<std::size_t>(d)));
}

// Joins the dims of `in` that survive into `out` (in order) when `keep[d]` is true.
void joinKept(ExtentSets& sets, const TensorView* in, const TensorView* out, const std::vector<bool>& keep) {
  std::size_t next = 0;
  for (int d = 0; d < in->rank(); ++d) {
    if (!keep[static_cast<std::size_t>(d)]) continue;
    if (next >= out->dims().size()) return;
    sets.join(in->dim(static_cast<std::size_t>(d)), out->dim(next++));
  }
}

bool contains(const std::vector<std::int64_t>& v, std::int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void collect(ExtentSets& sets, const Expr& e) {
  const ir::ExprAttributes& a = e.attrs();
  const TensorView* in = tensorOperand(e, 0);
  const TensorView* out = e.outputs().empty() ? nullptr : e.output()->asTensor();
  switch (e.family()) {
    case OpFamily::Unary:
    case OpFamily::Binary:
    case OpFamily::Ternary:
    case OpFamily::Cast: {
      if (!out) return;
      for (std::size_t i = 0; i < e.numOperands(); ++i) {
        const TensorView* t = tensorOperand(e, i);
        if (!t) continue;
        const int offset = out->rank() - t->rank();
        for (int d = 0; d < t->rank(); ++d)
          sets.join(t->dim(static_cast<std::size_t>(d)), out->dim(static_cast<std::size_t>(offset + d)));
      }
      return;
    }
    case OpFamily::Set:
    case OpFamily::StrideOrder:
    case OpFamily::RandLike:
    case OpFamily::Triu:
    case OpFamily::Cumsum: joinSameShape(sets, in, out); return;
    case OpFamily::Reduction:
    case OpFamily::Var:
    case OpFamily::VarMean:
    case OpFamily::Welford: {
      if (!in) return;
      for (const Val* o : e.outputs()) {
        const TensorView* t = o->asTensor();
        if (!t) continue;
        if (a.keepdim) {
          joinSameShape(sets, in, t);  // reduced dims are broadcast in the output: skipped
        } else {
          std::vector<bool> keep(static_cast<std::size_t>(in->rank()));
          for (int d = 0; d < in->rank(); ++d) keep[static_cast<std::size_t>(d)] = !contains(a.dims, d);
          joinKept(sets, in, t, keep);
        }
      }
      return;
    }
    case OpFamily::Broadcast: {
      if (!in || !out || a.flags.size() != out->dims().size()) return;
      std::size_t next = 0;
      for (std::size_t d = 0; d < a.flags.size(); ++d)
        if (!a.flags[d] && next < in->dims().size()) sets.join(in->dim(next++), out->dim(d));
      return;
    }
    case OpFamily::BroadcastInDim: {
      if (!in || !out) return;
      for (std::size_t i = 0; i < a.dims.size() && i < in->dims().size(); ++i)
        if (a.dims[i] >= 0 && a.dims[i] < out->rank())
          sets.join(in->dim(i), out->dim(static_cast<std::size_t>(a.dims[i])));
      return;
    }
    case OpFamily::Expand: joinSameShape(sets, in, out); return;
    case OpFamily::Squeeze: {
      if (!in || !out) return;
      std::vector<bool> keep(static_cast<std::size_t>(in->rank()));
      for (int d = 0; d < in->rank(); ++d) keep[static_cast<std::size_t>(d)] = !contains(a.dims, d);
      joinKept(sets, in, out, keep);
      return;
    }
    case OpFamily::Permute: {
      if (!in || !out || static_cast<int>(a.dims.size()) != out->rank()) return;
      for (std::size_t i = 0; i < a.dims.size(); ++i)
        sets.join(in->dim(static_cast<std::size_t>(a.dims[i])), out->dim(i));
      return;
    }
    case OpFamily::Cat: {
      if (!out) return;
      for (std::size_t i = 0; i < e.numOperands(); ++i) {
        const TensorView* t = tensorOperand(e, i);
        if (!t || t->rank() != out->rank()) continue;
        for (int d = 0; d < t->rank(); ++d)
          if (d != a.axis) sets.join(t->dim(static_cast<std::size_t>(d)), out->dim(static_cast<std::size_t>(d)));
      }
      return;
    }
    case OpFamily::Pad: {
      if (!in || !out || in->rank() != out->rank()) return;
      for (int d = 0; d < in->rank(); ++d) {
        // Widths come in (left, right) pairs starting from the last dim.
        const std::size_t pair = static_cast<std::size_t>(in->rank() - 1 - d);
        const bool padded = 2 * pair + 1 < a.padWidths.size() &&
                            !(a.padWidths[2 * pair].isConst(0) && a.padWidths[2 * pair + 1].isConst(0));
        if (!padded) sets.join(in->dim(static_cast<std::size_t>(d)), out->dim(static_cast<std::size_t>(d)));
      }
      return;
    }
    case OpFamily::Gather: {
      const TensorView* index = tensorOperand(e, 1);
      joinSameShape(sets, index, out);
      if (e.op() == ir::OpType::TakeAlongAxis && in && out && in->rank() == out->rank())
        for (int d = 0; d < in->rank(); ++d)
          if (d != a.axis) sets.join(in->dim(static_cast<std::size_t>(d)), out->dim(static_cast<std::size_t>(d)));
      return;
    }
    case OpFamily::IndexSelect: {
      const TensorView* index = tensorOperand(e, 1);
      if (!in || !out || in->rank() != out->rank()) return;
      for (int d = 0; d < in->rank(); ++d)
        if (d != a.axis) sets.join(in->dim(static_cast<std::size_t>(d)), out->dim(static_cast<std::size_t>(d)));
      if (index && index->rank() == 1) sets.join(index->dim(0), out->dim(static_cast<std::size_t>(a.axis)));
      return;
    }
    case OpFamily::Select: {
      if (!in || !out) return;
      std::vector<bool> keep(static_cast<std::size_t>(in->rank()));
      for (int d = 0; d < in->rank(); ++d) keep[static_cast<std::size_t>(d)] = d != a.axis;
      joinKept(sets, in, out, keep);
      return;
    }
    case OpFamily::Size: {
      if (!in || a.axis < 0 || a.axis >= in->rank() || e.outputs().empty()) return;
      sets.joinExtent(SymInt::symbolic(e.output()), in->dim(static_cast<std::size_t>(a.axis)));
      return;
    }
    default: return;  // reshape, slice, full/iota/random, matmul, linear, sdpa, embedding
  }
}

}  // namespace

bool ExactMappedExtentSubstitution::runPass(ir::Fusion& fusion, PassLog& log) {
  ExtentSets sets;
  for (const Expr* e : fusion.exprs()) collect(sets, *e);
  const std::map<int, SymInt> replacements = sets.replacements();
  // Only extents that some tensor dim still uses count (a size() result may be in a set
  // without being any dim's extent); this keeps a second run from reporting a change.
  std::map<int, SymInt> applied;
  for (Val* v : fusion.vals()) {
    TensorView* tv = v->asTensor();
    if (!tv) continue;
    for (std::size_t d = 0; d < tv->dims().size(); ++d) {
      const SymInt& e = tv->dim(d).extent;
      if (e.isConst()) continue;
      auto it = replacements.find(e.sym->id());
      if (it == replacements.end()) continue;
      applied.insert(*it);
      tv->setExtent(d, it->second);
    }
  }
  // In the user's terms: "T1.size0 := T0.size0" (an extent names the dim it measures).
  for (const auto& [id, rep] : applied)
    log.add(SymInt::symbolic(fusion.valById(id)).toString() + " := " + rep.toString());
  return !applied.empty();
}

}  // namespace segscope::passes
