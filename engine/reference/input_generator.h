// Deterministic fusion inputs from the footer's InputSpecs (seeded, platform independent).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/input_spec.h"
#include "reference/host_tensor.h"
#include "support/result.h"

namespace segscope::exec {

/// One Value per spec. Input i draws from its own stream seeded by (seed, i), so adding an
/// input does not change the others, and the logical values do not depend on strides.
/// Tensors honour spec.strides (really strided storage). Float8/Float4/complex tensors
/// are created zero-filled (the executor refuses their arithmetic with a clear error).
Result<std::vector<Value>> makeInputs(const std::vector<ir::InputSpec>& specs, std::uint64_t seed = 0);

/// The tensor for one spec (makeInputs without the scalar case); `stream` picks the sequence.
Result<HostTensor> makeInputTensor(const ir::InputSpec& spec, std::uint64_t seed, std::uint64_t stream);

}  // namespace segscope::exec
