// RemoveEmpty: a tensor with a constant-zero extent holds no element, so whatever computes
// it is wasted work, and a reduction over it only yields its init value. nvFuser's
// RemoveEmptyPass walks backwards from the outputs; so does this one, so that nothing is
// rewritten which a later rewrite would make dead anyway.
#include "passes/remove_empty.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;

// A reduction's init value, what it yields over no element at all: 0 for sum, 1 for prod,
// the lowest (max) or highest (min) value of the dtype, infinities for floating types.
ir::Scalar* initConstant(ir::Fusion& f, OpType op, DataType dtype) {
  if (op == OpType::Sum || op == OpType::Prod) return rewrite::constantFor(f, dtype, op == OpType::Prod ? 1.0 : 0.0);
  const bool isMax = op == OpType::Max;
  if (dtype == DataType::Bool) return rewrite::constantFor(f, dtype, isMax ? 0.0 : 1.0);
  if (dtype == DataType::Int32)
    return f.newScalar(DataType::Int, ir::ScalarValue(std::int64_t{isMax ? std::numeric_limits<std::int32_t>::lowest()
                                                                         : std::numeric_limits<std::int32_t>::max()}));
  if (dtype == DataType::UInt64)
    return isMax ? f.newScalar(DataType::Int, ir::ScalarValue(std::int64_t{0}))
                 : f.newScalar(DataType::Double,
                               ir::ScalarValue(static_cast<double>(std::numeric_limits<std::uint64_t>::max())));
  if (ir::isIntegral(dtype))
    return f.newScalar(DataType::Int, ir::ScalarValue(isMax ? std::numeric_limits<std::int64_t>::lowest()
                                                            : std::numeric_limits<std::int64_t>::max()));
  const double inf = std::numeric_limits<double>::infinity();
  return rewrite::constantFor(f, dtype, isMax ? -inf : inf);
}

class EmptyRemover {
 public:
  EmptyRemover(ir::Fusion& f, PassLog& log) : f_(f), log_(log) {}

  bool run() {
    replaceEmptyOutputs();
    // Live exprs, latest first: a rewrite only ever makes its producers dead, never live.
    std::unordered_set<int> live;
    std::vector<int> order;
    for (const ir::Expr* e : f_.exprs()) order.push_back(e->id());
    liveExprs(live);
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      ir::Expr* e = f_.exprById(*it);
      if (!e || !live.count(*it)) continue;
      if (e->family() == OpFamily::Reduction)
        handleReduction(e);
      else if (e->family() == OpFamily::Pad)
        handlePad(e);
      else if (e->family() == OpFamily::Cat)
        handleCat(e);
    }
    return changed_;
  }

 private:
  void liveExprs(std::unordered_set<int>& live) const {
    std::vector<const ir::Val*> work;
    std::unordered_set<const ir::Val*> seen;
    for (const ir::FusionOutput& o : f_.outputs()) work.push_back(o.val);
    while (!work.empty()) {
      const ir::Val* v = work.back();
      work.pop_back();
      if (!seen.insert(v).second || !v->definition()) continue;
      live.insert(v->definition()->id());
      for (const ir::Val* in : v->definition()->inputs()) work.push_back(in);
    }
  }

  // full(shape of `like`, fill) with `like`'s dtype; null when a symbolic extent of `like`
  // is measured from an intermediate tensor (it could not be evaluated after the rewrite).
  ir::TensorView* fullLike(const ir::TensorView* like, ir::Val* fill) {
    auto shape = rewrite::availableShape(f_, like);
    if (!shape) return nullptr;
    auto out = ir::ops::full(f_, *shape, fill, like->dtype());
    return out ? out.value()->asTensor() : nullptr;
  }

  // Puts `replacement` in `old`'s place and drops what only `old` needed.
  bool commit(ir::TensorView* old, ir::TensorView* replacement, const std::string& what) {
    ir::Expr* def = old->definition();
    if (!rewrite::replaceTensor(f_, old, replacement)) {
      (void)rewrite::removeIfDead(f_, replacement->definition());
      return false;
    }
    log_.add(what + " " + replacement->definition()->toString());
    for (const std::string& r : rewrite::removeIfDead(f_, def)) log_.add("removed " + r);
    changed_ = true;
    return true;
  }

  void replaceEmptyOutputs() {
    std::vector<ir::Val*> outputs;
    for (const ir::FusionOutput& o : f_.outputs()) outputs.push_back(o.val);
    for (ir::Val* v : outputs) {
      ir::TensorView* tv = v->asTensor();
      if (!tv || !ir::isEmpty(tv) || !tv->definition() || tv->definition()->family() == OpFamily::Full ||
          !f_.isOutput(tv))
        continue;
      ir::Scalar* zero = rewrite::constantFor(f_, tv->dtype(), 0.0);
      ir::TensorView* full = fullLike(tv, zero);
      if (!full) {
        (void)f_.removeVal(zero);
        continue;
      }
      commit(tv, full, "replaced empty output " + rewrite::describe(tv) + " by");
    }
  }

  void handleReduction(ir::Expr* e) {
    const auto* x = e->operand(0)->asTensor();
    ir::TensorView* out = e->output()->asTensor();
    if (!x || !out) return;
    const auto& dims = e->attrs().dims;
    const auto empty = std::find_if(dims.begin(), dims.end(), [&](std::int64_t d) {
      return d >= 0 && d < x->rank() && x->dim(static_cast<std::size_t>(d)).extent.isConst(0);
    });
    if (empty == dims.end()) return;
    ir::Scalar* init = initConstant(f_, e->op(), out->dtype());
    ir::TensorView* full = fullLike(out, init);
    if (!full) {
      (void)f_.removeVal(init);
      return;
    }
    commit(out, full,
           e->toString() + " reduces the empty axis " + std::to_string(*empty) + " of " + rewrite::describe(x) +
               ": replaced by its init value,");
  }

  void handlePad(ir::Expr* e) {
    const auto* x = e->operand(0)->asTensor();
    ir::TensorView* out = e->output()->asTensor();
    if (!x || !out || !ir::isEmpty(x)) return;
    const bool hasValue = !e->attrs().flags.empty() && e->attrs().flags[0] && e->numOperands() > 1;
    ir::Val* value = hasValue ? e->operand(1) : rewrite::constantFor(f_, out->dtype(), 0.0);
    ir::TensorView* full = fullLike(out, value);
    if (!full) {
      if (!hasValue) (void)f_.removeVal(value);
      return;
    }
    commit(out, full, e->toString() + " pads the empty " + rewrite::describe(x) + ": replaced by its pad value,");
  }

  void handleCat(ir::Expr* e) {
    ir::TensorView* out = e->output()->asTensor();
    const std::int64_t axis = e->attrs().axis;
    std::vector<ir::Val*> kept;
    std::string dropped;
    for (std::size_t i = 0; i < e->numOperands(); ++i) {
      const ir::TensorView* in = e->operand(i)->asTensor();
      if (in && axis < in->rank() && in->dim(static_cast<std::size_t>(axis)).extent.isConst(0))
        dropped += (dropped.empty() ? "" : ", ") + rewrite::describe(in);
      else
        kept.push_back(e->operand(i));
    }
    if (dropped.empty() || !out) return;
    const std::string what = "dropped the empty input" +
                             std::string(dropped.find(", T") == std::string::npos ? " " : "s ") + dropped + " of " +
                             e->toString() + ", now";
    ir::TensorView* replacement = nullptr;
    if (kept.empty()) {
      ir::Scalar* zero = rewrite::constantFor(f_, out->dtype(), 0.0);
      replacement = fullLike(out, zero);
      if (!replacement) {
        (void)f_.removeVal(zero);
        return;
      }
    } else {
      auto joined =
          kept.size() == 1 ? ir::ops::set(f_, OpType::Set, kept[0]) : ir::ops::cat(f_, kept, axis, e->attrs().option);
      if (!joined) return;
      replacement = joined.value()->asTensor();
      if (replacement->dtype() != out->dtype()) {  // an empty input took part in the promotion
        auto cast = ir::ops::cast(f_, replacement, out->dtype());
        if (!cast) {
          (void)rewrite::removeIfDead(f_, replacement->definition());
          return;
        }
        replacement = cast.value()->asTensor();
      }
    }
    commit(out, replacement, what);
  }

  ir::Fusion& f_;
  PassLog& log_;
  bool changed_ = false;
};

}  // namespace

bool RemoveEmpty::runPass(ir::Fusion& fusion, PassLog& log) { return EmptyRemover(fusion, log).run(); }

}  // namespace segscope::passes
