// Cheap unary prologues of fusion inputs (casts, negations, factory fills) that the
// segmenter keeps out of the merge and later copies into each consumer segment.
#pragma once

#include <vector>

#include "ir/fusion.h"

namespace segscope::segmenter {

struct ForwardedChain {
  const ir::Val* start = nullptr;      // a fusion input or a factory (full) output
  const ir::Val* forwarded = nullptr;  // the value consumers read: the end of the chain
  std::vector<const ir::Expr*> exprs;  // the factory (when there is one) and the unary chain, in order
};

/// nvFuser's forwardInputs: from every tensor input and every `full` output that is not a
/// fusion output, follow single-use unary exprs whose outputs are not fusion outputs and
/// do not feed a segment_set hint. Chains of length zero are returned only for factories
/// (a fusion input needs no forwarding).
std::vector<ForwardedChain> findForwardedChains(const ir::Fusion& fusion);

}  // namespace segscope::segmenter
