// Elementwise ops (unary, binary, ternary, cast) as CUDA C++ expressions in the output's
// compute type, following ref_elementwise.cpp's semantics; results are rounded to the
// output dtype like the reference rounds every op's result.
#include <cstdlib>

#include "exec/cuda/codegen/emitter.h"
#include "exec/cuda/codegen/prelude.h"

namespace segscope::exec::cuda::codegen {

namespace {

using ir::OpType;

struct Operands {
  std::vector<std::string> v;
  std::vector<ir::DataType> t;
};

bool integralType(ir::DataType t) { return ir::isIntegral(t) || t == ir::DataType::Bool; }

// A prelude math wrapper in the compute type: sg_exp((sg_float)x) is expf for float.
std::string call(const std::string& fn, const std::string& type, const std::vector<std::string>& args) {
  std::string s = "sg_" + fn + "(";
  for (std::size_t i = 0; i < args.size(); ++i) s += (i ? ", (" : "(") + type + ")" + args[i];
  return s + ")";
}

std::optional<std::string> unaryExpr(OpType op, const std::string& T, const std::string& x, ir::DataType in,
                                     ir::DataType out, bool fast) {
  const bool intIn = integralType(in);
  const auto f = [&](const char* fn) { return call(fn, T, {x}); };
  // The prelude's sg_f* are hardware approximations for float and the accurate functions for
  // double, so a double compute type stays exact under fastMath too.
  const std::string exp = fast ? "fexp" : "exp";
  const auto divide = [&](const std::string& a, const std::string& b) {
    std::string s = fast ? "sg_fdiv((" : "(";
    if (fast) s.append(T).append(")");
    return s.append(a).append(fast ? ", " : " / ").append(b).append(")");
  };
  switch (op) {
    case OpType::Abs: return intIn ? "(" + x + " < 0 ? -" + x + " : " + x + ")" : f("fabs");
    case OpType::Acos: return f("acos");
    case OpType::Acosh: return f("acosh");
    case OpType::Asin: return f("asin");
    case OpType::Asinh: return f("asinh");
    case OpType::Atan: return f("atan");
    case OpType::Atanh: return f("atanh");
    case OpType::Cos: return f("cos");
    case OpType::Cosh: return f("cosh");
    case OpType::Exp: return f(exp.c_str());
    case OpType::Exp2: return f("exp2");
    case OpType::Expm1: return f("expm1");
    case OpType::Erf: return f("erf");
    case OpType::Erfc: return f("erfc");
    case OpType::Erfinv: return f("erfinv");
    case OpType::Erfcinv: return f("erfcinv");
    case OpType::Lgamma: return f("lgamma");
    case OpType::Log: return f("log");
    case OpType::Log10: return f("log10");
    case OpType::Log1p: return f("log1p");
    case OpType::Log2: return f("log2");
    case OpType::Sin: return f("sin");
    case OpType::Sinh: return f("sinh");
    case OpType::Sqrt: return f("sqrt");
    case OpType::Tan: return f("tan");
    case OpType::Tanh: return f(fast ? "ftanh" : "tanh");
    case OpType::Rsqrt: return f("rsqrt");
    case OpType::Ceil: return intIn ? x : f("ceil");
    case OpType::Floor: return intIn ? x : f("floor");
    case OpType::Trunc: return intIn ? x : f("trunc");
    case OpType::Round: return intIn ? x : f("rint");  // half to even, like nearbyint
    case OpType::Frac: return intIn ? "(" + T + ")0" : "(" + x + " - " + f("trunc") + ")";
    case OpType::Neg: return "-" + x;
    case OpType::LogicalNot: return "(" + x + " == 0)";
    case OpType::BitwiseNot: return out == ir::DataType::Bool ? "!" + x : "~" + x;
    case OpType::Relu: return "((sg_isnan(" + x + ") || " + x + " > 0) ? " + x + " : (" + T + ")0)";
    case OpType::Reciprocal: return "((" + T + ")1 / (" + T + ")" + x + ")";
    case OpType::Sign: return "(" + T + ")((" + x + " > 0) - (" + x + " < 0))";
    case OpType::Sigmoid: return divide("(" + T + ")1", "((" + T + ")1 + " + call(exp, T, {"-" + x}) + ")");
    case OpType::Silu: return divide(x, "((" + T + ")1 + " + call(exp, T, {"-" + x}) + ")");
    case OpType::Signbit: return intIn ? "(" + x + " < 0)" : "signbit(" + x + ")";
    case OpType::IsFinite: return intIn ? "true" : "isfinite(" + x + ")";
    case OpType::IsInf: return intIn ? "false" : "isinf(" + x + ")";
    case OpType::IsNan: return intIn ? "false" : "sg_isnan(" + x + ")";
    case OpType::IsNegInf: return intIn ? "false" : "(" + x + " == -SG_INF)";
    case OpType::IsPosInf: return intIn ? "false" : "(" + x + " == SG_INF)";
    case OpType::IsReal: return "true";
    case OpType::Real: return x;
    default: return std::nullopt;
  }
}

// x ** 2, 3 or 4 with a literal exponent (GELU's tanh form, variance) as multiplications: powf's
// general path costs tens of instructions per element, enough to make a pointwise kernel
// compute-bound on an H200 (gelu at 19 % of DRAM peak). The products stay within a few ulp.
std::optional<std::string> smallIntegerPower(const std::string& T, const std::string& base,
                                             const std::string& exponent) {
  char* end = nullptr;
  const double e = std::strtod(exponent.c_str(), &end);
  if (exponent.empty() || end != exponent.c_str() + exponent.size() || (e != 2.0 && e != 3.0 && e != 4.0))
    return std::nullopt;
  const std::string x = "(" + T + ")" + base;
  if (e == 2.0) return "(" + x + " * " + x + ")";
  if (e == 3.0) return "(" + x + " * " + x + " * " + x + ")";
  return "((" + x + " * " + x + ") * (" + x + " * " + x + "))";
}

std::optional<std::string> binaryExpr(OpType op, const std::string& T, const Operands& o, ir::DataType out) {
  const std::string &a = o.v[0], &b = o.v[1];
  const bool integral = integralType(out);
  const std::string ca = "(" + T + ")" + a, cb = "(" + T + ")" + b;
  switch (op) {
    case OpType::Add: return "(" + ca + " + " + cb + ")";
    case OpType::Sub: return "(" + ca + " - " + cb + ")";
    case OpType::Mul: return "(" + ca + " * " + cb + ")";
    case OpType::Div: return integral ? "sg_divi(" + a + ", " + b + ")" : "(" + ca + " / " + cb + ")";
    case OpType::TrueDiv: return "(" + ca + " / " + cb + ")";
    case OpType::Atan2: return call("atan2", T, {a, b});
    case OpType::NextAfter: return call("nextafter", T, {a, b});
    case OpType::Pow:
      if (integral) return std::nullopt;
      if (auto product = smallIntegerPower(T, a, b)) return product;
      return call("pow", T, {a, b});
    case OpType::Fmod:
      return integral ? "(" + b + " == 0 || " + b + " == -1 ? 0LL : " + a + " % " + b + ")" : call("fmod", T, {a, b});
    case OpType::Remainder:
    case OpType::Mod: return integral ? "sg_pyremi(" + a + ", " + b + ")" : "(" + T + ")sg_pyrem(" + a + ", " + b + ")";
    case OpType::Minimum: return "sg_min(" + ca + ", " + cb + ")";
    case OpType::Maximum: return "sg_max(" + ca + ", " + cb + ")";
    case OpType::Eq: return "(" + a + " == " + b + ")";
    case OpType::Ne: return "(" + a + " != " + b + ")";
    case OpType::Ge: return "(" + a + " >= " + b + ")";
    case OpType::Gt: return "(" + a + " > " + b + ")";
    case OpType::Le: return "(" + a + " <= " + b + ")";
    case OpType::Lt: return "(" + a + " < " + b + ")";
    case OpType::LogicalAnd: return "(" + a + " != 0 && " + b + " != 0)";
    case OpType::LogicalOr: return "(" + a + " != 0 || " + b + " != 0)";
    case OpType::BitwiseAnd: return "(" + ca + " & " + cb + ")";
    case OpType::BitwiseOr: return "(" + ca + " | " + cb + ")";
    case OpType::BitwiseXor: return "(" + ca + " ^ " + cb + ")";
    default: return std::nullopt;
  }
}

std::optional<std::string> ternaryExpr(OpType op, const std::string& T, const Operands& o) {
  const auto c = [&](std::size_t i) { return "(" + T + ")" + o.v[i]; };
  switch (op) {
    case OpType::Where: return "(" + o.v[0] + " != 0 ? " + c(1) + " : " + c(2) + ")";
    case OpType::Lerp:  // torch's two-sided formula keeps lerp(a, b, 1) == b
      return "(" + call("fabs", T, {o.v[2]}) + " < (" + T + ")0.5 ? " + c(0) + " + " + c(2) + " * (" + c(1) + " - " +
             c(0) + ") : " + c(1) + " - (" + c(1) + " - " + c(0) + ") * ((" + T + ")1 - " + c(2) + "))";
    case OpType::Clamp:
      return "(sg_isnan(" + c(0) + ") ? " + c(0) + " : sg_min(sg_max(" + c(0) + ", " + c(1) + "), " + c(2) + "))";
    case OpType::Threshold: return "(" + o.v[0] + " <= " + o.v[1] + " ? " + c(2) + " : " + c(0) + ")";
    case OpType::AddAlpha: return "(" + c(0) + " + " + c(2) + " * " + c(1) + ")";
    case OpType::SubAlpha: return "(" + c(0) + " - " + c(2) + " * " + c(1) + ")";
    case OpType::Addcmul:
      if (o.v.size() < 4) return std::nullopt;
      return "(" + c(0) + " + " + c(3) + " * " + c(1) + " * " + c(2) + ")";
    default: return std::nullopt;
  }
}

}  // namespace

Result<std::string> Emitter::elementwise(const ir::Expr& e, const Index& idx) {
  const ir::DataType out = e.output()->dtype();
  const std::string T = computeTypeName(out);
  Operands o;
  for (std::size_t i = 0; i < e.numOperands(); ++i) {
    const ir::Val* v = e.operand(i);
    if (ir::isComplex(v->dtype()) || !storageType(v->dtype()))
      return unsupported(e, "operand dtype " + std::string(ir::dataTypeName(v->dtype())) + " is not supported");
    Index at;
    if (v->isTensor()) {  // same rank in nvFuser IR; right-align otherwise, like numpy
      const std::size_t rank = static_cast<std::size_t>(v->asTensor()->rank());
      if (rank > idx.size()) return unsupported(e, "operand of higher rank than the output");
      at.assign(idx.end() - static_cast<std::ptrdiff_t>(rank), idx.end());
    }
    SEGSCOPE_TRY(std::string name, value(v, at));
    o.v.push_back(name);
    o.t.push_back(v->dtype());
  }
  std::optional<std::string> expr;
  switch (e.family()) {
    case ir::OpFamily::Unary: expr = unaryExpr(e.op(), T, o.v.at(0), o.t.at(0), out, fastMath); break;
    case ir::OpFamily::Binary: expr = binaryExpr(e.op(), T, o, out); break;
    case ir::OpFamily::Ternary: expr = ternaryExpr(e.op(), T, o); break;
    default:  // cast
      expr = out == ir::DataType::Bool ? "(" + o.v.at(0) + " != 0)" : "(" + T + ")" + o.v.at(0);
      break;
  }
  if (!expr) return unsupported(e, "no CUDA code generation for this op on " + std::string(ir::dataTypeName(out)));
  return bind(T, roundTo(out, *expr));
}

}  // namespace segscope::exec::cuda::codegen
