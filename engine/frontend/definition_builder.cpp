// Argument conversion and the fd.define_* / fd.add_output calls of a definition body.
#include "frontend/definition_builder.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "ir/ops.h"

namespace segscope::frontend {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;
using ir::SymInt;
using ir::Val;

Error at(const Node* n, std::string message) { return makeError(std::move(message), n ? n->loc : SourceLoc{}); }

Error withLoc(Error e, SourceLoc loc) {
  if (!e.loc.known()) e.loc = loc;
  return e;
}


Result<std::optional<ir::ScalarValue>> DefinitionBuilder::literal(const Node* n) {
  using R = std::optional<ir::ScalarValue>;
  switch (n->kind) {
    case Node::Kind::Int: return R(ir::ScalarValue(n->intValue));
    case Node::Kind::Float: return R(ir::ScalarValue(n->floatValue));
    case Node::Kind::Name:
      if (n->text == "True") return R(ir::ScalarValue(true));
      if (n->text == "False") return R(ir::ScalarValue(false));
      if (n->text == "None") return R();
      break;
    case Node::Kind::Call: {
      const std::string callee = n->items[0]->dottedName();
      if ((callee == "float" || callee == "math.inf") && n->items.size() == 2 && n->items[1]->kind == Node::Kind::String) {
        std::string s = n->items[1]->text;
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
        if (s == "inf" || s == "+inf" || s == "infinity") return R(ir::ScalarValue(std::numeric_limits<double>::infinity()));
        if (s == "-inf" || s == "-infinity") return R(ir::ScalarValue(-std::numeric_limits<double>::infinity()));
        if (s == "nan") return R(ir::ScalarValue(std::numeric_limits<double>::quiet_NaN()));
        return at(n, "float(\"" + n->items[1]->text + "\") is not a number this loader understands");
      }
      if (callee == "complex" && n->items.size() == 3) {
        auto re = number(n->items[1].get(), "real part");
        if (!re) return re.error();
        auto im = number(n->items[2].get(), "imaginary part");
        if (!im) return im.error();
        return R(ir::ScalarValue(std::complex<double>(re.value(), im.value())));
      }
      break;
    }
    default: break;
  }
  return at(n, "expected a number, True, False or None");
}

Result<Val*> DefinitionBuilder::value(const Node* n, const char* role) {
  if (!n) return at(n, std::string("missing ") + role);
  if (n->kind == Node::Kind::Name && n->text != "True" && n->text != "False" && n->text != "None") {
    auto it = env_.find(n->text);
    if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
    if (it->second.isVector)
      return at(n, "'" + n->text + "' is a vector; " + role + " must be a tensor or a scalar");
    return it->second.val;
  }
  if (n->kind == Node::Kind::Negate) return at(n, "negated names are not supported here; use fd.ops.neg");
  auto lit = literal(n);
  if (!lit) return lit.error();
  if (!lit.value()) return static_cast<Val*>(nullptr);
  const ir::ScalarValue& v = *lit.value();
  DataType t = std::holds_alternative<bool>(v) ? DataType::Bool
               : std::holds_alternative<std::int64_t>(v) ? DataType::Int
               : std::holds_alternative<double>(v) ? DataType::Double
                                                   : DataType::ComplexDouble;
  ir::Scalar* s = ir::ops::constant(f_, v, t);
  s->setLoc(n->loc);
  return static_cast<Val*>(s);
}

Result<Val*> DefinitionBuilder::tensor(const Node* n, const char* role) {
  auto v = value(n, role);
  if (!v) return v;
  if (!v.value() || !v.value()->isTensor())
    return at(n, std::string(role) + " must be a tensor" + (v.value() ? ", but " + v.value()->name() + " is a scalar" : ""));
  return v;
}

Result<Val*> DefinitionBuilder::optionalScalar(const Node* n, const char* role) {
  if (!n) return static_cast<Val*>(nullptr);
  auto v = value(n, role);
  if (!v) return v;
  if (v.value() && !v.value()->isScalar())
    return at(n, std::string(role) + " must be a scalar, but " + v.value()->name() + " is a tensor");
  return v;
}

Result<std::int64_t> DefinitionBuilder::integer(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Int) return n->intValue;
  if (n->kind == Node::Kind::Name) {
    if (n->text == "True" || n->text == "False") return static_cast<std::int64_t>(n->text == "True");
    auto it = env_.find(n->text);
    if (it != env_.end() && it->second.val && it->second.val->isScalar()) {
      const auto* s = static_cast<const ir::Scalar*>(it->second.val);
      if (s->isConstant() && !std::holds_alternative<double>(*s->value()))
        return static_cast<std::int64_t>(ir::scalarAsDouble(*s->value()));
      return at(n, std::string(role) + " must be a constant integer, but " + n->text + " is only known at run time");
    }
    if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
  }
  return at(n, std::string(role) + " must be an integer");
}

Result<bool> DefinitionBuilder::boolean(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Int && (n->intValue == 0 || n->intValue == 1)) return n->intValue == 1;
  if (n->isName("True") || n->isName("False")) return n->text == "True";
  if (n->kind == Node::Kind::Name) {
    auto it = env_.find(n->text);
    if (it != env_.end() && it->second.val && it->second.val->isScalar()) {
      const auto* s = static_cast<const ir::Scalar*>(it->second.val);
      if (s->isConstant()) return ir::scalarAsDouble(*s->value()) != 0.0;
    }
  }
  return at(n, std::string(role) + " must be True, False, 0 or 1");
}

Result<double> DefinitionBuilder::number(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Int) return static_cast<double>(n->intValue);
  if (n->kind == Node::Kind::Float) return n->floatValue;
  return at(n, std::string(role) + " must be a number");
}

Result<std::vector<std::int64_t>> DefinitionBuilder::intList(const Node* n, const char* role, bool allowSingle) {
  std::vector<std::int64_t> out;
  if (allowSingle && (n->kind == Node::Kind::Int)) return std::vector<std::int64_t>{n->intValue};
  if (n->kind != Node::Kind::List && n->kind != Node::Kind::Tuple)
    return at(n, std::string(role) + " must be a list of integers");
  for (const NodePtr& item : n->items) {
    auto v = integer(item.get(), role);
    if (!v) return v.error();
    out.push_back(v.value());
  }
  return out;
}

SymInt DefinitionBuilder::sizeOf(Val* t, int dim, SourceLoc loc) {
  const ir::Dim& d = t->asTensor()->dim(static_cast<std::size_t>(dim));
  if (d.extent.isConst()) return d.extent;
  auto key = std::make_pair(t->id(), dim);
  auto it = sizeCache_.find(key);
  if (it != sizeCache_.end()) return SymInt::symbolic(it->second);
  Val* s = ir::ops::size(f_, t, dim).value();
  s->definition()->setLoc(loc);
  s->setLoc(loc);
  sizeCache_[key] = s;
  return SymInt::symbolic(s);
}

Result<SymInt> DefinitionBuilder::symElement(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Int) return SymInt::constant(n->intValue);
  if (n->kind == Node::Kind::Name) {
    auto it = env_.find(n->text);
    if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
    Val* v = it->second.val;
    if (!v || !v->isScalar() || !ir::isIntegral(v->dtype()))
      return at(n, std::string(role) + " entries must be integers or integer scalars; '" + n->text + "' is not");
    const auto* s = static_cast<const ir::Scalar*>(v);
    if (s->isConstant()) return SymInt::constant(static_cast<std::int64_t>(ir::scalarAsDouble(*s->value())));
    return SymInt::symbolic(v);
  }
  return at(n, std::string(role) + " entries must be integers or integer scalars");
}

Result<std::vector<SymInt>> DefinitionBuilder::vectorElements(const Binding& b) { return b.elements; }

Result<std::vector<SymInt>> DefinitionBuilder::symList(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Name) {
    auto it = env_.find(n->text);
    if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
    if (!it->second.isVector) return at(n, std::string(role) + " must be a list or a vector, '" + n->text + "' is not");
    return vectorElements(it->second);
  }
  if (n->kind != Node::Kind::List && n->kind != Node::Kind::Tuple)
    return at(n, std::string(role) + " must be a list");
  std::vector<SymInt> out;
  for (const NodePtr& item : n->items) {
    auto e = symElement(item.get(), role);
    if (!e) return e.error();
    out.push_back(e.value());
  }
  return out;
}

Result<Val*> DefinitionBuilder::required(const Node* n, const char* role) {
  SEGSCOPE_TRY(Val* v, value(n, role));
  if (!v) return at(n, std::string(role) + " cannot be None");
  return v;
}

Result<std::vector<Val*>> DefinitionBuilder::tensors(const BoundArgs& a, std::initializer_list<std::size_t> slots,
                                                     const char* role) {
  std::vector<Val*> out;
  for (std::size_t i : slots) {
    SEGSCOPE_TRY(Val* t, tensor(a[i], role));
    out.push_back(t);
  }
  return out;
}

Result<std::vector<Val*>> DefinitionBuilder::optionalScalars(const BoundArgs& a, std::initializer_list<std::size_t> slots) {
  std::vector<Val*> out;
  for (std::size_t i : slots) {
    SEGSCOPE_TRY(Val* s, optionalScalar(a[i], "option"));
    out.push_back(s);
  }
  return out;
}

Result<std::vector<bool>> DefinitionBuilder::boolList(const Node* n, const char* role) {
  if (n->kind != Node::Kind::List && n->kind != Node::Kind::Tuple)
    return at(n, std::string(role) + " must be a list of booleans");
  std::vector<bool> out;
  for (const NodePtr& item : n->items) {
    SEGSCOPE_TRY(bool b, boolean(item.get(), role));
    out.push_back(b);
  }
  return out;
}

Result<bool> DefinitionBuilder::booleanOr(const Node* n, const char* role, bool fallback) {
  return n ? boolean(n, role) : Result<bool>(fallback);
}

Result<std::int64_t> DefinitionBuilder::integerOr(const Node* n, const char* role, std::int64_t fallback) {
  return n ? integer(n, role) : Result<std::int64_t>(fallback);
}

Result<DataType> DefinitionBuilder::dataTypeOr(const Node* n, const char* role, DataType fallback) {
  return n ? dataType(n, role) : Result<DataType>(fallback);
}

Result<std::vector<std::int64_t>> DefinitionBuilder::intListOr(const Node* n, const char* role,
                                                               std::vector<std::int64_t> fallback) {
  return n ? intList(n, role, true) : Result<std::vector<std::int64_t>>(std::move(fallback));
}

Result<DataType> DefinitionBuilder::dataType(const Node* n, const char* role) {
  const std::string dotted = n->dottedName();
  const std::size_t dot = dotted.rfind('.');
  if (dot != std::string::npos && dotted.substr(0, dot).find("DataType") != std::string::npos) {
    if (auto t = ir::dataTypeFromName(dotted.substr(dot + 1))) return *t;
    return at(n, "unknown data type '" + dotted + "'");
  }
  if (n->isName("None")) return DataType::Null;
  return at(n, std::string(role) + " must be a DataType such as DataType.Float");
}

Status DefinitionBuilder::statement(const Statement& st) {
  const Node& v = *st.value;
  if (v.kind == Node::Kind::String && st.targets.empty()) return {};  // docstring
  if (v.isName("pass") && st.targets.empty()) return {};
  if (v.kind != Node::Kind::Call)
    return makeError("unsupported statement: a fusion definition may only call '" + fd_ + ".<...>' functions", v.loc);
  const std::string callee = v.items[0]->dottedName();
  std::string scope, name;
  if (callee.rfind(fd_ + ".ops.", 0) == 0 || callee.rfind(fd_ + ".Ops.", 0) == 0) {
    scope = "ops";
    name = callee.substr(fd_.size() + 5);
  } else if (callee.rfind(fd_ + ".", 0) == 0) {
    scope = "fd";
    name = callee.substr(fd_.size() + 1);
  } else {
    return makeError("unsupported statement: '" + (callee.empty() ? std::string("this call") : callee) +
                         "' is not a FusionDefinition call (expected '" + fd_ + ".ops.<op>' or '" + fd_ + ".define_*')",
                     v.loc);
  }
  if (name.find('.') != std::string::npos)
    return makeError("unknown function '" + callee + "'", v.loc);
  auto outs = call(v, scope, name);
  if (!outs) return withLoc(outs.error(), v.loc);
  const auto& values = outs.value();
  if (values.size() == 1 && values[0] == nullptr && lastVector_) {
    // define_vector / fd.ops.shape: bind the name to the list of extents.
    if (st.targets.size() != 1) return makeError(callee + " returns one vector", v.loc);
    if (st.targets[0].first != "_") env_[st.targets[0].first] = *lastVector_;
    lastVector_.reset();
    return {};
  }
  if (!st.targets.empty() && st.targets.size() != values.size()) {
    return makeError(callee + " returns " + std::to_string(values.size()) + " value" + (values.size() == 1 ? "" : "s") +
                         " but " + std::to_string(st.targets.size()) + " name" + (st.targets.size() == 1 ? " is" : "s are") +
                         " assigned",
                     st.targets.front().second);
  }
  if (!values.empty() && values.front() && values.front()->definition()) values.front()->definition()->setLoc(v.loc);
  for (std::size_t i = 0; i < st.targets.size(); ++i) {
    const auto& [target, loc] = st.targets[i];
    Val* out = values[i];
    if (target == "_" || out == nullptr) continue;
    if (!out->loc().known() || out->definition()) out->setLoc(loc);
    f_.setName(out, target);
    env_[target] = Binding{out, false, {}, loc};
  }
  if (st.targets.size() == 1 && values.empty()) {
    return makeError(callee + " returns nothing, so nothing can be assigned", st.targets.front().second);
  }
  return {};
}

DefinitionBuilder::Outputs DefinitionBuilder::call(const Node& c, const std::string& scope, const std::string& name) {
  const std::string label = fd_ + (scope == "ops" ? ".ops." : ".") + name;
  const Signature* sig = findSignature(scope, name);
  if (!sig) {
    if (isKnownUnsupported(scope, name))
      return at(&c, "'" + label + "' is an nvFuser operation that Segscope does not support yet");
    const std::string hint = closestName(scope, name);
    return at(&c, "unknown op '" + label + "'" + (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
  }
  auto bound = bindArguments(c, *sig, label);
  if (!bound) return bound.error();
  if (scope == "fd") return fdCall(c, name, bound.value());
  return opsCall(c, name, bound.value(), c.loc);
}

DefinitionBuilder::Outputs DefinitionBuilder::fdCall(const Node& c, const std::string& name, const BoundArgs& a) {
  if (name == "define_tensor") return defineTensor(c, a);
  if (name == "define_scalar") return defineScalar(a, false, c.loc);
  if (name == "define_constant") return defineScalar(a, true, c.loc);
  if (name == "add_output") return addOutput(a, c.loc);
  if (name == "define_vector") {
    const Node* values = a[0];
    if (values->kind == Node::Kind::Int)
      return at(values, "define_vector(size) declares vector inputs, which Segscope does not support yet");
    auto elems = symList(values, "values");
    if (!elems) return elems.error();
    // A vector is a name for a list of integers; it is not a value of the IR.
    lastVector_ = Binding{nullptr, true, elems.value(), c.loc};
    return std::vector<Val*>{nullptr};
  }
  return at(&c, "unsupported function '" + name + "'");
}

Result<std::vector<std::int64_t>> DefinitionBuilder::strideOrderArg(const Node* n, int rank) {
  if (!n || n->isName("None")) return std::vector<std::int64_t>{};
  SEGSCOPE_TRY(auto order, intList(n, "stride_order"));
  std::vector<std::int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  bool permutation = static_cast<int>(order.size()) == rank;
  for (int i = 0; permutation && i < rank; ++i) permutation = sorted[static_cast<std::size_t>(i)] == i;
  if (!permutation && !order.empty())
    return at(n, "stride_order must be a permutation of 0.." + std::to_string(rank - 1) + " (one entry per dim)");
  return order;
}

Result<std::vector<std::optional<bool>>> DefinitionBuilder::contiguityArg(const Node* contiguityNode, const Node* stridesNode,
                                                                         const std::vector<std::int64_t>& shape,
                                                                         const std::vector<int>& dimAt) {
  const int rank = static_cast<int>(shape.size());
  std::vector<std::optional<bool>> contiguity(static_cast<std::size_t>(rank));
  if (stridesNode) {  // the define_tensor(sizes, strides) overload: stride 0 = broadcast
    SEGSCOPE_TRY(auto strides, intList(stridesNode, "strides"));
    if (static_cast<int>(strides.size()) != rank) return at(stridesNode, "strides needs one entry per dim");
    for (int p = 0; p < rank; ++p)
      if (strides[static_cast<std::size_t>(dimAt[static_cast<std::size_t>(p)])] != 0) contiguity[static_cast<std::size_t>(p)] = true;
    return contiguity;
  }
  if (contiguityNode && (contiguityNode->kind == Node::Kind::List || contiguityNode->kind == Node::Kind::Tuple)) {
    const std::size_t n = contiguityNode->items.size();
    if (static_cast<int>(n) != rank)
      return at(contiguityNode, "contiguity has " + std::to_string(n) + (n == 1 ? " entry" : " entries") +
                                    " but shape has rank " + std::to_string(rank));
    for (std::size_t p = 0; p < n; ++p) {
      const Node* item = contiguityNode->items[p].get();
      if (item->isName("None")) continue;
      SEGSCOPE_TRY(bool b, boolean(item, "contiguity entry"));
      contiguity[p] = b;
    }
    return contiguity;
  }
  bool all = true;  // no contiguity at all: assume a dense tensor; one bool applies to every dim
  if (contiguityNode && !contiguityNode->isName("None")) {
    SEGSCOPE_TRY(all, boolean(contiguityNode, "contiguity"));
  }
  for (int p = 0; p < rank; ++p)
    if (shape[static_cast<std::size_t>(dimAt[static_cast<std::size_t>(p)])] != 1) contiguity[static_cast<std::size_t>(p)] = all;
  return contiguity;
}

// Dims of an input: -1 → a fresh symbolic extent, 1 → broadcast, a stride-0 (None
// contiguity) dim of extent > 1 → expanded broadcast.
std::vector<ir::Dim> DefinitionBuilder::inputDims(const std::vector<std::int64_t>& shape, const std::vector<int>& dimAt,
                                                  const std::vector<std::optional<bool>>& contiguity) {
  std::vector<ir::Dim> dims;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    const std::size_t p = static_cast<std::size_t>(std::find(dimAt.begin(), dimAt.end(), static_cast<int>(d)) - dimAt.begin());
    const ir::IterKind kind = contiguity[p].has_value() ? ir::IterKind::Iteration : ir::IterKind::ExpandedBroadcast;
    if (shape[d] == 1) {
      dims.push_back(ir::Dim{SymInt::constant(1), ir::IterKind::Broadcast});
    } else if (shape[d] == -1) {
      ir::Scalar* s = f_.newScalar(DataType::Index);
      f_.setName(s, "i" + std::to_string(s->id()));  // keep S<n> free for the script's own names
      dims.push_back(ir::Dim{SymInt::symbolic(s), kind});
    } else {
      dims.push_back(ir::Dim{SymInt::constant(shape[d]), kind});
    }
  }
  return dims;
}

DefinitionBuilder::Outputs DefinitionBuilder::defineTensor(const Node& c, const BoundArgs& a) {
  // Parameters: shape, contiguity, dtype, is_cpu, stride_order, static_sizes, strides.
  if (!a[0]) return at(&c, "define_tensor needs a shape");
  if (a[0]->kind == Node::Kind::Int)
    return at(a[0], "define_tensor(rank, ...) is the 2022 API; give shape=[...] and contiguity=[...] instead");
  SEGSCOPE_TRY(auto shape, intList(a[0], "shape"));
  for (std::int64_t e : shape)
    if (e < -1) return at(a[0], "shape entries must be -1 (symbolic), 1 (broadcast) or a positive extent; got " + std::to_string(e));
  const int rank = static_cast<int>(shape.size());
  SEGSCOPE_TRY(DataType dtype, dataTypeOr(a[2], "dtype", DataType::Float));
  SEGSCOPE_TRY(auto order, strideOrderArg(a[4], rank));
  // Logical dim at each allocation position (outermost first): contiguity is in that order.
  std::vector<int> dimAt(static_cast<std::size_t>(rank));
  for (int d = 0; d < rank; ++d)
    dimAt[static_cast<std::size_t>(order.empty() ? d : rank - 1 - order[static_cast<std::size_t>(d)])] = d;
  SEGSCOPE_TRY(auto contiguity, contiguityArg(a[1], a[6], shape, dimAt));
  SEGSCOPE_TRY(bool cpu, booleanOr(a[3], "is_cpu", false));

  ir::TensorView* tv = f_.newTensor(dtype, inputDims(shape, dimAt, contiguity));
  for (int d = 0; d < rank; ++d)
    if (Val* extent = tv->dim(static_cast<std::size_t>(d)).extent.sym) static_cast<ir::Scalar*>(extent)->setExtentOf(tv, d);
  tv->setContiguity(std::move(contiguity));
  tv->setStrideOrder(order);
  tv->setCpu(cpu);
  tv->setLoc(c.loc);
  f_.addInput(tv);
  return std::vector<Val*>{tv};
}

DefinitionBuilder::Outputs DefinitionBuilder::defineScalar(const BoundArgs& a, bool constantOnly, SourceLoc loc) {
  std::optional<DataType> dtype;
  const Node* valueNode = a[0];
  // define_scalar(DataType.Int): a dtype given positionally declares an input.
  if (valueNode && valueNode->dottedName().find("DataType.") != std::string::npos && !a[1]) {
    auto t = dataType(valueNode, "dtype");
    if (!t) return t.error();
    dtype = t.value();
    valueNode = nullptr;
  }
  if (a[1] && !a[1]->isName("None")) {
    auto t = dataType(a[1], "dtype");
    if (!t) return t.error();
    dtype = t.value();
  }
  std::optional<ir::ScalarValue> v;
  if (valueNode) {
    auto lit = literal(valueNode);
    if (!lit) return lit.error();
    v = lit.value();
  }
  if (!v) {
    if (constantOnly) return makeError("define_constant needs a value", loc);
    ir::Scalar* s = f_.newScalar(dtype.value_or(DataType::Double));
    s->setLoc(loc);
    f_.addInput(s);
    return std::vector<Val*>{s};
  }
  // Coerce the literal to the declared dtype, as nvFuser does.
  DataType t = dtype.value_or(std::holds_alternative<bool>(*v) ? DataType::Bool
                              : std::holds_alternative<std::int64_t>(*v) ? DataType::Int
                              : std::holds_alternative<double>(*v) ? DataType::Double
                                                                   : DataType::ComplexDouble);
  const double d = ir::scalarAsDouble(*v);
  if (t == DataType::Bool) v = ir::ScalarValue(d != 0.0);
  else if (ir::isIntegral(t)) {
    if (std::holds_alternative<double>(*v) && d != std::trunc(d))
      return at(valueNode, "value " + ir::formatScalarValue(*v) + " is not an integer, but dtype is DataType." +
                               std::string(ir::dataTypeName(t)));
    // inf, nan and values beyond int64 have no integer to become (found by fuzzing).
    if (!std::holds_alternative<std::int64_t>(*v) && (!std::isfinite(d) || d < -9.2233720368547758e18 || d >= 9.2233720368547758e18))
      return at(valueNode, "value " + ir::formatScalarValue(*v) + " does not fit DataType." + std::string(ir::dataTypeName(t)));
    if (!std::holds_alternative<std::int64_t>(*v)) v = ir::ScalarValue(static_cast<std::int64_t>(d));
  } else if (ir::isFloating(t) && !std::holds_alternative<double>(*v)) {
    if (std::holds_alternative<std::complex<double>>(*v))
      return at(valueNode, "a complex value needs a complex dtype");
    v = ir::ScalarValue(d);
  } else if (ir::isComplex(t) && !std::holds_alternative<std::complex<double>>(*v)) {
    v = ir::ScalarValue(std::complex<double>(d, 0.0));
  }
  ir::Scalar* s = ir::ops::constant(f_, *v, t);
  s->setLoc(loc);
  return std::vector<Val*>{s};
}

DefinitionBuilder::Outputs DefinitionBuilder::addOutput(const BoundArgs& a, SourceLoc loc) {
  auto out = value(a[0], "output");
  if (!out) return out.error();
  if (!out.value()) return at(a[0], "add_output needs a tensor");
  if (!out.value()->isTensor())
    return at(a[0], "add_output: " + out.value()->name() + " is a scalar; only tensors can be fusion outputs");
  Val* alias = nullptr;
  std::vector<std::int64_t> order;
  const Node* second = a[1];
  const Node* orderNode = a[2];
  if (second && (second->kind == Node::Kind::List || second->kind == Node::Kind::Tuple)) {
    orderNode = second;  // add_output(T, [2, 1, 0]) is the stride_order overload
    second = nullptr;
  }
  if (second && !second->isName("None")) {
    auto target = tensor(second, "alias target");
    if (!target) return target.error();
    if (!f_.isInput(target.value()))
      return at(second, "add_output: alias target " + target.value()->name() + " is not a fusion input");
    alias = target.value();
  }
  if (orderNode) {
    auto o = intList(orderNode, "stride_order");
    if (!o) return o.error();
    if (static_cast<int>(o->size()) != out.value()->asTensor()->rank())
      return at(orderNode, "stride_order needs one entry per dim of " + out.value()->name());
    order = o.value();
  }
  Val* output = out.value();
  if (alias && f_.isInput(output)) {
    // csrc/fusion.cpp:949-952 aliasOutputToInput: an input updating an input in place gets a
    // copy (set), so that a kernel really writes the aliased buffer.
    auto copy = ir::ops::set(f_, ir::OpType::Set, output);
    if (!copy) return at(a[0], copy.error().message);
    copy.value()->setLoc(loc);
    output = copy.value();
  }
  f_.addOutput(output, alias, order);
  sawOutput_ = true;
  return std::vector<Val*>{};
}

Status DefinitionBuilder::finish(SourceLoc endLoc) const {
  if (!sawOutput_) return makeError("the fusion defines no outputs (no fd.add_output call)", endLoc);
  return {};
}


}  // namespace segscope::frontend
