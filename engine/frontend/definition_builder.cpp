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

namespace {

// An integer constant's exact value; nullopt for a float or complex one. (Through a double,
// INT64_MAX would round up to 2^63, which does not convert back.)
std::optional<std::int64_t> exactInteger(const ir::ScalarValue& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* b = std::get_if<bool>(&v)) return static_cast<std::int64_t>(*b);
  return std::nullopt;
}

}  // namespace

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
      if ((callee == "float" || callee == "math.inf") && n->items.size() == 2 &&
          n->items[1]->kind == Node::Kind::String) {
        std::string s = n->items[1]->text;
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
        if (s == "inf" || s == "+inf" || s == "infinity")
          return R(ir::ScalarValue(std::numeric_limits<double>::infinity()));
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
    if (it->second.isVector) return at(n, "'" + n->text + "' is a vector; " + role + " must be a tensor or a scalar");
    return it->second.val;
  }
  if (n->kind == Node::Kind::Negate) return at(n, "negated names are not supported here; use fd.ops.neg");
  if (n->kind == Node::Kind::BinaryOp)
    return at(n, "the operator '" + n->text + "' is only evaluated between number literals; call " + fd_ +
                     ".ops.<op> (add, sub, mul, div, ...) on values");
  if (n->kind == Node::Kind::Call && n->items[0]->dottedName().rfind(fd_ + ".", 0) == 0) return nestedValue(*n, role);
  auto lit = literal(n);
  if (!lit) return lit.error();
  if (!lit.value()) return static_cast<Val*>(nullptr);
  const ir::ScalarValue& v = *lit.value();
  DataType t = std::holds_alternative<bool>(v)           ? DataType::Bool
               : std::holds_alternative<std::int64_t>(v) ? DataType::Int
               : std::holds_alternative<double>(v)       ? DataType::Double
                                                         : DataType::ComplexDouble;
  ir::Scalar* s = ir::ops::constant(f_, v, t);
  s->setLoc(n->loc);
  return static_cast<Val*>(s);
}

Result<Val*> DefinitionBuilder::tensor(const Node* n, const char* role) {
  auto v = value(n, role);
  if (!v) return v;
  if (!v.value() || !v.value()->isTensor())
    return at(
        n, std::string(role) + " must be a tensor" + (v.value() ? ", but " + v.value()->name() + " is a scalar" : ""));
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
      if (!s->isConstant())
        return at(n, std::string(role) + " must be a constant integer, but " + n->text + " is only known at run time");
      if (auto i = exactInteger(*s->value())) return *i;
      return at(
          n, std::string(role) + " must be an integer, but " + n->text + " is " + ir::formatScalarValue(*s->value()));
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
  if (n->kind == Node::Kind::Name || n->kind == Node::Kind::Call) {
    Val* v = nullptr;
    if (n->kind == Node::Kind::Call) {
      SEGSCOPE_TRY(v, value(n, role));
    } else {
      auto it = env_.find(n->text);
      if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
      v = it->second.val;
    }
    if (!v || !v->isScalar() || !ir::isIntegral(v->dtype()))
      return at(n, std::string(role) + " entries must be integers or integer scalars; '" +
                       (n->kind == Node::Kind::Call && v ? v->name() : n->text) + "' is not");
    const auto* s = static_cast<const ir::Scalar*>(v);
    if (s->isConstant()) {
      if (auto i = exactInteger(*s->value())) return SymInt::constant(*i);
      return at(n, std::string(role) + " entries must be integers; " + v->name() + " is " +
                       ir::formatScalarValue(*s->value()));
    }
    return SymInt::symbolic(v);
  }
  return at(n, std::string(role) + " entries must be integers or integer scalars");
}

Result<std::vector<SymInt>> DefinitionBuilder::vectorElements(const Binding& b) { return b.elements; }

Result<std::vector<SymInt>> DefinitionBuilder::symList(const Node* n, const char* role) {
  if (n->kind == Node::Kind::Call) return nestedVector(*n, role);
  if (n->kind == Node::Kind::Name) {
    auto it = env_.find(n->text);
    if (it == env_.end()) return at(n, "undefined name '" + n->text + "'");
    if (!it->second.isVector) return at(n, std::string(role) + " must be a list or a vector, '" + n->text + "' is not");
    return vectorElements(it->second);
  }
  if (n->kind != Node::Kind::List && n->kind != Node::Kind::Tuple) return at(n, std::string(role) + " must be a list");
  std::vector<SymInt> out;
  for (const NodePtr& item : n->items) {
    auto e = symElement(item.get(), role);
    if (!e) return e.error();
    out.push_back(e.value());
  }
  return out;
}

Result<Val*> DefinitionBuilder::required(const Node* n, const char* role) {
  SEGSCOPE_TRY(Val * v, value(n, role));
  if (!v) return at(n, std::string(role) + " cannot be None");
  return v;
}

Result<std::vector<Val*>> DefinitionBuilder::tensors(const BoundArgs& a, std::initializer_list<std::size_t> slots,
                                                     const char* role) {
  std::vector<Val*> out;
  for (std::size_t i : slots) {
    SEGSCOPE_TRY(Val * t, tensor(a[i], role));
    out.push_back(t);
  }
  return out;
}

Result<std::vector<Val*>> DefinitionBuilder::optionalScalars(const BoundArgs& a,
                                                             std::initializer_list<std::size_t> slots) {
  std::vector<Val*> out;
  for (std::size_t i : slots) {
    SEGSCOPE_TRY(Val * s, optionalScalar(a[i], "option"));
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

Result<std::pair<std::string, std::string>> DefinitionBuilder::calleeOf(const Node& v) const {
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
  if (name.find('.') != std::string::npos) return makeError("unknown function '" + callee + "'", v.loc);
  return std::make_pair(scope, name);
}

Status DefinitionBuilder::statement(const Statement& st) {
  const Node& v = *st.value;
  if (v.kind == Node::Kind::String && st.targets.empty()) return {};  // docstring
  if (v.isName("pass") && st.targets.empty()) return {};
  if (v.kind != Node::Kind::Call)
    return makeError("unsupported statement: a fusion definition may only call '" + fd_ + ".<...>' functions", v.loc);
  const std::string callee = v.items[0]->dottedName();
  if (isTensorShapeCall(v)) {
    // `V = T1.shape()` as a statement of its own (2023-24 printers): V is T1's extents, as
    // fd.ops.shape(T1) gives them.
    if (st.targets.size() != 1) return makeError(callee + "() returns one vector", v.loc);
    SEGSCOPE_TRY(auto extents, nestedVector(v, "the shape"));
    if (st.targets[0].first != "_") env_[st.targets[0].first] = Binding{nullptr, true, std::move(extents), v.loc};
    return {};
  }
  SEGSCOPE_TRY(const auto resolved, calleeOf(v));
  const auto& [scope, name] = resolved;
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
                         " but " + std::to_string(st.targets.size()) + " name" +
                         (st.targets.size() == 1 ? " is" : "s are") + " assigned",
                     st.targets.front().second);
  }
  if (!values.empty() && values.front() && values.front()->definition()) values.front()->definition()->setLoc(v.loc);
  for (std::size_t i = 0; i < st.targets.size(); ++i) {
    const auto& [target, loc] = st.targets[i];
    Val* out = values[i];
    if (target == "_" || out == nullptr) continue;
    if (!out->loc().known() || out->definition()) out->setLoc(loc);
    // A value the script never named (a nested call's result, an op's intermediate) that holds
    // this name by its generated T<n> steps aside: the script's own names stay as written.
    if (Val* holder = f_.valByName(target); holder && holder != out && !scriptNamed_.count(holder))
      f_.setName(holder, target + "_1");
    f_.setName(out, target);
    scriptNamed_.insert(out);
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

Result<Val*> DefinitionBuilder::nestedValue(const Node& c, const char* role) {
  SEGSCOPE_TRY(const auto resolved, calleeOf(c));
  auto outs = call(c, resolved.first, resolved.second);
  if (!outs) return withLoc(outs.error(), c.loc);
  const std::vector<Val*>& values = outs.value();
  const std::string label = c.items[0]->dottedName();
  if (values.size() == 1 && values[0] == nullptr) {
    lastVector_.reset();
    return at(&c, label + " gives a vector, but " + role + " must be a tensor or a scalar");
  }
  if (values.size() != 1)
    return at(&c, label + " returns " + std::to_string(values.size()) +
                      " values; a call used as an argument must return "
                      "one (assign its results to names first)");
  Val* v = values[0];
  if (v->definition()) v->definition()->setLoc(c.loc);
  if (!v->loc().known() || v->definition()) v->setLoc(c.loc);
  return v;
}

bool DefinitionBuilder::isTensorShapeCall(const Node& c) const {
  if (c.kind != Node::Kind::Call) return false;
  const Node& callee = *c.items[0];
  return callee.kind == Node::Kind::Attribute && callee.text == "shape" && callee.items[0]->kind == Node::Kind::Name &&
         !callee.items[0]->isName(fd_);
}

Result<std::vector<SymInt>> DefinitionBuilder::nestedVector(const Node& c, const char* role) {
  const Node& callee = *c.items[0];
  if (isTensorShapeCall(c)) {
    // T1.shape(): the extents of T1, as fd.ops.shape(T1) gives them.
    if (c.items.size() != 1 || !c.keywords.empty()) return at(&c, "shape() takes no arguments");
    SEGSCOPE_TRY(Val * t, tensor(callee.items[0].get(), "the object of .shape()"));
    std::vector<SymInt> elems;
    for (int d = 0; d < t->asTensor()->rank(); ++d) elems.push_back(sizeOf(t, d, c.loc));
    return elems;
  }
  if (callee.dottedName().rfind(fd_ + ".", 0) != 0)
    return at(&c, std::string(role) + " must be a list, a vector or a call that gives one (" + fd_ +
                      ".ops.shape, T.shape())");
  SEGSCOPE_TRY(const auto resolved, calleeOf(c));
  auto outs = call(c, resolved.first, resolved.second);
  if (!outs) return withLoc(outs.error(), c.loc);
  if (outs->size() != 1 || outs->front() != nullptr || !lastVector_)
    return at(&c, callee.dottedName() + " does not give a vector, but " + role + " must be one");
  std::vector<SymInt> elems = std::move(lastVector_->elements);
  lastVector_.reset();
  return elems;
}

DefinitionBuilder::Outputs DefinitionBuilder::fdCall(const Node& c, const std::string& name, const BoundArgs& a) {
  if (name == "define_tensor") return defineTensor(c, a);
  if (name == "from_pytorch") return fromPytorch(c, a);
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
  DataType t = dtype.value_or(std::holds_alternative<bool>(*v)           ? DataType::Bool
                              : std::holds_alternative<std::int64_t>(*v) ? DataType::Int
                              : std::holds_alternative<double>(*v)       ? DataType::Double
                                                                         : DataType::ComplexDouble);
  const double d = ir::scalarAsDouble(*v);
  if (t == DataType::Bool)
    v = ir::ScalarValue(d != 0.0);
  else if (ir::isIntegral(t)) {
    if (std::holds_alternative<double>(*v) && d != std::trunc(d))
      return at(valueNode, "value " + ir::formatScalarValue(*v) + " is not an integer, but dtype is DataType." +
                               std::string(ir::dataTypeName(t)));
    // inf, nan and values beyond int64 have no integer to become (found by fuzzing).
    if (!std::holds_alternative<std::int64_t>(*v) &&
        (!std::isfinite(d) || d < -9.2233720368547758e18 || d >= 9.2233720368547758e18))
      return at(valueNode,
                "value " + ir::formatScalarValue(*v) + " does not fit DataType." + std::string(ir::dataTypeName(t)));
    if (!std::holds_alternative<std::int64_t>(*v)) v = ir::ScalarValue(static_cast<std::int64_t>(d));
  } else if (ir::isFloating(t) && !std::holds_alternative<double>(*v)) {
    if (std::holds_alternative<std::complex<double>>(*v)) return at(valueNode, "a complex value needs a complex dtype");
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
