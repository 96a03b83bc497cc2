// Matmul, linear and scaled-dot-product attention (forward and backward) kernels.
#include <cmath>
#include <limits>
#include <string>

#include "reference/half_float.h"
#include "reference/ref_gemm.h"
#include "reference/ref_kernels.h"

namespace segscope::exec::ref {
namespace {

using ir::DataType;

std::string numberText(std::int64_t v) { return std::to_string(v); }

// The last two dims of `t` at `offset` as a dense [rows, cols] matrix.
RefTensor denseMatrix(const RefTensor& t, std::int64_t offset) {
  const std::size_t r = t.sizes.size();
  return contiguous(viewOf(t, {t.sizes[r - 2], t.sizes[r - 1]}, {t.strides[r - 2], t.strides[r - 1]}, offset));
}

// q, k, v (and the other attention tensors) as dense [B, H, L, E] buffers.
struct Attention {
  std::int64_t batch, heads, lq, lk, e, ev;
  double scale;
  bool causal;
};

Attention checkAttention(const RefTensor& q, const RefTensor& k, const RefTensor& v, const SdpaOptions& options,
                         std::string_view op) {
  const std::string name(op);
  for (const RefTensor* t : {&q, &k, &v})
    if (t->rank() != 4) fail(name + ": q, k and v must be [batch, heads, seq, head_dim]");
  if (options.dropoutP != 0.0) fail("dropout in " + name + " is not supported by the reference");
  for (std::size_t d = 0; d < 2; ++d)
    if (k.sizes[d] != q.sizes[d] || v.sizes[d] != q.sizes[d])
      fail(name + ": q, k and v must share batch and head extents (got " + shapeText(q.sizes) + ", " +
           shapeText(k.sizes) + ", " + shapeText(v.sizes) + ")");
  if (k.sizes[3] != q.sizes[3])
    fail(name + ": q and k head_dim differ (" + numberText(q.sizes[3]) + " vs " + numberText(k.sizes[3]) + ")");
  if (v.sizes[2] != k.sizes[2])
    fail(name + ": k and v sequence lengths differ (" + numberText(k.sizes[2]) + " vs " + numberText(v.sizes[2]) + ")");
  Attention a{q.sizes[0], q.sizes[1], q.sizes[2], k.sizes[2], q.sizes[3], v.sizes[3], 0.0, options.isCausal};
  a.scale = options.scale ? *options.scale : 1.0 / std::sqrt(static_cast<double>(a.e));
  return a;
}

// Scaled scores of query row i against every key; masked entries are -inf. torch's
// is_causal mask is aligned top-left: query i sees keys j <= i.
void scoreRow(const Attention& a, const double* qi, const double* kh, std::int64_t i, double* scores) {
  for (std::int64_t j = 0; j < a.lk; ++j) {
    if (a.causal && j > i) {
      scores[j] = -std::numeric_limits<double>::infinity();
      continue;
    }
    double dot = 0.0;
    for (std::int64_t d = 0; d < a.e; ++d) dot += qi[d] * kh[j * a.e + d];
    scores[j] = dot * a.scale;
  }
}

double dot(const double* x, const double* y, std::int64_t n) {
  double s = 0.0;
  for (std::int64_t i = 0; i < n; ++i) s += x[i] * y[i];
  return s;
}

}  // namespace

RefTensor matmul(const RefTensor& a, const RefTensor& b, DataType out) {
  if (a.rank() == 0 || b.rank() == 0) fail("matmul: operands must have rank >= 1");
  // 1-D operands become [1, K] / [K, 1] and lose that dim again in the result.
  const bool vecA = a.rank() == 1, vecB = b.rank() == 1;
  const RefTensor A = vecA ? viewOf(a, {1, a.sizes[0]}, {0, a.strides[0]}, a.offset) : a;
  const RefTensor B = vecB ? viewOf(b, {b.sizes[0], 1}, {b.strides[0], 0}, b.offset) : b;
  const std::int64_t m = A.sizes[A.sizes.size() - 2], k = A.sizes.back();
  const std::int64_t k2 = B.sizes[B.sizes.size() - 2], n = B.sizes.back();
  if (k != k2) fail("matmul: inner dimensions do not match (" + numberText(k) + " vs " + numberText(k2) + ")");
  // Batch dims broadcast like elementwise operands.
  const RefTensor batchA =
      viewOf(A, Shape(A.sizes.begin(), A.sizes.end() - 2), Shape(A.strides.begin(), A.strides.end() - 2), A.offset);
  const RefTensor batchB =
      viewOf(B, Shape(B.sizes.begin(), B.sizes.end() - 2), Shape(B.strides.begin(), B.strides.end() - 2), B.offset);
  const Shape batch = broadcastSizes({&batchA, &batchB}, "matmul");
  Shape outSizes = batch;
  if (!vecA) outSizes.push_back(m);
  if (!vecB) outSizes.push_back(n);
  RefTensor result = newTensor(out, outSizes);
  const RunLoop loop(batch, {broadcastStrides(batchA, batch), broadcastStrides(batchB, batch)});
  loop.forEachRun([&](const std::int64_t* offsets, std::int64_t runLength, std::int64_t first) {
    for (std::int64_t i = 0; i < runLength; ++i) {
      const RefTensor ma = denseMatrix(A, A.offset + offsets[0] + i * loop.innerStride(0));
      const RefTensor mb = denseMatrix(B, B.offset + offsets[1] + i * loop.innerStride(1));
      gemmAccumulate(ma.base(), mb.base(), result.mutableBase() + (first + i) * m * n, m, k, n);
    }
  });
  roundBufferToDtype(result.mutableBase(), result.numel(), out);
  return result;
}

RefTensor linear(const RefTensor& x, const RefTensor& w, const RefTensor* bias, DataType out) {
  if (w.rank() == 0 || w.rank() > 2) fail("linear: weight must have rank 1 or 2");
  if (x.rank() == 0) fail("linear: input must have rank >= 1");
  const RefTensor wT = w.rank() == 2 ? viewOf(w, {w.sizes[1], w.sizes[0]}, {w.strides[1], w.strides[0]}, w.offset) : w;
  // Accumulate in double and round once, after the bias.
  const RefTensor product = matmul(x, wT, bias ? DataType::Double : out);
  if (!bias) return product;
  if (bias->rank() > 1) fail("linear: bias must have rank 0 or 1");
  return binaryOp(ir::OpType::Add, product, *bias, out);
}

SdpaFwdResult sdpaFwd(const RefTensor& q, const RefTensor& k, const RefTensor& v, const SdpaOptions& options,
                      DataType outType, DataType lseType) {
  const Attention a = checkAttention(q, k, v, options, "sdpfa_fwd");
  const RefTensor qc = contiguous(q), kc = contiguous(k), vc = contiguous(v);
  SdpaFwdResult r{newTensor(outType, {a.batch, a.heads, a.lq, a.ev}), newTensor(lseType, {a.batch, a.heads, a.lq})};
  std::vector<double> scores(static_cast<std::size_t>(a.lk));
  for (std::int64_t bh = 0; bh < a.batch * a.heads; ++bh) {
    const double* kh = kc.base() + bh * a.lk * a.e;
    const double* vh = vc.base() + bh * a.lk * a.ev;
    for (std::int64_t i = 0; i < a.lq; ++i) {
      scoreRow(a, qc.base() + (bh * a.lq + i) * a.e, kh, i, scores.data());
      double peak = -std::numeric_limits<double>::infinity();
      for (double s : scores) peak = std::max(peak, s);
      double* outRow = r.out.mutableBase() + (bh * a.lq + i) * a.ev;
      double& lse = r.logsumexp.mutableBase()[bh * a.lq + i];
      if (std::isinf(peak) && peak < 0) {  // no visible key: zero output, lse = -inf
        lse = peak;
        continue;
      }
      double total = 0.0;
      for (double& s : scores) total += (s = std::exp(s - peak));
      for (std::int64_t j = 0; j < a.lk; ++j)
        for (std::int64_t d = 0; d < a.ev; ++d)
          outRow[d] += scores[static_cast<std::size_t>(j)] / total * vh[j * a.ev + d];
      lse = peak + std::log(total);
    }
  }
  roundBufferToDtype(r.out.mutableBase(), r.out.numel(), outType);
  roundBufferToDtype(r.logsumexp.mutableBase(), r.logsumexp.numel(), lseType);
  return r;
}

SdpaBwdResult sdpaBwd(const RefTensor& gradOut, const RefTensor& q, const RefTensor& k, const RefTensor& v,
                      const RefTensor& out, const RefTensor& logsumexp, const SdpaOptions& options, DataType gradQType,
                      DataType gradKType, DataType gradVType) {
  const Attention a = checkAttention(q, k, v, options, "sdpfa_bwd");
  const Shape outShape{a.batch, a.heads, a.lq, a.ev};
  if (gradOut.sizes != outShape || out.sizes != outShape)
    fail("sdpfa_bwd: grad_output and output must be " + shapeText(outShape));
  if (logsumexp.sizes != Shape{a.batch, a.heads, a.lq})
    fail("sdpfa_bwd: logsumexp must be " + shapeText({a.batch, a.heads, a.lq}));
  const RefTensor qc = contiguous(q), kc = contiguous(k), vc = contiguous(v);
  const RefTensor doc = contiguous(gradOut), oc = contiguous(out), lc = contiguous(logsumexp);
  SdpaBwdResult r{newTensor(gradQType, q.sizes), newTensor(gradKType, k.sizes), newTensor(gradVType, v.sizes)};
  std::vector<double> p(static_cast<std::size_t>(a.lk));
  for (std::int64_t bh = 0; bh < a.batch * a.heads; ++bh) {
    const double* kh = kc.base() + bh * a.lk * a.e;
    const double* vh = vc.base() + bh * a.lk * a.ev;
    double* dk = r.gradK.mutableBase() + bh * a.lk * a.e;
    double* dv = r.gradV.mutableBase() + bh * a.lk * a.ev;
    for (std::int64_t i = 0; i < a.lq; ++i) {
      const std::int64_t row = bh * a.lq + i;
      const double* qi = qc.base() + row * a.e;
      const double* dOi = doc.base() + row * a.ev;
      double* dqi = r.gradQ.mutableBase() + row * a.e;
      // P from the saved logsumexp, as the fused kernels do; D_i = dO_i . O_i.
      scoreRow(a, qi, kh, i, p.data());
      const double lse = lc.base()[row];
      for (double& s : p) s = std::isinf(s) ? 0.0 : std::exp(s - lse);
      const double rowDot = dot(dOi, oc.base() + row * a.ev, a.ev);
      for (std::int64_t j = 0; j < a.lk; ++j) {
        const double pij = p[static_cast<std::size_t>(j)];
        if (pij == 0.0) continue;
        for (std::int64_t d = 0; d < a.ev; ++d) dv[j * a.ev + d] += pij * dOi[d];
        const double dS = pij * (dot(dOi, vh + j * a.ev, a.ev) - rowDot) * a.scale;
        for (std::int64_t d = 0; d < a.e; ++d) {
          dqi[d] += dS * kh[j * a.e + d];
          dk[j * a.e + d] += dS * qi[d];
        }
      }
    }
  }
  roundBufferToDtype(r.gradQ.mutableBase(), r.gradQ.numel(), gradQType);
  roundBufferToDtype(r.gradK.mutableBase(), r.gradK.numel(), gradKType);
  roundBufferToDtype(r.gradV.mutableBase(), r.gradV.numel(), gradVType);
  return r;
}

}  // namespace segscope::exec::ref
