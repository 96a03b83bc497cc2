// RemoveBcastSqueeze. Walking depth-first from the outputs, it looks at a tensor y whose
// definition C and whose operand's definition P are both "axis ops": broadcast, squeeze,
// a plain set (not segment_set), or broadcast_in_dim used as a pure broadcast (every new
// dim has size 1 and no dim is expanded). Each becomes a per-axis descriptor (PRESERVE /
// BROADCAST / SQUEEZE) and the two are composed (P then C), cancelling a squeeze with an
// adjacent broadcast. When the composition is
//   - the identity (all PRESERVE), y is replaced by P's operand x;
//   - C's own descriptor is a plain set, y is replaced by P's output (the set is skipped);
//   - a single broadcast or squeeze, y is redefined in place as that one op of x (y keeps
//     its name, its uses and any fusion output entry, alias included).
// Mixed compositions (a broadcast and a squeeze that do not cancel) stay. A fusion output
// is never swapped for another value when it aliases an input, when the replacement is a
// fusion input or already an output; then the pair becomes one op in place instead, or
// is left alone when that would not remove anything. Squeezes of expanded dims
// (squeeze_expanded) are never touched: their extent is not 1. The pass removes C (and
// P when nothing else reads its output), never anything else.
#include "passes/remove_bcast_squeeze.h"

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace segscope::passes {
namespace {

using ir::Dim;
using ir::Expr;
using ir::OpType;
using ir::TensorView;
using ir::Val;

enum class AxisOp { Preserve, Squeeze, Broadcast };
using AxisOps = std::vector<AxisOp>;

bool sameDim(const Dim& a, const Dim& b) { return a.kind == b.kind && a.extent == b.extent; }

bool sameDims(const TensorView* a, const TensorView* b) {
  if (a->rank() != b->rank()) return false;
  for (std::size_t d = 0; d < a->dims().size(); ++d)
    if (!sameDim(a->dim(d), b->dim(d))) return false;
  return true;
}

// The descriptor of an axis op, or nullopt when `e` is not one (or not a safe one).
std::optional<AxisOps> axisOps(const Expr* e) {
  if (!e || e->numOperands() < 1 || e->outputs().size() != 1) return std::nullopt;
  const TensorView* in = e->operand(0)->asTensor();
  const TensorView* out = e->output()->asTensor();
  if (!in || !out) return std::nullopt;
  const ir::ExprAttributes& a = e->attrs();
  AxisOps ops;
  switch (e->op()) {
    case OpType::Set: return AxisOps(static_cast<std::size_t>(in->rank()), AxisOp::Preserve);
    case OpType::Broadcast:
      for (bool b : a.flags) ops.push_back(b ? AxisOp::Broadcast : AxisOp::Preserve);
      return ops;
    case OpType::Squeeze: {
      if (a.option) return std::nullopt;  // squeeze_expanded: the dim is not really size 1
      ops.assign(static_cast<std::size_t>(in->rank()), AxisOp::Preserve);
      for (std::int64_t d : a.dims) {
        if (d < 0 || d >= in->rank() || in->dim(static_cast<std::size_t>(d)).kind != ir::IterKind::Broadcast)
          return std::nullopt;
        ops[static_cast<std::size_t>(d)] = AxisOp::Squeeze;
      }
      return ops;
    }
    case OpType::BroadcastInDim: {
      // Only a pure broadcast: kept dims unchanged, every new dim a size-1 broadcast.
      if (a.dims.size() != in->dims().size()) return std::nullopt;
      ops.assign(out->dims().size(), AxisOp::Broadcast);
      for (std::size_t i = 0; i < a.dims.size(); ++i) {
        const auto d = static_cast<std::size_t>(a.dims[i]);
        if (d >= out->dims().size() || !sameDim(in->dim(i), out->dim(d))) return std::nullopt;
        ops[d] = AxisOp::Preserve;
      }
      for (std::size_t d = 0; d < ops.size(); ++d)
        if (ops[d] == AxisOp::Broadcast &&
            !(out->dim(d).kind == ir::IterKind::Broadcast && out->dim(d).extent.isConst(1)))
          return std::nullopt;
      return ops;
    }
    default: return std::nullopt;
  }
}

// The composition of `prev` then `next`. Walks the intermediate tensor's axes: squeezes
// of prev and broadcasts of next do not consume one, and an adjacent squeeze/broadcast
// pair cancels into PRESERVE (both are size-1 axes).
AxisOps compose(const AxisOps& prev, const AxisOps& next) {
  AxisOps ops;
  const auto push = [&](AxisOp op) {
    if (!ops.empty() && ((ops.back() == AxisOp::Squeeze && op == AxisOp::Broadcast) ||
                         (ops.back() == AxisOp::Broadcast && op == AxisOp::Squeeze))) {
      ops.back() = AxisOp::Preserve;
    } else {
      ops.push_back(op);
    }
  };
  std::size_t p = 0, n = 0;
  const auto unaligned = [&] {
    while (p < prev.size() && prev[p] == AxisOp::Squeeze) {
      push(AxisOp::Squeeze);
      ++p;
    }
    while (n < next.size() && next[n] == AxisOp::Broadcast) {
      push(AxisOp::Broadcast);
      ++n;
    }
  };
  unaligned();
  while (p < prev.size() && n < next.size()) {
    if (prev[p] == AxisOp::Preserve)
      push(next[n]);
    else if (next[n] == AxisOp::Preserve)
      push(prev[p]);
    // else: broadcast then squeeze of the same axis, which exists in neither end.
    ++p;
    ++n;
    unaligned();
  }
  return ops;
}

// PRESERVE, BROADCAST or SQUEEZE when `ops` is one op (or none); nullopt when mixed.
std::optional<AxisOp> singleOp(const AxisOps& ops) {
  bool b = false, s = false;
  for (AxisOp op : ops) {
    b = b || op == AxisOp::Broadcast;
    s = s || op == AxisOp::Squeeze;
  }
  if (b && s) return std::nullopt;
  return b ? AxisOp::Broadcast : (s ? AxisOp::Squeeze : AxisOp::Preserve);
}

// The dims that `ops` applied to `x` gives (nullopt when they do not line up).
std::optional<std::vector<Dim>> applyOps(const TensorView* x, const AxisOps& ops) {
  std::vector<Dim> dims;
  std::size_t next = 0;
  for (AxisOp op : ops) {
    if (op == AxisOp::Broadcast) {
      dims.push_back(Dim{ir::SymInt::constant(1), ir::IterKind::Broadcast});
      continue;
    }
    if (next >= x->dims().size()) return std::nullopt;
    if (op == AxisOp::Preserve) dims.push_back(x->dim(next));
    ++next;
  }
  if (next != x->dims().size()) return std::nullopt;
  return dims;
}

class Rewriter {
 public:
  Rewriter(ir::Fusion& fusion, PassLog& log) : f_(fusion), log_(log) {}

  bool run() {
    std::vector<Val*> stack;
    for (const ir::FusionOutput& o : f_.outputs())
      if (o.val->isTensor()) stack.push_back(o.val);
    std::unordered_set<const Val*> visited;
    while (!stack.empty()) {
      Val* tv = stack.back();
      stack.pop_back();
      if (!visited.insert(tv).second) continue;
      // A replacement may expose a new pair (broadcast → broadcast → squeeze), so retry.
      Val* current = tv;
      while (Val* next = replaceOnce(current)) current = next;
      visited.insert(current);
      if (const Expr* def = current->definition())
        for (Val* in : def->inputs())
          if (in->isTensor()) stack.push_back(in);
    }
    return modified_;
  }

 private:
  bool isOutputAliasOrForbidden(const Val* y, const Val* replacement) const {
    for (const ir::FusionOutput& o : f_.outputs())
      if (o.val == y && o.aliasOf) return true;
    return f_.isInput(replacement) || f_.isOutput(replacement);
  }

  // Tries one rewrite of y's definition; returns the value to look at next, or null.
  Val* replaceOnce(Val* yVal) {
    TensorView* y = yVal->asTensor();
    Expr* c = y ? y->definition() : nullptr;
    const auto cOps = axisOps(c);
    if (!cOps) return nullptr;
    Val* mVal = c->operand(0);
    Expr* p = mVal->definition();
    const auto pOps = axisOps(p);
    if (!pOps) return nullptr;
    TensorView* x = p->operand(0)->asTensor();
    const AxisOps ops = compose(*pOps, *cOps);
    const auto kind = singleOp(ops);
    if (!kind) return nullptr;
    const auto dims = applyOps(x, ops);
    if (!dims || dims->size() != y->dims().size()) return nullptr;
    for (std::size_t d = 0; d < dims->size(); ++d)
      if (!sameDim((*dims)[d], y->dim(d))) return nullptr;

    const std::string before = p->toString() + "; " + c->toString();
    const bool cIsSet = *cOps == AxisOps(cOps->size(), AxisOp::Preserve);
    // Replacing y by an existing value: x for the identity, m when C is only a set.
    Val* target = *kind == AxisOp::Preserve ? static_cast<Val*>(x) : (cIsSet ? mVal : nullptr);
    if (target && sameDims(target->asTensor(), y) && (!f_.isOutput(y) || !isOutputAliasOrForbidden(y, target))) {
      f_.replaceAllUsesWith(y, target);
      f_.removeExpr(c);
      const bool pGone = removeIfUnused(p);
      log_.add("replaced " + before + " by " + target->name() + (pGone ? "" : " (" + mVal->name() + " is still used)"));
      modified_ = true;
      return target;
    }
    // Otherwise redefine y in place as the single op of x. When that removes nothing
    // (P stays because its output has other readers) it is not worth doing.
    if (*kind == AxisOp::Preserve || cIsSet) {
      const bool pWouldGo = mVal->uses().size() == 1 && !f_.isOutput(mVal);
      if (!pWouldGo) return nullptr;
    }
    ir::ExprAttributes attrs;
    OpType op = OpType::Set;
    if (*kind == AxisOp::Broadcast) {
      op = OpType::Broadcast;
      for (AxisOp a : ops) attrs.flags.push_back(a == AxisOp::Broadcast);
    } else if (*kind == AxisOp::Squeeze) {
      op = OpType::Squeeze;
      for (std::size_t i = 0; i < ops.size(); ++i)
        if (ops[i] == AxisOp::Squeeze) attrs.dims.push_back(static_cast<std::int64_t>(i));
    }
    const SourceLoc loc = c->loc();
    f_.removeExpr(c);
    Expr* single = f_.newExpr(op, {x}, {y}, attrs);
    single->setLoc(loc);
    const bool pGone = removeIfUnused(p);
    log_.add("replaced " + before + " by " + single->toString() +
             (pGone ? "" : " (" + mVal->name() + " is still used)"));
    modified_ = true;
    return y;
  }

  // Removes `e` when no expr reads its output and it is not a fusion output.
  bool removeIfUnused(Expr* e) {
    for (const Val* out : e->outputs())
      if (!out->uses().empty() || f_.isOutput(out)) return false;
    f_.removeExpr(e);
    return true;
  }

  ir::Fusion& f_;
  PassLog& log_;
  bool modified_ = false;
};

}  // namespace

bool RemoveBcastSqueeze::runPass(ir::Fusion& fusion, PassLog& log) { return Rewriter(fusion, log).run(); }

}  // namespace segscope::passes
