// Vertical merge sets that every scheduler refuses, told from facts of their groups instead of
// building the segment and asking ten schedulers about it.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "segmenter/finder_state.h"

namespace segscope::segmenter {

/// combine_reductions asks about the set between every pair of same-signature reductions
/// (csrc/fusion_segmenter.cpp:2757-2790), and in a stack of blocks split by linears that is
/// every pair in the stack: the sets grow with the stack and the questions with its square,
/// so building each set and its segment made the pass cubic. Most of those sets hold a
/// linear; they are refused whatever else they hold, and this tells so in a few word
/// operations. The answer is exact, never a guess: when any of its conditions is unknown the
/// caller asks the schedulers as before, and only recorders that keep no merge details (the
/// step is then the bare outcome) use it, so segmentations and traces stay the same.
class CertainRefusal {
 public:
  explicit CertainRefusal(const FinderState& state);

  /// False when this run must ask the schedulers every time (merge details are recorded, or
  /// the fusion has segment_set hints, whose refusal carries its own text).
  bool enabled() const { return enabled_; }

  enum class Vertical {
    Unknown,       // ask the schedulers
    Refused,       // every scheduler refuses: record a refusal
    OutputInside,  // an edge inside carries a fusion output: no question is asked at all
  };
  /// What attemptMerge(between(producer, consumer)) would do with the set of `producer`,
  /// `consumer` and every group on a path between them (a vertical reduction merge).
  Vertical vertical(const GroupDependencyAnalysis& dep, const SegmentedGroup* producer, const SegmentedGroup* consumer);

 private:
  struct Facts {
    bool known = false;
    bool barrier = false;            // holds a matmul/linear or an expr_eval-only op
    bool sendsComputed = false;      // sends out a tensor no view op makes
    bool sendsFusionOutput = false;  // a consumer group reads a fusion output it makes
  };
  const Facts& factsOf(const SegmentedGroup* g);
  void sync(const GroupDependencyAnalysis& dep);
  void markSlot(const GroupDependencyAnalysis& dep, const SegmentedGroup* g);
  bool carriesFusionOutputInside(const GroupDependencyAnalysis& dep, const SegmentedGroup* producer,
                                 const SegmentedGroup* consumer);
  bool askedBefore(const SegmentedGroup* producer, const SegmentedGroup* consumer) const;

  using Bits = GroupDependencyAnalysis::Bits;
  static std::uint64_t wordOf(const Bits& b, std::size_t w) { return w < b.size() ? b[w] : 0; }

  const FinderState& state_;
  bool enabled_ = false;
  std::vector<Facts> facts_;          // by group id
  std::vector<int> groupAt_;          // by slot: the id of the group its bits describe, -1: none
  Bits barrier_, sendsFusionOutput_;  // by slot
  int seenUpTo_ = 0;                  // groups with smaller ids are marked
  // Sets of three or more groups asked before this pass, by member id: one equal to a set
  // told here would have been a cached, unrecorded question, so such a pair is asked.
  std::unordered_map<int, std::vector<std::vector<int>>> askedByMember_;
};

}  // namespace segscope::segmenter
