// Input sizes for a definition that states none (a python_definition dump has no footer):
// what the definition itself fixes, and a stated default for the rest.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"

namespace segscope::scheduler {

struct InferredSizes {
  std::vector<ir::InputSpec> inputs;  // one per fusion input, sizes filled in
  /// One line per input dim the definition fixed, and why ("T0 dim 0 = 32768: T15 = reshape(...)
  /// to [256, 128, 8, 8] needs 2097152 elements"), and for a split it had to choose.
  std::vector<std::string> notes;
  int fixed = 0;      // symbolic input dims the definition fixed
  int defaulted = 0;  // symbolic input dims left at the default
};

/// `defaults` (one spec per input, as the frontend makes them without a footer) with every
/// symbolic extent the definition pins down replaced: dims that map exactly (nvFuser's exact
/// map, through pointwise ops, broadcasts and unchanged reshape dims) to a dim of constant
/// extent (a broadcast_in_dim or full shape, a reshape's new shape) take that extent, and a
/// reshape to constant sizes fixes its input's element count: one unknown dim takes the
/// quotient; several take the new shape's dims not claimed by known ones one to one from the
/// left, the last taking the rest (a choice, said in the notes: [-1, -1] to [256, 128, 8, 8]
/// reads as [256, 8192], as [tokens, hidden] to [tokens, heads, head_dim] would). Unfixed dims keep the
/// default extent. Never fails: what cannot be solved stays as it was, with a note.
InferredSizes inferInputSizes(const ir::Fusion& fusion, std::vector<ir::InputSpec> defaults);

}  // namespace segscope::scheduler
