// The content hash of layouts and of their cached blocks (64 bits, eight bytes at a time).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace segscope::layout {

struct LayoutOptions;

/// Each eight-byte word is folded in with a full 64×64→128-bit multiply, its halves xored, so
/// every bit of the word reaches every bit of the state. (Byte-wise FNV-1a, one multiply per
/// byte, was a tenth of revisiting a step of a 10k-op fusion: the tooltips are long.)
struct ContentHash {
  __extension__ typedef unsigned __int128 Wide;  // GCC and Clang both have it
  std::uint64_t h = 0x243f6a8885a308d3ull;
  void word(std::uint64_t w) {
    const Wide product = static_cast<Wide>(h ^ w) * 0x9e3779b97f4a7c15ull;
    h = static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64) ^ 0xa0761d6478bd642full;
  }
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; p += 8, n -= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      word(w);
    }
    if (n == 0) return;
    std::uint64_t tail = 0;
    std::memcpy(&tail, p, n);
    word(tail ^ (std::uint64_t{n} << 59));  // "ab" and "ab\0" differ
  }
  void str(const std::string& s) {
    num(static_cast<std::int64_t>(s.size()));  // length first: "ab"+"c" differs from "a"+"bc"
    bytes(s.data(), s.size());
  }
  void num(std::int64_t v) { word(static_cast<std::uint64_t>(v)); }
  void real(double v) { bytes(&v, sizeof v); }
};

/// Every option that changes a layout, into `f` (defined next to LayoutOptions' user).
void hashOptions(ContentHash& f, const LayoutOptions& options);

}  // namespace segscope::layout
