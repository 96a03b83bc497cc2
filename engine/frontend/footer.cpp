// Footer forms: make_tensor, randn/randint(...).as_strided, ones/zeros/full, torch.tensor,
// bare Python scalars; each checked against the fusion input it feeds.
#include "frontend/footer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace segscope::frontend {
namespace {

using ir::DataType;

struct CallView {
  const Node* call = nullptr;
  std::string name;
  const Node* keyword(std::string_view key) const {
    for (const auto& [k, v] : call->keywords)
      if (k == key) return v.get();
    return nullptr;
  }
  std::size_t positional() const { return call->items.size() - 1; }
  const Node* arg(std::size_t i) const { return call->items[i + 1].get(); }
};

Error errorAt(const Node* n, std::string message) { return makeError(std::move(message), n->loc); }

Result<std::vector<std::int64_t>> intTuple(const Node* n, const char* what) {
  std::vector<std::int64_t> out;
  if (n->kind == Node::Kind::Int) return std::vector<std::int64_t>{n->intValue};
  if (n->kind != Node::Kind::Tuple && n->kind != Node::Kind::List)
    return errorAt(n, std::string(what) + " must be a tuple of integers");
  for (const NodePtr& item : n->items) {
    if (item->kind != Node::Kind::Int) return errorAt(item.get(), std::string(what) + " must be a tuple of integers");
    out.push_back(item->intValue);
  }
  return out;
}

Result<std::optional<DataType>> torchDtype(const CallView& c) {
  const Node* n = c.keyword("dtype");
  if (!n) return std::optional<DataType>();
  const std::string dotted = n->dottedName();
  if (dotted.rfind("torch.", 0) == 0)
    if (auto t = ir::dataTypeFromTorchName(dotted.substr(6))) return std::optional<DataType>(*t);
  return errorAt(n, "unknown torch dtype '" + (dotted.empty() ? std::string("?") : dotted) + "'");
}

// Sizes given either as one tuple or as varargs ints, starting at positional `first`.
Result<std::vector<std::int64_t>> sizesFrom(const CallView& c, std::size_t first) {
  if (const Node* size = c.keyword("size")) return intTuple(size, "size");
  if (c.positional() == first + 1 && c.arg(first)->kind != Node::Kind::Int) return intTuple(c.arg(first), "size");
  std::vector<std::int64_t> out;
  for (std::size_t i = first; i < c.positional(); ++i) {
    if (c.arg(i)->kind != Node::Kind::Int) return errorAt(c.arg(i), "size must be integers");
    out.push_back(c.arg(i)->intValue);
  }
  return out;
}

std::optional<double> numberOf(const Node* n) {
  if (!n) return std::nullopt;
  if (n->kind == Node::Kind::Int) return static_cast<double>(n->intValue);
  if (n->kind == Node::Kind::Float) return n->floatValue;
  return std::nullopt;
}

// A scalar footer entry, or nullopt if `n` is not a literal.
std::optional<ir::ScalarValue> scalarLiteral(const Node* n) {
  switch (n->kind) {
    case Node::Kind::Int: return ir::ScalarValue(n->intValue);
    case Node::Kind::Float: return ir::ScalarValue(n->floatValue);
    case Node::Kind::Name:
      if (n->text == "True") return ir::ScalarValue(true);
      if (n->text == "False") return ir::ScalarValue(false);
      return std::nullopt;
    case Node::Kind::Call: {
      if (n->items[0]->dottedName() != "float" || n->items.size() != 2 || n->items[1]->kind != Node::Kind::String)
        return std::nullopt;
      const std::string& s = n->items[1]->text;
      if (s == "inf" || s == "+inf") return ir::ScalarValue(std::numeric_limits<double>::infinity());
      if (s == "-inf") return ir::ScalarValue(-std::numeric_limits<double>::infinity());
      if (s == "nan") return ir::ScalarValue(std::numeric_limits<double>::quiet_NaN());
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

// `torch.randn(...).as_strided(size, stride).cuda()`: strips the trailing method calls,
// keeping what as_strided says; returns the factory call, or null for a form we cannot read.
struct Peeled {
  const Node* factory = nullptr;
  std::optional<std::vector<std::int64_t>> sizes, strides;
};

Result<Peeled> peelMethods(const Node* n) {
  Peeled out;
  const Node* call = n;
  while (call->kind == Node::Kind::Call && call->items[0]->kind == Node::Kind::Attribute &&
         call->items[0]->items[0]->kind == Node::Kind::Call) {
    const std::string& method = call->items[0]->text;
    if (method == "as_strided") {
      if (call->items.size() < 3) return errorAt(call, "as_strided needs a size and a stride");
      SEGSCOPE_TRY(auto sizes, intTuple(call->items[1].get(), "as_strided size"));
      SEGSCOPE_TRY(auto strides, intTuple(call->items[2].get(), "as_strided stride"));
      if (sizes.size() != strides.size()) return errorAt(call, "as_strided size and stride have different lengths");
      out.sizes = std::move(sizes);
      out.strides = std::move(strides);
    } else if (method != "cuda" && method != "to" && method != "requires_grad_" && method != "contiguous" &&
               method != "detach" && method != "clone") {
      return out;
    }
    call = call->items[0]->items[0].get();
  }
  if (call->kind == Node::Kind::Call) out.factory = call;
  return out;
}

// torch.testing.make_tensor / randn / rand / empty / ones / zeros: a size and a fill.
Status readSizedFactory(const CallView& c, InputSpec& spec) {
  SEGSCOPE_TRY(spec.sizes, sizesFrom(c, 0));
  const std::string& name = c.name;
  if (name == "torch.testing.make_tensor" || name == "make_tensor") {
    spec.fill = InputFill::MakeTensor;
    if (auto lo = numberOf(c.keyword("low"))) spec.low = *lo;
    if (auto hi = numberOf(c.keyword("high"))) spec.high = *hi;
  } else if (name == "torch.rand") {
    spec.fill = InputFill::MakeTensor;
    spec.low = 0;
    spec.high = 1;
  } else {
    spec.fill = name == "torch.ones" ? InputFill::Ones : name == "torch.zeros" ? InputFill::Zeros : InputFill::Randn;
  }
  return {};
}

// torch.randint(high, size) or torch.randint(low, high, size). torch takes only integer
// bounds (a float is a TypeError) and refuses an empty range, so we do too: the script we
// write back must run, and the bounds must stay exact as int64.
Status readRandint(const CallView& c, InputSpec& spec) {
  if (c.positional() < 2) return errorAt(c.call, "torch.randint needs (low, high, size) or (high, size)");
  const bool hasLow = c.positional() >= 3;
  const Node* lowNode = hasLow ? c.arg(0) : nullptr;
  const Node* highNode = c.arg(hasLow ? 1 : 0);
  for (const Node* bound : {lowNode, highNode})
    if (bound && bound->kind != Node::Kind::Int) return errorAt(bound, "torch.randint bounds must be integers");
  const std::int64_t lo = lowNode ? lowNode->intValue : 0;
  const std::int64_t hi = highNode->intValue;
  if (lo >= hi)
    return errorAt(highNode, "random_ expects 'from' to be less than 'to', but got from=" + std::to_string(lo) +
                                 " >= to=" + std::to_string(hi));
  SEGSCOPE_TRY(spec.sizes, intTuple(c.arg(hasLow ? 2 : 1), "size"));
  spec.fill = InputFill::Randint;
  spec.low = static_cast<double>(lo);
  spec.high = static_cast<double>(hi);
  return {};
}

// torch's device strings: a device type, optionally ':' and an index ("cuda:0"). Anything
// else torch refuses when the footer runs, and it would not survive being written back.
Status checkDevice(const Node* device) {
  static const std::set<std::string> types = {"cpu", "cuda", "meta"};
  const std::string& text = device->text;
  const std::size_t colon = text.find(':');
  const std::string type = text.substr(0, colon);
  const std::string index = colon == std::string::npos ? std::string() : text.substr(colon + 1);
  const bool indexOk = colon == std::string::npos || (!index.empty() && index.size() <= 4 &&
                                                      index.find_first_not_of("0123456789") == std::string::npos);
  if (types.count(type) && indexOk) return {};
  std::string shown;  // the message is one line: control characters shown as '?', long text cut
  for (char ch : text.substr(0, 40)) shown += static_cast<unsigned char>(ch) < 0x20 ? '?' : ch;
  return errorAt(device,
                 "Expected one of cpu, cuda, meta device type (optionally with ':' and an index) at start of "
                 "device string, got '" +
                     shown + (text.size() > 40 ? "...'" : "'"));
}

// torch.full(size, value) and torch.tensor(value): every element = value. False when the
// value is not a literal we read (torch.tensor of a nested list).
Result<bool> readValueFactory(const CallView& c, InputSpec& spec) {
  const bool isFull = c.name == "torch.full";
  if (c.positional() < (isFull ? 2u : 1u))
    return errorAt(c.call, isFull ? "torch.full needs (size, fill_value)" : "torch.tensor needs a value");
  if (isFull) {
    SEGSCOPE_TRY(spec.sizes, intTuple(c.arg(0), "size"));
  }
  auto v = scalarLiteral(c.arg(isFull ? 1 : 0));
  if (!v) {
    if (isFull) return errorAt(c.arg(1), "torch.full value must be a number");
    return false;
  }
  spec.fill = InputFill::Value;
  spec.value = v;
  return true;
}

// The dtype a factory gives when the footer names none.
DataType defaultDtype(const InputSpec& spec) {
  if (spec.fill == InputFill::Randint) return DataType::Int;
  if (spec.fill != InputFill::Value) return DataType::Float;
  if (std::holds_alternative<double>(*spec.value)) return DataType::Float;
  return std::holds_alternative<bool>(*spec.value) ? DataType::Bool : DataType::Int;  // as torch infers it
}

// One footer entry → InputSpec; nullopt when it is not a form we can read.
Result<std::optional<InputSpec>> readEntry(const Node* n) {
  using R = std::optional<InputSpec>;
  InputSpec spec;
  spec.loc = n->loc;
  if (auto v = scalarLiteral(n)) {
    spec.isTensor = false;
    spec.fill = InputFill::Scalar;
    spec.value = v;
    spec.dtype = std::holds_alternative<bool>(*v)           ? DataType::Bool
                 : std::holds_alternative<std::int64_t>(*v) ? DataType::Int
                                                            : DataType::Double;
    return R(spec);
  }
  if (n->kind != Node::Kind::Call) return R();
  SEGSCOPE_TRY(Peeled peeled, peelMethods(n));
  if (!peeled.factory) return R();
  const CallView c{peeled.factory, peeled.factory->items[0]->dottedName()};
  SEGSCOPE_TRY(auto dtype, torchDtype(c));
  if (const Node* device = c.keyword("device"); device && device->kind == Node::Kind::String) {
    if (auto st = checkDevice(device); !st) return st.error();
    spec.device = device->text;
  }
  static const std::set<std::string> sized = {"torch.testing.make_tensor",
                                              "make_tensor",
                                              "torch.randn",
                                              "torch.rand",
                                              "torch.empty",
                                              "torch.ones",
                                              "torch.zeros"};
  if (sized.count(c.name)) {
    if (auto st = readSizedFactory(c, spec); !st) return st.error();
  } else if (c.name == "torch.randint") {
    if (auto st = readRandint(c, spec); !st) return st.error();
  } else if (c.name == "torch.full" || c.name == "torch.tensor") {
    SEGSCOPE_TRY(bool readable, readValueFactory(c, spec));
    if (!readable) return R();
  } else {
    return R();
  }
  spec.dtype = dtype.value_or(defaultDtype(spec));
  if (peeled.sizes) {
    spec.sizes = *peeled.sizes;
    spec.strides = *peeled.strides;
  }
  if (auto st = checkInputLayout(spec); !st) return st.error();
  return R(spec);
}

std::string describe(const ir::Val* v) {
  if (const ir::TensorView* tv = v->asTensor())
    return v->name() + " (DataType." + std::string(ir::dataTypeName(v->dtype())) + ", rank " +
           std::to_string(tv->rank()) + ")";
  return v->name() + " (DataType." + std::string(ir::dataTypeName(v->dtype())) + " scalar)";
}

Status checkEntry(const InputSpec& spec, const ir::Val* input, std::size_t index) {
  const std::string which = "footer input " + std::to_string(index);
  if (spec.isTensor != input->isTensor())
    return makeError(which + " is a " + (spec.isTensor ? "tensor" : "scalar") + " but the definition's input " +
                         std::to_string(index) + " is " + describe(input),
                     spec.loc);
  if (!spec.isTensor) {
    const bool isFloatValue = std::holds_alternative<double>(*spec.value);
    if ((ir::isIntegral(input->dtype()) || input->dtype() == DataType::Bool) && isFloatValue)
      return makeError(
          which + " is " + ir::formatScalarValue(*spec.value) + " but " + describe(input) + " needs an integer",
          spec.loc);
    return {};
  }
  const ir::TensorView* tv = input->asTensor();
  if (static_cast<int>(spec.sizes.size()) != tv->rank())
    return makeError(which + " has rank " + std::to_string(spec.sizes.size()) + " but " + input->name() +
                         " was defined with rank " + std::to_string(tv->rank()),
                     spec.loc);
  if (spec.dtype != tv->dtype())
    return makeError(which + " has dtype torch." + std::string(ir::torchDtypeName(spec.dtype)) + " but " +
                         input->name() + " is DataType." + std::string(ir::dataTypeName(tv->dtype())),
                     spec.loc);
  for (int d = 0; d < tv->rank(); ++d) {
    const ir::Dim& dim = tv->dim(static_cast<std::size_t>(d));
    const std::int64_t given = spec.sizes[static_cast<std::size_t>(d)];
    if (given < 0) return makeError(which + " has a negative size at dim " + std::to_string(d), spec.loc);
    if (dim.extent.isConst() && dim.extent.value != given)
      return makeError(which + " has size " + std::to_string(given) + " at dim " + std::to_string(d) + " but " +
                           input->name() + " declares " + std::to_string(dim.extent.value),
                       spec.loc);
  }
  return {};
}

}  // namespace

// The layout torch would build: the element count and, for an as_strided view, the span
// of storage it reads must fit in int64 (torch refuses larger), and strides must not be
// negative (as_strided refuses them). Everything downstream computes with these numbers.
Status checkInputLayout(const InputSpec& spec) {
  std::int64_t elements = 1;
  for (std::int64_t size : spec.sizes)
    if (__builtin_mul_overflow(elements, std::max<std::int64_t>(size, 1), &elements))
      return makeError("this tensor would have more than 2^63 elements", spec.loc);
  std::int64_t span = 1;
  for (std::size_t d = 0; d < spec.strides.size(); ++d) {
    const std::int64_t stride = spec.strides[d], size = spec.sizes[d];
    if (stride < 0)
      return makeError("as_strided: Negative strides are not supported (stride " + std::to_string(stride) + " at dim " +
                           std::to_string(d) + ")",
                       spec.loc);
    std::int64_t reach = 0;
    if (size > 0 && (__builtin_mul_overflow(size - 1, stride, &reach) || __builtin_add_overflow(span, reach, &span)))
      return makeError("this as_strided view would span more than 2^63 elements of storage", spec.loc);
  }
  return {};
}

Result<std::optional<std::vector<InputSpec>>> readFooterEntries(const Node& stmtValue,
                                                                std::vector<Diagnostic>& warnings,
                                                                std::string_view file, std::string_view source) {
  using R = std::optional<std::vector<InputSpec>>;
  if (stmtValue.kind != Node::Kind::List && stmtValue.kind != Node::Kind::Tuple) return R();
  std::vector<InputSpec> specs;
  for (const NodePtr& item : stmtValue.items) {
    auto spec = readEntry(item.get());
    if (!spec) return spec.error();
    if (!spec->has_value()) {
      warnings.push_back(makeDiagnostic(
          makeError("footer entry is not a literal tensor or scalar description; inputs will be generated from the "
                    "definition instead",
                    item->loc),
          file, source, Severity::Warning));
      return R();
    }
    specs.push_back(std::move(**spec));
  }
  return R(std::move(specs));
}

Status checkFooter(std::vector<InputSpec>& specs, const Node& stmtValue, const ir::Fusion& fusion) {
  const auto& inputs = fusion.inputs();
  if (specs.size() != inputs.size()) {
    std::string names;
    for (const ir::Val* v : inputs) names += (names.empty() ? "" : ", ") + v->name();
    return makeError("footer lists " + std::to_string(specs.size()) + " input" + (specs.size() == 1 ? "" : "s") +
                         " but the definition declares " + std::to_string(inputs.size()) +
                         (inputs.empty() ? "" : " (" + names + ")"),
                     stmtValue.loc);
  }
  // An int64 tensor feeds a DataType.Index input (that is how torch passes index tensors).
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].isTensor && specs[i].dtype == DataType::Int && inputs[i]->dtype() == DataType::Index)
      specs[i].dtype = DataType::Index;
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (auto st = checkEntry(specs[i], inputs[i], i); !st) return st.error();
  // Scalars take the declared dtype; the footer only gives the value.
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (!specs[i].isTensor) specs[i].dtype = inputs[i]->dtype();
  return {};
}

std::vector<InputSpec> defaultInputs(const ir::Fusion& fusion, std::int64_t fallbackExtent) {
  std::vector<InputSpec> specs;
  for (const ir::Val* in : fusion.inputs()) {
    InputSpec spec;
    spec.dtype = in->dtype();
    if (const ir::TensorView* tv = in->asTensor()) {
      for (const ir::Dim& d : tv->dims()) spec.sizes.push_back(d.extent.isConst() ? d.extent.value : fallbackExtent);
      spec.fill = ir::isIntegral(in->dtype()) ? InputFill::Randint : InputFill::MakeTensor;
      if (spec.fill == InputFill::Randint) spec.low = 0, spec.high = 2;
    } else {
      spec.isTensor = false;
      spec.fill = InputFill::Scalar;
      if (ir::isIntegral(in->dtype()))
        spec.value = ir::ScalarValue(std::int64_t{fallbackExtent});
      else if (in->dtype() == DataType::Bool)
        spec.value = ir::ScalarValue(false);
      else
        spec.value = ir::ScalarValue(0.5);
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

}  // namespace segscope::frontend
