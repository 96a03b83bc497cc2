// Two dims of one tensor in one exact set (see self_mapping.h).
#include "scheduler/self_mapping.h"

namespace segscope::scheduler::analysis {
namespace {

// The cheap test first: two dims of one tensor can only meet where two paths from it join,
// at an op reading two tensors into an output of rank 2 or more. Without one the exact graph
// is not built.
bool mayMapDimsTogether(const SegmentView& view) {
  for (const ir::Expr* e : view.exprs) {
    int tensorOperands = 0;
    for (std::size_t i = 0; i < e->numOperands(); ++i) tensorOperands += e->operand(i)->isTensor() ? 1 : 0;
    if (tensorOperands < 2) continue;
    for (const ir::Val* out : e->outputs())
      if (out->isTensor() && out->asTensor()->rank() > 1) return true;
  }
  return false;
}

}  // namespace

std::optional<SelfMapping> selfMappedPair(const ExactIdGraph& exact, const ir::Val* tv) {
  const int rank = tv->asTensor()->rank();
  for (int a = 0; a < rank; ++a)
    for (int b = a + 1; b < rank; ++b)
      if (exact.mapped(IdKey::logical(tv, a), IdKey::logical(tv, b))) return SelfMapping{tv, a, b};
  return std::nullopt;
}

std::optional<SelfMapping> firstSelfMapping(const SegmentView& view) {
  if (!mayMapDimsTogether(view)) return std::nullopt;
  const ExactIdGraph exact(view, nullptr, /*joinReshapes=*/false);
  for (const ir::Val* in : view.inputs)
    if (in->isTensor())
      if (auto m = selfMappedPair(exact, in)) return m;
  for (const ir::Expr* e : view.exprs)
    for (const ir::Val* out : e->outputs())
      if (out->isTensor())
        if (auto m = selfMappedPair(exact, out)) return m;
  return std::nullopt;
}

}  // namespace segscope::scheduler::analysis
