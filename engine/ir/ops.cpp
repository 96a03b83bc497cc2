// Shape inference and type promotion for every op family (see ops.h).
#include "ir/ops.h"

#include "ir/ops_detail.h"

#include <algorithm>
#include <numeric>

namespace segscope::ir::ops {
namespace detail {

std::string opLabel(OpType op) { return std::string(opName(op)); }

Result<TensorView*> requireTensor(Val* v, OpType op, const char* role) {
  if (v == nullptr) return makeError(opLabel(op) + ": missing " + role);
  if (!v->isTensor()) return makeError(opLabel(op) + " expects a tensor " + role + ", got scalar " + v->name());
  return v->asTensor();
}

Status requireScalar(Val* v, OpType op, const char* role) {
  if (v && !v->isScalar()) return makeError(opLabel(op) + " expects a scalar " + role + ", got tensor " + v->name());
  return {};
}

// A fresh symbolic extent that the executor learns from the computed tensor.
SymInt freshExtent(Fusion& f) {
  Scalar* s = f.newScalar(DataType::Index);
  f.setName(s, "i" + std::to_string(s->id()));
  return SymInt::symbolic(s);
}

// Marks fresh extents as measuring `tv`, so verify() accepts them as defined.
TensorView* finishTensor(TensorView* tv) {
  for (int d = 0; d < tv->rank(); ++d) {
    Val* sym = tv->dim(d).extent.sym;
    if (sym && !sym->definition() && sym->uses().empty()) {
      auto* s = static_cast<Scalar*>(sym);
      if (!s->extentOf() && !s->isConstant()) s->setExtentOf(tv, d);
    }
  }
  return tv;
}

Dim dimFromExtent(const SymInt& e) { return Dim{e, e.isConst(1) ? IterKind::Broadcast : IterKind::Iteration}; }

std::string extentText(const SymInt& e) { return e.toString(); }

// Combines two aligned dims of elementwise operands (NumPy broadcasting).
Result<Dim> mergeDims(const Dim& a, const Dim& b, std::size_t pos, OpType op) {
  if (a.kind == IterKind::Broadcast) return b;
  if (b.kind == IterKind::Broadcast) return a;
  if (a.kind == IterKind::ExpandedBroadcast && b.kind != IterKind::ExpandedBroadcast) return b;
  if (b.kind == IterKind::ExpandedBroadcast && a.kind != IterKind::ExpandedBroadcast) return a;
  if (a.extent.isConst() && b.extent.isConst()) {
    if (a.extent.value != b.extent.value)
      return makeError(opLabel(op) + ": shape mismatch at dim " + std::to_string(pos) + ": " +
                       std::to_string(a.extent.value) + " vs " + std::to_string(b.extent.value));
    return a;
  }
  return a.extent.isConst() ? a : (b.extent.isConst() ? b : a);
}

Result<std::vector<Dim>> broadcastShapes(const std::vector<Val*>& operands, OpType op) {
  int rank = 0;
  for (Val* v : operands)
    if (v && v->isTensor()) rank = std::max(rank, v->asTensor()->rank());
  std::vector<Dim> out(static_cast<std::size_t>(rank), Dim{SymInt::constant(1), IterKind::Broadcast});
  for (Val* v : operands) {
    if (!v || !v->isTensor()) continue;
    const TensorView* tv = v->asTensor();
    const int offset = rank - tv->rank();  // lower-rank operands gain leading broadcast dims
    for (int d = 0; d < tv->rank(); ++d) {
      auto merged = mergeDims(out[static_cast<std::size_t>(offset + d)], tv->dim(static_cast<std::size_t>(d)),
                              static_cast<std::size_t>(offset + d), op);
      if (!merged) return merged.error();
      out[static_cast<std::size_t>(offset + d)] = merged.value();
    }
  }
  return out;
}

bool anyTensor(const std::vector<Val*>& vals) {
  return std::any_of(vals.begin(), vals.end(), [](Val* v) { return v && v->isTensor(); });
}

DataType promoteAll(const std::vector<Val*>& vals) {
  DataType t = DataType::Null;
  bool tIsTensor = false;
  for (Val* v : vals) {
    if (!v) continue;
    if (t == DataType::Null) {
      t = v->dtype();
      tIsTensor = v->isTensor();
      continue;
    }
    t = promoteTypes(t, tIsTensor, v->dtype(), v->isTensor());
    tIsTensor = tIsTensor || v->isTensor();
  }
  return t;
}

DataType realTypeOf(DataType t) {
  if (t == DataType::ComplexFloat) return DataType::Float;
  if (t == DataType::ComplexDouble) return DataType::Double;
  return t;
}

// Creates the output of an elementwise op: a scalar when every operand is a scalar.
ValResult elementwiseOutput(Fusion& f, OpType op, const std::vector<Val*>& operands, DataType dtype,
                            ExprAttributes attrs = {}) {
  Val* out = nullptr;
  if (anyTensor(operands)) {
    auto dims = broadcastShapes(operands, op);
    if (!dims) return dims.error();
    out = f.newTensor(dtype, std::move(dims.value()));
  } else {
    out = f.newScalar(dtype);
  }
  std::vector<Val*> present;
  for (Val* v : operands)
    if (v) present.push_back(v);
  f.newExpr(op, present, {out}, std::move(attrs));
  return out;
}

// Ops whose result keeps the operand's narrow float type instead of computing in Float.
bool keepsNarrowType(OpType op) {
  switch (op) {
    case OpType::Abs:
    case OpType::Neg:
    case OpType::Relu:
    case OpType::Ceil:
    case OpType::Floor:
    case OpType::Round:
    case OpType::Trunc:
    case OpType::Sign:
    case OpType::Frac:
    case OpType::Where:
    case OpType::Clamp:
    case OpType::Threshold:
    case OpType::Minimum:
    case OpType::Maximum: return true;
    default: return false;
  }
}

Result<DataType> elementwiseType(OpType op, const std::vector<Val*>& promoted) {
  const DataType common = promoteAll(promoted);
  switch (resultRule(op)) {
    case ResultRule::Bool: return DataType::Bool;
    case ResultRule::Real: return realTypeOf(common);
    case ResultRule::Integral:
      if (isFloating(common) || isComplex(common))
        return makeError(opLabel(op) + " needs integer or bool operands, got " + std::string(dataTypeName(common)));
      return common;
    case ResultRule::PromoteFloat: return computeType(floatingResultType(common));
    case ResultRule::Promote:
      if (op == OpType::Abs && isComplex(common)) return realTypeOf(common);
      return keepsNarrowType(op) ? common : computeType(common);
    case ResultRule::None: break;
  }
  return common;
}

Result<std::vector<std::int64_t>> normalizeDims(std::vector<std::int64_t> dims, int rank, OpType op) {
  for (auto& d : dims) {
    auto n = normalizeDim(d, rank, std::string(opName(op)).c_str());
    if (!n) return n.error();
    d = n.value();
  }
  std::vector<std::int64_t> sorted = dims;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return makeError(opLabel(op) + ": a dim is listed twice");
  return dims;
}

// Dims left after reducing `dims` (kept as size-1 broadcast dims with keepdim).
std::vector<Dim> reducedDims(const TensorView* x, const std::vector<std::int64_t>& dims, bool keepdim) {
  std::vector<Dim> out;
  for (int d = 0; d < x->rank(); ++d) {
    const bool reduced = std::find(dims.begin(), dims.end(), d) != dims.end();
    if (!reduced)
      out.push_back(x->dim(static_cast<std::size_t>(d)));
    else if (keepdim)
      out.push_back(Dim{SymInt::constant(1), IterKind::Broadcast});
  }
  return out;
}

std::vector<std::int64_t> allDims(int rank) {
  std::vector<std::int64_t> dims(static_cast<std::size_t>(rank));
  std::iota(dims.begin(), dims.end(), 0);
  return dims;
}

bool isPermutation(const std::vector<std::int64_t>& dims, int rank) {
  if (static_cast<int>(dims.size()) != rank) return false;
  std::vector<std::int64_t> sorted = dims;
  std::sort(sorted.begin(), sorted.end());
  return sorted == allDims(rank);
}

Status checkShapeEntries(const std::vector<SymInt>& shape, OpType op, bool allowMinusOne) {
  for (const SymInt& s : shape) {
    if (s.sym && (!s.sym->isScalar() || !isIntegral(s.sym->dtype())))
      return makeError(opLabel(op) + ": shape entry " + s.sym->name() + " must be an integer scalar");
    if (s.isConst() && s.value < 0 && !(allowMinusOne && s.value == -1))
      return makeError(opLabel(op) + ": negative extent " + std::to_string(s.value) + " in shape");
  }
  return {};
}

std::vector<Dim> dimsFromShape(const std::vector<SymInt>& shape) {
  std::vector<Dim> dims;
  for (const SymInt& s : shape) dims.push_back(dimFromExtent(s));
  return dims;
}

}  // namespace detail

using namespace detail;

Result<std::int64_t> normalizeDim(std::int64_t dim, int rank, const char* what) {
  const std::int64_t r = std::max(rank, 0);
  if (dim < -r || dim >= r || r == 0)
    return makeError(std::string(what) + ": dim " + std::to_string(dim) + " is out of range for a tensor of rank " +
                     std::to_string(rank));
  return dim < 0 ? dim + r : dim;
}

Scalar* constant(Fusion& f, ScalarValue value, DataType dtype) { return f.newScalar(dtype, std::move(value)); }

ValResult unary(Fusion& f, OpType op, Val* x) {
  if (!x) return makeError(opLabel(op) + ": missing operand");
  auto dtype = elementwiseType(op, {x});
  if (!dtype) return dtype.error();
  return elementwiseOutput(f, op, {x}, dtype.value());
}

ValResult binary(Fusion& f, OpType op, Val* a, Val* b) {
  if (!a || !b) return makeError(opLabel(op) + ": needs two operands");
  auto dtype = elementwiseType(op, {a, b});
  if (!dtype) return dtype.error();
  return elementwiseOutput(f, op, {a, b}, dtype.value());
}

ValResult ternary(Fusion& f, OpType op, const std::vector<Val*>& args) {
  const std::size_t expected = op == OpType::Addcmul ? 4 : 3;
  if (args.size() != expected || std::find(args.begin(), args.end(), nullptr) != args.end())
    return makeError(opLabel(op) + ": needs " + std::to_string(expected) + " operands");
  std::vector<Val*> promoted = args;
  if (op == OpType::Where) {
    promoted = {args[1], args[2]};  // the condition does not take part in promotion
  } else if (op == OpType::Addcmul || op == OpType::AddAlpha || op == OpType::SubAlpha) {
    promoted.pop_back();  // the scaling value follows the tensors' type
  } else if (op == OpType::Threshold || op == OpType::Clamp) {
    promoted = {args[0]};
  }
  auto dtype = elementwiseType(op, promoted);
  if (!dtype) return dtype.error();
  return elementwiseOutput(f, op, args, dtype.value());
}

ValResult cast(Fusion& f, Val* x, DataType dtype) {
  if (!x) return makeError("cast: missing operand");
  if (dtype == DataType::Null) return makeError("cast: dtype must name a real type");
  ExprAttributes a;
  a.dtype = dtype;
  return elementwiseOutput(f, OpType::Cast, {x}, dtype, a);
}

ValResult broadcast(Fusion& f, Val* x, std::vector<bool> isBroadcastDim) {
  auto tv = requireTensor(x, OpType::Broadcast);
  if (!tv) return tv.error();
  const auto kept = std::count(isBroadcastDim.begin(), isBroadcastDim.end(), false);
  if (kept != tv.value()->rank())
    return makeError("broadcast: is_broadcast_dim has " + std::to_string(kept) +
                     " non-broadcast entries for a tensor of rank " + std::to_string(tv.value()->rank()));
  std::vector<Dim> dims;
  std::size_t next = 0;
  for (bool b : isBroadcastDim)
    dims.push_back(b ? Dim{SymInt::constant(1), IterKind::Broadcast} : tv.value()->dim(next++));
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.flags = std::move(isBroadcastDim);
  f.newExpr(OpType::Broadcast, {x}, {out}, a);
  return out;
}

ValResult broadcastInDim(Fusion& f, Val* x, std::vector<SymInt> shape, std::vector<std::int64_t> broadcastDims) {
  auto tv = requireTensor(x, OpType::BroadcastInDim);
  if (!tv) return tv.error();
  if (auto st = checkShapeEntries(shape, OpType::BroadcastInDim, true); !st) return st.error();
  const TensorView* in = tv.value();
  if (static_cast<int>(broadcastDims.size()) != in->rank())
    return makeError("broadcast_in_dim: broadcast_dims has " + std::to_string(broadcastDims.size()) +
                     " entries but the input has rank " + std::to_string(in->rank()));
  const int outRank = static_cast<int>(shape.size());
  if (outRank < in->rank())
    return makeError("broadcast_in_dim: output rank " + std::to_string(outRank) + " is below the input rank " +
                     std::to_string(in->rank()));
  std::vector<Dim> dims(static_cast<std::size_t>(outRank));
  std::vector<bool> mapped(static_cast<std::size_t>(outRank), false);
  std::int64_t previous = -1;
  for (std::size_t i = 0; i < broadcastDims.size(); ++i) {
    auto d = normalizeDim(broadcastDims[i], outRank, "broadcast_in_dim");
    if (!d) return d.error();
    if (d.value() <= previous) return makeError("broadcast_in_dim: broadcast_dims must be strictly increasing");
    previous = d.value();
    broadcastDims[i] = d.value();
    const Dim& src = in->dim(i);
    const SymInt& target = shape[static_cast<std::size_t>(d.value())];
    mapped[static_cast<std::size_t>(d.value())] = true;
    if (target.isConst(-1)) {
      dims[static_cast<std::size_t>(d.value())] = src;
    } else if (src.isBroadcast()) {
      dims[static_cast<std::size_t>(d.value())] = target.isConst(1) ? src : Dim{target, IterKind::ExpandedBroadcast};
    } else {
      if (src.extent.isConst() && target.isConst() && src.extent.value != target.value)
        return makeError("broadcast_in_dim: input dim " + std::to_string(i) + " has extent " + extentText(src.extent) +
                         " but shape[" + std::to_string(d.value()) + "] is " + extentText(target));
      dims[static_cast<std::size_t>(d.value())] =
          src.extent.isConst() ? src : Dim{target.isConst() ? target : src.extent, IterKind::Iteration};
    }
  }
  for (int d = 0; d < outRank; ++d) {
    if (mapped[static_cast<std::size_t>(d)]) continue;
    const SymInt& target = shape[static_cast<std::size_t>(d)];
    if (target.isConst(-1)) return makeError("broadcast_in_dim: shape[" + std::to_string(d) + "] is -1 for a new dim");
    dims[static_cast<std::size_t>(d)] =
        target.isConst(1) ? Dim{target, IterKind::Broadcast} : Dim{target, IterKind::ExpandedBroadcast};
  }
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.shape = std::move(shape);
  a.dims = std::move(broadcastDims);
  f.newExpr(OpType::BroadcastInDim, {x}, {out}, a);
  return out;
}

ValResult expand(Fusion& f, Val* x, std::vector<SymInt> shape) {
  auto tv = requireTensor(x, OpType::Expand);
  if (!tv) return tv.error();
  if (auto st = checkShapeEntries(shape, OpType::Expand, true); !st) return st.error();
  const TensorView* in = tv.value();
  if (static_cast<int>(shape.size()) != in->rank())
    return makeError("expand: shape has " + std::to_string(shape.size()) + " entries for a tensor of rank " +
                     std::to_string(in->rank()));
  std::vector<Dim> dims;
  for (int d = 0; d < in->rank(); ++d) {
    const Dim& src = in->dim(static_cast<std::size_t>(d));
    const SymInt& target = shape[static_cast<std::size_t>(d)];
    if (target.isConst(-1) || (target.isConst() && src.extent.isConst(target.value))) {
      dims.push_back(src);
    } else if (src.isBroadcast()) {
      dims.push_back(target.isConst(1) ? src : Dim{target, IterKind::ExpandedBroadcast});
    } else if (src.extent.isConst() && target.isConst()) {
      return makeError("expand: dim " + std::to_string(d) + " has extent " + extentText(src.extent) +
                       " and is not a broadcast dim, so it cannot become " + extentText(target));
    } else {
      dims.push_back(src);
    }
  }
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.shape = std::move(shape);
  f.newExpr(OpType::Expand, {x}, {out}, a);
  return out;
}

ValResult squeeze(Fusion& f, Val* x, std::vector<std::int64_t> dims, bool squeezeExpanded) {
  auto tv = requireTensor(x, OpType::Squeeze);
  if (!tv) return tv.error();
  auto normalized = normalizeDims(dims, tv.value()->rank(), OpType::Squeeze);
  if (!normalized) return normalized.error();
  for (std::int64_t d : normalized.value()) {
    const Dim& dim = tv.value()->dim(static_cast<std::size_t>(d));
    const bool sizeOne = dim.extent.isConst(1);
    const bool expandedOk = dim.kind == IterKind::ExpandedBroadcast && squeezeExpanded;
    if (!sizeOne && !expandedOk && dim.extent.isConst())
      return makeError("squeeze: dim " + std::to_string(d) + " has extent " + extentText(dim.extent) +
                       ", only size-1 dims can be squeezed");
  }
  TensorView* out = f.newTensor(x->dtype(), reducedDims(tv.value(), normalized.value(), false));
  ExprAttributes a;
  a.dims = normalized.value();
  a.option = squeezeExpanded;
  f.newExpr(OpType::Squeeze, {x}, {out}, a);
  return out;
}

ValResult reshape(Fusion& f, Val* x, std::vector<SymInt> newShape) {
  auto tv = requireTensor(x, OpType::Reshape);
  if (!tv) return tv.error();
  if (auto st = checkShapeEntries(newShape, OpType::Reshape, true); !st) return st.error();
  const TensorView* in = tv.value();
  const bool inputStatic =
      std::all_of(in->dims().begin(), in->dims().end(), [](const Dim& d) { return d.extent.isConst(); });
  std::int64_t inElements = 1;
  for (const Dim& d : in->dims()) inElements *= d.extent.value;
  const auto inferred = std::count_if(newShape.begin(), newShape.end(), [](const SymInt& s) { return s.isConst(-1); });
  if (inferred > 1) return makeError("reshape: only one entry of new_shape may be -1");
  const bool outputStatic = std::all_of(newShape.begin(), newShape.end(), [](const SymInt& s) { return s.isConst(); });
  std::vector<SymInt> extents = newShape;
  if (inputStatic && outputStatic) {
    std::int64_t known = 1;
    for (const SymInt& s : newShape)
      if (!s.isConst(-1)) known *= s.value;
    for (SymInt& s : extents) {
      if (!s.isConst(-1)) continue;
      if (known == 0 || inElements % known != 0)
        return makeError("reshape: cannot infer -1 for " + std::to_string(inElements) + " elements");
      s = SymInt::constant(inElements / known);
      known *= s.value;
    }
    if (known != inElements)
      return makeError("reshape: new_shape has " + std::to_string(known) + " elements but the input " + x->name() +
                       " has " + std::to_string(inElements));
  } else {
    for (SymInt& s : extents)
      if (s.isConst(-1)) s = freshExtent(f);
  }
  TensorView* out = f.newTensor(x->dtype(), dimsFromShape(extents));
  ExprAttributes a;
  a.shape = std::move(newShape);
  f.newExpr(OpType::Reshape, {x}, {out}, a);
  return finishTensor(out);
}

ValResult permute(Fusion& f, Val* x, std::vector<std::int64_t> dims) {
  auto tv = requireTensor(x, OpType::Permute);
  if (!tv) return tv.error();
  auto normalized = normalizeDims(dims, tv.value()->rank(), OpType::Permute);
  if (!normalized && tv.value()->rank() != 0) return normalized.error();
  if (!isPermutation(normalized ? normalized.value() : dims, tv.value()->rank()))
    return makeError("permute: dims must be a permutation of 0.." + std::to_string(tv.value()->rank() - 1));
  std::vector<Dim> outDims;
  for (std::int64_t d : normalized.value()) outDims.push_back(tv.value()->dim(static_cast<std::size_t>(d)));
  TensorView* out = f.newTensor(x->dtype(), std::move(outDims));
  ExprAttributes a;
  a.dims = normalized.value();
  f.newExpr(OpType::Permute, {x}, {out}, a);
  return out;
}

ValResult set(Fusion& f, OpType op, Val* x) {
  if (!x) return makeError(opLabel(op) + ": missing operand");
  Val* out = x->isTensor() ? static_cast<Val*>(f.newTensor(x->dtype(), x->asTensor()->dims()))
                           : static_cast<Val*>(f.newScalar(x->dtype()));
  f.newExpr(op, {x}, {out});
  return out;
}

ValResult strideOrder(Fusion& f, Val* x, std::vector<std::int64_t> order) {
  auto tv = requireTensor(x, OpType::StrideOrder);
  if (!tv) return tv.error();
  if (!isPermutation(order, tv.value()->rank()))
    return makeError("stride_order: stride_order must be a permutation of 0.." +
                     std::to_string(tv.value()->rank() - 1));
  TensorView* out = f.newTensor(x->dtype(), tv.value()->dims());
  out->setStrideOrder(order);
  ExprAttributes a;
  a.dims = std::move(order);
  f.newExpr(OpType::StrideOrder, {x}, {out}, a);
  return out;
}

ValResult slice(Fusion& f, Val* x, std::vector<SymInt> starts, std::vector<SymInt> ends, std::vector<SymInt> steps,
                bool manualNormalization) {
  auto tv = requireTensor(x, OpType::Slice);
  if (!tv) return tv.error();
  const TensorView* in = tv.value();
  const auto rank = static_cast<std::size_t>(in->rank());
  if (steps.empty()) steps.assign(rank, SymInt::constant(1));
  if (starts.size() != rank || ends.size() != rank || steps.size() != rank)
    return makeError("slice: start_indices, end_indices and strides need " + std::to_string(rank) +
                     " entries each (the rank of " + x->name() + ")");
  std::vector<Dim> dims;
  for (std::size_t d = 0; d < rank; ++d) {
    const Dim& src = in->dim(d);
    if (steps[d].isConst() && steps[d].value <= 0)
      return makeError("slice: stride " + std::to_string(steps[d].value) + " at dim " + std::to_string(d) +
                       " must be positive");
    if (!(src.extent.isConst() && starts[d].isConst() && ends[d].isConst() && steps[d].isConst())) {
      dims.push_back(Dim{freshExtent(f), IterKind::Iteration});
      continue;
    }
    const std::int64_t extent = src.extent.value;
    std::int64_t start = starts[d].value, end = ends[d].value;
    if (!manualNormalization) {
      if (start < 0) start += extent;
      if (end < 0) end += extent;
      start = std::clamp<std::int64_t>(start, 0, extent);
      end = std::clamp<std::int64_t>(end, start, extent);
    } else if (start < 0 || end > extent || start > end) {
      return makeError("slice: range [" + std::to_string(start) + ", " + std::to_string(end) + ") at dim " +
                       std::to_string(d) + " is outside the extent " + std::to_string(extent));
    }
    const std::int64_t step = steps[d].value;
    const std::int64_t n = (end - start + step - 1) / step;
    dims.push_back(n == extent ? src : dimFromExtent(SymInt::constant(n)));
    if (src.isBroadcast() && n == 1) dims.back() = src;
  }
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.starts = std::move(starts);
  a.ends = std::move(ends);
  a.steps = std::move(steps);
  a.option = manualNormalization;
  f.newExpr(OpType::Slice, {x}, {out}, a);
  return finishTensor(out);
}

// csrc/ops/alias.cpp:525 pad: widths are integer Vals; a dim whose two widths are both the
// constant 0 keeps its IterDomain, any other is resized (alias.cpp:596-606), and a pad that
// resizes nothing is a set (alias.cpp:613).
ValResult pad(Fusion& f, Val* x, std::vector<SymInt> widths, Val* value) {
  auto tv = requireTensor(x, OpType::Pad);
  if (!tv) return tv.error();
  if (auto st = requireScalar(value, OpType::Pad, "value"); !st) return st.error();
  const TensorView* in = tv.value();
  if (widths.size() % 2 != 0 || widths.size() > 2 * static_cast<std::size_t>(in->rank()))
    return makeError("pad: pad_widths needs an even number of entries, at most " + std::to_string(2 * in->rank()) +
                     ", got " + std::to_string(widths.size()));
  for (const SymInt& w : widths)
    if (w.sym && (!w.sym->isScalar() || !isIntegral(w.sym->dtype())))
      return makeError("pad: width " + w.sym->name() +
                       " must be an integer scalar");  // internal_base_nodes.cpp:561-568
  std::vector<Dim> dims = in->dims();
  bool paddedAny = false;
  for (std::size_t i = 0; i < widths.size() / 2; ++i) {
    Dim& d = dims[dims.size() - 1 - i];
    const SymInt& left = widths[2 * i];
    const SymInt& right = widths[2 * i + 1];
    if (left.isConst(0) && right.isConst(0)) continue;
    paddedAny = true;
    if (d.extent.isConst() && left.isConst() && right.isConst()) {
      const std::int64_t n = d.extent.value + left.value + right.value;
      if (n < 0)
        return makeError("pad: negative widths crop dim " + std::to_string(dims.size() - 1 - i) + " below zero");
      // csrc/ir/internal_base_nodes.cpp:652-655: a resize to a known extent of 1 is a broadcast.
      d = dimFromExtent(SymInt::constant(n));
    } else {
      d = Dim{freshExtent(f), IterKind::Iteration};
    }
  }
  if (!paddedAny) return set(f, OpType::Set, x);
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.padWidths = std::move(widths);
  std::vector<Val*> operands{x};
  if (value) operands.push_back(value);
  a.flags = {value != nullptr};
  f.newExpr(OpType::Pad, operands, {out}, a);
  return finishTensor(out);
}

ValResult pad(Fusion& f, Val* x, const std::vector<std::int64_t>& widths, Val* value) {
  std::vector<SymInt> sym;
  for (std::int64_t w : widths) sym.push_back(SymInt::constant(w));
  return pad(f, x, std::move(sym), value);
}

ValResult cat(Fusion& f, const std::vector<Val*>& xs, std::int64_t dim, bool manualPadding) {
  if (xs.empty()) return makeError("cat: needs at least one tensor");
  std::vector<const TensorView*> tvs;
  for (Val* v : xs) {
    auto tv = requireTensor(v, OpType::Cat);
    if (!tv) return tv.error();
    tvs.push_back(tv.value());
  }
  const int rank = tvs[0]->rank();
  for (const TensorView* tv : tvs)
    if (tv->rank() != rank)
      return makeError("cat: " + tv->name() + " has rank " + std::to_string(tv->rank()) + " but " + tvs[0]->name() +
                       " has rank " + std::to_string(rank));
  auto d = normalizeDim(dim, rank, "cat");
  if (!d) return d.error();
  std::vector<Dim> dims = tvs[0]->dims();
  bool staticSum = true;
  std::int64_t sum = 0;
  for (const TensorView* tv : tvs) {
    for (int i = 0; i < rank; ++i) {
      if (i == d.value()) continue;
      auto merged = mergeDims(dims[static_cast<std::size_t>(i)], tv->dim(static_cast<std::size_t>(i)),
                              static_cast<std::size_t>(i), OpType::Cat);
      if (!merged) return merged.error();
      dims[static_cast<std::size_t>(i)] = merged.value();
    }
    const SymInt& e = tv->dim(static_cast<std::size_t>(d.value())).extent;
    staticSum = staticSum && e.isConst();
    sum += e.value;
  }
  dims[static_cast<std::size_t>(d.value())] =
      staticSum ? Dim{SymInt::constant(sum), IterKind::Iteration} : Dim{freshExtent(f), IterKind::Iteration};
  DataType dtype = tvs[0]->dtype();
  for (const TensorView* tv : tvs) dtype = promoteSameKind(dtype, tv->dtype());
  TensorView* out = f.newTensor(dtype, std::move(dims));
  ExprAttributes a;
  a.axis = d.value();
  a.option = manualPadding;
  f.newExpr(OpType::Cat, xs, {out}, a);
  return finishTensor(out);
}

ValResult full(Fusion& f, std::vector<SymInt> shape, Val* fillValue, DataType dtype) {
  if (auto st = checkShapeEntries(shape, OpType::Full, false); !st) return st.error();
  if (!fillValue) return makeError("full: missing fill_value");
  if (auto st = requireScalar(fillValue, OpType::Full, "fill_value"); !st) return st.error();
  if (dtype == DataType::Null) dtype = fillValue->dtype();
  TensorView* out = f.newTensor(dtype, dimsFromShape(shape));
  ExprAttributes a;
  a.shape = std::move(shape);
  a.dtype = dtype;
  f.newExpr(OpType::Full, {fillValue}, {out}, a);
  return out;
}

ValResult iota(Fusion& f, Val* length, Val* start, Val* step, DataType dtype) {
  if (!length) return makeError("iota: missing length");
  for (Val* v : {length, start, step})
    if (auto st = requireScalar(v, OpType::Iota, "argument"); !st) return st.error();
  if (!isIntegral(length->dtype())) return makeError("iota: length must be an integer scalar");
  const auto* lengthScalar = static_cast<const Scalar*>(length);
  SymInt extent = lengthScalar->isConstant()
                      ? SymInt::constant(static_cast<std::int64_t>(scalarAsDouble(*lengthScalar->value())))
                      : SymInt::symbolic(length);
  TensorView* out = f.newTensor(dtype == DataType::Null ? DataType::Int : dtype, {Dim{extent, IterKind::Iteration}});
  ExprAttributes a;
  a.dtype = out->dtype();
  a.flags = {start != nullptr, step != nullptr};
  std::vector<Val*> operands{length};
  if (start) operands.push_back(start);
  if (step) operands.push_back(step);
  f.newExpr(OpType::Iota, operands, {out}, a);
  return out;
}

ValResult randomFill(Fusion& f, OpType op, Val* a, Val* b, std::vector<SymInt> shape, Val* seed, Val* offset,
                     DataType dtype) {
  if (!a || !b) return makeError(opLabel(op) + ": needs two scalar parameters");
  for (Val* v : {a, b, seed, offset})
    if (auto st = requireScalar(v, op, "parameter"); !st) return st.error();
  if (auto st = checkShapeEntries(shape, op, false); !st) return st.error();
  if (dtype == DataType::Null) dtype = DataType::Float;
  if (!isFloating(dtype)) return makeError(opLabel(op) + ": dtype must be a floating-point type");
  TensorView* out = f.newTensor(dtype, dimsFromShape(shape));
  ExprAttributes attrs;
  attrs.shape = std::move(shape);
  attrs.dtype = dtype;
  attrs.flags = {seed != nullptr, offset != nullptr};
  std::vector<Val*> operands{a, b};
  if (seed) operands.push_back(seed);
  if (offset) operands.push_back(offset);
  f.newExpr(op, operands, {out}, attrs);
  return out;
}

ValResult randLike(Fusion& f, OpType op, Val* x, Val* seed, Val* offset) {
  auto tv = requireTensor(x, op);
  if (!tv) return tv.error();
  TensorView* out = f.newTensor(floatingResultType(x->dtype()), tv.value()->dims());
  ExprAttributes a;
  a.flags = {seed != nullptr, offset != nullptr};
  std::vector<Val*> operands{x};
  if (seed) operands.push_back(seed);
  if (offset) operands.push_back(offset);
  f.newExpr(op, operands, {out}, a);
  return out;
}

ValResult gather(Fusion& f, OpType op, Val* x, Val* index, std::int64_t dim) {
  auto tv = requireTensor(x, op);
  if (!tv) return tv.error();
  auto idx = requireTensor(index, op, "index");
  if (!idx) return idx.error();
  if (!isIntegral(index->dtype()))
    return makeError(opLabel(op) + ": index " + index->name() + " must be an integer tensor");
  if (idx.value()->rank() != tv.value()->rank())
    return makeError(opLabel(op) + ": index has rank " + std::to_string(idx.value()->rank()) + " but " + x->name() +
                     " has rank " + std::to_string(tv.value()->rank()));
  auto d = normalizeDim(dim, tv.value()->rank(), opName(op).data());
  if (!d) return d.error();
  std::vector<Dim> dims = idx.value()->dims();
  if (op == OpType::TakeAlongAxis) {
    for (int i = 0; i < tv.value()->rank(); ++i) {
      if (i == d.value()) continue;
      auto merged = mergeDims(tv.value()->dim(static_cast<std::size_t>(i)), dims[static_cast<std::size_t>(i)],
                              static_cast<std::size_t>(i), op);
      if (!merged) return merged.error();
      dims[static_cast<std::size_t>(i)] = merged.value();
    }
  }
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.axis = d.value();
  f.newExpr(op, {x, index}, {out}, a);
  return out;
}

namespace {

// csrc/ops/utils.cpp:63 isIndexAlreadyBroadcast: the index has the lookup's rank and is a
// broadcast everywhere but at `dim`.
bool isIndexAlreadyBroadcast(const TensorView* index, std::int64_t dim, int rank) {
  if (index->rank() != rank) return false;
  for (int d = 0; d < rank; ++d)
    if (d != dim && !index->dim(static_cast<std::size_t>(d)).isBroadcast()) return false;
  return true;
}

}  // namespace

// csrc/ops/indexing.cpp:47 indexSelect. nvFuser broadcasts a 1-D index to the lookup's rank
// (maybeBroadcastIndexTv); here the 1-D index stays the operand and the op implies that.
ValResult indexSelect(Fusion& f, Val* x, Val* index, std::int64_t dim) {
  auto tv = requireTensor(x, OpType::IndexSelect);
  if (!tv) return tv.error();
  auto idx = requireTensor(index, OpType::IndexSelect, "index");
  if (!idx) return idx.error();
  if (!isIntegral(index->dtype()))
    return makeError("index_select: index " + index->name() + " must be an integer tensor");
  const int rank = tv.value()->rank();
  if (rank == 0)
    return makeError("index_select: the lookup tensor " + x->name() + " cannot be 0-D");  // indexing.cpp:80
  auto d = normalizeDim(dim, rank, "index_select");
  if (!d) return d.error();
  const TensorView* in = idx.value();
  std::size_t indexDim = 0;
  if (isIndexAlreadyBroadcast(in, d.value(), rank)) {
    indexDim = static_cast<std::size_t>(d.value());
  } else if (in->rank() != 1) {
    // indexing.cpp:96-99 ("index_tv must be a 1d or scalar tensor."); a 0-d index (select +
    // unsqueeze in nvFuser) is not modelled.
    return makeError("index_select: index " + index->name() + " must be a 1-D integer tensor, or have the rank of " +
                     x->name() + " (" + std::to_string(rank) + ") with every dim but dim " + std::to_string(d.value()) +
                     " a broadcast; it has rank " + std::to_string(in->rank()));
  }
  std::vector<Dim> dims = tv.value()->dims();
  dims[static_cast<std::size_t>(d.value())] = in->dim(indexDim);
  TensorView* out = f.newTensor(x->dtype(), std::move(dims));
  ExprAttributes a;
  a.axis = d.value();
  f.newExpr(OpType::IndexSelect, {x, index}, {out}, a);
  return out;
}

ValResult select(Fusion& f, Val* x, Val* index, std::int64_t dim) {
  auto tv = requireTensor(x, OpType::SelectOp);
  if (!tv) return tv.error();
  if (!index || !index->isScalar() || !isIntegral(index->dtype()))
    return makeError("select: index must be an integer scalar");
  auto d = normalizeDim(dim, tv.value()->rank(), "select");
  if (!d) return d.error();
  TensorView* out = f.newTensor(x->dtype(), reducedDims(tv.value(), {d.value()}, false));
  ExprAttributes a;
  a.axis = d.value();
  f.newExpr(OpType::SelectOp, {x, index}, {out}, a);
  return out;
}

ValResult size(Fusion& f, Val* x, std::int64_t dim) {
  auto tv = requireTensor(x, OpType::Size);
  if (!tv) return tv.error();
  auto d = normalizeDim(dim, tv.value()->rank(), "size");
  if (!d) return d.error();
  Scalar* out = f.newScalar(DataType::Int);
  ExprAttributes a;
  a.axis = d.value();
  f.newExpr(OpType::Size, {x}, {out}, a);
  return out;
}

ValResult triu(Fusion& f, Val* x, std::int64_t diagonal) {
  auto tv = requireTensor(x, OpType::Triu);
  if (!tv) return tv.error();
  if (tv.value()->rank() < 2) return makeError("triu: needs a tensor of rank >= 2");
  TensorView* out = f.newTensor(x->dtype(), tv.value()->dims());
  ExprAttributes a;
  a.axis = diagonal;
  f.newExpr(OpType::Triu, {x}, {out}, a);
  return out;
}

ValResult cumsum(Fusion& f, Val* x, std::int64_t dim) {
  auto tv = requireTensor(x, OpType::Cumsum);
  if (!tv) return tv.error();
  auto d = normalizeDim(dim, tv.value()->rank(), "cumsum");
  if (!d) return d.error();
  DataType t = x->dtype() == DataType::Bool ? DataType::Int : computeType(x->dtype());
  TensorView* out = f.newTensor(t, tv.value()->dims());
  ExprAttributes a;
  a.axis = d.value();
  f.newExpr(OpType::Cumsum, {x}, {out}, a);
  return out;
}

}  // namespace segscope::ir::ops
