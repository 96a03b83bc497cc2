// Deterministic input tensors and scalars for a fusion, one PRNG stream per input.
#include "reference/input_generator.h"

#include <cmath>
#include <string>

#include "reference/half_float.h"
#include "reference/prng.h"

namespace segscope::exec {
namespace {

using ir::DataType;
using ir::InputFill;

// Above this many elements the generator refuses rather than exhausting memory.
constexpr std::int64_t kMaxInputElements = std::int64_t{1} << 31;

std::string inputLabel(std::uint64_t stream) { return "input " + std::to_string(stream); }

Result<std::int64_t> checkedNumel(const ir::InputSpec& spec, std::uint64_t stream) {
  if (!spec.strides.empty() && spec.strides.size() != spec.sizes.size())
    return makeError(inputLabel(stream) + ": " + std::to_string(spec.strides.size()) + " strides for " +
                         std::to_string(spec.sizes.size()) + " sizes",
                     spec.loc);
  std::int64_t n = 1;
  for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
    if (spec.sizes[i] < 0)
      return makeError(inputLabel(stream) + ": negative extent " + std::to_string(spec.sizes[i]), spec.loc);
    if (!spec.strides.empty() && spec.strides[i] < 0)
      return makeError(
          inputLabel(stream) + ": negative stride " + std::to_string(spec.strides[i]) + " is not supported", spec.loc);
    if (spec.sizes[i] > 0 && n > kMaxInputElements / spec.sizes[i])
      return makeError(inputLabel(stream) + ": more than 2^31 elements", spec.loc);
    n *= spec.sizes[i];
  }
  return n;
}

// Integers uniform in [ceil(low), ceil(high)), as torch.randint / make_tensor draw them.
void fillIntegers(std::vector<double>& out, double low, double high, DataType dtype, Xoshiro256& rng) {
  double lo = std::ceil(low), hi = std::ceil(high);
  if (dtype == DataType::UInt64 && lo < 0) lo = 0;
  if (dtype == DataType::Bool) {
    lo = 0;
    hi = 2;
  }
  if (hi <= lo) {
    std::fill(out.begin(), out.end(), lo);
    return;
  }
  const auto span = static_cast<std::uint64_t>(hi - lo);
  for (double& v : out) v = lo + static_cast<double>(rng.below(span));
}

void fillUniform(std::vector<double>& out, double low, double high, Xoshiro256& rng) {
  for (double& v : out) v = low + (high - low) * rng.uniform();
}

Status fillValues(std::vector<double>& out, const ir::InputSpec& spec, Xoshiro256& rng, std::uint64_t stream) {
  switch (spec.fill) {
    case InputFill::MakeTensor:
      if (spec.dtype == DataType::Bool || ir::isIntegral(spec.dtype))
        fillIntegers(out, spec.low, spec.high, spec.dtype, rng);
      else
        fillUniform(out, spec.low, spec.high, rng);
      return {};
    case InputFill::Randn:
      for (double& v : out) v = rng.normal();
      return {};
    case InputFill::Randint: fillIntegers(out, spec.low, spec.high, spec.dtype, rng); return {};
    case InputFill::Ones: std::fill(out.begin(), out.end(), 1.0); return {};
    case InputFill::Zeros: std::fill(out.begin(), out.end(), 0.0); return {};
    case InputFill::Value:
      if (!spec.value) return makeError(inputLabel(stream) + ": the fill value is missing", spec.loc);
      std::fill(out.begin(), out.end(), ir::scalarAsDouble(*spec.value));
      return {};
    case InputFill::Scalar:
      return makeError(inputLabel(stream) + ": a scalar spec where a tensor is expected", spec.loc);
  }
  return {};
}

// A scalar input's value in the variant alternative its dtype calls for.
Result<ir::ScalarValue> makeScalar(const ir::InputSpec& spec, std::uint64_t stream) {
  if (!spec.value) return makeError(inputLabel(stream) + ": scalar input has no value", spec.loc);
  const ir::ScalarValue& v = *spec.value;
  if (ir::isComplex(spec.dtype) || std::holds_alternative<std::complex<double>>(v)) return v;
  const double d = ir::scalarAsDouble(v);
  if (spec.dtype == DataType::Bool) return ir::ScalarValue{d != 0.0};
  if (ir::isIntegral(spec.dtype)) return ir::ScalarValue{static_cast<std::int64_t>(roundToDtype(d, spec.dtype))};
  return ir::ScalarValue{roundToDtype(d, spec.dtype)};
}

}  // namespace

Result<HostTensor> makeInputTensor(const ir::InputSpec& spec, std::uint64_t seed, std::uint64_t stream) {
  auto n = checkedNumel(spec, stream);
  if (!n) return n.error();
  HostTensor t =
      spec.strides.empty() ? HostTensor(spec.dtype, spec.sizes) : HostTensor(spec.dtype, spec.sizes, spec.strides);
  if (!HostTensor::hasHostArithmetic(spec.dtype)) return t;
  Xoshiro256 rng(mixSeed(seed, stream, 0x5365677363ull));  // "Segsc": separates from other users
  std::vector<double> values(static_cast<std::size_t>(n.value()));
  if (auto st = fillValues(values, spec, rng, stream); !st) return st.error();
  t.fromDoubles(values.data());  // rounds to the dtype
  return t;
}

Result<std::vector<Value>> makeInputs(const std::vector<ir::InputSpec>& specs, std::uint64_t seed) {
  std::vector<Value> values;
  values.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ir::InputSpec& spec = specs[i];
    if (!spec.isTensor || spec.fill == InputFill::Scalar) {
      auto s = makeScalar(spec, i);
      if (!s) return s.error();
      values.emplace_back(std::move(s.value()));
      continue;
    }
    auto t = makeInputTensor(spec, seed, i);
    if (!t) return t.error();
    values.emplace_back(std::move(t.value()));
  }
  return values;
}

}  // namespace segscope::exec
