// Builds the GraphModel of a snapshot (or of a step, with its highlights): the fusion alone,
// its groups as clusters, or the collapsed segment graph.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "graph/graph_model.h"
#include "scheduler/runtime_info.h"
#include "segmenter/segmentation.h"
#include "trace/diff.h"
#include "trace/step.h"

namespace segscope::graph {

enum class View {
  Fusion,     // ops only, no clusters
  Segments,   // ops inside one cluster per group/segment
  Collapsed,  // one node per group/segment, edges weighted by the bytes crossing
};

struct BuildOptions {
  View view = View::Segments;
  /// Concrete sizes for edge labels and bytes; without it only static extents count.
  const scheduler::RuntimeInfo* sizes = nullptr;
  /// "segment" for final segmentations, "group" for the segmenter's working groups.
  std::string clusterWord = "group";
  /// Draw intermediate tensors as their own nodes between ops (fusion view only).
  bool showTensors = false;
  /// Draw one-op groups as clusters too. Off for the segmenter's working partitions: a
  /// cluster per op makes dot slow and says nothing the op's own color does not.
  bool singletonClusters = true;
  /// Node ids the user selected.
  std::vector<std::string> selected;
  /// Collapsed view: the groups holding these exprs are drawn in place, inside their cluster:
  /// their ops, or, above kOpsDrawnInPlace ops, their runs (stretches of consecutive ops
  /// ending at a reduction or at kRunOps ops). Exprs, not group ids, so an expanded group
  /// stays expanded when a merge renumbers it.
  std::set<int> expandedAround;
  /// Runs holding these exprs are drawn as their ops.
  std::set<int> runsExpandedAround;
  /// Collapsed view as an overview of many segments (laid out as tiles, layout/tile_layout.h):
  /// only the segment nodes and the edges between them; the fusion inputs, host scalars and
  /// outputs a segment touches become markers on its node instead of nodes of their own.
  bool overview = false;
  /// In an overview in run order, runs of segments between barriers are folded into one tile
  /// each (overview_groups.h), but those holding a segment whose first expr is in `openGroups`.
  bool groupRuns = false;
  std::set<int> openGroups;
};

/// The collapsed view of more groups than this, with nothing expanded, is drawn as an overview.
inline constexpr std::size_t kOverviewAbove = 100;

/// An expanded group with more ops than this is drawn as runs (each expandable in turn).
inline constexpr std::size_t kOpsDrawnInPlace = 150;
/// Fusions above this many ops are drawn collapsed (a node per segment) unless a view is asked
/// for: the window opens on it, and `segment --svg` draws it.
inline constexpr int kAutoCollapseOps = 1500;
/// The most ops in one run; a run also ends after a reduction once it holds kRunMinOps.
inline constexpr std::size_t kRunOps = 120;
inline constexpr std::size_t kRunMinOps = 30;

class OpTexts;

/// The drawing of one snapshot. Without a partition every view is the fusion view. `texts`,
/// when given, keeps the ops' texts for the next picture of the same fusion.
GraphModel buildGraph(const trace::Snapshot& snapshot, const BuildOptions& options, OpTexts* texts = nullptr);

/// Which side of a step to draw: the after-snapshot shows added and changed exprs, the
/// before-snapshot the removed and changed ones (the diff view shows both side by side).
enum class StepSide { Before, After };

/// The drawing of a step: merge candidates, pass diffs and regrouped exprs highlighted. `diff`
/// is the step's diff where the caller holds it (Session::diffOf); without it, it is computed.
GraphModel buildStepGraph(const trace::Step& step, StepSide side, const BuildOptions& options,
                          const trace::StepDiff* diff = nullptr, OpTexts* texts = nullptr);

/// A partition snapshot of a final segmentation (segment ids as group ids), for drawing it.
trace::SnapshotPtr snapshotOfSegmentation(const segmenter::Segmentation& segmentation);

}  // namespace segscope::graph
