// ConsecutiveCast: Thunder traces round-trip dtypes a lot (bf16 → float → double → float …);
// every cast is a pass over memory in a kernel, and a cast chain hides from the
// schedulers that two tensors hold the same values. This follows nvFuser's
// castOptimizationPass: casts are visited latest first, and each one is (b) moved above
// a meta op while that narrows the bytes the meta op moves, then (a) folded with the
// casts before it, until neither applies.
#include "passes/consecutive_cast.h"

#include <algorithm>
#include <map>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::DataType;
using ir::OpType;

bool isTensorCast(const ir::Expr* e) { return e && e->op() == OpType::Cast && e->output()->isTensor(); }

bool isFloat8(DataType t) { return ir::isFloat8Family(t); }

// True when every value of `base` is exactly a value of `wider` (nvFuser's isInclusiveType).
bool isInclusiveType(DataType base, DataType wider) {
  if (base == wider || base == DataType::Bool) return true;
  const bool baseFloat = base == DataType::Half || base == DataType::BFloat16 || isFloat8(base);
  switch (wider) {
    case DataType::Double:
    case DataType::ComplexDouble:
      return baseFloat || base == DataType::Float || base == DataType::Double || base == DataType::Int32 ||
             base == DataType::ComplexFloat;
    case DataType::Float:
    case DataType::ComplexFloat: return baseFloat || base == DataType::Float;
    case DataType::Int: return base == DataType::Int32;
    case DataType::Half:
    case DataType::BFloat16:
      return isFloat8(base) && base != DataType::Float4_e2m1fn && base != DataType::Float8_e8m0fnu;
    default: return false;
  }
}

std::string chainText(const std::vector<ir::Val*>& vals) {
  std::string s;
  for (const ir::Val* v : vals) s += (s.empty() ? "" : " -> ") + v->name();
  return s;
}

class CastOptimizer {
 public:
  CastOptimizer(ir::Fusion& f, PassLog& log) : f_(f), log_(log) {}

  bool run() {
    std::vector<int> ids;
    for (const ir::Expr* e : f_.exprs()) ids.push_back(e->id());
    for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
      int current = *it;
      for (ir::Expr* e = f_.exprById(current); isTensorCast(e); e = f_.exprById(current)) {
        if (ir::Expr* moved = moveAboveMeta(e)) {
          current = moved->id();
          continue;
        }
        if (!foldChain(e)) break;  // else go on with the cast, unless it folded away
      }
    }
    return changed_;
  }

 private:
  // Rewires cast `c` to read `in`; planned first, applied once the plan is known.
  ir::Val* inputOf(ir::Val* c) const {
    auto it = rewired_.find(c);
    return it != rewired_.end() ? it->second : c->definition()->operand(0);
  }
  ir::Val* replaceInputInCast(ir::Val* c, ir::Val* in) {
    if (c != in && inputOf(c) != in) rewired_[c] = in;
    return c;
  }

  // (a) Folds the chain of casts that ends with `last`. Returns true when it changed it.
  bool foldChain(ir::Expr* last) {
    ir::Val* out = last->output();
    std::vector<ir::Val*> chain;  // intermediate cast outputs, earliest first
    for (ir::Expr* prev = last->operand(0)->definition(); isTensorCast(prev); prev = prev->operand(0)->definition()) {
      ir::Val* mid = prev->output();
      if (!rewrite::hasSingleUse(f_, mid)) break;
      chain.insert(chain.begin(), mid);
    }
    ir::Val* start = chain.empty() ? last->operand(0) : chain.front()->definition()->operand(0);
    rewired_.clear();
    // nvFuser's anchor walk: keep the narrowest dtype seen; an incompatible one starts a
    // new section whose own casts stay.
    ir::Val* loAnchor = start;
    ir::Val* startingAnchor = start;
    DataType anchorType = start->dtype();
    for (ir::Val* v : chain) {
      if (isInclusiveType(anchorType, v->dtype())) continue;  // widening: drop it
      if (!isInclusiveType(v->dtype(), anchorType)) {         // incompatible: keep both
        loAnchor = replaceInputInCast(loAnchor, startingAnchor);
        v = replaceInputInCast(v, loAnchor);
        startingAnchor = v;
      }
      loAnchor = v;
      anchorType = v->dtype();
    }
    if (isInclusiveType(out->dtype(), anchorType)) {
      replaceInputInCast(out, startingAnchor);  // the output is no wider than the anchor
    } else {
      loAnchor = replaceInputInCast(loAnchor, startingAnchor);
      replaceInputInCast(out, loAnchor);
    }
    ir::Val* newIn = inputOf(out);
    const bool sameType = newIn->dtype() == out->dtype() && removableSameTypeCast(out, newIn);
    if (rewired_.empty() && !sameType) return false;

    // Names first: the values dropped below are deleted.
    std::vector<ir::Val*> before = chain;
    before.insert(before.begin(), start);
    before.push_back(out);
    const std::string beforeText = chainText(before);
    const std::string outName = out->name();
    std::vector<int> dropped;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) dropped.push_back((*it)->definition()->id());
    for (const auto& [c, in] : rewired_) f_.replaceUse(c->definition(), c->definition()->operand(0), in);
    changed_ = true;
    if (sameType) {
      ir::Expr* def = out->definition();
      const std::string castText = def->toString();
      f_.replaceAllUsesWith(out, newIn);
      (void)rewrite::removeIfDead(f_, def);
      removeDropped(dropped);
      const std::string type(ir::dataTypeName(newIn->dtype()));
      if (chain.empty())
        log_.add("removed " + castText + ", a cast to the dtype " + newIn->name() + " already has: uses of " + outName +
                 " now read " + newIn->name());
      else
        log_.add("folded cast chain " + beforeText + " away: it comes back to " + type +
                 " without losing anything, so uses of " + outName + " now read " + newIn->name());
      return true;
    }
    removeDropped(dropped);
    std::string into;
    for (ir::Val* v = out; v != start; v = v->definition()->operand(0))
      into = v->definition()->toString() + (into.empty() ? "" : "; ") + into;
    log_.add("folded cast chain " + beforeText + " into " + into);
    return true;
  }

  // Removes the casts of a folded chain that nothing reads any more (ids, latest first).
  void removeDropped(const std::vector<int>& ids) {
    for (int id : ids)
      if (ir::Expr* d = f_.exprById(id)) (void)rewrite::removeIfDead(f_, d);
  }

  // A cast `out` = cast(in) to in's own dtype may go, unless that would make a fusion
  // input (or one output twice) a fusion output.
  bool removableSameTypeCast(const ir::Val* out, const ir::Val* in) const {
    if (!f_.isOutput(out)) return true;
    return !f_.isInput(in) && !f_.isOutput(in);
  }

  // (b) Moves cast `e` above the meta op that produces its operand when the cast does not
  // widen. Returns the new cast, or null when nothing moved.
  ir::Expr* moveAboveMeta(ir::Expr* e) {
    ir::Val* m = e->operand(0);
    ir::Expr* meta = m->definition();
    if (!meta || !rewrite::hasSingleUse(f_, m)) return nullptr;
    const OpType op = meta->op();
    if (op != OpType::Reshape && op != OpType::Squeeze && op != OpType::Set && op != OpType::Permute) return nullptr;
    ir::Val* x = meta->operand(0);
    const DataType from = x->dtype(), to = e->output()->dtype();
    if (!x->isTensor() || from == to || from == DataType::Index || to == DataType::Index ||
        ir::byteSize(to) > ir::byteSize(from))
      return nullptr;
    auto c = ir::ops::cast(f_, x, to);
    if (!c) return nullptr;
    const ir::ExprAttributes& a = meta->attrs();
    ir::ops::ValResult replayed = [&]() -> ir::ops::ValResult {
      switch (op) {
        case OpType::Reshape: return ir::ops::reshape(f_, c.value(), a.shape);
        case OpType::Squeeze: return ir::ops::squeeze(f_, c.value(), a.dims, a.option);
        case OpType::Permute: return ir::ops::permute(f_, c.value(), a.dims);
        default: return ir::ops::set(f_, OpType::Set, c.value());
      }
    }();
    ir::TensorView* out = e->output()->asTensor();
    if (!replayed || !rewrite::replaceTensor(f_, out, replayed.value()->asTensor())) {
      (void)rewrite::removeIfDead(f_, replayed ? replayed.value()->definition() : c.value()->definition());
      return nullptr;
    }
    const std::string was = meta->toString() + "; " + e->toString();
    (void)rewrite::removeIfDead(f_, e);
    const std::string opText(ir::opName(op));
    log_.add("moved cast above " + opText + " (the " + opText + " now moves " + std::string(ir::shortName(to)) +
             " instead of " + std::string(ir::shortName(from)) + "): " + was + " became " +
             c.value()->definition()->toString() + "; " + replayed.value()->definition()->toString());
    changed_ = true;
    return c.value()->definition();
  }

  ir::Fusion& f_;
  PassLog& log_;
  std::map<ir::Val*, ir::Val*> rewired_;
  bool changed_ = false;
};

}  // namespace

bool ConsecutiveCast::runPass(ir::Fusion& fusion, PassLog& log) { return CastOptimizer(fusion, log).run(); }

}  // namespace segscope::passes
