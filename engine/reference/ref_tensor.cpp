// RefTensor helpers: layout, broadcasting, strided walks and the blocked elementwise driver.
#include "reference/ref_tensor.h"

#include <algorithm>
#include <numeric>

#include "reference/half_float.h"

namespace segscope::exec::ref {
namespace {

// Beyond this a single intermediate would need more than 4 GiB of doubles; refusing
// gives the user a message instead of the OOM killer.
constexpr std::int64_t kMaxElements = std::int64_t{1} << 29;

// Elements per block of the elementwise driver: large enough to amortize the op switch
// and the std::function call, small enough for the scratch buffers to stay in L1/L2.
constexpr std::int64_t kBlock = 1024;

}  // namespace

void fail(std::string message) { throw KernelError{std::move(message)}; }

std::int64_t numelOf(const Shape& sizes) {
  return std::accumulate(sizes.begin(), sizes.end(), std::int64_t{1}, std::multiplies<>());
}

std::int64_t RefTensor::numel() const { return numelOf(sizes); }

bool RefTensor::isContiguous() const {
  std::int64_t expected = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] != 1 && strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

Shape contiguousStrides(const Shape& sizes) {
  Shape strides(sizes.size(), 1);
  for (std::size_t i = sizes.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<std::int64_t>(sizes[i], 1);
  return strides;
}

std::string shapeText(const Shape& sizes) {
  std::string s = "[";
  for (std::size_t i = 0; i < sizes.size(); ++i) s += (i ? ", " : "") + std::to_string(sizes[i]);
  return s + "]";
}

namespace {

thread_local StoragePool* currentPool = nullptr;

// Pooled buffers keep at most this many; a run rarely has more values dying at once.
constexpr std::size_t kPoolSize = 8;

RefTensor allocateTensor(ir::DataType dtype, Shape sizes, bool zeroed) {
  std::int64_t n = 1;
  for (std::int64_t s : sizes) {
    if (s < 0) fail("negative extent in shape " + shapeText(sizes));
    if (s > 0 && n > kMaxElements / s)
      fail("a tensor of shape " + shapeText(sizes) + " is too large for the CPU reference (limit 2^29 elements)");
    n *= s;
  }
  RefTensor t;
  t.dtype = dtype;
  t.strides = contiguousStrides(sizes);
  t.sizes = std::move(sizes);
  t.storage = StoragePool::allocate(n, zeroed);
  return t;
}

}  // namespace

StoragePool::StoragePool() : previous_(currentPool) { currentPool = this; }

StoragePool::~StoragePool() { currentPool = previous_; }

void StoragePool::recycle(std::shared_ptr<std::vector<double>> storage) {
  // Small buffers are cheap to allocate; only large ones are worth holding on to.
  if (!storage || storage.use_count() != 1 || storage->capacity() < 4096) return;
  if (free_.size() >= kPoolSize) free_.erase(free_.begin());  // drop the oldest
  free_.push_back(std::move(storage));
}

std::shared_ptr<std::vector<double>> StoragePool::allocate(std::int64_t n, bool zeroed) {
  const auto size = static_cast<std::size_t>(n);
  if (StoragePool* pool = currentPool) {
    // Best fit among buffers that are large enough but not wastefully so.
    auto best = pool->free_.end();
    for (auto it = pool->free_.begin(); it != pool->free_.end(); ++it) {
      const std::size_t cap = (*it)->capacity();
      if (cap >= size && cap <= 2 * size + 4096 && (best == pool->free_.end() || cap < (*best)->capacity())) best = it;
    }
    if (best != pool->free_.end()) {
      std::shared_ptr<std::vector<double>> storage = std::move(*best);
      pool->free_.erase(best);
      storage->resize(size);
      if (zeroed) std::fill(storage->begin(), storage->end(), 0.0);
      return storage;
    }
  }
  return std::make_shared<std::vector<double>>(size, 0.0);
}

RefTensor newTensor(ir::DataType dtype, Shape sizes) { return allocateTensor(dtype, std::move(sizes), true); }

RefTensor newUninitialized(ir::DataType dtype, Shape sizes) { return allocateTensor(dtype, std::move(sizes), false); }

RefTensor scalarTensor(ir::DataType dtype, double value) {
  RefTensor t = newTensor(dtype, {});
  (*t.storage)[0] = roundToDtype(value, dtype);
  return t;
}

RefTensor viewOf(const RefTensor& t, Shape sizes, Shape strides, std::int64_t offset) {
  RefTensor v = t;
  v.sizes = std::move(sizes);
  v.strides = std::move(strides);
  v.offset = offset;
  return v;
}

void copyInto(const RefTensor& src, const RefTensor& dst) {
  RunLoop loop(dst.sizes, {src.strides, dst.strides});
  const double* from = src.base();
  double* to = dst.mutableBase();
  const std::int64_t inSrc = loop.innerStride(0), inDst = loop.innerStride(1);
  const bool round = src.dtype != dst.dtype;
  loop.forEachRun([&](const std::int64_t* offsets, std::int64_t n, std::int64_t) {
    for (std::int64_t i = 0; i < n; ++i) {
      const double v = from[offsets[0] + i * inSrc];
      to[offsets[1] + i * inDst] = round ? roundToDtype(v, dst.dtype) : v;
    }
  });
}

RefTensor contiguous(const RefTensor& t) {
  if (t.isContiguous()) return t;
  RefTensor out = newUninitialized(t.dtype, t.sizes);
  copyInto(t, out);
  return out;
}

double elementAt(const RefTensor& t, std::int64_t logicalIndex) {
  std::int64_t offset = 0;
  for (std::size_t d = t.sizes.size(); d-- > 0;) {
    offset += (logicalIndex % t.sizes[d]) * t.strides[d];
    logicalIndex /= t.sizes[d];
  }
  return t.base()[offset];
}

Shape broadcastSizes(const std::vector<const RefTensor*>& operands, std::string_view op) {
  std::size_t rank = 0;
  for (const RefTensor* t : operands) rank = std::max(rank, t->sizes.size());
  Shape out(rank, 1);
  for (const RefTensor* t : operands) {
    const std::size_t shift = rank - t->sizes.size();
    for (std::size_t d = 0; d < t->sizes.size(); ++d) {
      const std::int64_t s = t->sizes[d];
      std::int64_t& o = out[shift + d];
      if (s == o || s == 1) continue;
      if (o != 1)
        fail(std::string(op) + ": operand shapes do not broadcast at dim " + std::to_string(shift + d) + " (" +
             std::to_string(o) + " vs " + std::to_string(s) + ")");
      o = s;
    }
  }
  return out;
}

Shape broadcastStrides(const RefTensor& t, const Shape& outSizes) {
  Shape strides(outSizes.size(), 0);
  const std::size_t shift = outSizes.size() - t.sizes.size();
  for (std::size_t d = 0; d < t.sizes.size(); ++d) strides[shift + d] = t.sizes[d] == 1 ? 0 : t.strides[d];
  return strides;
}

RunLoop::RunLoop(const Shape& sizes, const std::vector<Shape>& strides) : strides_(strides.size()) {
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) empty_ = true;
    if (sizes[d] == 1) continue;  // contributes nothing to any offset
    // Merge into the previous (outer) dim when every operand steps through both densely.
    bool dense = !sizes_.empty();
    for (std::size_t k = 0; dense && k < strides.size(); ++k) dense = strides_[k].back() == strides[k][d] * sizes[d];
    if (dense) {
      sizes_.back() *= sizes[d];
      for (std::size_t k = 0; k < strides.size(); ++k) strides_[k].back() = strides[k][d];
      continue;
    }
    sizes_.push_back(sizes[d]);
    for (std::size_t k = 0; k < strides.size(); ++k) strides_[k].push_back(strides[k][d]);
  }
  if (sizes_.empty()) {  // rank 0, or only size-1 dims: a single element
    sizes_.push_back(1);
    for (Shape& s : strides_) s.push_back(0);
  }
}

RefTensor mapElementwise(const std::vector<const RefTensor*>& operands, ir::DataType outDtype,
                         const BlockKernel& kernel, std::string_view op) {
  const Shape outSizes = broadcastSizes(operands, op);
  RefTensor out = newUninitialized(outDtype, outSizes);
  std::vector<Shape> strides;
  for (const RefTensor* t : operands) strides.push_back(broadcastStrides(*t, outSizes));
  const RunLoop loop(outSizes, strides);
  std::vector<std::vector<double>> scratch(operands.size(), std::vector<double>(kBlock));
  std::vector<const double*> inputs(operands.size());
  double* dst = out.mutableBase();
  loop.forEachRun([&](const std::int64_t* offsets, std::int64_t length, std::int64_t first) {
    for (std::int64_t start = 0; start < length; start += kBlock) {
      const std::int64_t n = std::min(kBlock, length - start);
      for (std::size_t k = 0; k < operands.size(); ++k) {
        const std::int64_t stride = loop.innerStride(k);
        const double* src = operands[k]->base() + offsets[k] + start * stride;
        if (stride == 1) {
          inputs[k] = src;  // dense: read in place
          continue;
        }
        double* buf = scratch[k].data();
        for (std::int64_t i = 0; i < n; ++i) buf[i] = src[i * stride];
        inputs[k] = buf;
      }
      kernel(inputs.data(), dst + first + start, n);
      roundBufferToDtype(dst + first + start, n, outDtype);
    }
  });
  return out;
}

}  // namespace segscope::exec::ref
