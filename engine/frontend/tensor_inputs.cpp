// The calls that declare fusion input tensors: fd.define_tensor (shape + contiguity +
// stride order, or sizes + strides) and fd.from_pytorch(inputs[i]) (the footer's tensor).
#include <algorithm>

#include "frontend/definition_builder.h"
#include "frontend/tensor_descriptor.h"

namespace segscope::frontend {

using ir::DataType;
using ir::SymInt;
using ir::Val;

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

Result<std::vector<std::optional<bool>>> DefinitionBuilder::contiguityArg(const Node* contiguityNode,
                                                                          const std::vector<std::int64_t>& shape,
                                                                          const std::vector<int>& dimAt) {
  const int rank = static_cast<int>(shape.size());
  std::vector<std::optional<bool>> contiguity(static_cast<std::size_t>(rank));
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
    if (shape[static_cast<std::size_t>(dimAt[static_cast<std::size_t>(p)])] != 1)
      contiguity[static_cast<std::size_t>(p)] = all;
  return contiguity;
}

// Dims of an input: -1 → a fresh symbolic extent, 1 → broadcast, a stride-0 (None
// contiguity) dim of extent > 1 → expanded broadcast.
std::vector<ir::Dim> DefinitionBuilder::inputDims(const std::vector<std::int64_t>& shape, const std::vector<int>& dimAt,
                                                  const std::vector<std::optional<bool>>& contiguity) {
  std::vector<ir::Dim> dims;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    const std::size_t p =
        static_cast<std::size_t>(std::find(dimAt.begin(), dimAt.end(), static_cast<int>(d)) - dimAt.begin());
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

namespace {

// Logical dim at each allocation position (outermost first): contiguity is in that order.
std::vector<int> dimsByAllocation(const std::vector<std::int64_t>& order, int rank) {
  std::vector<int> dimAt(static_cast<std::size_t>(rank));
  for (int d = 0; d < rank; ++d)
    dimAt[static_cast<std::size_t>(order.empty() ? d : rank - 1 - order[static_cast<std::size_t>(d)])] = d;
  return dimAt;
}

// python/python_direct/ir.cpp:640-644 defineTensor: only a 0-d tensor may live on the CPU.
Status cpuOnlyIfScalar(bool cpu, std::size_t rank, const Node* isCpu) {
  if (!cpu || rank == 0) return {};
  return at(isCpu, "CPU non-scalar tensor is not supported! (is_cpu=True needs shape=[], this tensor has rank " +
                       std::to_string(rank) + ")");
}

}  // namespace

DefinitionBuilder::Outputs DefinitionBuilder::inputTensor(const TensorDecl& decl, const Node& c) {
  const int rank = static_cast<int>(decl.shape.size());
  ir::TensorView* tv =
      f_.newTensor(decl.dtype, inputDims(decl.shape, dimsByAllocation(decl.strideOrder, rank), decl.contiguity));
  for (int d = 0; d < rank; ++d)
    if (Val* extent = tv->dim(static_cast<std::size_t>(d)).extent.sym)
      static_cast<ir::Scalar*>(extent)->setExtentOf(tv, d);
  tv->setContiguity(decl.contiguity);
  tv->setStrideOrder(decl.strideOrder);
  tv->setCpu(decl.cpu);
  tv->setLoc(c.loc);
  f_.addInput(tv);
  return std::vector<Val*>{tv};
}

DefinitionBuilder::Outputs DefinitionBuilder::defineTensor(const Node& c, const BoundArgs& a) {
  // Parameters: shape, contiguity, dtype, is_cpu, stride_order, static_sizes, strides.
  if (!a[0]) return at(&c, "define_tensor needs a shape");
  if (a[0]->kind == Node::Kind::Int)
    return at(a[0], "define_tensor(rank, ...) is the 2022 API; give shape=[...] and contiguity=[...] instead");
  SEGSCOPE_TRY(DataType dtype, dataTypeOr(a[2], "dtype", DataType::Float));
  // csrc/ir/base_nodes.cpp:345 Val::getDataType: "Value does not have a data type."
  if (dtype == DataType::Null)
    return at(a[2],
              "define_tensor: DataType.Null is not a data type a tensor can have (nvFuser: \"Value does not "
              "have a data type.\")");
  SEGSCOPE_TRY(bool cpu, booleanOr(a[3], "is_cpu", false));
  if (a[6]) return defineTensorFromStrides(c, a, dtype, cpu);
  TensorDecl decl;
  decl.dtype = dtype;
  decl.cpu = cpu;
  SEGSCOPE_TRY(decl.shape, intList(a[0], "shape"));
  for (std::int64_t e : decl.shape)
    if (e < -1)
      return at(a[0],
                "shape entries must be -1 (symbolic), 1 (broadcast) or a positive extent; got " + std::to_string(e));
  const int rank = static_cast<int>(decl.shape.size());
  if (auto st = cpuOnlyIfScalar(cpu, decl.shape.size(), a[3]); !st) return st.error();
  SEGSCOPE_TRY(decl.strideOrder, strideOrderArg(a[4], rank));
  SEGSCOPE_TRY(decl.contiguity, contiguityArg(a[1], decl.shape, dimsByAllocation(decl.strideOrder, rank)));
  return inputTensor(decl, c);
}

// python/python_direct/ir.cpp:732-769, the define_tensor(sizes, strides) overload: the layout
// comes from computeTensorDescriptor and the sizes are symbolic unless static_sizes.
DefinitionBuilder::Outputs DefinitionBuilder::defineTensorFromStrides(const Node& c, const BoundArgs& a, DataType dtype,
                                                                      bool cpu) {
  for (const Node* other : {a[1], a[4]})
    if (other && !other->isName("None"))
      return at(other,
                "define_tensor takes either sizes= with strides=, or shape= with contiguity= and "
                "stride_order=, not both");
  SEGSCOPE_TRY(auto sizes, intList(a[0], "sizes"));
  SEGSCOPE_TRY(auto strides, intList(a[6], "strides"));
  SEGSCOPE_TRY(bool staticSizes, booleanOr(a[5], "static_sizes", false));
  if (auto st = cpuOnlyIfScalar(cpu, sizes.size(), a[3]); !st) return st.error();
  auto descriptor = computeTensorDescriptor(sizes, strides);
  if (!descriptor) return at(a[6], "define_tensor: " + descriptor.error().message);
  auto shape = tensorViewBuilderSizes(sizes, staticSizes);
  if (!shape) return at(a[0], "define_tensor: " + shape.error().message);
  return inputTensor(TensorDecl{shape.value(), descriptor->contiguity, dtype, cpu, descriptor->strideOrder}, c);
}

// `inputs[i]`: the footer's i-th entry (Python indexing, so -1 is the last).
Result<const ir::InputSpec*> DefinitionBuilder::footerInput(const Node* n) {
  if (n->kind != Node::Kind::Subscript || !n->items[0]->isName("inputs") || n->items[1]->kind != Node::Kind::Int)
    return at(n,
              "fd.from_pytorch reads a footer input: write it as fd.from_pytorch(inputs[i]), where 'inputs = [...]' "
              "is the script's footer");
  if (!footer_) return at(n, "fd.from_pytorch(inputs[...]) needs the footer's input, but " + footerUnavailable_);
  const auto count = static_cast<std::int64_t>(footer_->size());
  const std::int64_t given = n->items[1]->intValue;
  const std::int64_t i = given < 0 ? given + count : given;
  if (i < 0 || i >= count)
    return at(n->items[1].get(), "inputs[" + std::to_string(given) + "] is out of range: the footer lists " +
                                     std::to_string(count) + " input" + (count == 1 ? "" : "s"));
  return &(*footer_)[static_cast<std::size_t>(i)];
}

// python/nvfuser_direct/__init__.py:495 from_pytorch: define_tensor(sizes=t.size(),
// strides=t.stride(), dtype, static_sizes, is_cpu=t.is_cpu) for a CUDA tensor or a 0-d CPU one.
DefinitionBuilder::Outputs DefinitionBuilder::fromPytorch(const Node& c, const BoundArgs& a) {
  SEGSCOPE_TRY(const ir::InputSpec* spec, footerInput(a[0]));
  if (!spec->isTensor) return at(a[0], "fd.from_pytorch needs a tensor, but this footer input is a Python scalar");
  const bool cpu = spec->device.rfind("cpu", 0) == 0;
  // python/nvfuser_direct/__init__.py:523: a CPU tensor must be 0-d.
  if (cpu && !spec->sizes.empty())
    return at(a[0],
              "Found unsupported device cpu, only scalar CPU or CUDA tensors are supported (this footer input has "
              "rank " +
                  std::to_string(spec->sizes.size()) + ")");
  SEGSCOPE_TRY(bool staticSizes, booleanOr(a[1], "static_sizes", false));
  const std::vector<std::int64_t> strides = spec->strides.empty() ? contiguousStrides(spec->sizes) : spec->strides;
  auto descriptor = computeTensorDescriptor(spec->sizes, strides);
  if (!descriptor) return at(a[0], "fd.from_pytorch: " + descriptor.error().message);
  auto shape = tensorViewBuilderSizes(spec->sizes, staticSizes);
  if (!shape) return at(a[0], "fd.from_pytorch: " + shape.error().message);
  return inputTensor(TensorDecl{shape.value(), descriptor->contiguity, spec->dtype, cpu, descriptor->strideOrder}, c);
}

}  // namespace segscope::frontend
