// ===== segment 0 (reduction): 2 kernel(s), fused
// kernel sg_seg0_row0_split grid 1x16 block 32x16 shared 0
//   temp val -13 Float [16, 96] strides [96, 1]
//   temp val -17 Float [16, 96] strides [96, 1]
//   input val 2 Half [4100, 96] strides [96, 1]
//   input val 4 Float [96] strides [1]

extern "C" __global__ void sg_seg0_row0_split(
    float* __restrict__ part3_0, long long part3_0_s0, long long part3_0_s1,
    float* __restrict__ part4_0, long long part4_0_s0, long long part4_0_s1,
    const sg_half* __restrict__ in2, long long in2_s0, long long in2_s1,
    const float* __restrict__ in4, long long in4_s0) {
  if (((unsigned long long)in2 % 8ULL) == 0 &&
      in2_s1 == 1 &&
      in2_s0 % 4LL == 0 &&
      ((unsigned long long)in4 % 16ULL) == 0 &&
      in4_s0 == 1) {
    for (long long sg_kb = (long long)blockIdx.x * blockDim.x * 4; sg_kb < 96LL; sg_kb += (long long)gridDim.x * blockDim.x * 4) {
      const long long row = sg_kb + (long long)threadIdx.x * 4;  // the thread's first column
      const bool active = row < 96LL;
      const long long k0 = row;
      for (long long split = blockIdx.y; split < 16LL; split += gridDim.y) {
        const long long sg_r0 = split * 257LL;
        const long long sg_r1 = sg_r0 + 257LL < 4100LL ? sg_r0 + 257LL : 4100LL;
        sg_float acc3_0 = (sg_float)0;
        sg_float acc3_1 = (sg_float)0;
        sg_float acc3_2 = (sg_float)0;
        sg_float acc3_3 = (sg_float)0;
        sg_float acc4_0 = (sg_float)(-SG_INF);
        sg_float acc4_1 = (sg_float)(-SG_INF);
        sg_float acc4_2 = (sg_float)(-SG_INF);
        sg_float acc4_3 = (sg_float)(-SG_INF);
        #pragma unroll 4
        for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
          const long long r0 = r;
          const sg_vec<sg_half, 4> sg_cv0 = *(const sg_vec<sg_half, 4>*)&in2[r0 * in2_s0 + k0 * in2_s1];
          const sg_float v1 = sg_ld(sg_cv0.v[0]);
          const sg_float v2 = (sg_float)v1;
          const sg_vec<float, 4> sg_cv3 = *(const sg_vec<float, 4>*)&in4[k0 * in4_s0];
          const sg_float v4 = sg_ld(sg_cv3.v[0]);
          const sg_float v5 = ((sg_float)v2 + (sg_float)v4);
          acc3_0 = SgAdd()(acc3_0, (sg_float)v5);
          acc4_0 = SgMax()(acc4_0, (sg_float)v2);
          const sg_float v6 = sg_ld(sg_cv0.v[1]);
          const sg_float v7 = (sg_float)v6;
          const sg_float v8 = sg_ld(sg_cv3.v[1]);
          const sg_float v9 = ((sg_float)v7 + (sg_float)v8);
          acc3_1 = SgAdd()(acc3_1, (sg_float)v9);
          acc4_1 = SgMax()(acc4_1, (sg_float)v7);
          const sg_float v10 = sg_ld(sg_cv0.v[2]);
          const sg_float v11 = (sg_float)v10;
          const sg_float v12 = sg_ld(sg_cv3.v[2]);
          const sg_float v13 = ((sg_float)v11 + (sg_float)v12);
          acc3_2 = SgAdd()(acc3_2, (sg_float)v13);
          acc4_2 = SgMax()(acc4_2, (sg_float)v11);
          const sg_float v14 = sg_ld(sg_cv0.v[3]);
          const sg_float v15 = (sg_float)v14;
          const sg_float v16 = sg_ld(sg_cv3.v[3]);
          const sg_float v17 = ((sg_float)v15 + (sg_float)v16);
          acc3_3 = SgAdd()(acc3_3, (sg_float)v17);
          acc4_3 = SgMax()(acc4_3, (sg_float)v15);
        }
        acc3_0 = sg_col_reduce(acc3_0, SgAdd());
        acc3_1 = sg_col_reduce(acc3_1, SgAdd());
        acc3_2 = sg_col_reduce(acc3_2, SgAdd());
        acc3_3 = sg_col_reduce(acc3_3, SgAdd());
        acc4_0 = sg_col_reduce(acc4_0, SgMax());
        acc4_1 = sg_col_reduce(acc4_1, SgMax());
        acc4_2 = sg_col_reduce(acc4_2, SgMax());
        acc4_3 = sg_col_reduce(acc4_3, SgMax());
        if (active && threadIdx.y == 0) {
          sg_st(&part3_0[split * part3_0_s0 + row * part3_0_s1], acc3_0);
          sg_st(&part3_0[split * part3_0_s0 + (row + 1) * part3_0_s1], acc3_1);
          sg_st(&part3_0[split * part3_0_s0 + (row + 2) * part3_0_s1], acc3_2);
          sg_st(&part3_0[split * part3_0_s0 + (row + 3) * part3_0_s1], acc3_3);
          sg_st(&part4_0[split * part4_0_s0 + row * part4_0_s1], acc4_0);
          sg_st(&part4_0[split * part4_0_s0 + (row + 1) * part4_0_s1], acc4_1);
          sg_st(&part4_0[split * part4_0_s0 + (row + 2) * part4_0_s1], acc4_2);
          sg_st(&part4_0[split * part4_0_s0 + (row + 3) * part4_0_s1], acc4_3);
        }
      }
    }
  } else {
    for (long long sg_kb = (long long)blockIdx.x * blockDim.x * 4; sg_kb < 96LL; sg_kb += (long long)gridDim.x * blockDim.x * 4) {
      const long long row = sg_kb + (long long)threadIdx.x * 4;  // the thread's first column
      const bool active = row < 96LL;
      const long long k0 = row;
      for (long long split = blockIdx.y; split < 16LL; split += gridDim.y) {
        const long long sg_r0 = split * 257LL;
        const long long sg_r1 = sg_r0 + 257LL < 4100LL ? sg_r0 + 257LL : 4100LL;
        sg_float acc3_0 = (sg_float)0;
        sg_float acc3_1 = (sg_float)0;
        sg_float acc3_2 = (sg_float)0;
        sg_float acc3_3 = (sg_float)0;
        sg_float acc4_0 = (sg_float)(-SG_INF);
        sg_float acc4_1 = (sg_float)(-SG_INF);
        sg_float acc4_2 = (sg_float)(-SG_INF);
        sg_float acc4_3 = (sg_float)(-SG_INF);
        #pragma unroll 4
        for (long long r = active ? sg_r0 + threadIdx.y : sg_r1; r < sg_r1; r += SG_BLOCK_Y(16)) {
          const long long r0 = r;
          const sg_float v0 = sg_ld(in2[r0 * in2_s0 + k0 * in2_s1]);
          const sg_float v1 = (sg_float)v0;
          const sg_float v2 = sg_ld(in4[k0 * in4_s0]);
          const sg_float v3 = ((sg_float)v1 + (sg_float)v2);
          acc3_0 = SgAdd()(acc3_0, (sg_float)v3);
          acc4_0 = SgMax()(acc4_0, (sg_float)v1);
          const sg_float v4 = sg_ld(in2[r0 * in2_s0 + (k0 + 1) * in2_s1]);
          const sg_float v5 = (sg_float)v4;
          const sg_float v6 = sg_ld(in4[(k0 + 1) * in4_s0]);
          const sg_float v7 = ((sg_float)v5 + (sg_float)v6);
          acc3_1 = SgAdd()(acc3_1, (sg_float)v7);
          acc4_1 = SgMax()(acc4_1, (sg_float)v5);
          const sg_float v8 = sg_ld(in2[r0 * in2_s0 + (k0 + 2) * in2_s1]);
          const sg_float v9 = (sg_float)v8;
          const sg_float v10 = sg_ld(in4[(k0 + 2) * in4_s0]);
          const sg_float v11 = ((sg_float)v9 + (sg_float)v10);
          acc3_2 = SgAdd()(acc3_2, (sg_float)v11);
          acc4_2 = SgMax()(acc4_2, (sg_float)v9);
          const sg_float v12 = sg_ld(in2[r0 * in2_s0 + (k0 + 3) * in2_s1]);
          const sg_float v13 = (sg_float)v12;
          const sg_float v14 = sg_ld(in4[(k0 + 3) * in4_s0]);
          const sg_float v15 = ((sg_float)v13 + (sg_float)v14);
          acc3_3 = SgAdd()(acc3_3, (sg_float)v15);
          acc4_3 = SgMax()(acc4_3, (sg_float)v13);
        }
        acc3_0 = sg_col_reduce(acc3_0, SgAdd());
        acc3_1 = sg_col_reduce(acc3_1, SgAdd());
        acc3_2 = sg_col_reduce(acc3_2, SgAdd());
        acc3_3 = sg_col_reduce(acc3_3, SgAdd());
        acc4_0 = sg_col_reduce(acc4_0, SgMax());
        acc4_1 = sg_col_reduce(acc4_1, SgMax());
        acc4_2 = sg_col_reduce(acc4_2, SgMax());
        acc4_3 = sg_col_reduce(acc4_3, SgMax());
        if (active && threadIdx.y == 0) {
          sg_st(&part3_0[split * part3_0_s0 + row * part3_0_s1], acc3_0);
          sg_st(&part3_0[split * part3_0_s0 + (row + 1) * part3_0_s1], acc3_1);
          sg_st(&part3_0[split * part3_0_s0 + (row + 2) * part3_0_s1], acc3_2);
          sg_st(&part3_0[split * part3_0_s0 + (row + 3) * part3_0_s1], acc3_3);
          sg_st(&part4_0[split * part4_0_s0 + row * part4_0_s1], acc4_0);
          sg_st(&part4_0[split * part4_0_s0 + (row + 1) * part4_0_s1], acc4_1);
          sg_st(&part4_0[split * part4_0_s0 + (row + 2) * part4_0_s1], acc4_2);
          sg_st(&part4_0[split * part4_0_s0 + (row + 3) * part4_0_s1], acc4_3);
        }
      }
    }
  }
}
// kernel sg_seg0_row0_finish grid 1 block 128x1 shared 0
//   temp val -13 Float [16, 96] strides [96, 1]
//   temp val -17 Float [16, 96] strides [96, 1]
//   output val 11 Half [96] strides [1]
//   output val 9 Float [96] strides [1]

extern "C" __global__ void sg_seg0_row0_finish(
    float* __restrict__ part3_0, long long part3_0_s0, long long part3_0_s1,
    float* __restrict__ part4_0, long long part4_0_s0, long long part4_0_s1,
    sg_half* __restrict__ out11, long long out11_s0,
    float* __restrict__ out9, long long out9_s0) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 96LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 96LL;
    const long long k0 = row;
    sg_float acc3 = (sg_float)0;
    if (active) {
      for (long long s = 0; s < 16LL; ++s) {
        acc3 = SgAdd()(acc3, (sg_float)sg_ld(part3_0[s * part3_0_s0 + row * part3_0_s1]));
      }
    }
    const sg_float red3 = acc3;
    sg_float acc4 = (sg_float)(-SG_INF);
    if (active) {
      for (long long s = 0; s < 16LL; ++s) {
        acc4 = SgMax()(acc4, (sg_float)sg_ld(part4_0[s * part4_0_s0 + row * part4_0_s1]));
      }
    }
    const sg_float red4 = acc4;
    if (active && threadIdx.y == 0) {
      const sg_float v0 = ((sg_float)red3 * (sg_float)red4);
      const sg_float v1 = sg_rh((sg_float)v0);
      sg_st(&out11[k0 * out11_s0], v1);
      sg_st(&out9[k0 * out9_s0], red4);
    }
  }
}
