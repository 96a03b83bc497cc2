// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 64x1 shared 0
//   input val 2 Float [64, 200] strides [200, 1]
//   output val 5 Bool [64] strides [1]
//   output val 8 Bool [64] strides [1]

extern "C" __global__ void __launch_bounds__(64, 16) sg_seg0_row0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    bool* __restrict__ out5, long long out5_s0,
    bool* __restrict__ out8, long long out8_s0) {
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    int acc1 = 0;
    SG_REGS sg_float sg_k9[SG_STEPS(1, 50)];
    SG_REGS bool sg_k10[SG_STEPS(1, 50)];
    SG_REGS sg_float sg_k11[SG_STEPS(1, 50)];
    SG_REGS bool sg_k12[SG_STEPS(1, 50)];
    SG_REGS sg_float sg_k13[SG_STEPS(1, 50)];
    SG_REGS bool sg_k14[SG_STEPS(1, 50)];
    SG_REGS sg_float sg_k15[SG_STEPS(1, 50)];
    SG_REGS bool sg_k16[SG_STEPS(1, 50)];
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(1, 50); ++sg_it) {
      const long long r = (long long)threadIdx.x * 4 + sg_it * (long long)(SG_BLOCK(64) * 4);
      if (r < 200LL) {
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
        const bool v2 = (((v1 > 2.5)) != 0);
        acc1 = SgMax()(acc1, (int)v2);
        const sg_float v3 = sg_ld(sg_rv0_1);
        const bool v4 = (((v3 > 2.5)) != 0);
        acc1 = SgMax()(acc1, (int)v4);
        const sg_float v5 = sg_ld(sg_rv0_2);
        const bool v6 = (((v5 > 2.5)) != 0);
        acc1 = SgMax()(acc1, (int)v6);
        const sg_float v7 = sg_ld(sg_rv0_3);
        const bool v8 = (((v7 > 2.5)) != 0);
        acc1 = SgMax()(acc1, (int)v8);
        sg_k9[sg_it] = v1;
        sg_k10[sg_it] = v2;
        sg_k11[sg_it] = v3;
        sg_k12[sg_it] = v4;
        sg_k13[sg_it] = v5;
        sg_k14[sg_it] = v6;
        sg_k15[sg_it] = v7;
        sg_k16[sg_it] = v8;
      }
    }
    acc1 = sg_block_reduce(acc1, SgMax(), 0);
    const bool red1 = ((acc1) != 0);
    int acc3 = 1;
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(1, 50); ++sg_it) {
      const long long r = (long long)threadIdx.x * 4 + sg_it * (long long)(SG_BLOCK(64) * 4);
      if (r < 200LL) {
        const long long r0 = r;
        const sg_float v17 = sg_k9[sg_it];
        const bool v18 = (((v17 > -2.5)) != 0);
        acc3 = SgMin()(acc3, (int)v18);
        const sg_float v19 = sg_k11[sg_it];
        const bool v20 = (((v19 > -2.5)) != 0);
        acc3 = SgMin()(acc3, (int)v20);
        const sg_float v21 = sg_k13[sg_it];
        const bool v22 = (((v21 > -2.5)) != 0);
        acc3 = SgMin()(acc3, (int)v22);
        const sg_float v23 = sg_k15[sg_it];
        const bool v24 = (((v23 > -2.5)) != 0);
        acc3 = SgMin()(acc3, (int)v24);
      }
    }
    acc3 = sg_block_reduce(acc3, SgMin(), 1);
    const bool red3 = ((acc3) != 0);
    if (threadIdx.x == 0) {
      sg_st(&out5[k0 * out5_s0], red1);
      sg_st(&out8[k0 * out8_s0], red3);
    }
  }
}
