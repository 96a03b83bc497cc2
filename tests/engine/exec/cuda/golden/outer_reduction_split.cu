// ===== segment 0 (reduction): 2 kernel(s), fused
// kernel sg_seg0_row0_split grid 3x16 block 32x16 shared 0
//   temp val -5 Float [16, 80] strides [80, 1]
//   input val 2 BFloat16 [4100, 80] strides [80, 1]
//   temp val -9 Float [16, 80] strides [80, 1]
//   temp val -10 Float [16, 80] strides [80, 1]
//   temp val -13 Float [16, 80] strides [80, 1]

extern "C" __global__ void sg_seg0_row0_split(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    const sg_bfloat* __restrict__ in2, long long in2_s0, long long in2_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    float* __restrict__ part2_1, long long part2_1_s0, long long part2_1_s1,
    float* __restrict__ part3_0, long long part3_0_s0, long long part3_0_s1) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 80LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 80LL;
    const long long k0 = row;
    for (long long split = blockIdx.y; split < 16LL; split += gridDim.y) {
      const long long sg_r0 = split * 257LL;
      const long long sg_r1 = sg_r0 + 257LL < 4100LL ? sg_r0 + 257LL : 4100LL;
      sg_float acc1 = (sg_float)0;
      #pragma unroll 4
      for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
        const long long r0 = r;
        const sg_float v0 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
        const sg_float v1 = (sg_float)v0;
        acc1 = SgAdd()(acc1, (sg_float)v1);
      }
      acc1 = sg_col_reduce(acc1, SgAdd());
      if (active && threadIdx.y == 0) sg_st(&part1_0[split * part1_0_s0 + row * part1_0_s1], acc1);
      sg_float n2 = 0, shift2 = 0, s1_2 = 0, s2_2 = 0;
      #pragma unroll 4
      for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
        const long long r0 = r;
        const sg_float v2 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
        const sg_float v3 = (sg_float)v2;
        const sg_float x4 = (sg_float)v3;
        shift2 = n2 == (sg_float)0 ? x4 : shift2;
        const sg_float d5 = x4 - shift2;
        s1_2 += d5; s2_2 += d5 * d5; n2 += (sg_float)1;
      }
      sg_float mean2 = n2 > (sg_float)0 ? shift2 + s1_2 / n2 : (sg_float)0;
      sg_float m2_2 = n2 > (sg_float)0 ? s2_2 - s1_2 * s1_2 / n2 : (sg_float)0;
      m2_2 = m2_2 > (sg_float)0 ? m2_2 : (sg_float)0;
      sg_col_welford(mean2, m2_2, n2);
      if (active && threadIdx.y == 0) { sg_st(&part2_0[split * part2_0_s0 + row * part2_0_s1], mean2); sg_st(&part2_1[split * part2_1_s0 + row * part2_1_s1], m2_2); }
      sg_float acc3 = (sg_float)(-SG_INF);
      #pragma unroll 4
      for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
        const long long r0 = r;
        const sg_float v6 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
        const sg_float v7 = (sg_float)v6;
        acc3 = SgMax()(acc3, (sg_float)v7);
      }
      acc3 = sg_col_reduce(acc3, SgMax());
      if (active && threadIdx.y == 0) sg_st(&part3_0[split * part3_0_s0 + row * part3_0_s1], acc3);
    }
  }
}
// kernel sg_seg0_row0_finish grid 1 block 128x1 shared 0
//   temp val -5 Float [16, 80] strides [80, 1]
//   temp val -9 Float [16, 80] strides [80, 1]
//   temp val -10 Float [16, 80] strides [80, 1]
//   temp val -13 Float [16, 80] strides [80, 1]
//   output val 9 BFloat16 [80] strides [1]
//   output val 6 Float [80] strides [1]
//   output val 8 Float [80] strides [1]

extern "C" __global__ void sg_seg0_row0_finish(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    float* __restrict__ part2_1, long long part2_1_s0, long long part2_1_s1,
    float* __restrict__ part3_0, long long part3_0_s0, long long part3_0_s1,
    sg_bfloat* __restrict__ out9, long long out9_s0,
    float* __restrict__ out6, long long out6_s0,
    float* __restrict__ out8, long long out8_s0) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 80LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 80LL;
    const long long k0 = row;
    sg_float acc1 = (sg_float)0;
    if (active) {
      for (long long s = 0; s < 16LL; ++s) {
        acc1 = SgAdd()(acc1, (sg_float)sg_ld(part1_0[s * part1_0_s0 + row * part1_0_s1]));
      }
    }
    const sg_float red1 = acc1;
    sg_float n2 = 0, mean2 = 0, m2_2 = 0;
    if (active) {
      for (long long s = 0; s < 16LL; ++s) {
        const sg_float nb = (sg_float)(s * 257LL + 257LL < 4100LL ? 257LL : 4100LL - s * 257LL);
        const sg_float mb = (sg_float)sg_ld(part2_0[s * part2_0_s0 + row * part2_0_s1]);
        const sg_float delta = mb - mean2, nab = n2 + nb;
        m2_2 += (sg_float)sg_ld(part2_1[s * part2_1_s0 + row * part2_1_s1]) + delta * delta * n2 * nb / nab;
        mean2 += delta * nb / nab;
        n2 = nab;
      }
    }
    const sg_float red2_0 = m2_2 / (sg_float)4099LL;
    const sg_float red2_1 = mean2;
    sg_float acc3 = (sg_float)(-SG_INF);
    if (active) {
      for (long long s = 0; s < 16LL; ++s) {
        acc3 = SgMax()(acc3, (sg_float)sg_ld(part3_0[s * part3_0_s0 + row * part3_0_s1]));
      }
    }
    const sg_float red3 = acc3;
    if (active && threadIdx.y == 0) {
      const sg_float v0 = sg_rbf((sg_float)red1);
      sg_st(&out9[k0 * out9_s0], v0);
      sg_st(&out6[k0 * out6_s0], red2_1);
      const sg_float v1 = ((sg_float)red2_0 + (sg_float)red3);
      sg_st(&out8[k0 * out8_s0], v1);
    }
  }
}
