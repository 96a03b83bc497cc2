// Float <-> Half / BFloat16 bit conversions (round to nearest even) and dtype rounding.
#include "reference/half_float.h"

#include <bit>
#include <cmath>
#include <limits>

namespace segscope::exec {
namespace {

// Rounds `value >> shift` to nearest even, looking at the bits shifted out.
std::uint32_t shiftRoundNearestEven(std::uint32_t value, int shift) {
  if (shift <= 0) return value;
  if (shift >= 32) return 0;
  const std::uint32_t kept = value >> shift;
  const std::uint32_t rest = value & ((1u << shift) - 1);
  const std::uint32_t halfway = 1u << (shift - 1);
  const bool up = rest > halfway || (rest == halfway && (kept & 1u));
  return kept + (up ? 1u : 0u);
}

// Truncates toward zero and wraps into a `bits`-wide integer, still as a double, so
// int64 arithmetic done in double wraps like the hardware would (exact below 2^53).
double wrapInteger(double v, int bits, bool isSigned) {
  const double modulus = std::ldexp(1.0, bits);
  if (!std::isfinite(v)) return isSigned ? -modulus / 2 : 0.0;  // x86 cvtt* gives the minimum
  double r = std::fmod(std::trunc(v), modulus);                 // exact, |r| < modulus
  if (isSigned) {
    if (r >= modulus / 2) r -= modulus;
    if (r < -modulus / 2) r += modulus;
    return r;
  }
  if (r < 0) r += modulus;
  // 2^64 - small rounds up to 2^64 in double; keep the value storable.
  return r >= modulus ? std::nextafter(modulus, 0.0) : r;
}

}  // namespace

std::uint16_t floatToHalfBits(float f) {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  const std::uint32_t absx = x & 0x7FFFFFFFu;
  if (absx > 0x7F800000u)  // nan: keep it quiet and keep the top payload bits
    return static_cast<std::uint16_t>(sign | 0x7E00u | ((absx >> 13) & 0x3FFu));
  if (absx >= 0x477FF000u) return static_cast<std::uint16_t>(sign | 0x7C00u);  // >= 65520 → inf
  const int exponent = static_cast<int>(absx >> 23);                           // biased float exponent
  if (exponent < 113) {
    // Below 2^-14: a half subnormal. Value = mantissa * 2^(exponent-150), and the half
    // subnormal unit is 2^-24, so the count of units is mantissa >> (126 - exponent).
    if (exponent == 0) return sign;  // float subnormals are far below 2^-25
    const std::uint32_t mantissa = (absx & 0x7FFFFFu) | 0x800000u;
    return static_cast<std::uint16_t>(sign | shiftRoundNearestEven(mantissa, 126 - exponent));
  }
  // Normal: rebias the exponent, drop 13 mantissa bits with rounding; a carry out of the
  // mantissa correctly bumps the exponent.
  const std::uint32_t rebased = absx - (static_cast<std::uint32_t>(127 - 15) << 23);
  return static_cast<std::uint16_t>(sign | shiftRoundNearestEven(rebased, 13));
}

float halfBitsToFloat(std::uint16_t bits) {
  const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1Fu;
  const std::uint32_t mantissa = bits & 0x3FFu;
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  return std::bit_cast<float>(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

std::uint16_t floatToBFloat16Bits(float f) {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u)  // nan: rounding could carry it into inf
    return static_cast<std::uint16_t>((x >> 16) | 0x0040u);
  const std::uint32_t bias = 0x7FFFu + ((x >> 16) & 1u);  // ties go to the even neighbour
  return static_cast<std::uint16_t>((x + bias) >> 16);
}

float bfloat16BitsToFloat(std::uint16_t bits) { return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16); }

double roundToDtype(double v, ir::DataType t) {
  using ir::DataType;
  switch (t) {
    case DataType::Bool: return v != 0.0 ? 1.0 : 0.0;  // nan is truthy, as in C++ and torch
    case DataType::Int:
    case DataType::Index: return wrapInteger(v, 64, true);
    case DataType::Int32: return wrapInteger(v, 32, true);
    case DataType::UInt64: return wrapInteger(v, 64, false);
    case DataType::Half: return halfBitsToFloat(floatToHalfBits(static_cast<float>(v)));
    case DataType::BFloat16: return bfloat16BitsToFloat(floatToBFloat16Bits(static_cast<float>(v)));
    case DataType::Float: return static_cast<float>(v);
    default: return v;  // Double, and types the reference refuses before storing
  }
}

void roundBufferToDtype(double* values, std::int64_t count, ir::DataType t) {
  using ir::DataType;
  switch (t) {
    case DataType::Double: return;
    case DataType::Float:
      for (std::int64_t i = 0; i < count; ++i) values[i] = static_cast<float>(values[i]);
      return;
    case DataType::BFloat16:
      for (std::int64_t i = 0; i < count; ++i)
        values[i] = bfloat16BitsToFloat(floatToBFloat16Bits(static_cast<float>(values[i])));
      return;
    case DataType::Half:
      for (std::int64_t i = 0; i < count; ++i)
        values[i] = halfBitsToFloat(floatToHalfBits(static_cast<float>(values[i])));
      return;
    default:
      for (std::int64_t i = 0; i < count; ++i) values[i] = roundToDtype(values[i], t);
  }
}

}  // namespace segscope::exec
