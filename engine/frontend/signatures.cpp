// The FusionDefinition signature table and Python-style argument binding.
#include "frontend/signatures.h"

#include <algorithm>
#include <map>

#include "ir/op_type.h"

namespace segscope::frontend {
namespace {

Param req(std::string name, std::vector<std::string> aliases = {}) {
  return Param{std::move(name), true, std::move(aliases)};
}
Param opt(std::string name, std::vector<std::string> aliases = {}) {
  return Param{std::move(name), false, std::move(aliases)};
}

using Table = std::map<std::string, Signature, std::less<>>;

Table makeOpsTable() {
  Table t;
  for (ir::OpType op : ir::allOpTypes()) {
    const std::string name(ir::opName(op));
    switch (ir::opFamily(op)) {
      case ir::OpFamily::Unary:
      case ir::OpFamily::Set: t[name] = Signature{{req("arg")}, true}; break;
      case ir::OpFamily::Binary: t[name] = Signature{{req("arg1"), req("arg2")}, true}; break;
      case ir::OpFamily::Ternary:
        t[name] = op == ir::OpType::Addcmul ? Signature{{req("arg1"), req("arg2"), req("arg3"), req("value")}, true}
                                            : Signature{{req("arg1"), req("arg2"), req("arg3")}, true};
        break;
      default: break;
    }
  }
  t["cast"] = {{req("arg"), req("dtype")}};
  for (const char* r : {"sum", "prod", "max", "min"})
    t[r] = {{req("arg"), opt("dims", {"axes", "dim"}), opt("keepdim", {"keep_dim"}), opt("dtype")}};
  t["var"] = {{req("arg"), opt("dims", {"axes"}), opt("correction"), opt("keepdim")}};
  t["var_mean"] = {{req("arg"), opt("dims", {"axes"}), opt("correction"), opt("keepdim")}};
  t["welford"] = {{req("arg"), req("dims", {"axes"})}};
  t["broadcast_in_dim"] = {{req("arg"), req("shape", {"output_shape"}), req("broadcast_dims")}};
  t["broadcast"] = {{req("arg"), req("is_broadcast_dim")}};
  t["expand"] = {{req("arg"), req("shape")}};
  t["reshape"] = {{req("arg"), req("new_shape"), opt("original_shape")}};
  // The 2022 frontend's name for reshape, original shape first (python_frontend.cpp, "view").
  t["view"] = {{req("arg"), req("original_shape"), req("new_shape")}};
  t["permute"] = {{req("arg"), req("dims")}};
  t["squeeze"] = {{req("arg"), req("dims", {"dim"}), opt("squeeze_expanded")}};
  t["stride_order"] = {{req("arg"), req("stride_order")}};
  t["slice"] = {{req("arg"), req("start_indices"), req("end_indices"), opt("strides"), opt("manual_normalization")}};
  t["pad"] = {{req("arg"), req("pad_widths"), opt("value")}};
  t["cat"] = {{req("tensors"), opt("dim"), opt("manual_padding")}};
  t["full"] = {{req("shape"), req("fill_value"), req("dtype")}};
  t["iota"] = {{req("length"), opt("start"), opt("step"), opt("dtype")}};
  t["uniform"] = {{req("minval"), req("maxval"), req("shape"), opt("rng_seed"), opt("rng_offset"), opt("dtype")}};
  t["normal"] = {{req("mean"), req("std"), req("shape"), opt("rng_seed"), opt("rng_offset"), opt("dtype")}};
  t["rand_like"] = {{req("arg"), opt("rng_seed"), opt("rng_offset")}};
  t["randn_like"] = {{req("arg"), opt("rng_seed"), opt("rng_offset")}};
  t["gather"] = {{req("arg1"), req("index"), req("dim")}};
  t["take_along_axis"] = {{req("arg1"), req("index"), req("dim")}};
  t["index_select"] = {{req("arg"), req("index"), req("dim")}};
  t["select"] = {{req("arg"), req("index"), req("dim")}};
  t["matmul"] = {{req("arg1"), req("arg2")}, true};
  t["linear"] = {{req("arg1"), req("arg2"), opt("bias")}};
  t["sdpfa_fwd"] = {{req("query"), req("key"), req("value"), opt("bias"), opt("mask"), opt("dropout_p"),
                     opt("is_causal"), opt("scale")}};
  t["sdpfa_bwd"] = {{req("grad_output"), req("query"), req("key"), req("value"), req("output"), req("logsumexp"),
                     opt("dropout_p"), opt("is_causal"), req("philox_seed"), req("philox_offset"), opt("scale")}};
  t["embedding_fwd"] = {{req("input"), req("weight"), opt("padding_idx"), opt("max_norm"), opt("norm_type"),
                         opt("scale_grad_by_freq"), opt("sparse")}};
  t["size"] = {{req("arg"), req("dim")}};
  t["shape"] = {{req("arg")}};
  t["at"] = {{req("arg"), req("index")}};
  t["triu"] = {{req("input"), opt("diagonal")}};
  t["cumsum"] = {{req("arg"), req("dim")}};
  return t;
}

Table makeFdTable() {
  Table t;
  t["define_tensor"] = {{opt("shape", {"symbolic_sizes", "sizes"}), opt("contiguity", {"contiguous"}), opt("dtype"),
                         opt("is_cpu"), opt("stride_order"), opt("static_sizes"), opt("strides")}};
  t["define_scalar"] = {{opt("value"), opt("dtype")}};
  t["define_constant"] = {{req("value"), opt("dtype")}};
  t["define_vector"] = {{req("values"), opt("dtype")}};
  t["add_output"] = {{req("output"), opt("alias_input"), opt("stride_order")}};
  t["from_pytorch"] = {{req("tensor"), opt("static_sizes")}};
  return t;
}

const Table& opsTable() {
  static const Table t = makeOpsTable();
  return t;
}
const Table& fdTable() {
  static const Table t = makeFdTable();
  return t;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string paramList(const Signature& sig) {
  std::string s;
  for (const Param& p : sig.params) s += (s.empty() ? "" : ", ") + p.name;
  return s;
}

}  // namespace

const Signature* findSignature(std::string_view scope, std::string_view name) {
  const Table& t = scope == "ops" ? opsTable() : fdTable();
  auto it = t.find(name);
  return it == t.end() ? nullptr : &it->second;
}

bool isKnownUnsupported(std::string_view scope, std::string_view name) {
  static const std::vector<std::string_view> ops = {
      "scatter",   "index_put_accumulate",     "batch_norm",   "argsort",          "topk",          "grouped_mm",
      "scaled_mm", "cutlass_nvfp4_grouped_mm", "tensor_sizes", "var_mean_welford", "embedding_bwd", "scan"};
  static const std::vector<std::string_view> fd = {"define_vector_input", "schedule"};
  const auto& list = scope == "ops" ? ops : fd;
  return std::find(list.begin(), list.end(), name) != list.end();
}

std::string closestName(std::string_view scope, std::string_view name) {
  const Table& t = scope == "ops" ? opsTable() : fdTable();
  std::string best;
  std::size_t bestDistance = std::max<std::size_t>(2, name.size() / 3) + 1;
  for (const auto& [candidate, sig] : t) {
    const std::size_t d = editDistance(name, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best;
}

Result<BoundArgs> bindArguments(const Node& call, const Signature& sig, const std::string& label) {
  BoundArgs bound(sig.params.size(), nullptr);
  const std::size_t positional = call.items.size() - 1;  // items[0] is the callee
  if (positional > sig.params.size()) {
    return makeError(label + " takes at most " + std::to_string(sig.params.size()) + " arguments (" + paramList(sig) +
                         ") but " + std::to_string(positional) + " were given",
                     call.items[sig.params.size() + 1]->loc);
  }
  for (std::size_t i = 0; i < positional; ++i) bound[i] = call.items[i + 1].get();
  for (std::size_t k = 0; k < call.keywords.size(); ++k) {
    const auto& [name, value] = call.keywords[k];
    const SourceLoc loc = call.keywordLocs[k];
    if (sig.positionalOnly)
      return makeError(label + " takes positional arguments only; remove the keyword '" + name + "='", loc);
    std::size_t slot = sig.params.size();
    for (std::size_t p = 0; p < sig.params.size(); ++p) {
      const Param& param = sig.params[p];
      if (param.name == name || std::find(param.aliases.begin(), param.aliases.end(), name) != param.aliases.end())
        slot = p;
    }
    if (slot == sig.params.size())
      return makeError("unknown keyword '" + name + "' for " + label + "; expected one of: " + paramList(sig), loc);
    if (bound[slot]) return makeError(label + ": argument '" + sig.params[slot].name + "' is given twice", loc);
    bound[slot] = value.get();
  }
  for (std::size_t p = 0; p < sig.params.size(); ++p)
    if (sig.params[p].required && !bound[p])
      return makeError(label + " is missing the required argument '" + sig.params[p].name + "'", call.loc);
  return bound;
}

}  // namespace segscope::frontend
