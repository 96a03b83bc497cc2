// Op classes by family (one place that says which families are reductions, resizes, ...).
#include "ir/op_classes.h"

namespace segscope::ir {

bool isReductionOp(const Expr* e) {
  const OpFamily f = e->family();
  return f == OpFamily::Reduction || f == OpFamily::Var || f == OpFamily::VarMean || f == OpFamily::Welford;
}

bool isResizeOp(const Expr* e) {
  const OpFamily f = e->family();
  return f == OpFamily::Slice || f == OpFamily::Pad || f == OpFamily::Cat;
}

bool isIndexOp(const Expr* e) {
  const OpFamily f = e->family();
  return f == OpFamily::Gather || f == OpFamily::IndexSelect || f == OpFamily::Select;
}

bool isMatmulOp(const Expr* e) { return e->family() == OpFamily::Matmul || e->family() == OpFamily::Linear; }

bool isExprEvalOnlyOp(const Expr* e) {
  const OpFamily f = e->family();
  return f == OpFamily::SdpaFwd || f == OpFamily::SdpaBwd || f == OpFamily::EmbeddingFwd || f == OpFamily::Cumsum;
}

bool isViewOp(const Expr* e) { return e->family() == OpFamily::Reshape; }

}  // namespace segscope::ir
