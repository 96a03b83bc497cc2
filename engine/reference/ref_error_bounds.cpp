// Elementwise helpers of the reference's error bounds: magnitudes, perturbations and drifts.
#include "reference/ref_error_bounds.h"

#include <cmath>
#include <limits>

namespace segscope::exec::ref {

using ir::DataType;

double unitRoundoff(DataType dtype) {
  switch (dtype) {
    case DataType::Double: return std::ldexp(1.0, -53);
    case DataType::Float: return std::ldexp(1.0, -24);
    case DataType::Half: return std::ldexp(1.0, -11);
    case DataType::BFloat16: return std::ldexp(1.0, -8);
    default:
      // Float8/Float4: the coarsest of the family (e5m2), so every member is covered.
      return ir::isReducedFloat(dtype) ? std::ldexp(1.0, -3) : 0.0;
  }
}

double accumulationFactor(std::int64_t n, DataType out) {
  if (n <= 1) return 0.0;
  const double u = unitRoundoff(out == DataType::Double ? DataType::Double : DataType::Float);
  return 4.0 * std::sqrt(static_cast<double>(n)) * u;
}

RefTensor absoluteValues(const RefTensor& x) {
  return mapElementwise(
      {&x}, DataType::Double,
      [](const double* const* in, double* o, std::int64_t n) {
        for (std::int64_t i = 0; i < n; ++i) o[i] = std::abs(in[0][i]);
      },
      "abs");
}

RefTensor perturbed(const RefTensor& x, const RefTensor& d) {
  return mapElementwise(
      {&x, &d}, DataType::Double,
      [](const double* const* in, double* o, std::int64_t n) {
        for (std::int64_t i = 0; i < n; ++i) o[i] = std::isfinite(in[0][i]) ? in[0][i] + in[1][i] : in[0][i];
      },
      "perturb");
}

RefTensor addMagnitude(const RefTensor* acc, const RefTensor& v, double scale) {
  if (!acc)
    return mapElementwise(
        {&v}, DataType::Double,
        [scale](const double* const* in, double* o, std::int64_t n) {
          for (std::int64_t i = 0; i < n; ++i) o[i] = std::isfinite(in[0][i]) ? scale * std::abs(in[0][i]) : 0.0;
        },
        "bound");
  return mapElementwise(
      {acc, &v}, DataType::Double,
      [scale](const double* const* in, double* o, std::int64_t n) {
        for (std::int64_t i = 0; i < n; ++i)
          o[i] = in[0][i] + (std::isfinite(in[1][i]) ? scale * std::abs(in[1][i]) : 0.0);
      },
      "bound");
}

RefTensor addDrift(const RefTensor* acc, const RefTensor& a, const RefTensor& b) {
  const auto drift = [](double x, double y) {
    if (std::isfinite(x) && !std::isfinite(y)) return std::numeric_limits<double>::infinity();
    if (!std::isfinite(x)) return 0.0;  // non-finite reference values are compared exactly
    return std::abs(x - y);
  };
  if (!acc)
    return mapElementwise(
        {&a, &b}, DataType::Double,
        [drift](const double* const* in, double* o, std::int64_t n) {
          for (std::int64_t i = 0; i < n; ++i) o[i] = drift(in[0][i], in[1][i]);
        },
        "bound");
  return mapElementwise(
      {acc, &a, &b}, DataType::Double,
      [drift](const double* const* in, double* o, std::int64_t n) {
        for (std::int64_t i = 0; i < n; ++i) o[i] = in[0][i] + drift(in[1][i], in[2][i]);
      },
      "bound");
}

}  // namespace segscope::exec::ref
