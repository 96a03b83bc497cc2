// Matmul: fused matmul/linear kernels; off, as in nvFuser without NVFUSER_ENABLE=fuse_matmul.
#include "scheduler/analysis.h"
#include "scheduler/schedulers.h"

namespace segscope::scheduler::matmul {

Verdict canScheduleCompileTime(const SegmentView& view) {
  const ir::Expr* mm = analysis::firstExprWhere(view, analysis::isMatmulOp);
  if (!mm) return Verdict::reject("the segment has no matmul or linear");
  // nvFuser only fuses a MatmulOp/LinearOp into a kernel with NVFUSER_ENABLE=fuse_matmul;
  // without it a lone one runs as expr_eval (ATen) and one with other ops is split.
  return Verdict::reject(analysis::describe(mm) +
                         ": fusing a matmul/linear needs NVFUSER_ENABLE=fuse_matmul, which is off; alone it runs "
                         "as expr_eval");
}

Verdict canScheduleRunTime(const SegmentView&, const RuntimeInfo&, const DeviceProfile&) { return Verdict::accept(); }

}  // namespace segscope::scheduler::matmul
