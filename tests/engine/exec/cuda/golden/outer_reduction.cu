// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 2 block 32x16 shared 0
//   input val 2 Half [256, 64] strides [64, 1]
//   output val 6 Half [64] strides [1]
//   output val 7 Half [64] strides [1]

extern "C" __global__ void sg_seg0_row0(
    const sg_half* __restrict__ in2, long long in2_s0, long long in2_s1,
    sg_half* __restrict__ out6, long long out6_s0,
    sg_half* __restrict__ out7, long long out7_s0) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 64LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 64LL;
    const long long k0 = row;
    sg_float n1 = 0, shift1 = 0, s1_1 = 0, s2_1 = 0;
    #pragma unroll 4
    for (long long r = active ? threadIdx.y : 256LL; r < 256LL; r += SG_BLOCK_Y(16)) {
      const long long r0 = r;
      const sg_float v0 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
      const sg_float v1 = (sg_float)v0;
      const sg_float x2 = (sg_float)v1;
      shift1 = n1 == (sg_float)0 ? x2 : shift1;
      const sg_float d3 = x2 - shift1;
      s1_1 += d3; s2_1 += d3 * d3; n1 += (sg_float)1;
    }
    sg_float mean1 = n1 > (sg_float)0 ? shift1 + s1_1 / n1 : (sg_float)0;
    sg_float m2_1 = n1 > (sg_float)0 ? s2_1 - s1_1 * s1_1 / n1 : (sg_float)0;
    m2_1 = m2_1 > (sg_float)0 ? m2_1 : (sg_float)0;
    sg_col_welford(mean1, m2_1, n1);
    const sg_float red1_0 = m2_1 / (sg_float)255LL;
    const sg_float red1_1 = mean1;
    if (active && threadIdx.y == 0) {
      const sg_float v4 = sg_rh((sg_float)red1_0);
      sg_st(&out6[k0 * out6_s0], v4);
      const sg_float v5 = sg_rh((sg_float)red1_1);
      sg_st(&out7[k0 * out7_s0], v5);
    }
  }
}
