// Turns a repro script's definition body into a Fusion, reporting the first mistake
// with its exact position. Footer handling lives in footer.cpp.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include "frontend/file_io.h"
#include "frontend/footer.h"
#include "frontend/script.h"
#include "frontend/signatures.h"
#include "frontend/syntax.h"
#include "ir/ops.h"

namespace segscope::frontend {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;
using ir::SymInt;
using ir::Val;

namespace {

std::vector<std::string_view> splitLines(std::string_view source) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) nl = source.size();
    std::string_view line = source.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = nl + 1;
  }
  return lines;
}

int indentOf(std::string_view line) {
  int n = 0;
  for (char c : line) {
    if (c == ' ') ++n;
    else if (c == '\t') n += 8 - n % 8;
    else break;
  }
  return n;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

struct Definition {
  int line = 0;    // 1-based line of `def`
  int indent = 0;  // columns before `def`
  std::string name;
  std::string fdName;
};

// Reads `def NAME(PARAM ...` from one line; false when the line is not a def.
bool readDefLine(std::string_view line, Definition& def) {
  std::string_view t = trimmed(line);
  if (t.rfind("def ", 0) != 0) return false;
  t.remove_prefix(4);
  t = trimmed(t);
  std::size_t i = 0;
  while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  def.name = std::string(t.substr(0, i));
  t = trimmed(t.substr(i));
  if (def.name.empty() || t.empty() || t.front() != '(') return false;
  t = trimmed(t.substr(1));
  i = 0;
  while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  def.fdName = std::string(t.substr(0, i));
  def.indent = indentOf(line);
  return !def.fdName.empty() && def.fdName != "self";
}

// The definition to load: the first `def` whose body talks to its first parameter.
Result<Definition> findDefinition(const std::vector<std::string_view>& lines) {
  std::optional<Definition> firstDef;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Definition def;
    if (!readDefLine(lines[i], def)) continue;
    def.line = static_cast<int>(i) + 1;
    if (!firstDef) firstDef = def;
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const std::string_view body = trimmed(lines[j]);
      if (body.empty() || body.front() == '#') continue;
      if (indentOf(lines[j]) <= def.indent && body.rfind(")", 0) != 0 && body.rfind("]", 0) != 0) break;
      const std::string prefix = def.fdName + ".";
      if (body.find(prefix + "define_") != std::string_view::npos || body.find(prefix + "ops.") != std::string_view::npos ||
          body.find(prefix + "add_output") != std::string_view::npos || body.find(prefix + "Ops.") != std::string_view::npos)
        return def;
    }
  }
  if (firstDef) return *firstDef;
  return makeError("no fusion definition found: expected a function like "
                   "'def nvfuser_fusion_id0(fd : FusionDefinition) -> None :'",
                   SourceLoc{1, 1});
}

// What a script name is bound to.
struct Binding {
  Val* val = nullptr;
  bool isVector = false;
  std::vector<SymInt> elements;  // for vectors
  SourceLoc loc;
};

class DefinitionBuilder {
 public:
  DefinitionBuilder(ir::Fusion& fusion, std::string fdName) : f_(fusion), fd_(std::move(fdName)) {}

  Status statement(const Statement& st);
  Status finish(SourceLoc endLoc) const;

 private:
  using Outputs = Result<std::vector<Val*>>;

  Outputs call(const Node& callNode, const std::string& scope, const std::string& name);
  Outputs fdCall(const Node& c, const std::string& name, const BoundArgs& a);
  Outputs opsCall(const Node& c, const std::string& name, const BoundArgs& a, SourceLoc loc);
  Outputs defineTensor(const Node& c, const BoundArgs& a);
  Outputs defineScalar(const BoundArgs& a, bool constantOnly, SourceLoc loc);
  Outputs addOutput(const BoundArgs& a, SourceLoc loc);

  // Argument conversions; each error points at the offending argument.
  Result<Val*> value(const Node* n, const char* role);
  Result<Val*> tensor(const Node* n, const char* role);
  Result<Val*> optionalScalar(const Node* n, const char* role);
  Result<std::int64_t> integer(const Node* n, const char* role);
  Result<bool> boolean(const Node* n, const char* role);
  Result<double> number(const Node* n, const char* role);
  Result<std::vector<std::int64_t>> intList(const Node* n, const char* role, bool allowSingle = false);
  Result<std::vector<SymInt>> symList(const Node* n, const char* role);
  Result<DataType> dataType(const Node* n, const char* role);
  Result<std::optional<ir::ScalarValue>> literal(const Node* n);
  Result<SymInt> symElement(const Node* n, const char* role);
  SymInt sizeOf(Val* tensor, int dim, SourceLoc loc);
  Result<std::vector<SymInt>> vectorElements(const Binding& b);

  ir::Fusion& f_;
  std::string fd_;
  std::unordered_map<std::string, Binding> env_;
  std::map<std::pair<int, int>, Val*> sizeCache_;
  std::optional<Binding> lastVector_;
  bool sawOutput_ = false;
};

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

DefinitionBuilder::Outputs DefinitionBuilder::defineTensor(const Node& c, const BoundArgs& a) {
  // Parameters: shape, contiguity, dtype, is_cpu, stride_order, static_sizes, strides.
  if (!a[0]) return at(&c, "define_tensor needs a shape");
  if (a[0]->kind == Node::Kind::Int)
    return at(a[0], "define_tensor(rank, ...) is the 2022 API; give shape=[...] and contiguity=[...] instead");
  auto shape = intList(a[0], "shape");
  if (!shape) return shape.error();
  const int rank = static_cast<int>(shape->size());
  for (std::int64_t e : shape.value())
    if (e < -1) return at(a[0], "shape entries must be -1 (symbolic), 1 (broadcast) or a positive extent; got " + std::to_string(e));
  DataType dtype = DataType::Float;
  if (a[2]) {
    auto t = dataType(a[2], "dtype");
    if (!t) return t.error();
    dtype = t.value();
  }
  std::vector<std::int64_t> order;
  if (a[4] && !a[4]->isName("None")) {
    auto o = intList(a[4], "stride_order");
    if (!o) return o.error();
    order = o.value();
    std::vector<std::int64_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    bool perm = static_cast<int>(order.size()) == rank;
    for (int i = 0; perm && i < rank; ++i) perm = sorted[static_cast<std::size_t>(i)] == i;
    if (!perm && !order.empty())
      return at(a[4], "stride_order must be a permutation of 0.." + std::to_string(rank - 1) + " (one entry per dim)");
  }
  // Logical dim of each allocation position (outermost first).
  std::vector<int> dimAt(static_cast<std::size_t>(rank));
  for (int d = 0; d < rank; ++d)
    dimAt[static_cast<std::size_t>(order.empty() ? d : rank - 1 - order[static_cast<std::size_t>(d)])] = d;
  std::vector<std::optional<bool>> contiguity(static_cast<std::size_t>(rank));
  if (a[6]) {
    auto strides = intList(a[6], "strides");
    if (!strides) return strides.error();
    if (static_cast<int>(strides->size()) != rank) return at(a[6], "strides needs one entry per dim");
    for (int p = 0; p < rank; ++p) {
      const int d = dimAt[static_cast<std::size_t>(p)];
      contiguity[static_cast<std::size_t>(p)] =
          strides.value()[static_cast<std::size_t>(d)] == 0 ? std::nullopt : std::optional<bool>(true);
    }
  } else if (a[1] && (a[1]->kind == Node::Kind::List || a[1]->kind == Node::Kind::Tuple)) {
    if (static_cast<int>(a[1]->items.size()) != rank)
      return at(a[1], "contiguity has " + std::to_string(a[1]->items.size()) +
                          (a[1]->items.size() == 1 ? " entry" : " entries") + " but shape has rank " +
                          std::to_string(rank));
    for (int p = 0; p < rank; ++p) {
      const Node* item = a[1]->items[static_cast<std::size_t>(p)].get();
      if (item->isName("None")) continue;
      auto b = boolean(item, "contiguity entry");
      if (!b) return b.error();
      contiguity[static_cast<std::size_t>(p)] = b.value();
    }
  } else {
    bool all = true;  // no contiguity at all: assume a dense tensor
    if (a[1] && !a[1]->isName("None")) {
      auto b = boolean(a[1], "contiguity");
      if (!b) return b.error();
      all = b.value();
    }
    for (int p = 0; p < rank; ++p)
      if (shape.value()[static_cast<std::size_t>(dimAt[static_cast<std::size_t>(p)])] != 1)
        contiguity[static_cast<std::size_t>(p)] = all;
  }
  std::vector<ir::Dim> dims;
  std::vector<ir::Scalar*> symbolic;
  for (int d = 0; d < rank; ++d) {
    const std::int64_t e = shape.value()[static_cast<std::size_t>(d)];
    int p = 0;
    while (dimAt[static_cast<std::size_t>(p)] != d) ++p;
    const bool strideZero = !contiguity[static_cast<std::size_t>(p)].has_value();
    if (e == -1) {
      ir::Scalar* s = f_.newScalar(DataType::Index);
      f_.setName(s, "i" + std::to_string(s->id()));  // keep S<n> free for the script's own names
      symbolic.push_back(s);
      dims.push_back(ir::Dim{SymInt::symbolic(s), strideZero ? ir::IterKind::ExpandedBroadcast : ir::IterKind::Iteration});
    } else if (e == 1) {
      dims.push_back(ir::Dim{SymInt::constant(1), ir::IterKind::Broadcast});
    } else {
      dims.push_back(ir::Dim{SymInt::constant(e), strideZero ? ir::IterKind::ExpandedBroadcast : ir::IterKind::Iteration});
    }
  }
  ir::TensorView* tv = f_.newTensor(dtype, std::move(dims));
  for (int d = 0, k = 0; d < rank; ++d)
    if (shape.value()[static_cast<std::size_t>(d)] == -1) symbolic[static_cast<std::size_t>(k++)]->setExtentOf(tv, d);
  tv->setContiguity(std::move(contiguity));
  tv->setStrideOrder(order);
  if (a[3]) {
    auto cpu = boolean(a[3], "is_cpu");
    if (!cpu) return cpu.error();
    tv->setCpu(cpu.value());
  }
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
  f_.addOutput(out.value(), alias, order);
  sawOutput_ = true;
  (void)loc;
  return std::vector<Val*>{};
}

DefinitionBuilder::Outputs DefinitionBuilder::opsCall(const Node& c, const std::string& name, const BoundArgs& a,
                                                      SourceLoc loc) {
  using namespace ir::ops;
  const std::optional<OpType> op = ir::opFromName(name);
  const auto one = [&](ValResult r) -> Outputs {
    if (!r) return withLoc(r.error(), loc);
    return std::vector<Val*>{r.value()};
  };
  const auto many = [&](ValsResult r) -> Outputs {
    if (!r) return withLoc(r.error(), loc);
    return r.value();
  };
  // Collects operand i as any value (tensor or scalar).
  const auto operand = [&](std::size_t i, const char* role) { return value(a[i], role); };

  if (name == "shape") {
    auto t = tensor(a[0], "arg");
    if (!t) return t.error();
    std::vector<SymInt> elems;
    for (int d = 0; d < t.value()->asTensor()->rank(); ++d) elems.push_back(sizeOf(t.value(), d, loc));
    lastVector_ = Binding{nullptr, true, std::move(elems), loc};
    return std::vector<Val*>{nullptr};
  }
  if (name == "at") {
    if (a[0]->kind != Node::Kind::Name || !env_.count(a[0]->text) || !env_[a[0]->text].isVector)
      return at(a[0], "fd.ops.at expects a vector (from define_vector or fd.ops.shape)");
    auto index = integer(a[1], "index");
    if (!index) return index.error();
    const auto& elems = env_[a[0]->text].elements;
    const auto n = static_cast<std::int64_t>(elems.size());
    std::int64_t i = index.value() < 0 ? index.value() + n : index.value();
    if (i < 0 || i >= n) return at(a[1], "index " + std::to_string(index.value()) + " is out of range for a vector of " + std::to_string(n));
    const SymInt& e = elems[static_cast<std::size_t>(i)];
    if (e.sym) return std::vector<Val*>{e.sym};
    Val* s = ir::ops::constant(f_, ir::ScalarValue(e.value), DataType::Int);
    s->setLoc(loc);
    return std::vector<Val*>{s};
  }
  if (!op) return at(&c, "unknown op 'fd.ops." + name + "'");

  switch (ir::opFamily(*op)) {
    case OpFamily::Unary: {
      auto x = operand(0, "operand");
      if (!x) return x.error();
      return one(unary(f_, *op, x.value()));
    }
    case OpFamily::Set: {
      auto x = operand(0, "operand");
      if (!x) return x.error();
      return one(set(f_, *op, x.value()));
    }
    case OpFamily::Binary: {
      auto x = operand(0, "first operand");
      if (!x) return x.error();
      auto y = operand(1, "second operand");
      if (!y) return y.error();
      if (!x.value() || !y.value()) return at(&c, "fd.ops." + name + ": operands cannot be None");
      return one(binary(f_, *op, x.value(), y.value()));
    }
    case OpFamily::Ternary: {
      std::vector<Val*> args;
      for (std::size_t i = 0; i < a.size(); ++i) {
        auto v = operand(i, "operand");
        if (!v) return v.error();
        if (!v.value()) return at(a[i], "fd.ops." + name + ": operands cannot be None");
        args.push_back(v.value());
      }
      return one(ternary(f_, *op, args));
    }
    case OpFamily::Cast: {
      auto x = operand(0, "operand");
      if (!x) return x.error();
      auto t = dataType(a[1], "dtype");
      if (!t) return t.error();
      return one(cast(f_, x.value(), t.value()));
    }
    case OpFamily::Reduction: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      std::vector<std::int64_t> dims;
      if (a[1]) {
        auto d = intList(a[1], "dims", true);
        if (!d) return d.error();
        dims = d.value();
        if (dims.empty()) return at(a[1], "dims is empty; omit it to reduce every dim");
      }
      bool keepdim = false;
      if (a[2]) {
        auto k = boolean(a[2], "keepdim");
        if (!k) return k.error();
        keepdim = k.value();
      }
      DataType dtype = DataType::Null;
      if (a[3]) {
        auto t = dataType(a[3], "dtype");
        if (!t) return t.error();
        dtype = t.value();
      }
      return one(reduction(f_, *op, x.value(), dims, keepdim, dtype));
    }
    case OpFamily::Var: case OpFamily::VarMean: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      std::vector<std::int64_t> dims;
      if (a[1]) {
        auto d = intList(a[1], "dims", true);
        if (!d) return d.error();
        dims = d.value();
      }
      std::int64_t correction = 1;
      if (a[2]) {
        auto k = integer(a[2], "correction");
        if (!k) return k.error();
        correction = k.value();
      }
      bool keepdim = false;
      if (a[3]) {
        auto k = boolean(a[3], "keepdim");
        if (!k) return k.error();
        keepdim = k.value();
      }
      if (*op == OpType::Var) return one(var(f_, x.value(), dims, correction, keepdim));
      return many(varMean(f_, x.value(), dims, correction, keepdim));
    }
    case OpFamily::Welford: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto d = intList(a[1], "dims", true);
      if (!d) return d.error();
      return many(welford(f_, x.value(), d.value()));
    }
    case OpFamily::Broadcast: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      if (a[1]->kind != Node::Kind::List && a[1]->kind != Node::Kind::Tuple)
        return at(a[1], "is_broadcast_dim must be a list of booleans");
      std::vector<bool> flags;
      for (const NodePtr& item : a[1]->items) {
        auto b = boolean(item.get(), "is_broadcast_dim entry");
        if (!b) return b.error();
        flags.push_back(b.value());
      }
      return one(broadcast(f_, x.value(), flags));
    }
    case OpFamily::BroadcastInDim: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto shape = symList(a[1], "shape");
      if (!shape) return shape.error();
      auto dims = intList(a[2], "broadcast_dims");
      if (!dims) return dims.error();
      return one(broadcastInDim(f_, x.value(), shape.value(), dims.value()));
    }
    case OpFamily::Expand: case OpFamily::Reshape: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto shape = symList(a[1], *op == OpType::Expand ? "shape" : "new_shape");
      if (!shape) return shape.error();
      return one(*op == OpType::Expand ? expand(f_, x.value(), shape.value()) : reshape(f_, x.value(), shape.value()));
    }
    case OpFamily::Squeeze: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto dims = intList(a[1], "dims", true);
      if (!dims) return dims.error();
      bool expanded = false;
      if (a[2]) {
        auto b = boolean(a[2], "squeeze_expanded");
        if (!b) return b.error();
        expanded = b.value();
      }
      return one(squeeze(f_, x.value(), dims.value(), expanded));
    }
    case OpFamily::Permute: case OpFamily::StrideOrder: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto dims = intList(a[1], *op == OpType::Permute ? "dims" : "stride_order");
      if (!dims) return dims.error();
      return one(*op == OpType::Permute ? permute(f_, x.value(), dims.value()) : strideOrder(f_, x.value(), dims.value()));
    }
    case OpFamily::Slice: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto starts = symList(a[1], "start_indices");
      if (!starts) return starts.error();
      auto ends = symList(a[2], "end_indices");
      if (!ends) return ends.error();
      std::vector<SymInt> steps;
      if (a[3] && !a[3]->isName("None")) {
        auto s = symList(a[3], "strides");
        if (!s) return s.error();
        steps = s.value();
      }
      bool manual = false;
      if (a[4]) {
        auto b = boolean(a[4], "manual_normalization");
        if (!b) return b.error();
        manual = b.value();
      }
      return one(slice(f_, x.value(), starts.value(), ends.value(), steps, manual));
    }
    case OpFamily::Pad: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto widths = intList(a[1], "pad_widths");
      if (!widths) return widths.error();
      auto v = optionalScalar(a[2], "value");
      if (!v) return v.error();
      return one(pad(f_, x.value(), widths.value(), v.value()));
    }
    case OpFamily::Cat: {
      if (a[0]->kind != Node::Kind::List && a[0]->kind != Node::Kind::Tuple)
        return at(a[0], "cat expects a list of tensors");
      std::vector<Val*> xs;
      for (const NodePtr& item : a[0]->items) {
        auto t = tensor(item.get(), "cat input");
        if (!t) return t.error();
        xs.push_back(t.value());
      }
      std::int64_t dim = 0;
      if (a[1]) {
        auto d = integer(a[1], "dim");
        if (!d) return d.error();
        dim = d.value();
      }
      bool manual = false;
      if (a[2]) {
        auto b = boolean(a[2], "manual_padding");
        if (!b) return b.error();
        manual = b.value();
      }
      return one(cat(f_, xs, dim, manual));
    }
    case OpFamily::Full: {
      auto shape = symList(a[0], "shape");
      if (!shape) return shape.error();
      auto fill = value(a[1], "fill_value");
      if (!fill) return fill.error();
      auto t = dataType(a[2], "dtype");
      if (!t) return t.error();
      return one(full(f_, shape.value(), fill.value(), t.value()));
    }
    case OpFamily::Iota: {
      auto length = value(a[0], "length");
      if (!length) return length.error();
      auto start = optionalScalar(a[1], "start");
      if (!start) return start.error();
      auto step = optionalScalar(a[2], "step");
      if (!step) return step.error();
      DataType t = DataType::Int;
      if (a[3]) {
        auto dt = dataType(a[3], "dtype");
        if (!dt) return dt.error();
        t = dt.value();
      }
      return one(iota(f_, length.value(), start.value(), step.value(), t));
    }
    case OpFamily::RandomFill: {
      auto lo = value(a[0], "first parameter");
      if (!lo) return lo.error();
      auto hi = value(a[1], "second parameter");
      if (!hi) return hi.error();
      auto shape = symList(a[2], "shape");
      if (!shape) return shape.error();
      auto seed = optionalScalar(a[3], "rng_seed");
      if (!seed) return seed.error();
      auto offset = optionalScalar(a[4], "rng_offset");
      if (!offset) return offset.error();
      DataType t = DataType::Float;
      if (a[5]) {
        auto dt = dataType(a[5], "dtype");
        if (!dt) return dt.error();
        t = dt.value();
      }
      return one(randomFill(f_, *op, lo.value(), hi.value(), shape.value(), seed.value(), offset.value(), t));
    }
    case OpFamily::RandLike: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto seed = optionalScalar(a[1], "rng_seed");
      if (!seed) return seed.error();
      auto offset = optionalScalar(a[2], "rng_offset");
      if (!offset) return offset.error();
      return one(randLike(f_, *op, x.value(), seed.value(), offset.value()));
    }
    case OpFamily::Gather: case OpFamily::IndexSelect: case OpFamily::Select: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      auto index = value(a[1], "index");
      if (!index) return index.error();
      auto d = integer(a[2], "dim");
      if (!d) return d.error();
      if (ir::opFamily(*op) == OpFamily::Gather) return one(gather(f_, *op, x.value(), index.value(), d.value()));
      if (ir::opFamily(*op) == OpFamily::IndexSelect) return one(indexSelect(f_, x.value(), index.value(), d.value()));
      return one(select(f_, x.value(), index.value(), d.value()));
    }
    case OpFamily::Matmul: {
      auto x = tensor(a[0], "first operand");
      if (!x) return x.error();
      auto y = tensor(a[1], "second operand");
      if (!y) return y.error();
      return one(matmul(f_, x.value(), y.value()));
    }
    case OpFamily::Linear: {
      auto x = tensor(a[0], "input");
      if (!x) return x.error();
      auto w = tensor(a[1], "weight");
      if (!w) return w.error();
      Val* bias = nullptr;
      if (a[2] && !a[2]->isName("None")) {
        auto b = tensor(a[2], "bias");
        if (!b) return b.error();
        bias = b.value();
      }
      return one(linear(f_, x.value(), w.value(), bias));
    }
    case OpFamily::SdpaFwd: {
      // Positional calls before nvFuser PR #5663 had no bias/mask: (q, k, v, dropout_p, is_causal, scale).
      BoundArgs b = a;
      const std::size_t positional = c.items.size() - 1;
      if (positional == 6 && c.keywords.empty()) b = {a[0], a[1], a[2], nullptr, nullptr, a[3], a[4], a[5]};
      for (std::size_t i : {3u, 4u})
        if (b[i] && !b[i]->isName("None"))
          return at(b[i], "sdpfa_fwd with an attention bias or mask is not supported yet");
      std::vector<Val*> t;
      for (std::size_t i = 0; i < 3; ++i) {
        auto v = tensor(b[i], "query/key/value");
        if (!v) return v.error();
        t.push_back(v.value());
      }
      std::vector<Val*> s;
      for (std::size_t i = 5; i < 8; ++i) {
        auto v = optionalScalar(b[i], "option");
        if (!v) return v.error();
        s.push_back(v.value());
      }
      return many(sdpaFwd(f_, t[0], t[1], t[2], s[0], s[1], s[2]));
    }
    case OpFamily::SdpaBwd: {
      std::vector<Val*> t;
      for (std::size_t i : {0u, 1u, 2u, 3u, 4u, 5u, 8u, 9u}) {
        auto v = tensor(a[i], "tensor argument");
        if (!v) return v.error();
        t.push_back(v.value());
      }
      std::vector<Val*> s;
      for (std::size_t i : {6u, 7u, 10u}) {
        auto v = optionalScalar(a[i], "option");
        if (!v) return v.error();
        s.push_back(v.value());
      }
      return many(sdpaBwd(f_, t[0], t[1], t[2], t[3], t[4], t[5], s[0], s[1], t[6], t[7], s[2]));
    }
    case OpFamily::EmbeddingFwd: {
      auto x = tensor(a[0], "input");
      if (!x) return x.error();
      auto w = tensor(a[1], "weight");
      if (!w) return w.error();
      std::vector<Val*> options;
      for (std::size_t i = 2; i < 7; ++i) {
        auto v = optionalScalar(a[i], "option");
        if (!v) return v.error();
        options.push_back(v.value());
      }
      return one(embeddingFwd(f_, x.value(), w.value(), options));
    }
    case OpFamily::Size: case OpFamily::Cumsum: case OpFamily::Triu: {
      auto x = tensor(a[0], "arg");
      if (!x) return x.error();
      std::int64_t n = 0;
      if (a[1]) {
        auto d = integer(a[1], ir::opFamily(*op) == OpFamily::Triu ? "diagonal" : "dim");
        if (!d) return d.error();
        n = d.value();
      }
      if (*op == OpType::Size) return one(size(f_, x.value(), n));
      if (*op == OpType::Cumsum) return one(cumsum(f_, x.value(), n));
      return one(triu(f_, x.value(), n));
    }
  }
  return at(&c, "unsupported op 'fd.ops." + name + "'");
}

Status DefinitionBuilder::finish(SourceLoc endLoc) const {
  if (!sawOutput_) return makeError("the fusion defines no outputs (no fd.add_output call)", endLoc);
  return {};
}

// Collects leading `#` comment lines and which nvFuser module the script imports.
void readPreamble(const std::vector<std::string_view>& lines, Script& script) {
  for (std::string_view line : lines) {
    const std::string_view t = trimmed(line);
    if (t.empty()) continue;
    if (t.front() != '#') break;
    script.header.emplace_back(t);
  }
  for (std::string_view line : lines)
    if (line.find("nvfuser_direct") != std::string_view::npos && line.find("import") != std::string_view::npos)
      script.module = "nvfuser_direct";
}

// Where the `inputs = [` footer starts (1-based), or 0 when there is none.
int findFooterLine(const std::vector<std::string_view>& lines, int fromLine) {
  for (std::size_t i = static_cast<std::size_t>(fromLine); i < lines.size(); ++i) {
    std::string_view t = trimmed(lines[i]);
    if (t.rfind("inputs", 0) != 0) continue;
    t = trimmed(t.substr(6));
    if (!t.empty() && t.front() == '=') {
      t = trimmed(t.substr(1));
      if (!t.empty() && (t.front() == '[' || t.front() == '(')) return static_cast<int>(i) + 1;
    }
  }
  return 0;
}

}  // namespace

ParseOutcome parseScript(std::string_view source, const ParseOptions& options) {
  const auto fail = [&](const Error& e) {
    ParseOutcome failed;
    failed.error = makeDiagnostic(e, options.fileName, source);
    return failed;
  };
  const std::vector<std::string_view> lines = splitLines(source);
  auto def = findDefinition(lines);
  if (!def) return fail(def.error());

  Script script;
  script.fusion = std::make_unique<ir::Fusion>();
  script.functionName = def->name;
  script.fusion->setName(def->name);
  readPreamble(lines, script);

  DefinitionBuilder builder(*script.fusion, def->fdName);
  SyntaxParser parser(source, def->line + 1);
  int lastBodyLine = def->line;
  SourceLoc endLoc{def->line, 1};
  while (parser.skipNewlines()) {
    const Token& tok = parser.current();
    if (tok.kind != TokenKind::Invalid && tok.loc.column - 1 <= def->indent) break;  // dedent: body ended
    static const std::set<std::string> kControlFlow = {"for", "while", "if", "elif", "else", "with", "try", "def",
                                                        "class", "import", "from", "global", "assert", "del", "raise"};
    if (tok.kind == TokenKind::Name && kControlFlow.count(tok.text))
      return fail(makeError("unsupported statement: '" + tok.text +
                                "' in a fusion definition; the body may only contain fd.define_*, fd.ops.* and "
                                "fd.add_output calls (unroll loops as nvFuser's printer does)",
                            tok.loc));
    if (tok.isName("return")) break;
    auto st = parser.parseStatement();
    if (!st) return fail(st.error());
    if (auto status = builder.statement(st.value()); !status) return fail(status.error());
    lastBodyLine = parser.current().loc.line;
    endLoc = st->loc;
  }
  if (auto status = builder.finish(endLoc); !status) return fail(status.error());
  if (auto status = script.fusion->verify(); !status) return fail(status.error());

  const int footerLine = findFooterLine(lines, lastBodyLine - 1);
  if (footerLine > 0) {
    SyntaxParser footerParser(source, footerLine);
    auto st = footerParser.parseStatement();
    if (!st) return fail(st.error());
    auto specs = readFooter(*st->value, *script.fusion, script.warnings, options.fileName, source);
    if (!specs) return fail(specs.error());
    if (specs->has_value()) {
      script.inputs = std::move(**specs);
      script.inputsFromFooter = true;
    }
  } else {
    const Error e = makeError(
        "no 'inputs = [...]' footer; inputs will be generated from the definition (symbolic extents = 8)",
        SourceLoc{lastBodyLine, 1});
    if (options.requireFooter) return fail(e);
    script.warnings.push_back(makeDiagnostic(e, options.fileName, source, Severity::Warning));
  }
  if (!script.inputsFromFooter) script.inputs = defaultInputs(*script.fusion);
  ParseOutcome outcome;
  outcome.script = std::move(script);
  return outcome;
}

ParseOutcome loadScriptFile(const std::string& path) {
  auto text = readTextFile(path);
  if (!text) {
    ParseOutcome failed;
    failed.error.file = path;
    failed.error.message = text.error().message.substr(path.size() + 2);
    return failed;
  }
  ParseOptions options;
  options.fileName = path;
  return parseScript(text.value(), options);
}

}  // namespace segscope::frontend
