// TranslateNoReductionMatmulToMulSqueeze: a matmul with K = 1 sums nothing, so it is an
// outer product; as broadcast + mul + squeeze it becomes pointwise work the segmenter can
// fuse, instead of an ATen matmul call (nvFuser's
// csrc/preseg_passes/translate_no_reduction_matmul_to_mul_squeeze.cpp).
#include "passes/translate_no_reduction_matmul_to_mul_squeeze.h"

#include <algorithm>

#include "ir/ops.h"
#include "passes/tensor_rewrite.h"

namespace segscope::passes {
namespace {

using ir::ops::ValResult;

// csrc/preseg_passes/translate_no_reduction_matmul_to_mul_squeeze.cpp:39-70: a matmul
// qualifies when it is not a dot product (both operands 1-D) and A's last dim (K) is a
// broadcast without an expanded extent.
bool hasNoReduction(const ir::Expr* e) {
  const ir::TensorView* a = e->operand(0)->asTensor();
  const ir::TensorView* b = e->operand(1)->asTensor();
  if (!a || !b || a->rank() == 0 || b->rank() == 0) return false;
  if (a->rank() == 1 && b->rank() == 1) return false;
  return a->dims().back().kind == ir::IterKind::Broadcast;
}

// The flags nvFuser builds before its three cases (file:89-138): leading `true`s for the
// batch dims the operand lacks, then `false` for every dim it has.
struct BroadcastFlags {
  std::vector<bool> a, b;
  std::int64_t matrixDimsA = 0, matrixDimsB = 0;
};

BroadcastFlags alignBatchDims(std::int64_t ndimsA, std::int64_t ndimsB) {
  BroadcastFlags f;
  const std::int64_t batchA = std::max<std::int64_t>(ndimsA - 2, 0);
  const std::int64_t batchB = std::max<std::int64_t>(ndimsB - 2, 0);
  f.matrixDimsA = std::min<std::int64_t>(ndimsA, 2);
  f.matrixDimsB = std::min<std::int64_t>(ndimsB, 2);
  const std::int64_t missing = std::abs(batchA - batchB);
  (batchA < batchB ? f.a : f.b).insert((batchA < batchB ? f.a : f.b).end(), static_cast<std::size_t>(missing), true);
  f.a.insert(f.a.end(), static_cast<std::size_t>(batchA + f.matrixDimsA), false);
  f.b.insert(f.b.end(), static_cast<std::size_t>(batchB + f.matrixDimsB), false);
  return f;
}

// maybeCastOp(dtype, mul(a, b)), then squeeze `squeezeDim` (counted from the end).
ValResult mulCastSqueeze(ir::Fusion& fusion, ir::Val* a, ir::Val* b, ir::DataType dtype, std::int64_t squeezeDim) {
  auto product = ir::ops::binary(fusion, ir::OpType::Mul, a, b);
  if (!product) return product;
  ir::Val* out = product.value();
  if (out->dtype() != dtype) {
    auto casted = ir::ops::cast(fusion, out, dtype);
    if (!casted) return casted;
    out = casted.value();
  }
  return ir::ops::squeeze(fusion, out, {squeezeDim}, false);
}

// The three cases of file:140-213. Returns the tensor that replaces the matmul's output.
ValResult translate(ir::Fusion& fusion, const ir::Expr* matmul) {
  ir::Val* a = matmul->operand(0);
  ir::Val* b = matmul->operand(1);
  const ir::DataType dtype = matmul->output()->dtype();
  BroadcastFlags f = alignBatchDims(a->asTensor()->rank(), b->asTensor()->rank());
  if (f.matrixDimsA == 2 && f.matrixDimsB == 1) {
    // Case 1, [M, b1] * [b1] => [M, b1] * [b2, b1] => [M, b1] => [M].
    f.b.push_back(false);
    *(f.b.rbegin() + 1) = true;
    auto bb = ir::ops::broadcast(fusion, b, f.b);
    if (!bb) return bb;
    return mulCastSqueeze(fusion, a, bb.value(), dtype, -1);
  }
  if (f.matrixDimsA == 1 && f.matrixDimsB == 2) {
    // Case 2, [b1] * [b1, N] => [b1, b2] * [b1, N] => [b1, N] => [N].
    f.a.push_back(true);
    auto ab = ir::ops::broadcast(fusion, a, f.a);
    if (!ab) return ab;
    return mulCastSqueeze(fusion, ab.value(), b, dtype, -2);
  }
  // Case 3, [M, b1] * [b1, N] => [M, b2, b1] * [b3, N, b1] => [M, N, b1] => [M, N].
  f.a.push_back(false);
  *(f.a.rbegin() + 1) = true;
  auto ab = ir::ops::broadcast(fusion, a, f.a);
  if (!ab) return ab;
  // transpose(in_b, -2, -1)
  const int rankB = b->asTensor()->rank();
  std::vector<std::int64_t> swapLast(static_cast<std::size_t>(rankB));
  for (int d = 0; d < rankB; ++d) swapLast[static_cast<std::size_t>(d)] = d;
  std::swap(swapLast[static_cast<std::size_t>(rankB - 2)], swapLast[static_cast<std::size_t>(rankB - 1)]);
  auto bt = ir::ops::permute(fusion, b, swapLast);
  if (!bt) return bt;
  f.b.push_back(false);
  *(f.b.rbegin() + 2) = true;
  auto bb = ir::ops::broadcast(fusion, bt.value(), f.b);
  if (!bb) return bb;
  return mulCastSqueeze(fusion, ab.value(), bb.value(), dtype, -1);
}

// Removes what a failed translation built (consumers first, so each is dead when reached).
void discardPartial(ir::Fusion& fusion, const std::vector<int>& before) {
  std::vector<int> added;
  for (const ir::Expr* e : fusion.exprs())
    if (std::find(before.begin(), before.end(), e->id()) == before.end()) added.push_back(e->id());
  for (auto it = added.rbegin(); it != added.rend(); ++it)
    if (ir::Expr* e = fusion.exprById(*it)) (void)rewrite::removeIfDead(fusion, e);
}

}  // namespace

bool TranslateNoReductionMatmulToMulSqueeze::runPass(ir::Fusion& fusion, PassLog& log) {
  // Inspect first, then translate (file:33-36), so new exprs are never inspected.
  std::vector<int> matmuls;
  for (const ir::Expr* e : fusion.exprs())
    if (e->op() == ir::OpType::Matmul && hasNoReduction(e)) matmuls.push_back(e->id());
  bool changed = false;
  for (int id : matmuls) {
    ir::Expr* e = fusion.exprById(id);
    if (!e) continue;
    std::vector<int> before;
    for (const ir::Expr* x : fusion.exprs()) before.push_back(x->id());
    ir::TensorView* out = e->output()->asTensor();
    ValResult r = translate(fusion, e);
    if (!r || !rewrite::replaceTensor(fusion, out, r.value()->asTensor())) {
      discardPartial(fusion, before);
      continue;
    }
    const std::string matmulText = e->toString();
    std::string built;
    for (const ir::Expr* x : fusion.exprs())
      if (std::find(before.begin(), before.end(), x->id()) == before.end())
        built += (built.empty() ? "" : "; ") + x->toString();
    log.add("translated " + matmulText + " (K of " + e->operand(0)->name() + " is a broadcast) into " + built);
    for (const std::string& removed : rewrite::removeIfDead(fusion, e)) log.add("removed " + removed);
    changed = true;
  }
  return changed;
}

}  // namespace segscope::passes
