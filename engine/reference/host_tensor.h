// HostTensor: a strided tensor in host memory whose bytes use the real dtype's layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "ir/data_type.h"
#include "ir/val.h"

namespace segscope::exec {

class HostTensor {
 public:
  /// An empty Float tensor of rank 1 and extent 0.
  HostTensor();
  /// Zero-filled, contiguous row-major.
  HostTensor(ir::DataType dtype, std::vector<std::int64_t> sizes);
  /// Zero-filled with explicit element strides (>= 0); storage spans 1 + sum((size-1)*stride)
  /// elements (0 when an extent is 0), so overlapping and padded layouts are real.
  HostTensor(ir::DataType dtype, std::vector<std::int64_t> sizes, std::vector<std::int64_t> strides);

  static HostTensor zeros(ir::DataType dtype, std::vector<std::int64_t> sizes);
  /// Contiguous tensor holding `rowMajor` (rounded to dtype); sizes must multiply to its length.
  static HostTensor fromValues(ir::DataType dtype, std::vector<std::int64_t> sizes,
                               const std::vector<double>& rowMajor);
  static std::vector<std::int64_t> contiguousStrides(const std::vector<std::int64_t>& sizes);

  ir::DataType dtype() const { return dtype_; }
  const std::vector<std::int64_t>& sizes() const { return sizes_; }
  const std::vector<std::int64_t>& strides() const { return strides_; }
  int rank() const { return static_cast<int>(sizes_.size()); }
  std::int64_t numel() const;
  bool isContiguous() const;
  /// Elements the storage holds (differs from numel for strided layouts).
  std::int64_t storageElements() const;
  const std::vector<std::byte>& bytes() const { return bytes_; }
  std::vector<std::byte>& bytes() { return bytes_; }

  /// False for complex, Float8 and Float4 dtypes: get/set do not understand their bytes
  /// (get returns nan, set does nothing); callers report an error instead.
  static bool hasHostArithmetic(ir::DataType dtype);

  /// Storage element index of a logical (row-major over sizes) index.
  std::int64_t storageOffset(std::int64_t logicalIndex) const;
  double get(std::int64_t logicalIndex) const;
  /// Stores `value` rounded to the dtype (see roundToDtype).
  void set(std::int64_t logicalIndex, double value);

  /// Every element in logical row-major order (numel() values); the fast bulk path.
  std::vector<double> asDoubles() const;
  /// Writes numel() values given in logical row-major order, rounding each to the dtype.
  void fromDoubles(const double* rowMajor);

  double sum() const;
  double absSum() const;
  /// "f32[2048, 4096]", plus the strides when the layout is not contiguous.
  std::string describe() const;

 private:
  double loadElement(std::int64_t storageIndex) const;
  void storeElement(std::int64_t storageIndex, double value);

  ir::DataType dtype_ = ir::DataType::Float;
  std::vector<std::int64_t> sizes_;
  std::vector<std::int64_t> strides_;
  std::vector<std::byte> bytes_;
};

/// What flows through the executor: a tensor or a host scalar.
using Value = std::variant<HostTensor, ir::ScalarValue>;

/// "f32[2, 3]" for tensors, the value for scalars.
std::string describeValue(const Value& v);

}  // namespace segscope::exec
