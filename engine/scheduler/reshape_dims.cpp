// Grouping of a reshape's input and output dims (see reshape_dims.h).
#include "scheduler/reshape_dims.h"

#include <cstdint>

namespace segscope::scheduler::analysis {
namespace {

using Extents = support::SmallVector<ir::SymInt, 8>;

Extents extentsOf(const ir::Val* v, const RuntimeInfo* rt) {
  Extents out;
  if (rt) {
    if (auto sizes = rt->sizes(v)) {
      for (std::int64_t n : *sizes) out.push_back(ir::SymInt::constant(n));
      return out;
    }
  }
  for (const ir::Dim& d : v->asTensor()->dims()) out.push_back(d.extent);
  return out;
}

bool allConst(const Extents& e, std::size_t a, std::size_t b) {
  for (std::size_t i = a; i < b; ++i)
    if (!e[i].isConst()) return false;
  return true;
}

ReshapeGroup::Dims range(std::size_t a, std::size_t b) {
  ReshapeGroup::Dims out;
  for (std::size_t i = a; i < b; ++i) out.push_back(static_cast<int>(i));
  return out;
}

// The middle stretch [lo, hiIn) x [lo, hiOut), split into groups of equal element count.
void groupMiddle(const Extents& in, const Extents& out, std::size_t lo, std::size_t hiIn, std::size_t hiOut,
                 std::vector<ReshapeGroup>& groups) {
  if (!allConst(in, lo, hiIn) || !allConst(out, lo, hiOut)) {
    groups.push_back(ReshapeGroup{range(lo, hiIn), range(lo, hiOut)});
    return;
  }
  std::size_t i = lo, j = lo;
  while (i < hiIn || j < hiOut) {
    ReshapeGroup g;
    std::int64_t pIn = 1, pOut = 1;
    do {
      if (i < hiIn && (pIn <= pOut || j >= hiOut)) {
        pIn *= in[i].value;
        g.in.push_back(static_cast<int>(i++));
      } else if (j < hiOut) {
        pOut *= out[j].value;
        g.out.push_back(static_cast<int>(j++));
      }
    } while ((pIn != pOut || pIn == 1) && (i < hiIn || j < hiOut));
    groups.push_back(std::move(g));
  }
}

}  // namespace

std::vector<ReshapeGroup> reshapeDimGroups(const ir::Expr* reshape, const RuntimeInfo* rt) {
  Extents in = extentsOf(reshape->operand(0), rt);
  Extents out = extentsOf(reshape->output(), rt);
  // Sizes the reshape was concretized with (scheduler/concretize_reshapes) decide its groups
  // when no run-time info is at hand.
  const auto& a = reshape->attrs();
  if (!rt && a.concreteIn.size() == in.size() && a.concreteOut.size() == out.size()) {
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = ir::SymInt::constant(a.concreteIn[i]);
    for (std::size_t j = 0; j < out.size(); ++j) out[j] = ir::SymInt::constant(a.concreteOut[j]);
  }
  std::vector<ReshapeGroup> head, tail;
  std::size_t lo = 0, hiIn = in.size(), hiOut = out.size();
  while (lo < hiIn && lo < hiOut && in[lo] == out[lo]) {
    head.push_back(ReshapeGroup{range(lo, lo + 1), range(lo, lo + 1)});
    ++lo;
  }
  while (hiIn > lo && hiOut > lo && in[hiIn - 1] == out[hiOut - 1]) {
    --hiIn;
    --hiOut;
    tail.insert(tail.begin(), ReshapeGroup{range(hiIn, hiIn + 1), range(hiOut, hiOut + 1)});
  }
  if (lo < hiIn || lo < hiOut) groupMiddle(in, out, lo, hiIn, hiOut, head);
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

bool isSplitOnlyReshape(const ir::Expr* reshape, const RuntimeInfo* rt) {
  for (const ReshapeGroup& g : reshapeDimGroups(reshape, rt))
    if (g.in.size() != 1) return false;
  return true;
}

}  // namespace segscope::scheduler::analysis
