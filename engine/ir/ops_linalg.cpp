// The builders of ops that run through ATen in nvFuser: matmul, linear, sdpa fwd/bwd and
// embedding (see ops.h).
#include <algorithm>

#include "ir/ops.h"
#include "ir/ops_detail.h"

namespace segscope::ir::ops {

using namespace detail;

namespace {

Status checkContraction(const Dim& a, const Dim& b, const char* op) {
  if (a.extent.isConst() && b.extent.isConst() && a.extent.value != b.extent.value)
    return makeError(std::string(op) + ": inner dimensions do not match (" + std::to_string(a.extent.value) + " vs " +
                     std::to_string(b.extent.value) + ")");
  return {};
}

}  // namespace

ValResult matmul(Fusion& f, Val* a, Val* b) {
  auto ta = requireTensor(a, OpType::Matmul);
  if (!ta) return ta.error();
  auto tb = requireTensor(b, OpType::Matmul);
  if (!tb) return tb.error();
  const TensorView* A = ta.value();
  const TensorView* B = tb.value();
  if (A->rank() == 0 || B->rank() == 0) return makeError("matmul: operands must have rank >= 1");
  const Dim& kA = A->dims().back();
  const Dim& kB = B->rank() == 1 ? B->dim(0) : B->dim(static_cast<std::size_t>(B->rank() - 2));
  if (auto st = checkContraction(kA, kB, "matmul"); !st) return st.error();
  std::vector<Dim> batchA(A->dims().begin(), A->dims().end() - std::min(A->rank(), 2));
  std::vector<Dim> batchB(B->dims().begin(), B->dims().end() - std::min(B->rank(), 2));
  // Batch dims broadcast like elementwise operands, aligned from the right.
  std::vector<Dim> batch(std::max(batchA.size(), batchB.size()), Dim{SymInt::constant(1), IterKind::Broadcast});
  for (const auto* side : {&batchA, &batchB}) {
    const std::size_t off = batch.size() - side->size();
    for (std::size_t i = 0; i < side->size(); ++i) {
      auto merged = mergeDims(batch[off + i], (*side)[i], off + i, OpType::Matmul);
      if (!merged) return merged.error();
      batch[off + i] = merged.value();
    }
  }
  std::vector<Dim> dims = batch;
  if (A->rank() >= 2) dims.push_back(A->dim(static_cast<std::size_t>(A->rank() - 2)));
  if (B->rank() >= 2) dims.push_back(B->dims().back());
  TensorView* out = f.newTensor(promoteSameKind(a->dtype(), b->dtype()), std::move(dims));
  f.newExpr(OpType::Matmul, {a, b}, {out});
  return out;
}

ValResult linear(Fusion& f, Val* x, Val* weight, Val* bias) {
  auto tx = requireTensor(x, OpType::Linear);
  if (!tx) return tx.error();
  auto tw = requireTensor(weight, OpType::Linear, "weight");
  if (!tw) return tw.error();
  const TensorView* X = tx.value();
  const TensorView* W = tw.value();
  if (X->rank() == 0 || W->rank() == 0 || W->rank() > 2)
    return makeError("linear: input needs rank >= 1 and weight rank 1 or 2");
  if (auto st = checkContraction(X->dims().back(), W->dims().back(), "linear"); !st) return st.error();
  std::vector<Dim> dims(X->dims().begin(), X->dims().end() - 1);
  if (W->rank() == 2) dims.push_back(W->dim(0));
  if (bias) {
    auto tb = requireTensor(bias, OpType::Linear, "bias");
    if (!tb) return tb.error();
    if (tb.value()->rank() > 1) return makeError("linear: bias must have rank 0 or 1");
    if (tb.value()->rank() == 1 && W->rank() == 2)
      if (auto st = checkContraction(tb.value()->dim(0), W->dim(0), "linear bias"); !st) return st.error();
  }
  TensorView* out = f.newTensor(promoteSameKind(x->dtype(), weight->dtype()), std::move(dims));
  ExprAttributes a;
  a.flags = {bias != nullptr};
  std::vector<Val*> operands{x, weight};
  if (bias) operands.push_back(bias);
  f.newExpr(OpType::Linear, operands, {out}, a);
  return out;
}

ValsResult sdpaFwd(Fusion& f, Val* q, Val* k, Val* v, Val* dropoutP, Val* isCausal, Val* scale) {
  for (Val* t : {q, k, v}) {
    auto tv = requireTensor(t, OpType::SdpaFwd);
    if (!tv) return tv.error();
    if (tv.value()->rank() != 4) return makeError("sdpfa_fwd: " + t->name() + " must be [batch, heads, seq, head_dim]");
  }
  for (Val* s : {dropoutP, isCausal, scale})
    if (auto st = requireScalar(s, OpType::SdpaFwd, "option"); !st) return st.error();
  const TensorView* Q = q->asTensor();
  const TensorView* V = v->asTensor();
  if (auto st = checkContraction(Q->dim(3), k->asTensor()->dim(3), "sdpfa_fwd"); !st) return st.error();
  TensorView* out = f.newTensor(q->dtype(), {Q->dim(0), Q->dim(1), Q->dim(2), V->dim(3)});
  TensorView* lse = f.newTensor(DataType::Float, {Q->dim(0), Q->dim(1), Q->dim(2)});
  TensorView* seed = f.newTensor(DataType::Int, {});
  TensorView* offset = f.newTensor(DataType::Int, {});
  ExprAttributes a;
  a.flags = {dropoutP != nullptr, isCausal != nullptr, scale != nullptr};
  std::vector<Val*> operands{q, k, v};
  for (Val* s : {dropoutP, isCausal, scale})
    if (s) operands.push_back(s);
  f.newExpr(OpType::SdpaFwd, operands, {out, lse, seed, offset}, a);
  return std::vector<Val*>{out, lse, seed, offset};
}

ValsResult sdpaBwd(Fusion& f, Val* gradOut, Val* q, Val* k, Val* v, Val* out, Val* logsumexp, Val* dropoutP,
                   Val* isCausal, Val* philoxSeed, Val* philoxOffset, Val* scale) {
  for (Val* t : {gradOut, q, k, v, out, logsumexp, philoxSeed, philoxOffset}) {
    auto tv = requireTensor(t, OpType::SdpaBwd);
    if (!tv) return tv.error();
  }
  for (Val* t : {gradOut, q, k, v, out})
    if (t->asTensor()->rank() != 4)
      return makeError("sdpfa_bwd: " + t->name() + " must be [batch, heads, seq, head_dim]");
  for (Val* s : {dropoutP, isCausal, scale})
    if (auto st = requireScalar(s, OpType::SdpaBwd, "option"); !st) return st.error();
  TensorView* gq = f.newTensor(q->dtype(), q->asTensor()->dims());
  TensorView* gk = f.newTensor(k->dtype(), k->asTensor()->dims());
  TensorView* gv = f.newTensor(v->dtype(), v->asTensor()->dims());
  ExprAttributes a;
  a.flags = {dropoutP != nullptr, isCausal != nullptr, scale != nullptr};
  std::vector<Val*> operands{gradOut, q, k, v, out, logsumexp, philoxSeed, philoxOffset};
  for (Val* s : {dropoutP, isCausal, scale})
    if (s) operands.push_back(s);
  f.newExpr(OpType::SdpaBwd, operands, {gq, gk, gv}, a);
  return std::vector<Val*>{gq, gk, gv};
}

ValResult embeddingFwd(Fusion& f, Val* indices, Val* weight, const std::vector<Val*>& options) {
  auto ti = requireTensor(indices, OpType::EmbeddingFwd, "input");
  if (!ti) return ti.error();
  auto tw = requireTensor(weight, OpType::EmbeddingFwd, "weight");
  if (!tw) return tw.error();
  if (!isIntegral(indices->dtype()))
    return makeError("embedding_fwd: input " + indices->name() + " must hold integer indices");
  if (tw.value()->rank() != 2) return makeError("embedding_fwd: weight must be [num_embeddings, embedding_dim]");
  std::vector<Dim> dims = ti.value()->dims();
  dims.push_back(tw.value()->dim(1));
  TensorView* out = f.newTensor(weight->dtype(), std::move(dims));
  ExprAttributes a;
  std::vector<Val*> operands{indices, weight};
  for (Val* o : options) {
    if (auto st = requireScalar(o, OpType::EmbeddingFwd, "option"); !st) return st.error();
    a.flags.push_back(o != nullptr);
    if (o) operands.push_back(o);
  }
  f.newExpr(OpType::EmbeddingFwd, operands, {out}, a);
  return out;
}

}  // namespace segscope::ir::ops
