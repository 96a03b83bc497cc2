// Graph analyses shared by the schedulers (reductions, buffers, dim classes, references).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/op_classes.h"
#include "scheduler/device_profile.h"
#include "scheduler/runtime_info.h"
#include "scheduler/segment_view.h"
#include "support/flat_hash_map.h"
#include "support/small_vector.h"
#include "support/union_find.h"

namespace segscope::scheduler::analysis {

// --- op classes ---------------------------------------------------------------------------

const std::vector<const ir::Expr*>& reductionExprs(const SegmentView& view);  // kept in the view's memo
/// The dims of the segment's tensors (inputs and expr outputs): what the id tables of one
/// question reserve, so that they are built without growing.
std::size_t tensorDimCount(const SegmentView& view);
const ir::Expr* firstExprWhere(const SegmentView& view, bool (*pred)(const ir::Expr*));

/// "T5 = sum(T4, dims=[1])", the form reasons quote.
std::string describe(const ir::Expr* e);

// --- dim mapping (our stand-in for nvFuser's ComputeAtMap) ----------------------------------
/// For each dim of operand `operand` of `e`, the dim of e's outputs it maps to, or -1.
/// Consumer dim per operand dim, -1 for none; inline up to rank 8 (asked per expr, per question).
using DimMap = support::SmallVector<int, 8>;
DimMap consumerDims(const ir::Expr* e, std::size_t operand);

/// Union-find over (tensor, dim) pairs of a segment, joined through every expr's dim mapping.
/// Broadcast dims join the dims they meet (nvFuser's permissive map). A reshape joins dims of
/// a 1-to-1 group; dims it merges or splits become one class.
class DimGraph {
 public:
  /// Permissive: broadcast dims join the dims they meet. Exact (nvFuser's IdMappingMode::EXACT):
  /// a broadcast dim only joins other broadcast dims.
  enum class Mode { Permissive, Exact };
  explicit DimGraph(const SegmentView& view, Mode mode = Mode::Permissive);
  /// Class of dim `d` of `v`; -1 for tensors outside the segment.
  int classOf(const ir::Val* v, int d) const;
  /// Classes of the non-broadcast dims of `v`, in the order given.
  std::vector<int> classes(const ir::Val* v, const std::vector<int>& dims) const;

 private:
  int find(int i) const { return static_cast<int>(classes_.find(static_cast<std::size_t>(i))); }
  void unite(int a, int b);
  void add(const ir::Val* v);
  void mapReshape(const ir::Expr* e);
  support::FlatHashMap<const ir::Val*, int> base_;  // first slot of each tensor's dims
  support::UnionFind classes_;                      // one slot per dim of every tensor seen
};

// --- layout -------------------------------------------------------------------------------
/// Dims of `v` from outermost to innermost in memory: its stride order, or the requested
/// stride order when it is a fusion output; row-major otherwise.
std::vector<int> allocationOrder(const SegmentView& view, const ir::TensorView* tv);
/// The innermost allocation dim that is not a broadcast, or -1.
int innermostDim(const SegmentView& view, const ir::TensorView* tv);

// --- reductions ---------------------------------------------------------------------------
enum class ReductionType { None, Inner, Outer, InnerOuter };
std::string_view reductionTypeName(ReductionType t);
/// A reduction whose input's innermost allocation dim is reduced.
bool isFastestDimReduction(const SegmentView& view, const ir::Expr* reduction);
ReductionType reductionType(const SegmentView& view);

/// A use chain from a reduction's result that resolves a broadcast (a broadcast dim of a
/// producer meets a concrete dim in its consumer), or nullopt.
struct PostReductionBroadcast {
  const ir::Expr* reduction = nullptr;
  const ir::Expr* resolution = nullptr;
};
std::optional<PostReductionBroadcast> findPostReductionBroadcast(const SegmentView& view);

/// Reductions whose reduced and kept dims do not map onto the first one's ("un-mapped
/// multi-reduction"); returns the first that differs.
const ir::Expr* unmappedReduction(const SegmentView& view, const DimGraph& graph,
                                  const std::vector<const ir::Expr*>& reductions);

/// Elements reduced per row and the number of rows (iteration elements) of a reduction.
std::int64_t reductionNumel(const ir::Expr* reduction, const RuntimeInfo& rt);
std::int64_t iterationNumel(const ir::Expr* reduction, const RuntimeInfo& rt);

// --- whole-segment predicates ---------------------------------------------------------------
/// Two segment outputs in different components of the expr graph, or nullopt.
std::optional<std::pair<const ir::Val*, const ir::Val*>> disconnectedOutputs(const SegmentView& view);

/// nvFuser's rejectScheduleForMemoryPromotion: the lookup tensor of select/index_select/
/// gather and the input of slice/pad/cat must be segment inputs. Returns the reason.
std::optional<std::string> memoryPromotionViolation(const SegmentView& view);

/// The pointwise reference: a segment output (not an input) whose dims cover every
/// non-broadcast dim of every input and output; the one with most dims. Null when none.
const ir::Val* referenceTensor(const SegmentView& view, const DimGraph& graph);
/// The first input or output with a non-broadcast dim that `ref` does not cover.
const ir::Val* uncoveredBy(const SegmentView& view, const DimGraph& graph, const ir::Val* ref,
                           const std::vector<int>& refClasses);

/// Inputs and outputs grouped by the class of their innermost allocation dim.
std::vector<std::vector<const ir::Val*>> innerDimGroups(const SegmentView& view, const DimGraph& graph);

/// nvFuser's hasNonUniqueBcast: a broadcast dim that its uses concretize to two different
/// extents. Returns the tensor, or null.
const ir::Val* nonUniqueBroadcast(const SegmentView& view);

/// A tensor whose element type is narrower than a byte (nvFuser's 4-bit Float4_e2m1fn), which
/// the reduction, transpose, resize, matmul and inner-outer schedulers reject; null if none.
const ir::Val* subByteTensor(const SegmentView& view);

/// Whether `out` is a segment input or reaches one through view ops only (set, permute,
/// reshape, slice, broadcast, squeeze, expand), as nvFuser's alias analysis finds them.
/// An in-place output (fd.add_output(T, Tin)) is never a view.
/// With `rt`, reshapes are decomposed with the run-time sizes (nvFuser concretizes dynamic
/// reshapes before segmenting); without, symbolic reshapes are assumed to be views.
bool isAliasOfInput(const SegmentView& view, const ir::Val* out, const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
