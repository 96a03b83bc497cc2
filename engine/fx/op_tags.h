// What PyTorch says of an operator, for the region rules: its torch.Tag's (pointwise,
// reduction) and whether it is a view (native_functions.yaml, torch/_prims), and what inductor
// does with it (a lowering, a fallback, a flop formula). Tables generated from PyTorch's
// sources by scripts/gen_fx_op_tables.py; op_tables.inc says from which commit.
#pragma once

#include <string_view>

namespace segscope::fx {

struct OpTags {
  bool pointwise = false;  // torch.Tag.pointwise
  bool reduction = false;  // torch.Tag.reduction
  bool view = false;       // OpOverload.is_view: an argument aliased without a write, `Tensor(a)`
};

/// Tags of an overload named as FX prints it without `torch.ops.`: "aten.add.Tensor",
/// "prims.convert_element_type.default". Unknown names have no tags.
OpTags tagsOf(std::string_view overload);

struct InductorSupport {
  bool lowering = false;  // in torch._inductor.lowering.lowerings
  bool fallback = false;  // in torch._inductor.lowering.fallbacks
  bool flops = false;     // its packet is in torch.utils.flop_counter.flop_registry
};

InductorSupport inductorSupportOf(std::string_view overload);

/// torch._inductor.config.max_pointwise_cat_inputs: a longer aten.cat is not pointwise.
int maxPointwiseCatInputs();

}  // namespace segscope::fx
