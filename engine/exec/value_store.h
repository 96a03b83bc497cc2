// The argument manager of a segmented run, whatever holds the values (host tensors on the CPU
// reference, device buffers on CUDA): which outputs to keep, and when a value's last reader ran.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/fusion.h"
#include "segmenter/segment_export.h"

namespace segscope::exec {

/// "segment 3", as errors of either backend name a segment.
inline std::string segmentName(const segmenter::SegmentExport& x) { return "segment " + std::to_string(x.segment); }

/// Whether the segment reads the data of its input `i`: fd.ops.size reads only metadata, so
/// such an input counts for no bytes read (and need not be on the device).
inline bool readsData(const segmenter::SegmentExport& x, std::size_t i) {
  const auto& uses = x.fusion->inputs()[i]->uses();
  return std::any_of(uses.begin(), uses.end(), [](const ir::Expr* e) { return e->op() != ir::OpType::Size; });
}

/// Values by complete-fusion val id. Uses are counted per consuming segment, so a value is
/// handed back for freeing right after its last reader ran; the fusion's outputs live to the end.
template <class Slot>
class ValueStore {
 public:
  ValueStore(const ir::Fusion& full, const std::vector<segmenter::SegmentExport>& exports) {
    for (const ir::FusionOutput& o : full.outputs()) keep_.insert(o.val->id());
    for (const segmenter::SegmentExport& x : exports)
      for (std::size_t i = 0; i < x.inputValId.size(); ++i)
        if (x.inputSource[i] != segmenter::ArgSource::Extent) ++usesLeft_[x.inputValId[i]];
  }

  Slot* find(int id) {
    auto it = values_.find(id);
    return it == values_.end() ? nullptr : &it->second;
  }
  const Slot* find(int id) const {
    auto it = values_.find(id);
    return it == values_.end() ? nullptr : &it->second;
  }

  /// A fusion input: held whatever its uses (the caller decides what it costs).
  void put(int id, Slot slot) { values_[id] = std::move(slot); }

  /// A segment's output: kept when a later segment or the fusion's outputs read it; otherwise
  /// handed straight back, for the caller to free.
  std::optional<Slot> store(int id, Slot slot) {
    if (!keep_.count(id) && usesLeft_[id] == 0) return slot;
    values_[id] = std::move(slot);
    return std::nullopt;
  }

  /// After segment `x` ran: takes out the values no later segment reads.
  std::vector<Slot> release(const segmenter::SegmentExport& x) {
    std::vector<Slot> dead;
    for (std::size_t i = 0; i < x.inputValId.size(); ++i) {
      const int id = x.inputValId[i];
      if (x.inputSource[i] == segmenter::ArgSource::Extent || --usesLeft_[id] > 0 || keep_.count(id)) continue;
      if (auto it = values_.find(id); it != values_.end()) {
        dead.push_back(std::move(it->second));
        values_.erase(it);
      }
    }
    return dead;
  }

  /// Everything still held (at the end of a run).
  std::vector<Slot> takeAll() {
    std::vector<Slot> all;
    for (auto& [id, slot] : values_) all.push_back(std::move(slot));
    values_.clear();
    return all;
  }

  std::size_t size() const { return values_.size(); }

 private:
  std::unordered_map<int, Slot> values_;
  std::unordered_map<int, int> usesLeft_;
  std::unordered_set<int> keep_;
};

}  // namespace segscope::exec
