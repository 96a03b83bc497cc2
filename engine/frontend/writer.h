// Prints a Fusion back as an nvFuser repro script (legacy printer style), so segments
// and edited fusions can be opened anywhere a repro script can.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/fusion.h"
#include "ir/input_spec.h"

namespace segscope::frontend {

struct WriteOptions {
  std::string functionName;         // empty: the fusion's name, or nvfuser_fusion_id0
  std::vector<std::string> header;  // comment lines to print first
  bool footer = true;               // print `inputs = [...]` and `fd.execute(inputs)`
};

/// `inputs` describes each fusion input for the footer; pass empty to derive defaults.
std::string writeScript(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& inputs,
                        const WriteOptions& options = {});

/// The tensor's contiguity, or when it has none (an intermediate that became a segment
/// input, a tensor built in code) a dense one: True per dim, None for broadcast dims, in
/// allocation order.
std::vector<std::optional<bool>> contiguityOrDense(const ir::TensorView& tv);

/// One footer entry, e.g. `torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0')`.
std::string footerEntry(const ir::InputSpec& spec);

}  // namespace segscope::frontend
