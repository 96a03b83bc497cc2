// Value helpers: printing of constants, symbolic ints and shapes; constant and emptiness predicates.
#include "ir/val.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>

namespace segscope::ir {

std::string formatScalarValue(const ScalarValue& v) {
  struct Printer {
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      if (std::isnan(d)) return "float(\"nan\")";
      if (std::isinf(d)) return d > 0 ? "float(\"inf\")" : "float(\"-inf\")";
      // Shortest text that reads back to the same double, always with a '.' or exponent.
      char buf[40];
      for (int precision = 6; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, d);
        if (std::strtod(buf, nullptr) == d) break;
      }
      std::string s = buf;
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      return s;
    }
    std::string operator()(const std::complex<double>& c) const {
      return "complex(" + (*this)(c.real()) + ", " + (*this)(c.imag()) + ")";
    }
  };
  return std::visit(Printer{}, v);
}

double scalarAsDouble(const ScalarValue& v) {
  struct ToDouble {
    double operator()(bool b) const { return b ? 1.0 : 0.0; }
    double operator()(std::int64_t i) const { return static_cast<double>(i); }
    double operator()(double d) const { return d; }
    double operator()(const std::complex<double>& c) const { return c.real(); }
  };
  return std::visit(ToDouble{}, v);
}

std::string SymInt::toString() const {
  if (!sym) return std::to_string(value);
  // Extents are named after the tensor they measure, so the text does not depend on ids.
  if (const auto* s = sym->asScalar(); s && s->extentOf())
    return s->extentOf()->name() + ".size" + std::to_string(s->extentDim());
  return sym->name();
}

std::string TensorView::shapeString() const {
  std::string s = "[";
  for (std::size_t i = 0; i < dims_.size(); ++i) {
    if (i) s += ", ";
    const Dim& d = dims_[i];
    if (d.kind == IterKind::Broadcast) s += "b";
    if (d.kind == IterKind::ExpandedBroadcast) s += "xb";
    s += d.extent.toString();
  }
  return s + "]";
}

bool isEmpty(const TensorView* tv) {
  return std::any_of(tv->dims().begin(), tv->dims().end(), [](const Dim& d) { return d.extent.isConst(0); });
}

std::optional<ScalarValue> constantValue(const Val* v) {
  const auto* s = v ? v->asScalar() : nullptr;
  if (!s || !s->isConstant()) return std::nullopt;
  return s->value();
}

bool isZeroConstant(const Val* v) {
  const auto value = constantValue(v);
  if (!value) return false;
  if (const auto* c = std::get_if<std::complex<double>>(&*value)) return *c == std::complex<double>(0.0, 0.0);
  return scalarAsDouble(*value) == 0.0;
}

}  // namespace segscope::ir
