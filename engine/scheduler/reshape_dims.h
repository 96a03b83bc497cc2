// Which input dims of a reshape become which output dims (nvFuser's view transforms).
#pragma once

#include <vector>

#include "ir/expr.h"
#include "scheduler/runtime_info.h"
#include "support/small_vector.h"

namespace segscope::scheduler::analysis {

/// Input dims `in` that a reshape turns into output dims `out`. A group of one input and one
/// output dim of equal extent is left alone; any other group is a merge, a split or both.
struct ReshapeGroup {
  using Dims = support::SmallVector<int, 4>;  // inline: groups are made per reshape, per question
  Dims in, out;
  bool unchanged() const { return in.size() == 1 && out.size() == 1; }
  friend bool operator==(const ReshapeGroup&, const ReshapeGroup&) = default;
};

/// The groups of a reshape, from its extents: the bound sizes when `rt` knows them (nvFuser
/// concretizes a reshape from the input sizes before it segments), else the static extents,
/// where a symbolic stretch in the middle becomes one group.
std::vector<ReshapeGroup> reshapeDimGroups(const ir::Expr* reshape, const RuntimeInfo* rt = nullptr);

/// csrc/scheduler/registry_utils.cpp:421 isSplitOnly: every transform of the reshape is a split.
bool isSplitOnlyReshape(const ir::Expr* reshape, const RuntimeInfo* rt = nullptr);

}  // namespace segscope::scheduler::analysis
