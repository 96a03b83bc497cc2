// Thunder trace regions to nvFuser definitions: the printout's layout (docs/research/
// thunder_traces.md §2-4) and the prim translations of thunder/executors/nvfuserex_impl.py (§7).
#include "model/thunder_trace.h"

#include <cctype>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <variant>

namespace segscope::model {
namespace {

// ---------------------------------------------------------------------------- lines and types

struct TraceLine {
  std::string_view text;
  int number = 0;
};

std::vector<TraceLine> traceLines(std::string_view text) {
  std::vector<TraceLine> out;
  std::size_t start = 0;
  for (int n = 1; start < text.size(); ++n) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view l = text.substr(start, end - start);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    out.push_back({l, n});
    start = end + 1;
  }
  return out;
}

std::size_t indentOf(std::string_view l) {
  std::size_t n = 0;
  while (n < l.size() && l[n] == ' ') ++n;
  return n;
}

std::string_view trimmedSpace(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A proxy's type as its annotation prints it (thunder/core/proxies.py:1586-1587, 1118-1212).
struct ProxyType {
  bool tensor = false;
  std::string dtype;  // "f32", "bf16", "b8", ...; for numbers: "int", "float", "bool", "complex"
  std::vector<std::int64_t> dims;
  std::string device;
  std::string value;  // a number's printed value ("4", "0.5", "True"; "?" unknown)
};

// `[IntegerProxy name=i0, value=1024, static=...]` is a symbolic dim: its value stands for it.
std::optional<std::int64_t> dimOf(std::string_view d) {
  d = trimmedSpace(d);
  if (const std::size_t v = d.find("value="); v != std::string_view::npos) d = d.substr(v + 6);
  std::int64_t out = 0;
  std::size_t k = 0;
  for (; k < d.size() && std::isdigit(static_cast<unsigned char>(d[k])); ++k) {
    if (out > (std::numeric_limits<std::int64_t>::max() - 9) / 10) return std::nullopt;  // no extent is that long
    out = out * 10 + (d[k] - '0');
  }
  return k == 0 ? std::nullopt : std::optional<std::int64_t>(out);
}

std::optional<ProxyType> parseType(std::string_view t) {
  ProxyType type;
  const std::size_t space = t.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::string_view head = t.substr(0, space), rest = trimmedSpace(t.substr(space + 1));
  if (head == "int" || head == "float" || head == "bool" || head == "complex") {
    type.dtype = std::string(head);
    type.value = std::string(rest);
    return type;
  }
  const std::size_t open = rest.find('[');
  if (open == std::string_view::npos || rest.back() != ']') return std::nullopt;
  type.tensor = true;
  type.device = std::string(head);
  type.dtype = std::string(rest.substr(0, open));
  std::string_view dims = rest.substr(open + 1, rest.size() - open - 2);
  int depth = 0;
  std::size_t from = 0;
  for (std::size_t k = 0; k <= dims.size(); ++k) {
    if (k < dims.size() && dims[k] == '[') ++depth;
    if (k < dims.size() && dims[k] == ']') --depth;
    if (k == dims.size() || (dims[k] == ',' && depth == 0)) {
      if (!trimmedSpace(dims.substr(from, k - from)).empty()) {
        const auto d = dimOf(dims.substr(from, k - from));
        if (!d) return std::nullopt;
        type.dims.push_back(*d);
      }
      from = k + 1;
    }
  }
  return type;
}

// The trailing `# name: "type"` of a line (an input's annotation, or an op's output type).
std::optional<std::pair<std::string, ProxyType>> annotationOf(std::string_view l) {
  l = trimmedSpace(l);
  if (l.size() < 4 || l.back() != '"') {
    if (const std::size_t u = l.rfind(" (unused)"); u != std::string_view::npos) l = trimmedSpace(l.substr(0, u));
    if (l.empty() || l.back() != '"') return std::nullopt;
  }
  const std::size_t close = l.size() - 1;
  const std::size_t open = l.rfind('"', close - 1);
  if (open == std::string_view::npos || open < 3 || l.substr(open - 2, 2) != ": ") return std::nullopt;
  std::size_t nameEnd = open - 2, nameStart = nameEnd;
  while (nameStart > 0 && isNameChar(l[nameStart - 1])) --nameStart;
  if (nameStart == nameEnd || nameStart < 2 || l.substr(nameStart - 2, 2) != "# ") return std::nullopt;
  auto type = parseType(l.substr(open + 1, close - open - 1));
  if (!type) return std::nullopt;
  return std::make_pair(std::string(l.substr(nameStart, nameEnd - nameStart)), std::move(*type));
}

// ---------------------------------------------------------------------------- argument values

struct Value;
using ValuePtr = std::shared_ptr<Value>;
struct Value {
  enum class Kind { Name, Number, String, List, Dtype, None, Call } kind = Kind::None;
  std::string text;  // a name, a number as printed, a string's contents, a dtype ("float32")
  bool integer = false;
  std::vector<ValuePtr> items;  // a list or tuple; a call's arguments
};

struct Call {
  std::string callee;  // "prims.add"
  std::vector<ValuePtr> args;
  std::map<std::string, ValuePtr> kwargs;
};

class ArgParser {
 public:
  explicit ArgParser(std::string_view s) : s_(s) {}

  std::optional<Call> call() {
    Call c;
    skip();
    const std::size_t start = at_;
    while (at_ < s_.size() && (isNameChar(s_[at_]) || s_[at_] == '.')) ++at_;
    c.callee = std::string(s_.substr(start, at_ - start));
    if (c.callee.empty() || !eat('(')) return std::nullopt;
    if (!arguments(c.args, &c.kwargs, ')')) return std::nullopt;
    return c;
  }

 private:
  void skip() {
    while (at_ < s_.size() && s_[at_] == ' ') ++at_;
  }
  bool eat(char c) {
    skip();
    if (at_ < s_.size() && s_[at_] == c) return ++at_, true;
    return false;
  }
  bool arguments(std::vector<ValuePtr>& out, std::map<std::string, ValuePtr>* kwargs, char close) {
    if (eat(close)) return true;
    for (;;) {
      skip();
      std::size_t save = at_;
      std::string key;
      while (at_ < s_.size() && isNameChar(s_[at_])) ++at_;
      if (kwargs && at_ > save && at_ < s_.size() && s_[at_] == '=' && (at_ + 1 >= s_.size() || s_[at_ + 1] != '='))
        key = std::string(s_.substr(save, at_ - save)), ++at_;
      else
        at_ = save;
      ValuePtr v = value();
      if (!v) return false;
      if (key.empty())
        out.push_back(v);
      else
        (*kwargs)[key] = v;
      if (eat(close)) return true;
      if (!eat(',')) return false;
      if (eat(close)) return true;  // a trailing comma: (2,)
    }
  }
  ValuePtr value() {
    skip();
    if (at_ >= s_.size()) return nullptr;
    auto v = std::make_shared<Value>();
    const char c = s_[at_];
    if (c == '(' || c == '[') {
      ++at_;
      v->kind = Value::Kind::List;
      return arguments(v->items, nullptr, c == '(' ? ')' : ']') ? v : nullptr;
    }
    if (c == '"' || c == '\'') {
      const std::size_t close = s_.find(c, at_ + 1);
      if (close == std::string_view::npos) return nullptr;
      v->kind = Value::Kind::String;
      v->text = std::string(s_.substr(at_ + 1, close - at_ - 1));
      at_ = close + 1;
      return v;
    }
    if (c == '-' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) {
      const std::size_t start = at_++;
      while (at_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[at_])) || s_[at_] == '.' ||
                                 ((s_[at_] == '-' || s_[at_] == '+') && (s_[at_ - 1] == 'e' || s_[at_ - 1] == 'E'))))
        ++at_;
      v->kind = Value::Kind::Number;
      v->text = std::string(s_.substr(start, at_ - start));
      if (v->text == "-" && s_.substr(at_).rfind("float(", 0) == 0) {  // -float('inf')
        ValuePtr inner = value();
        if (!inner) return nullptr;
        v->text = "-" + inner->text;
        return v;
      }
      v->integer = v->text.find_first_of(".eE") == std::string::npos;
      return v;
    }
    const std::size_t start = at_;
    while (at_ < s_.size() && (isNameChar(s_[at_]) || s_[at_] == '.')) ++at_;
    const std::string word(s_.substr(start, at_ - start));
    if (word.empty()) return nullptr;
    if (eat('(')) {  // float('inf'), devices.Device("cuda:0")
      v->kind = Value::Kind::Call;
      v->text = word;
      if (!arguments(v->items, nullptr, ')')) return nullptr;
      if (word == "float" && v->items.size() == 1) {
        v->kind = Value::Kind::Number;
        v->text = v->items[0]->text == "inf" ? "float('inf')" : "float('nan')";
      }
      return v;
    }
    if (word == "None") return v;
    if (word.rfind("dtypes.", 0) == 0) {
      v->kind = Value::Kind::Dtype;
      v->text = word.substr(7);
      if (!v->text.empty() && v->text.back() == '_') v->text.pop_back();  // a weak dtype
      return v;
    }
    v->kind = word == "True" || word == "False" ? Value::Kind::Number : Value::Kind::Name;
    v->text = word;
    return v;
  }

  std::string_view s_;
  std::size_t at_ = 0;
};

// ---------------------------------------------------------------------------- dtypes

// thunder/executors/nvfuserex_impl.py:97-148.
std::optional<std::string> nvDtype(std::string_view d) {
  static const std::map<std::string_view, std::string_view> map = {{"f64", "Double"},
                                                                   {"float64", "Double"},
                                                                   {"f32", "Float"},
                                                                   {"float32", "Float"},
                                                                   {"f16", "Half"},
                                                                   {"float16", "Half"},
                                                                   {"bf16", "BFloat16"},
                                                                   {"bfloat16", "BFloat16"},
                                                                   {"i64", "Int"},
                                                                   {"int64", "Int"},
                                                                   {"i32", "Int32"},
                                                                   {"int32", "Int32"},
                                                                   {"b8", "Bool"},
                                                                   {"bool8", "Bool"},
                                                                   {"c64", "ComplexFloat"},
                                                                   {"complex64", "ComplexFloat"},
                                                                   {"c128", "ComplexDouble"},
                                                                   {"complex128", "ComplexDouble"},
                                                                   {"int", "Int"},
                                                                   {"float", "Double"},
                                                                   {"bool", "Bool"},
                                                                   {"complex", "ComplexDouble"},
                                                                   {"ui64", "UInt64"},
                                                                   {"uint64", "UInt64"},
                                                                   {"f8_e5m2", "Float8_e5m2"},
                                                                   {"float8_e5m2", "Float8_e5m2"},
                                                                   {"f8_e4m3fn", "Float8_e4m3fn"},
                                                                   {"float8_e4m3fn", "Float8_e4m3fn"}};
  const auto it = map.find(d);
  return it == map.end() ? std::nullopt : std::optional<std::string>(std::string(it->second));
}

std::optional<std::string> torchDtype(std::string_view d) {
  static const std::map<std::string_view, std::string_view> map = {
      {"f64", "float64"}, {"f32", "float32"}, {"f16", "float16"},   {"bf16", "bfloat16"},  {"i64", "int64"},
      {"i32", "int32"},   {"b8", "bool"},     {"c64", "complex64"}, {"c128", "complex128"}};
  const auto it = map.find(d);
  return it == map.end() ? std::nullopt : std::optional<std::string>("torch." + std::string(it->second));
}

// ---------------------------------------------------------------------------- translation

// Writes one region's definition: names of the trace become T<k> / S<k> in definition order.
class Translator {
 public:
  Translator(const std::map<std::string, ProxyType>& types) : types_(types) {}

  /// The input `name` as define_tensor / define_scalar; false when its type is unknown.
  bool defineInput(const std::string& name) {
    const auto it = types_.find(name);
    if (it == types_.end()) return false;
    const ProxyType& t = it->second;
    const auto dtype = nvDtype(t.dtype);
    if (!dtype) return false;
    if (!t.tensor) {
      const std::string s = fresh('S', name);
      body_.push_back(s + " = fd.define_scalar(None, dtype=DataType." + *dtype + ")");
      footer_.push_back(t.dtype == "bool" ? t.value : t.value == "?" ? "1" : t.value);
      return true;
    }
    const std::string tv = fresh('T', name);
    std::string shape, contiguity, order, sizes;
    const std::size_t rank = t.dims.size();
    for (std::size_t d = 0; d < rank; ++d) {
      const std::string sep = d ? ", " : "";
      shape += sep + (t.dims[d] == 1 ? "1" : "-1");
      contiguity += sep + (t.dims[d] == 1 ? "None" : "True");
      order += sep + std::to_string(rank - 1 - d);
      sizes += sep + std::to_string(t.dims[d]);
    }
    if (rank == 1) sizes += ",";
    body_.push_back(tv + " = fd.define_tensor(shape=[" + shape + "], contiguity=[" + contiguity + "], dtype=DataType." +
                    *dtype + ", is_cpu=" + (t.device == "cpu" ? "True" : "False") + ", stride_order=[" + order + "])");
    const auto torch = torchDtype(t.dtype);
    footer_.push_back("torch.testing.make_tensor((" + sizes + "), dtype=" + torch.value_or("torch.float32") +
                      ", device='" + (t.device == "cpu" ? "cpu" : "cuda:0") + "')");
    return true;
  }

  /// One op line of the region; an error names what has no translation.
  Status op(const std::vector<std::string>& outs, const Call& c) {
    const std::string prim = c.callee.rfind("prims.", 0) == 0 ? c.callee.substr(6) : "";
    if (prim.empty()) return makeError("'" + c.callee + "' is not a prim this translation knows");
    static const std::set<std::string> unary = {
        "abs",    "acos", "acosh",   "asin",    "asinh",  "atan", "atanh", "bitwise_not", "ceil",       "cos",
        "cosh",   "erf",  "erfc",    "erfcinv", "erfinv", "exp",  "exp2",  "expm1",       "floor",      "isfinite",
        "lgamma", "log",  "log10",   "log1p",   "log2",   "neg",  "real",  "imag",        "reciprocal", "round",
        "rsqrt",  "sign", "signbit", "sin",     "sinh",   "sqrt", "tan",   "tanh",        "trunc"};
    static const std::set<std::string> binary = {"add",
                                                 "atan2",
                                                 "bitwise_and",
                                                 "bitwise_or",
                                                 "bitwise_xor",
                                                 "eq",
                                                 "fmod",
                                                 "ge",
                                                 "gt",
                                                 "le",
                                                 "lt",
                                                 "mul",
                                                 "ne",
                                                 "nextafter",
                                                 "pow",
                                                 "remainder",
                                                 "sub",
                                                 "maximum",
                                                 "minimum",
                                                 "bitwise_left_shift",
                                                 "bitwise_right_shift"};
    const auto arg = [&](std::size_t i) -> ValuePtr { return i < c.args.size() ? c.args[i] : nullptr; };
    const auto kw = [&](const std::string& k, std::size_t i) -> ValuePtr {
      const auto it = c.kwargs.find(k);
      return it != c.kwargs.end() ? it->second : arg(i);
    };
    if (outs.empty()) return makeError("prims." + prim + " has no output");
    const std::string out = outs[0];
    if (unary.count(prim)) return assign(out, "fd.ops." + prim + "(" + operand(arg(0)) + ")");
    if (binary.count(prim)) return assign(out, "fd.ops." + prim + "(" + operand(arg(0)) + ", " + operand(arg(1)) + ")");
    if (prim == "convert_element_type")
      return assign(out, "fd.ops.cast(" + operand(arg(0)) + ", dtype=" + dtypeOf(arg(1)) + ")");
    if (prim == "broadcast_in_dim")
      return assign(out, "fd.ops.broadcast_in_dim(" + operand(arg(0)) + ", shape=" + ints(arg(1)) +
                             ", broadcast_dims=" + ints(arg(2)) + ")");
    if (prim == "reshape")
      return assign(out, "fd.ops.reshape(" + operand(arg(0)) + ", new_shape=" + ints(arg(1)) + ")");
    if (prim == "transpose") return assign(out, "fd.ops.permute(" + operand(arg(0)) + ", dims=" + ints(arg(1)) + ")");
    if (prim == "squeeze") return assign(out, "fd.ops.squeeze(" + operand(arg(0)) + ", dims=" + ints(arg(1)) + ")");
    if (prim == "stride_order")
      return assign(out, "fd.ops.stride_order(" + operand(arg(0)) + ", stride_order=" + ints(arg(1)) + ")");
    if (prim == "slice_prim")
      return assign(out, "fd.ops.slice(" + operand(arg(0)) + ", start_indices=" + ints(arg(1)) + ", end_indices=" +
                             ints(arg(2)) + (arg(3) ? ", strides=" + ints(arg(3)) : std::string()) + ")");
    if (prim == "cat") {
      std::string list;
      if (arg(0))
        for (const ValuePtr& t : arg(0)->items) list += (list.empty() ? "" : ", ") + operand(t);
      return assign(out, "fd.ops.cat([" + list + "], dim=" + (arg(1) ? arg(1)->text : "0") + ")");
    }
    if (prim == "pad") {  // [(lo, hi, dilation), ...] to lo, hi per dim, last dim first (impl:1243-1277)
      const ValuePtr config = arg(2);
      std::string widths;
      if (!config) return makeError("prims.pad without its padding config");
      for (std::size_t d = config->items.size(); d-- > 0;) {
        const ValuePtr& dim = config->items[d];
        if (dim->items.size() < 2) return makeError("prims.pad's config is not (lo, hi, dilation) per dim");
        if (dim->items.size() > 2 && dim->items[2]->text != "0")
          return makeError("prims.pad with interior (dilation) padding, which nvFuser does not fuse");
        widths += (widths.empty() ? "" : ", ") + dim->items[0]->text + ", " + dim->items[1]->text;
      }
      return assign(out, "fd.ops.pad(" + operand(arg(0)) + ", [" + widths + "], " + operand(arg(1)) + ")");
    }
    if (prim == "take")
      return assign(out,
                    "fd.ops.index_select(" + operand(arg(0)) + ", " + operand(arg(1)) + ", dim=" + text(arg(2)) + ")");
    if (prim == "take_along_axis")
      return assign(
          out, "fd.ops.take_along_axis(" + operand(arg(0)) + ", " + operand(arg(1)) + ", dim=" + text(arg(2)) + ")");
    if (prim == "full")
      return assign(out, "fd.ops.full(shape=" + ints(arg(0)) + ", fill_value=" + operand(arg(1)) +
                             ", dtype=" + dtypeOf(kw("dtype", 3)) + ")");
    if (prim == "uniform" || prim == "uniform_philox")
      return assign(out, "fd.ops.uniform(" + operand(arg(1)) + ", " + operand(arg(2)) + ", shape=" + ints(arg(0)) +
                             ", dtype=" + dtypeOf(kw("dtype", 4)) + ")");
    if (prim == "div") {  // impl:1873-1884: a true division is a multiplication by the reciprocal
      if (isInteger(arg(0)) && isInteger(arg(1)))
        return assign(out, "fd.ops.div(" + operand(arg(0)) + ", " + operand(arg(1)) + ")");
      const std::string r = fresh('T', "");
      body_.push_back(r + " = fd.ops.reciprocal(" + operand(arg(1)) + ")");
      return assign(out, "fd.ops.mul(" + operand(arg(0)) + ", " + r + ")");
    }
    if (prim == "where") {  // impl:2075-2098: always cast to the common dtype (the output's)
      const std::string w = fresh('T', "");
      body_.push_back(w + " = fd.ops.where(" + operand(arg(0)) + ", " + operand(arg(1)) + ", " + operand(arg(2)) + ")");
      const auto t = types_.find(out);
      const auto d = t == types_.end() ? std::nullopt : nvDtype(t->second.dtype);
      if (!d) return aliasTo(out, w);
      return assign(out, "fd.ops.cast(" + w + ", dtype=DataType." + *d + ")");
    }
    for (const auto& [thunder, nv] :
         {std::pair<std::string, std::string>{"amax", "max"}, {"amin", "min"}, {"sum", "sum"}, {"prod", "prod"}})
      if (prim == thunder)
        return assign(out, "fd.ops." + nv + "(" + operand(arg(0)) + ", dims=" + ints(arg(1)) +
                               ", keepdim=False, dtype=DataType.Null)");
    if (prim == "var")
      return assign(out, "fd.ops.var(" + operand(arg(0)) + ", dims=" + ints(arg(1)) +
                             ", correction=" + text(kw("correction", 2)) + ", keepdim=False)");
    if (prim == "var_mean") {
      if (outs.size() != 2) return makeError("prims.var_mean with " + std::to_string(outs.size()) + " outputs");
      const std::string v = outs[0] == "_" ? fresh('T', "") : fresh('T', outs[0]);
      const std::string m = outs[1] == "_" ? fresh('T', "") : fresh('T', outs[1]);
      body_.push_back(v + ", " + m + " = fd.ops.var_mean(" + operand(arg(0)) + ", dims=" + ints(arg(1)) +
                      ", correction=" + text(kw("correction", 2)) + ", keepdim=False)");
      return {};
    }
    if (prim == "lerp")
      return assign(out, "fd.ops.lerp(" + operand(arg(0)) + ", " + operand(arg(1)) + ", " + operand(arg(2)) + ")");
    if (prim == "clone" || prim == "copy_") return assign(out, "fd.ops.set(" + operand(arg(0)) + ")");
    if (prim == "shallow_copy") return aliasTo(out, operand(arg(0)));
    if (prim == "linear")
      return assign(out, "fd.ops.linear(" + operand(arg(0)) + ", " + operand(arg(1)) +
                             (arg(2) && arg(2)->kind != Value::Kind::None ? ", " + operand(arg(2)) : std::string()) +
                             ")");
    if (prim == "matmul") return assign(out, "fd.ops.matmul(" + operand(arg(0)) + ", " + operand(arg(1)) + ")");
    return makeError("prims." + prim + " has no translation here (thunder/executors/nvfuserex_impl.py)");
  }

  /// fd.add_output for each region output; false when one was never defined.
  bool outputs(const std::vector<std::string>& outs, std::string& missing) {
    for (const std::string& o : outs) {
      const auto it = names_.find(o);
      if (it == names_.end()) {
        missing = o;
        return false;
      }
      body_.push_back("fd.add_output(" + it->second + ")");
    }
    return true;
  }

  std::string script(const std::string& region, const std::string& where) const {
    std::string s = "# Thunder region " + region + " (" + where +
                    "), translated as thunder/executors/nvfuserex_impl.py create_fd builds it\n"
                    "import torch\nfrom nvfuser import FusionDefinition, DataType\n\n"
                    "def nvfuser_fusion(fd : FusionDefinition) -> None :\n";
    for (const std::string& l : body_) s += "    " + l + "\n";
    s += "\nwith FusionDefinition() as fd:\n    nvfuser_fusion(fd)\n\ninputs = [\n";
    for (const std::string& f : footer_) s += "    " + f + ",\n";
    return s + "]\nfd.execute(inputs)\n";
  }

 private:
  std::string fresh(char kind, const std::string& thunderName) {
    const std::string n = std::string(1, kind) + std::to_string(next_++);
    if (!thunderName.empty()) names_[thunderName] = n;
    return n;
  }
  Status assign(const std::string& out, const std::string& expr) {
    const auto t = types_.find(out);
    const bool scalar = t != types_.end() && !t->second.tensor;
    body_.push_back(fresh(scalar ? 'S' : 'T', out) + " = " + expr);
    return {};
  }
  Status aliasTo(const std::string& out, const std::string& defined) {
    names_[out] = defined;
    return {};
  }
  bool isInteger(const ValuePtr& v) const {
    if (!v) return false;
    if (v->kind == Value::Kind::Number) return v->integer;
    const auto t = types_.find(v->text);
    return t != types_.end() && (t->second.dtype == "int" || t->second.dtype.rfind("i", 0) == 0);
  }
  // A tensor or scalar operand: a defined name, or a literal as define_scalar (getnv, impl:160-185).
  std::string operand(const ValuePtr& v) {
    if (!v) return "None";
    if (v->kind == Value::Kind::Name) {
      const auto it = names_.find(v->text);
      return it != names_.end() ? it->second : v->text;
    }
    if (v->kind == Value::Kind::Number) {
      const bool boolean = v->text == "True" || v->text == "False";
      const std::string dtype = boolean ? "Bool" : v->integer ? "Int" : "Double";
      const std::string s = fresh('S', "");
      body_.push_back(s + " = fd.define_scalar(" + v->text + ", dtype=DataType." + dtype + ")");
      return s;
    }
    return v->text;
  }
  static std::string text(const ValuePtr& v) { return v ? v->text : "0"; }
  static std::string ints(const ValuePtr& v) {
    std::string out = "[";
    if (v)
      for (std::size_t i = 0; i < v->items.size(); ++i) out += (i ? ", " : "") + v->items[i]->text;
    return out + "]";
  }
  static std::string dtypeOf(const ValuePtr& v) {
    const auto d = v ? nvDtype(v->text) : std::nullopt;
    return "DataType." + d.value_or("Float");
  }

  const std::map<std::string, ProxyType>& types_;
  std::map<std::string, std::string> names_;  // thunder name -> T<k> / S<k>
  std::vector<std::string> body_, footer_;
  int next_ = 0;
};

// ---------------------------------------------------------------------------- regions

// `[a, b] = nvFusion3(x, y)` (or a tuple on the left): the region's name, outputs and inputs.
struct CallLine {
  std::string name;
  std::vector<std::string> outs, ins;
};

std::vector<std::string> names(std::string_view list) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (std::size_t k = 0; k <= list.size(); ++k)
    if (k == list.size() || list[k] == ',') {
      std::string_view n = trimmedSpace(list.substr(from, k - from));
      while (!n.empty() && (n.front() == '[' || n.front() == '(')) n.remove_prefix(1);
      while (!n.empty() && (n.back() == ']' || n.back() == ')')) n.remove_suffix(1);
      n = trimmedSpace(n);
      if (!n.empty()) out.emplace_back(n);
      from = k + 1;
    }
  return out;
}

std::optional<CallLine> regionCall(std::string_view l) {
  if (indentOf(l) != 2) return std::nullopt;
  const std::size_t eq = l.find(" = nvFusion");
  if (eq == std::string_view::npos) return std::nullopt;
  const std::size_t open = l.find('(', eq);
  const std::size_t close = l.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return std::nullopt;
  CallLine c;
  c.name = std::string(trimmedSpace(l.substr(eq + 3, open - eq - 3)));
  if (c.name.size() <= 8 || !std::isdigit(static_cast<unsigned char>(c.name[8]))) return std::nullopt;
  c.outs = names(l.substr(0, eq));
  c.ins = names(l.substr(open + 1, close - open - 1));
  return c;
}

// An op line of a region, `    # t1 = prims.add(a, b)  # t1: "..."`: its outputs and its call.
std::optional<std::pair<std::vector<std::string>, Call>> opLine(std::string_view l) {
  std::string_view body = trimmedSpace(l);
  if (body.rfind("# ", 0) != 0) return std::nullopt;
  body.remove_prefix(2);
  const std::size_t eq = body.find(" = ");
  if (eq == std::string_view::npos) return std::nullopt;
  auto call = ArgParser(body.substr(eq + 3)).call();
  if (!call) return std::nullopt;
  return std::make_pair(names(body.substr(0, eq)), std::move(*call));
}

Diagnostic problemAt(const std::string& file, const TraceLine& l, std::string message) {
  Diagnostic d;
  d.file = file;
  d.loc = {l.number, static_cast<int>(indentOf(l.text)) + 1};
  d.message = std::move(message);
  d.sourceLine = std::string(l.text);
  return d;
}

}  // namespace

bool looksLikeThunderTrace(std::string_view text) {
  for (const TraceLine& l : traceLines(text))
    if (regionCall(l.text)) return text.find("\ndef ") != std::string_view::npos || text.rfind("def ", 0) == 0;
  return false;
}

std::vector<ThunderRegion> readThunderTrace(std::string_view text, const std::string& file) {
  const std::vector<TraceLine> lines = traceLines(text);
  std::map<std::string, ProxyType> types;  // every annotation of the text (names are unique per trace)
  for (const TraceLine& l : lines)
    if (auto a = annotationOf(l.text)) types[a->first] = std::move(a->second);
  std::vector<ThunderRegion> regions;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::optional<CallLine> call = regionCall(lines[i].text);
    if (!call) continue;
    ThunderRegion region;
    region.name = call->name;
    region.line = lines[i].number;
    Translator t(types);
    for (const std::string& in : call->ins)
      if (!region.problem && !t.defineInput(in))
        region.problem = problemAt(
            file, lines[i], "input " + in + " of " + call->name + " has no type annotation with a dtype nvFuser takes");
    std::size_t k = i + 1;
    for (; k < lines.size(); ++k) {
      const std::size_t indent = indentOf(lines[k].text);
      if (trimmedSpace(lines[k].text).empty()) break;
      if (indent <= 2) break;
      if (indent != 4 || region.problem) continue;  // 6+: a decomposition of the op above
      const auto op = opLine(lines[k].text);
      if (!op) {
        region.problem = problemAt(file, lines[k], "cannot read this op line of " + call->name);
        continue;
      }
      if (Status st = t.op(op->first, op->second); !st)
        region.problem = problemAt(file, lines[k], st.error().message + ", so " + call->name + " is not translated");
    }
    std::string missing;
    if (!region.problem && !t.outputs(call->outs, missing))
      region.problem = problemAt(file, lines[i], "output " + missing + " of " + call->name + " is made by no op of it");
    if (!region.problem) region.script = t.script(call->name, file + ":" + std::to_string(region.line));
    regions.push_back(std::move(region));
    i = k - 1;
  }
  return regions;
}

}  // namespace segscope::model
