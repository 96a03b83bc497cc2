// Rewrites a matmul whose contraction dim K is a size-1 broadcast as mul + squeeze.
#pragma once

#include "passes/pass.h"

namespace segscope::passes {

/// matmul(A, B) with A's last dim a (non-expanded) broadcast: there is nothing to sum, so
/// the product is an outer product. nvFuser broadcasts A and B (B transposed when both are
/// matrices) so they line up along a trailing K, multiplies them, casts to the matmul's
/// dtype and squeezes K (csrc/preseg_passes/translate_no_reduction_matmul_to_mul_squeeze.cpp).
/// A pointwise mul instead of an ATen call: the segmenter then sees a kernel, not expr_eval.
/// Only MatmulOp is translated, as in nvFuser (linear with K = 1 is left alone).
class TranslateNoReductionMatmulToMulSqueeze : public OptimizationPass<TranslateNoReductionMatmulToMulSqueeze> {
 public:
  static constexpr std::string_view kName = "translate_no_reduction_matmul_to_mul_squeeze";
  static constexpr std::string_view kDescription =
      "matmul whose K (A's last dim) is a size-1 broadcast → broadcast (+ permute of B) + mul (+ cast) + squeeze of K";
  static constexpr bool kEnabledByDefault = true;
  static bool runPass(ir::Fusion& fusion, PassLog& log);
};

}  // namespace segscope::passes
