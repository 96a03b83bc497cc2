// Bit-exact float <-> Half / BFloat16 conversions and "store this value as dtype" rounding.
#pragma once

#include <cstdint>

#include "ir/data_type.h"

namespace segscope::exec {

/// IEEE binary16 bits of `f`, rounded to nearest even; handles subnormals, inf and nan.
std::uint16_t floatToHalfBits(float f);
float halfBitsToFloat(std::uint16_t bits);

/// bfloat16 bits of `f` (the top half of the float), rounded to nearest even; nan stays nan.
std::uint16_t floatToBFloat16Bits(float f);
float bfloat16BitsToFloat(std::uint16_t bits);

/// `v` after a round trip through `t`: what a tensor of that dtype would hold.
/// Float: a float cast; Half/BFloat16: via float to 16 bits; integers: truncation toward
/// zero wrapped to the type's width (nan and inf become the type's minimum, as on x86);
/// Bool: v != 0; Double and the types without a host representation: v unchanged.
double roundToDtype(double v, ir::DataType t);

/// `roundToDtype` over a buffer, with the dtype switch hoisted out of the loop.
void roundBufferToDtype(double* values, std::int64_t count, ir::DataType t);

}  // namespace segscope::exec
