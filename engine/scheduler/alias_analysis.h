// nvFuser's alias analysis (csrc/alias_analysis.cpp): which tensors can be produced as a view
// of another one (pointer arithmetic, no copy) given the memory layout of the source. The
// expr_eval scheduler and MarkAliasesPrepare both ask it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "ir/fusion.h"
#include "scheduler/reshape_transforms.h"

namespace segscope::scheduler {

/// One allocation-order entry of a tensor's layout: which logical dim, and its contiguity
/// (nullopt for broadcast and expanded dims, as nvFuser stores it).
struct LayoutEntry {
  int dim = 0;
  std::optional<bool> contiguity;
  friend bool operator==(const LayoutEntry&, const LayoutEntry&) = default;
};
using Layout = std::vector<LayoutEntry>;  // outermost first

class AliasAnalysis {
 public:
  /// The tensor `alias` is a view of, or null: the input of the meta op defining it when that
  /// op needs no copy for the input's layout. An in-place (aliased-input) fusion output has
  /// a source too but is never a view (nvFuser's finalize skips ReuseBuffer outputs).
  const ir::Val* sourceOf(const ir::Val* alias) const;
  /// nvFuser's getRoot: the end of the source chain, or null when `v` is no view at all.
  const ir::Val* rootOf(const ir::Val* v) const;
  /// True when `v` is a view that reaches `stopAt` (e.g. a segment input) through its chain.
  bool isViewOf(const ir::Val* v, const std::function<bool(const ir::Val*)>& stopAt) const;
  /// The layout nvFuser would give `v` (its preferred one when it is a view).
  const Layout& layoutOf(const ir::Val* v) const;

 private:
  friend AliasAnalysis findAliases(const ir::Fusion&, const ExtentOf&);
  std::vector<const ir::Val*> source_;  // by val id
  std::vector<Layout> layout_;          // by val id
  std::vector<bool> reuseBuffer_;       // by val id: in-place update targets
};

/// True when `e` may make a view of its operand (a reshape, permute, squeeze, broadcast, slice,
/// set or stride order with one tensor in and out): viewChain walks only through such exprs.
bool isViewCandidate(const ir::Expr* e);

/// The view chain of `v`: v, the tensor it is a view of, that one's source, … up to the
/// root. Only {v} when `v` is no view. Walks the definitions only, so a scheduler can ask about
/// one segment's output without analysing the whole fusion. `emptyIsLogical(t)`: t lives in
/// global memory (a segment's input or output) and, having no allocation domain of its own,
/// must keep the logical layout (nvFuser's EmptyAllocationAs::kLogical).
std::vector<const ir::Val*> viewChain(const ir::Fusion& fusion, const ir::Val* v,
                                      const std::function<bool(const ir::Val*)>& emptyIsLogical,
                                      const ExtentOf& extentOf = constantExtents());

/// Gives `tv` the layout as its allocation domain (stride order and contiguity), as
/// MarkAliasesPrepare does for every view (csrc/preseg_passes/mark_aliases_prepare.cpp:129-155).
void setAllocation(ir::TensorView& tv, const Layout& layout);

/// One walk in topological order (nvFuser's findAliases with EmptyAllocationAs::kUndetermined:
/// a tensor without an explicit allocation accepts any layout).
AliasAnalysis findAliases(const ir::Fusion& fusion, const ExtentOf& extentOf = constantExtents());

}  // namespace segscope::scheduler
