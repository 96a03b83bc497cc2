// What the CPU reference's suites share: a fusion under construction with its inputs, value
// accessors and comparisons that print both sides.
#pragma once

#include <QtTest>

#include <cmath>
#include <numeric>

#include "ir/ops.h"
#include "reference/cpu_reference.h"
#include "reference/input_generator.h"

namespace segscope::exec::testing {

using namespace segscope::ir;

// A fusion under construction plus the input values that go with it.
struct Env {
  Fusion f;
  std::vector<Value> inputs;

  TensorView* input(HostTensor t) {
    std::vector<Dim> dims;
    for (std::int64_t e : t.sizes())
      dims.push_back(Dim{SymInt::constant(e), e == 1 ? IterKind::Broadcast : IterKind::Iteration});
    TensorView* tv = f.newTensor(t.dtype(), dims);
    f.addInput(tv);
    inputs.emplace_back(std::move(t));
    return tv;
  }
  TensorView* input(DataType t, std::vector<std::int64_t> sizes, const std::vector<double>& values) {
    return input(HostTensor::fromValues(t, std::move(sizes), values));
  }
  Scalar* scalarInput(DataType t, ScalarValue v) {
    Scalar* s = f.newScalar(t);
    f.addInput(s);
    inputs.emplace_back(v);
    return s;
  }
  Scalar* c(double v) { return ops::constant(f, ScalarValue(v), DataType::Double); }
  Scalar* ci(std::int64_t v) { return ops::constant(f, ScalarValue(v), DataType::Int); }
  Scalar* cb(bool v) { return ops::constant(f, ScalarValue(v), DataType::Bool); }

  Result<std::vector<Value>> run(const ReferenceOptions& o = {}) { return runReference(f, inputs, o); }
};

// Unwraps a builder result; a builder error is a bug in the test, reported loudly.
template <class R>
auto ok(R r) {
  if (!r) qFatal("builder error: %s", r.error().message.c_str());
  return std::move(r).value();
}

inline std::vector<SymInt> shape(std::initializer_list<std::int64_t> extents) {
  std::vector<SymInt> s;
  for (std::int64_t e : extents) s.push_back(SymInt::constant(e));
  return s;
}

inline const HostTensor& tensor(const Value& v) { return std::get<HostTensor>(v); }
inline std::vector<double> values(const Value& v) { return tensor(v).asDoubles(); }
inline std::vector<std::int64_t> sizes(const Value& v) { return tensor(v).sizes(); }

inline QString text(const std::vector<double>& v) {
  QStringList parts;
  for (double d : v) parts << QString::number(d, 'g', 10);
  return "[" + parts.join(", ") + "]";
}

inline bool near(const std::vector<double>& actual, const std::vector<double>& expected, double tol) {
  if (actual.size() != expected.size()) return false;
  for (std::size_t i = 0; i < actual.size(); ++i)
    if (!(std::fabs(actual[i] - expected[i]) <= tol * std::max(1.0, std::fabs(expected[i])))) return false;
  return true;
}

#define EXPECT_VALUES(actual, ...)                                                  \
  do {                                                                              \
    const std::vector<double> a_ = (actual), e_ = std::vector<double>{__VA_ARGS__}; \
    QVERIFY2(a_ == e_, qPrintable("got " + text(a_) + ", expected " + text(e_)));   \
  } while (0)

#define EXPECT_NEAR(actual, tol, ...)                                                      \
  do {                                                                                     \
    const std::vector<double> a_ = (actual), e_ = std::vector<double>{__VA_ARGS__};        \
    QVERIFY2(near(a_, e_, tol), qPrintable("got " + text(a_) + ", expected " + text(e_))); \
  } while (0)

#define RUN_OK(env, outVar)                                                                         \
  auto outVar##Result = (env).run();                                                                \
  QVERIFY2(outVar##Result.ok(), outVar##Result.ok() ? "" : outVar##Result.error().message.c_str()); \
  const std::vector<Value>& outVar = outVar##Result.value()

inline std::vector<double> iotaValues(int n, double start = 0.0) {
  std::vector<double> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), start);
  return v;
}

inline InputSpec tensorSpec(DataType t, std::vector<std::int64_t> sizes, InputFill fill = InputFill::MakeTensor) {
  InputSpec s;
  s.dtype = t;
  s.sizes = std::move(sizes);
  s.fill = fill;
  return s;
}

}  // namespace segscope::exec::testing
