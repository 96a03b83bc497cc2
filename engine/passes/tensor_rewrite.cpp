// Tensor replacement and precise dead-expr removal for the rewriting passes.
#include "passes/tensor_rewrite.h"

#include <algorithm>
#include <unordered_set>

namespace segscope::passes::rewrite {

std::vector<std::int64_t> rowMajorOrder(int rank) {
  std::vector<std::int64_t> order;
  for (int d = rank - 1; d >= 0; --d) order.push_back(d);
  return order;
}

std::vector<std::int64_t> effectiveOrder(const ir::TensorView* tv) {
  return tv->strideOrder().empty() ? rowMajorOrder(tv->rank()) : tv->strideOrder();
}

using ir::DataType;

bool hasSingleUse(const ir::Fusion& f, const ir::Val* v) { return v->uses().size() == 1 && !f.isOutput(v); }

bool extentIsAvailable(const ir::Fusion& f, const ir::SymInt& extent) {
  if (extent.isConst()) return true;
  const auto* s = extent.sym->asScalar();
  if (!s) return false;
  if (s->isConstant() || s->definition() || f.isInput(s)) return true;
  return s->extentOf() && f.isInput(s->extentOf());
}

std::optional<std::vector<ir::SymInt>> availableShape(const ir::Fusion& f, const ir::TensorView* tv) {
  std::vector<ir::SymInt> shape;
  for (const ir::Dim& d : tv->dims()) {
    if (!extentIsAvailable(f, d.extent)) return std::nullopt;
    shape.push_back(d.extent);
  }
  return shape;
}

ir::Scalar* constantFor(ir::Fusion& f, DataType dtype, double value) {
  switch (ir::category(dtype)) {
    case ir::TypeCategory::Bool: return f.newScalar(DataType::Bool, ir::ScalarValue(value != 0.0));
    case ir::TypeCategory::Integral:
      return f.newScalar(DataType::Int, ir::ScalarValue(static_cast<std::int64_t>(value)));
    case ir::TypeCategory::Complex:
      return f.newScalar(DataType::ComplexDouble, ir::ScalarValue(std::complex<double>(value, 0.0)));
    case ir::TypeCategory::Floating: break;
  }
  return f.newScalar(DataType::Double, ir::ScalarValue(value));
}

bool replaceTensor(ir::Fusion& f, ir::TensorView* old, ir::TensorView* replacement) {
  if (old == replacement || old->dtype() != replacement->dtype() || old->rank() != replacement->rank()) return false;
  for (std::size_t d = 0; d < old->dims().size(); ++d) {
    const ir::SymInt& a = old->dim(d).extent;
    const ir::SymInt& b = replacement->dim(d).extent;
    if (a.isConst() && b.isConst() && a.value != b.value) return false;
  }
  // Adopt the old extents: consumers were shaped with them, and a fresh extent of the
  // replacement says nothing more (the values are equal whenever the rewrite is right).
  std::vector<ir::Val*> dropped;
  for (std::size_t d = 0; d < old->dims().size(); ++d) {
    const ir::SymInt a = old->dim(d).extent;
    const ir::SymInt b = replacement->dim(d).extent;
    if (a == b) continue;
    replacement->setExtent(d, a);
    if (auto* s = a.sym ? a.sym->asScalar() : nullptr; s && s->extentOf() == old)
      s->setExtentOf(replacement, static_cast<int>(d));
    if (b.sym) dropped.push_back(b.sym);
  }
  f.replaceAllUsesWith(old, replacement);
  for (ir::Val* v : dropped)
    if (v->uses().empty() && !v->definition()) (void)f.removeVal(v);  // refused while another tensor uses it
  return true;
}

std::vector<std::string> removeIfDead(ir::Fusion& f, ir::Expr* e) {
  std::vector<std::string> removed;
  std::vector<ir::Expr*> work{e};
  std::unordered_set<const ir::Expr*> gone;
  while (!work.empty()) {
    ir::Expr* x = work.back();
    work.pop_back();
    if (gone.count(x)) continue;
    const bool read = std::any_of(x->outputs().begin(), x->outputs().end(),
                                  [&](const ir::Val* o) { return !o->uses().empty() || f.isOutput(o); });
    if (read) continue;
    removed.push_back(x->toString());
    const std::vector<ir::Val*> inputs = x->inputs();
    const std::vector<ir::Val*> outputs = x->outputs();
    gone.insert(x);
    f.removeExpr(x);
    for (ir::Val* o : outputs) (void)f.removeVal(o);
    for (ir::Val* in : inputs) {
      if (!in->uses().empty()) continue;
      if (ir::Expr* def = in->definition()) {
        work.push_back(def);
      } else if (constantValue(in) && !f.isInput(in) && !f.isOutput(in)) {
        (void)f.removeVal(in);
      }
    }
  }
  return removed;
}

std::string nextTensorName(const ir::Fusion& fusion) {
  long highest = -1;
  for (const ir::Val* v : fusion.vals()) {
    const std::string& n = v->name();
    if (n.size() < 2 || n[0] != 'T' || n.find_first_not_of("0123456789", 1) != std::string::npos || n.size() > 12)
      continue;
    highest = std::max(highest, std::stol(n.substr(1)));
  }
  return "T" + std::to_string(highest + 1);
}

std::string describe(const ir::Val* v) {
  std::string s = v->name() + " " + std::string(ir::shortName(v->dtype()));
  if (const ir::TensorView* tv = v->asTensor()) s += tv->shapeString();
  return s;
}

}  // namespace segscope::passes::rewrite
