// Data type tables and the PyTorch type-promotion lattice.
#include "ir/data_type.h"

#include <array>

namespace segscope::ir {
namespace {

struct TypeInfo {
  DataType type;
  std::string_view name;
  std::string_view torch;
  std::string_view shortName;
  int bytes;
  TypeCategory category;
};

constexpr std::array kTypes{
    TypeInfo{DataType::Null, "Null", "", "null", 0, TypeCategory::Floating},
    TypeInfo{DataType::Bool, "Bool", "bool", "b8", 1, TypeCategory::Bool},
    TypeInfo{DataType::Int, "Int", "int64", "i64", 8, TypeCategory::Integral},
    TypeInfo{DataType::Int32, "Int32", "int32", "i32", 4, TypeCategory::Integral},
    TypeInfo{DataType::UInt64, "UInt64", "uint64", "u64", 8, TypeCategory::Integral},
    TypeInfo{DataType::Index, "Index", "", "idx", 8, TypeCategory::Integral},
    TypeInfo{DataType::Half, "Half", "float16", "f16", 2, TypeCategory::Floating},
    TypeInfo{DataType::BFloat16, "BFloat16", "bfloat16", "bf16", 2, TypeCategory::Floating},
    TypeInfo{DataType::Float, "Float", "float32", "f32", 4, TypeCategory::Floating},
    TypeInfo{DataType::Double, "Double", "float64", "f64", 8, TypeCategory::Floating},
    TypeInfo{DataType::ComplexFloat, "ComplexFloat", "complex64", "c64", 8, TypeCategory::Complex},
    TypeInfo{DataType::ComplexDouble, "ComplexDouble", "complex128", "c128", 16, TypeCategory::Complex},
    TypeInfo{DataType::Float8_e4m3fn, "Float8_e4m3fn", "float8_e4m3fn", "f8e4m3", 1, TypeCategory::Floating},
    TypeInfo{DataType::Float8_e5m2, "Float8_e5m2", "float8_e5m2", "f8e5m2", 1, TypeCategory::Floating},
    TypeInfo{DataType::Float8_e8m0fnu, "Float8_e8m0fnu", "float8_e8m0fnu", "f8e8m0", 1, TypeCategory::Floating},
    TypeInfo{DataType::Float4_e2m1fn, "Float4_e2m1fn", "float4_e2m1fn_x2", "f4e2m1", 1, TypeCategory::Floating},
};

const TypeInfo& info(DataType t) { return kTypes[static_cast<std::size_t>(t)]; }

// Rank of a type inside its category, for "the larger type wins".
int widthRank(DataType t) {
  switch (t) {
    case DataType::Bool: return 0;
    case DataType::Int32: return 1;
    case DataType::Int:
    case DataType::Index: return 2;
    case DataType::UInt64: return 3;
    case DataType::Float8_e4m3fn:
    case DataType::Float8_e5m2:
    case DataType::Float8_e8m0fnu:
    case DataType::Float4_e2m1fn: return 1;
    case DataType::Half:
    case DataType::BFloat16: return 2;
    case DataType::Float: return 3;
    case DataType::Double: return 4;
    case DataType::ComplexFloat: return 1;
    case DataType::ComplexDouble: return 2;
    case DataType::Null: return -1;
  }
  return -1;
}

// Torch's default type for a category a scalar lifts a tensor into.
DataType defaultTypeOf(TypeCategory c) {
  switch (c) {
    case TypeCategory::Bool: return DataType::Bool;
    case TypeCategory::Integral: return DataType::Int;
    case TypeCategory::Floating: return DataType::Float;
    case TypeCategory::Complex: return DataType::ComplexFloat;
  }
  return DataType::Float;
}

}  // namespace

std::string_view dataTypeName(DataType t) { return info(t).name; }
std::string_view torchDtypeName(DataType t) { return info(t).torch; }
std::string_view shortName(DataType t) { return info(t).shortName; }
int byteSize(DataType t) { return info(t).bytes; }
TypeCategory category(DataType t) { return info(t).category; }

std::optional<DataType> dataTypeFromName(std::string_view name) {
  for (const auto& i : kTypes)
    if (i.name == name) return i.type;
  if (name == "Float4_e2m1fn_x2") return DataType::Float4_e2m1fn;
  return std::nullopt;
}

std::optional<DataType> dataTypeFromTorchName(std::string_view name) {
  for (const auto& i : kTypes)
    if (!i.torch.empty() && i.torch == name) return i.type;
  // torch's aliases
  if (name == "float") return DataType::Float;
  if (name == "double") return DataType::Double;
  if (name == "half") return DataType::Half;
  if (name == "long") return DataType::Int;
  if (name == "int") return DataType::Int32;
  if (name == "cfloat") return DataType::ComplexFloat;
  if (name == "cdouble") return DataType::ComplexDouble;
  return std::nullopt;
}

bool isFloating(DataType t) { return t != DataType::Null && category(t) == TypeCategory::Floating; }
bool isIntegral(DataType t) { return category(t) == TypeCategory::Integral; }
bool isComplex(DataType t) { return category(t) == TypeCategory::Complex; }
bool isFloat8Family(DataType t) {
  return t == DataType::Float8_e4m3fn || t == DataType::Float8_e5m2 || t == DataType::Float8_e8m0fnu ||
         t == DataType::Float4_e2m1fn;
}
bool isReducedFloat(DataType t) { return t == DataType::Half || t == DataType::BFloat16 || isFloat8Family(t); }

DataType computeType(DataType t) { return isReducedFloat(t) ? DataType::Float : t; }

DataType floatingResultType(DataType t) {
  if (isFloating(t) || isComplex(t)) return t;
  return DataType::Float;
}

DataType promoteSameKind(DataType a, DataType b) {
  if (a == b) return a;
  const TypeCategory ca = category(a), cb = category(b);
  if (ca != cb) {
    // Complex absorbs a wider real type: complex64 + float64 → complex128.
    if (ca == TypeCategory::Complex && b == DataType::Double) return DataType::ComplexDouble;
    if (cb == TypeCategory::Complex && a == DataType::Double) return DataType::ComplexDouble;
    return ca > cb ? a : b;
  }
  // Two different 16-bit (or 8-bit) floats have no common narrow type: go to Float.
  if (ca == TypeCategory::Floating && widthRank(a) == widthRank(b)) return DataType::Float;
  return widthRank(a) >= widthRank(b) ? a : b;
}

DataType promoteTypes(DataType a, bool aIsTensor, DataType b, bool bIsTensor) {
  if (aIsTensor == bIsTensor) return promoteSameKind(a, b);
  const DataType tensor = aIsTensor ? a : b;
  const DataType scalar = aIsTensor ? b : a;
  if (category(scalar) > category(tensor)) {
    // A complex scalar with a Double tensor keeps the double precision.
    if (isComplex(scalar) && tensor == DataType::Double) return DataType::ComplexDouble;
    return defaultTypeOf(category(scalar));
  }
  return tensor;
}

}  // namespace segscope::ir
