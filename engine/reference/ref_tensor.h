// Internal tensor of the CPU reference: doubles rounded to the dtype, viewed through strides.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/data_type.h"

namespace segscope::exec::ref {

using Shape = std::vector<std::int64_t>;

/// Thrown by kernels and caught by runReference, which turns it into an Error carrying
/// the expr's source location. Kernels sit several calls deep inside loops, where
/// threading Result<T> through every helper would drown the arithmetic; the exception
/// never leaves the exec module.
struct KernelError {
  std::string message;
};
[[noreturn]] void fail(std::string message);

/// Values are doubles already rounded to `dtype`, so storing them in the real dtype later
/// is exact. Views (broadcast, permute, slice, select ...) share storage and only change
/// sizes/strides/offset; storage is never written after the op that made it returns.
struct RefTensor {
  ir::DataType dtype = ir::DataType::Float;
  Shape sizes;
  Shape strides;
  std::int64_t offset = 0;
  std::shared_ptr<std::vector<double>> storage;

  int rank() const { return static_cast<int>(sizes.size()); }
  std::int64_t numel() const;
  const double* base() const { return storage->data() + offset; }
  double* mutableBase() const { return storage->data() + offset; }
  /// Row-major and dense from base().
  bool isContiguous() const;
};

std::int64_t numelOf(const Shape& sizes);
Shape contiguousStrides(const Shape& sizes);
std::string shapeText(const Shape& sizes);

/// A fresh contiguous, zero-filled tensor. Refuses absurd sizes instead of exhausting memory.
RefTensor newTensor(ir::DataType dtype, Shape sizes);
/// Like newTensor, but the values are unspecified: for kernels that write every element.
RefTensor newUninitialized(ir::DataType dtype, Shape sizes);

/// Recycles the storage of dead tensors within one run. Fresh memory costs a page fault
/// per 4 KiB page, which dominated runs over large tensors; reusing the buffers of values
/// past their last use avoids most of it. While a pool lives it is the thread's current
/// one, and newTensor/newUninitialized draw from it.
class StoragePool {
 public:
  StoragePool();
  ~StoragePool();
  StoragePool(const StoragePool&) = delete;
  StoragePool& operator=(const StoragePool&) = delete;

  /// Keeps `storage` for reuse when no other tensor (a view) still refers to it.
  void recycle(std::shared_ptr<std::vector<double>> storage);
  /// A buffer of `n` elements from the thread's current pool, or a fresh one.
  static std::shared_ptr<std::vector<double>> allocate(std::int64_t n, bool zeroed);

 private:
  std::vector<std::shared_ptr<std::vector<double>>> free_;
  StoragePool* previous_;
};
RefTensor scalarTensor(ir::DataType dtype, double value);
RefTensor viewOf(const RefTensor& t, Shape sizes, Shape strides, std::int64_t offset);
/// The same values in a contiguous layout; shares storage when already contiguous.
RefTensor contiguous(const RefTensor& t);
/// Copies `src` into the (writable, same-shape) view `dst`, rounding to dst.dtype.
void copyInto(const RefTensor& src, const RefTensor& dst);
/// Element at a row-major logical index (slow path for small tensors and indices).
double elementAt(const RefTensor& t, std::int64_t logicalIndex);

/// NumPy broadcast of the operands' sizes (aligned to the right, extent 1 stretches).
Shape broadcastSizes(const std::vector<const RefTensor*>& operands, std::string_view op);
/// Strides that read `t` as an operand of shape `outSizes` (0 along broadcast dims).
Shape broadcastStrides(const RefTensor& t, const Shape& outSizes);

/// Walks a row-major index space in runs along the innermost dim, tracking one element
/// offset per operand. Size-1 dims are dropped and dims that are contiguous for every
/// operand are merged first, so a dense elementwise op is a single long run.
class RunLoop {
 public:
  RunLoop(const Shape& sizes, const std::vector<Shape>& strides);

  std::int64_t innerStride(std::size_t operand) const { return strides_[operand].back(); }

  /// f(const std::int64_t* offsets, std::int64_t length, std::int64_t firstIndex).
  template <class F>
  void forEachRun(F&& f) const;

 private:
  Shape sizes_;
  std::vector<Shape> strides_;  // [operand][dim], same rank as sizes_
  bool empty_ = false;
};

/// Computes one block of an elementwise op: out[i] = op(operands[0][i], operands[1][i] ...).
using BlockKernel = std::function<void(const double* const* operands, double* out, std::int64_t n)>;

/// Applies `kernel` over the broadcast shape of the operands in blocks (so the op switch
/// runs once per block, not per element) and rounds the result to `outDtype`.
RefTensor mapElementwise(const std::vector<const RefTensor*>& operands, ir::DataType outDtype,
                         const BlockKernel& kernel, std::string_view op);

template <class F>
void RunLoop::forEachRun(F&& f) const {
  if (empty_) return;
  const std::size_t operands = strides_.size();
  const std::size_t inner = sizes_.size() - 1;
  std::vector<std::int64_t> offsets(operands, 0);
  std::vector<std::int64_t> index(inner, 0);
  std::int64_t first = 0;
  while (true) {
    f(static_cast<const std::int64_t*>(offsets.data()), sizes_[inner], first);
    first += sizes_[inner];
    std::size_t d = inner;
    while (true) {
      if (d == 0) return;
      --d;
      for (std::size_t k = 0; k < operands; ++k) offsets[k] += strides_[k][d];
      if (++index[d] < sizes_[d]) break;
      for (std::size_t k = 0; k < operands; ++k) offsets[k] -= strides_[k][d] * sizes_[d];
      index[d] = 0;
    }
  }
}

}  // namespace segscope::exec::ref
