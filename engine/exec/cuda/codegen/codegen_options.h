// CodegenOptions set by name ("fast_math=1"): one carried binary A/Bs every code generation
// variant on a device (segscope-cli run --codegen KEY=VALUE, the Run dock's Codegen field).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "exec/cuda/codegen/kernel_plan.h"
#include "support/result.h"

namespace segscope::exec::cuda {

struct CodegenOptionInfo {
  std::string key;          // snake_case, as typed after --codegen
  std::string description;  // one line
  std::string defaultValue;
};

/// Every settable option with its default, in a stable order (for --help and errors).
const std::vector<CodegenOptionInfo>& codegenOptionList();

/// Sets one option from "KEY=VALUE"; an error names an unknown key (with the known ones) or a
/// value that is not a whole number (booleans: 0/1, true/false, on/off).
Status applyCodegenOption(CodegenOptions& options, std::string_view keyEqualsValue);

/// Every setting of `options` that differs from the defaults, as "key=value" joined by spaces
/// ("" for the defaults): what a run's report states it was generated with.
std::string describeNonDefault(const CodegenOptions& options);

}  // namespace segscope::exec::cuda
