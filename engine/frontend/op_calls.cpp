// The fd.ops.* calls: one case per op family, each converting its arguments and calling
// the matching builder of ir/ops.h.
#include "frontend/definition_builder.h"
#include "ir/ops.h"

namespace segscope::frontend {

using ir::DataType;
using ir::OpFamily;
using ir::OpType;
using ir::SymInt;
using ir::Val;

DefinitionBuilder::Outputs DefinitionBuilder::opsCall(const Node& c, const std::string& name, const BoundArgs& a,
                                                      SourceLoc loc) {
  using namespace ir::ops;
  const auto one = [&](ValResult r) -> Outputs {
    if (!r) return withLoc(r.error(), loc);
    return std::vector<Val*>{r.value()};
  };
  const auto many = [&](ValsResult r) -> Outputs {
    if (!r) return withLoc(r.error(), loc);
    return r.value();
  };
  if (name == "shape") return shapeVector(a, loc);
  if (name == "at") return vectorElement(a, loc);
  if (name == "view") {  // 2022: fd.ops.view(arg, original_shape, new_shape) is a reshape
    SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
    SEGSCOPE_TRY(auto shape, symList(a[2], "new_shape"));
    return one(reshape(f_, x, shape));
  }
  const std::optional<OpType> op = ir::opFromName(name);
  if (!op) return at(&c, "unknown op 'fd.ops." + name + "'");

  switch (ir::opFamily(*op)) {
    case OpFamily::Unary:
    case OpFamily::Set: {
      SEGSCOPE_TRY(Val * x, required(a[0], "operand"));
      return one(ir::opFamily(*op) == OpFamily::Set ? set(f_, *op, x) : unary(f_, *op, x));
    }
    case OpFamily::Binary: {
      SEGSCOPE_TRY(Val * x, required(a[0], "first operand"));
      SEGSCOPE_TRY(Val * y, required(a[1], "second operand"));
      return one(binary(f_, *op, x, y));
    }
    case OpFamily::Ternary: {
      std::vector<Val*> args;
      for (const Node* n : a) {
        SEGSCOPE_TRY(Val * v, required(n, "operand"));
        args.push_back(v);
      }
      return one(ternary(f_, *op, args));
    }
    case OpFamily::Cast: {
      SEGSCOPE_TRY(Val * x, required(a[0], "operand"));
      SEGSCOPE_TRY(DataType t, dataType(a[1], "dtype"));
      return one(cast(f_, x, t));
    }
    case OpFamily::Reduction: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto dims, intListOr(a[1], "dims", {}));
      if (a[1] && dims.empty()) return at(a[1], "dims is empty; omit it to reduce every dim");
      SEGSCOPE_TRY(bool keepdim, booleanOr(a[2], "keepdim", false));
      SEGSCOPE_TRY(DataType dtype, dataTypeOr(a[3], "dtype", DataType::Null));
      return one(reduction(f_, *op, x, dims, keepdim, dtype));
    }
    case OpFamily::Var:
    case OpFamily::VarMean: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto dims, intListOr(a[1], "dims", {}));
      SEGSCOPE_TRY(std::int64_t correction, integerOr(a[2], "correction", 1));
      SEGSCOPE_TRY(bool keepdim, booleanOr(a[3], "keepdim", false));
      if (*op == OpType::Var) return one(var(f_, x, dims, correction, keepdim));
      return many(varMean(f_, x, dims, correction, keepdim));
    }
    case OpFamily::Welford: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto dims, intList(a[1], "dims", true));
      return many(welford(f_, x, dims));
    }
    case OpFamily::Broadcast: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto flags, boolList(a[1], "is_broadcast_dim"));
      return one(broadcast(f_, x, flags));
    }
    case OpFamily::BroadcastInDim: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto shape, symList(a[1], "shape"));
      SEGSCOPE_TRY(auto dims, intList(a[2], "broadcast_dims"));
      return one(broadcastInDim(f_, x, shape, dims));
    }
    case OpFamily::Expand:
    case OpFamily::Reshape: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto shape, symList(a[1], *op == OpType::Expand ? "shape" : "new_shape"));
      return one(*op == OpType::Expand ? expand(f_, x, shape) : reshape(f_, x, shape));
    }
    case OpFamily::Squeeze: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto dims, intList(a[1], "dims", true));
      SEGSCOPE_TRY(bool expanded, booleanOr(a[2], "squeeze_expanded", false));
      return one(squeeze(f_, x, dims, expanded));
    }
    case OpFamily::Permute:
    case OpFamily::StrideOrder: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto dims, intList(a[1], *op == OpType::Permute ? "dims" : "stride_order"));
      return one(*op == OpType::Permute ? permute(f_, x, dims) : strideOrder(f_, x, dims));
    }
    case OpFamily::Slice: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(auto starts, symList(a[1], "start_indices"));
      SEGSCOPE_TRY(auto ends, symList(a[2], "end_indices"));
      std::vector<SymInt> steps;
      if (a[3] && !a[3]->isName("None")) {
        SEGSCOPE_TRY(steps, symList(a[3], "strides"));
      }
      SEGSCOPE_TRY(bool manual, booleanOr(a[4], "manual_normalization", false));
      return one(slice(f_, x, starts, ends, steps, manual));
    }
    case OpFamily::Pad: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      // csrc/ops/alias.cpp:525: widths are Vals, so a scalar input may give one.
      SEGSCOPE_TRY(auto widths, symList(a[1], "pad_widths"));
      SEGSCOPE_TRY(Val * v, optionalScalar(a[2], "value"));
      return one(pad(f_, x, widths, v));
    }
    case OpFamily::Cat: {
      if (a[0]->kind != Node::Kind::List && a[0]->kind != Node::Kind::Tuple)
        return at(a[0], "cat expects a list of tensors");
      std::vector<Val*> xs;
      for (const NodePtr& item : a[0]->items) {
        SEGSCOPE_TRY(Val * t, tensor(item.get(), "cat input"));
        xs.push_back(t);
      }
      SEGSCOPE_TRY(std::int64_t dim, integerOr(a[1], "dim", 0));
      SEGSCOPE_TRY(bool manual, booleanOr(a[2], "manual_padding", false));
      return one(cat(f_, xs, dim, manual));
    }
    case OpFamily::Full: {
      SEGSCOPE_TRY(auto shape, symList(a[0], "shape"));
      SEGSCOPE_TRY(Val * fill, value(a[1], "fill_value"));
      SEGSCOPE_TRY(DataType t, dataType(a[2], "dtype"));
      return one(full(f_, shape, fill, t));
    }
    case OpFamily::Iota: {
      SEGSCOPE_TRY(Val * length, value(a[0], "length"));
      SEGSCOPE_TRY(Val * start, optionalScalar(a[1], "start"));
      SEGSCOPE_TRY(Val * step, optionalScalar(a[2], "step"));
      SEGSCOPE_TRY(DataType t, dataTypeOr(a[3], "dtype", DataType::Int));
      return one(iota(f_, length, start, step, t));
    }
    case OpFamily::RandomFill: {
      SEGSCOPE_TRY(Val * lo, value(a[0], "first parameter"));
      SEGSCOPE_TRY(Val * hi, value(a[1], "second parameter"));
      SEGSCOPE_TRY(auto shape, symList(a[2], "shape"));
      SEGSCOPE_TRY(Val * seed, optionalScalar(a[3], "rng_seed"));
      SEGSCOPE_TRY(Val * offset, optionalScalar(a[4], "rng_offset"));
      SEGSCOPE_TRY(DataType t, dataTypeOr(a[5], "dtype", DataType::Float));
      return one(randomFill(f_, *op, lo, hi, shape, seed, offset, t));
    }
    case OpFamily::RandLike: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(Val * seed, optionalScalar(a[1], "rng_seed"));
      SEGSCOPE_TRY(Val * offset, optionalScalar(a[2], "rng_offset"));
      return one(randLike(f_, *op, x, seed, offset));
    }
    case OpFamily::Gather:
    case OpFamily::IndexSelect:
    case OpFamily::Select: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(Val * index, value(a[1], "index"));
      SEGSCOPE_TRY(std::int64_t dim, integer(a[2], "dim"));
      if (ir::opFamily(*op) == OpFamily::Gather) return one(gather(f_, *op, x, index, dim));
      if (ir::opFamily(*op) == OpFamily::IndexSelect) return one(indexSelect(f_, x, index, dim));
      return one(select(f_, x, index, dim));
    }
    case OpFamily::Matmul: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "first operand"));
      SEGSCOPE_TRY(Val * y, tensor(a[1], "second operand"));
      return one(matmul(f_, x, y));
    }
    case OpFamily::Linear: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "input"));
      SEGSCOPE_TRY(Val * w, tensor(a[1], "weight"));
      Val* bias = nullptr;
      if (a[2] && !a[2]->isName("None")) {
        SEGSCOPE_TRY(bias, tensor(a[2], "bias"));
      }
      return one(linear(f_, x, w, bias));
    }
    case OpFamily::SdpaFwd: {
      // Positional calls before nvFuser PR #5663 had no bias/mask: (q, k, v, dropout_p, is_causal, scale).
      BoundArgs b = a;
      if (c.items.size() - 1 == 6 && c.keywords.empty()) b = {a[0], a[1], a[2], nullptr, nullptr, a[3], a[4], a[5]};
      for (std::size_t i : {3u, 4u})
        if (b[i] && !b[i]->isName("None"))
          return at(b[i], "sdpfa_fwd with an attention bias or mask is not supported yet");
      SEGSCOPE_TRY(auto t, tensors(b, {0, 1, 2}, "query/key/value"));
      SEGSCOPE_TRY(auto s, optionalScalars(b, {5, 6, 7}));
      return many(sdpaFwd(f_, t[0], t[1], t[2], s[0], s[1], s[2]));
    }
    case OpFamily::SdpaBwd: {
      SEGSCOPE_TRY(auto t, tensors(a, {0, 1, 2, 3, 4, 5, 8, 9}, "tensor argument"));
      SEGSCOPE_TRY(auto s, optionalScalars(a, {6, 7, 10}));
      return many(sdpaBwd(f_, t[0], t[1], t[2], t[3], t[4], t[5], s[0], s[1], t[6], t[7], s[2]));
    }
    case OpFamily::EmbeddingFwd: {
      SEGSCOPE_TRY(auto t, tensors(a, {0, 1}, "input/weight"));
      SEGSCOPE_TRY(auto options, optionalScalars(a, {2, 3, 4, 5, 6}));
      return one(embeddingFwd(f_, t[0], t[1], options));
    }
    case OpFamily::Size:
    case OpFamily::Cumsum:
    case OpFamily::Triu: {
      SEGSCOPE_TRY(Val * x, tensor(a[0], "arg"));
      SEGSCOPE_TRY(std::int64_t n, integerOr(a[1], *op == OpType::Triu ? "diagonal" : "dim", 0));
      if (*op == OpType::Size) return one(size(f_, x, n));
      if (*op == OpType::Cumsum) return one(cumsum(f_, x, n));
      return one(triu(f_, x, n));
    }
  }
  return at(&c, "unsupported op 'fd.ops." + name + "'");
}

DefinitionBuilder::Outputs DefinitionBuilder::shapeVector(const BoundArgs& a, SourceLoc loc) {
  SEGSCOPE_TRY(Val * t, tensor(a[0], "arg"));
  std::vector<SymInt> elems;
  for (int d = 0; d < t->asTensor()->rank(); ++d) elems.push_back(sizeOf(t, d, loc));
  lastVector_ = Binding{nullptr, true, std::move(elems), loc};
  return std::vector<Val*>{nullptr};
}

DefinitionBuilder::Outputs DefinitionBuilder::vectorElement(const BoundArgs& a, SourceLoc loc) {
  const auto it = a[0]->kind == Node::Kind::Name ? env_.find(a[0]->text) : env_.end();
  if (it == env_.end() || !it->second.isVector)
    return at(a[0], "fd.ops.at expects a vector (from define_vector or fd.ops.shape)");
  SEGSCOPE_TRY(std::int64_t index, integer(a[1], "index"));
  const auto& elems = it->second.elements;
  const auto n = static_cast<std::int64_t>(elems.size());
  const std::int64_t i = index < 0 ? index + n : index;
  if (i < 0 || i >= n)
    return at(a[1], "index " + std::to_string(index) + " is out of range for a vector of " + std::to_string(n));
  const SymInt& e = elems[static_cast<std::size_t>(i)];
  if (e.sym) return std::vector<Val*>{e.sym};
  Val* s = ir::ops::constant(f_, ir::ScalarValue(e.value), DataType::Int);
  s->setLoc(loc);
  return std::vector<Val*>{s};
}

}  // namespace segscope::frontend
