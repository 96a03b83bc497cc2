// The text every generated kernel starts with, and the CUDA spellings of IR dtypes.
#pragma once

#include <optional>
#include <string>

#include "ir/data_type.h"

namespace segscope::exec::cuda::codegen {

/// Helpers shared by all kernels: dtype storage types with bit-level half/bfloat16
/// conversions (no CUDA headers needed, so NVRTC needs no include path and the text also
/// compiles as host C++), NaN-propagating min/max, warp and block reductions.
const std::string& prelude();

/// Type in memory ("float", "sg_half", ...); nullopt for dtypes kernels cannot handle.
std::optional<std::string> storageType(ir::DataType t);
/// Type arithmetic happens in: sg_float (float) for Half/BFloat16/Float, double, long long, bool.
std::string computeTypeName(ir::DataType t);
/// Type of a scalar kernel parameter: double for every floating dtype, long long, bool.
std::string scalarParamType(ir::DataType t);
/// Wraps `expr` so a value of compute type is rounded as storing it as `t` would round it.
std::string roundTo(ir::DataType t, const std::string& expr);
/// A C++ literal for a constant of dtype `t`.
std::string literal(double v, ir::DataType t);

}  // namespace segscope::exec::cuda::codegen
