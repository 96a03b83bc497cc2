// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 32 block 32x1 shared 0
//   input val 2 BFloat16 [32, 256] strides [256, 1]
//   output val 7 BFloat16 [32] strides [1]

extern "C" __global__ void __launch_bounds__(32) sg_seg0_row0(
    const sg_bfloat* __restrict__ in2, long long in2_s0, long long in2_s1,
    sg_bfloat* __restrict__ out7, long long out7_s0) {
  for (long long row = blockIdx.x; row < 32LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc2 = (sg_float)0;
    #pragma unroll 4
    for (long long r = threadIdx.x * 8; r < 256LL; r += SG_BLOCK(32) * 8) {
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
      const sg_float v3 = ((sg_float)v2 * (sg_float)v2);
      acc2 = SgAdd()(acc2, (sg_float)v3);
      const sg_float v4 = sg_ld(sg_rv0_1);
      const sg_float v5 = (sg_float)v4;
      const sg_float v6 = ((sg_float)v5 * (sg_float)v5);
      acc2 = SgAdd()(acc2, (sg_float)v6);
      const sg_float v7 = sg_ld(sg_rv0_2);
      const sg_float v8 = (sg_float)v7;
      const sg_float v9 = ((sg_float)v8 * (sg_float)v8);
      acc2 = SgAdd()(acc2, (sg_float)v9);
      const sg_float v10 = sg_ld(sg_rv0_3);
      const sg_float v11 = (sg_float)v10;
      const sg_float v12 = ((sg_float)v11 * (sg_float)v11);
      acc2 = SgAdd()(acc2, (sg_float)v12);
      const sg_float v13 = sg_ld(sg_rv0_4);
      const sg_float v14 = (sg_float)v13;
      const sg_float v15 = ((sg_float)v14 * (sg_float)v14);
      acc2 = SgAdd()(acc2, (sg_float)v15);
      const sg_float v16 = sg_ld(sg_rv0_5);
      const sg_float v17 = (sg_float)v16;
      const sg_float v18 = ((sg_float)v17 * (sg_float)v17);
      acc2 = SgAdd()(acc2, (sg_float)v18);
      const sg_float v19 = sg_ld(sg_rv0_6);
      const sg_float v20 = (sg_float)v19;
      const sg_float v21 = ((sg_float)v20 * (sg_float)v20);
      acc2 = SgAdd()(acc2, (sg_float)v21);
      const sg_float v22 = sg_ld(sg_rv0_7);
      const sg_float v23 = (sg_float)v22;
      const sg_float v24 = ((sg_float)v23 * (sg_float)v23);
      acc2 = SgAdd()(acc2, (sg_float)v24);
    }
    acc2 = sg_block_reduce(acc2, SgAdd(), (sg_float)0);
    const sg_float red2 = acc2;
    if (threadIdx.x == 0) {
      const sg_float v25 = sg_sqrt((sg_float)red2);
      const sg_float v26 = sg_rbf((sg_float)v25);
      sg_st(&out7[k0 * out7_s0], v26);
    }
  }
}
