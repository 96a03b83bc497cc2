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

ValsResult varMean(Fusion& f, Val* x, std::vector<std::int64_t> dims, std::int64_t correction, bool keepdim) {
  auto a = varianceAttrs(x, std::move(dims), correction, keepdim, OpType::VarMean);
  if (!a) return a.error();
  const auto outDims = reducedDims(x->asTensor(), a->dims, keepdim);
  TensorView* variance = f.newTensor(computeType(realTypeOf(x->dtype())), outDims);
  TensorView* mean = f.newTensor(computeType(x->dtype()), outDims);
  f.newExpr(OpType::VarMean, {x}, {variance, mean}, a.value());
  return std::vector<Val*>{variance, mean};
}

ValsResult welford(Fusion& f, Val* x, std::vector<std::int64_t> dims) {
  auto a = varianceAttrs(x, std::move(dims), 0, false, OpType::Welford);
  if (!a) return a.error();
  const auto outDims = reducedDims(x->asTensor(), a->dims, false);
  const DataType t = computeType(x->dtype());
  TensorView* avg = f.newTensor(t, outDims);
  TensorView* varSum = f.newTensor(t, outDims);
  TensorView* n = f.newTensor(DataType::Index, outDims);
  ExprAttributes attrs;
  attrs.dims = a->dims;
  f.newExpr(OpType::Welford, {x}, {avg, varSum, n}, attrs);
  return std::vector<Val*>{avg, varSum, n};
}

}  // namespace segscope::ir::ops
