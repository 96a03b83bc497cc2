// Binding input specs to a fusion and propagating concrete shapes and scalar values.
#include "scheduler/runtime_info.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace segscope::scheduler {

using Sizes = std::vector<std::int64_t>;

/// Walks the fusion once in topological order, applying each op family's shape rule.
class RuntimeBinder {
 public:
  explicit RuntimeBinder(RuntimeInfo& info) : info_(info) {}

  Status bindInputs(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& specs);
  Status evaluate(const ir::Expr* e);

 private:
  using Number = RuntimeInfo::Number;

  std::optional<Number> number(const ir::Val* v) const;
  Result<std::int64_t> symInt(const ir::SymInt& s, const ir::Expr* e) const;
  const Sizes& in(const ir::Expr* e, std::size_t i) const { return info_.sizes_.at(e->operand(i)); }
  Status setSizes(const ir::Val* v, Sizes sizes);
  void bindExtents(const ir::TensorView* tv, const Sizes& sizes);
  void evaluateScalar(const ir::Expr* e);
  Result<Sizes> tensorShape(const ir::Expr* e, std::size_t output);
  Result<Sizes> elementwise(const ir::Expr* e) const;
  Result<Sizes> fromShapeAttr(const ir::Expr* e, const Sizes* source) const;
  Result<Sizes> broadcastInDim(const ir::Expr* e) const;
  Result<Sizes> reshape(const ir::Expr* e) const;
  Result<Sizes> slice(const ir::Expr* e) const;
  Result<Sizes> pad(const ir::Expr* e) const;
  Sizes cat(const ir::Expr* e) const;
  Sizes matmul(const ir::Expr* e) const;
  Sizes linear(const ir::Expr* e) const;
  Sizes gather(const ir::Expr* e) const;

  RuntimeInfo& info_;
};

namespace {

Error shapeError(const ir::Expr* e, const std::string& what) {
  return makeError("cannot size " + e->output()->name() + " = " + std::string(e->opName()) + "(...): " + what,
                   e->loc());
}

Sizes dropDims(const Sizes& x, const std::vector<std::int64_t>& dims, bool keepdim) {
  Sizes out;
  for (std::size_t d = 0; d < x.size(); ++d) {
    const bool dropped = std::find(dims.begin(), dims.end(), static_cast<std::int64_t>(d)) != dims.end();
    if (!dropped)
      out.push_back(x[d]);
    else if (keepdim)
      out.push_back(1);
  }
  return out;
}

// NumPy broadcasting of already-aligned sizes: a 1 stretches to its partner.
Sizes broadcastSizes(const std::vector<Sizes>& operands) {
  std::size_t rank = 0;
  for (const Sizes& s : operands) rank = std::max(rank, s.size());
  Sizes out(rank, 1);
  for (const Sizes& s : operands)
    for (std::size_t d = 0; d < s.size(); ++d) {
      std::int64_t& o = out[rank - s.size() + d];
      if (o == 1) o = s[d];
    }
  return out;
}

std::int64_t product(const Sizes& s) {
  return std::accumulate(s.begin(), s.end(), std::int64_t{1}, std::multiplies<>());
}

}  // namespace

std::optional<RuntimeBinder::Number> RuntimeBinder::number(const ir::Val* v) const {
  if (!v || !v->isScalar()) return std::nullopt;
  const auto* s = static_cast<const ir::Scalar*>(v);
  if (s->isConstant()) {
    const ir::ScalarValue& value = *s->value();
    if (const auto* i = std::get_if<std::int64_t>(&value)) return Number{true, *i, static_cast<double>(*i)};
    if (const auto* b = std::get_if<bool>(&value)) return Number{true, *b ? 1 : 0, *b ? 1.0 : 0.0};
    const double d = ir::scalarAsDouble(value);
    return Number{false, static_cast<std::int64_t>(d), d};
  }
  auto it = info_.scalars_.find(v);
  if (it == info_.scalars_.end()) return std::nullopt;
  return it->second;
}

Result<std::int64_t> RuntimeBinder::symInt(const ir::SymInt& s, const ir::Expr* e) const {
  if (s.isConst()) return s.value;
  auto n = number(s.sym);
  if (!n) return shapeError(e, "the extent " + s.toString() + " is not known on the host");
  return n->isInt ? n->i : static_cast<std::int64_t>(n->d);
}

Status RuntimeBinder::setSizes(const ir::Val* v, Sizes sizes) {
  const ir::TensorView* tv = v->asTensor();
  if (static_cast<int>(sizes.size()) != tv->rank())
    return makeError("cannot size " + v->name() + ": the shape rule gave rank " + std::to_string(sizes.size()) +
                     " for a tensor of rank " + std::to_string(tv->rank()));
  bindExtents(tv, sizes);
  info_.sizes_[v] = std::move(sizes);
  return {};
}

// Symbolic extents with no definition (input extents, fresh reshape/slice/pad/cat extents,
// substituted ones) learn their value from the first tensor that carries them.
void RuntimeBinder::bindExtents(const ir::TensorView* tv, const Sizes& sizes) {
  for (int d = 0; d < tv->rank(); ++d) {
    const ir::Val* sym = tv->dim(static_cast<std::size_t>(d)).extent.sym;
    if (sym && !sym->definition() && !info_.scalars_.count(sym)) {
      const std::int64_t n = sizes[static_cast<std::size_t>(d)];
      info_.scalars_[sym] = Number{true, n, static_cast<double>(n)};
    }
  }
}

Status RuntimeBinder::bindInputs(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& specs) {
  if (specs.size() != fusion.inputs().size())
    return makeError("the fusion has " + std::to_string(fusion.inputs().size()) + " inputs but " +
                     std::to_string(specs.size()) + " input specs were given");
  // Scalars first: a tensor's symbolic extent may be a scalar input.
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ir::Val* v = fusion.inputs()[i];
    if (v->isTensor() || !specs[i].value) continue;
    const ir::ScalarValue& value = *specs[i].value;
    const double d = ir::scalarAsDouble(value);
    const bool isInt = !std::holds_alternative<double>(value) && !std::holds_alternative<std::complex<double>>(value);
    info_.scalars_[v] = Number{isInt, isInt ? static_cast<std::int64_t>(d) : 0, d};
  }
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ir::Val* v = fusion.inputs()[i];
    if (!v->isTensor()) continue;
    if (!specs[i].isTensor) return makeError("input " + v->name() + " is a tensor but its spec is a scalar");
    if (auto st = setSizes(v, specs[i].sizes); !st) return st;
  }
  return {};
}

void RuntimeBinder::evaluateScalar(const ir::Expr* e) {
  if (e->op() == ir::OpType::Size) {
    auto it = info_.sizes_.find(e->operand(0));
    if (it == info_.sizes_.end()) return;
    const std::int64_t n = it->second[static_cast<std::size_t>(e->attrs().axis)];
    info_.scalars_[e->output()] = Number{true, n, static_cast<double>(n)};
    return;
  }
  std::vector<Number> args;
  for (std::size_t i = 0; i < e->numOperands(); ++i) {
    auto n = number(e->operand(i));
    if (!n) return;  // unknown on the host: left unknown, not an error
    args.push_back(*n);
  }
  const bool allInt = std::all_of(args.begin(), args.end(), [](const Number& n) { return n.isInt; }) &&
                      ir::isIntegral(e->output()->dtype());
  auto num = [](double d) { return Number{false, static_cast<std::int64_t>(d), d}; };
  auto integer = [](std::int64_t i) { return Number{true, i, static_cast<double>(i)}; };
  const double a = args.empty() ? 0.0 : args[0].d;
  const double b = args.size() > 1 ? args[1].d : 0.0;
  std::optional<Number> r;
  using ir::OpType;
  switch (e->op()) {
    case OpType::Add: r = allInt ? integer(args[0].i + args[1].i) : num(a + b); break;
    case OpType::Sub: r = allInt ? integer(args[0].i - args[1].i) : num(a - b); break;
    case OpType::Mul: r = allInt ? integer(args[0].i * args[1].i) : num(a * b); break;
    case OpType::Div:
      if (allInt && args[1].i != 0)
        r = integer(args[0].i / args[1].i);
      else if (!allInt)
        r = num(a / b);
      break;
    case OpType::TrueDiv: r = num(a / b); break;
    case OpType::Pow:
      r = allInt && args[1].i >= 0 ? integer(static_cast<std::int64_t>(std::pow(a, b))) : num(std::pow(a, b));
      break;
    case OpType::Neg: r = allInt ? integer(-args[0].i) : num(-a); break;
    case OpType::Abs: r = allInt ? integer(std::abs(args[0].i)) : num(std::fabs(a)); break;
    case OpType::Reciprocal: r = num(1.0 / a); break;
    case OpType::Sqrt: r = num(std::sqrt(a)); break;
    case OpType::Rsqrt: r = num(1.0 / std::sqrt(a)); break;
    case OpType::Exp: r = num(std::exp(a)); break;
    case OpType::Log: r = num(std::log(a)); break;
    case OpType::Ceil: r = allInt ? args[0] : num(std::ceil(a)); break;
    case OpType::Floor: r = allInt ? args[0] : num(std::floor(a)); break;
    case OpType::Maximum: r = allInt ? integer(std::max(args[0].i, args[1].i)) : num(std::max(a, b)); break;
    case OpType::Minimum: r = allInt ? integer(std::min(args[0].i, args[1].i)) : num(std::min(a, b)); break;
    case OpType::Mod:
    case OpType::Remainder:
    case OpType::Fmod:
      if (allInt && args[1].i != 0)
        r = integer(args[0].i % args[1].i);
      else if (!allInt)
        r = num(std::fmod(a, b));
      break;
    case OpType::Cast:
    case OpType::Set:
    case OpType::SegmentSet:
      r = ir::isIntegral(e->output()->dtype()) ? integer(args[0].isInt ? args[0].i : static_cast<std::int64_t>(a))
                                               : num(a);
      break;
    default: break;  // other scalar ops stay unknown; no shape in the samples depends on them
  }
  if (r) info_.scalars_[e->output()] = *r;
}

Result<Sizes> RuntimeBinder::elementwise(const ir::Expr* e) const {
  std::vector<Sizes> operands;
  for (std::size_t i = 0; i < e->numOperands(); ++i)
    if (e->operand(i)->isTensor()) operands.push_back(in(e, i));
  return broadcastSizes(operands);
}

// full / uniform / normal / expand: a shape attribute, where -1 keeps the source's extent.
Result<Sizes> RuntimeBinder::fromShapeAttr(const ir::Expr* e, const Sizes* source) const {
  Sizes out;
  for (std::size_t d = 0; d < e->attrs().shape.size(); ++d) {
    const ir::SymInt& s = e->attrs().shape[d];
    if (source && s.isConst(-1)) {
      out.push_back((*source)[d]);
      continue;
    }
    SEGSCOPE_TRY(std::int64_t n, symInt(s, e));
    out.push_back(n);
  }
  return out;
}

Result<Sizes> RuntimeBinder::broadcastInDim(const ir::Expr* e) const {
  const Sizes& x = in(e, 0);
  Sizes out;
  for (const ir::SymInt& s : e->attrs().shape) out.push_back(s.isConst(-1) ? -1 : 0);
  for (std::size_t d = 0; d < out.size(); ++d) {
    if (out[d] == -1) continue;
    SEGSCOPE_TRY(std::int64_t n, symInt(e->attrs().shape[d], e));
    out[d] = n;
  }
  const auto& mapped = e->attrs().dims;
  for (std::size_t i = 0; i < mapped.size(); ++i) {
    std::int64_t& o = out[static_cast<std::size_t>(mapped[i])];
    if (o == -1) o = x[i];
  }
  return out;
}

Result<Sizes> RuntimeBinder::reshape(const ir::Expr* e) const {
  const std::int64_t total = product(in(e, 0));
  Sizes out;
  std::int64_t known = 1;
  std::optional<std::size_t> inferred;
  for (std::size_t d = 0; d < e->attrs().shape.size(); ++d) {
    const ir::SymInt& s = e->attrs().shape[d];
    if (s.isConst(-1)) {
      inferred = d;
      out.push_back(-1);
      continue;
    }
    SEGSCOPE_TRY(std::int64_t n, symInt(s, e));
    out.push_back(n);
    known *= n;
  }
  if (inferred) {
    if (known == 0 || total % known != 0)
      return shapeError(e, "-1 cannot be inferred for " + std::to_string(total) + " elements");
    out[*inferred] = total / known;
    known = total;
  }
  if (known != total)
    return shapeError(
        e, "the new shape has " + std::to_string(known) + " elements but the input has " + std::to_string(total));
  return out;
}

// The same normalization as the slice builder: Python-style negatives, then clamping.
Result<Sizes> RuntimeBinder::slice(const ir::Expr* e) const {
  const Sizes& x = in(e, 0);
  const ir::ExprAttributes& a = e->attrs();
  Sizes out;
  for (std::size_t d = 0; d < x.size(); ++d) {
    SEGSCOPE_TRY(std::int64_t start, symInt(a.starts[d], e));
    SEGSCOPE_TRY(std::int64_t end, symInt(a.ends[d], e));
    SEGSCOPE_TRY(std::int64_t step, symInt(a.steps[d], e));
    if (step <= 0) return shapeError(e, "stride " + std::to_string(step) + " is not positive");
    if (!a.option) {
      if (start < 0) start += x[d];
      if (end < 0) end += x[d];
      start = std::clamp<std::int64_t>(start, 0, x[d]);
      end = std::clamp<std::int64_t>(end, start, x[d]);
    }
    out.push_back(std::max<std::int64_t>(0, (end - start + step - 1) / step));
  }
  return out;
}

Result<Sizes> RuntimeBinder::pad(const ir::Expr* e) const {
  Sizes out = in(e, 0);
  const auto& w = e->attrs().padWidths;  // widths may be scalars known only at run time
  for (std::size_t i = 0; i < w.size() / 2; ++i) {
    SEGSCOPE_TRY(std::int64_t left, symInt(w[2 * i], e));
    SEGSCOPE_TRY(std::int64_t right, symInt(w[2 * i + 1], e));
    out[out.size() - 1 - i] += left + right;
  }
  return out;
}

Sizes RuntimeBinder::cat(const ir::Expr* e) const {
  const auto axis = static_cast<std::size_t>(e->attrs().axis);
  std::vector<Sizes> others;
  std::int64_t total = 0;
  for (std::size_t i = 0; i < e->numOperands(); ++i) {
    Sizes s = in(e, i);
    total += s[axis];
    s[axis] = 1;
    others.push_back(s);
  }
  Sizes out = broadcastSizes(others);
  out[axis] = total;
  return out;
}

Sizes RuntimeBinder::matmul(const ir::Expr* e) const {
  const Sizes& a = in(e, 0);
  const Sizes& b = in(e, 1);
  Sizes batchA(a.begin(), a.end() - std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(a.size()), 2));
  Sizes batchB(b.begin(), b.end() - std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(b.size()), 2));
  Sizes out = broadcastSizes({batchA, batchB});
  if (a.size() >= 2) out.push_back(a[a.size() - 2]);
  if (b.size() >= 2) out.push_back(b.back());
  return out;
}

Sizes RuntimeBinder::linear(const ir::Expr* e) const {
  const Sizes& x = in(e, 0);
  const Sizes& w = in(e, 1);
  Sizes out(x.begin(), x.end() - 1);
  if (w.size() == 2) out.push_back(w[0]);
  return out;
}

// gather: the index's shape; take_along_axis: the index broadcast against the input off-axis.
Sizes RuntimeBinder::gather(const ir::Expr* e) const {
  Sizes out = in(e, 1);
  if (e->op() != ir::OpType::TakeAlongAxis) return out;
  const Sizes& x = in(e, 0);
  for (std::size_t d = 0; d < out.size(); ++d)
    if (static_cast<std::int64_t>(d) != e->attrs().axis && out[d] == 1) out[d] = x[d];
  return out;
}

Result<Sizes> RuntimeBinder::tensorShape(const ir::Expr* e, std::size_t output) {
  using F = ir::OpFamily;
  const ir::ExprAttributes& a = e->attrs();
  switch (e->family()) {
    case F::Unary:
    case F::Binary:
    case F::Ternary:
    case F::Cast: return elementwise(e);
    case F::Set:
    case F::StrideOrder:
    case F::RandLike:
    case F::Triu:
    case F::Cumsum: return in(e, 0);
    case F::Reduction:
    case F::Var:
    case F::VarMean:
    case F::Welford: return dropDims(in(e, 0), a.dims, a.keepdim);
    case F::Squeeze: return dropDims(in(e, 0), a.dims, false);
    case F::Select: return dropDims(in(e, 0), {a.axis}, false);
    case F::Broadcast: {
      Sizes out;
      std::size_t next = 0;
      for (bool b : a.flags) out.push_back(b ? 1 : in(e, 0)[next++]);
      return out;
    }
    case F::BroadcastInDim: return broadcastInDim(e);
    case F::Expand: return fromShapeAttr(e, &in(e, 0));
    case F::Full:
    case F::RandomFill: return fromShapeAttr(e, nullptr);
    case F::Reshape: return reshape(e);
    case F::Permute: {
      Sizes out;
      for (std::int64_t d : a.dims) out.push_back(in(e, 0)[static_cast<std::size_t>(d)]);
      return out;
    }
    case F::Slice: return slice(e);
    case F::Pad: return pad(e);
    case F::Cat: return cat(e);
    case F::Iota: {
      auto n = number(e->operand(0));
      if (!n) return shapeError(e, "the length " + e->operand(0)->name() + " is not known on the host");
      return Sizes{n->isInt ? n->i : static_cast<std::int64_t>(n->d)};
    }
    case F::Gather: return gather(e);
    case F::IndexSelect: {
      Sizes out = in(e, 0);
      out[static_cast<std::size_t>(a.axis)] = in(e, 1)[0];
      return out;
    }
    case F::Matmul: return matmul(e);
    case F::Linear: return linear(e);
    case F::SdpaFwd: {
      const Sizes& q = in(e, 0);
      const Sizes& v = in(e, 2);
      if (output == 0) return Sizes{q[0], q[1], q[2], v[3]};
      if (output == 1) return Sizes{q[0], q[1], q[2]};
      return Sizes{};
    }
    case F::SdpaBwd: return in(e, output + 1);  // grad_q/k/v take q/k/v's shapes
    case F::EmbeddingFwd: {
      Sizes out = in(e, 0);
      out.push_back(in(e, 1)[1]);
      return out;
    }
    case F::Size: break;
  }
  return shapeError(e, "no shape rule");
}

Status RuntimeBinder::evaluate(const ir::Expr* e) {
  for (std::size_t i = 0; i < e->numOperands(); ++i)
    if (e->operand(i)->isTensor() && !info_.sizes_.count(e->operand(i)))
      return shapeError(e, "the size of " + e->operand(i)->name() + " is unknown");
  if (!e->output()->isTensor()) {
    evaluateScalar(e);
    return {};
  }
  for (std::size_t o = 0; o < e->outputs().size(); ++o) {
    SEGSCOPE_TRY(Sizes sizes, tensorShape(e, o));
    if (auto st = setSizes(e->output(o), std::move(sizes)); !st) return st;
  }
  return {};
}

Result<RuntimeInfo> RuntimeInfo::bind(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& specs) {
  RuntimeInfo info;
  RuntimeBinder binder(info);
  if (auto st = binder.bindInputs(fusion, specs); !st) return st.error();
  for (const ir::Expr* e : fusion.exprs())
    if (auto st = binder.evaluate(e); !st) return st.error();
  return info;
}

void RuntimeInfo::addCopy(const ir::Val* copy, const ir::Val* original) {
  if (auto it = sizes_.find(original); it != sizes_.end()) sizes_[copy] = it->second;
  if (auto it = scalars_.find(original); it != scalars_.end()) scalars_[copy] = it->second;
}

std::optional<std::vector<std::int64_t>> RuntimeInfo::sizes(const ir::Val* v) const {
  auto it = sizes_.find(v);
  if (it == sizes_.end()) return std::nullopt;
  return it->second;
}

std::int64_t RuntimeInfo::numel(const ir::Val* v) const {
  if (v && v->isScalar()) return 1;
  auto it = sizes_.find(v);
  return it == sizes_.end() ? 0 : product(it->second);
}

std::optional<std::int64_t> RuntimeInfo::intValue(const ir::Val* v) const {
  if (v && v->isScalar() && static_cast<const ir::Scalar*>(v)->isConstant())
    return static_cast<std::int64_t>(ir::scalarAsDouble(*static_cast<const ir::Scalar*>(v)->value()));
  auto it = scalars_.find(v);
  if (it == scalars_.end()) return std::nullopt;
  return it->second.isInt ? it->second.i : static_cast<std::int64_t>(it->second.d);
}

std::optional<double> RuntimeInfo::doubleValue(const ir::Val* v) const {
  if (v && v->isScalar() && static_cast<const ir::Scalar*>(v)->isConstant())
    return ir::scalarAsDouble(*static_cast<const ir::Scalar*>(v)->value());
  auto it = scalars_.find(v);
  if (it == scalars_.end()) return std::nullopt;
  return it->second.d;
}

}  // namespace segscope::scheduler
