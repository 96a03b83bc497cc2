// ===== segment 0 (reduction): 2 kernel(s), fused
// kernel sg_seg0_row0_split grid 4x8 block 512x1 shared 0
//   temp val -5 Float [8, 4] strides [4, 1]
//   input val 2 BFloat16 [4, 65536] strides [65536, 1]
//   temp val -9 Float [8, 4] strides [4, 1]
//   temp val -10 Float [8, 4] strides [4, 1]

extern "C" __global__ void __launch_bounds__(512) sg_seg0_row0_split(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    const sg_bfloat* __restrict__ in2, long long in2_s0, long long in2_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    float* __restrict__ part2_1, long long part2_1_s0, long long part2_1_s1) {
  for (long long row = blockIdx.x; row < 4LL; row += gridDim.x) {
    const long long k0 = row;
    for (long long split = blockIdx.y; split < 8LL; split += gridDim.y) {
      const long long sg_r0 = split * 8192LL;
      const long long sg_r1 = sg_r0 + 8192LL < 65536LL ? sg_r0 + 8192LL : 65536LL;
      sg_float acc1 = (sg_float)0;
      #pragma unroll 4
      for (long long r = sg_r0 + threadIdx.x; r < sg_r1; r += SG_BLOCK(512)) {
        const long long r0 = r;
        const sg_float v0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
        const sg_float v1 = (sg_float)v0;
        acc1 = SgAdd()(acc1, (sg_float)v1);
      }
      acc1 = sg_block_reduce(acc1, SgAdd(), (sg_float)0);
      if (threadIdx.x == 0) sg_st(&part1_0[split * part1_0_s0 + row * part1_0_s1], acc1);
      sg_float n2 = 0, mean2 = 0, m2_2 = 0;
      #pragma unroll 4
      for (long long r = sg_r0 + threadIdx.x; r < sg_r1; r += SG_BLOCK(512)) {
        const long long r0 = r;
        const sg_float v2 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
        const sg_float v3 = (sg_float)v2;
        const sg_float x = (sg_float)v3, delta = x - mean2;
        n2 += (sg_float)1;
        mean2 += delta / n2;
        m2_2 += delta * (x - mean2);
      }
      sg_block_welford(mean2, m2_2, n2);
      if (threadIdx.x == 0) { sg_st(&part2_0[split * part2_0_s0 + row * part2_0_s1], mean2); sg_st(&part2_1[split * part2_1_s0 + row * part2_1_s1], m2_2); }
    }
  }
}
// kernel sg_seg0_row0_finish grid 1 block 128x1 shared 0
//   temp val -5 Float [8, 4] strides [4, 1]
//   temp val -9 Float [8, 4] strides [4, 1]
//   temp val -10 Float [8, 4] strides [4, 1]
//   output val 4 Float [4] strides [1]
//   output val 6 Float [4] strides [1]
//   output val 10 BFloat16 [4] strides [1]

extern "C" __global__ void sg_seg0_row0_finish(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    float* __restrict__ part2_1, long long part2_1_s0, long long part2_1_s1,
    float* __restrict__ out4, long long out4_s0,
    float* __restrict__ out6, long long out6_s0,
    sg_bfloat* __restrict__ out10, long long out10_s0) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 4LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 4LL;
    const long long k0 = row;
    sg_float acc1 = (sg_float)0;
    if (active) {
      for (long long s = 0; s < 8LL; ++s) {
        acc1 = SgAdd()(acc1, (sg_float)sg_ld(part1_0[s * part1_0_s0 + row * part1_0_s1]));
      }
    }
    const sg_float red1 = acc1;
    sg_float n2 = 0, mean2 = 0, m2_2 = 0;
    if (active) {
      for (long long s = 0; s < 8LL; ++s) {
        const sg_float nb = (sg_float)(s * 8192LL + 8192LL < 65536LL ? 8192LL : 65536LL - s * 8192LL);
        const sg_float mb = (sg_float)sg_ld(part2_0[s * part2_0_s0 + row * part2_0_s1]);
        const sg_float delta = mb - mean2, nab = n2 + nb;
        m2_2 += (sg_float)sg_ld(part2_1[s * part2_1_s0 + row * part2_1_s1]) + delta * delta * n2 * nb / nab;
        mean2 += delta * nb / nab;
        n2 = nab;
      }
    }
    const sg_float red2_0 = m2_2 / (sg_float)65535LL;
    const sg_float red2_1 = mean2;
    if (active && threadIdx.y == 0) {
      sg_st(&out4[k0 * out4_s0], red1);
      sg_st(&out6[k0 * out6_s0], red2_1);
      const sg_float v0 = ((sg_float)red2_0 + (sg_float)1.0000000000000001e-05);
      const sg_float v1 = sg_rsqrt((sg_float)v0);
      const sg_float v2 = sg_rbf((sg_float)v1);
      sg_st(&out10[k0 * out10_s0], v2);
    }
  }
}
