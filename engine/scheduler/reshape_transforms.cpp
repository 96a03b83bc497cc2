// The reshape decomposition of csrc/transform_view.cpp:501-666 (findTransformation), followed
// step by step so that alias analysis and the incompatible-reshape check see nvFuser's splits
// and merges.
#include "scheduler/reshape_transforms.h"

namespace segscope::scheduler {
namespace {

std::optional<std::vector<std::int64_t>> sizesOf(const ir::TensorView* tv, const ExtentOf& extentOf) {
  std::vector<std::int64_t> sizes;
  for (int d = 0; d < tv->rank(); ++d) {
    const auto s = extentOf(tv, d);
    if (!s) return std::nullopt;
    sizes.push_back(*s);
  }
  return sizes;
}

}  // namespace

ExtentOf constantExtents() {
  return [](const ir::TensorView* tv, int d) -> std::optional<std::int64_t> {
    const ir::SymInt& x = tv->dim(static_cast<std::size_t>(d)).extent;
    if (x.isConst()) return x.value;
    return std::nullopt;
  };
}

std::optional<ReshapeSizes> reshapeSizes(const ir::Expr& reshape, const ExtentOf& extentOf) {
  const auto& a = reshape.attrs();
  if (!a.concreteIn.empty() || !a.concreteOut.empty()) return ReshapeSizes{a.concreteIn, a.concreteOut};
  auto in = sizesOf(reshape.operand(0)->asTensor(), extentOf);
  auto out = sizesOf(reshape.output()->asTensor(), extentOf);
  if (!in || !out) return std::nullopt;
  return ReshapeSizes{std::move(*in), std::move(*out)};
}

std::optional<ReshapeTransforms> analyzeReshape(const ir::TensorView& in, const std::vector<std::int64_t>& orig,
                                                const std::vector<std::int64_t>& next) {
  // isImplicitBroadcast (transform_view.cpp:484-497): a broadcast that is not expanded.
  auto implicitBroadcast = [&](std::size_t i) { return in.dim(i).kind == ir::IterKind::Broadcast; };
  ReshapeTransforms t;
  const auto no = orig.size(), nn = next.size();
  std::size_t oi = 0, ti = 0, ni = 0;
  std::int64_t current = no ? orig[0] : 0;
  for (int guard = 0; (oi < no || ni < nn) && guard < 100000; ++guard) {
    // A runtime size-1 dim next in the input merges into the current one (line 545).
    if ((ni + 1 >= nn || next[ni + 1] != 1) && oi + 1 < no && orig[oi + 1] == 1 && !implicitBroadcast(oi + 1)) {
      t.steps.push_back({true, static_cast<int>(ti), 0});
      ++oi;
      continue;
    }
    if (ni < nn && current == next[ni]) {  // a boundary: keep the dim (line 562)
      ++ti, ++ni, ++oi;
      current = oi < no ? orig[oi] : 0;
      continue;
    }
    if (ni < nn && next[ni] == 1) {  // a new broadcast (line 584)
      t.broadcasts.push_back(static_cast<int>(ni++));
      continue;
    }
    if (current == 0) return std::nullopt;
    if (current == 1 && oi < no && implicitBroadcast(oi)) {  // squeeze (line 600)
      t.squeezed.insert(static_cast<int>(oi++));
      current = oi < no ? orig[oi] : 0;
      continue;
    }
    if (oi + 1 < no && implicitBroadcast(oi + 1)) {  // a broadcast in the way: squeeze (line 617)
      t.squeezed.insert(static_cast<int>(++oi));
      continue;
    }
    if (ni >= nn) return std::nullopt;
    if (current % next[ni] == 0 && current / next[ni] > 1) {  // split (line 637)
      t.steps.push_back({false, static_cast<int>(ti), next[ni]});
      current /= next[ni];
      ++ti, ++ni;
      continue;
    }
    if (oi + 1 >= no) return std::nullopt;
    t.steps.push_back({true, static_cast<int>(ti), 0});  // merge the next input dim in (line 660)
    current *= orig[++oi];
  }
  if (oi < no || ni < nn) return std::nullopt;
  return t;
}

}  // namespace segscope::scheduler
