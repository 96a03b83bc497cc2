// Prints a Fusion back as an nvFuser repro script (legacy printer style), so segments
// and edited fusions can be opened anywhere a repro script can.
#pragma once

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

/// One footer entry, e.g. `torch.testing.make_tensor((2, 3), dtype=torch.float32, device='cuda:0')`.
std::string footerEntry(const ir::InputSpec& spec);

}  // namespace segscope::frontend
