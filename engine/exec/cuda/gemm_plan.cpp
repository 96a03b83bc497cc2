// Planning a matmul/linear segment as one cuBLASLt GEMM.
#include "exec/cuda/gemm_plan.h"

#include <algorithm>
#include <string>

namespace segscope::exec::cuda {

using segmenter::SegmentExport;

namespace {

int inputPosition(const ir::Fusion& f, const ir::Val* v) {
  const auto& ins = f.inputs();
  auto it = std::find(ins.begin(), ins.end(), v);
  return it == ins.end() ? -1 : static_cast<int>(it - ins.begin());
}

}  // namespace

// A single matmul/linear whose operands are contiguous-able segment inputs, in cuBLASLt's
// column-major terms (row-major X is column-major X^T). Errors say why the host runs it.
Result<GemmPlan> gemmPlanOf(const SegmentExport& x, const ir::Fusion& full, const scheduler::RuntimeInfo& info) {
  // The info is bound on the complete fusion; exported vals keep their ids.
  const auto sizesOf = [&](const ir::Val* v) { return info.sizes(full.valById(v->id())); };
  const auto exprs = x.fusion->exprs();
  if (exprs.size() != 1 || (exprs[0]->op() != ir::OpType::Matmul && exprs[0]->op() != ir::OpType::Linear))
    return makeError("not a single matmul or linear");
  const ir::Expr& e = *exprs[0];
  GemmPlan g;
  g.linear = e.op() == ir::OpType::Linear;
  g.outDtype = e.output()->dtype();
  for (const ir::Val* v : e.inputs())
    if (v->dtype() != g.outDtype) return makeError("operands and result of different dtypes");
  switch (g.outDtype) {
    case ir::DataType::Half: g.dataType = blaslt::kR16F; break;
    case ir::DataType::BFloat16: g.dataType = blaslt::kR16BF; break;
    case ir::DataType::Float: break;
    case ir::DataType::Double: g.dataType = g.scaleType = blaslt::kR64F, g.computeType = blaslt::kCompute64F; break;
    default: return makeError("dtype " + std::string(ir::dataTypeName(g.outDtype)) + " has no cuBLASLt path");
  }
  std::vector<std::vector<std::int64_t>> s;
  for (const ir::Val* v : e.inputs()) {
    if (inputPosition(*x.fusion, v) < 0) return makeError("an operand is computed inside the segment");
    auto sz = sizesOf(v);
    if (!sz) return makeError("no concrete size for " + v->name());
    s.push_back(*sz);
  }
  auto outSizes = sizesOf(e.output());
  if (!outSizes) return makeError("no concrete size for " + e.output()->name());
  g.outSizes = *outSizes;
  const auto& a = s[0];
  const auto& b = s[1];
  if (g.linear) {
    // out[M, N] = x[M, K] · w[N, K]^T (+ bias[N]): D = op(A = w, transposed) · (B = x).
    if (a.empty() || b.size() != 2 || (s.size() == 3 && s[2].size() != 1)) return makeError("linear shapes");
    g.k = a.back();
    g.m = b[0];
    if (b[1] != g.k) return makeError("linear inner dims differ");
    g.n = g.k ? elementCount(a) / g.k : 0;
    g.transA = blaslt::kOpT;
    g.lda = g.k;
    g.ldb = g.k;
    g.aInput = inputPosition(*x.fusion, e.operand(1));
    g.bInput = inputPosition(*x.fusion, e.operand(0));
    if (s.size() == 3) g.biasInput = inputPosition(*x.fusion, e.operand(2));
  } else {
    // out[..., M, N] = a[..., M, K] · b[..., K, N]: D = (A = b) · (B = a), batches strided.
    if (a.size() < 2 || b.size() < 2) return makeError("matmul of a vector");
    g.k = a.back();
    g.m = b.back();
    if (b[b.size() - 2] != g.k) return makeError("matmul inner dims differ");
    const std::vector<std::int64_t> batchA(a.begin(), a.end() - 2), batchB(b.begin(), b.end() - 2);
    if (batchB.empty()) {
      g.n = elementCount(a) / std::max<std::int64_t>(g.k, 1);  // a's batch dims fold into its rows
    } else if (batchA == batchB) {
      g.n = a[a.size() - 2];
      g.batch = elementCount(batchA);
      g.strideA = g.k * g.m;
      g.strideB = g.n * g.k;
      g.strideD = g.n * g.m;
    } else {
      return makeError("broadcast batch dims");
    }
    g.lda = g.m;
    g.ldb = g.k;
    g.aInput = inputPosition(*x.fusion, e.operand(1));
    g.bInput = inputPosition(*x.fusion, e.operand(0));
  }
  g.ldd = g.m;
  return g;
}

}  // namespace segscope::exec::cuda
