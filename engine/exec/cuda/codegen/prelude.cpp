// The generated kernels' common prelude and the dtype → CUDA type mapping.
#include "exec/cuda/codegen/prelude.h"

#include <cmath>
#include <cstdio>

namespace segscope::exec::cuda::codegen {

namespace {

// Kept as ordinary string literals: raw literals starting with '#' confuse moc when a test
// includes them, and this text is what every kernel's golden file starts with.
const char* const kPrelude =
    "// segscope generated kernel prelude\n"
    "#if defined(__CUDACC__)\n"
    "#define SG_DEV __device__ __forceinline__\n"
    "#define SG_F32_BITS(f) __float_as_uint(f)\n"
    "#define SG_BITS_F32(u) __uint_as_float(u)\n"
    "// A block-per-row kernel's block size, a literal so that loops striding by it unroll.\n"
    "#define SG_BLOCK(n) (n)\n"
    "#define SG_BLOCK_Y(n) (n)\n"
    "// A register-resident row's steps per thread (the host emulation's one thread takes them all),\n"
    "// and its register arrays (static there: a long row's would not fit the host stack).\n"
    "#define SG_STEPS(device, host) (device)\n"
    "#define SG_REGS\n"
    "#else\n"
    "#define SG_DEV inline\n"
    "#define SG_BLOCK(n) blockDim.x\n"
    "#define SG_BLOCK_Y(n) blockDim.y\n"
    "#define SG_STEPS(device, host) (host)\n"
    "#define SG_REGS static thread_local\n"
    "static inline unsigned int SG_F32_BITS(float f) { unsigned int u; __builtin_memcpy(&u, &f, 4); return u; }\n"
    "static inline float SG_BITS_F32(unsigned int u) { float f; __builtin_memcpy(&f, &u, 4); return f; }\n"
    "static inline double __longlong_as_double(long long u) { double f; __builtin_memcpy(&f, &u, 8); return f; }\n"
    "#endif\n"
    "// Compute type of Half/BFloat16/Float values; SG_COMPUTE_DOUBLE widens it (host checks).\n"
    "#if defined(SG_COMPUTE_DOUBLE)\n"
    "typedef double sg_float;\n"
    "#else\n"
    "typedef float sg_float;\n"
    "#endif\n"
    "// Math in the argument's own precision: sg_exp(float) is expf, sg_exp(double) is exp.\n"
    "#define SG_MATH1(fn) SG_DEV float sg_##fn(float x) { return fn##f(x); } SG_DEV double sg_##fn(double x) { return "
    "fn(x); }\n"
    "#define SG_MATH2(fn) SG_DEV float sg_##fn(float x, float y) { return fn##f(x, y); } SG_DEV double sg_##fn(double "
    "x, double y) { return fn(x, y); }\n"
    "SG_MATH1(fabs) SG_MATH1(acos) SG_MATH1(acosh) SG_MATH1(asin) SG_MATH1(asinh) SG_MATH1(atan) SG_MATH1(atanh)\n"
    "SG_MATH1(cos) SG_MATH1(cosh) SG_MATH1(exp) SG_MATH1(exp2) SG_MATH1(expm1) SG_MATH1(erf) SG_MATH1(erfc)\n"
    "SG_MATH1(lgamma) SG_MATH1(log) SG_MATH1(log10) SG_MATH1(log1p) SG_MATH1(log2) SG_MATH1(sin) SG_MATH1(sinh)\n"
    "SG_MATH1(sqrt) SG_MATH1(tan) SG_MATH1(tanh) SG_MATH1(rsqrt) SG_MATH1(ceil) SG_MATH1(floor) SG_MATH1(trunc)\n"
    "SG_MATH1(rint) SG_MATH1(erfinv) SG_MATH1(erfcinv)\n"
    "SG_MATH2(atan2) SG_MATH2(nextafter) SG_MATH2(pow) SG_MATH2(fmod)\n"
    "// CodegenOptions::fastMath: hardware approximations for float (tanh.approx.f32 on sm_75+, ex2.approx\n"
    "// through __expf, the approximate division), the accurate functions for double and on the host.\n"
    "#if defined(__CUDACC__) && __CUDA_ARCH__ >= 750\n"
    "SG_DEV float sg_ftanh(float x) { float y; asm(\"tanh.approx.f32 %0, %1;\" : \"=f\"(y) : \"f\"(x)); return y; }\n"
    "#else\n"
    "SG_DEV float sg_ftanh(float x) { return tanhf(x); }\n"
    "#endif\n"
    "#if defined(__CUDACC__)\n"
    "SG_DEV float sg_fexp(float x) { return __expf(x); }\n"
    "SG_DEV float sg_fdiv(float a, float b) { return __fdividef(a, b); }\n"
    "#else\n"
    "SG_DEV float sg_fexp(float x) { return expf(x); }\n"
    "SG_DEV float sg_fdiv(float a, float b) { return a / b; }\n"
    "#endif\n"
    "SG_DEV double sg_ftanh(double x) { return tanh(x); }\n"
    "SG_DEV double sg_fexp(double x) { return exp(x); }\n"
    "SG_DEV double sg_fdiv(double a, double b) { return a / b; }\n"
    "struct sg_half { unsigned short bits; };\n"
    "struct sg_bfloat { unsigned short bits; };\n"
    "#define SG_INF (__longlong_as_double(0x7ff0000000000000LL))\n"
    "#define SG_NAN (__longlong_as_double(0x7ff8000000000000LL))\n"
    "#if defined(__CUDACC__)\n"
    "// One cvt instruction each on the device (the bit-twiddling versions below cost ~10 integer\n"
    "// instructions per element and made half normalizations instruction-bound); same rounding.\n"
    "SG_DEV unsigned short sg_f2h(float f) { unsigned short h; asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h) : \"f\"(f)); "
    "return h; }\n"
    "SG_DEV float sg_h2f(unsigned short h) { float f; asm(\"cvt.f32.f16 %0, %1;\" : \"=f\"(f) : \"h\"(h)); return f; "
    "}\n"
    "#else\n"
    "// Round-to-nearest-even float -> half (F. Giesen's float_to_half_fast3).\n"
    "SG_DEV unsigned short sg_f2h(float f) {\n"
    "  unsigned int x = SG_F32_BITS(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;\n"
    "  if (ax >= 0x47800000u) return (unsigned short)(sign | (ax > 0x7f800000u ? 0x7e00u : 0x7c00u));\n"
    "  if (ax < 0x38800000u) return (unsigned short)(sign | (SG_F32_BITS(SG_BITS_F32(ax) + 0.5f) - 0x3f000000u));\n"
    "  ax += 0xc8000fffu + ((ax >> 13) & 1u);\n"
    "  return (unsigned short)(sign | (ax >> 13));\n"
    "}\n"
    "SG_DEV float sg_h2f(unsigned short h) {\n"
    "  unsigned int s = (unsigned int)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;\n"
    "  if (e == 0) { float v = (float)m * 5.9604644775390625e-8f; return s ? -v : v; }\n"
    "  if (e == 31) return SG_BITS_F32(s | 0x7f800000u | (m << 13));\n"
    "  return SG_BITS_F32(s | ((e + 112u) << 23) | (m << 13));\n"
    "}\n"
    "#endif\n"
    "#if defined(__CUDACC__) && __CUDA_ARCH__ >= 800\n"
    "SG_DEV unsigned short sg_f2bf(float f) { unsigned short b; asm(\"cvt.rn.bf16.f32 %0, %1;\" : \"=h\"(b) : "
    "\"f\"(f)); "
    "return b; }\n"
    "#else\n"
    "SG_DEV unsigned short sg_f2bf(float f) {\n"
    "  unsigned int u = SG_F32_BITS(f);\n"
    "  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x40u);\n"
    "  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n"
    "}\n"
    "#endif\n"
    "SG_DEV float sg_bf2f(unsigned short b) { return SG_BITS_F32((unsigned int)b << 16); }\n"
    "SG_DEV float sg_rh(float v) { return sg_h2f(sg_f2h(v)); }\n"
    "SG_DEV float sg_rbf(float v) { return sg_bf2f(sg_f2bf(v)); }\n"
    "// Loads convert to the compute type; stores round to the storage type.\n"
    "SG_DEV float sg_ld(sg_half v) { return sg_h2f(v.bits); }\n"
    "SG_DEV float sg_ld(sg_bfloat v) { return sg_bf2f(v.bits); }\n"
    "SG_DEV float sg_ld(float v) { return v; }\n"
    "SG_DEV double sg_ld(double v) { return v; }\n"
    "SG_DEV long long sg_ld(long long v) { return v; }\n"
    "SG_DEV long long sg_ld(int v) { return v; }\n"
    "SG_DEV long long sg_ld(unsigned long long v) { return (long long)v; }\n"
    "SG_DEV bool sg_ld(bool v) { return v; }\n"
    "template <class V> SG_DEV void sg_st(sg_half* p, V v) { p->bits = sg_f2h((float)v); }\n"
    "template <class V> SG_DEV void sg_st(sg_bfloat* p, V v) { p->bits = sg_f2bf((float)v); }\n"
    "template <class T, class V> SG_DEV void sg_st(T* p, V v) { *p = (T)v; }\n"
    "// N elements moved as one aligned access (ld/st.global.v2/v4 on the device).\n"
    "template <class T, int N> struct alignas(sizeof(T) * N) sg_vec { T v[N]; };\n"
    "template <class T> SG_DEV bool sg_isnan(T v) { return v != v; }\n"
    "template <class T> SG_DEV T sg_max(T a, T b) { return sg_isnan(a) ? a : (sg_isnan(b) ? b : (a > b ? a : b)); }\n"
    "template <class T> SG_DEV T sg_min(T a, T b) { return sg_isnan(a) ? a : (sg_isnan(b) ? b : (a < b ? a : b)); }\n"
    "SG_DEV long long sg_clampi(long long i, long long lo, long long hi) { return i < lo ? lo : (i > hi ? hi : i); }\n"
    "// Python-style remainder (sign of the divisor) for floats and integers.\n"
    "SG_DEV double sg_pyrem(double a, double b) { double r = fmod(a, b); return r != 0.0 && ((r < 0.0) != (b < 0.0)) ? "
    "r + b : r; }\n"
    "SG_DEV long long sg_pyremi(long long a, long long b) { if (b == 0 || b == -1) return 0; long long r = a % b; "
    "return r != 0 && ((r < 0) != (b < 0)) ? r + b : r; }\n"
    "SG_DEV long long sg_divi(long long a, long long b) { return b == 0 ? 0 : (b == -1 ? -a : a / b); }\n"
    "struct SgAdd { template <class T> SG_DEV T operator()(T a, T b) const { return a + b; } };\n"
    "struct SgMul { template <class T> SG_DEV T operator()(T a, T b) const { return a * b; } };\n"
    "struct SgMax { template <class T> SG_DEV T operator()(T a, T b) const { return sg_max(a, b); } };\n"
    "struct SgMin { template <class T> SG_DEV T operator()(T a, T b) const { return sg_min(a, b); } };\n"
    "// Chan's merge of two (mean, M2, count) partials into the first; empty partials are skipped.\n"
    "template <class T> SG_DEV void sg_welford_merge(T& mean, T& m2, T& n, T mb, T m2b, T nb) {\n"
    "  const T nab = n + nb;\n"
    "  if (nb == (T)0 || nab == (T)0) return;\n"
    "  const T delta = mb - mean;\n"
    "  m2 += m2b + delta * delta * n * nb / nab;\n"
    "  mean += delta * nb / nab;\n"
    "  n = nab;\n"
    "}\n"
    "#if defined(__CUDACC__)\n"
    "// One pass of Welford per thread, merged like sg_block_reduce; every thread gets the row's.\n"
    "template <class T> __device__ void sg_block_welford(T& mean, T& m2, T& n) {\n"
    "  __shared__ T sg_wel[3][33];\n"
    "  for (int o = 16; o > 0; o >>= 1)\n"
    "    sg_welford_merge(mean, m2, n, __shfl_xor_sync(0xffffffffu, mean, o), __shfl_xor_sync(0xffffffffu, m2, o),\n"
    "                     __shfl_xor_sync(0xffffffffu, n, o));\n"
    "  if (blockDim.x == 32) {  // a warp per row: lane 0's merge order for every lane, no barrier\n"
    "    mean = __shfl_sync(0xffffffffu, mean, 0); m2 = __shfl_sync(0xffffffffu, m2, 0); n = __shfl_sync(0xffffffffu, "
    "n, 0);\n"
    "    return;\n"
    "  }\n"
    "  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = (blockDim.x + 31) >> 5;\n"
    "  __syncthreads();\n"
    "  if (lane == 0) { sg_wel[0][warp] = mean; sg_wel[1][warp] = m2; sg_wel[2][warp] = n; }\n"
    "  __syncthreads();\n"
    "  if (warp == 0) {\n"
    "    const bool live = lane < warps;\n"
    "    mean = live ? sg_wel[0][lane] : (T)0; m2 = live ? sg_wel[1][lane] : (T)0; n = live ? sg_wel[2][lane] : (T)0;\n"
    "    for (int o = 16; o > 0; o >>= 1)\n"
    "      sg_welford_merge(mean, m2, n, __shfl_xor_sync(0xffffffffu, mean, o), __shfl_xor_sync(0xffffffffu, m2, o),\n"
    "                       __shfl_xor_sync(0xffffffffu, n, o));\n"
    "    if (lane == 0) { sg_wel[0][32] = mean; sg_wel[1][32] = m2; sg_wel[2][32] = n; }\n"
    "  }\n"
    "  __syncthreads();\n"
    "  mean = sg_wel[0][32]; m2 = sg_wel[1][32]; n = sg_wel[2][32];\n"
    "}\n"
    "// Warp shuffle, then one value per warp through shared memory; every thread gets the result.\n"
    "template <class T, class F> __device__ T sg_block_reduce(T v, F f, T identity) {\n"
    "  __shared__ T sg_red[33];\n"
    "  for (int o = 16; o > 0; o >>= 1) v = f(v, __shfl_xor_sync(0xffffffffu, v, o));\n"
    "  if (blockDim.x == 32) return v;  // a warp per row: no barrier (the other warps hold other rows)\n"
    "  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = (blockDim.x + 31) >> 5;\n"
    "  __syncthreads();\n"
    "  if (lane == 0) sg_red[warp] = v;\n"
    "  __syncthreads();\n"
    "  if (warp == 0) {\n"
    "    v = lane < warps ? sg_red[lane] : identity;\n"
    "    for (int o = 16; o > 0; o >>= 1) v = f(v, __shfl_xor_sync(0xffffffffu, v, o));\n"
    "    if (lane == 0) sg_red[32] = v;\n"
    "  }\n"
    "  __syncthreads();\n"
    "  return sg_red[32];\n"
    "}\n"
    "// Outer reductions: blockDim.y threads split one column's rows; a shared-memory tree\n"
    "// combines them (blockDim.y a power of two). Every thread gets its column's result.\n"
    "// The same tree for column Welford statistics (Chan's merge, a fixed order).\n"
    "template <class T> __device__ void sg_col_welford(T& mean, T& m2, T& n) {\n"
    "  __shared__ T sg_colw[3][1024];\n"
    "  const int t = threadIdx.y * blockDim.x + threadIdx.x;\n"
    "  __syncthreads();\n"
    "  sg_colw[0][t] = mean; sg_colw[1][t] = m2; sg_colw[2][t] = n;\n"
    "  __syncthreads();\n"
    "  for (int k = blockDim.y / 2; k > 0; k >>= 1) {\n"
    "    if (threadIdx.y < k) {\n"
    "      const int o = t + k * blockDim.x;\n"
    "      sg_welford_merge(mean, m2, n, sg_colw[0][o], sg_colw[1][o], sg_colw[2][o]);\n"
    "      sg_colw[0][t] = mean; sg_colw[1][t] = m2; sg_colw[2][t] = n;\n"
    "    }\n"
    "    __syncthreads();\n"
    "  }\n"
    "  mean = sg_colw[0][threadIdx.x]; m2 = sg_colw[1][threadIdx.x]; n = sg_colw[2][threadIdx.x];\n"
    "}\n"
    "template <class T, class F> __device__ T sg_col_reduce(T v, F f) {\n"
    "  __shared__ T sg_col[1024];\n"
    "  const int t = threadIdx.y * blockDim.x + threadIdx.x;\n"
    "  __syncthreads();\n"
    "  sg_col[t] = v;\n"
    "  __syncthreads();\n"
    "  for (int k = blockDim.y / 2; k > 0; k >>= 1) {\n"
    "    if (threadIdx.y < k) sg_col[t] = f(sg_col[t], sg_col[t + k * blockDim.x]);\n"
    "    __syncthreads();\n"
    "  }\n"
    "  return sg_col[threadIdx.x];\n"
    "}\n"
    "#endif\n";

}  // namespace

const std::string& prelude() {
  static const std::string text = kPrelude;
  return text;
}

std::optional<std::string> storageType(ir::DataType t) {
  using ir::DataType;
  switch (t) {
    case DataType::Bool: return "bool";
    case DataType::Int:
    case DataType::Index: return "long long";
    case DataType::Int32: return "int";
    case DataType::UInt64: return "unsigned long long";
    case DataType::Half: return "sg_half";
    case DataType::BFloat16: return "sg_bfloat";
    case DataType::Float: return "float";
    case DataType::Double: return "double";
    default: return std::nullopt;  // complex, Float8, Float4: no arithmetic here yet
  }
}

std::string computeTypeName(ir::DataType t) {
  if (t == ir::DataType::Bool) return "bool";
  if (ir::isIntegral(t)) return "long long";
  if (t == ir::DataType::Double) return "double";
  return "sg_float";
}

std::string scalarParamType(ir::DataType t) {
  const std::string c = computeTypeName(t);
  return c == "sg_float" ? "double" : c;
}

std::string roundTo(ir::DataType t, const std::string& expr) {
  switch (t) {
    case ir::DataType::Half: return "sg_rh(" + expr + ")";
    case ir::DataType::BFloat16: return "sg_rbf(" + expr + ")";
    case ir::DataType::Int32: return "(long long)(int)(" + expr + ")";
    case ir::DataType::Bool: return "((" + expr + ") != 0)";
    default: return expr;
  }
}

std::string literal(double v, ir::DataType t) {
  if (t == ir::DataType::Bool) return v != 0.0 ? "true" : "false";
  if (ir::isIntegral(t)) return std::to_string(static_cast<long long>(v)) + "LL";
  if (std::isnan(v)) return "SG_NAN";
  if (std::isinf(v)) return v > 0 ? "SG_INF" : "(-SG_INF)";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return t == ir::DataType::Double ? s : s + "f";
}

}  // namespace segscope::exec::cuda::codegen
