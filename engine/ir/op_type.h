// Every operation the IR knows, grouped into families that share shape and type rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace segscope::ir {

enum class OpFamily : std::uint8_t {
  Unary,
  Binary,
  Ternary,
  Cast,
  Reduction,
  Var,
  VarMean,
  Welford,
  Broadcast,
  BroadcastInDim,
  Expand,
  Squeeze,
  Reshape,
  Permute,
  Set,
  StrideOrder,
  Slice,
  Pad,
  Cat,
  Full,
  Iota,
  RandomFill,
  RandLike,
  Gather,
  IndexSelect,
  Select,
  Matmul,
  Linear,
  SdpaFwd,
  SdpaBwd,
  EmbeddingFwd,
  Size,
  Triu,
  Cumsum,
};

/// How an elementwise op's result type follows its inputs.
enum class ResultRule : std::uint8_t {
  Promote,       // PyTorch promotion of the operands (add, mul, abs, neg ...)
  PromoteFloat,  // promotion, then ints/bools become Float (exp, div of floats, atan2 ...)
  Bool,          // comparisons, predicates
  Real,          // complex → its real type (real, imag, abs of complex)
  Integral,      // bitwise ops, gcd: ints and bools only
  None,          // not elementwise
};

// The formatter would reflow this table; one row per line reads better.
// clang-format off
// X(enumerator, python spelling, family, result rule)
#define SEGSCOPE_OP_TYPES(X)                                                  \
  X(Abs, "abs", Unary, Promote) X(Acos, "acos", Unary, PromoteFloat)          \
  X(Acosh, "acosh", Unary, PromoteFloat) X(Asin, "asin", Unary, PromoteFloat) \
  X(Asinh, "asinh", Unary, PromoteFloat) X(Atan, "atan", Unary, PromoteFloat) \
  X(Atanh, "atanh", Unary, PromoteFloat) X(Ceil, "ceil", Unary, Promote)      \
  X(Cos, "cos", Unary, PromoteFloat) X(Cosh, "cosh", Unary, PromoteFloat)     \
  X(Exp, "exp", Unary, PromoteFloat) X(Exp2, "exp2", Unary, PromoteFloat)     \
  X(Expm1, "expm1", Unary, PromoteFloat) X(Erf, "erf", Unary, PromoteFloat)   \
  X(Erfc, "erfc", Unary, PromoteFloat) X(Erfinv, "erfinv", Unary, PromoteFloat) \
  X(Erfcinv, "erfcinv", Unary, PromoteFloat) X(Floor, "floor", Unary, Promote) \
  X(Frac, "frac", Unary, Promote) X(Lgamma, "lgamma", Unary, PromoteFloat)    \
  X(Log, "log", Unary, PromoteFloat) X(Log10, "log10", Unary, PromoteFloat)   \
  X(Log1p, "log1p", Unary, PromoteFloat) X(Log2, "log2", Unary, PromoteFloat) \
  X(Neg, "neg", Unary, Promote) X(LogicalNot, "logical_not", Unary, Bool)     \
  X(BitwiseNot, "bitwise_not", Unary, Integral) X(Relu, "relu", Unary, Promote) \
  X(Reciprocal, "reciprocal", Unary, PromoteFloat) X(Round, "round", Unary, Promote) \
  X(Rsqrt, "rsqrt", Unary, PromoteFloat) X(Set, "set", Set, None)             \
  X(SegmentSet, "segment_set", Set, None) X(Sign, "sign", Unary, Promote)     \
  X(Sigmoid, "sigmoid", Unary, PromoteFloat) X(Signbit, "signbit", Unary, Bool) \
  X(Silu, "silu", Unary, PromoteFloat) X(Sin, "sin", Unary, PromoteFloat)     \
  X(Sinh, "sinh", Unary, PromoteFloat) X(Sqrt, "sqrt", Unary, PromoteFloat)   \
  X(Tan, "tan", Unary, PromoteFloat) X(Tanh, "tanh", Unary, PromoteFloat)     \
  X(Trunc, "trunc", Unary, Promote) X(IsFinite, "isfinite", Unary, Bool)      \
  X(IsInf, "isinf", Unary, Bool) X(IsNan, "isnan", Unary, Bool)               \
  X(IsNegInf, "isneginf", Unary, Bool) X(IsPosInf, "isposinf", Unary, Bool)   \
  X(IsReal, "isreal", Unary, Bool) X(Real, "real", Unary, Real)               \
  X(Imag, "imag", Unary, Real)                                                \
  X(Add, "add", Binary, Promote) X(Atan2, "atan2", Binary, PromoteFloat)      \
  X(Div, "div", Binary, Promote) X(TrueDiv, "truediv", Binary, PromoteFloat)  \
  X(Fmod, "fmod", Binary, Promote) X(Mul, "mul", Binary, Promote)             \
  X(NextAfter, "nextafter", Binary, PromoteFloat) X(Pow, "pow", Binary, Promote) \
  X(Remainder, "remainder", Binary, Promote) X(Sub, "sub", Binary, Promote)   \
  X(Minimum, "minimum", Binary, Promote) X(Maximum, "maximum", Binary, Promote) \
  X(Mod, "mod", Binary, Promote) X(Eq, "eq", Binary, Bool) X(Ge, "ge", Binary, Bool) \
  X(Gt, "gt", Binary, Bool) X(Le, "le", Binary, Bool) X(Lt, "lt", Binary, Bool) \
  X(Ne, "ne", Binary, Bool) X(LogicalAnd, "logical_and", Binary, Bool)        \
  X(LogicalOr, "logical_or", Binary, Bool)                                    \
  X(BitwiseAnd, "bitwise_and", Binary, Integral)                              \
  X(BitwiseOr, "bitwise_or", Binary, Integral)                                \
  X(BitwiseXor, "bitwise_xor", Binary, Integral)                              \
  X(BitwiseLeftShift, "bitwise_left_shift", Binary, Integral)                 \
  X(BitwiseRightShift, "bitwise_right_shift", Binary, Integral)               \
  X(LogicalRightShift, "logical_right_shift", Binary, Integral)               \
  X(Gcd, "gcd", Binary, Integral)                                             \
  X(Where, "where", Ternary, Promote) X(Lerp, "lerp", Ternary, PromoteFloat)  \
  X(Clamp, "clamp", Ternary, Promote) X(Threshold, "threshold", Ternary, Promote) \
  X(Addcmul, "addcmul", Ternary, Promote) X(AddAlpha, "add_alpha", Ternary, Promote) \
  X(SubAlpha, "sub_alpha", Ternary, Promote)                                  \
  X(Cast, "cast", Cast, None)                                                 \
  X(Sum, "sum", Reduction, None) X(Prod, "prod", Reduction, None)             \
  X(Max, "max", Reduction, None) X(Min, "min", Reduction, None)               \
  X(Var, "var", Var, None) X(VarMean, "var_mean", VarMean, None)              \
  X(Welford, "welford", Welford, None)                                        \
  X(Broadcast, "broadcast", Broadcast, None)                                  \
  X(BroadcastInDim, "broadcast_in_dim", BroadcastInDim, None)                 \
  X(Expand, "expand", Expand, None) X(Squeeze, "squeeze", Squeeze, None)      \
  X(Reshape, "reshape", Reshape, None) X(Permute, "permute", Permute, None)   \
  X(StrideOrder, "stride_order", StrideOrder, None)                           \
  X(Slice, "slice", Slice, None) X(Pad, "pad", Pad, None) X(Cat, "cat", Cat, None) \
  X(Full, "full", Full, None) X(Iota, "iota", Iota, None)                     \
  X(Uniform, "uniform", RandomFill, None) X(Normal, "normal", RandomFill, None) \
  X(RandLike, "rand_like", RandLike, None) X(RandnLike, "randn_like", RandLike, None) \
  X(Gather, "gather", Gather, None) X(TakeAlongAxis, "take_along_axis", Gather, None) \
  X(IndexSelect, "index_select", IndexSelect, None) X(SelectOp, "select", Select, None) \
  X(Matmul, "matmul", Matmul, None) X(Linear, "linear", Linear, None)         \
  X(SdpaFwd, "sdpfa_fwd", SdpaFwd, None) X(SdpaBwd, "sdpfa_bwd", SdpaBwd, None) \
  X(EmbeddingFwd, "embedding_fwd", EmbeddingFwd, None)                        \
  X(Size, "size", Size, None) X(Triu, "triu", Triu, None)                     \
  X(Cumsum, "cumsum", Cumsum, None)
// clang-format on

enum class OpType : std::uint16_t {
#define SEGSCOPE_OP_ENUM(e, py, fam, rule) e,
  SEGSCOPE_OP_TYPES(SEGSCOPE_OP_ENUM)
#undef SEGSCOPE_OP_ENUM
};

std::string_view opName(OpType op);  // the `fd.ops.<name>` spelling
OpFamily opFamily(OpType op);
ResultRule resultRule(OpType op);
std::optional<OpType> opFromName(std::string_view name);
const std::vector<OpType>& allOpTypes();

/// Ops that only move or re-describe data (no arithmetic): views and copies.
bool isMetaOp(OpType op);

}  // namespace segscope::ir
