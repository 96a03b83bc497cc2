// Elementwise kernels of the CPU reference: unary, binary, ternary ops and cast.
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <string>

#include "reference/half_float.h"
#include "reference/ref_kernels.h"

namespace segscope::exec::ref {
namespace {

using ir::DataType;
using ir::OpType;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Block loops: the op is chosen once per block, the lambda inlines into the loop.
template <class F>
void map1(const double* const* in, double* out, std::int64_t n, F f) {
  const double* a = in[0];
  for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i]);
}
template <class F>
void map2(const double* const* in, double* out, std::int64_t n, F f) {
  const double *a = in[0], *b = in[1];
  for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[i]);
}
template <class F>
void map3(const double* const* in, double* out, std::int64_t n, F f) {
  const double *a = in[0], *b = in[1], *c = in[2];
  for (std::int64_t i = 0; i < n; ++i) out[i] = f(a[i], b[i], c[i]);
}

double fromBool(bool b) { return b ? 1.0 : 0.0; }

// Integer view of a value that holds an integer dtype (wrapping keeps the cast defined).
std::int64_t toInt(double v) { return static_cast<std::int64_t>(roundToDtype(v, DataType::Int)); }

int bitWidth(DataType t) {
  if (t == DataType::Int32) return 32;
  if (t == DataType::Bool) return 8;
  return 64;
}

bool isIntegerResult(DataType t) { return ir::isIntegral(t) || t == DataType::Bool; }

// Inverse error function: Giles' single-precision approximation refined by Newton steps.
double erfinv(double y) {
  if (std::isnan(y) || y < -1.0 || y > 1.0) return kNan;
  if (y == 1.0 || y == -1.0) return y * kInf;
  double w = -std::log((1.0 - y) * (1.0 + y));
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
                     0.246640727, 1.50140941})
      p = c + p * w;
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047,
                     1.00167406, 2.83297682})
      p = c + p * w;
  }
  double x = p * y;
  for (int i = 0; i < 2; ++i) x -= (std::erf(x) - y) / (2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x));
  return x;
}

// Inverse complementary error function; starts from an asymptotic guess for tiny y,
// where erfinv(1 - y) would lose every digit.
double erfcinv(double y) {
  if (std::isnan(y) || y < 0.0 || y > 2.0) return kNan;
  if (y == 0.0) return kInf;
  if (y == 2.0) return -kInf;
  double x = y > 1e-8 && y < 2.0 - 1e-8 ? erfinv(1.0 - y) : 0.0;
  if (y <= 1e-8) {
    const double t = -std::log(y);
    x = std::sqrt(t - 0.5 * std::log(std::numbers::pi * t));
  } else if (y >= 2.0 - 1e-8) {
    return -erfcinv(2.0 - y);
  }
  for (int i = 0; i < 3; ++i) x += (std::erfc(x) - y) / (2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x));
  return x;
}

void unaryBlock(OpType op, DataType out, const double* const* in, double* o, std::int64_t n) {
  switch (op) {
    case OpType::Abs: return map1(in, o, n, [](double a) { return std::fabs(a); });
    case OpType::Acos: return map1(in, o, n, [](double a) { return std::acos(a); });
    case OpType::Acosh: return map1(in, o, n, [](double a) { return std::acosh(a); });
    case OpType::Asin: return map1(in, o, n, [](double a) { return std::asin(a); });
    case OpType::Asinh: return map1(in, o, n, [](double a) { return std::asinh(a); });
    case OpType::Atan: return map1(in, o, n, [](double a) { return std::atan(a); });
    case OpType::Atanh: return map1(in, o, n, [](double a) { return std::atanh(a); });
    case OpType::Ceil: return map1(in, o, n, [](double a) { return std::ceil(a); });
    case OpType::Cos: return map1(in, o, n, [](double a) { return std::cos(a); });
    case OpType::Cosh: return map1(in, o, n, [](double a) { return std::cosh(a); });
    case OpType::Exp: return map1(in, o, n, [](double a) { return std::exp(a); });
    case OpType::Exp2: return map1(in, o, n, [](double a) { return std::exp2(a); });
    case OpType::Expm1: return map1(in, o, n, [](double a) { return std::expm1(a); });
    case OpType::Erf: return map1(in, o, n, [](double a) { return std::erf(a); });
    case OpType::Erfc: return map1(in, o, n, [](double a) { return std::erfc(a); });
    case OpType::Erfinv: return map1(in, o, n, erfinv);
    case OpType::Erfcinv: return map1(in, o, n, erfcinv);
    case OpType::Floor: return map1(in, o, n, [](double a) { return std::floor(a); });
    case OpType::Frac: return map1(in, o, n, [](double a) { return a - std::trunc(a); });
    case OpType::Lgamma: return map1(in, o, n, [](double a) { return std::lgamma(a); });
    case OpType::Log: return map1(in, o, n, [](double a) { return std::log(a); });
    case OpType::Log10: return map1(in, o, n, [](double a) { return std::log10(a); });
    case OpType::Log1p: return map1(in, o, n, [](double a) { return std::log1p(a); });
    case OpType::Log2: return map1(in, o, n, [](double a) { return std::log2(a); });
    case OpType::Neg: return map1(in, o, n, [](double a) { return -a; });
    case OpType::LogicalNot: return map1(in, o, n, [](double a) { return fromBool(a == 0.0); });
    case OpType::BitwiseNot:
      if (out == DataType::Bool) return map1(in, o, n, [](double a) { return fromBool(a == 0.0); });
      return map1(in, o, n, [](double a) { return static_cast<double>(~toInt(a)); });
    case OpType::Relu: return map1(in, o, n, [](double a) { return std::isnan(a) || a > 0.0 ? a : 0.0; });
    case OpType::Reciprocal: return map1(in, o, n, [](double a) { return 1.0 / a; });
    case OpType::Round: return map1(in, o, n, [](double a) { return std::nearbyint(a); });  // half to even
    case OpType::Rsqrt: return map1(in, o, n, [](double a) { return 1.0 / std::sqrt(a); });
    case OpType::Sign: return map1(in, o, n, [](double a) { return fromBool(a > 0.0) - fromBool(a < 0.0); });
    case OpType::Sigmoid: return map1(in, o, n, [](double a) { return 1.0 / (1.0 + std::exp(-a)); });
    case OpType::Signbit: return map1(in, o, n, [](double a) { return fromBool(std::signbit(a)); });
    case OpType::Silu: return map1(in, o, n, [](double a) { return a / (1.0 + std::exp(-a)); });
    case OpType::Sin: return map1(in, o, n, [](double a) { return std::sin(a); });
    case OpType::Sinh: return map1(in, o, n, [](double a) { return std::sinh(a); });
    case OpType::Sqrt: return map1(in, o, n, [](double a) { return std::sqrt(a); });
    case OpType::Tan: return map1(in, o, n, [](double a) { return std::tan(a); });
    case OpType::Tanh: return map1(in, o, n, [](double a) { return std::tanh(a); });
    case OpType::Trunc: return map1(in, o, n, [](double a) { return std::trunc(a); });
    case OpType::IsFinite: return map1(in, o, n, [](double a) { return fromBool(std::isfinite(a)); });
    case OpType::IsInf: return map1(in, o, n, [](double a) { return fromBool(std::isinf(a)); });
    case OpType::IsNan: return map1(in, o, n, [](double a) { return fromBool(std::isnan(a)); });
    case OpType::IsNegInf: return map1(in, o, n, [](double a) { return fromBool(a == -kInf); });
    case OpType::IsPosInf: return map1(in, o, n, [](double a) { return fromBool(a == kInf); });
    case OpType::IsReal: return map1(in, o, n, [](double) { return 1.0; });  // complex inputs are refused earlier
    case OpType::Real: return map1(in, o, n, [](double a) { return a; });
    case OpType::Imag: fail("imag: the input is real (complex tensors are not supported by the CPU reference)");
    default: fail(std::string(ir::opName(op)) + ": not a unary op");
  }
}

// Python semantics: the result takes the divisor's sign (torch.remainder, %).
double pyRemainder(double a, double b) {
  const double r = std::fmod(a, b);
  return r != 0.0 && ((r < 0.0) != (b < 0.0)) ? r + b : r;
}

std::int64_t intRemainder(std::int64_t a, std::int64_t b, bool pythonSign, const char* op) {
  if (b == 0) fail(std::string(op) + ": integer division by zero");
  if (b == -1) return 0;  // avoids INT64_MIN % -1, which traps
  const std::int64_t r = a % b;
  return pythonSign && r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
}

double intDivide(double a, double b) {
  const std::int64_t x = toInt(a), y = toInt(b);
  if (y == 0) fail("div: integer division by zero");
  if (y == -1) return -static_cast<double>(x);  // INT64_MIN / -1 wraps when rounded
  return static_cast<double>(x / y);
}

double intPower(double a, double b) {
  std::int64_t e = toInt(b);
  if (e < 0) fail("pow: integers to negative integer powers are not allowed");
  // Square-and-multiply in unsigned arithmetic, so overflow wraps like the hardware's.
  std::uint64_t base = static_cast<std::uint64_t>(toInt(a)), result = 1;
  for (; e > 0; e >>= 1, base *= base)
    if (e & 1) result *= base;
  return static_cast<double>(static_cast<std::int64_t>(result));
}

double shiftLeft(double a, double b, int width) {
  const std::int64_t s = toInt(b);
  if (s < 0 || s >= width) return 0.0;
  return static_cast<double>(static_cast<std::int64_t>(static_cast<std::uint64_t>(toInt(a)) << s));
}

double shiftRightArithmetic(double a, double b, int width) {
  const std::int64_t x = toInt(a), s = toInt(b);
  if (s < 0 || s >= width) return x < 0 ? -1.0 : 0.0;
  return static_cast<double>(x >> s);
}

// Shifts in zeros from the type's own top bit: the value is first masked to `width` bits.
double shiftRightLogical(double a, double b, int width) {
  const std::int64_t s = toInt(b);
  if (s < 0 || s >= width) return 0.0;
  std::uint64_t u = static_cast<std::uint64_t>(toInt(a));
  if (width < 64) u &= (std::uint64_t{1} << width) - 1;
  return static_cast<double>(static_cast<std::int64_t>(u >> s));
}

double gcd(double a, double b) {
  const auto magnitude = [](std::int64_t v) {
    return v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  };
  return static_cast<double>(std::gcd(magnitude(toInt(a)), magnitude(toInt(b))));
}

double nanMin(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNan : std::min(a, b); }
double nanMax(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNan : std::max(a, b); }

void binaryBlock(OpType op, DataType out, const double* const* in, double* o, std::int64_t n) {
  const bool integral = isIntegerResult(out);
  const int width = bitWidth(out);
  switch (op) {
    case OpType::Add: return map2(in, o, n, [](double a, double b) { return a + b; });
    case OpType::Sub: return map2(in, o, n, [](double a, double b) { return a - b; });
    case OpType::Mul: return map2(in, o, n, [](double a, double b) { return a * b; });
    case OpType::Div:  // integer div truncates toward zero (nvFuser), floats divide truly
      if (integral) return map2(in, o, n, intDivide);
      return map2(in, o, n, [](double a, double b) { return a / b; });
    case OpType::TrueDiv: return map2(in, o, n, [](double a, double b) { return a / b; });
    case OpType::Atan2: return map2(in, o, n, [](double a, double b) { return std::atan2(a, b); });
    case OpType::NextAfter:  // the step is one ulp of the result type, not of double
      if (out == DataType::Float)
        return map2(in, o, n, [](double a, double b) {
          return static_cast<double>(std::nextafter(static_cast<float>(a), static_cast<float>(b)));
        });
      return map2(in, o, n, [](double a, double b) { return std::nextafter(a, b); });
    case OpType::Pow:
      if (integral) return map2(in, o, n, intPower);
      return map2(in, o, n, [](double a, double b) { return std::pow(a, b); });
    case OpType::Fmod:
      if (integral)
        return map2(in, o, n, [](double a, double b) {
          return static_cast<double>(intRemainder(toInt(a), toInt(b), false, "fmod"));
        });
      return map2(in, o, n, [](double a, double b) { return std::fmod(a, b); });
    case OpType::Remainder:
    case OpType::Mod:
      if (integral)
        return map2(in, o, n, [op](double a, double b) {
          return static_cast<double>(intRemainder(toInt(a), toInt(b), true, ir::opName(op).data()));
        });
      return map2(in, o, n, pyRemainder);
    case OpType::Minimum: return map2(in, o, n, nanMin);
    case OpType::Maximum: return map2(in, o, n, nanMax);
    case OpType::Eq: return map2(in, o, n, [](double a, double b) { return fromBool(a == b); });
    case OpType::Ne: return map2(in, o, n, [](double a, double b) { return fromBool(a != b); });
    case OpType::Ge: return map2(in, o, n, [](double a, double b) { return fromBool(a >= b); });
    case OpType::Gt: return map2(in, o, n, [](double a, double b) { return fromBool(a > b); });
    case OpType::Le: return map2(in, o, n, [](double a, double b) { return fromBool(a <= b); });
    case OpType::Lt: return map2(in, o, n, [](double a, double b) { return fromBool(a < b); });
    case OpType::LogicalAnd: return map2(in, o, n, [](double a, double b) { return fromBool(a != 0.0 && b != 0.0); });
    case OpType::LogicalOr: return map2(in, o, n, [](double a, double b) { return fromBool(a != 0.0 || b != 0.0); });
    case OpType::BitwiseAnd:
      return map2(in, o, n, [](double a, double b) { return static_cast<double>(toInt(a) & toInt(b)); });
    case OpType::BitwiseOr:
      return map2(in, o, n, [](double a, double b) { return static_cast<double>(toInt(a) | toInt(b)); });
    case OpType::BitwiseXor:
      return map2(in, o, n, [](double a, double b) { return static_cast<double>(toInt(a) ^ toInt(b)); });
    case OpType::BitwiseLeftShift:
      return map2(in, o, n, [width](double a, double b) { return shiftLeft(a, b, width); });
    case OpType::BitwiseRightShift:
      if (out == DataType::UInt64)
        return map2(in, o, n, [width](double a, double b) { return shiftRightLogical(a, b, width); });
      return map2(in, o, n, [width](double a, double b) { return shiftRightArithmetic(a, b, width); });
    case OpType::LogicalRightShift:
      return map2(in, o, n, [width](double a, double b) { return shiftRightLogical(a, b, width); });
    case OpType::Gcd: return map2(in, o, n, gcd);
    default: fail(std::string(ir::opName(op)) + ": not a binary op");
  }
}

// torch.lerp's two-sided formula keeps lerp(a, b, 1) == b exactly.
double lerp(double a, double b, double w) { return std::fabs(w) < 0.5 ? a + w * (b - a) : b - (b - a) * (1.0 - w); }

double clamp(double x, double lo, double hi) {
  if (std::isnan(x)) return x;
  return std::min(std::max(x, lo), hi);
}

void ternaryBlock(OpType op, const double* const* in, double* o, std::int64_t n) {
  switch (op) {
    case OpType::Where: return map3(in, o, n, [](double c, double a, double b) { return c != 0.0 ? a : b; });
    case OpType::Lerp: return map3(in, o, n, lerp);
    case OpType::Clamp: return map3(in, o, n, clamp);
    case OpType::Threshold:  // torch: x <= threshold ? value : x (nan stays nan)
      return map3(in, o, n, [](double x, double th, double v) { return x <= th ? v : x; });
    case OpType::AddAlpha: return map3(in, o, n, [](double a, double b, double alpha) { return a + alpha * b; });
    case OpType::SubAlpha: return map3(in, o, n, [](double a, double b, double alpha) { return a - alpha * b; });
    case OpType::Addcmul: {
      const double *a = in[0], *b = in[1], *c = in[2], *value = in[3];
      for (std::int64_t i = 0; i < n; ++i) o[i] = a[i] + value[i] * b[i] * c[i];
      return;
    }
    default: fail(std::string(ir::opName(op)) + ": not a ternary op");
  }
}

}  // namespace

RefTensor unaryOp(OpType op, const RefTensor& x, DataType out) {
  return mapElementwise(
      {&x}, out, [op, out](const double* const* in, double* o, std::int64_t n) { unaryBlock(op, out, in, o, n); },
      ir::opName(op));
}

RefTensor binaryOp(OpType op, const RefTensor& a, const RefTensor& b, DataType out) {
  return mapElementwise(
      {&a, &b}, out, [op, out](const double* const* in, double* o, std::int64_t n) { binaryBlock(op, out, in, o, n); },
      ir::opName(op));
}

RefTensor ternaryOp(OpType op, const std::vector<const RefTensor*>& args, DataType out) {
  const std::size_t expected = op == OpType::Addcmul ? 4 : 3;
  if (args.size() != expected)
    fail(std::string(ir::opName(op)) + ": expected " + std::to_string(expected) + " operands, got " +
         std::to_string(args.size()));
  return mapElementwise(
      args, out, [op](const double* const* in, double* o, std::int64_t n) { ternaryBlock(op, in, o, n); },
      ir::opName(op));
}

RefTensor castTo(const RefTensor& x, DataType out) {
  return mapElementwise(
      {&x}, out, [](const double* const* in, double* o, std::int64_t n) { std::copy(in[0], in[0] + n, o); }, "cast");
}

}  // namespace segscope::exec::ref
