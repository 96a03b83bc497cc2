// Fusion → repro script. Every op is printed with nvFuser's keyword spelling; constants
// are defined just before their first use; names are kept so a reload gives the same IR.
#include "frontend/writer.h"

#include <algorithm>
#include <unordered_set>

#include "frontend/script.h"

namespace segscope::frontend {

using ir::Expr;
using ir::OpFamily;
using ir::Val;

namespace {

std::string ints(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string bools(const std::vector<bool>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += std::string(i ? ", " : "") + (v[i] ? "True" : "False");
  return s + "]";
}

std::string tuple(const std::vector<std::int64_t>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

std::string dtypeText(ir::DataType t) { return "DataType." + std::string(ir::dataTypeName(t)); }

class ScriptWriter {
 public:
  explicit ScriptWriter(const ir::Fusion& f) : f_(f) {}

  std::string body() {
    for (const Val* in : f_.inputs()) defineInput(in);
    for (const Expr* e : f_.exprs()) expr(*e);
    for (const ir::FusionOutput& o : f_.outputs()) {
      std::string line = "fd.add_output(" + (o.val->isScalar() ? scalarAsTensor(o.val) : o.val->name());
      if (o.aliasOf) line += ", " + o.aliasOf->name();
      if (!o.strideOrder.empty()) line += ", stride_order=" + ints(o.strideOrder);
      emit(line + ")");
    }
    return out_;
  }

 private:
  void emit(const std::string& line) { out_ += "    " + line + "\n"; }

  // The loader takes tensor outputs only, so a scalar output (a host segment's result)
  // leaves the script as a 0-dim tensor holding it.
  std::string scalarAsTensor(const Val* s) {
    std::string name = s->name() + "_tensor";
    for (int suffix = 1; f_.valByName(name) || taken_.count(name); ++suffix)
      name = s->name() + "_tensor_" + std::to_string(suffix);
    taken_.insert(name);
    ensureDefined(s);
    emit("# " + s->name() + " is a scalar output; Segscope's loader takes tensor outputs only");
    emit(name + " = fd.ops.full(shape=[], fill_value=" + s->name() + ", dtype=" + dtypeText(s->dtype()) + ")");
    return name;
  }

  void defineInput(const Val* in) {
    defined_.insert(in);
    if (const ir::TensorView* tv = in->asTensor()) {
      std::vector<std::int64_t> shape;
      for (const ir::Dim& d : tv->dims()) shape.push_back(d.extent.isConst() ? d.extent.value : -1);
      const std::vector<std::optional<bool>> dense = contiguityOrDense(*tv);
      std::string contiguity = "[";
      for (std::size_t i = 0; i < dense.size(); ++i) {
        const auto& c = dense[i];
        contiguity += std::string(i ? ", " : "") + (!c ? "None" : (*c ? "True" : "False"));
      }
      contiguity += "]";
      std::string line = in->name() + " = fd.define_tensor(shape=" + ints(shape) + ", contiguity=" + contiguity +
                         ", dtype=" + dtypeText(in->dtype()) + ", is_cpu=" + (tv->isCpu() ? "True" : "False");
      if (!tv->strideOrder().empty()) line += ", stride_order=" + ints(tv->strideOrder());
      emit(line + ")");
    } else {
      emit(in->name() + " = fd.define_scalar(None, dtype=" + dtypeText(in->dtype()) + ")");
    }
  }

  // Defines constants and shape scalars an expr needs that have no statement yet. An
  // extent read directly (after ExactMappedExtentSubstitution, or in an exported segment)
  // has no Python name of its own, so it is read off its tensor with fd.ops.size.
  void ensureDefined(const Val* v) {
    if (defined_.count(v)) return;
    const auto* s = dynamic_cast<const ir::Scalar*>(v);
    if (s && s->isConstant()) {
      defined_.insert(v);
      emit(v->name() + " = fd.define_scalar(" + ir::formatScalarValue(*s->value()) +
           ", dtype=" + dtypeText(v->dtype()) + ")");
    } else if (s && s->extentOf() && defined_.count(s->extentOf())) {
      defined_.insert(v);
      emit(v->name() + " = fd.ops.size(" + s->extentOf()->name() + ", dim=" + std::to_string(s->extentDim()) + ")");
    }
  }

  std::string name(const Val* v) { return v ? v->name() : "None"; }

  std::string sym(const std::vector<ir::SymInt>& list) {
    std::string s = "[";
    for (std::size_t i = 0; i < list.size(); ++i)
      s += (i ? ", " : "") + (list[i].sym ? list[i].sym->name() : std::to_string(list[i].value));
    return s + "]";
  }

  // Operand i when present (flags say which optional operands were given).
  std::vector<const Val*> optionalOperands(const Expr& e, std::size_t firstOptional) {
    std::vector<const Val*> out;
    std::size_t next = firstOptional;
    for (bool present : e.attrs().flags) out.push_back(present ? e.operand(next++) : nullptr);
    return out;
  }

  std::string call(const Expr& e) {
    const ir::ExprAttributes& a = e.attrs();
    const std::string op = "fd.ops." + std::string(e.opName()) + "(";
    const auto operands = [&](std::size_t n) {
      std::string s;
      for (std::size_t i = 0; i < n; ++i) s += (i ? ", " : "") + name(e.operand(i));
      return s;
    };
    switch (e.family()) {
      case OpFamily::Unary:
      case OpFamily::Binary:
      case OpFamily::Ternary:
      case OpFamily::Set:
      case OpFamily::Matmul: return op + operands(e.numOperands()) + ")";
      case OpFamily::Cast: return op + operands(1) + ", dtype=" + dtypeText(a.dtype) + ")";
      case OpFamily::Reduction:
        return op + operands(1) + ", dims=" + ints(a.dims) + ", keepdim=" + (a.keepdim ? "True" : "False") +
               ", dtype=" + dtypeText(a.dtype) + ")";
      case OpFamily::Var:
      case OpFamily::VarMean:
        return op + operands(1) + ", dims=" + ints(a.dims) + ", correction=" + std::to_string(a.correction) +
               ", keepdim=" + (a.keepdim ? "True" : "False") + ")";
      case OpFamily::Welford: return op + operands(1) + ", dims=" + ints(a.dims) + ")";
      case OpFamily::Broadcast: return op + operands(1) + ", is_broadcast_dim=" + bools(a.flags) + ")";
      case OpFamily::BroadcastInDim:
        return op + operands(1) + ", shape=" + sym(a.shape) + ", broadcast_dims=" + ints(a.dims) + ")";
      case OpFamily::Expand: return op + operands(1) + ", shape=" + sym(a.shape) + ")";
      case OpFamily::Reshape: return op + operands(1) + ", new_shape=" + sym(a.shape) + ")";
      case OpFamily::Squeeze:
        return op + operands(1) + ", dims=" + ints(a.dims) + ", squeeze_expanded=" + (a.option ? "True" : "False") +
               ")";
      case OpFamily::Permute: return op + operands(1) + ", dims=" + ints(a.dims) + ")";
      case OpFamily::StrideOrder: return op + operands(1) + ", stride_order=" + ints(a.dims) + ")";
      case OpFamily::Slice:
        return op + operands(1) + ", start_indices=" + sym(a.starts) + ", end_indices=" + sym(a.ends) +
               ", strides=" + sym(a.steps) + ", manual_normalization=" + (a.option ? "1" : "0") + ")";
      case OpFamily::Pad: {
        std::string s = op + operands(1) + ", " + sym(a.padWidths);
        if (!a.flags.empty() && a.flags[0]) s += ", " + name(e.operand(1));
        return s + ")";
      }
      case OpFamily::Cat: {
        std::string list = "[" + operands(e.numOperands()) + "]";
        return op + list + ", dim=" + std::to_string(a.axis) + ", manual_padding=" + (a.option ? "1" : "0") + ")";
      }
      case OpFamily::Full:
        return op + "shape=" + sym(a.shape) + ", fill_value=" + name(e.operand(0)) + ", dtype=" + dtypeText(a.dtype) +
               ")";
      case OpFamily::Iota: {
        const auto opt = optionalOperands(e, 1);
        return op + name(e.operand(0)) + ", " + name(opt[0]) + ", " + name(opt[1]) + ", dtype=" + dtypeText(a.dtype) +
               ")";
      }
      case OpFamily::RandomFill: {
        const auto opt = optionalOperands(e, 2);
        std::string s = op + operands(2) + ", shape=" + sym(a.shape);
        if (opt[0]) s += ", rng_seed=" + name(opt[0]);
        if (opt[1]) s += ", rng_offset=" + name(opt[1]);
        return s + ", dtype=" + dtypeText(a.dtype) + ")";
      }
      case OpFamily::RandLike: {
        const auto opt = optionalOperands(e, 1);
        std::string s = op + operands(1);
        if (opt[0]) s += ", rng_seed=" + name(opt[0]);
        if (opt[1]) s += ", rng_offset=" + name(opt[1]);
        return s + ")";
      }
      case OpFamily::Gather:
      case OpFamily::IndexSelect:
      case OpFamily::Select: return op + operands(2) + ", dim=" + std::to_string(a.axis) + ")";
      case OpFamily::Linear: return op + operands(e.numOperands()) + ")";
      case OpFamily::SdpaFwd:
      case OpFamily::SdpaBwd: {
        // Keywords, because the positional meaning changed across nvFuser versions.
        const bool fwd = e.family() == OpFamily::SdpaFwd;
        const std::size_t tensors = fwd ? 3 : 8;
        const auto opt = optionalOperands(e, tensors);
        static const char* fwdNames[] = {"query", "key", "value"};
        static const char* bwdNames[] = {"grad_output", "query",     "key",         "value",
                                         "output",      "logsumexp", "philox_seed", "philox_offset"};
        std::string s = op;
        for (std::size_t i = 0; i < tensors; ++i)
          s += std::string(i ? ", " : "") + (fwd ? fwdNames[i] : bwdNames[i]) + "=" + name(e.operand(i));
        static const char* optNames[] = {"dropout_p", "is_causal", "scale"};
        for (std::size_t i = 0; i < 3; ++i)
          if (opt[i]) s += std::string(", ") + optNames[i] + "=" + name(opt[i]);
        return s + ")";
      }
      case OpFamily::EmbeddingFwd: {
        const auto opt = optionalOperands(e, 2);
        std::string s = op + operands(2);
        for (const Val* o : opt) s += ", " + name(o);
        return s + ")";
      }
      case OpFamily::Size:
      case OpFamily::Cumsum: return op + operands(1) + ", dim=" + std::to_string(a.axis) + ")";
      case OpFamily::Triu: return op + operands(1) + ", " + std::to_string(a.axis) + ")";
    }
    return op + ")";
  }

  void expr(const Expr& e) {
    for (const Val* in : e.inputs()) ensureDefined(in);
    std::string targets;
    for (std::size_t i = 0; i < e.outputs().size(); ++i) targets += (i ? ", " : "") + e.output(i)->name();
    emit(targets + " = " + call(e));
    for (const Val* out : e.outputs()) defined_.insert(out);
  }

  const ir::Fusion& f_;
  std::string out_;
  std::unordered_set<const Val*> defined_;
  std::unordered_set<std::string> taken_;
};

std::string torchDtype(ir::DataType t) {
  // DataType.Index tensors take torch.int64 (nvFuser's index type on the host side).
  if (t == ir::DataType::Index) return "torch.int64";
  const std::string_view name = ir::torchDtypeName(t);
  return "torch." + std::string(name.empty() ? "float32" : name);
}

std::int64_t storageSize(const ir::InputSpec& s) {
  std::int64_t n = 1;
  for (std::size_t i = 0; i < s.sizes.size(); ++i) {
    if (s.sizes[i] == 0) return 0;
    n += (s.sizes[i] - 1) * s.strides[i];
  }
  return n;
}

}  // namespace

std::vector<std::optional<bool>> contiguityOrDense(const ir::TensorView& tv) {
  if (!tv.contiguity().empty()) return tv.contiguity();
  const auto rank = static_cast<std::size_t>(tv.rank());
  const std::vector<std::int64_t>& order = tv.strideOrder();
  std::vector<std::optional<bool>> out(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    // stride_order[d] is dim d's rank by stride (rank-1 outermost); row-major when empty.
    const std::size_t position = order.size() == rank ? rank - 1 - static_cast<std::size_t>(order[d]) : d;
    if (position < rank && !tv.dim(d).isBroadcast()) out[position] = true;
  }
  return out;
}

std::string footerEntry(const ir::InputSpec& s) {
  if (!s.isTensor) return s.value ? ir::formatScalarValue(*s.value) : "None";
  const std::string device = "device='" + s.device + "'";
  const std::string dtype = "dtype=" + torchDtype(s.dtype);
  std::string base;
  const bool strided = !s.strides.empty();
  const std::vector<std::int64_t> flat{strided ? storageSize(s) : 0};
  const auto sizeArg = [&] { return strided ? tuple(flat) : tuple(s.sizes); };
  switch (s.fill) {
    case ir::InputFill::Randn: base = "torch.randn(" + sizeArg() + ", " + dtype + ", " + device + ")"; break;
    case ir::InputFill::Randint:
      base = "torch.randint(" + std::to_string(static_cast<std::int64_t>(s.low)) + ", " +
             std::to_string(static_cast<std::int64_t>(s.high)) + ", " + sizeArg() + ", " + dtype + ", " + device + ")";
      break;
    case ir::InputFill::Ones: base = "torch.ones(" + sizeArg() + ", " + dtype + ", " + device + ")"; break;
    case ir::InputFill::Zeros: base = "torch.zeros(" + sizeArg() + ", " + dtype + ", " + device + ")"; break;
    case ir::InputFill::Value:
      base = s.sizes.empty() ? "torch.tensor(" + ir::formatScalarValue(*s.value) + ", " + dtype + ", " + device + ")"
                             : "torch.full(" + sizeArg() + ", " + ir::formatScalarValue(*s.value) + ", " + dtype +
                                   ", " + device + ")";
      break;
    default: {
      base = "torch.testing.make_tensor(" + sizeArg() + ", " + dtype + ", " + device;
      if (s.low != -9.0 || s.high != 9.0)
        base += ", low=" + ir::formatScalarValue(s.low) + ", high=" + ir::formatScalarValue(s.high);
      base += ")";
    }
  }
  if (strided) base += ".as_strided(" + tuple(s.sizes) + ", " + tuple(s.strides) + ")";
  return base;
}

std::string writeScript(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs,
                        const WriteOptions& options) {
  std::string fn = options.functionName;
  if (fn.empty()) fn = fusion.name().empty() ? "nvfuser_fusion_id0" : fusion.name();
  std::string s;
  for (const std::string& line : options.header) s += line + "\n";
  s += "import torch\nfrom nvfuser import FusionDefinition, DataType\n\n";
  s += "def " + fn + "(fd : FusionDefinition) -> None :\n";
  s += ScriptWriter(fusion).body();
  s += "\nwith FusionDefinition() as fd:\n    " + fn + "(fd)\n";
  if (options.footer) {
    const std::vector<ir::InputSpec> specs = inputs.empty() ? defaultInputs(fusion) : inputs;
    s += "\ninputs = [\n";
    for (const ir::InputSpec& spec : specs) s += "    " + footerEntry(spec) + ",\n";
    s += "]\nfd.execute(inputs)\n";
  }
  return s;
}

}  // namespace segscope::frontend
