// FNV-1a 64, the content hash of layouts and of their cached blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace segscope::layout {

struct LayoutOptions;

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  }
  void str(const std::string& s) {
    num(static_cast<std::int64_t>(s.size()));  // length first: "ab"+"c" differs from "a"+"bc"
    bytes(s.data(), s.size());
  }
  void num(std::int64_t v) { bytes(&v, sizeof v); }
  void real(double v) { bytes(&v, sizeof v); }
};

/// Every option that changes a layout, into `f` (defined next to LayoutOptions' user).
void hashOptions(Fnv& f, const LayoutOptions& options);

}  // namespace segscope::layout
