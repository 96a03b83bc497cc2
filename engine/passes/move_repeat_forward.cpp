// MoveRepeatForward (csrc/preseg_passes/move_repeat_forward.cpp @ 81c4b22): a repeat written
// as broadcast + expand + reshape (torch's repeat, RoPE's and GQA's tiling) makes every op
// after it work on factor times the data. Ops that only map elements one to one can work on
// the un-repeated tensor instead, so the repeat is moved after them:
//   t3 = reshape(expand(broadcast(t0)));  t4 = sin(t3)
//   → t5 = squeeze(expand(broadcast(t0)));  t4' = sin(t5);  t4 = reshape(expand(broadcast(t4')))
// Dims have no identity here (nvFuser tracks IterDomains), so a repeated dim is tracked by its
// position in each tensor, mapped through each op the way PairwiseLogicalDomainMap maps it.
#include "passes/move_repeat_forward.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::IterKind;
using ir::OpFamily;
using ir::SymInt;

// csrc/scheduler/tools/static_repeat.h:58-71 StaticRepeatInfo, with positions for the
// IterDomains: `inputDim` and `factorDim` index the reshape's input, `outputDim` its output.
struct StaticRepeat {
  ir::Expr* reshape = nullptr;
  ir::TensorView* in = nullptr;
  ir::TensorView* out = nullptr;
  int inputDim = 0, factorDim = 0, outputDim = 0;
  std::int64_t factor = 0;
};

bool sameKindAndExtent(const ir::Dim& a, const ir::Dim& b) { return a.kind == b.kind && a.extent == b.extent; }

// csrc/scheduler/tools/static_repeat.cpp:17-104 getMaybeStaticRepeatInfo: the reshape must be
// exactly one merge, of a constant expanded broadcast (the factor) and a non-broadcast dim.
// A reshape that also squeezes or adds size-1 dims is split by nvFuser into SqueezeOp +
// ReshapeOp + BroadcastOp, so its ReshapeOp is not this tensor: such reshapes are skipped.
std::optional<StaticRepeat> staticRepeatOf(ir::Expr* reshape) {
  ir::TensorView* in = reshape->operand(0)->asTensor();
  ir::TensorView* out = reshape->output()->asTensor();
  if (!in || !out || in->rank() != out->rank() + 1) return std::nullopt;
  for (const ir::Dim& d : in->dims())
    if (d.kind == IterKind::Broadcast) return std::nullopt;
  for (int p = 0; p < out->rank(); ++p) {
    const auto up = static_cast<std::size_t>(p);
    bool others = true;
    for (std::size_t d = 0; d < up; ++d) others = others && sameKindAndExtent(in->dim(d), out->dim(d));
    for (std::size_t d = up + 1; d < out->dims().size(); ++d)
      others = others && sameKindAndExtent(in->dim(d + 1), out->dim(d));
    if (!others || out->dim(up).isBroadcast()) continue;
    const ir::Dim& outer = in->dim(up);
    const ir::Dim& inner = in->dim(up + 1);
    StaticRepeat r{reshape, in, out, 0, 0, p, 0};
    if (outer.kind == IterKind::ExpandedBroadcast && !inner.isBroadcast()) {
      r.factorDim = p, r.inputDim = p + 1;  // inner repeated by the outer extent (a tiling)
    } else if (inner.kind == IterKind::ExpandedBroadcast && !outer.isBroadcast()) {
      r.factorDim = p + 1, r.inputDim = p;  // outer repeated by the inner extent (interleaved)
    } else {
      continue;
    }
    const SymInt& factor = in->dim(static_cast<std::size_t>(r.factorDim)).extent;
    if (!factor.isConst()) return std::nullopt;  // static_repeat.cpp:97-100
    r.factor = factor.value;
    return r;
  }
  return std::nullopt;
}

// Position in `to` of dim `pos` of `from` when elementwise operands align from the right
// (lower-rank operands gain leading broadcast dims, as nvFuser's maybeBroadcast adds them).
int alignedPos(const ir::TensorView* from, int pos, const ir::TensorView* to) {
  return pos + to->rank() - from->rank();
}

bool sliceKeepsWhole(const ir::Expr* slice, int pos) {
  const auto p = static_cast<std::size_t>(pos);
  const ir::ExprAttributes& a = slice->attrs();
  const SymInt& extent = slice->operand(0)->asTensor()->dim(p).extent;
  // Without manual normalization an end past the extent is clamped to it.
  const bool clamped = !a.option && extent.isConst() && a.ends[p].isConst() && a.ends[p].value >= extent.value;
  const bool end = a.ends[p] == extent || clamped;
  return a.starts[p].isConst(0) && a.steps[p].isConst(1) && end;
}

bool padKeepsWhole(const ir::Expr* pad, int pos) {
  const ir::TensorView* in = pad->operand(0)->asTensor();
  const auto pair = static_cast<std::size_t>(in->rank() - 1 - pos);  // widths start from the last dim
  const auto& w = pad->attrs().padWidths;
  return 2 * pair + 1 >= w.size() || (w[2 * pair].isConst(0) && w[2 * pair + 1].isConst(0));
}

// csrc/preseg_passes/move_repeat_forward.cpp:63-262 CanMoveOver: walks the exprs after the
// repeat in order and records, for each tensor the repeat may be moved past, the position of
// its repeated dim.
class CanMoveOver {
 public:
  CanMoveOver(const ir::Fusion& fusion, const StaticRepeat& r) {
    repeatDim_[r.out] = r.outputDim;
    for (const ir::Expr* e : fusion.exprs()) {
      const auto tensorInputs = tensorOperands(e);
      const auto mapped = [&](const ir::TensorView* t) { return repeatDim_.count(t) > 0; };
      const auto blocked = [&](const ir::TensorView* t) { return noMove_.count(t) > 0; };
      if (std::none_of(tensorInputs.begin(), tensorInputs.end(), mapped)) continue;
      const bool invalid = std::any_of(tensorInputs.begin(), tensorInputs.end(), blocked);
      if (!invalid) dispatch(e);
      const bool unmapped = std::any_of(e->outputs().begin(), e->outputs().end(), [&](const ir::Val* o) {
        return o->isTensor() && !repeatDim_.count(o->asTensor());
      });
      if (invalid || unmapped)
        for (const ir::Val* o : e->outputs())
          if (o->isTensor()) noMove_.insert(o->asTensor());
    }
  }

  const std::unordered_map<const ir::TensorView*, int>& repeatDims() const { return repeatDim_; }

 private:
  static std::vector<const ir::TensorView*> tensorOperands(const ir::Expr* e) {
    std::vector<const ir::TensorView*> out;
    for (const ir::Val* v : e->inputs())
      if (v->isTensor()) out.push_back(v->asTensor());
    return out;
  }

  // file:118-128: only UnaryOp, BinaryOp, TernaryOp (cast is a UnaryOp there), SliceOp,
  // PadOp and CatOp are handled; every other op stops the repeat.
  void dispatch(const ir::Expr* e) {
    switch (e->family()) {
      case OpFamily::Unary:
      case OpFamily::Binary:
      case OpFamily::Ternary:
      case OpFamily::Cast: handleNoSideEffectOp(e); return;
      case OpFamily::Slice:
      case OpFamily::Pad: handleResizeBasedOp(e); return;
      case OpFamily::Cat: handleCat(e); return;
      default: return;
    }
  }

  // file:134-198 handleNoSideEffectOp: the output's repeated dim is the one of the first
  // mapped input; every other input must be repeated there too or broadcast.
  void handleNoSideEffectOp(const ir::Expr* e) {
    if (e->outputs().size() != 1 || !e->output()->isTensor()) return;
    const ir::TensorView* out = e->output()->asTensor();
    const auto inputs = tensorOperands(e);
    const auto first = std::find_if(inputs.begin(), inputs.end(), [&](auto* t) { return repeatDim_.count(t); });
    const int outPos = alignedPos(*first, repeatDim_.at(*first), out);
    for (const ir::TensorView* in : inputs) {
      if (in == *first) continue;
      const int inPos = alignedPos(out, outPos, in);
      // A missing (leading) dim is a broadcast nvFuser would have inserted. Unlike nvFuser,
      // an expanded broadcast does not count: its extent is the repeated one, and the op
      // would no longer line up once the chain is shrunk.
      if (inPos < 0 || in->dim(static_cast<std::size_t>(inPos)).kind == IterKind::Broadcast) continue;
      if (auto it = repeatDim_.find(in); it != repeatDim_.end() && it->second == inPos) continue;
      return;  // not proven safe
    }
    repeatDim_[out] = outPos;
  }

  // file:202-235 handleResizeBasedOp: valid as long as the repeated dim is not resized.
  void handleResizeBasedOp(const ir::Expr* e) {
    const int pos = repeatDim_.at(e->operand(0)->asTensor());
    const bool whole = e->family() == OpFamily::Slice ? sliceKeepsWhole(e, pos) : padKeepsWhole(e, pos);
    if (whole) repeatDim_[e->output()->asTensor()] = pos;
  }

  // file:237-245: nvFuser's cat pads each input along the cat dim (the PadOp handler refuses
  // that when it is the repeated dim), then the CatOp is an ordinary no-side-effect op.
  void handleCat(const ir::Expr* e) {
    if (!e->attrs().option)
      for (const ir::TensorView* in : tensorOperands(e))
        if (auto it = repeatDim_.find(in); it != repeatDim_.end() && it->second == e->attrs().axis) return;
    handleNoSideEffectOp(e);
  }

  std::unordered_map<const ir::TensorView*, int> repeatDim_;
  std::unordered_set<const ir::TensorView*> noMove_;
};

// The topological position of every value defined by an expr (inputs and constants: -1).
std::unordered_map<const ir::Val*, int> definitionOrder(const ir::Fusion& fusion) {
  std::unordered_map<const ir::Val*, int> order;
  int next = 0;
  for (const ir::Expr* e : fusion.exprs())
    for (const ir::Val* o : e->outputs()) order[o] = next++;
  return order;
}

// csrc/preseg_passes/move_repeat_forward.cpp:21-56 getAllPostDominators: the values every use
// chain from `from` passes through, nearest first. Computed as immediate post-dominators over
// the values after `from` (instead of listing every use chain, which can be exponential).
std::vector<const ir::Val*> postDominators(const ir::Fusion& fusion, const ir::Val* from) {
  const auto order = definitionOrder(fusion);
  std::set<std::pair<int, const ir::Val*>> after;  // values reachable from `from`
  std::vector<const ir::Val*> work{from};
  while (!work.empty()) {
    const ir::Val* v = work.back();
    work.pop_back();
    for (const ir::Expr* u : v->uses())
      for (const ir::Val* o : u->outputs())
        if (after.insert({order.at(o), o}).second) work.push_back(o);
  }
  const ir::Val* exitNode = nullptr;  // the virtual end every terminal value leads to
  std::unordered_map<const ir::Val*, const ir::Val*> ipdom;
  const auto rank = [&](const ir::Val* v) { return v == exitNode ? INT32_MAX : order.at(v); };
  const auto intersect = [&](const ir::Val* a, const ir::Val* b) {
    while (a != b) {
      if (rank(a) < rank(b))
        a = ipdom.at(a);
      else
        b = ipdom.at(b);
    }
    return a;
  };
  const auto immediate = [&](const ir::Val* v) {
    const ir::Val* result = nullptr;
    bool first = true;
    for (const ir::Expr* u : v->uses())
      for (const ir::Val* o : u->outputs()) {
        result = first ? o : intersect(result, o);
        first = false;
      }
    return first ? exitNode : result;  // a value nothing reads ends its use chains
  };
  for (auto it = after.rbegin(); it != after.rend(); ++it) ipdom[it->second] = immediate(it->second);
  std::vector<const ir::Val*> result;
  for (const ir::Val* v = immediate(from); v != exitNode; v = ipdom.at(v)) result.push_back(v);
  return result;
}

// The values on some path from `from` to `to`, both included.
std::vector<ir::TensorView*> tensorsBetween(ir::Fusion& fusion, const ir::Val* from, ir::TensorView* to) {
  std::vector<ir::TensorView*> result;
  std::unordered_set<const ir::Val*> seen{to};
  std::vector<ir::Val*> work{to};
  const auto order = definitionOrder(fusion);
  const int floor = order.count(from) ? order.at(from) : -1;
  while (!work.empty()) {
    ir::Val* v = work.back();
    work.pop_back();
    if (ir::TensorView* tv = v->asTensor()) result.push_back(tv);
    if (v == from || !v->definition()) continue;
    for (ir::Val* in : v->definition()->inputs())
      if (order.count(in) && order.at(in) >= floor && seen.insert(in).second) work.push_back(in);
  }
  // Keep only those `from` reaches (an unrelated operand defined later is no part of it).
  std::unordered_set<const ir::Val*> reach{from};
  std::vector<const ir::Val*> fwd{from};
  while (!fwd.empty()) {
    const ir::Val* v = fwd.back();
    fwd.pop_back();
    for (const ir::Expr* u : v->uses())
      for (const ir::Val* o : u->outputs())
        if (reach.insert(o).second) fwd.push_back(o);
  }
  std::erase_if(result, [&](const ir::TensorView* tv) { return !reach.count(tv); });
  return result;
}

// csrc/preseg_passes/move_repeat_forward.cpp:278-325 findMoveTarget: the furthest post
// dominator the repeat can be moved past.
ir::TensorView* findMoveTarget(const ir::Fusion& fusion, const StaticRepeat& r,
                               const std::unordered_map<const ir::TensorView*, int>& repeatDims) {
  const std::vector<const ir::Val*> pds = postDominators(fusion, r.out);
  for (auto it = pds.rbegin(); it != pds.rend(); ++it) {
    const ir::TensorView* tv = (*it)->asTensor();
    if (tv && repeatDims.count(tv)) return const_cast<ir::TensorView*>(tv);
  }
  return nullptr;
}

// file:401-412 repeatTensor, building the same broadcast + expand + reshape as the original.
// nvFuser's repeat() always tiles (the factor outermost); an interleaving repeat (factor
// innermost) would change the values, so the original orientation is kept.
ir::ops::ValResult repeatTensor(ir::Fusion& fusion, ir::TensorView* tv, int pos, const StaticRepeat& r) {
  const bool factorOuter = r.factorDim < r.inputDim;
  const auto rank = static_cast<std::size_t>(tv->rank());
  const std::size_t at = static_cast<std::size_t>(pos) + (factorOuter ? 0 : 1);
  std::vector<bool> isBroadcast(rank + 1, false);
  isBroadcast[at] = true;
  auto b = ir::ops::broadcast(fusion, tv, isBroadcast);
  if (!b) return b;
  std::vector<SymInt> expandShape(rank + 1, SymInt::constant(-1));
  expandShape[at] = SymInt::constant(r.factor);
  auto x = ir::ops::expand(fusion, b.value(), expandShape);
  if (!x) return x;
  std::vector<SymInt> shape;
  for (std::size_t d = 0; d < rank; ++d) {
    const SymInt& e = tv->dim(d).extent;
    const SymInt repeated = e.isConst() ? SymInt::constant(e.value * r.factor) : SymInt::constant(-1);
    shape.push_back(d != static_cast<std::size_t>(pos) ? e : repeated);
  }
  return ir::ops::reshape(fusion, x.value(), shape);
}

// A slice that kept the repeated dim whole keeps it whole at the shrunk extent: its end is
// rewritten to that extent (nvFuser's SliceOp leaves an unresized dim alone), by building the
// slice anew and putting it in place of the old one. Returns the tensor that now stands for
// `out`.
ir::TensorView* resliceWhole(ir::Fusion& fusion, ir::TensorView* out, int pos) {
  ir::Expr* slice = out->definition();
  ir::TensorView* in = slice->operand(0)->asTensor();
  const SymInt& extent = in->dim(static_cast<std::size_t>(pos)).extent;
  ir::ExprAttributes a = slice->attrs();
  if (a.ends[static_cast<std::size_t>(pos)] == extent) return out;
  a.ends[static_cast<std::size_t>(pos)] = extent;
  auto fresh = ir::ops::slice(fusion, in, a.starts, a.ends, a.steps, a.option);
  if (!fresh || !rewrite::replaceTensor(fusion, out, fresh.value()->asTensor())) return out;
  (void)rewrite::removeIfDead(fusion, slice);
  return fresh.value()->asTensor();
}

// file:356-398 moveTo: squeeze the factor dim off the repeat's input, shrink the repeated dim
// of every tensor up to the target, and repeat the target instead.
bool moveTo(ir::Fusion& fusion, const StaticRepeat& r, ir::TensorView* target,
            const std::unordered_map<const ir::TensorView*, int>& repeatDims, PassLog& log) {
  const int targetPos = repeatDims.at(target);
  const std::vector<ir::TensorView*> between = tensorsBetween(fusion, r.out, target);
  // nvFuser does not check this: a fusion output inside the moved range would change shape.
  for (const ir::TensorView* tv : between)
    if (tv != target && fusion.isOutput(tv)) return false;
  auto squeezed = ir::ops::squeeze(fusion, r.in, {r.factorDim}, true);  // file:414-431
  if (!squeezed) return false;
  // file:370-372, 380-384: shrink the repeated dims, then read the squeezed tensor instead.
  const SymInt extent = r.in->dim(static_cast<std::size_t>(r.inputDim)).extent;
  for (ir::TensorView* tv : between)
    if (tv != r.out) tv->setExtent(static_cast<std::size_t>(repeatDims.at(tv)), extent);
  for (ir::Expr* use : std::vector<ir::Expr*>(r.out->uses())) fusion.replaceUse(use, r.out, squeezed.value());
  std::map<int, std::pair<ir::TensorView*, int>> slices;  // in definition order
  const auto order = definitionOrder(fusion);
  for (ir::TensorView* tv : between)
    if (tv != r.out && tv->definition()->family() == OpFamily::Slice) slices[order.at(tv)] = {tv, repeatDims.at(tv)};
  for (auto& [_, slice] : slices) {
    ir::TensorView* now = resliceWhole(fusion, slice.first, slice.second);
    if (slice.first == target) target = now;
  }
  // file:393-397: the target's readers (and the output slot) take the repeated tensor.
  const std::vector<ir::Expr*> readers = target->uses();
  const bool isOutput = fusion.isOutput(target);
  auto repeated = repeatTensor(fusion, target, targetPos, r);
  if (!repeated) return false;
  for (ir::Expr* use : readers) fusion.replaceUse(use, target, repeated.value());
  if (isOutput) fusion.replaceOutput(target, repeated.value());
  log.add("moved the repeat " + r.reshape->toString() + " (" + std::to_string(r.factor) + "x dim " +
          std::to_string(r.outputDim) + ") after " + target->name() + ": " +
          squeezed.value()->definition()->toString() + " feeds the ops up to " + target->name() + ", then " +
          repeated.value()->name() + " repeats it");
  for (const std::string& removed : rewrite::removeIfDead(fusion, r.reshape)) log.add("removed " + removed);
  return true;
}

}  // namespace

bool MoveRepeatForward::runPass(ir::Fusion& fusion, PassLog& log) {
  // file:270-276: the reshapes present before the pass; the ones it builds are not revisited.
  std::vector<int> reshapes;
  for (const ir::Expr* e : fusion.exprs())
    if (e->op() == ir::OpType::Reshape) reshapes.push_back(e->id());
  bool changed = false;
  for (int id : reshapes) {
    ir::Expr* e = fusion.exprById(id);
    if (!e || e->output()->uses().empty()) continue;
    const std::optional<StaticRepeat> r = staticRepeatOf(e);
    if (!r || fusion.isOutput(r->out)) continue;  // an output repeat has nothing after it to move past
    const CanMoveOver analysis(fusion, *r);
    ir::TensorView* target = findMoveTarget(fusion, *r, analysis.repeatDims());
    if (!target) continue;
    changed = moveTo(fusion, *r, target, analysis.repeatDims(), log) || changed;
  }
  return changed;
}

}  // namespace segscope::passes
