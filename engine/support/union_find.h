// Union-find (disjoint sets) over dense indices: the one copy the analyses (dim classes,
// regions, extent sets) share.
#pragma once

#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace segscope::support {

/// Path halving, and the lower index becomes the root of a union, so which element stands for
/// a set never depends on the order of unions (nor on hash order in the caller).
class UnionFind {
 public:
  UnionFind() = default;
  explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::size_t{0}); }

  /// A new singleton set; returns its index.
  std::size_t add() {
    parent_.push_back(parent_.size());
    return parent_.size() - 1;
  }
  std::size_t size() const { return parent_.size(); }
  void reserve(std::size_t n) { parent_.reserve(n); }

  /// The root of i's set. Const: compressing the path changes no set.
  std::size_t find(std::size_t i) const {
    while (parent_[i] != i) {
      parent_[i] = parent_[parent_[i]];
      i = parent_[i];
    }
    return i;
  }

  /// Joins the sets of a and b; true when they were apart.
  bool unite(std::size_t a, std::size_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (b < a) std::swap(a, b);
    parent_[b] = a;
    return true;
  }

  bool same(std::size_t a, std::size_t b) const { return find(a) == find(b); }

 private:
  mutable std::vector<std::size_t> parent_;
};

}  // namespace segscope::support
