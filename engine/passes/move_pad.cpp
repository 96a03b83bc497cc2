// MovePad: a zero pad commutes with an op that maps 0 to 0, so pad(f(x)) == f(pad(x)).
// Moving the pad towards the inputs lets f run in the same pointwise kernel as whatever
// consumes the padded tensor, and meeting another zero pad, the two become one. nvFuser
// only runs this with the resize scheduler disabled, hence off by default.
#include "passes/move_pad.h"

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::OpFamily;
using ir::OpType;

// Unary ops with f(0) == 0 in every dtype they accept (neg gives -0.0, equal to 0).
bool zeroIsFixedPoint(OpType op) {
  switch (op) {
    case OpType::Abs:
    case OpType::Neg:
    case OpType::Relu:
    case OpType::Sqrt:
    case OpType::Sin:
    case OpType::Sinh:
    case OpType::Tan:
    case OpType::Tanh:
    case OpType::Asin:
    case OpType::Asinh:
    case OpType::Atan:
    case OpType::Atanh:
    case OpType::Erf:
    case OpType::Erfinv:
    case OpType::Expm1:
    case OpType::Log1p:
    case OpType::Ceil:
    case OpType::Floor:
    case OpType::Round:
    case OpType::Trunc:
    case OpType::Frac:
    case OpType::Sign:
    case OpType::Silu:
    case OpType::Cast: return true;
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

class PadMover {
 public:
  PadMover(ir::Fusion& f, PassLog& log) : f_(f), log_(log) {}

  bool run() {
    std::vector<int> ids;
    for (const ir::Expr* e : f_.exprs()) ids.push_back(e->id());
    for (int id : ids) {
      int current = id;
      for (ir::Expr* pad = f_.exprById(current); isSimplePad(pad); pad = f_.exprById(current)) {
        ir::Expr* moved = mergeWithPad(pad);
        if (!moved) moved = moveAboveUnary(pad);
        if (!moved) break;
        current = moved->id();
      }
    }
    return changed_;
  }

 private:
  // pad(pad(x, w1), w2) → pad(x, w1 + w2). Returns the new pad, or null.
  ir::Expr* mergeWithPad(ir::Expr* outer) {
    ir::Val* mid = outer->operand(0);
    ir::Expr* inner = mid->definition();
    if (!isSimplePad(inner) || !rewrite::hasSingleUse(f_, mid)) return nullptr;
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

  // pad(f(x)) → f(pad(x)) for f with f(0) == 0. Returns the new pad, or null.
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
