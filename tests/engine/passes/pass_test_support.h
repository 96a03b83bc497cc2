// Shared by the pass suites: run a fusion on the CPU reference before and after a rewrite.
#pragma once

#include <string>

#include "frontend/script.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"
#include "reference/verify.h"

namespace segscope::testing {

/// Reference outputs of `fusion` for the script's inputs (seed 0), or an error message.
inline std::string referenceOutputs(const ir::Fusion& fusion, const std::vector<ir::InputSpec>& specs,
                                    std::vector<exec::Value>& outputs) {
  auto inputs = exec::makeInputs(specs, 0);
  if (!inputs) return inputs.error().message;
  auto result = exec::runReference(fusion, inputs.value());
  if (!result) return result.error().message;
  outputs = std::move(result.value());
  return {};
}

/// Empty when `after` computes the same outputs as `before` within dtype tolerance.
inline std::string sameResults(const ir::Fusion& before, const ir::Fusion& after,
                               const std::vector<ir::InputSpec>& specs) {
  std::vector<exec::Value> a, b;
  if (std::string e = referenceOutputs(before, specs, a); !e.empty()) return "before: " + e;
  if (std::string e = referenceOutputs(after, specs, b); !e.empty()) return "after: " + e;
  std::vector<std::string> names;
  for (const ir::FusionOutput& o : after.outputs()) names.push_back(o.val->name());
  const exec::Comparison c = exec::compareOutputs(a, b, names);
  return c.ok ? std::string() : c.message;
}

}  // namespace segscope::testing
