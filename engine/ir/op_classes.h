// Classes of ops that the passes, schedulers, segmenter, regions and drawings all ask about:
// reductions, resizes, index ops, matmuls, ops only the expression evaluator runs, views.
#pragma once

#include "ir/expr.h"

namespace segscope::ir {

bool isReductionOp(const Expr* e);     // sum/prod/max/min, var, var_mean, welford
bool isResizeOp(const Expr* e);        // slice, pad, cat
bool isIndexOp(const Expr* e);         // gather, take_along_axis, index_select, select
bool isMatmulOp(const Expr* e);        // matmul, linear
bool isExprEvalOnlyOp(const Expr* e);  // sdpa fwd/bwd, embedding, cumsum (ScanOp)
bool isViewOp(const Expr* e);          // reshape

}  // namespace segscope::ir
