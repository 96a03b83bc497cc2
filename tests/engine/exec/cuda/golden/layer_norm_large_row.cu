// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 4 block 512x1 shared 0
//   input val 2 Float [4, 8192] strides [8192, 1]
//   input val 5 Float [4, 8192] strides [8192, 1]
//   output val 9 Float [4, 1] strides [1, 1]
//   output val 16 Float [4, 8192] strides [1, 0]
//   output val 6 Float [4, 8192] strides [8192, 1]

extern "C" __global__ void __launch_bounds__(512, 2) sg_seg0_row0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    const float* __restrict__ in5, long long in5_s0, long long in5_s1,
    float* __restrict__ out9, long long out9_s0, long long out9_s1,
    float* __restrict__ out16, long long out16_s0, long long out16_s1,
    float* __restrict__ out6, long long out6_s0, long long out6_s1) {
  for (long long row = blockIdx.x; row < 4LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float n1 = 0, mean1 = 0, m2_1 = 0;
    sg_float sum1 = 0;
    SG_REGS sg_float sg_k14[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k15[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k16[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k17[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k18[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k19[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k20[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k21[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k22[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k23[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k24[SG_STEPS(4, 2048)];
    SG_REGS sg_float sg_k25[SG_STEPS(4, 2048)];
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(4, 2048); ++sg_it) {
      const long long r = (long long)threadIdx.x * 4 + sg_it * (long long)(SG_BLOCK(512) * 4);
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
      const sg_float v4 = ((sg_float)v1 + (sg_float)v3);
      sum1 += (sg_float)v4;
      n1 += (sg_float)1;
      const sg_float v5 = sg_ld(sg_rv0_1);
      const sg_float v6 = sg_ld(sg_rv2_1);
      const sg_float v7 = ((sg_float)v5 + (sg_float)v6);
      sum1 += (sg_float)v7;
      n1 += (sg_float)1;
      const sg_float v8 = sg_ld(sg_rv0_2);
      const sg_float v9 = sg_ld(sg_rv2_2);
      const sg_float v10 = ((sg_float)v8 + (sg_float)v9);
      sum1 += (sg_float)v10;
      n1 += (sg_float)1;
      const sg_float v11 = sg_ld(sg_rv0_3);
      const sg_float v12 = sg_ld(sg_rv2_3);
      const sg_float v13 = ((sg_float)v11 + (sg_float)v12);
      sum1 += (sg_float)v13;
      n1 += (sg_float)1;
      sg_k14[sg_it] = v1;
      sg_k15[sg_it] = v3;
      sg_k16[sg_it] = v4;
      sg_k17[sg_it] = v5;
      sg_k18[sg_it] = v6;
      sg_k19[sg_it] = v7;
      sg_k20[sg_it] = v8;
      sg_k21[sg_it] = v9;
      sg_k22[sg_it] = v10;
      sg_k23[sg_it] = v11;
      sg_k24[sg_it] = v12;
      sg_k25[sg_it] = v13;
    }
    sum1 = sg_block_reduce(sum1, SgAdd(), (sg_float)0);
    n1 = (sg_float)8192;
    mean1 = n1 > (sg_float)0 ? sum1 / n1 : (sg_float)0;
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(4, 2048); ++sg_it) {
      const long long r = (long long)threadIdx.x * 4 + sg_it * (long long)(SG_BLOCK(512) * 4);
      const long long r0 = r;
      const sg_float v26 = sg_k16[sg_it];
      const sg_float dev27 = (sg_float)v26 - mean1;
      m2_1 += dev27 * dev27;
      const sg_float v28 = sg_k19[sg_it];
      const sg_float dev29 = (sg_float)v28 - mean1;
      m2_1 += dev29 * dev29;
      const sg_float v30 = sg_k22[sg_it];
      const sg_float dev31 = (sg_float)v30 - mean1;
      m2_1 += dev31 * dev31;
      const sg_float v32 = sg_k25[sg_it];
      const sg_float dev33 = (sg_float)v32 - mean1;
      m2_1 += dev33 * dev33;
    }
    m2_1 = sg_block_reduce(m2_1, SgAdd(), (sg_float)0);
    const sg_float red1_0 = m2_1 / (sg_float)8192LL;
    const sg_float red1_1 = mean1;
    if (threadIdx.x == 0) {
      sg_st(&out9[k0 * out9_s0], red1_1);
      const sg_float v34 = ((sg_float)red1_0 + (sg_float)1.0000000000000001e-05);
      const sg_float v35 = sg_rsqrt((sg_float)v34);
      sg_st(&out16[k0 * out16_s0], v35);
    }
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(4, 2048); ++sg_it) {
      const long long r = (long long)threadIdx.x * 4 + sg_it * (long long)(SG_BLOCK(512) * 4);
      const long long r0 = r;
      const sg_float v36 = sg_k16[sg_it];
      const sg_float v37 = sg_k19[sg_it];
      const sg_float v38 = sg_k22[sg_it];
      const sg_float v39 = sg_k25[sg_it];
      if (((unsigned long long)out6 % 16ULL) == 0 && out6_s1 == 1 && out6_s0 % 4LL == 0) {
        sg_vec<float, 4> sg_w;
        sg_st(&sg_w.v[0], v36);
        sg_st(&sg_w.v[1], v37);
        sg_st(&sg_w.v[2], v38);
        sg_st(&sg_w.v[3], v39);
        *(sg_vec<float, 4>*)&out6[k0 * out6_s0 + r0 * out6_s1] = sg_w;
      }
      else {
        sg_st(&out6[k0 * out6_s0 + r0 * out6_s1], v36);
        sg_st(&out6[k0 * out6_s0 + (r0 + 1) * out6_s1], v37);
        sg_st(&out6[k0 * out6_s0 + (r0 + 2) * out6_s1], v38);
        sg_st(&out6[k0 * out6_s0 + (r0 + 3) * out6_s1], v39);
      }
    }
  }
}
// ===== segment 1 (pointwise): 1 kernel(s), fused
// kernel sg_seg1_pointwise0 grid 64 block 128x1 shared 0
//   input val 6 Float [4, 8192] strides [8192, 1]
//   input val 9 Float [4, 1] strides [1, 1]
//   input val 16 Float [4, 8192] strides [8192, 1]
//   output val 17 Float [4, 8192] strides [8192, 1]

extern "C" __global__ void sg_seg1_pointwise0(
    const float* __restrict__ in6, long long in6_s0, long long in6_s1,
    const float* __restrict__ in9, long long in9_s0, long long in9_s1,
    const float* __restrict__ in16, long long in16_s0, long long in16_s1,
    float* __restrict__ out17, long long out17_s0, long long out17_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  if (((unsigned long long)in6 % 16ULL) == 0 &&
      in6_s1 == 1 &&
      in6_s0 % 4LL == 0 &&
      ((unsigned long long)in16 % 16ULL) == 0 &&
      in16_s1 == 1 &&
      in16_s0 % 4LL == 0 &&
      ((unsigned long long)out17 % 16ULL) == 0 &&
      out17_s1 == 1 &&
      out17_s0 % 4LL == 0) {
    for (long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * 4LL; i < 32768LL; i += sg_stride * 4LL) {
      const long long d0 = (i / 8192LL);
      const long long d1 = i % 8192LL;
      const sg_vec<float, 4> sg_in0 = *(const sg_vec<float, 4>*)&in6[d0 * in6_s0 + d1 * in6_s1];
      const sg_float v1 = sg_ld(sg_in0.v[0]);
      const sg_float v2 = sg_ld(in9[d0 * in9_s0]);
      const sg_float v3 = ((sg_float)v1 - (sg_float)v2);
      const sg_vec<float, 4> sg_in4 = *(const sg_vec<float, 4>*)&in16[d0 * in16_s0 + d1 * in16_s1];
      const sg_float v5 = sg_ld(sg_in4.v[0]);
      const sg_float v6 = ((sg_float)v3 * (sg_float)v5);
      const sg_float v7 = sg_ld(sg_in0.v[1]);
      const sg_float v8 = ((sg_float)v7 - (sg_float)v2);
      const sg_float v9 = sg_ld(sg_in4.v[1]);
      const sg_float v10 = ((sg_float)v8 * (sg_float)v9);
      const sg_float v11 = sg_ld(sg_in0.v[2]);
      const sg_float v12 = ((sg_float)v11 - (sg_float)v2);
      const sg_float v13 = sg_ld(sg_in4.v[2]);
      const sg_float v14 = ((sg_float)v12 * (sg_float)v13);
      const sg_float v15 = sg_ld(sg_in0.v[3]);
      const sg_float v16 = ((sg_float)v15 - (sg_float)v2);
      const sg_float v17 = sg_ld(sg_in4.v[3]);
      const sg_float v18 = ((sg_float)v16 * (sg_float)v17);
      sg_vec<float, 4> sg_out19;
      sg_st(&sg_out19.v[0], v6);
      sg_st(&sg_out19.v[1], v10);
      sg_st(&sg_out19.v[2], v14);
      sg_st(&sg_out19.v[3], v18);
      *(sg_vec<float, 4>*)&out17[d0 * out17_s0 + d1 * out17_s1] = sg_out19;
    }
  } else {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < 32768LL; i += sg_stride) {
      const long long d0 = (i / 8192LL);
      const long long d1 = i % 8192LL;
      const sg_float v0 = sg_ld(in6[d0 * in6_s0 + d1 * in6_s1]);
      const sg_float v1 = sg_ld(in9[d0 * in9_s0]);
      const sg_float v2 = ((sg_float)v0 - (sg_float)v1);
      const sg_float v3 = sg_ld(in16[d0 * in16_s0 + d1 * in16_s1]);
      const sg_float v4 = ((sg_float)v2 * (sg_float)v3);
      sg_st(&out17[d0 * out17_s0 + d1 * out17_s1], v4);
    }
  }
}
