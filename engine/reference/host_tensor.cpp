// HostTensor storage, strided element access and bulk conversion to/from double.
#include "reference/host_tensor.h"

#include <cmath>
#include <cstring>
#include <numeric>

#include "reference/half_float.h"

namespace segscope::exec {
namespace {

using ir::DataType;

// Calls f(storageStart, innerStride, length, logicalStart) for each run of elements
// along the innermost dim, in logical row-major order.
template <class F>
void forEachRun(const std::vector<std::int64_t>& sizes, const std::vector<std::int64_t>& strides, F&& f) {
  for (std::int64_t s : sizes)
    if (s == 0) return;
  if (sizes.empty()) {
    f(std::int64_t{0}, std::int64_t{1}, std::int64_t{1}, std::int64_t{0});
    return;
  }
  const std::size_t inner = sizes.size() - 1;
  std::vector<std::int64_t> index(inner, 0);
  std::int64_t storage = 0, logical = 0;
  while (true) {
    f(storage, strides[inner], sizes[inner], logical);
    logical += sizes[inner];
    std::size_t d = inner;
    while (d > 0) {
      --d;
      storage += strides[d];
      if (++index[d] < sizes[d]) break;
      storage -= strides[d] * sizes[d];
      index[d] = 0;
      if (d == 0) return;
    }
    if (inner == 0) return;
  }
}

template <class T>
T load(const std::byte* base, std::int64_t index) {
  T v;
  std::memcpy(&v, base + index * static_cast<std::int64_t>(sizeof(T)), sizeof(T));
  return v;
}

template <class T>
void store(std::byte* base, std::int64_t index, T v) {
  std::memcpy(base + index * static_cast<std::int64_t>(sizeof(T)), &v, sizeof(T));
}

// Visits every element as f(logicalIndex, value) with the dtype switch outside the loop.
template <class T, class Decode, class F>
void visitAs(const HostTensor& t, Decode decode, F& f) {
  const std::byte* base = t.bytes().data();
  forEachRun(t.sizes(), t.strides(),
             [&](std::int64_t start, std::int64_t stride, std::int64_t n, std::int64_t logical) {
               for (std::int64_t i = 0; i < n; ++i) f(logical + i, decode(load<T>(base, start + i * stride)));
             });
}

template <class F>
void visitElements(const HostTensor& t, F&& f) {
  const auto asDouble = [](auto x) { return static_cast<double>(x); };
  switch (t.dtype()) {
    case DataType::Bool:
      return visitAs<std::uint8_t>(
          t, [](std::uint8_t x) { return x ? 1.0 : 0.0; }, f);
    case DataType::Int:
    case DataType::Index: return visitAs<std::int64_t>(t, asDouble, f);
    case DataType::Int32: return visitAs<std::int32_t>(t, asDouble, f);
    case DataType::UInt64: return visitAs<std::uint64_t>(t, asDouble, f);
    case DataType::Half:
      return visitAs<std::uint16_t>(
          t, [](std::uint16_t x) { return static_cast<double>(halfBitsToFloat(x)); }, f);
    case DataType::BFloat16:
      return visitAs<std::uint16_t>(
          t, [](std::uint16_t x) { return static_cast<double>(bfloat16BitsToFloat(x)); }, f);
    case DataType::Float: return visitAs<float>(t, asDouble, f);
    case DataType::Double: return visitAs<double>(t, asDouble, f);
    default:
      return visitAs<std::uint8_t>(
          t, [](std::uint8_t) { return std::nan(""); }, f);
  }
}

// Writes value(logicalIndex) into every element (already rounded to the dtype).
template <class T, class Encode, class V>
void writeAs(HostTensor& t, Encode encode, V& value) {
  std::byte* base = t.bytes().data();
  forEachRun(t.sizes(), t.strides(),
             [&](std::int64_t start, std::int64_t stride, std::int64_t n, std::int64_t logical) {
               for (std::int64_t i = 0; i < n; ++i) store<T>(base, start + i * stride, encode(value(logical + i)));
             });
}

template <class V>
void writeElements(HostTensor& t, V&& value) {
  switch (t.dtype()) {
    case DataType::Bool:
      return writeAs<std::uint8_t>(
          t, [](double v) { return static_cast<std::uint8_t>(v != 0.0); }, value);
    case DataType::Int:
    case DataType::Index:
      return writeAs<std::int64_t>(
          t, [](double v) { return static_cast<std::int64_t>(roundToDtype(v, DataType::Int)); }, value);
    case DataType::Int32:
      return writeAs<std::int32_t>(
          t, [](double v) { return static_cast<std::int32_t>(roundToDtype(v, DataType::Int32)); }, value);
    case DataType::UInt64:
      return writeAs<std::uint64_t>(
          t, [](double v) { return static_cast<std::uint64_t>(roundToDtype(v, DataType::UInt64)); }, value);
    case DataType::Half:
      return writeAs<std::uint16_t>(
          t, [](double v) { return floatToHalfBits(static_cast<float>(v)); }, value);
    case DataType::BFloat16:
      return writeAs<std::uint16_t>(
          t, [](double v) { return floatToBFloat16Bits(static_cast<float>(v)); }, value);
    case DataType::Float:
      return writeAs<float>(
          t, [](double v) { return static_cast<float>(v); }, value);
    case DataType::Double:
      return writeAs<double>(
          t, [](double v) { return v; }, value);
    default: return;  // no host encoding: the bytes stay as they are
  }
}

std::string joinInts(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

HostTensor::HostTensor() : HostTensor(DataType::Float, {0}) {}

HostTensor::HostTensor(DataType dtype, std::vector<std::int64_t> sizes)
    : HostTensor(dtype, sizes, contiguousStrides(sizes)) {}

HostTensor::HostTensor(DataType dtype, std::vector<std::int64_t> sizes, std::vector<std::int64_t> strides)
    : dtype_(dtype), sizes_(std::move(sizes)), strides_(std::move(strides)) {
  strides_.resize(sizes_.size(), 0);
  bytes_.assign(static_cast<std::size_t>(storageElements() * ir::byteSize(dtype_)), std::byte{0});
}

HostTensor HostTensor::zeros(DataType dtype, std::vector<std::int64_t> sizes) {
  return HostTensor(dtype, std::move(sizes));
}

HostTensor HostTensor::fromValues(DataType dtype, std::vector<std::int64_t> sizes,
                                  const std::vector<double>& rowMajor) {
  HostTensor t(dtype, std::move(sizes));
  if (static_cast<std::int64_t>(rowMajor.size()) == t.numel()) t.fromDoubles(rowMajor.data());
  return t;
}

std::vector<std::int64_t> HostTensor::contiguousStrides(const std::vector<std::int64_t>& sizes) {
  std::vector<std::int64_t> strides(sizes.size(), 1);
  for (std::size_t i = sizes.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<std::int64_t>(sizes[i], 1);
  return strides;
}

std::int64_t HostTensor::numel() const {
  return std::accumulate(sizes_.begin(), sizes_.end(), std::int64_t{1}, std::multiplies<>());
}

bool HostTensor::isContiguous() const {
  const auto expected = contiguousStrides(sizes_);
  for (std::size_t i = 0; i < sizes_.size(); ++i)
    if (sizes_[i] != 1 && strides_[i] != expected[i]) return false;
  return true;
}

std::int64_t HostTensor::storageElements() const {
  std::int64_t span = 1;
  for (std::size_t i = 0; i < sizes_.size(); ++i) {
    if (sizes_[i] <= 0) return 0;
    span += (sizes_[i] - 1) * strides_[i];
  }
  return span;
}

bool HostTensor::hasHostArithmetic(DataType dtype) {
  return !ir::isComplex(dtype) && !ir::isFloat8Family(dtype) && dtype != DataType::Null;
}

std::int64_t HostTensor::storageOffset(std::int64_t logicalIndex) const {
  std::int64_t offset = 0;
  for (std::size_t d = sizes_.size(); d-- > 0;) {
    offset += (logicalIndex % sizes_[d]) * strides_[d];
    logicalIndex /= sizes_[d];
  }
  return offset;
}

double HostTensor::loadElement(std::int64_t i) const {
  const std::byte* base = bytes_.data();
  switch (dtype_) {
    case DataType::Bool: return load<std::uint8_t>(base, i) ? 1.0 : 0.0;
    case DataType::Int:
    case DataType::Index: return static_cast<double>(load<std::int64_t>(base, i));
    case DataType::Int32: return load<std::int32_t>(base, i);
    case DataType::UInt64: return static_cast<double>(load<std::uint64_t>(base, i));
    case DataType::Half: return halfBitsToFloat(load<std::uint16_t>(base, i));
    case DataType::BFloat16: return bfloat16BitsToFloat(load<std::uint16_t>(base, i));
    case DataType::Float: return load<float>(base, i);
    case DataType::Double: return load<double>(base, i);
    default: return std::nan("");
  }
}

void HostTensor::storeElement(std::int64_t i, double value) {
  std::byte* base = bytes_.data();
  const double v = roundToDtype(value, dtype_);
  switch (dtype_) {
    case DataType::Bool: return store<std::uint8_t>(base, i, v != 0.0);
    case DataType::Int:
    case DataType::Index: return store<std::int64_t>(base, i, static_cast<std::int64_t>(v));
    case DataType::Int32: return store<std::int32_t>(base, i, static_cast<std::int32_t>(v));
    case DataType::UInt64: return store<std::uint64_t>(base, i, static_cast<std::uint64_t>(v));
    case DataType::Half: return store<std::uint16_t>(base, i, floatToHalfBits(static_cast<float>(v)));
    case DataType::BFloat16: return store<std::uint16_t>(base, i, floatToBFloat16Bits(static_cast<float>(v)));
    case DataType::Float: return store<float>(base, i, static_cast<float>(v));
    case DataType::Double: return store<double>(base, i, v);
    default: return;
  }
}

double HostTensor::get(std::int64_t logicalIndex) const { return loadElement(storageOffset(logicalIndex)); }

void HostTensor::set(std::int64_t logicalIndex, double value) { storeElement(storageOffset(logicalIndex), value); }

std::vector<double> HostTensor::asDoubles() const {
  std::vector<double> out(static_cast<std::size_t>(numel()));
  double* dst = out.data();
  visitElements(*this, [dst](std::int64_t i, double v) { dst[i] = v; });
  return out;
}

void HostTensor::fromDoubles(const double* rowMajor) {
  writeElements(*this, [rowMajor](std::int64_t i) { return rowMajor[i]; });
}

double HostTensor::sum() const {
  double s = 0;
  visitElements(*this, [&s](std::int64_t, double v) { s += v; });
  return s;
}

double HostTensor::absSum() const {
  double s = 0;
  visitElements(*this, [&s](std::int64_t, double v) { s += std::fabs(v); });
  return s;
}

std::string HostTensor::describe() const {
  std::string s = std::string(ir::shortName(dtype_)) + joinInts(sizes_);
  if (!isContiguous()) s += " strides=" + joinInts(strides_);
  return s;
}

std::string describeValue(const Value& v) {
  if (const auto* t = std::get_if<HostTensor>(&v)) return t->describe();
  return ir::formatScalarValue(std::get<ir::ScalarValue>(v));
}

}  // namespace segscope::exec
