// An insert-only open-addressing hash map for the small per-question tables of the scheduler
// analyses, where std::unordered_map's node per entry made allocation the largest cost.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace segscope::support {

/// Entries live in one vector in insertion order; a power-of-two table of entry indices is
/// probed linearly. There is no erase: every user builds a table for one question and drops
/// it. The caller's hash is mixed again, since pointer hashes leave the low bits at zero.
template <typename Key, typename Value, typename Hash = std::hash<Key>>
class FlatHashMap {
 public:
  void reserve(std::size_t n) {
    entries_.reserve(n);
    if (n * 2 > slots_.size()) rehash(capacityFor(n));
  }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  /// The value of `key`, or null when it has none.
  const Value* find(const Key& key) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = home(key);; i = (i + 1) & mask()) {
      const std::int32_t e = slots_[i];
      if (e < 0) return nullptr;
      if (entries_[static_cast<std::size_t>(e)].first == key) return &entries_[static_cast<std::size_t>(e)].second;
    }
  }
  Value* find(const Key& key) { return const_cast<Value*>(std::as_const(*this).find(key)); }
  bool contains(const Key& key) const { return find(key) != nullptr; }

  /// Inserts (key, value) unless `key` is there; returns its value and whether it was new.
  std::pair<Value*, bool> tryEmplace(const Key& key, Value value) {
    if ((entries_.size() + 1) * 2 > slots_.size()) rehash(capacityFor(entries_.size() + 1));
    std::size_t i = home(key);
    for (;; i = (i + 1) & mask()) {
      const std::int32_t e = slots_[i];
      if (e < 0) break;
      if (entries_[static_cast<std::size_t>(e)].first == key)
        return {&entries_[static_cast<std::size_t>(e)].second, false};
    }
    slots_[i] = static_cast<std::int32_t>(entries_.size());
    entries_.emplace_back(key, std::move(value));
    return {&entries_.back().second, true};
  }

 private:
  static std::size_t capacityFor(std::size_t n) {
    std::size_t cap = 16;
    while (cap < n * 2) cap *= 2;
    return cap;
  }
  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t home(const Key& key) const {
    std::uint64_t h = static_cast<std::uint64_t>(Hash()(key));
    h ^= h >> 33;  // the finalizer of MurmurHash3: every input bit reaches the low bits
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return static_cast<std::size_t>(h) & mask();
  }
  void rehash(std::size_t capacity) {
    slots_.assign(capacity, -1);
    for (std::size_t e = 0; e < entries_.size(); ++e) {
      std::size_t i = home(entries_[e].first);
      while (slots_[i] >= 0) i = (i + 1) & mask();
      slots_[i] = static_cast<std::int32_t>(e);
    }
  }

  std::vector<std::pair<Key, Value>> entries_;
  std::vector<std::int32_t> slots_;  // entry index, -1: empty
};

}  // namespace segscope::support
