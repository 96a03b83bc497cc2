// ===== segment 0 (reduction): 2 kernel(s), fused
// kernel sg_seg0_row0_split grid 4x2 block 512x1 shared 0
//   temp val -1 Float [2, 4] strides [4, 1]
//   input val 2 Float [4, 16384] strides [16384, 1]

extern "C" __global__ void __launch_bounds__(512) sg_seg0_row0_split(
    float* __restrict__ part0_0, long long part0_0_s0, long long part0_0_s1,
    const float* __restrict__ in2, long long in2_s0, long long in2_s1) {
  for (long long row = blockIdx.x; row < 4LL; row += gridDim.x) {
    const long long k0 = row;
    for (long long split = blockIdx.y; split < 2LL; split += gridDim.y) {
      const long long sg_r0 = split * 8192LL;
      const long long sg_r1 = sg_r0 + 8192LL < 16384LL ? sg_r0 + 8192LL : 16384LL;
      sg_float acc0 = (sg_float)(-SG_INF);
      #pragma unroll 4
      for (long long r = sg_r0 + threadIdx.x * 4; r < sg_r1; r += SG_BLOCK(512) * 4) {
        const long long r0 = r;
        sg_float sg_rv0_0, sg_rv0_1, sg_rv0_2, sg_rv0_3;
        if (((unsigned long long)in2 % 16ULL) == 0 && in2_s1 == 1 && in2_s0 % 4LL == 0) {
          const sg_vec<float, 4> sg_v = *(const sg_vec<float, 4>*)&in2[k0 * in2_s0 + r0 * in2_s1];
          sg_rv0_0 = sg_ld(sg_v.v[0]);
          sg_rv0_1 = sg_ld(sg_v.v[1]);
          sg_rv0_2 = sg_ld(sg_v.v[2]);
          sg_rv0_3 = sg_ld(sg_v.v[3]);
        }
        else {
          sg_rv0_0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
          sg_rv0_1 = sg_ld(in2[k0 * in2_s0 + (r0 + 1) * in2_s1]);
          sg_rv0_2 = sg_ld(in2[k0 * in2_s0 + (r0 + 2) * in2_s1]);
          sg_rv0_3 = sg_ld(in2[k0 * in2_s0 + (r0 + 3) * in2_s1]);
        }
        const sg_float v1 = sg_ld(sg_rv0_0);
        acc0 = SgMax()(acc0, (sg_float)v1);
        const sg_float v2 = sg_ld(sg_rv0_1);
        acc0 = SgMax()(acc0, (sg_float)v2);
        const sg_float v3 = sg_ld(sg_rv0_2);
        acc0 = SgMax()(acc0, (sg_float)v3);
        const sg_float v4 = sg_ld(sg_rv0_3);
        acc0 = SgMax()(acc0, (sg_float)v4);
      }
      acc0 = sg_block_reduce(acc0, SgMax(), (sg_float)(-SG_INF));
      if (threadIdx.x == 0) sg_st(&part0_0[split * part0_0_s0 + row * part0_0_s1], acc0);
    }
  }
}
// kernel sg_seg0_row0_finish grid 1 block 128x1 shared 0
//   temp val -1 Float [2, 4] strides [4, 1]
//   output val 5 Float [4, 16384] strides [1, 0]

extern "C" __global__ void sg_seg0_row0_finish(
    float* __restrict__ part0_0, long long part0_0_s0, long long part0_0_s1,
    float* __restrict__ out5, long long out5_s0, long long out5_s1) {
  for (long long rowBase = (long long)blockIdx.x * blockDim.x; rowBase < 4LL; rowBase += (long long)gridDim.x * blockDim.x) {
    const long long row = rowBase + threadIdx.x;
    const bool active = row < 4LL;
    const long long k0 = row;
    sg_float acc0 = (sg_float)(-SG_INF);
    if (active) {
      for (long long s = 0; s < 2LL; ++s) {
        acc0 = SgMax()(acc0, (sg_float)sg_ld(part0_0[s * part0_0_s0 + row * part0_0_s1]));
      }
    }
    const sg_float red0 = acc0;
    if (active && threadIdx.y == 0) {
      sg_st(&out5[k0 * out5_s0], red0);
    }
  }
}
// ===== segment 1 (reduction): 1 kernel(s), fused
// kernel sg_seg1_row0 grid 4 block 512x1 shared 0
//   input val 2 Float [4, 16384] strides [16384, 1]
//   input val 5 Float [4, 16384] strides [16384, 1]
//   output val 11 Float [4, 16384] strides [1, 0]
//   output val 7 Float [4, 16384] strides [16384, 1]

extern "C" __global__ void __launch_bounds__(512) sg_seg1_row0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    const float* __restrict__ in5, long long in5_s0, long long in5_s1,
    float* __restrict__ out11, long long out11_s0, long long out11_s1,
    float* __restrict__ out7, long long out7_s0, long long out7_s1) {
  for (long long row = blockIdx.x; row < 4LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc5 = (sg_float)0;
    #pragma unroll 4
    for (long long r = threadIdx.x * 4; r < 16384LL; r += SG_BLOCK(512) * 4) {
      const long long r0 = r;
      sg_float sg_rv0_0, sg_rv0_1, sg_rv0_2, sg_rv0_3;
      if (((unsigned long long)in2 % 16ULL) == 0 && in2_s1 == 1 && in2_s0 % 4LL == 0) {
        const sg_vec<float, 4> sg_v = *(const sg_vec<float, 4>*)&in2[k0 * in2_s0 + r0 * in2_s1];
        sg_rv0_0 = sg_ld(sg_v.v[0]);
        sg_rv0_1 = sg_ld(sg_v.v[1]);
        sg_rv0_2 = sg_ld(sg_v.v[2]);
        sg_rv0_3 = sg_ld(sg_v.v[3]);
      }
      else {
        sg_rv0_0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
        sg_rv0_1 = sg_ld(in2[k0 * in2_s0 + (r0 + 1) * in2_s1]);
        sg_rv0_2 = sg_ld(in2[k0 * in2_s0 + (r0 + 2) * in2_s1]);
        sg_rv0_3 = sg_ld(in2[k0 * in2_s0 + (r0 + 3) * in2_s1]);
      }
      const sg_float v1 = sg_ld(sg_rv0_0);
      sg_float sg_rv2_0, sg_rv2_1, sg_rv2_2, sg_rv2_3;
      if (((unsigned long long)in5 % 16ULL) == 0 && in5_s1 == 1 && in5_s0 % 4LL == 0) {
        const sg_vec<float, 4> sg_v = *(const sg_vec<float, 4>*)&in5[k0 * in5_s0 + r0 * in5_s1];
        sg_rv2_0 = sg_ld(sg_v.v[0]);
        sg_rv2_1 = sg_ld(sg_v.v[1]);
        sg_rv2_2 = sg_ld(sg_v.v[2]);
        sg_rv2_3 = sg_ld(sg_v.v[3]);
      }
      else {
        sg_rv2_0 = sg_ld(in5[k0 * in5_s0 + r0 * in5_s1]);
        sg_rv2_1 = sg_ld(in5[k0 * in5_s0 + (r0 + 1) * in5_s1]);
        sg_rv2_2 = sg_ld(in5[k0 * in5_s0 + (r0 + 2) * in5_s1]);
        sg_rv2_3 = sg_ld(in5[k0 * in5_s0 + (r0 + 3) * in5_s1]);
      }
      const sg_float v3 = sg_ld(sg_rv2_0);
      const sg_float v4 = ((sg_float)v1 - (sg_float)v3);
      const sg_float v5 = sg_exp((sg_float)v4);
      acc5 = SgAdd()(acc5, (sg_float)v5);
      const sg_float v6 = sg_ld(sg_rv0_1);
      const sg_float v7 = sg_ld(sg_rv2_1);
      const sg_float v8 = ((sg_float)v6 - (sg_float)v7);
      const sg_float v9 = sg_exp((sg_float)v8);
      acc5 = SgAdd()(acc5, (sg_float)v9);
      const sg_float v10 = sg_ld(sg_rv0_2);
      const sg_float v11 = sg_ld(sg_rv2_2);
      const sg_float v12 = ((sg_float)v10 - (sg_float)v11);
      const sg_float v13 = sg_exp((sg_float)v12);
      acc5 = SgAdd()(acc5, (sg_float)v13);
      const sg_float v14 = sg_ld(sg_rv0_3);
      const sg_float v15 = sg_ld(sg_rv2_3);
      const sg_float v16 = ((sg_float)v14 - (sg_float)v15);
      const sg_float v17 = sg_exp((sg_float)v16);
      acc5 = SgAdd()(acc5, (sg_float)v17);
    }
    acc5 = sg_block_reduce(acc5, SgAdd(), (sg_float)0);
    const sg_float red5 = acc5;
    if (threadIdx.x == 0) {
      const sg_float v18 = ((sg_float)1 / (sg_float)red5);
      sg_st(&out11[k0 * out11_s0], v18);
    }
    #pragma unroll 4
    for (long long r = threadIdx.x * 4; r < 16384LL; r += SG_BLOCK(512) * 4) {
      const long long r0 = r;
      sg_float sg_rv19_0, sg_rv19_1, sg_rv19_2, sg_rv19_3;
      if (((unsigned long long)in2 % 16ULL) == 0 && in2_s1 == 1 && in2_s0 % 4LL == 0) {
        const sg_vec<float, 4> sg_v = *(const sg_vec<float, 4>*)&in2[k0 * in2_s0 + r0 * in2_s1];
        sg_rv19_0 = sg_ld(sg_v.v[0]);
        sg_rv19_1 = sg_ld(sg_v.v[1]);
        sg_rv19_2 = sg_ld(sg_v.v[2]);
        sg_rv19_3 = sg_ld(sg_v.v[3]);
      }
      else {
        sg_rv19_0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
        sg_rv19_1 = sg_ld(in2[k0 * in2_s0 + (r0 + 1) * in2_s1]);
        sg_rv19_2 = sg_ld(in2[k0 * in2_s0 + (r0 + 2) * in2_s1]);
        sg_rv19_3 = sg_ld(in2[k0 * in2_s0 + (r0 + 3) * in2_s1]);
      }
      const sg_float v20 = sg_ld(sg_rv19_0);
      sg_float sg_rv21_0, sg_rv21_1, sg_rv21_2, sg_rv21_3;
      if (((unsigned long long)in5 % 16ULL) == 0 && in5_s1 == 1 && in5_s0 % 4LL == 0) {
        const sg_vec<float, 4> sg_v = *(const sg_vec<float, 4>*)&in5[k0 * in5_s0 + r0 * in5_s1];
        sg_rv21_0 = sg_ld(sg_v.v[0]);
        sg_rv21_1 = sg_ld(sg_v.v[1]);
        sg_rv21_2 = sg_ld(sg_v.v[2]);
        sg_rv21_3 = sg_ld(sg_v.v[3]);
      }
      else {
        sg_rv21_0 = sg_ld(in5[k0 * in5_s0 + r0 * in5_s1]);
        sg_rv21_1 = sg_ld(in5[k0 * in5_s0 + (r0 + 1) * in5_s1]);
        sg_rv21_2 = sg_ld(in5[k0 * in5_s0 + (r0 + 2) * in5_s1]);
        sg_rv21_3 = sg_ld(in5[k0 * in5_s0 + (r0 + 3) * in5_s1]);
      }
      const sg_float v22 = sg_ld(sg_rv21_0);
      const sg_float v23 = ((sg_float)v20 - (sg_float)v22);
      const sg_float v24 = sg_exp((sg_float)v23);
      const sg_float v25 = sg_ld(sg_rv19_1);
      const sg_float v26 = sg_ld(sg_rv21_1);
      const sg_float v27 = ((sg_float)v25 - (sg_float)v26);
      const sg_float v28 = sg_exp((sg_float)v27);
      const sg_float v29 = sg_ld(sg_rv19_2);
      const sg_float v30 = sg_ld(sg_rv21_2);
      const sg_float v31 = ((sg_float)v29 - (sg_float)v30);
      const sg_float v32 = sg_exp((sg_float)v31);
      const sg_float v33 = sg_ld(sg_rv19_3);
      const sg_float v34 = sg_ld(sg_rv21_3);
      const sg_float v35 = ((sg_float)v33 - (sg_float)v34);
      const sg_float v36 = sg_exp((sg_float)v35);
      if (((unsigned long long)out7 % 16ULL) == 0 && out7_s1 == 1 && out7_s0 % 4LL == 0) {
        sg_vec<float, 4> sg_w;
        sg_st(&sg_w.v[0], v24);
        sg_st(&sg_w.v[1], v28);
        sg_st(&sg_w.v[2], v32);
        sg_st(&sg_w.v[3], v36);
        *(sg_vec<float, 4>*)&out7[k0 * out7_s0 + r0 * out7_s1] = sg_w;
      }
      else {
        sg_st(&out7[k0 * out7_s0 + r0 * out7_s1], v24);
        sg_st(&out7[k0 * out7_s0 + (r0 + 1) * out7_s1], v28);
        sg_st(&out7[k0 * out7_s0 + (r0 + 2) * out7_s1], v32);
        sg_st(&out7[k0 * out7_s0 + (r0 + 3) * out7_s1], v36);
      }
    }
  }
}
// ===== segment 2 (pointwise): 1 kernel(s), fused
// kernel sg_seg2_pointwise0 grid 128 block 128x1 shared 0
//   input val 7 Float [4, 16384] strides [16384, 1]
//   input val 11 Float [4, 16384] strides [16384, 1]
//   output val 12 Float [4, 16384] strides [16384, 1]

extern "C" __global__ void sg_seg2_pointwise0(
    const float* __restrict__ in7, long long in7_s0, long long in7_s1,
    const float* __restrict__ in11, long long in11_s0, long long in11_s1,
    float* __restrict__ out12, long long out12_s0, long long out12_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  if (((unsigned long long)in7 % 16ULL) == 0 &&
      in7_s1 == 1 &&
      in7_s0 % 4LL == 0 &&
      ((unsigned long long)in11 % 16ULL) == 0 &&
      in11_s1 == 1 &&
      in11_s0 % 4LL == 0 &&
      ((unsigned long long)out12 % 16ULL) == 0 &&
      out12_s1 == 1 &&
      out12_s0 % 4LL == 0) {
    for (long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * 4LL; i < 65536LL; i += sg_stride * 4LL) {
      const long long d0 = (i / 16384LL);
      const long long d1 = i % 16384LL;
      const sg_vec<float, 4> sg_in0 = *(const sg_vec<float, 4>*)&in7[d0 * in7_s0 + d1 * in7_s1];
      const sg_float v1 = sg_ld(sg_in0.v[0]);
      const sg_vec<float, 4> sg_in2 = *(const sg_vec<float, 4>*)&in11[d0 * in11_s0 + d1 * in11_s1];
      const sg_float v3 = sg_ld(sg_in2.v[0]);
      const sg_float v4 = ((sg_float)v1 * (sg_float)v3);
      const sg_float v5 = sg_ld(sg_in0.v[1]);
      const sg_float v6 = sg_ld(sg_in2.v[1]);
      const sg_float v7 = ((sg_float)v5 * (sg_float)v6);
      const sg_float v8 = sg_ld(sg_in0.v[2]);
      const sg_float v9 = sg_ld(sg_in2.v[2]);
      const sg_float v10 = ((sg_float)v8 * (sg_float)v9);
      const sg_float v11 = sg_ld(sg_in0.v[3]);
      const sg_float v12 = sg_ld(sg_in2.v[3]);
      const sg_float v13 = ((sg_float)v11 * (sg_float)v12);
      sg_vec<float, 4> sg_out14;
      sg_st(&sg_out14.v[0], v4);
      sg_st(&sg_out14.v[1], v7);
      sg_st(&sg_out14.v[2], v10);
      sg_st(&sg_out14.v[3], v13);
      *(sg_vec<float, 4>*)&out12[d0 * out12_s0 + d1 * out12_s1] = sg_out14;
    }
  } else {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < 65536LL; i += sg_stride) {
      const long long d0 = (i / 16384LL);
      const long long d1 = i % 16384LL;
      const sg_float v0 = sg_ld(in7[d0 * in7_s0 + d1 * in7_s1]);
      const sg_float v1 = sg_ld(in11[d0 * in11_s0 + d1 * in11_s1]);
      const sg_float v2 = ((sg_float)v0 * (sg_float)v1);
      sg_st(&out12[d0 * out12_s0 + d1 * out12_s1], v2);
    }
  }
}
