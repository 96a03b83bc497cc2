// ===== segment 0 (inner_persistent): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 64x1 shared 0
//   input val 0 Half [64, 512] strides [512, 1]
//   output val 12 Half [64, 512] strides [512, 1]

extern "C" __global__ void __launch_bounds__(64, 16) sg_seg0_row0(
    const sg_half* __restrict__ in0, long long in0_s0, long long in0_s1,
    sg_half* __restrict__ out12, long long out12_s0, long long out12_s1) {
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc1 = (sg_float)(-SG_INF);
    SG_REGS sg_float sg_k17[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k18[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k19[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k20[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k21[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k22[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k23[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k24[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k25[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k26[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k27[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k28[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k29[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k30[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k31[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k32[SG_STEPS(1, 64)];
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(1, 64); ++sg_it) {
      const long long r = (long long)threadIdx.x * 8 + sg_it * (long long)(SG_BLOCK(64) * 8);
      const long long r0 = r;
      sg_float sg_rv0_0, sg_rv0_1, sg_rv0_2, sg_rv0_3, sg_rv0_4, sg_rv0_5, sg_rv0_6, sg_rv0_7;
      if (((unsigned long long)in0 % 16ULL) == 0 && in0_s1 == 1 && in0_s0 % 8LL == 0) {
        const sg_vec<sg_half, 8> sg_v = *(const sg_vec<sg_half, 8>*)&in0[k0 * in0_s0 + r0 * in0_s1];
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
        sg_rv0_0 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
        sg_rv0_1 = sg_ld(in0[k0 * in0_s0 + (r0 + 1) * in0_s1]);
        sg_rv0_2 = sg_ld(in0[k0 * in0_s0 + (r0 + 2) * in0_s1]);
        sg_rv0_3 = sg_ld(in0[k0 * in0_s0 + (r0 + 3) * in0_s1]);
        sg_rv0_4 = sg_ld(in0[k0 * in0_s0 + (r0 + 4) * in0_s1]);
        sg_rv0_5 = sg_ld(in0[k0 * in0_s0 + (r0 + 5) * in0_s1]);
        sg_rv0_6 = sg_ld(in0[k0 * in0_s0 + (r0 + 6) * in0_s1]);
        sg_rv0_7 = sg_ld(in0[k0 * in0_s0 + (r0 + 7) * in0_s1]);
      }
      const sg_float v1 = sg_ld(sg_rv0_0);
      const sg_float v2 = (sg_float)v1;
      acc1 = SgMax()(acc1, (sg_float)v2);
      const sg_float v3 = sg_ld(sg_rv0_1);
      const sg_float v4 = (sg_float)v3;
      acc1 = SgMax()(acc1, (sg_float)v4);
      const sg_float v5 = sg_ld(sg_rv0_2);
      const sg_float v6 = (sg_float)v5;
      acc1 = SgMax()(acc1, (sg_float)v6);
      const sg_float v7 = sg_ld(sg_rv0_3);
      const sg_float v8 = (sg_float)v7;
      acc1 = SgMax()(acc1, (sg_float)v8);
      const sg_float v9 = sg_ld(sg_rv0_4);
      const sg_float v10 = (sg_float)v9;
      acc1 = SgMax()(acc1, (sg_float)v10);
      const sg_float v11 = sg_ld(sg_rv0_5);
      const sg_float v12 = (sg_float)v11;
      acc1 = SgMax()(acc1, (sg_float)v12);
      const sg_float v13 = sg_ld(sg_rv0_6);
      const sg_float v14 = (sg_float)v13;
      acc1 = SgMax()(acc1, (sg_float)v14);
      const sg_float v15 = sg_ld(sg_rv0_7);
      const sg_float v16 = (sg_float)v15;
      acc1 = SgMax()(acc1, (sg_float)v16);
      sg_k17[sg_it] = v1;
      sg_k18[sg_it] = v2;
      sg_k19[sg_it] = v3;
      sg_k20[sg_it] = v4;
      sg_k21[sg_it] = v5;
      sg_k22[sg_it] = v6;
      sg_k23[sg_it] = v7;
      sg_k24[sg_it] = v8;
      sg_k25[sg_it] = v9;
      sg_k26[sg_it] = v10;
      sg_k27[sg_it] = v11;
      sg_k28[sg_it] = v12;
      sg_k29[sg_it] = v13;
      sg_k30[sg_it] = v14;
      sg_k31[sg_it] = v15;
      sg_k32[sg_it] = v16;
    }
    acc1 = sg_block_reduce(acc1, SgMax(), (sg_float)(-SG_INF));
    const sg_float red1 = acc1;
    sg_float acc6 = (sg_float)0;
    SG_REGS sg_float sg_k57[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k58[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k59[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k60[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k61[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k62[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k63[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k64[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k65[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k66[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k67[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k68[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k69[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k70[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k71[SG_STEPS(1, 64)];
    SG_REGS sg_float sg_k72[SG_STEPS(1, 64)];
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(1, 64); ++sg_it) {
      const long long r = (long long)threadIdx.x * 8 + sg_it * (long long)(SG_BLOCK(64) * 8);
      const long long r0 = r;
      const sg_float v33 = sg_k18[sg_it];
      const sg_float v34 = ((sg_float)v33 - (sg_float)red1);
      const sg_float v35 = sg_fexp((sg_float)v34);
      acc6 = SgAdd()(acc6, (sg_float)v35);
      const sg_float v36 = sg_k20[sg_it];
      const sg_float v37 = ((sg_float)v36 - (sg_float)red1);
      const sg_float v38 = sg_fexp((sg_float)v37);
      acc6 = SgAdd()(acc6, (sg_float)v38);
      const sg_float v39 = sg_k22[sg_it];
      const sg_float v40 = ((sg_float)v39 - (sg_float)red1);
      const sg_float v41 = sg_fexp((sg_float)v40);
      acc6 = SgAdd()(acc6, (sg_float)v41);
      const sg_float v42 = sg_k24[sg_it];
      const sg_float v43 = ((sg_float)v42 - (sg_float)red1);
      const sg_float v44 = sg_fexp((sg_float)v43);
      acc6 = SgAdd()(acc6, (sg_float)v44);
      const sg_float v45 = sg_k26[sg_it];
      const sg_float v46 = ((sg_float)v45 - (sg_float)red1);
      const sg_float v47 = sg_fexp((sg_float)v46);
      acc6 = SgAdd()(acc6, (sg_float)v47);
      const sg_float v48 = sg_k28[sg_it];
      const sg_float v49 = ((sg_float)v48 - (sg_float)red1);
      const sg_float v50 = sg_fexp((sg_float)v49);
      acc6 = SgAdd()(acc6, (sg_float)v50);
      const sg_float v51 = sg_k30[sg_it];
      const sg_float v52 = ((sg_float)v51 - (sg_float)red1);
      const sg_float v53 = sg_fexp((sg_float)v52);
      acc6 = SgAdd()(acc6, (sg_float)v53);
      const sg_float v54 = sg_k32[sg_it];
      const sg_float v55 = ((sg_float)v54 - (sg_float)red1);
      const sg_float v56 = sg_fexp((sg_float)v55);
      acc6 = SgAdd()(acc6, (sg_float)v56);
      sg_k57[sg_it] = v34;
      sg_k58[sg_it] = v35;
      sg_k59[sg_it] = v37;
      sg_k60[sg_it] = v38;
      sg_k61[sg_it] = v40;
      sg_k62[sg_it] = v41;
      sg_k63[sg_it] = v43;
      sg_k64[sg_it] = v44;
      sg_k65[sg_it] = v46;
      sg_k66[sg_it] = v47;
      sg_k67[sg_it] = v49;
      sg_k68[sg_it] = v50;
      sg_k69[sg_it] = v52;
      sg_k70[sg_it] = v53;
      sg_k71[sg_it] = v55;
      sg_k72[sg_it] = v56;
    }
    acc6 = sg_block_reduce(acc6, SgAdd(), (sg_float)0);
    const sg_float red6 = acc6;
    #pragma unroll
    for (int sg_it = 0; sg_it < SG_STEPS(1, 64); ++sg_it) {
      const long long r = (long long)threadIdx.x * 8 + sg_it * (long long)(SG_BLOCK(64) * 8);
      const long long r0 = r;
      const sg_float v73 = sg_k58[sg_it];
      const sg_float v74 = ((sg_float)1 / (sg_float)red6);
      const sg_float v75 = ((sg_float)v73 * (sg_float)v74);
      const sg_float v76 = sg_rh((sg_float)v75);
      const sg_float v77 = sg_k60[sg_it];
      const sg_float v78 = ((sg_float)v77 * (sg_float)v74);
      const sg_float v79 = sg_rh((sg_float)v78);
      const sg_float v80 = sg_k62[sg_it];
      const sg_float v81 = ((sg_float)v80 * (sg_float)v74);
      const sg_float v82 = sg_rh((sg_float)v81);
      const sg_float v83 = sg_k64[sg_it];
      const sg_float v84 = ((sg_float)v83 * (sg_float)v74);
      const sg_float v85 = sg_rh((sg_float)v84);
      const sg_float v86 = sg_k66[sg_it];
      const sg_float v87 = ((sg_float)v86 * (sg_float)v74);
      const sg_float v88 = sg_rh((sg_float)v87);
      const sg_float v89 = sg_k68[sg_it];
      const sg_float v90 = ((sg_float)v89 * (sg_float)v74);
      const sg_float v91 = sg_rh((sg_float)v90);
      const sg_float v92 = sg_k70[sg_it];
      const sg_float v93 = ((sg_float)v92 * (sg_float)v74);
      const sg_float v94 = sg_rh((sg_float)v93);
      const sg_float v95 = sg_k72[sg_it];
      const sg_float v96 = ((sg_float)v95 * (sg_float)v74);
      const sg_float v97 = sg_rh((sg_float)v96);
      if (((unsigned long long)out12 % 16ULL) == 0 && out12_s1 == 1 && out12_s0 % 8LL == 0) {
        sg_vec<sg_half, 8> sg_w;
        sg_st(&sg_w.v[0], v76);
        sg_st(&sg_w.v[1], v79);
        sg_st(&sg_w.v[2], v82);
        sg_st(&sg_w.v[3], v85);
        sg_st(&sg_w.v[4], v88);
        sg_st(&sg_w.v[5], v91);
        sg_st(&sg_w.v[6], v94);
        sg_st(&sg_w.v[7], v97);
        *(sg_vec<sg_half, 8>*)&out12[k0 * out12_s0 + r0 * out12_s1] = sg_w;
      }
      else {
        sg_st(&out12[k0 * out12_s0 + r0 * out12_s1], v76);
        sg_st(&out12[k0 * out12_s0 + (r0 + 1) * out12_s1], v79);
        sg_st(&out12[k0 * out12_s0 + (r0 + 2) * out12_s1], v82);
        sg_st(&out12[k0 * out12_s0 + (r0 + 3) * out12_s1], v85);
        sg_st(&out12[k0 * out12_s0 + (r0 + 4) * out12_s1], v88);
        sg_st(&out12[k0 * out12_s0 + (r0 + 5) * out12_s1], v91);
        sg_st(&out12[k0 * out12_s0 + (r0 + 6) * out12_s1], v94);
        sg_st(&out12[k0 * out12_s0 + (r0 + 7) * out12_s1], v97);
      }
    }
  }
}
