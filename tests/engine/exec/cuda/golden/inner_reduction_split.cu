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
      for (long long r = sg_r0 + threadIdx.x * 8; r < sg_r1; r += SG_BLOCK(512) * 8) {
        const long long r0 = r;
        sg_float sg_rv0_0, sg_rv0_1, sg_rv0_2, sg_rv0_3, sg_rv0_4, sg_rv0_5, sg_rv0_6, sg_rv0_7;
        if (((unsigned long long)in2 % 16ULL) == 0 && in2_s1 == 1 && in2_s0 % 8LL == 0) {
          const sg_vec<sg_bfloat, 8> sg_v = *(const sg_vec<sg_bfloat, 8>*)&in2[k0 * in2_s0 + r0 * in2_s1];
          sg_rv0_0 = sg_ld(sg_v.v[0]);
          sg_rv0_1 = sg_ld(sg_v.v[1]);
          sg_rv0_2 = sg_ld(sg_v.v[2]);
          sg_rv0_3 = sg_ld(sg_v.v[3]);
          sg_rv0_4 = sg_ld(sg_v.v[4]);
          sg_rv0_5 = sg_ld(sg_v.v[5]);
          sg_rv0_6 = sg_ld(sg_v.v[6]);
          sg_rv0_7 = sg_ld(sg_v.v[7]);
        }
        else {
          sg_rv0_0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
          sg_rv0_1 = sg_ld(in2[k0 * in2_s0 + (r0 + 1) * in2_s1]);
          sg_rv0_2 = sg_ld(in2[k0 * in2_s0 + (r0 + 2) * in2_s1]);
          sg_rv0_3 = sg_ld(in2[k0 * in2_s0 + (r0 + 3) * in2_s1]);
          sg_rv0_4 = sg_ld(in2[k0 * in2_s0 + (r0 + 4) * in2_s1]);
          sg_rv0_5 = sg_ld(in2[k0 * in2_s0 + (r0 + 5) * in2_s1]);
          sg_rv0_6 = sg_ld(in2[k0 * in2_s0 + (r0 + 6) * in2_s1]);
          sg_rv0_7 = sg_ld(in2[k0 * in2_s0 + (r0 + 7) * in2_s1]);
        }
        const sg_float v1 = sg_ld(sg_rv0_0);
        const sg_float v2 = (sg_float)v1;
        acc1 = SgAdd()(acc1, (sg_float)v2);
        const sg_float v3 = sg_ld(sg_rv0_1);
        const sg_float v4 = (sg_float)v3;
        acc1 = SgAdd()(acc1, (sg_float)v4);
        const sg_float v5 = sg_ld(sg_rv0_2);
        const sg_float v6 = (sg_float)v5;
        acc1 = SgAdd()(acc1, (sg_float)v6);
        const sg_float v7 = sg_ld(sg_rv0_3);
        const sg_float v8 = (sg_float)v7;
        acc1 = SgAdd()(acc1, (sg_float)v8);
        const sg_float v9 = sg_ld(sg_rv0_4);
        const sg_float v10 = (sg_float)v9;
        acc1 = SgAdd()(acc1, (sg_float)v10);
        const sg_float v11 = sg_ld(sg_rv0_5);
        const sg_float v12 = (sg_float)v11;
        acc1 = SgAdd()(acc1, (sg_float)v12);
        const sg_float v13 = sg_ld(sg_rv0_6);
        const sg_float v14 = (sg_float)v13;
        acc1 = SgAdd()(acc1, (sg_float)v14);
        const sg_float v15 = sg_ld(sg_rv0_7);
        const sg_float v16 = (sg_float)v15;
        acc1 = SgAdd()(acc1, (sg_float)v16);
      }
      acc1 = sg_block_reduce(acc1, SgAdd(), (sg_float)0);
      if (threadIdx.x == 0) sg_st(&part1_0[split * part1_0_s0 + row * part1_0_s1], acc1);
      sg_float n2 = 0, mean2 = 0, m2_2 = 0;
      #pragma unroll 4
      for (long long r = sg_r0 + threadIdx.x * 8; r < sg_r1; r += SG_BLOCK(512) * 8) {
        const long long r0 = r;
        sg_float sg_rv17_0, sg_rv17_1, sg_rv17_2, sg_rv17_3, sg_rv17_4, sg_rv17_5, sg_rv17_6, sg_rv17_7;
        if (((unsigned long long)in2 % 16ULL) == 0 && in2_s1 == 1 && in2_s0 % 8LL == 0) {
          const sg_vec<sg_bfloat, 8> sg_v = *(const sg_vec<sg_bfloat, 8>*)&in2[k0 * in2_s0 + r0 * in2_s1];
          sg_rv17_0 = sg_ld(sg_v.v[0]);
          sg_rv17_1 = sg_ld(sg_v.v[1]);
          sg_rv17_2 = sg_ld(sg_v.v[2]);
          sg_rv17_3 = sg_ld(sg_v.v[3]);
          sg_rv17_4 = sg_ld(sg_v.v[4]);
          sg_rv17_5 = sg_ld(sg_v.v[5]);
          sg_rv17_6 = sg_ld(sg_v.v[6]);
          sg_rv17_7 = sg_ld(sg_v.v[7]);
        }
        else {
          sg_rv17_0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
          sg_rv17_1 = sg_ld(in2[k0 * in2_s0 + (r0 + 1) * in2_s1]);
          sg_rv17_2 = sg_ld(in2[k0 * in2_s0 + (r0 + 2) * in2_s1]);
          sg_rv17_3 = sg_ld(in2[k0 * in2_s0 + (r0 + 3) * in2_s1]);
          sg_rv17_4 = sg_ld(in2[k0 * in2_s0 + (r0 + 4) * in2_s1]);
          sg_rv17_5 = sg_ld(in2[k0 * in2_s0 + (r0 + 5) * in2_s1]);
          sg_rv17_6 = sg_ld(in2[k0 * in2_s0 + (r0 + 6) * in2_s1]);
          sg_rv17_7 = sg_ld(in2[k0 * in2_s0 + (r0 + 7) * in2_s1]);
        }
        const sg_float v18 = sg_ld(sg_rv17_0);
        const sg_float v19 = (sg_float)v18;
        const sg_float x20 = (sg_float)v19, delta21 = x20 - mean2;
        n2 += (sg_float)1;
        mean2 += delta21 / n2;
        m2_2 += delta21 * (x20 - mean2);
        const sg_float v22 = sg_ld(sg_rv17_1);
        const sg_float v23 = (sg_float)v22;
        const sg_float x24 = (sg_float)v23, delta25 = x24 - mean2;
        n2 += (sg_float)1;
        mean2 += delta25 / n2;
        m2_2 += delta25 * (x24 - mean2);
        const sg_float v26 = sg_ld(sg_rv17_2);
        const sg_float v27 = (sg_float)v26;
        const sg_float x28 = (sg_float)v27, delta29 = x28 - mean2;
        n2 += (sg_float)1;
        mean2 += delta29 / n2;
        m2_2 += delta29 * (x28 - mean2);
        const sg_float v30 = sg_ld(sg_rv17_3);
        const sg_float v31 = (sg_float)v30;
        const sg_float x32 = (sg_float)v31, delta33 = x32 - mean2;
        n2 += (sg_float)1;
        mean2 += delta33 / n2;
        m2_2 += delta33 * (x32 - mean2);
        const sg_float v34 = sg_ld(sg_rv17_4);
        const sg_float v35 = (sg_float)v34;
        const sg_float x36 = (sg_float)v35, delta37 = x36 - mean2;
        n2 += (sg_float)1;
        mean2 += delta37 / n2;
        m2_2 += delta37 * (x36 - mean2);
        const sg_float v38 = sg_ld(sg_rv17_5);
        const sg_float v39 = (sg_float)v38;
        const sg_float x40 = (sg_float)v39, delta41 = x40 - mean2;
        n2 += (sg_float)1;
        mean2 += delta41 / n2;
        m2_2 += delta41 * (x40 - mean2);
        const sg_float v42 = sg_ld(sg_rv17_6);
        const sg_float v43 = (sg_float)v42;
        const sg_float x44 = (sg_float)v43, delta45 = x44 - mean2;
        n2 += (sg_float)1;
        mean2 += delta45 / n2;
        m2_2 += delta45 * (x44 - mean2);
        const sg_float v46 = sg_ld(sg_rv17_7);
        const sg_float v47 = (sg_float)v46;
        const sg_float x48 = (sg_float)v47, delta49 = x48 - mean2;
        n2 += (sg_float)1;
        mean2 += delta49 / n2;
        m2_2 += delta49 * (x48 - mean2);
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
