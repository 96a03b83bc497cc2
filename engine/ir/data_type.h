// Scalar element types of the fusion IR, their spellings and PyTorch-style promotion.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace segscope::ir {

enum class DataType : std::uint8_t {
  Null,  // "keep the input's type" (reduction dtype=DataType.Null)
  Bool,
  Int,  // int64
  Int32,
  UInt64,
  Index,  // the kernel's index type; int64 on the host
  Half,
  BFloat16,
  Float,
  Double,
  ComplexFloat,
  ComplexDouble,
  Float8_e4m3fn,
  Float8_e5m2,
  Float8_e8m0fnu,
  Float4_e2m1fn,
};

enum class TypeCategory : std::uint8_t { Bool, Integral, Floating, Complex };

/// Spelling after `DataType.` in scripts, e.g. "BFloat16".
std::string_view dataTypeName(DataType t);
std::optional<DataType> dataTypeFromName(std::string_view name);
/// Spelling after `torch.` in footers, e.g. "bfloat16"; empty when torch has none.
std::string_view torchDtypeName(DataType t);
std::optional<DataType> dataTypeFromTorchName(std::string_view name);
/// Short form for printed IR and graph labels: f32, bf16, i64, b8 ...
std::string_view shortName(DataType t);

int byteSize(DataType t);
TypeCategory category(DataType t);
bool isFloating(DataType t);
bool isIntegral(DataType t);  // excludes Bool
bool isComplex(DataType t);
bool isReducedFloat(DataType t);  // Half, BFloat16 and the Float8/Float4 family
bool isFloat8Family(DataType t);

/// Type arithmetic really happens in: reduced floats compute in Float (as nvFuser does).
DataType computeType(DataType t);

/// Type an op returns when a float result is needed from `t` (ints/bools → Float).
DataType floatingResultType(DataType t);

/// PyTorch promotion between two operands. A "dimensioned" operand (a tensor) wins
/// within a category; a scalar only lifts the category (int tensor * 0.5 → Float).
DataType promoteTypes(DataType a, bool aIsTensor, DataType b, bool bIsTensor);

/// Promotion of two types of equal standing (both tensors or both scalars).
DataType promoteSameKind(DataType a, DataType b);

}  // namespace segscope::ir
