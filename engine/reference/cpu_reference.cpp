// The CPU reference interpreter: binds inputs, evaluates exprs in order, returns HostTensors.
#include "reference/cpu_reference.h"

#include <algorithm>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include "reference/half_float.h"
#include "reference/prng.h"
#include "reference/ref_interpreter.h"

namespace segscope::exec {
namespace {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;
using ref::fail;
using ref::RefTensor;
using ref::Shape;

std::string str(std::int64_t v) { return std::to_string(v); }

// "Float8" / "Float4" / "complex": the kind of arithmetic the reference has no code for.
std::optional<std::string> unsupportedKind(DataType t) {
  if (ir::isComplex(t)) return "complex";
  if (t == DataType::Float4_e2m1fn) return "Float4";
  if (ir::isFloat8Family(t)) return "Float8";
  return std::nullopt;
}

ir::ScalarValue toScalarValue(double v, DataType t) {
  if (t == DataType::Bool) return v != 0.0;
  if (ir::isIntegral(t)) return static_cast<std::int64_t>(roundToDtype(v, t));
  return roundToDtype(v, t);
}

// A scalar input in the alternative its dtype implies (an Int input given as 3.0 → 3).
ir::ScalarValue normalizeScalar(const ir::ScalarValue& v, DataType t) {
  if (std::holds_alternative<std::complex<double>>(v) || ir::isComplex(t)) return v;
  return toScalarValue(ir::scalarAsDouble(v), t);
}

// A view is materialized through `pool`, so converting many values (runReferenceAll)
// reuses one scratch buffer instead of faulting in fresh pages each time.
HostTensor toHost(const RefTensor& t, ref::StoragePool& pool) {
  HostTensor h(t.dtype, t.sizes);
  RefTensor dense = ref::contiguous(t);
  h.fromDoubles(dense.base());
  if (dense.storage != t.storage) pool.recycle(std::move(dense.storage));
  return h;
}

RefTensor fromHost(const HostTensor& h) {
  RefTensor t;
  t.dtype = h.dtype();
  t.sizes = h.sizes();
  t.strides = ref::contiguousStrides(h.sizes());
  t.storage = std::make_shared<std::vector<double>>(h.asDoubles());
  return t;
}

}  // namespace

namespace ref {

// ---------------------------------------------------------------- binding inputs

Status Interpreter::bindInputs(const std::vector<Value>& inputs) {
  const auto& vals = fusion_.inputs();
  if (inputs.size() != vals.size())
    return makeError("the fusion takes " + str(static_cast<std::int64_t>(vals.size())) + " inputs but " +
                     str(static_cast<std::int64_t>(inputs.size())) + " were given");
  for (std::size_t i = 0; i < vals.size(); ++i) {
    try {
      bindInput(vals[i], inputs[i]);
    } catch (const ref::KernelError& err) {
      return makeError("input " + str(static_cast<std::int64_t>(i)) + " (" + vals[i]->name() + "): " + err.message,
                       vals[i]->loc());
    }
  }
  // Values stay alive until their last use; fusion outputs until the end.
  for (const ir::Expr* e : fusion_.exprs())
    for (const ir::Val* in : e->inputs()) ++usesLeft_[in->id()];
  return {};
}

void Interpreter::bindInput(const ir::Val* val, const Value& value) {
  if (val->isScalar()) {
    const auto* s = std::get_if<ir::ScalarValue>(&value);
    if (!s) fail("expected a scalar, got a tensor");
    scalars_[val->id()] = normalizeScalar(*s, val->dtype());
    return;
  }
  const auto* t = std::get_if<HostTensor>(&value);
  if (!t) fail("expected a tensor, got the scalar " + ir::formatScalarValue(std::get<ir::ScalarValue>(value)));
  bindTensorInput(val->asTensor(), *t);
  if (keepAll_) all_[val->id()] = *t;  // as given, strides included
}

void Interpreter::bindTensorInput(const ir::TensorView* tv, const HostTensor& t) {
  if (t.dtype() != tv->dtype())
    fail("expected dtype " + std::string(ir::dataTypeName(tv->dtype())) + ", got " +
         std::string(ir::dataTypeName(t.dtype())));
  if (t.rank() != tv->rank())
    fail("expected a tensor of rank " + str(tv->rank()) + " " + tv->shapeString() + ", got " + t.describe());
  for (int d = 0; d < tv->rank(); ++d) {
    const ir::SymInt& extent = tv->dim(static_cast<std::size_t>(d)).extent;
    const std::int64_t actual = t.sizes()[static_cast<std::size_t>(d)];
    if (extent.isConst() && extent.value != actual)
      fail("dim " + str(d) + " has extent " + str(actual) + " but the fusion expects " + str(extent.value));
    if (!extent.isConst()) bindExtent(extent.sym, actual, "dim " + str(d));
  }
  if (HostTensor::hasHostArithmetic(t.dtype())) {
    RefTensor r = fromHost(t);
    // An expanded-broadcast input repeats one slice (nvFuser gives it stride 0). A host copy
    // of it, e.g. the output of the segment that expanded it, holds that slice at every index,
    // so stride 0 reads the same values and lets squeeze(squeeze_expanded) accept the dim.
    for (std::size_t d = 0; d < tv->dims().size(); ++d)
      if (tv->dim(d).kind == ir::IterKind::ExpandedBroadcast) r.strides[d] = 0;
    tensors_[tv->id()] = std::move(r);
  } else {
    rawInputs_[tv->id()] = t;  // passes through; any op on it reports the dtype
  }
}

void Interpreter::bindExtent(const ir::Val* sym, std::int64_t extent, const std::string& what) {
  auto it = scalars_.find(sym->id());
  if (it == scalars_.end()) {
    scalars_[sym->id()] = extent;
    return;
  }
  const auto bound = static_cast<std::int64_t>(ir::scalarAsDouble(it->second));
  if (bound != extent) fail(what + " has extent " + str(extent) + " but " + sym->name() + " is already " + str(bound));
}

// ---------------------------------------------------------------- reading values

const ir::ScalarValue& Interpreter::scalarOf(const ir::Val* v) {
  if (auto it = scalars_.find(v->id()); it != scalars_.end()) return it->second;
  if (!v->isScalar()) fail(v->name() + " is a tensor where a scalar is needed");
  const auto* s = static_cast<const ir::Scalar*>(v);
  if (s->isConstant()) return scalars_[v->id()] = *s->value();
  // Extents of computed tensors are learned from the tensor itself.
  if (const ir::TensorView* tv = s->extentOf()) {
    const Shape sizes = sizesOf(tv);
    if (s->extentDim() >= 0 && s->extentDim() < static_cast<int>(sizes.size()))
      return scalars_[v->id()] = sizes[static_cast<std::size_t>(s->extentDim())];
  }
  fail(v->name() + " has no value: it is not an input, a constant or a computed scalar");
}

std::int64_t Interpreter::intOf(const ir::Val* v) {
  const ir::ScalarValue& s = scalarOf(v);
  if (const auto* i = std::get_if<std::int64_t>(&s)) return *i;
  return static_cast<std::int64_t>(roundToDtype(ir::scalarAsDouble(s), DataType::Int));
}

Shape Interpreter::resolve(const std::vector<ir::SymInt>& list) {
  Shape out;
  for (const ir::SymInt& s : list) out.push_back(resolve(s));
  return out;
}

const RefTensor& Interpreter::tensorOf(const ir::Val* v) {
  auto it = tensors_.find(v->id());
  if (it == tensors_.end()) fail(v->name() + " has no value (it was never computed)");
  return it->second;
}

Shape Interpreter::sizesOf(const ir::Val* v) {
  if (auto it = rawInputs_.find(v->id()); it != rawInputs_.end()) return it->second.sizes();
  return tensorOf(v).sizes;
}

RefTensor Interpreter::operandOf(const ir::Val* v) {
  if (v->isTensor()) return tensorOf(v);
  return ref::scalarTensor(v->dtype(), doubleOf(v));
}

Value Interpreter::valueOf(const ir::Val* v) {
  if (v->isScalar()) return scalarOf(v);
  if (auto it = rawInputs_.find(v->id()); it != rawInputs_.end()) return it->second;
  return toHost(tensorOf(v), pool_);
}

// ---------------------------------------------------------------- running exprs

void Interpreter::checkDtypes(const ir::Expr& e) const {
  if (e.op() == OpType::Size) return;  // reads only the extents
  const auto check = [&](const ir::Val* v, bool isOutput) {
    const auto kind = unsupportedKind(v->dtype());
    if (!kind) return;
    const std::string type(ir::dataTypeName(v->dtype()));
    const std::string where = e.op() == OpType::Cast ? std::string("cast ") + (isOutput ? "to " : "from ") + type
                                                     : std::string(e.opName()) + " on " + type + " (" + v->name() + ")";
    fail(where + ": the CPU reference cannot execute " + *kind + " arithmetic");
  };
  for (const ir::Val* v : e.inputs()) check(v, false);
  for (const ir::Val* v : e.outputs()) check(v, true);
}

void Interpreter::run(const ir::Expr& e) {
  checkDtypes(e);
  dispatch(e);
  if (bounded_) trackBounds(e);
  releaseDeadInputs(e);
}

void Interpreter::dispatch(const ir::Expr& e) {
  switch (e.family()) {
    case OpFamily::Unary:
    case OpFamily::Binary:
    case OpFamily::Ternary:
    case OpFamily::Cast: runElementwise(e); break;
    case OpFamily::Reduction:
    case OpFamily::Var:
    case OpFamily::VarMean:
    case OpFamily::Welford:
    case OpFamily::Cumsum: runReduction(e); break;
    case OpFamily::Broadcast:
    case OpFamily::BroadcastInDim:
    case OpFamily::Expand:
    case OpFamily::Squeeze:
    case OpFamily::Reshape:
    case OpFamily::Permute:
    case OpFamily::Set:
    case OpFamily::StrideOrder:
    case OpFamily::Slice:
    case OpFamily::Pad:
    case OpFamily::Cat:
    case OpFamily::Triu: runView(e); break;
    case OpFamily::Full:
    case OpFamily::Iota:
    case OpFamily::RandomFill:
    case OpFamily::RandLike: runCreation(e); break;
    case OpFamily::Gather:
    case OpFamily::IndexSelect:
    case OpFamily::Select:
    case OpFamily::EmbeddingFwd:
    case OpFamily::Size: runIndexing(e); break;
    case OpFamily::Matmul:
    case OpFamily::Linear:
    case OpFamily::SdpaFwd:
    case OpFamily::SdpaBwd: runLinalg(e); break;
  }
}

void Interpreter::runElementwise(const ir::Expr& e) {
  const DataType out = outType(e, 0);
  std::vector<RefTensor> args;
  for (std::size_t i = 0; i < e.numOperands(); ++i) args.push_back(operandOf(e.operand(i)));
  switch (e.family()) {
    case OpFamily::Unary: return setOutput(e, 0, ref::unaryOp(e.op(), args.at(0), out));
    case OpFamily::Binary: return setOutput(e, 0, ref::binaryOp(e.op(), args.at(0), args.at(1), out));
    case OpFamily::Cast: return setOutput(e, 0, ref::castTo(args.at(0), out));
    default: {
      std::vector<const RefTensor*> ptrs;
      for (const RefTensor& a : args) ptrs.push_back(&a);
      return setOutput(e, 0, ref::ternaryOp(e.op(), ptrs, out));
    }
  }
}

void Interpreter::runReduction(const ir::Expr& e) {
  const RefTensor& x = tensorOf(e.operand(0));
  const ir::ExprAttributes& a = e.attrs();
  switch (e.family()) {
    case OpFamily::Reduction: return setOutput(e, 0, ref::reduce(e.op(), x, a.dims, a.keepdim, outType(e, 0)));
    case OpFamily::Var:
      return setOutput(e, 0, ref::varMean(x, a.dims, a.correction, a.keepdim, outType(e, 0), outType(e, 0)).var);
    case OpFamily::VarMean: {
      auto r = ref::varMean(x, a.dims, a.correction, a.keepdim, outType(e, 0), outType(e, 1));
      setOutput(e, 0, std::move(r.var));
      return setOutput(e, 1, std::move(r.mean));
    }
    case OpFamily::Welford: {
      auto r = ref::welford(x, a.dims, outType(e, 0), outType(e, 1), outType(e, 2));
      setOutput(e, 0, std::move(r.avg));
      setOutput(e, 1, std::move(r.m2));
      return setOutput(e, 2, std::move(r.n));
    }
    default: return setOutput(e, 0, ref::cumsum(x, a.axis, outType(e, 0)));
  }
}

void Interpreter::runView(const ir::Expr& e) {
  const ir::ExprAttributes& a = e.attrs();
  if (e.family() == OpFamily::Set && e.output()->isScalar()) {
    scalars_[e.output()->id()] = scalarOf(e.operand(0));
    return;
  }
  if (e.family() == OpFamily::Cat) {
    std::vector<const RefTensor*> xs;
    for (std::size_t i = 0; i < e.numOperands(); ++i) xs.push_back(&tensorOf(e.operand(i)));
    return setOutput(e, 0, ref::cat(xs, a.axis, outType(e, 0)));
  }
  const RefTensor& x = tensorOf(e.operand(0));
  switch (e.family()) {
    case OpFamily::Broadcast: return setOutput(e, 0, ref::broadcast(x, a.flags));
    case OpFamily::BroadcastInDim: return setOutput(e, 0, ref::broadcastInDim(x, resolve(a.shape), a.dims));
    case OpFamily::Expand: return setOutput(e, 0, ref::expand(x, resolve(a.shape)));
    case OpFamily::Squeeze: return setOutput(e, 0, ref::squeeze(x, a.dims, a.option));
    case OpFamily::Reshape: return setOutput(e, 0, ref::reshape(x, resolve(a.shape)));
    case OpFamily::Permute: return setOutput(e, 0, ref::permute(x, a.dims));
    case OpFamily::Set:
    case OpFamily::StrideOrder: return setOutput(e, 0, x);  // logical values are unchanged
    case OpFamily::Slice:
      return setOutput(e, 0, ref::slice(x, resolve(a.starts), resolve(a.ends), resolve(a.steps), a.option));
    case OpFamily::Pad: {
      const bool hasValue = !a.flags.empty() && a.flags[0] && e.numOperands() > 1;
      return setOutput(e, 0, ref::pad(x, resolve(a.padWidths), hasValue ? doubleOf(e.operand(1)) : 0.0));
    }
    default: return setOutput(e, 0, ref::triu(x, a.axis));
  }
}

// Seed of a random op: the run's seed, the expr id (so two random ops differ) and the
// script's own seed/offset operands when present.
std::uint64_t Interpreter::randomSeed(const ir::Expr& e, std::size_t firstOption) {
  const std::vector<bool>& flags = e.attrs().flags;
  std::uint64_t seed = 0, offset = 0;
  std::size_t next = firstOption;
  if (flags.size() > 0 && flags[0]) seed = static_cast<std::uint64_t>(intOf(e.operand(next++)));
  if (flags.size() > 1 && flags[1]) offset = static_cast<std::uint64_t>(intOf(e.operand(next++)));
  return mixSeed(options_.seed, static_cast<std::uint64_t>(e.id()), mixSeed(seed, offset));
}

void Interpreter::runCreation(const ir::Expr& e) {
  const ir::ExprAttributes& a = e.attrs();
  const DataType out = outType(e, 0);
  switch (e.family()) {
    case OpFamily::Full: return setOutput(e, 0, ref::full(resolve(a.shape), doubleOf(e.operand(0)), out));
    case OpFamily::Iota: {
      const bool hasStart = a.flags.size() > 0 && a.flags[0], hasStep = a.flags.size() > 1 && a.flags[1];
      const double start = hasStart ? doubleOf(e.operand(1)) : 0.0;
      const double step = hasStep ? doubleOf(e.operand(hasStart ? 2 : 1)) : 1.0;
      return setOutput(e, 0, ref::iota(intOf(e.operand(0)), start, step, out));
    }
    case OpFamily::RandomFill:
      return setOutput(e, 0,
                       ref::randomFill(e.op(), resolve(a.shape), doubleOf(e.operand(0)), doubleOf(e.operand(1)),
                                       randomSeed(e, 2), out));
    default:  // rand_like / randn_like: U[0, 1) / N(0, 1) in the operand's shape
      return setOutput(e, 0, ref::randomFill(e.op(), sizesOf(e.operand(0)), 0.0, 1.0, randomSeed(e, 1), out));
  }
}

void Interpreter::runIndexing(const ir::Expr& e) {
  const ir::ExprAttributes& a = e.attrs();
  if (e.family() == OpFamily::Size) {
    const Shape sizes = sizesOf(e.operand(0));
    if (a.axis < 0 || a.axis >= static_cast<std::int64_t>(sizes.size()))
      fail("size: dim " + str(a.axis) + " is out of range");
    scalars_[e.output()->id()] = sizes[static_cast<std::size_t>(a.axis)];
    return;
  }
  const RefTensor& x = tensorOf(e.operand(0));
  switch (e.family()) {
    case OpFamily::Gather: return setOutput(e, 0, ref::gather(e.op(), x, tensorOf(e.operand(1)), a.axis));
    case OpFamily::IndexSelect: return setOutput(e, 0, ref::indexSelect(x, tensorOf(e.operand(1)), a.axis));
    case OpFamily::Select: return setOutput(e, 0, ref::select(x, intOf(e.operand(1)), a.axis));
    default:  // embedding_fwd(indices, weight, options...): padding_idx only matters for backward
      if (a.flags.size() > 1 && a.flags[1])
        fail("embedding_fwd: max_norm renormalizes the weight in place, which the reference does not support");
      return setOutput(e, 0, ref::embedding(x, tensorOf(e.operand(1))));
  }
}

ref::SdpaOptions Interpreter::sdpaOptions(const ir::Expr& e, std::size_t firstOption) {
  const std::vector<bool>& flags = e.attrs().flags;
  ref::SdpaOptions o;
  std::size_t next = firstOption;
  if (flags.size() > 0 && flags[0]) o.dropoutP = doubleOf(e.operand(next++));
  if (flags.size() > 1 && flags[1]) o.isCausal = doubleOf(e.operand(next++)) != 0.0;
  if (flags.size() > 2 && flags[2]) o.scale = doubleOf(e.operand(next++));
  return o;
}

void Interpreter::runLinalg(const ir::Expr& e) {
  const auto t = [&](std::size_t i) -> const RefTensor& { return tensorOf(e.operand(i)); };
  switch (e.family()) {
    case OpFamily::Matmul: return setOutput(e, 0, ref::matmul(t(0), t(1), outType(e, 0)));
    case OpFamily::Linear: {
      const bool hasBias = !e.attrs().flags.empty() && e.attrs().flags[0];
      return setOutput(e, 0, ref::linear(t(0), t(1), hasBias ? &t(2) : nullptr, outType(e, 0)));
    }
    case OpFamily::SdpaFwd: {
      auto r = ref::sdpaFwd(t(0), t(1), t(2), sdpaOptions(e, 3), outType(e, 0), outType(e, 1));
      setOutput(e, 0, std::move(r.out));
      setOutput(e, 1, std::move(r.logsumexp));
      // No dropout, so no philox state: both are 0.
      setOutput(e, 2, ref::full({}, 0.0, outType(e, 2)));
      return setOutput(e, 3, ref::full({}, 0.0, outType(e, 3)));
    }
    default: {
      auto r = ref::sdpaBwd(t(0), t(1), t(2), t(3), t(4), t(5), sdpaOptions(e, 8), outType(e, 0), outType(e, 1),
                            outType(e, 2));
      setOutput(e, 0, std::move(r.gradQ));
      setOutput(e, 1, std::move(r.gradK));
      return setOutput(e, 2, std::move(r.gradV));
    }
  }
}

// Stores an expr's result after checking it against the IR (a mismatch means the IR and
// the data disagree, which the user must hear about) and learning its symbolic extents.
void Interpreter::setOutput(const ir::Expr& e, std::size_t i, RefTensor t) {
  if (capture_) {
    capture_->at(i) = std::move(t);
    return;
  }
  const ir::Val* val = e.output(i);
  if (val->isScalar()) {
    if (t.numel() != 1) fail(val->name() + " is a scalar but the op produced " + ref::shapeText(t.sizes));
    scalars_[val->id()] = toScalarValue(t.base()[0], val->dtype());
  } else {
    const ir::TensorView* tv = val->asTensor();
    if (t.rank() != tv->rank())
      fail(val->name() + " has rank " + str(tv->rank()) + " in the IR but the op produced " + ref::shapeText(t.sizes));
    for (int d = 0; d < tv->rank(); ++d) {
      const ir::SymInt& extent = tv->dim(static_cast<std::size_t>(d)).extent;
      const std::int64_t actual = t.sizes[static_cast<std::size_t>(d)];
      if (extent.isConst() && extent.value != actual)
        fail(val->name() + " is " + tv->shapeString() + " in the IR but the op produced " + ref::shapeText(t.sizes));
      // Fresh extents (reshape -1, slice, pad, cat) are learned here; one that is already
      // bound may legitimately differ after a runtime broadcast, so it is left alone.
      if (!extent.isConst() && !scalars_.count(extent.sym->id())) scalars_[extent.sym->id()] = actual;
    }
    t.dtype = val->dtype();
    tensors_[val->id()] = std::move(t);
  }
  if (keepAll_) all_[val->id()] = valueOf(val);
}

// Drops tensors after their last use (runReferenceAll has already copied them out).
void Interpreter::releaseDeadInputs(const ir::Expr& e) {
  for (const ir::Val* in : e.inputs()) {
    auto it = usesLeft_.find(in->id());
    if (it == usesLeft_.end() || --it->second > 0 || fusion_.isOutput(in)) continue;
    auto dead = tensors_.find(in->id());
    if (dead == tensors_.end()) continue;
    pool_.recycle(std::move(dead->second.storage));
    tensors_.erase(dead);
    bounds_.erase(in->id());
  }
}

std::vector<Value> Interpreter::outputs() {
  std::vector<Value> out;
  for (const ir::FusionOutput& o : fusion_.outputs()) out.push_back(valueOf(o.val));
  return out;
}

ValueMap Interpreter::takeAll() {
  for (const auto& [id, s] : scalars_) all_.emplace(id, s);  // inputs, constants, extents
  return std::move(all_);
}

}  // namespace ref

namespace {

using ref::Interpreter;

// Prefixes the op name unless the kernel's message already names it.
Error exprError(const ir::Expr& e, std::string message) {
  const std::string op(e.opName());
  if (!message.starts_with(op) && message.find(" " + op + " ") == std::string::npos) message = op + ": " + message;
  return makeError(std::move(message), e.loc());
}

template <class Finish>
auto interpret(const ir::Fusion& fusion, const std::vector<Value>& inputs, const ReferenceOptions& options,
               bool keepAll, bool bounded, Finish finish) -> Result<decltype(finish(std::declval<Interpreter&>()))> {
  Interpreter interpreter(fusion, options, keepAll, bounded);
  try {
    if (auto st = interpreter.bindInputs(inputs); !st) return st.error();
  } catch (const std::bad_alloc&) {
    return makeError("out of memory while reading the inputs");
  }
  for (const ir::Expr* e : fusion.exprs()) {
    try {
      interpreter.run(*e);
    } catch (const ref::KernelError& err) {
      return exprError(*e, err.message);
    } catch (const std::bad_alloc&) {
      return exprError(*e, "out of memory in the CPU reference");
    }
  }
  try {
    return finish(interpreter);
  } catch (const ref::KernelError& err) {
    return makeError("fusion output: " + err.message);
  } catch (const std::bad_alloc&) {
    return makeError("out of memory while collecting the outputs");
  }
}

}  // namespace

Result<std::vector<Value>> runReference(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                        const ReferenceOptions& options) {
  return interpret(fusion, inputs, options, false, false, [](Interpreter& in) { return in.outputs(); });
}

Result<ValueMap> runReferenceAll(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                 const ReferenceOptions& options) {
  return interpret(fusion, inputs, options, true, false, [](Interpreter& in) { return in.takeAll(); });
}

Result<BoundedOutputs> runReferenceBounded(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                           const ReferenceOptions& options) {
  return interpret(fusion, inputs, options, false, true, [](Interpreter& in) {
    return BoundedOutputs{in.outputs(), in.outputBounds()};
  });
}

Result<BoundedValues> runReferenceAllBounded(const ir::Fusion& fusion, const std::vector<Value>& inputs,
                                             const ReferenceOptions& options) {
  return interpret(fusion, inputs, options, true, true, [](Interpreter& in) {
    BoundedValues v;
    v.bounds = in.takeAllBounds();
    v.values = in.takeAll();
    return v;
  });
}

}  // namespace segscope::exec
