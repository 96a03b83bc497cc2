// MovePad: a zero pad commutes with an op that maps 0 to 0, so pad(f(x)) == f(pad(x)).
// Moving the pad towards the inputs lets f run in the same pointwise kernel as whatever
// consumes the padded tensor, and meeting another zero pad, the two become one. A cat is, to
// nvFuser, a cat of zero pads of its inputs (csrc/ops/alias.cpp cat); once one of those pads
// has moved, the cat is the sum of its padded inputs (csrc/preseg_passes/move_pad.cpp:500-559).
// nvFuser only runs this with the resize scheduler disabled, hence off by default.
#include "passes/move_pad.h"

#include <vector>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::OpFamily;
using ir::OpType;

// csrc/preseg_passes/move_pad.cpp:147-184 zeroIsFixedPoint: unary ops with f(0) == 0 (or
// false), the list nvFuser keeps (gelu has no op of its own here).
bool zeroIsFixedPoint(OpType op) {
  switch (op) {
    case OpType::Cast:
    case OpType::Abs:
    case OpType::Asin:
    case OpType::Asinh:
    case OpType::Atan:
    case OpType::Atanh:
    case OpType::Ceil:
    case OpType::Erf:
    case OpType::Erfinv:
    case OpType::Expm1:
    case OpType::Floor:
    case OpType::Frac:
    case OpType::Imag:
    case OpType::Log1p:
    case OpType::Neg:
    case OpType::Real:
    case OpType::Relu:
    case OpType::Round:
    case OpType::Silu:
    case OpType::Signbit:
    case OpType::Sin:
    case OpType::Sinh:
    case OpType::Sqrt:
    case OpType::Tan:
    case OpType::Tanh:
    case OpType::Trunc:
    case OpType::IsInf:
    case OpType::IsNan:
    case OpType::IsNegInf:
    case OpType::IsPosInf: return true;
    default: return false;
  }
}

// move_pad.cpp:190-211 zeroIsIdentity: binary ops with f(0, 0) == 0 (or false).
bool zeroIsIdentity(OpType op) {
  switch (op) {
    case OpType::Add:
    case OpType::Maximum:
    case OpType::Minimum:
    case OpType::Mul:
    case OpType::Sub:
    case OpType::Gcd:
    case OpType::BitwiseAnd:
    case OpType::BitwiseOr:
    case OpType::Gt:
    case OpType::Lt:
    case OpType::Ne:
    case OpType::LogicalAnd:
    case OpType::LogicalOr: return true;
    default: return false;
  }
}

bool hasPadValue(const ir::Expr* pad) {
  return !pad->attrs().flags.empty() && pad->attrs().flags[0] && pad->numOperands() > 1;
}

// A pad with value 0 (given or default) and no negative width.
bool isSimplePad(const ir::Expr* e) {
  if (!e || e->family() != OpFamily::Pad || !e->output()->isTensor()) return false;
  for (const ir::SymInt& w : e->attrs().padWidths)
    if (!w.isConst() || w.value < 0) return false;  // a run-time width is not provably >= 0
  return !hasPadValue(e) || ir::isZeroConstant(e->operand(1));
}

std::string widthsText(const std::vector<ir::SymInt>& w) {
  std::string s = "[";
  for (std::size_t i = 0; i < w.size(); ++i) s += (i ? ", " : "") + w[i].toString();
  return s + "]";
}

// The padded axes of a pad's widths ((left, right) pairs from the last dim).
std::vector<int> paddedAxes(const ir::Expr* pad, int rank) {
  std::vector<int> axes;
  const std::vector<ir::SymInt>& w = pad->attrs().padWidths;
  for (std::size_t k = 0; 2 * k + 1 < w.size(); ++k)
    if (w[2 * k].value != 0 || w[2 * k + 1].value != 0) axes.push_back(rank - 1 - static_cast<int>(k));
  return axes;
}

bool samePad(const ir::Expr* a, const ir::Expr* b) {
  const auto& wa = a->attrs().padWidths;
  const auto& wb = b->attrs().padWidths;
  if (wa.size() != wb.size()) return false;
  for (std::size_t i = 0; i < wa.size(); ++i)
    if (wa[i].value != wb[i].value) return false;
  return true;
}

class PadMover {
 public:
  PadMover(ir::Fusion& f, PassLog& log) : f_(f), log_(log) {}

  // csrc/preseg_passes/move_pad.cpp:375-531 propagatePads and :535-555 replaceCat: every
  // simple pad is moved as far towards the inputs as the rules allow, newest first.
  bool run() {
    std::vector<int> work;
    std::vector<int> cats;
    for (const ir::Expr* e : f_.exprs())
      if (e->family() == OpFamily::Cat) cats.push_back(e->id());
    for (int id : cats)
      if (ir::Expr* cat = f_.exprById(id)) rewriteCat(cat, work);
    for (const ir::Expr* e : f_.exprs())
      if (isSimplePad(e)) work.insert(work.begin(), e->id());
    while (!work.empty()) {
      ir::Expr* pad = f_.exprById(work.back());
      work.pop_back();
      if (!isSimplePad(pad)) continue;  // gone, or merged into another
      unifySamePads(pad);
      if (f_.isOutput(pad->operand(0))) continue;  // the tensor must stay: nothing moves above it
      if (ir::Expr* merged = mergeWithPad(pad)) {
        work.push_back(merged->id());
        continue;
      }
      if (ir::Expr* moved = moveAboveUnary(pad)) {
        work.push_back(moved->id());
        continue;
      }
      for (const ir::Expr* moved : moveAboveBinary(pad)) work.push_back(moved->id());
    }
    return changed_;
  }

 private:
  // move_pad.cpp:401-417: another pad of the same tensor with the same widths and value is
  // this one, so the tensor may be left with a single use.
  void unifySamePads(ir::Expr* pad) {
    const std::vector<ir::Expr*> uses(pad->operand(0)->uses().begin(), pad->operand(0)->uses().end());
    for (ir::Expr* other : uses) {
      if (other == pad || !isSimplePad(other) || !samePad(other, pad)) continue;
      const std::string was = other->toString();
      if (!rewrite::replaceTensor(f_, other->output()->asTensor(), pad->output()->asTensor())) continue;
      (void)rewrite::removeIfDead(f_, other);
      changed_ = true;
      log_.add("the same zero pad twice on " + pad->operand(0)->name() + ": " + was + " reads " +
               pad->output()->name() + " instead");
    }
  }

  // pad(pad(x, w1), w2) → pad(x, w1 + w2) (move_pad.cpp:473-490; the inner pad stays for any
  // other reader). Returns the new pad, or null.
  ir::Expr* mergeWithPad(ir::Expr* outer) {
    ir::Val* mid = outer->operand(0);
    ir::Expr* inner = mid->definition();
    if (!isSimplePad(inner)) return nullptr;
    std::vector<ir::SymInt> widths = inner->attrs().padWidths;  // constants: both pads are simple
    const std::vector<ir::SymInt>& more = outer->attrs().padWidths;
    if (widths.size() < more.size()) widths.resize(more.size(), ir::SymInt::constant(0));
    for (std::size_t i = 0; i < more.size(); ++i) widths[i].value += more[i].value;
    auto merged = ir::ops::pad(f_, inner->operand(0), widths, hasPadValue(outer) ? outer->operand(1) : nullptr);
    if (!merged) return nullptr;
    const std::string was = inner->toString() + "; " + outer->toString();
    if (!commit(outer, merged.value()->asTensor())) return nullptr;
    log_.add("merged consecutive zero pads " + was + " into " + merged.value()->definition()->toString());
    return merged.value()->definition();
  }

  // pad(f(x)) → f(pad(x)) for f with f(0) == 0 (move_pad.cpp:436-452). Returns the new pad, or null.
  ir::Expr* moveAboveUnary(ir::Expr* pad) {
    ir::Val* y = pad->operand(0);
    ir::Expr* f = y->definition();
    if (!f || !rewrite::hasSingleUse(f_, y) || !zeroIsFixedPoint(f->op())) return nullptr;
    if (f->family() != OpFamily::Unary && f->family() != OpFamily::Cast) return nullptr;
    ir::Val* x = f->operand(0);
    if (!x->isTensor()) return nullptr;
    auto padded = ir::ops::pad(f_, x, pad->attrs().padWidths, hasPadValue(pad) ? pad->operand(1) : nullptr);
    if (!padded) return nullptr;
    auto applied = f->op() == OpType::Cast ? ir::ops::cast(f_, padded.value(), f->attrs().dtype)
                                           : ir::ops::unary(f_, f->op(), padded.value());
    if (!applied) {
      (void)rewrite::removeIfDead(f_, padded.value()->definition());
      return nullptr;
    }
    const std::string was = f->toString() + "; " + pad->toString();
    const std::string opText(f->opName());
    if (!commit(pad, applied.value()->asTensor())) return nullptr;
    log_.add("moved zero pad " + widthsText(padded.value()->definition()->attrs().padWidths) + " above " + opText +
             " (" + opText + "(0) == 0): " + was + " became " + padded.value()->definition()->toString() + "; " +
             applied.value()->definition()->toString());
    return padded.value()->definition();
  }

  // Whether pad(f(a, b)) may become f(pad(a), pad(b)) (move_pad.cpp:453-472, 331-347): f(0, 0)
  // == 0, both operands tensors of the output's rank, none broadcast on a padded axis.
  static bool binaryMoves(const ir::Expr* f, const std::vector<int>& axes) {
    if (!f || f->family() != OpFamily::Binary || !zeroIsIdentity(f->op())) return false;
    const int rank = f->output()->asTensor()->rank();
    for (std::size_t i = 0; i < f->numOperands(); ++i) {
      const ir::Val* v = f->operand(i);
      if (!v->isTensor() || v->asTensor()->rank() != rank) return false;
      for (int axis : axes)
        if (v->asTensor()->dim(static_cast<std::size_t>(axis)).isBroadcast()) return false;
    }
    return true;
  }

  // pad(f(a, b)) → f(pad(a), pad(b)). Returns the two new pads (none when it does not move).
  std::vector<ir::Expr*> moveAboveBinary(ir::Expr* pad) {
    ir::Val* y = pad->operand(0);
    ir::Expr* f = y->definition();
    if (!f || !rewrite::hasSingleUse(f_, y)) return {};
    if (!binaryMoves(f, paddedAxes(pad, y->asTensor()->rank()))) return {};
    ir::Val* value = hasPadValue(pad) ? pad->operand(1) : nullptr;
    auto pa = ir::ops::pad(f_, f->operand(0), pad->attrs().padWidths, value);
    auto pb = pa ? ir::ops::pad(f_, f->operand(1), pad->attrs().padWidths, value) : pa;
    auto applied = pb ? ir::ops::binary(f_, f->op(), pa.value(), pb.value()) : pb;
    if (!applied) {
      for (auto* made : {pa ? pa.value() : nullptr, pb ? pb.value() : nullptr})
        if (made) (void)rewrite::removeIfDead(f_, made->definition());
      return {};
    }
    // Said before the commit, which drops the pad and f.
    const std::string opText(f->opName());
    const std::string said = "moved zero pad " + widthsText(pad->attrs().padWidths) + " above " + opText + " (" +
                             opText + "(0, 0) == 0): " + f->toString() + " became " +
                             applied.value()->definition()->toString();
    if (!commit(pad, applied.value()->asTensor())) return {};  // commit drops what it made
    log_.add(said);
    return {pa.value()->definition(), pb.value()->definition()};
  }

  // Whether the pad nvFuser's cat puts on `x` could move above x's definition.
  bool catInputMoves(const ir::Expr* cat, const ir::Val* x, int axis) const {
    const ir::Expr* f = x->definition();
    if (!f || !rewrite::hasSingleUse(f_, x) || cat->numOperands() == 0) return false;
    if ((f->family() == OpFamily::Unary || f->family() == OpFamily::Cast) && zeroIsFixedPoint(f->op()))
      return f->operand(0)->isTensor();
    return binaryMoves(f, {axis});
  }

  // cat(x0, …, xn) → pad(x0) + … + pad(xn) (logical or for booleans) when the pad of some xi
  // can move above xi's definition (move_pad.cpp:500-531, replaceCatOpWithBinaryOp :110-138).
  // Cats of run-time extents are left as they are (the widths would be sums of extents).
  void rewriteCat(ir::Expr* cat, std::vector<int>& work) {
    if (cat->attrs().option) return;  // manual padding: the inputs are already the pads
    const ir::TensorView* out = cat->output()->asTensor();
    const int rank = out->rank();
    const int axis = static_cast<int>(cat->attrs().axis);
    std::vector<std::int64_t> extents;
    bool anyMoves = false;
    for (std::size_t i = 0; i < cat->numOperands(); ++i) {
      const ir::Val* x = cat->operand(i);
      if (!x->isTensor() || x->asTensor()->dtype() != out->dtype()) return;
      const ir::SymInt& e = x->asTensor()->dim(static_cast<std::size_t>(axis)).extent;
      if (!e.isConst()) return;
      extents.push_back(e.value);
      anyMoves = anyMoves || catInputMoves(cat, x, axis);
    }
    if (!anyMoves) return;
    std::int64_t total = 0;
    for (std::int64_t e : extents) total += e;
    std::vector<ir::Val*> padded;
    std::int64_t before = 0;
    for (std::size_t i = 0; i < cat->numOperands(); ++i) {
      std::vector<std::int64_t> widths(static_cast<std::size_t>(2 * rank), 0);
      const auto pair = static_cast<std::size_t>(2 * (rank - 1 - axis));
      widths[pair] = before;
      widths[pair + 1] = total - before - extents[i];
      before += extents[i];
      auto p = ir::ops::pad(f_, cat->operand(i), widths, nullptr);
      if (!p) return;
      padded.push_back(p.value());
    }
    const OpType combine = out->dtype() == ir::DataType::Bool ? OpType::LogicalOr : OpType::Add;
    std::vector<ir::Val*> made = padded;  // everything made here, to drop again on failure
    ir::Val* sum = padded.front();
    for (std::size_t i = 1; i < padded.size() && sum; ++i) {
      auto next = ir::ops::binary(f_, combine, sum, padded[i]);
      sum = next ? next.value() : nullptr;
      if (sum) made.push_back(sum);
    }
    if (sum && sum->asTensor()->dtype() != out->dtype()) {
      auto back = ir::ops::cast(f_, sum, out->dtype());
      sum = back ? back.value() : nullptr;
      if (sum) made.push_back(sum);
    }
    const std::string was = cat->toString();
    if (!sum) {
      // The newest value reads all the others: removing it drops the chain and the pads, but
      // a pad the chain never reached has to go by itself.
      for (ir::Val* p : padded)
        if (p->uses().empty() && p != made.back()) (void)rewrite::removeIfDead(f_, p->definition());
      (void)rewrite::removeIfDead(f_, made.back()->definition());
      return;
    }
    if (!commit(cat, sum->asTensor())) return;  // commit drops what it made
    log_.add(was + " became the " + (combine == OpType::Add ? "sum" : "logical or") +
             " of its zero-padded inputs, since a pad of one of them moves above its definition");
    for (ir::Val* p : padded) work.push_back(p->definition()->id());
  }

  // Puts `replacement` in the place of `old`'s output and drops what only it needed.
  bool commit(ir::Expr* old, ir::TensorView* replacement) {
    if (!rewrite::replaceTensor(f_, old->output()->asTensor(), replacement)) {
      (void)rewrite::removeIfDead(f_, replacement->definition());
      return false;
    }
    (void)rewrite::removeIfDead(f_, old);
    changed_ = true;
    return true;
  }

  ir::Fusion& f_;
  PassLog& log_;
  bool changed_ = false;
};

}  // namespace

bool MovePad::runPass(ir::Fusion& fusion, PassLog& log) { return PadMover(fusion, log).run(); }

}  // namespace segscope::passes
