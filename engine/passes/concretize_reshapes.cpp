// Recording the run-time sizes of every reshape (the part of nvFuser's dynamic-transform
// concretization that decides a reshape's splits and merges).
#include "passes/concretize_reshapes.h"

namespace segscope::passes {

int concretizeReshapes(ir::Fusion& fusion, const scheduler::RuntimeInfo& rt) {
  int count = 0;
  for (ir::Expr* e : fusion.exprs()) {
    if (e->family() != ir::OpFamily::Reshape) continue;
    auto in = rt.sizes(e->operand(0));
    auto out = rt.sizes(e->output());
    if (!in || !out) continue;
    e->setConcreteSizes(std::move(*in), std::move(*out));
    ++count;
  }
  return count;
}

int concretizeReshapes(ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs) {
  auto rt = scheduler::RuntimeInfo::bind(fusion, inputs);
  return rt ? concretizeReshapes(fusion, rt.value()) : 0;
}

}  // namespace segscope::passes
