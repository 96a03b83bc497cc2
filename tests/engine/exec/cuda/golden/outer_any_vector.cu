// ===== segment 0 (reduction): 2 kernel(s), fused
// kernel sg_seg0_row0_split grid 1 block 32x16 shared 0
//   temp val -5 Float [1, 64] strides [64, 1]
//   temp val -9 Float [1, 64] strides [64, 1]
//   input val 2 Float [300, 64] strides [64, 1]

extern "C" __global__ void sg_seg0_row0_split(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    const float* __restrict__ in2, long long in2_s0, long long in2_s1) {
  if (((unsigned long long)in2 % 16ULL) == 0 &&
      in2_s1 == 1 &&
      in2_s0 % 4LL == 0) {
    for (long long sg_kb = (long long)blockIdx.x * blockDim.x * 4; sg_kb < 64LL; sg_kb += (long long)gridDim.x * blockDim.x * 4) {
      const long long row = sg_kb + (long long)threadIdx.x * 4;  // the thread's first column
      const bool active = row < 64LL;
      const long long k0 = row;
      for (long long split = blockIdx.y; split < 1LL; split += gridDim.y) {
        const long long sg_r0 = split * 300LL;
        const long long sg_r1 = sg_r0 + 300LL < 300LL ? sg_r0 + 300LL : 300LL;
        int acc1_0 = 0;
        int acc1_1 = 0;
        int acc1_2 = 0;
        int acc1_3 = 0;
        sg_float acc2_0 = (sg_float)0;
        sg_float acc2_1 = (sg_float)0;
        sg_float acc2_2 = (sg_float)0;
        sg_float acc2_3 = (sg_float)0;
        #pragma unroll 4
        for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
          const long long r0 = r;
          const sg_vec<float, 4> sg_cv0 = *(const sg_vec<float, 4>*)&in2[r0 * in2_s0 + k0 * in2_s1];
          const sg_float v1 = sg_ld(sg_cv0.v[0]);
          const bool v2 = (((v1 > 0.5)) != 0);
          acc1_0 = SgMax()(acc1_0, (int)v2);
          acc2_0 = SgAdd()(acc2_0, (sg_float)v1);
          const sg_float v3 = sg_ld(sg_cv0.v[1]);
          const bool v4 = (((v3 > 0.5)) != 0);
          acc1_1 = SgMax()(acc1_1, (int)v4);
          acc2_1 = SgAdd()(acc2_1, (sg_float)v3);
          const sg_float v5 = sg_ld(sg_cv0.v[2]);
          const bool v6 = (((v5 > 0.5)) != 0);
          acc1_2 = SgMax()(acc1_2, (int)v6);
          acc2_2 = SgAdd()(acc2_2, (sg_float)v5);
          const sg_float v7 = sg_ld(sg_cv0.v[3]);
          const bool v8 = (((v7 > 0.5)) != 0);
          acc1_3 = SgMax()(acc1_3, (int)v8);
          acc2_3 = SgAdd()(acc2_3, (sg_float)v7);
        }
        acc1_0 = sg_col_reduce(acc1_0, SgMax());
        acc1_1 = sg_col_reduce(acc1_1, SgMax());
        acc1_2 = sg_col_reduce(acc1_2, SgMax());
        acc1_3 = sg_col_reduce(acc1_3, SgMax());
        acc2_0 = sg_col_reduce(acc2_0, SgAdd());
        acc2_1 = sg_col_reduce(acc2_1, SgAdd());
        acc2_2 = sg_col_reduce(acc2_2, SgAdd());
        acc2_3 = sg_col_reduce(acc2_3, SgAdd());
        if (active && threadIdx.y == 0) {
          sg_st(&part1_0[split * part1_0_s0 + row * part1_0_s1], acc1_0);
          sg_st(&part1_0[split * part1_0_s0 + (row + 1) * part1_0_s1], acc1_1);
          sg_st(&part1_0[split * part1_0_s0 + (row + 2) * part1_0_s1], acc1_2);
          sg_st(&part1_0[split * part1_0_s0 + (row + 3) * part1_0_s1], acc1_3);
          sg_st(&part2_0[split * part2_0_s0 + row * part2_0_s1], acc2_0);
          sg_st(&part2_0[split * part2_0_s0 + (row + 1) * part2_0_s1], acc2_1);
          sg_st(&part2_0[split * part2_0_s0 + (row + 2) * part2_0_s1], acc2_2);
          sg_st(&part2_0[split * part2_0_s0 + (row + 3) * part2_0_s1], acc2_3);
        }
      }
    }
  } else {
    for (long long sg_kb = (long long)blockIdx.x * blockDim.x * 4; sg_kb < 64LL; sg_kb += (long long)gridDim.x * blockDim.x * 4) {
      const long long row = sg_kb + (long long)threadIdx.x * 4;  // the thread's first column
      const bool active = row < 64LL;
      const long long k0 = row;
      for (long long split = blockIdx.y; split < 1LL; split += gridDim.y) {
        const long long sg_r0 = split * 300LL;
        const long long sg_r1 = sg_r0 + 300LL < 300LL ? sg_r0 + 300LL : 300LL;
        int acc1_0 = 0;
        int acc1_1 = 0;
        int acc1_2 = 0;
        int acc1_3 = 0;
        sg_float acc2_0 = (sg_float)0;
        sg_float acc2_1 = (sg_float)0;
        sg_float acc2_2 = (sg_float)0;
        sg_float acc2_3 = (sg_float)0;
        #pragma unroll 4
        for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
          const long long r0 = r;
          const sg_float v0 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
          const bool v1 = (((v0 > 0.5)) != 0);
          acc1_0 = SgMax()(acc1_0, (int)v1);
          acc2_0 = SgAdd()(acc2_0, (sg_float)v0);
          const sg_float v2 = sg_ld(in2[r0 * in2_s0 + (k0 + 1) * in2_s1]);
          const bool v3 = (((v2 > 0.5)) != 0);
          acc1_1 = SgMax()(acc1_1, (int)v3);
          acc2_1 = SgAdd()(acc2_1, (sg_float)v2);
          const sg_float v4 = sg_ld(in2[r0 * in2_s0 + (k0 + 2) * in2_s1]);
          const bool v5 = (((v4 > 0.5)) != 0);
          acc1_2 = SgMax()(acc1_2, (int)v5);
          acc2_2 = SgAdd()(acc2_2, (sg_float)v4);
          const sg_float v6 = sg_ld(in2[r0 * in2_s0 + (k0 + 3) * in2_s1]);
          const bool v7 = (((v6 > 0.5)) != 0);
          acc1_3 = SgMax()(acc1_3, (int)v7);
          acc2_3 = SgAdd()(acc2_3, (sg_float)v6);
        }
        acc1_0 = sg_col_reduce(acc1_0, SgMax());
        acc1_1 = sg_col_reduce(acc1_1, SgMax());
        acc1_2 = sg_col_reduce(acc1_2, SgMax());
        acc1_3 = sg_col_reduce(acc1_3, SgMax());
        acc2_0 = sg_col_reduce(acc2_0, SgAdd());
        acc2_1 = sg_col_reduce(acc2_1, SgAdd());
        acc2_2 = sg_col_reduce(acc2_2, SgAdd());
        acc2_3 = sg_col_reduce(acc2_3, SgAdd());
        if (active && threadIdx.y == 0) {
          sg_st(&part1_0[split * part1_0_s0 + row * part1_0_s1], acc1_0);
          sg_st(&part1_0[split * part1_0_s0 + (row + 1) * part1_0_s1], acc1_1);
          sg_st(&part1_0[split * part1_0_s0 + (row + 2) * part1_0_s1], acc1_2);
          sg_st(&part1_0[split * part1_0_s0 + (row + 3) * part1_0_s1], acc1_3);
          sg_st(&part2_0[split * part2_0_s0 + row * part2_0_s1], acc2_0);
          sg_st(&part2_0[split * part2_0_s0 + (row + 1) * part2_0_s1], acc2_1);
          sg_st(&part2_0[split * part2_0_s0 + (row + 2) * part2_0_s1], acc2_2);
          sg_st(&part2_0[split * part2_0_s0 + (row + 3) * part2_0_s1], acc2_3);
        }
      }
    }
  }
}
// kernel sg_seg0_row0_finish grid 1 block 128x1 shared 0
//   temp val -5 Float [1, 64] strides [64, 1]
//   temp val -9 Float [1, 64] strides [64, 1]
//   output val 5 Bool [64] strides [1]
//   output val 6 Float [64] strides [1]

extern "C" __global__ void sg_seg0_row0_finish(
    float* __restrict__ part1_0, long long part1_0_s0, long long part1_0_s1,
    float* __restrict__ part2_0, long long part2_0_s0, long long part2_0_s1,
    bool* __restrict__ out5, long long out5_s0,
    float* __restrict__ out6, long long out6_s0) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 64LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 64LL;
    const long long k0 = row;
    int acc1 = 0;
    if (active) {
      for (long long s = 0; s < 1LL; ++s) {
        acc1 = SgMax()(acc1, (int)sg_ld(part1_0[s * part1_0_s0 + row * part1_0_s1]));
      }
    }
    const bool red1 = ((acc1) != 0);
    sg_float acc2 = (sg_float)0;
    if (active) {
      for (long long s = 0; s < 1LL; ++s) {
        acc2 = SgAdd()(acc2, (sg_float)sg_ld(part2_0[s * part2_0_s0 + row * part2_0_s1]));
      }
    }
    const sg_float red2 = acc2;
    if (active && threadIdx.y == 0) {
      sg_st(&out5[k0 * out5_s0], red1);
      sg_st(&out6[k0 * out6_s0], red2);
    }
  }
}
