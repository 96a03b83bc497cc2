// Two segmentations side by side: the same fusion on two profiles, scalar modes or option sets,
// two versions of one fusion, or Segscope's segments beside nvFuser's from a log. Segments are
// matched by the ops they hold, never by their ids (segscope --compare, segscope-cli compare).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.h"
#include "pipeline/session.h"
#include "trace/snapshot.h"

namespace segscope::comparison {

/// One side: the fusion its segments point into, and the segments.
struct ComparedSide {
  std::string label;  // what tells the sides apart: "h100", "scalars duplicate", "v2.py", "nvFuser's log"
  std::string file;
  /// nvFuser's groups from a log: it has no host scalar segment of its own, so that is no
  /// difference.
  bool fromLog = false;
  std::shared_ptr<const ir::Fusion> fusion;
  struct Segment {
    int id = -1;
    std::string scheduler;  // as a partition names it: a scheduler, or "host_scalars"
    bool host = false;
    bool hostScalars = false;
    std::vector<int> exprs;  // expr ids in `fusion`, in its order
  };
  std::vector<Segment> segments;

  /// The fusion with the segments as a partition (segment ids as group ids), for a drawing.
  trace::SnapshotPtr snapshot() const;
  const Segment* segment(int id) const;
};

/// How a segment of one side lines up with the other side. Segments connect when they share an
/// op; a connected set of segments of both sides is one match.
enum class MatchKind {
  Same,            // one segment each side, the same ops and scheduler
  OtherScheduler,  // the same ops, another scheduler
  OtherOps,        // one segment each side, but ops only one fusion has (two versions of it)
  SplitThere,      // this one segment is several there
  MergedThere,     // this is one of several segments that are one there
  Regrouped,       // several here and several there share their ops
  OnlyHere,        // none of its ops is in the other side's segments
};
std::string_view matchKindName(MatchKind kind);  // "same", "other scheduler", "split there", ...

struct SegmentMatch {
  int segment = -1;  // its id on its side
  MatchKind kind = MatchKind::OnlyHere;
  std::vector<int> counterparts;  // ids of the other side's segments in the same match
  int match = -1;                 // index into SegmentationComparison::matches; -1 for OnlyHere
  int ops = 0;                    // its tensor ops (the ones matched on)
  int opsOnlyHere = 0;            // of those, ops the other fusion has not
};

/// One connected set of segments (a difference when it is not one Same pair).
struct Match {
  std::vector<int> left, right;  // segment ids
  MatchKind leftKind = MatchKind::Same;
  std::string text;  // "segment 3 (pointwise, 12 ops) is segments 3, 4 on a100 (…)"; empty when Same
};

struct SegmentationComparison {
  ComparedSide left, right;
  std::vector<SegmentMatch> leftSegments, rightSegments;  // in each side's segment order
  std::vector<Match> matches;
  /// How ops were identified across the sides: by structure (op, operands' origin, dtype and
  /// shape), so renamed tensors of a second version still match.
  int matchedOps = 0, leftOnlyOps = 0, rightOnlyOps = 0;
  /// The differences in words, most telling first: counts, schedulers, then each match that is
  /// not the same segment.
  std::vector<std::string> differences;

  bool same() const { return differences.empty(); }
  const SegmentMatch* matchOf(bool leftSide, int segment) const;
  /// nvFuser's count of segments on a side: Segscope's host scalars are none.
  static int segmentCount(const ComparedSide& side);
};

/// The side a session's final segmentation gives (empty segments when it stopped early).
ComparedSide comparedSideOf(const pipeline::Session& session, std::string label);

/// Matches the segments of the two sides and lists the differences.
SegmentationComparison compareSegmentations(ComparedSide left, ComparedSide right);

/// What to put beside an open fusion: `profile=a100`, `scalar-mode=duplicate`,
/// `options=+fuse_matmul,-resize_scheduler` (also `enable=…`, `disable=…`), `file=OTHER.py`,
/// `nvfuser=LOG`.
struct CompareWith {
  enum class Kind { Profile, ScalarMode, Options, File, NvFuserLog };
  Kind kind = Kind::Profile;
  std::string value;                         // the profile, mode, file or log
  std::vector<std::string> enable, disable;  // Kind::Options
};
Result<CompareWith> parseCompareWith(std::string_view text);
/// The spellings parseCompareWith takes, for a usage line.
std::string_view compareWithUsage();

/// Runs what `with` asks for beside `session` (which `options` made) and compares the two: the
/// session is the left side. Fails with a message the user can act on (no such profile, an
/// unreadable file, a log without final groups).
Result<SegmentationComparison> compareWith(const pipeline::Session& session, const pipeline::PipelineOptions& options,
                                           const CompareWith& with);

/// The report `segscope-cli compare` prints: both sides' counts, then the differences.
std::string segmentationComparisonText(const SegmentationComparison& comparison);

}  // namespace segscope::comparison
