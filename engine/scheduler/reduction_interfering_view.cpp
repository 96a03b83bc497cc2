// Reshapes interfering with a reduction schedule (see reduction_interfering_view.h).
#include "scheduler/reduction_interfering_view.h"

#include <algorithm>

#include "scheduler/analysis.h"
#include "scheduler/exact_id_graph.h"
#include "scheduler/reshape_dims.h"

namespace segscope::scheduler::analysis {
namespace {

// The up-to-three groups of reference dims a 3D reduction schedule merges
// (registry_utils.cpp:469-498): first the innermost run of dims of the innermost dim's kind,
// then twice all remaining dims of the then-innermost kind.
std::vector<std::vector<int>> scheduleGroups(const ir::Expr* reference) {
  const int rank = reference->operand(0)->asTensor()->rank();
  const auto& reducedDims = reference->attrs().dims;
  auto reduced = [&](int d) { return std::find(reducedDims.begin(), reducedDims.end(), d) != reducedDims.end(); };
  std::vector<int> dims;
  for (int d = 0; d < rank; ++d) dims.push_back(d);
  std::vector<std::vector<int>> groups;
  for (int dimension = 0; dimension < 3 && !dims.empty(); ++dimension) {
    std::vector<int> current;
    const bool kind = reduced(dims.back());
    for (auto it = dims.rbegin(); it != dims.rend(); ++it) {
      if (reduced(*it) != kind) {
        if (dimension == 0) break;  // the first group is a contiguous run
        continue;
      }
      current.push_back(*it);
    }
    if (current.empty()) continue;
    for (int d : current) dims.erase(std::find(dims.begin(), dims.end(), d));
    groups.push_back(std::move(current));
  }
  return groups;
}

}  // namespace

bool reductionInterferingView(const SegmentView& view, const ir::Expr* reference, const RuntimeInfo* rt) {
  bool anyMerge = false;
  for (const ir::Expr* e : view.exprs)
    if (ir::isViewOp(e) && !isSplitOnlyReshape(e, rt)) anyMerge = true;
  if (!anyMerge) return false;
  // disjointLogicalSets: exact sets joined through every merge and split of a reshape.
  const ExactIdGraph sets(view, rt, true);
  const ir::Val* ref = reference->operand(0);
  const auto groups = scheduleGroups(reference);
  for (std::size_t a = 0; a < groups.size(); ++a)
    for (std::size_t b = a + 1; b < groups.size(); ++b)
      for (int da : groups[a])
        for (int db : groups[b])
          if (sets.mapped(IdKey::logical(ref, da), IdKey::logical(ref, db))) return true;
  return false;
}

}  // namespace segscope::scheduler::analysis
