// A vector that keeps up to N elements inline: per-dim maps (one entry per tensor dim) are
// made by the hundred thousand per segmentation, and a heap block each was a tenth of a run.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace segscope::support {

template <typename T, std::size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>,
                "SmallVector holds plain values");

 public:
  SmallVector() = default;
  SmallVector(std::size_t count, const T& value) { resize(count, value); }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return size_ <= N ? inline_.data() : spill_.data(); }
  const T* data() const { return size_ <= N ? inline_.data() : spill_.data(); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& front() { return data()[0]; }
  const T& front() const { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }

  void resize(std::size_t count, const T& value = T{}) {
    if (count <= N && size_ <= N) {
      for (std::size_t i = size_; i < count; ++i) inline_[i] = value;
    } else {
      if (size_ <= N) spill_.assign(inline_.begin(), inline_.begin() + static_cast<std::ptrdiff_t>(size_));
      spill_.resize(count, value);
      if (count <= N) std::copy(spill_.begin(), spill_.end(), inline_.begin());
    }
    size_ = count;
  }
  void push_back(const T& value) {
    resize(size_ + 1);
    (*this)[size_ - 1] = value;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }

 private:
  std::array<T, N> inline_{};
  std::vector<T> spill_;  // used once the size passes N
  std::size_t size_ = 0;
};

}  // namespace segscope::support
