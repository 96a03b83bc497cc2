// The reference's matrix product: C[M,N] += A[M,K] * B[K,N] over dense row-major doubles.
#pragma once

#include <cstdint>

namespace segscope::exec::ref {

/// Adds A·B into C. Every element of C sums its K products in ascending K order, one
/// multiply and one add each (no fused multiply-add), so the result is the same bit for
/// bit whatever the blocking, the vector width or the number of threads.
void gemmAccumulate(const double* a, const double* b, double* c, std::int64_t m, std::int64_t k, std::int64_t n);

}  // namespace segscope::exec::ref
