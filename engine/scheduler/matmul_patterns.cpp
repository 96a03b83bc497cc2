// Finding matmul patterns (see matmul_patterns.h).
#include "scheduler/matmul_patterns.h"

#include <algorithm>

#include "scheduler/analysis.h"

namespace segscope::scheduler::analysis {
namespace {

using Roles = std::vector<std::optional<MatmulRole>>;

// MatmulOp: A [..., M, K] @ B [..., K, N] -> [..., M, N]; LinearOp: A [..., K], B [N, K]
// (+ bias [N]) -> [..., N], every dim of A but K an M dim.
MatmulPattern opPattern(const ir::Expr* e) {
  MatmulPattern p;
  p.op = e;
  p.a = e->operand(0);
  p.b = e->operand(1);
  p.output = e->output();
  const bool matmul = e->family() == ir::OpFamily::Matmul;
  const auto rolesOf = [&](const ir::Val* v, auto roleOfDimFromEnd) {
    const int rank = v->asTensor()->rank();
    Roles r;
    for (int d = 0; d < rank; ++d) r.push_back(roleOfDimFromEnd(rank - d));
    p.roles.emplace_back(v, std::move(r));
  };
  rolesOf(p.a, [&](int fromEnd) {
    return fromEnd == 1 ? MatmulRole::K : (matmul && fromEnd > 2) ? MatmulRole::Batch : MatmulRole::M;
  });
  rolesOf(p.b, [&](int fromEnd) {
    if (matmul) return fromEnd == 1 ? MatmulRole::N : fromEnd == 2 ? MatmulRole::K : MatmulRole::Batch;
    return fromEnd == 1 ? MatmulRole::K : MatmulRole::N;
  });
  if (!matmul && e->numOperands() > 2 && e->operand(2)->isTensor())
    rolesOf(e->operand(2), [](int) { return MatmulRole::N; });
  rolesOf(p.output, [&](int fromEnd) {
    return fromEnd == 1 ? MatmulRole::N : (matmul && fromEnd > 2) ? MatmulRole::Batch : MatmulRole::M;
  });
  return p;
}

// mma_utils.cpp:1677-1683 getTensorviewPriorToCast, inside the segment.
const ir::Val* priorToCast(const SegmentView& view, const ir::Val* v) {
  const ir::Expr* def = view.definitionInside(v);
  return def && def->op() == ir::OpType::Cast ? def->operand(0) : v;
}

// mma_utils.cpp:1745-1830: sum(mul(a, b)) whose operands are broadcast against each other with
// at least one M and one N dim in the output, contracting dims both have. The innermost output
// dim that one operand lacks is N, which says which operand is B.
std::optional<MatmulPattern> mulSumPattern(const SegmentView& view, const ir::Expr* sum) {
  if (sum->op() != ir::OpType::Sum || !sum->output()->isTensor()) return std::nullopt;
  const ir::Expr* mul = view.definitionInside(sum->operand(0));
  if (!mul || mul->op() != ir::OpType::Mul || !mul->operand(0)->isTensor() || !mul->operand(1)->isTensor())
    return std::nullopt;
  const ir::Val* l = priorToCast(view, mul->operand(0));
  const ir::Val* r = priorToCast(view, mul->operand(1));
  const ir::TensorView* product = mul->output()->asTensor();
  const int rank = product->rank();
  if (l->asTensor()->rank() != rank || r->asTensor()->rank() != rank) return std::nullopt;
  const DimMap kept = consumerDims(sum, 0);  // product dim -> output dim, -1 when reduced
  const auto broadcastIn = [](const ir::Val* v, int d) {
    return v->asTensor()->dim(static_cast<std::size_t>(d)).isBroadcast();
  };
  Roles roles(static_cast<std::size_t>(rank));
  bool lhsIsA = true, hasM = false, hasN = false;
  int reduced = 0;
  for (int d = rank - 1; d >= 0; --d) {
    const bool lb = broadcastIn(l, d), rb = broadcastIn(r, d);
    if (kept[static_cast<std::size_t>(d)] < 0) {  // contracted: both sides must have it
      if (lb || rb) return std::nullopt;
      roles[static_cast<std::size_t>(d)] = MatmulRole::K;
      ++reduced;
      continue;
    }
    if (product->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
    if (lb == rb) {
      roles[static_cast<std::size_t>(d)] = MatmulRole::Batch;
      continue;
    }
    if (!hasN) {
      hasN = true;
      lhsIsA = lb;  // the operand that has the innermost such dim is B
      roles[static_cast<std::size_t>(d)] = MatmulRole::N;
      continue;
    }
    const bool inA = lhsIsA ? !lb : !rb;
    hasM = hasM || inA;
    roles[static_cast<std::size_t>(d)] = inA ? MatmulRole::M : MatmulRole::N;
  }
  if (!hasM || !hasN) return std::nullopt;  // an ordinary reduction, or a mat-vec
  MatmulPattern p;
  p.op = sum;
  p.a = lhsIsA ? l : r;
  p.b = lhsIsA ? r : l;
  p.output = sum->output();
  p.mulSum = true;
  p.reducedDims = reduced;
  p.roles.emplace_back(mul->output(), std::move(roles));
  return p;
}

}  // namespace

std::vector<MatmulPattern> findMatmulPatterns(const SegmentView& view) {
  std::vector<MatmulPattern> out;
  for (const ir::Expr* e : view.exprs) {
    if (ir::isMatmulOp(e))
      out.push_back(opPattern(e));
    else if (e->family() == ir::OpFamily::Reduction)
      if (auto p = mulSumPattern(view, e)) out.push_back(std::move(*p));
  }
  return out;
}

}  // namespace segscope::scheduler::analysis
