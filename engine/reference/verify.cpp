// Dtype-aware comparison of HostTensors and scalars.
#include "reference/verify.h"

#include <cmath>
#include <sstream>

namespace segscope::exec {

Tolerance toleranceFor(ir::DataType dtype) {
  using ir::DataType;
  switch (dtype) {
    case DataType::Double: return {1e-12, 1e-9};
    case DataType::Float: return {1e-5, 1e-5};
    case DataType::Half: return {1e-3, 1e-3};
    case DataType::BFloat16: return {1e-2, 1.6e-2};
    default:
      if (ir::isFloat8Family(dtype)) return {1e-1, 1.25e-1};
      return {0, 0};  // integers and bools are exact
  }
}

namespace {

double allowance(double e, const Tolerance& t, double bound) {
  return t.absolute + t.relative * std::abs(e) + kBoundSafety * bound;
}

bool close(double e, double a, const Tolerance& t, double bound = 0) {
  if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a)) return e == a;
  return std::abs(e - a) <= allowance(e, t, bound);
}

std::string shapeText(const std::vector<std::int64_t>& s) {
  std::string out = "[";
  for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

}  // namespace

Comparison compareValues(const Value& expected, const Value& actual, const std::vector<double>& bound) {
  Comparison c;
  if (expected.index() != actual.index()) {
    c.ok = false;
    c.message = "one value is a tensor and the other a scalar";
    return c;
  }
  if (const auto* es = std::get_if<ir::ScalarValue>(&expected)) {
    const double e = ir::scalarAsDouble(*es), a = ir::scalarAsDouble(std::get<ir::ScalarValue>(actual));
    c.expected = e;
    c.actual = a;
    c.ok = close(e, a, toleranceFor(ir::DataType::Double));
    if (!c.ok) c.message = "scalar " + std::to_string(a) + " differs from the reference " + std::to_string(e);
    return c;
  }
  const HostTensor& e = std::get<HostTensor>(expected);
  const HostTensor& a = std::get<HostTensor>(actual);
  if (e.sizes() != a.sizes()) {
    c.ok = false;
    c.message = "shape " + shapeText(a.sizes()) + " differs from the reference " + shapeText(e.sizes());
    return c;
  }
  if (e.dtype() != a.dtype()) {
    c.ok = false;
    c.message = "dtype " + std::string(ir::shortName(a.dtype())) + " differs from the reference " +
                std::string(ir::shortName(e.dtype()));
    return c;
  }
  const Tolerance tol = toleranceFor(e.dtype());
  const std::vector<double> ev = e.asDoubles(), av = a.asDoubles();
  const bool bounded = bound.size() == ev.size();
  double worstExcess = 0, worstBound = 0;
  for (std::size_t i = 0; i < ev.size(); ++i) {
    const double b = bounded ? bound[i] : 0.0;
    const bool fine = close(ev[i], av[i], tol, b);
    const double err = std::isfinite(ev[i]) && std::isfinite(av[i]) ? std::abs(ev[i] - av[i]) : (fine ? 0 : INFINITY);
    c.maxAbsError = std::max(c.maxAbsError, err);
    const double excess = fine ? 0 : err - allowance(ev[i], tol, b);
    if (!fine && (c.ok || excess > worstExcess)) {
      c.ok = false;
      worstExcess = excess;
      worstBound = b;
      c.worstIndex = static_cast<std::int64_t>(i);
      c.expected = ev[i];
      c.actual = av[i];
    }
  }
  if (!c.ok) {
    std::ostringstream m;
    m << "element " << c.worstIndex << " is " << c.actual << " but the reference has " << c.expected
      << " (max abs error " << c.maxAbsError << ", tolerance " << tol.absolute << " + " << tol.relative << "·|ref|";
    if (bounded) m << " + " << kBoundSafety << " × error bound " << worstBound;
    m << ")";
    c.message = m.str();
  }
  return c;
}

Comparison compareOutputs(const std::vector<Value>& expected, const std::vector<Value>& actual,
                          const std::vector<std::string>& names, const std::vector<std::vector<double>>& bounds) {
  if (expected.size() != actual.size()) {
    Comparison c;
    c.ok = false;
    c.message = std::to_string(actual.size()) + " outputs but the reference has " + std::to_string(expected.size());
    return c;
  }
  Comparison worst;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    static const std::vector<double> unbounded;
    Comparison c = compareValues(expected[i], actual[i], i < bounds.size() ? bounds[i] : unbounded);
    if (!c.ok) {
      c.message = (i < names.size() ? names[i] : "output " + std::to_string(i)) + ": " + c.message;
      return c;
    }
    worst.maxAbsError = std::max(worst.maxAbsError, c.maxAbsError);
  }
  return worst;
}

}  // namespace segscope::exec
