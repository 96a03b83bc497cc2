// Lookups in the generated operator tables (op_tables.inc, from engine/fx/data/*.tsv by
// scripts/gen_fx_op_tables.py). Inductor registers lowerings and fallbacks by packet
// ("aten.add": every overload) or by overload ("aten.add.Tensor"), so both are looked up.
#include "fx/op_tags.h"

#include <algorithm>
#include <string>

namespace segscope::fx {
namespace {

#include "fx/op_tables.inc"

template <class Row, std::size_t N>
const Row* find(const Row (&rows)[N], std::string_view name) {
  const Row* it = std::lower_bound(std::begin(rows), std::end(rows), name,
                                   [](const Row& r, std::string_view n) { return r.name < n; });
  return it != std::end(rows) && it->name == name ? it : nullptr;
}

// "aten.add.Tensor" → "aten.add"; names without an overload are their own packet.
std::string_view packetOf(std::string_view overload) {
  const auto first = overload.find('.');
  const auto last = overload.rfind('.');
  return first == last ? overload : overload.substr(0, last);
}

}  // namespace

OpTags tagsOf(std::string_view overload) {
  OpTags tags;
  if (const TagRow* row = find(kTagRows, overload)) {
    tags.pointwise = row->flags & kPointwise;
    tags.reduction = row->flags & kReduction;
    tags.view = row->flags & kView;
  }
  return tags;
}

InductorSupport inductorSupportOf(std::string_view overload) {
  InductorSupport s;
  for (std::string_view name : {overload, packetOf(overload)}) {
    if (const SupportRow* row = find(kInductorRows, name)) {
      s.lowering = s.lowering || (row->flags & kLowering);
      s.fallback = s.fallback || (row->flags & kFallback);
    }
  }
  s.flops = std::binary_search(std::begin(kFlopPackets), std::end(kFlopPackets), packetOf(overload));
  return s;
}

int maxPointwiseCatInputs() { return kMaxPointwiseCatInputs; }

}  // namespace segscope::fx
