// The reduction builders: sum/prod/max/min (with nvFuser's trivial reductions), var, var_mean
// and welford (see ops.h).
#include <algorithm>

#include "ir/ops.h"
#include "ir/ops_detail.h"

namespace segscope::ir::ops {

using namespace detail;

namespace {

ValResult plainReduction(Fusion& f, OpType op, Val* x, const std::vector<std::int64_t>& dims, bool keepdim,
                         DataType dtype);

// nvFuser's [Trivial reductions] (csrc/ops/arith.cpp:1389-1464): reducing a broadcast dim only
// squeezes it; over an expanded dim a sum multiplies by the extent and a product raises to
// it; keepdim puts the squeezed dims back as broadcasts. Built this way when the op is made,
// so the segmenter sees what nvFuser sees (a squeeze is a view, not a reduction).
ValResult trivialReduction(Fusion& f, OpType op, Val* x, const std::vector<std::int64_t>& dims, bool keepdim,
                           DataType dtype) {
  const TensorView* tv = x->asTensor();
  std::vector<std::int64_t> squeezed, remaining;
  std::vector<SymInt> expandedExtents;
  for (std::int64_t d : dims) {
    const Dim& dim = tv->dim(static_cast<std::size_t>(d));
    if (!dim.isBroadcast()) continue;
    squeezed.push_back(d);
    if (dim.kind == IterKind::ExpandedBroadcast) expandedExtents.push_back(dim.extent);
  }
  // A reduced dim's position after the squeeze: minus every squeezed dim before it (dims
  // come in the script's order, e.g. [1, 0], not sorted).
  for (std::int64_t d : dims) {
    if (tv->dim(static_cast<std::size_t>(d)).isBroadcast()) continue;
    remaining.push_back(d - std::count_if(squeezed.begin(), squeezed.end(), [d](std::int64_t s) { return s < d; }));
  }
  SEGSCOPE_TRY(Val * out, squeeze(f, x, squeezed, /*squeezeExpanded=*/true));
  if (!remaining.empty()) {
    SEGSCOPE_TRY(out, plainReduction(f, op, out, remaining, false, dtype));
  }
  if ((op == OpType::Sum || op == OpType::Prod) && !expandedExtents.empty()) {
    // The factor is cast to the result's type (SimplifyingIrBuilder::maybeCastExpr), which
    // folds to one constant when every extent is known.
    Val* factor = nullptr;
    std::int64_t known = 1;
    bool allKnown = true;
    for (const SymInt& e : expandedExtents) {
      allKnown = allKnown && e.isConst();
      if (e.isConst()) known *= e.value;
    }
    if (allKnown) {
      factor = isFloating(out->dtype()) ? constant(f, static_cast<double>(known), DataType::Double)
                                        : constant(f, known, DataType::Int);
    } else {
      for (const SymInt& e : expandedExtents) {
        Val* v = e.isConst() ? constant(f, e.value, DataType::Int) : e.sym;
        if (!factor)
          factor = v;
        else {
          SEGSCOPE_TRY(factor, binary(f, OpType::Mul, factor, v));
        }
      }
    }
    SEGSCOPE_TRY(out, binary(f, op == OpType::Sum ? OpType::Mul : OpType::Pow, out, factor));
  }
  if (keepdim) {
    // The reduced real dims come back as broadcasts too (reductionOpRaw's keep_dim).
    std::vector<bool> flags(static_cast<std::size_t>(tv->rank()), false);
    for (std::int64_t d : dims) flags[static_cast<std::size_t>(d)] = true;
    SEGSCOPE_TRY(out, broadcast(f, out, flags));
  }
  return out;
}

}  // namespace

ValResult reduction(Fusion& f, OpType op, Val* x, std::vector<std::int64_t> dims, bool keepdim, DataType dtype) {
  auto tv = requireTensor(x, op);
  if (!tv) return tv.error();
  if (dims.empty()) dims = allDims(tv.value()->rank());
  auto normalized = normalizeDims(dims, tv.value()->rank(), op);
  if (!normalized) return normalized.error();
  const bool anyBroadcast = std::any_of(normalized->begin(), normalized->end(), [&](std::int64_t d) {
    return tv.value()->dim(static_cast<std::size_t>(d)).isBroadcast();
  });
  if (anyBroadcast) return trivialReduction(f, op, x, normalized.value(), keepdim, dtype);
  return plainReduction(f, op, x, normalized.value(), keepdim, dtype);
}

namespace {

ValResult plainReduction(Fusion& f, OpType op, Val* x, const std::vector<std::int64_t>& dims, bool keepdim,
                         DataType dtype) {
  auto tv = requireTensor(x, op);
  if (!tv) return tv.error();
  Result<std::vector<std::int64_t>> normalized = dims;
  DataType out = dtype;
  if (out == DataType::Null) {
    out = x->dtype();
    if ((op == OpType::Sum || op == OpType::Prod) && (out == DataType::Bool || isIntegral(out))) out = DataType::Int;
    if (op == OpType::Sum || op == OpType::Prod) out = computeType(out);
  }
  TensorView* result = f.newTensor(out, reducedDims(tv.value(), normalized.value(), keepdim));
  ExprAttributes a;
  a.dims = normalized.value();
  a.keepdim = keepdim;
  a.dtype = dtype;
  f.newExpr(op, {x}, {result}, a);
  return result;
}

}  // namespace

namespace {

Result<ExprAttributes> varianceAttrs(Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim,
                                     OpType op) {
  auto tv = requireTensor(x, op);
  if (!tv) return tv.error();
  if (!isFloating(x->dtype()) && !isComplex(x->dtype()))
    return makeError(opLabel(op) + " needs a floating-point tensor, got " + std::string(dataTypeName(x->dtype())));
  if (dims.empty()) dims = allDims(tv.value()->rank());
  auto normalized = normalizeDims(dims, tv.value()->rank(), op);
  if (!normalized) return normalized.error();
  if (correction < 0) return makeError(opLabel(op) + ": correction must be >= 0");
  ExprAttributes a;
  a.dims = normalized.value();
  a.correction = correction;
  a.keepdim = keepdim;
  return a;
}

}  // namespace

ValResult var(Fusion& f, Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim) {
  auto a = varianceAttrs(x, std::move(dims), correction, keepdim, OpType::Var);
  if (!a) return a.error();
  TensorView* out = f.newTensor(computeType(realTypeOf(x->dtype())), reducedDims(x->asTensor(), a->dims, keepdim));
  f.newExpr(OpType::Var, {x}, {out}, a.value());
  return out;
}

namespace {

// Welford's trivial dims (csrc/ops/arith.cpp:1656-1668): a reduced dim that is a plain size-1
// broadcast. Unlike sum's (arith.cpp:1389-1464), an expanded broadcast is not one: it stays a
// reduction axis.
std::vector<std::int64_t> welfordTrivialDims(const TensorView* tv, const std::vector<std::int64_t>& dims) {
  std::vector<std::int64_t> trivial;
  for (std::int64_t d : dims)
    if (tv->dim(static_cast<std::size_t>(d)).kind == IterKind::Broadcast) trivial.push_back(d);
  return trivial;
}

// The reduced dims left once the trivial ones are squeezed, renumbered for the squeezed tensor.
std::vector<std::int64_t> dimsAfterSqueeze(const std::vector<std::int64_t>& dims,
                                           const std::vector<std::int64_t>& squeezed) {
  std::vector<std::int64_t> remaining;
  for (std::int64_t d : dims) {
    if (std::find(squeezed.begin(), squeezed.end(), d) != squeezed.end()) continue;
    remaining.push_back(d - std::count_if(squeezed.begin(), squeezed.end(), [d](std::int64_t s) { return s < d; }));
  }
  return remaining;
}

// full_like(x, value) (csrc/ops/arith.cpp full_like): a creation op with x's extents, no tensor
// operand, so the segmenter sees no edge from x.
ValResult fullLike(Fusion& f, Val* x, ScalarValue value, DataType dtype) {
  std::vector<SymInt> shape;
  for (const Dim& d : x->asTensor()->dims()) shape.push_back(d.extent);
  return full(f, std::move(shape), constant(f, value, isFloating(dtype) ? DataType::Double : DataType::Int), dtype);
}

ValsResult plainWelford(Fusion& f, Val* x, const std::vector<std::int64_t>& dims) {
  const auto outDims = reducedDims(x->asTensor(), dims, false);
  const DataType t = computeType(x->dtype());
  TensorView* avg = f.newTensor(t, outDims);
  TensorView* varSum = f.newTensor(t, outDims);
  TensorView* n = f.newTensor(DataType::Index, outDims);
  ExprAttributes attrs;
  attrs.dims = dims;
  f.newExpr(OpType::Welford, {x}, {avg, varSum, n}, attrs);
  return std::vector<Val*>{avg, varSum, n};
}

// Welford over trivial dims (csrc/ops/arith.cpp:1669-1717): squeeze them; a Welford over the
// rest if any is left, otherwise no reduction at all: the average is the squeezed tensor, the
// sum of squared deviations zeros and the count ones.
ValsResult welfordWithTrivialDims(Fusion& f, Val* x, const std::vector<std::int64_t>& dims,
                                  const std::vector<std::int64_t>& trivial) {
  SEGSCOPE_TRY(Val * squeezed, squeeze(f, x, trivial, /*squeezeExpanded=*/true));
  const auto remaining = dimsAfterSqueeze(dims, trivial);
  if (!remaining.empty()) return plainWelford(f, squeezed, remaining);
  SEGSCOPE_TRY(Val * zeros, fullLike(f, squeezed, 0.0, squeezed->dtype()));
  SEGSCOPE_TRY(Val * ones, fullLike(f, squeezed, std::int64_t{1}, DataType::Index));
  return std::vector<Val*>{squeezed, zeros, ones};
}

// variance_mean over trivial dims (csrc/ops/normalization.cpp:93-158): Welford as above, the
// variance its M2 over (N - correction) clamped at 0, keepdim as broadcasts afterwards. N is the
// product of the reduced extents; when every reduced dim is trivial it is 1, a constant.
ValsResult varMeanWithTrivialDims(Fusion& f, Val* x, const ExprAttributes& a,
                                  const std::vector<std::int64_t>& trivial) {
  SEGSCOPE_TRY(Val * squeezed, squeeze(f, x, trivial, /*squeezeExpanded=*/true));
  const auto remaining = dimsAfterSqueeze(a.dims, trivial);
  Val* variance = nullptr;
  Val* mean = nullptr;
  if (!remaining.empty()) {
    SEGSCOPE_TRY(auto outs, varMean(f, squeezed, remaining, a.correction, false));
    variance = outs[0];
    mean = outs[1];
  } else {
    mean = squeezed;
    SEGSCOPE_TRY(Val * zeros, fullLike(f, mean, 0.0, computeType(realTypeOf(x->dtype()))));
    const double denominator = static_cast<double>(std::max<std::int64_t>(1 - a.correction, 0));
    SEGSCOPE_TRY(variance, binary(f, OpType::Div, zeros, constant(f, denominator, DataType::Double)));
  }
  if (a.keepdim) {
    std::vector<bool> flags(static_cast<std::size_t>(x->asTensor()->rank()), false);
    for (std::int64_t d : a.dims) flags[static_cast<std::size_t>(d)] = true;
    SEGSCOPE_TRY(variance, broadcast(f, variance, flags));
    SEGSCOPE_TRY(mean, broadcast(f, mean, flags));
  }
  return std::vector<Val*>{variance, mean};
}

}  // namespace

ValsResult varMean(Fusion& f, Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim) {
  auto a = varianceAttrs(x, std::move(dims), correction, keepdim, OpType::VarMean);
  if (!a) return a.error();
  if (auto trivial = welfordTrivialDims(x->asTensor(), a->dims); !trivial.empty())
    return varMeanWithTrivialDims(f, x, a.value(), trivial);
  const auto outDims = reducedDims(x->asTensor(), a->dims, keepdim);
  TensorView* variance = f.newTensor(computeType(realTypeOf(x->dtype())), outDims);
  TensorView* mean = f.newTensor(computeType(x->dtype()), outDims);
  f.newExpr(OpType::VarMean, {x}, {variance, mean}, a.value());
  return std::vector<Val*>{variance, mean};
}

ValsResult welford(Fusion& f, Val* x, std::vector<std::int64_t> dims) {
  auto a = varianceAttrs(x, std::move(dims), 0, false, OpType::Welford);
  if (!a) return a.error();
  if (auto trivial = welfordTrivialDims(x->asTensor(), a->dims); !trivial.empty())
    return welfordWithTrivialDims(f, x, a->dims, trivial);
  return plainWelford(f, x, a->dims);
}

}  // namespace segscope::ir::ops
