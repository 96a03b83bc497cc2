// Arithmetic of the reference's error bounds: how far a correct float computation of a value
// may drift from the reference's (internal to engine/exec; see cpu_reference.h).
#pragma once

#include <cstdint>

#include "reference/ref_tensor.h"

namespace segscope::exec::ref {

/// Half the distance between 1 and the next value of `dtype` (0 for integers and bools).
double unitRoundoff(ir::DataType dtype);

/// The drift of an n-term accumulation in the precision the GPU accumulates `out` in, as a
/// multiple of the sum of the terms' magnitudes: λ·√n·u. The worst case grows as n·u, but
/// rounding errors are independent enough that √n holds with high probability (Higham &
/// Mary, "A new approach to probabilistic rounding error analysis", SISC 2019). Their
/// guarantee for rows of 10^5 terms wants λ ≈ 6, but Σ|x| already over-estimates the
/// partial sums by about √n on data of mixed signs, so λ = 4 keeps a wide margin while a
/// lost chunk of a row (a thread's share, a block's partial) still shows.
double accumulationFactor(std::int64_t n, ir::DataType out);

/// |x| as a Double tensor of x's shape.
RefTensor absoluteValues(const RefTensor& x);
/// x + d, as Double (d has x's shape; no rounding, so small perturbations survive).
RefTensor perturbed(const RefTensor& x, const RefTensor& d);
/// acc + scale·|v|, as Double in v's shape (acc may be empty).
RefTensor addMagnitude(const RefTensor* acc, const RefTensor& v, double scale);
/// acc + |a − b|, where a finite value turning NaN or infinite counts as an infinite drift.
RefTensor addDrift(const RefTensor* acc, const RefTensor& a, const RefTensor& b);

}  // namespace segscope::exec::ref
