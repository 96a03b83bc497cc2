// View, data-movement, creation and indexing kernels of the CPU reference.
#include <algorithm>
#include <cmath>
#include <string>

#include "reference/half_float.h"
#include "reference/prng.h"
#include "reference/ref_kernels.h"

namespace segscope::exec::ref {
namespace {

using ir::DataType;
using ir::OpType;

std::string extentText(std::int64_t v) { return std::to_string(v); }

void checkDim(std::int64_t dim, int rank, std::string_view op) {
  if (dim < 0 || dim >= rank)
    fail(std::string(op) + ": dim " + extentText(dim) + " is out of range for a tensor of rank " + extentText(rank));
}

// out[p] = x[p with dim replaced by index[p]]: the loop behind gather, take_along_axis,
// index_select and embedding. `xStrides` reads x along the output's index space (0 along
// the indexed dim), `indexStrides` reads the index tensor the same way.
RefTensor gatherAlong(std::string_view op, const RefTensor& x, const Shape& xStrides, const RefTensor& index,
                      const Shape& indexStrides, std::int64_t extent, std::int64_t selectStride,
                      const Shape& outSizes) {
  RefTensor out = newUninitialized(x.dtype, outSizes);
  const RunLoop loop(outSizes, {xStrides, indexStrides});
  const double* xs = x.base();
  const double* is = index.base();
  double* dst = out.mutableBase();
  const std::int64_t sx = loop.innerStride(0), si = loop.innerStride(1);
  loop.forEachRun([&](const std::int64_t* offsets, std::int64_t n, std::int64_t first) {
    for (std::int64_t i = 0; i < n; ++i) {
      const double raw = is[offsets[1] + i * si];
      const auto k = static_cast<std::int64_t>(roundToDtype(raw, DataType::Int));
      if (k < 0 || k >= extent)
        fail(std::string(op) + ": index " + extentText(k) + " is out of range for a dim of extent " +
             extentText(extent));
      dst[first + i] = xs[offsets[0] + i * sx + k * selectStride];
    }
  });
  return out;
}

// Python-style bounds: negative counts from the end, then clamp into [0, extent].
void normalizeRange(std::int64_t& start, std::int64_t& end, std::int64_t extent) {
  if (start < 0) start += extent;
  if (end < 0) end += extent;
  start = std::clamp<std::int64_t>(start, 0, extent);
  end = std::clamp<std::int64_t>(end, start, extent);
}

}  // namespace

RefTensor broadcast(const RefTensor& x, const std::vector<bool>& isBroadcastDim) {
  const auto kept = std::count(isBroadcastDim.begin(), isBroadcastDim.end(), false);
  if (kept != x.rank())
    fail("broadcast: is_broadcast_dim keeps " + extentText(kept) + " dims of a tensor of rank " + extentText(x.rank()));
  Shape sizes, strides;
  std::size_t next = 0;
  for (bool b : isBroadcastDim) {
    sizes.push_back(b ? 1 : x.sizes[next]);
    strides.push_back(b ? 0 : x.strides[next]);
    if (!b) ++next;
  }
  return viewOf(x, sizes, strides, x.offset);
}

RefTensor broadcastInDim(const RefTensor& x, const Shape& shape, const Shape& broadcastDims) {
  if (broadcastDims.size() != x.sizes.size())
    fail("broadcast_in_dim: " + extentText(static_cast<std::int64_t>(broadcastDims.size())) +
         " broadcast_dims for an input of rank " + extentText(x.rank()));
  Shape sizes = shape, strides(shape.size(), 0);
  std::vector<bool> mapped(shape.size(), false);
  for (std::size_t i = 0; i < broadcastDims.size(); ++i) {
    const std::int64_t od = broadcastDims[i];
    checkDim(od, static_cast<int>(shape.size()), "broadcast_in_dim");
    const auto o = static_cast<std::size_t>(od);
    mapped[o] = true;
    const std::int64_t target = shape[o] == -1 ? x.sizes[i] : shape[o];
    sizes[o] = target;
    if (x.sizes[i] == target)
      strides[o] = x.strides[i];
    else if (x.sizes[i] != 1)  // a size-1 dim stretches with stride 0; anything else is a mismatch
      fail("broadcast_in_dim: input dim " + extentText(static_cast<std::int64_t>(i)) + " has extent " +
           extentText(x.sizes[i]) + " but shape[" + extentText(od) + "] is " + extentText(target));
  }
  for (std::size_t o = 0; o < shape.size(); ++o)
    if (!mapped[o] && shape[o] < 0)
      fail("broadcast_in_dim: shape[" + extentText(static_cast<std::int64_t>(o)) + "] is -1 for a new dim");
  return viewOf(x, sizes, strides, x.offset);
}

RefTensor expand(const RefTensor& x, const Shape& shape) {
  if (shape.size() != x.sizes.size())
    fail("expand: shape has " + extentText(static_cast<std::int64_t>(shape.size())) + " entries for a tensor of rank " +
         extentText(x.rank()));
  Shape sizes = x.sizes, strides = x.strides;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1 || shape[d] == x.sizes[d]) continue;
    if (x.sizes[d] != 1)
      fail("expand: dim " + extentText(static_cast<std::int64_t>(d)) + " has extent " + extentText(x.sizes[d]) +
           " and cannot become " + extentText(shape[d]));
    sizes[d] = shape[d];
    strides[d] = 0;
  }
  return viewOf(x, sizes, strides, x.offset);
}

RefTensor squeeze(const RefTensor& x, const Shape& dims, bool squeezeExpanded) {
  std::vector<bool> drop(x.sizes.size(), false);
  for (std::int64_t d : dims) {
    checkDim(d, x.rank(), "squeeze");
    const auto i = static_cast<std::size_t>(d);
    // An expanded dim repeats one value, so squeezing it keeps element 0.
    if (x.sizes[i] != 1 && !(squeezeExpanded && x.strides[i] == 0))
      fail("squeeze: dim " + extentText(d) + " has extent " + extentText(x.sizes[i]) +
           ", only size-1 dims can be squeezed");
    drop[i] = true;
  }
  Shape sizes, strides;
  for (std::size_t d = 0; d < drop.size(); ++d)
    if (!drop[d]) {
      sizes.push_back(x.sizes[d]);
      strides.push_back(x.strides[d]);
    }
  return viewOf(x, sizes, strides, x.offset);
}

RefTensor reshape(const RefTensor& x, Shape shape) {
  const std::int64_t total = x.numel();
  std::int64_t known = 1;
  int inferred = -1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred >= 0) fail("reshape: only one entry of new_shape may be -1");
      inferred = static_cast<int>(d);
    } else if (shape[d] < 0) {
      fail("reshape: negative extent " + extentText(shape[d]));
    } else {
      known *= shape[d];
    }
  }
  if (inferred >= 0) {
    if (known == 0 || total % known != 0) fail("reshape: cannot infer -1 for " + extentText(total) + " elements");
    shape[static_cast<std::size_t>(inferred)] = total / known;
    known *= shape[static_cast<std::size_t>(inferred)];
  }
  if (known != total)
    fail("reshape: new_shape " + shapeText(shape) + " has " + extentText(known) + " elements but the input " +
         shapeText(x.sizes) + " has " + extentText(total));
  const RefTensor dense = contiguous(x);
  return viewOf(dense, shape, contiguousStrides(shape), dense.offset);
}

RefTensor permute(const RefTensor& x, const Shape& dims) {
  if (dims.size() != x.sizes.size())
    fail("permute: dims must list every dim of a tensor of rank " + extentText(x.rank()));
  std::vector<bool> seen(dims.size(), false);
  Shape sizes, strides;
  for (std::int64_t d : dims) {
    checkDim(d, x.rank(), "permute");
    if (seen[static_cast<std::size_t>(d)]) fail("permute: dim " + extentText(d) + " is listed twice");
    seen[static_cast<std::size_t>(d)] = true;
    sizes.push_back(x.sizes[static_cast<std::size_t>(d)]);
    strides.push_back(x.strides[static_cast<std::size_t>(d)]);
  }
  return viewOf(x, sizes, strides, x.offset);
}

RefTensor slice(const RefTensor& x, Shape starts, Shape ends, Shape steps, bool manualNormalization) {
  const std::size_t rank = x.sizes.size();
  if (steps.empty()) steps.assign(rank, 1);
  if (starts.size() != rank || ends.size() != rank || steps.size() != rank)
    fail("slice: start, end and stride lists need " + extentText(x.rank()) + " entries each");
  Shape sizes = x.sizes, strides = x.strides;
  std::int64_t offset = x.offset;
  bool empty = false;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::int64_t extent = x.sizes[d];
    if (steps[d] <= 0)
      fail("slice: stride " + extentText(steps[d]) + " at dim " + extentText(static_cast<std::int64_t>(d)) +
           " must be positive");
    if (!manualNormalization)
      normalizeRange(starts[d], ends[d], extent);
    else if (starts[d] < 0 || ends[d] > extent || starts[d] > ends[d])
      fail("slice: range [" + extentText(starts[d]) + ", " + extentText(ends[d]) + ") at dim " +
           extentText(static_cast<std::int64_t>(d)) + " is outside the extent " + extentText(extent));
    sizes[d] = (ends[d] - starts[d] + steps[d] - 1) / steps[d];
    empty = empty || sizes[d] == 0;
    offset += starts[d] * x.strides[d];
    strides[d] = x.strides[d] * steps[d];
  }
  return viewOf(x, sizes, strides, empty ? x.offset : offset);  // an empty view never reads
}

RefTensor pad(const RefTensor& x, const Shape& widths, double value) {
  if (widths.size() % 2 != 0 || widths.size() > 2 * x.sizes.size())
    fail("pad: pad_widths needs an even number of entries, at most " + extentText(2 * x.rank()));
  Shape outSizes = x.sizes;
  Shape srcStart(x.sizes.size(), 0), dstStart(x.sizes.size(), 0), count = x.sizes;
  for (std::size_t i = 0; i < widths.size() / 2; ++i) {
    const std::size_t d = x.sizes.size() - 1 - i;  // pairs start from the last dim
    const std::int64_t left = widths[2 * i], right = widths[2 * i + 1];
    outSizes[d] = x.sizes[d] + left + right;
    if (outSizes[d] < 0)
      fail("pad: negative widths crop dim " + extentText(static_cast<std::int64_t>(d)) + " below zero");
    // Negative widths crop the input; positive ones shift where it lands.
    srcStart[d] = std::max<std::int64_t>(0, -left);
    dstStart[d] = std::max<std::int64_t>(0, left);
    count[d] = std::max<std::int64_t>(0, x.sizes[d] - srcStart[d] - std::max<std::int64_t>(0, -right));
  }
  RefTensor out = full(outSizes, value, x.dtype);
  if (numelOf(count) == 0) return out;
  std::int64_t srcOffset = x.offset, dstOffset = out.offset;
  for (std::size_t d = 0; d < x.sizes.size(); ++d) {
    srcOffset += srcStart[d] * x.strides[d];
    dstOffset += dstStart[d] * out.strides[d];
  }
  copyInto(viewOf(x, count, x.strides, srcOffset), viewOf(out, count, out.strides, dstOffset));
  return out;
}

RefTensor cat(const std::vector<const RefTensor*>& xs, std::int64_t dim, DataType out) {
  if (xs.empty()) fail("cat: needs at least one tensor");
  const int rank = xs[0]->rank();
  checkDim(dim, rank, "cat");
  const auto axis = static_cast<std::size_t>(dim);
  Shape outSizes(static_cast<std::size_t>(rank), 1);
  outSizes[axis] = 0;
  for (const RefTensor* x : xs) {
    if (x->rank() != rank) fail("cat: operands have ranks " + extentText(rank) + " and " + extentText(x->rank()));
    for (std::size_t d = 0; d < outSizes.size(); ++d) {
      if (d == axis) continue;
      if (outSizes[d] != 1 && x->sizes[d] != 1 && x->sizes[d] != outSizes[d])
        fail("cat: extents " + extentText(outSizes[d]) + " and " + extentText(x->sizes[d]) + " differ at dim " +
             extentText(static_cast<std::int64_t>(d)));
      outSizes[d] = std::max(outSizes[d], x->sizes[d]);
    }
    outSizes[axis] += x->sizes[axis];
  }
  RefTensor result = newUninitialized(out, outSizes);
  std::int64_t position = 0;
  for (const RefTensor* x : xs) {
    Shape sizes = outSizes;
    sizes[axis] = x->sizes[axis];
    Shape srcStrides = x->strides;  // size-1 dims of an operand stretch (stride 0)
    for (std::size_t d = 0; d < sizes.size(); ++d)
      if (x->sizes[d] != sizes[d]) srcStrides[d] = 0;
    if (numelOf(sizes) > 0)
      copyInto(viewOf(*x, sizes, srcStrides, x->offset),
               viewOf(result, sizes, result.strides, result.offset + position * result.strides[axis]));
    position += x->sizes[axis];
  }
  return result;
}

RefTensor full(const Shape& shape, double value, DataType out) {
  RefTensor t = newUninitialized(out, shape);
  std::fill(t.storage->begin(), t.storage->end(), roundToDtype(value, out));
  return t;
}

RefTensor iota(std::int64_t length, double start, double step, DataType out) {
  if (length < 0) fail("iota: negative length " + extentText(length));
  RefTensor t = newUninitialized(out, {length});
  double* dst = t.mutableBase();
  for (std::int64_t i = 0; i < length; ++i) dst[i] = start + static_cast<double>(i) * step;
  roundBufferToDtype(dst, length, out);
  return t;
}

RefTensor triu(const RefTensor& x, std::int64_t diagonal) {
  if (x.rank() < 2) fail("triu: needs a tensor of rank >= 2");
  RefTensor out = newUninitialized(x.dtype, x.sizes);
  copyInto(x, out);
  const std::int64_t rows = x.sizes[x.sizes.size() - 2], cols = x.sizes.back();
  const std::int64_t matrices = rows * cols == 0 ? 0 : out.numel() / (rows * cols);
  double* dst = out.mutableBase();
  for (std::int64_t m = 0; m < matrices; ++m)
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t j = 0; j < cols && j - i < diagonal; ++j) dst[(m * rows + i) * cols + j] = 0.0;
  return out;
}

RefTensor randomFill(OpType op, const Shape& shape, double a, double b, std::uint64_t seed, DataType out) {
  RefTensor t = newUninitialized(out, shape);
  Xoshiro256 rng(seed);
  const bool normal = op == OpType::Normal || op == OpType::RandnLike;
  double* dst = t.mutableBase();
  const std::int64_t n = t.numel();
  for (std::int64_t i = 0; i < n; ++i) dst[i] = normal ? a + b * rng.normal() : a + (b - a) * rng.uniform();
  roundBufferToDtype(dst, n, out);
  return t;
}

RefTensor gather(OpType op, const RefTensor& x, const RefTensor& index, std::int64_t dim) {
  const std::string name(ir::opName(op));
  if (index.rank() != x.rank())
    fail(name + ": index has rank " + extentText(index.rank()) + " but the input has rank " + extentText(x.rank()));
  checkDim(dim, x.rank(), name);
  const auto axis = static_cast<std::size_t>(dim);
  Shape outSizes = index.sizes;
  if (op == OpType::TakeAlongAxis) {  // dims other than `dim` broadcast between x and index
    for (std::size_t d = 0; d < outSizes.size(); ++d) {
      if (d == axis) continue;
      const std::int64_t a = x.sizes[d], b = index.sizes[d];
      if (a != b && a != 1 && b != 1)
        fail(name + ": extents " + extentText(a) + " and " + extentText(b) + " do not broadcast at dim " +
             extentText(static_cast<std::int64_t>(d)));
      outSizes[d] = a == 1 ? b : a;
    }
  } else {  // torch.gather: index may be smaller than the input off `dim`
    for (std::size_t d = 0; d < outSizes.size(); ++d)
      if (d != axis && index.sizes[d] > x.sizes[d])
        fail(name + ": index extent " + extentText(index.sizes[d]) + " exceeds the input extent " +
             extentText(x.sizes[d]) + " at dim " + extentText(static_cast<std::int64_t>(d)));
  }
  Shape xStrides = x.strides, indexStrides = index.strides;
  for (std::size_t d = 0; d < outSizes.size(); ++d) {
    if (x.sizes[d] == 1 && outSizes[d] != 1) xStrides[d] = 0;
    if (index.sizes[d] == 1 && outSizes[d] != 1) indexStrides[d] = 0;
  }
  xStrides[axis] = 0;
  return gatherAlong(name, x, xStrides, index, indexStrides, x.sizes[axis], x.strides[axis], outSizes);
}

RefTensor indexSelect(const RefTensor& x, const RefTensor& index, std::int64_t dim) {
  checkDim(dim, x.rank(), "index_select");
  const auto axis = static_cast<std::size_t>(dim);
  // A 1-D index, or one of x's rank that is 1 everywhere but at dim (csrc/ops/indexing.cpp:90).
  const bool alreadyBroadcast = index.rank() == x.rank() && index.numel() == index.sizes[axis];
  if (index.rank() > 1 && !alreadyBroadcast)
    fail("index_select: index must be 1-D or 1 everywhere but at dim, got rank " + extentText(index.rank()));
  Shape outSizes = x.sizes, xStrides = x.strides, indexStrides(x.sizes.size(), 0);
  outSizes[axis] = index.numel();
  xStrides[axis] = 0;
  indexStrides[axis] = index.rank() == 0 ? 0 : index.strides[alreadyBroadcast ? axis : 0];
  return gatherAlong("index_select", x, xStrides, index, indexStrides, x.sizes[axis], x.strides[axis], outSizes);
}

RefTensor select(const RefTensor& x, std::int64_t index, std::int64_t dim) {
  checkDim(dim, x.rank(), "select");
  const auto axis = static_cast<std::size_t>(dim);
  const std::int64_t extent = x.sizes[axis];
  const std::int64_t i = index < 0 ? index + extent : index;
  if (i < 0 || i >= extent)
    fail("select: index " + extentText(index) + " is out of range for a dim of extent " + extentText(extent));
  Shape sizes = x.sizes, strides = x.strides;
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return viewOf(x, sizes, strides, x.offset + i * x.strides[axis]);
}

RefTensor embedding(const RefTensor& indices, const RefTensor& weight) {
  if (weight.rank() != 2) fail("embedding_fwd: weight must be [num_embeddings, embedding_dim]");
  // out[p, j] = weight[indices[p], j]: the index tensor spans the leading dims.
  Shape outSizes = indices.sizes, xStrides(indices.sizes.size(), 0), indexStrides = indices.strides;
  outSizes.push_back(weight.sizes[1]);
  xStrides.push_back(weight.strides[1]);
  indexStrides.push_back(0);
  return gatherAlong("embedding_fwd", weight, xStrides, indices, indexStrides, weight.sizes[0], weight.strides[0],
                     outSizes);
}

}  // namespace segscope::exec::ref
