// The matmul patterns of a segment as nvFuser's MatmulPatternMatcher finds them: every MatmulOp
// and LinearOp, and every sum of a product of two tensors broadcast against each other.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "scheduler/segment_view.h"

namespace segscope::scheduler::analysis {

enum class MatmulRole { M, N, K, Batch };

struct MatmulPattern {
  const ir::Expr* op = nullptr;  // the matmul, linear or sum
  const ir::Val* a = nullptr;    // operand A (for a sum: the mul's operand before its cast)
  const ir::Val* b = nullptr;
  const ir::Val* output = nullptr;
  bool mulSum = false;
  /// The role of each dim of some tensors of the pattern (nullopt: no role, e.g. a broadcast);
  /// the rest of the segment takes its roles through the broadcast graph.
  std::vector<std::pair<const ir::Val*, std::vector<std::optional<MatmulRole>>>> roles;
  int reducedDims = 1;  // K dims the output reduces (MatmulOp/LinearOp: one)
};

/// csrc/scheduler/mma_utils.cpp:1702-1838: in expr order.
std::vector<MatmulPattern> findMatmulPatterns(const SegmentView& view);

}  // namespace segscope::scheduler::analysis
