// Fusion → plain PyTorch module. Mirrors writer.cpp's structure (inputs, one statement per
// expr with constants defined before first use, outputs) and the CPU reference's semantics:
// result dtypes come from the IR, so casts and reduction dtypes are spelled out.
#include "frontend/torch_writer.h"

#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <unordered_set>

#include "frontend/torch_module_text.h"

namespace segscope::frontend {

using ir::DataType;
using ir::Expr;
using ir::OpFamily;
using ir::OpType;
using ir::Val;

std::string torchDtypeExpr(DataType t) {
  if (t == DataType::Index) return "torch.int64";
  const std::string_view name = ir::torchDtypeName(t);
  return "torch." + std::string(name.empty() ? "float32" : name);
}

namespace {

std::string join(const std::vector<std::string>& parts, const std::string& sep = ", ") {
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? sep : "") + parts[i];
  return s;
}

std::string intList(const std::vector<std::int64_t>& v) {
  std::vector<std::string> parts;
  for (std::int64_t x : v) parts.push_back(std::to_string(x));
  return "[" + join(parts) + "]";
}

std::string pyFloat(double v) {
  if (std::isnan(v)) return "math.nan";
  if (std::isinf(v)) return v > 0 ? "math.inf" : "-math.inf";
  char buf[40];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;  // shortest text that reads back exactly
  std::string s(buf, end);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

// A constant as the Python number of its dtype's category: an Int 1 stays `1`, a Double 1
// becomes `1.0`, so torch's scalar promotion sees the same category as the IR.
std::string pyLiteral(const ir::ScalarValue& value, DataType t) {
  if (ir::isComplex(t)) {
    const auto c = std::holds_alternative<std::complex<double>>(value)
                       ? std::get<std::complex<double>>(value)
                       : std::complex<double>(ir::scalarAsDouble(value));
    return "complex(" + pyFloat(c.real()) + ", " + pyFloat(c.imag()) + ")";
  }
  const double d = ir::scalarAsDouble(value);
  if (t == DataType::Bool) return d != 0.0 ? "True" : "False";
  if (ir::isIntegral(t)) {
    if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
    return std::to_string(static_cast<std::int64_t>(d));
  }
  return pyFloat(d);
}

// A Python string literal (paths may hold quotes or backslashes).
std::string pyString(const std::string& text) {
  std::string s = "\"";
  for (char c : text) {
    if (c == '\\' || c == '"') s += '\\';
    s += c;
  }
  return s + "\"";
}

bool isComparison(OpType op) {
  return op == OpType::Eq || op == OpType::Ne || op == OpType::Lt || op == OpType::Le || op == OpType::Gt ||
         op == OpType::Ge;
}

// lt(scalar, T) is gt(T, scalar): torch wants the tensor first, and the flip keeps the
// scalar a Python number (exact) instead of a rounded 0-dim tensor.
OpType flippedComparison(OpType op) {
  switch (op) {
    case OpType::Lt: return OpType::Gt;
    case OpType::Gt: return OpType::Lt;
    case OpType::Le: return OpType::Ge;
    case OpType::Ge: return OpType::Le;
    default: return op;
  }
}

// torch functions that take tensors only (no Python-number overload) for every operand.
bool needsTensorOperands(OpType op) {
  switch (op) {
    case OpType::Atan2:
    case OpType::NextAfter:
    case OpType::Minimum:
    case OpType::Maximum:
    case OpType::Gcd:
    case OpType::LogicalAnd:
    case OpType::LogicalOr:
    case OpType::Where:
    case OpType::Lerp: return true;
    default: return false;
  }
}

std::optional<std::string> unaryFunction(OpType op) {
  switch (op) {
    case OpType::Silu: return "F.silu";
    case OpType::Relu: return "torch.relu";
    case OpType::Erfcinv: return "_erfcinv";
    case OpType::Set:
    case OpType::SegmentSet: return std::nullopt;
    default:
      if (ir::opFamily(op) != OpFamily::Unary) return std::nullopt;
      return "torch." + std::string(ir::opName(op));
  }
}

std::optional<std::string> binaryFunction(OpType op, DataType out) {
  switch (op) {
    case OpType::TrueDiv: return "torch.true_divide";
    case OpType::Mod: return "torch.remainder";
    case OpType::LogicalRightShift: return "_logical_right_shift";
    case OpType::BitwiseRightShift:
      return out == DataType::UInt64 ? "_logical_right_shift" : "torch.bitwise_right_shift";
    default:
      if (ir::opFamily(op) != OpFamily::Binary) return std::nullopt;
      return "torch." + std::string(ir::opName(op));
  }
}

class TorchWriter {
 public:
  TorchWriter(const ir::Fusion& f, const TorchWriteOptions& o) : f_(f), options_(o) { splitSource(); }

  Result<TorchModule> write() {
    std::vector<std::string> params;
    const Val* firstTensor = nullptr;
    for (const Val* in : f_.inputs()) {
      params.push_back(in->name());
      defined_.insert(in);
      if (!firstTensor && in->isTensor()) firstTensor = in;
    }
    params.push_back("*");
    params.push_back("device=None");
    emit("device = " + (firstTensor ? firstTensor->name() + ".device" : std::string("'cpu'")) +
         " if device is None else device");
    for (const Expr* e : f_.exprs())
      if (auto st = expr(*e); !st) return st.error();
    std::vector<std::string> outs;
    TorchModule module;
    for (const ir::FusionOutput& o : f_.outputs()) {
      ensureDefined(o.val);
      outs.push_back(o.val->name());
      if (tainted_.count(o.val)) module.notComparable.push_back(o.val->name());
    }
    emit("return (" + join(outs) + (outs.size() == 1 ? ",)" : ")"));
    module.text = moduleText(params, outs, module.notComparable);
    return module;
  }

 private:
  void splitSource() {
    std::size_t pos = 0;
    while (pos <= options_.sourceText.size() && !options_.sourceText.empty()) {
      const std::size_t nl = options_.sourceText.find('\n', pos);
      lines_.push_back(std::string(options_.sourceText.substr(pos, nl == std::string_view::npos ? nl : nl - pos)));
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
  }

  // "  # L12: T3 = fd.ops.cast(...)" — the original statement, or just its line number.
  std::string provenance(SourceLoc loc) const {
    if (!loc.known()) return "";
    const auto index = static_cast<std::size_t>(loc.line - 1);
    if (index >= lines_.size()) return "  # line " + std::to_string(loc.line);
    std::string text = lines_[index];
    const std::size_t first = text.find_first_not_of(" \t");
    text = first == std::string::npos ? "" : text.substr(first);
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
    return "  # L" + std::to_string(loc.line) + ": " + text;
  }

  void emit(const std::string& line, SourceLoc loc = {}) { body_ += "    " + line + provenance(loc) + "\n"; }

  // Constants just before their first use; extents read off their tensor.
  void ensureDefined(const Val* v) {
    if (defined_.count(v)) return;
    const auto* s = dynamic_cast<const ir::Scalar*>(v);
    if (s && s->isConstant()) {
      defined_.insert(v);
      emit(v->name() + " = " + pyLiteral(*s->value(), v->dtype()), v->loc());
    } else if (s && s->extentOf() && defined_.count(s->extentOf())) {
      defined_.insert(v);
      emit(v->name() + " = " + s->extentOf()->name() + ".shape[" + std::to_string(s->extentDim()) + "]");
    }
  }

  std::string sym(const std::vector<ir::SymInt>& list) {
    std::vector<std::string> parts;
    for (const ir::SymInt& s : list) parts.push_back(s.sym ? s.sym->name() : std::to_string(s.value));
    return "[" + join(parts) + "]";
  }

  // Operand i when present (flags say which optional operands were given).
  std::vector<const Val*> optionalOperands(const Expr& e, std::size_t firstOptional) {
    std::vector<const Val*> out;
    std::size_t next = firstOptional;
    for (bool present : e.attrs().flags) out.push_back(present ? e.operand(next++) : nullptr);
    return out;
  }

  std::string wrap(const Val* v, DataType t) {
    helpers_.insert("_t");
    return "_t(" + v->name() + ", " + torchDtypeExpr(t) + ", device)";
  }

  // The type the operands meet in (what a Python scalar turned 0-dim tensor should hold).
  static DataType operandType(const Expr& e, std::size_t first) {
    DataType t = DataType::Null;
    bool tensor = false;
    for (std::size_t i = first; i < e.numOperands(); ++i) {
      const Val* v = e.operand(i);
      t = t == DataType::Null ? v->dtype() : ir::promoteTypes(t, tensor, v->dtype(), v->isTensor());
      tensor = tensor || v->isTensor();
    }
    return ir::computeType(t);
  }

  // --- elementwise --------------------------------------------------------------------

  std::string elementwiseCall(const Expr& e, std::vector<std::string> args) {
    const DataType out = e.output()->dtype();
    const OpType op = e.op();
    switch (e.family()) {
      case OpFamily::Unary: {
        const auto fn = unaryFunction(op);
        if (fn && *fn == "_erfcinv") helpers_.insert("_erfcinv");
        // Float-valued ops on ints/bools compute in the result type (F.silu takes floats only).
        if (ir::resultRule(op) == ir::ResultRule::PromoteFloat && !ir::isFloating(e.operand(0)->dtype()) &&
            e.operand(0)->isTensor())
          args[0] += ".to(" + torchDtypeExpr(out) + ")";
        return *fn + "(" + args[0] + ")";
      }
      case OpFamily::Binary: {
        if (op == OpType::Div)  // nvFuser: integer division truncates, floats divide truly
          return "torch.div(" + args[0] + ", " + args[1] +
                 (ir::isIntegral(out) || out == DataType::Bool ? ", rounding_mode='trunc')" : ")");
        const auto fn = binaryFunction(op, out);
        if (fn && *fn == "_logical_right_shift") {
          helpers_.insert("_logical_right_shift");
          const int width = out == DataType::Int32 ? 32 : out == DataType::Bool ? 8 : 64;
          return *fn + "(" + args[0] + ", " + args[1] + ", " + std::to_string(width) + ")";
        }
        return *fn + "(" + args[0] + ", " + args[1] + ")";
      }
      case OpFamily::Cast: return args[0] + ".to(" + torchDtypeExpr(out) + ")";
      default: break;
    }
    switch (op) {
      case OpType::Where: return "torch.where(" + join(args) + ")";
      case OpType::Lerp: return "torch.lerp(" + join(args) + ")";
      case OpType::Clamp: return "torch.clamp(" + join(args) + ")";
      case OpType::Threshold:  // torch: x <= threshold ? value : x
        return "torch.where(" + args[0] + " <= " + args[1] + ", " + wrap(e.operand(2), out) + ", " + args[0] + ")";
      case OpType::AddAlpha: return "torch.add(" + args[0] + ", " + args[1] + ", alpha=" + args[2] + ")";
      case OpType::SubAlpha: return "torch.sub(" + args[0] + ", " + args[1] + ", alpha=" + args[2] + ")";
      case OpType::Addcmul:
        return "torch.addcmul(" + args[0] + ", " + args[1] + ", " + args[2] + ", value=" + args[3] + ")";
      default: return "";
    }
  }

  // An op whose operands are all scalars computes on 0-dim tensors of their own dtypes
  // (torch's promotion among equals is the IR's) and hands back a Python number.
  std::string scalarElementwise(const Expr& e) {
    const DataType out = e.output()->dtype();
    const auto simple = [](DataType t) { return t == DataType::Double || t == DataType::Int; };
    bool plain = simple(out);
    for (std::size_t i = 0; i < e.numOperands(); ++i) plain = plain && simple(e.operand(i)->dtype());
    const auto n = [&](std::size_t i) { return e.operand(i)->name(); };
    if (plain) {  // Python arithmetic is exact here; keeps the common scalar math readable
      switch (e.op()) {
        case OpType::Add: return n(0) + " + " + n(1);
        case OpType::Sub: return n(0) + " - " + n(1);
        case OpType::Mul: return n(0) + " * " + n(1);
        case OpType::Neg: return "-" + n(0);
        default: break;
      }
    }
    if (e.family() == OpFamily::Cast) {
      if (out == DataType::Double) return "float(" + n(0) + ")";
      if (out == DataType::Bool) return "bool(" + n(0) + ")";
      if (ir::isIntegral(out) && !ir::isFloating(e.operand(0)->dtype())) return "int(" + n(0) + ")";
    }
    std::vector<std::string> args;
    for (std::size_t i = 0; i < e.numOperands(); ++i) args.push_back(wrap(e.operand(i), e.operand(i)->dtype()));
    return elementwiseCall(e, args) + ".item()";
  }

  std::string tensorElementwise(const Expr& e) {
    std::vector<std::string> args;
    OpType op = e.op();
    const bool scalarFirst = e.numOperands() >= 2 && e.operand(0)->isScalar() && e.operand(1)->isTensor();
    if (scalarFirst && isComparison(op)) {  // lt(S, T) → gt(T, S)
      const std::string fn = "torch." + std::string(ir::opName(flippedComparison(op)));
      return fn + "(" + e.operand(1)->name() + ", " + e.operand(0)->name() + ")";
    }
    if (scalarFirst && e.numOperands() == 2) {  // Python's reflected operators keep scalar semantics
      const std::map<OpType, std::string> infix{
          {OpType::Add, " + "}, {OpType::Sub, " - "}, {OpType::Mul, " * "}, {OpType::TrueDiv, " / "}};
      if (auto it = infix.find(op); it != infix.end())
        return "(" + e.operand(0)->name() + it->second + e.operand(1)->name() + ")";
    }
    const std::size_t firstValue = op == OpType::Where ? 1 : 0;
    const DataType meet = operandType(e, firstValue);
    for (std::size_t i = 0; i < e.numOperands(); ++i) {
      const Val* v = e.operand(i);
      const bool keepNumber = v->isTensor() || (op == OpType::Lerp && i == 2) || op == OpType::Addcmul ||
                              op == OpType::AddAlpha || op == OpType::SubAlpha || op == OpType::Clamp ||
                              op == OpType::Threshold || (i > 0 && !needsTensorOperands(op));
      if (keepNumber || (op == OpType::Where && i == 0)) {
        args.push_back(v->isTensor() || op != OpType::Where ? v->name() : wrap(v, DataType::Bool));
      } else {
        args.push_back(wrap(v, op == OpType::Where && i == 0 ? DataType::Bool : meet));
      }
    }
    if ((op == OpType::AddAlpha || op == OpType::SubAlpha) && e.operand(0)->isScalar())
      args[0] = wrap(e.operand(0), meet);
    // nvFuser (and the IR) computes Half/BFloat16 arithmetic in Float and returns Float,
    // where torch would stay narrow: widen those operands first.
    const DataType out = e.output()->dtype();
    for (std::size_t i = 0; i < e.numOperands() && e.family() != OpFamily::Cast; ++i) {
      const Val* v = e.operand(i);
      if (v->isTensor() && ir::isReducedFloat(v->dtype()) && out != v->dtype() && out == ir::computeType(v->dtype()))
        args[i] += ".to(" + torchDtypeExpr(out) + ")";
    }
    return elementwiseCall(e, args);
  }

  // --- everything else ------------------------------------------------------------------

  std::string indexExpr(const std::vector<std::string>& parts) {
    bool all = true;
    for (const std::string& p : parts) all = all && p == ":";
    return all ? "" : "[" + join(parts) + "]";
  }

  std::string castIfNeeded(const std::string& x, DataType from, DataType to) {
    return from == to ? x : x + ".to(" + torchDtypeExpr(to) + ")";
  }

  std::string reductionCall(const Expr& e) {
    const ir::ExprAttributes& a = e.attrs();
    const Val* x = e.operand(0);
    const std::string keep = a.keepdim ? "True" : "False";
    const DataType out = e.output(0)->dtype();
    switch (e.op()) {
      case OpType::Sum:
        return "torch.sum(" + x->name() + ", dim=" + intList(a.dims) + ", keepdim=" + keep +
               ", dtype=" + torchDtypeExpr(out) + ")";
      case OpType::Prod:
        helpers_.insert("_prod");
        return "_prod(" + x->name() + ", " + intList(a.dims) + ", " + keep + ", " + torchDtypeExpr(out) + ")";
      case OpType::Max:
      case OpType::Min:
        return castIfNeeded(std::string(e.op() == OpType::Max ? "torch.amax(" : "torch.amin(") + x->name() +
                                ", dim=" + intList(a.dims) + ", keepdim=" + keep + ")",
                            x->dtype(), out);
      case OpType::Var:
      case OpType::VarMean:
        return std::string(e.op() == OpType::Var ? "torch.var(" : "torch.var_mean(") +
               castIfNeeded(x->name(), x->dtype(), out) + ", dim=" + intList(a.dims) +
               ", correction=" + std::to_string(a.correction) + ", keepdim=" + keep + ")";
      case OpType::Welford:
        helpers_.insert("_welford");
        return "_welford(" + castIfNeeded(x->name(), x->dtype(), out) + ", " + intList(a.dims) + ", " +
               torchDtypeExpr(e.output(2)->dtype()) + ")";
      default:  // cumsum
        return "torch.cumsum(" + x->name() + ", dim=" + std::to_string(a.axis) + ", dtype=" + torchDtypeExpr(out) + ")";
    }
  }

  std::string layoutCall(const Expr& e) {
    const ir::ExprAttributes& a = e.attrs();
    const std::string x = e.operand(0)->name();
    switch (e.family()) {
      case OpFamily::Broadcast: {
        std::vector<std::string> index;
        for (bool b : a.flags) index.push_back(b ? "None" : ":");
        return x + indexExpr(index);
      }
      case OpFamily::BroadcastInDim: {
        std::vector<std::string> index(a.shape.size(), "None");
        for (std::int64_t d : a.dims) index.at(static_cast<std::size_t>(d)) = ":";
        return x + indexExpr(index) + ".expand(" + sym(a.shape) + ")";
      }
      case OpFamily::Expand: return x + ".expand(" + sym(a.shape) + ")";
      case OpFamily::Squeeze: {  // index 0 also drops expanded broadcast dims (squeeze_expanded)
        std::vector<std::string> index(static_cast<std::size_t>(e.operand(0)->asTensor()->rank()), ":");
        for (std::int64_t d : a.dims) index.at(static_cast<std::size_t>(d)) = "0";
        return x + indexExpr(index);
      }
      case OpFamily::Reshape: return x + ".reshape(" + sym(a.shape) + ")";
      case OpFamily::Permute: return x + ".permute(" + intList(a.dims) + ")";
      case OpFamily::Set:
      case OpFamily::StrideOrder: return x;  // values are unchanged
      case OpFamily::Slice: {
        const auto text = [](const ir::SymInt& s) { return s.sym ? s.sym->name() : std::to_string(s.value); };
        std::vector<std::string> index;
        const ir::TensorView* in = e.operand(0)->asTensor();
        for (std::size_t d = 0; d < a.starts.size(); ++d) {
          const ir::SymInt& extent = in->dim(d).extent;
          const bool whole = a.starts[d].isConst(0) && extent.isConst() && a.ends[d].isConst(extent.value) &&
                             (d >= a.steps.size() || a.steps[d].isConst(1));
          if (whole) {
            index.push_back(":");
            continue;
          }
          std::string part = text(a.starts[d]) + ":" + text(a.ends[d]);
          if (d < a.steps.size() && !a.steps[d].isConst(1)) part += ":" + text(a.steps[d]);
          index.push_back(part);
        }
        return x + indexExpr(index);
      }
      case OpFamily::Pad: {
        std::string s = "F.pad(" + x + ", " + sym(a.padWidths);
        if (!a.flags.empty() && a.flags[0] && e.numOperands() > 1) s += ", value=" + e.operand(1)->name();
        return s + ")";
      }
      case OpFamily::Cat: {
        std::vector<std::string> xs;
        for (std::size_t i = 0; i < e.numOperands(); ++i) xs.push_back(e.operand(i)->name());
        return "torch.cat([" + join(xs) + "], dim=" + std::to_string(a.axis) + ")";
      }
      default: return "torch.triu(" + x + ", diagonal=" + std::to_string(a.axis) + ")";
    }
  }

  std::string creationCall(const Expr& e) {
    const ir::ExprAttributes& a = e.attrs();
    const std::string dt = torchDtypeExpr(e.output()->dtype());
    switch (e.family()) {
      case OpFamily::Full:
        return "torch.full(" + sym(a.shape) + ", " + e.operand(0)->name() + ", dtype=" + dt + ", device=device)";
      case OpFamily::Iota: {  // start + i * step, computed wide then rounded, as the reference does
        const auto opt = optionalOperands(e, 1);
        const DataType out = e.output()->dtype();
        const std::string wide = ir::isFloating(out) ? "torch.float64" : "torch.int64";
        std::string s = "torch.arange(" + e.operand(0)->name() + ", dtype=" + wide + ", device=device)";
        if (opt.size() > 1 && opt[1]) s += " * " + opt[1]->name();
        if (!opt.empty() && opt[0]) s = "(" + s + " + " + opt[0]->name() + ")";
        return castIfNeeded(s, ir::isFloating(out) ? DataType::Double : DataType::Int, out);
      }
      case OpFamily::RandomFill: {
        const std::string lo = e.operand(0)->name(), hi = e.operand(1)->name();
        if (e.op() == OpType::Uniform)
          return "torch.rand(" + sym(a.shape) + ", dtype=" + dt + ", device=device) * (" + hi + " - " + lo + ") + " +
                 lo;
        return "torch.randn(" + sym(a.shape) + ", dtype=" + dt + ", device=device) * " + hi + " + " + lo;
      }
      default:
        return std::string(e.op() == OpType::RandLike ? "torch.rand_like(" : "torch.randn_like(") +
               e.operand(0)->name() + ", dtype=" + dt + ")";
    }
  }

  std::string indexingCall(const Expr& e) {
    const ir::ExprAttributes& a = e.attrs();
    const std::string axis = std::to_string(a.axis);
    const auto index = [&](std::size_t i) {
      const Val* v = e.operand(i);
      return v->dtype() == DataType::Int || v->dtype() == DataType::Index ? v->name() : v->name() + ".long()";
    };
    switch (e.op()) {
      case OpType::Gather: return "torch.gather(" + e.operand(0)->name() + ", " + axis + ", " + index(1) + ")";
      case OpType::TakeAlongAxis:
        return "torch.take_along_dim(" + e.operand(0)->name() + ", " + index(1) + ", dim=" + axis + ")";
      case OpType::IndexSelect:
        return "torch.index_select(" + e.operand(0)->name() + ", " + axis + ", " + index(1) + ")";
      case OpType::SelectOp:
        return "torch.select(" + e.operand(0)->name() + ", " + axis + ", " + e.operand(1)->name() + ")";
      case OpType::Size: return e.operand(0)->name() + ".shape[" + axis + "]";
      default:  // embedding_fwd(indices, weight, ...): only max_norm changes the forward values
        return "F.embedding(" + index(0) + ", " + e.operand(1)->name() + ")";
    }
  }

  std::string linalgCall(const Expr& e) {
    const auto n = [&](std::size_t i) { return e.operand(i)->name(); };
    switch (e.family()) {
      case OpFamily::Matmul: return "torch.matmul(" + n(0) + ", " + n(1) + ")";
      case OpFamily::Linear: {
        const bool bias = !e.attrs().flags.empty() && e.attrs().flags[0];
        return "F.linear(" + n(0) + ", " + n(1) + (bias ? ", " + n(2) : std::string()) + ")";
      }
      default: {
        const bool fwd = e.family() == OpFamily::SdpaFwd;
        const std::size_t tensors = fwd ? 3 : 8;
        std::vector<std::string> args;
        for (std::size_t i = 0; i < tensors; ++i) args.push_back(n(i));
        for (const Val* o : optionalOperands(e, tensors)) args.push_back(o ? o->name() : "None");
        std::vector<std::string> dtypes;
        for (const Val* out : e.outputs()) dtypes.push_back(torchDtypeExpr(out->dtype()));
        helpers_.insert(fwd ? "_sdpa_fwd" : "_sdpa_bwd");
        return std::string(fwd ? "_sdpa_fwd(" : "_sdpa_bwd(") + join(args) + ", [" + join(dtypes) + "], device)";
      }
    }
  }

  Result<std::string> call(const Expr& e) {
    switch (e.family()) {
      case OpFamily::Unary:
      case OpFamily::Binary:
      case OpFamily::Ternary:
      case OpFamily::Cast: {
        bool allScalar = true;
        for (std::size_t i = 0; i < e.numOperands(); ++i) allScalar = allScalar && e.operand(i)->isScalar();
        const std::string s = allScalar ? scalarElementwise(e) : tensorElementwise(e);
        if (s.empty()) break;
        return s;
      }
      case OpFamily::Set: return e.operand(0)->name();
      case OpFamily::Reduction:
      case OpFamily::Var:
      case OpFamily::VarMean:
      case OpFamily::Welford:
      case OpFamily::Cumsum: return reductionCall(e);
      case OpFamily::Broadcast:
      case OpFamily::BroadcastInDim:
      case OpFamily::Expand:
      case OpFamily::Squeeze:
      case OpFamily::Reshape:
      case OpFamily::Permute:
      case OpFamily::StrideOrder:
      case OpFamily::Slice:
      case OpFamily::Pad:
      case OpFamily::Cat:
      case OpFamily::Triu: return layoutCall(e);
      case OpFamily::Full:
      case OpFamily::Iota:
      case OpFamily::RandomFill:
      case OpFamily::RandLike: return creationCall(e);
      case OpFamily::Gather:
      case OpFamily::IndexSelect:
      case OpFamily::Select:
      case OpFamily::Size:
      case OpFamily::EmbeddingFwd: return indexingCall(e);
      case OpFamily::Matmul:
      case OpFamily::Linear:
      case OpFamily::SdpaFwd:
      case OpFamily::SdpaBwd: return linalgCall(e);
    }
    return makeError("export-torch: " + std::string(e.opName()) + " has no PyTorch translation", e.loc());
  }

  bool isRandom(const Expr& e) const {
    if (e.family() == OpFamily::RandomFill || e.family() == OpFamily::RandLike) return true;
    if (e.family() != OpFamily::SdpaFwd && e.family() != OpFamily::SdpaBwd) return false;
    const std::vector<bool>& flags = e.attrs().flags;  // dropout_p given and not a constant 0
    if (flags.empty() || !flags[0]) return false;
    const auto* p = dynamic_cast<const ir::Scalar*>(e.operand(e.family() == OpFamily::SdpaFwd ? 3 : 8));
    return !(p && p->isConstant() && ir::scalarAsDouble(*p->value()) == 0.0);
  }

  Status expr(const Expr& e) {
    for (const Val* in : e.inputs()) {
      ensureDefined(in);
      if (!defined_.count(in))
        return makeError("export-torch: " + std::string(e.opName()) + " reads " + in->name() +
                             ", which has no value in the script (not an input, constant or computed value)",
                         e.loc());
    }
    auto text = call(e);
    if (!text) return text.error();
    std::vector<std::string> targets;
    bool tainted = isRandom(e);
    for (const Val* in : e.inputs()) tainted = tainted || tainted_.count(in);
    for (const Val* out : e.outputs()) {
      targets.push_back(out->name());
      defined_.insert(out);
      if (tainted) tainted_.insert(out);
    }
    emit(join(targets) + " = " + text.value(), e.loc());
    return {};
  }

  std::string moduleText(const std::vector<std::string>& params, const std::vector<std::string>& outs,
                         const std::vector<std::string>& notComparable) {
    const auto quoted = [](const std::vector<std::string>& names) {
      std::vector<std::string> q;
      for (const std::string& n : names) q.push_back("\"" + n + "\"");
      return "[" + join(q) + "]";
    };
    std::vector<std::string> inputs;
    for (const Val* in : f_.inputs()) inputs.push_back(in->name());
    std::string s;
    for (const std::string& line : options_.header) s += line + "\n";
    s += torchModulePreamble(f_.name(), options_.sourceName);
    s += "INPUTS = " + quoted(inputs) + "\n";
    s += "OUTPUTS = " + quoted(outs) + "\n";
    s += "# Outputs computed from random ops: PyTorch's generator is not ours, so the check\n"
         "# compares only their shapes and dtypes.\n";
    s += "NOT_COMPARABLE = " + quoted(notComparable) + "\n";
    s += "DATA_DIR = " + (options_.defaultDataDir.empty() ? std::string("None") : pyString(options_.defaultDataDir)) +
         "  # what `python3 THIS_FILE.py` checks without arguments\n\n";
    for (const std::string& h : helpers_) s += torchHelperText(h) + "\n";
    s += "\ndef fusion(" + join(params) + "):\n" + body_;
    s += torchModuleFooter();
    return s;
  }

  const ir::Fusion& f_;
  const TorchWriteOptions& options_;
  std::vector<std::string> lines_;
  std::string body_;
  std::unordered_set<const Val*> defined_;
  std::unordered_set<const Val*> tainted_;
  std::set<std::string> helpers_;
};

}  // namespace

Result<TorchModule> writeTorchModule(const ir::Fusion& fusion, const TorchWriteOptions& options) {
  return TorchWriter(fusion, options).write();
}

}  // namespace segscope::frontend
