// ===== segment 0 (inner_persistent): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 64x1 shared 1024
//   input val 0 Half [64, 512] strides [512, 1]
//   output val 12 Half [64, 512] strides [512, 1]

extern "C" __global__ void __launch_bounds__(64) sg_seg0_row0(
    const sg_half* __restrict__ in0, long long in0_s0, long long in0_s1,
    sg_half* __restrict__ out12, long long out12_s0, long long out12_s1) {
  extern __shared__ double sg_dyn[];  // the row cache
  sg_half* sg_row0 = (sg_half*)((unsigned char*)sg_dyn + 0);
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc1 = (sg_float)(-SG_INF);
    #pragma unroll 4
    for (long long r = threadIdx.x * 8; r < 512LL; r += SG_BLOCK(64) * 8) {
      const long long r0 = r;
      sg_float sg_rv0_0, sg_rv0_1, sg_rv0_2, sg_rv0_3, sg_rv0_4, sg_rv0_5, sg_rv0_6, sg_rv0_7;
      if (((unsigned long long)in0 % 16ULL) == 0 && in0_s1 == 1 && in0_s0 % 8LL == 0) {
        const sg_vec<sg_half, 8> sg_v = *(const sg_vec<sg_half, 8>*)&in0[k0 * in0_s0 + r0 * in0_s1];
        *(sg_vec<sg_half, 8>*)&sg_row0[r] = sg_v;
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
    }
    acc1 = sg_block_reduce(acc1, SgMax(), (sg_float)(-SG_INF));
    const sg_float red1 = acc1;
    sg_float acc6 = (sg_float)0;
    #pragma unroll 4
    for (long long r = threadIdx.x * 8; r < 512LL; r += SG_BLOCK(64) * 8) {
      const long long r0 = r;
      sg_float sg_rv17_0, sg_rv17_1, sg_rv17_2, sg_rv17_3, sg_rv17_4, sg_rv17_5, sg_rv17_6, sg_rv17_7;
      if (((unsigned long long)in0 % 16ULL) == 0 && in0_s1 == 1 && in0_s0 % 8LL == 0) {
        const sg_vec<sg_half, 8> sg_v = *(const sg_vec<sg_half, 8>*)&sg_row0[r];
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
        sg_rv17_0 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
        sg_rv17_1 = sg_ld(in0[k0 * in0_s0 + (r0 + 1) * in0_s1]);
        sg_rv17_2 = sg_ld(in0[k0 * in0_s0 + (r0 + 2) * in0_s1]);
        sg_rv17_3 = sg_ld(in0[k0 * in0_s0 + (r0 + 3) * in0_s1]);
        sg_rv17_4 = sg_ld(in0[k0 * in0_s0 + (r0 + 4) * in0_s1]);
        sg_rv17_5 = sg_ld(in0[k0 * in0_s0 + (r0 + 5) * in0_s1]);
        sg_rv17_6 = sg_ld(in0[k0 * in0_s0 + (r0 + 6) * in0_s1]);
        sg_rv17_7 = sg_ld(in0[k0 * in0_s0 + (r0 + 7) * in0_s1]);
      }
      const sg_float v18 = sg_ld(sg_rv17_0);
      const sg_float v19 = (sg_float)v18;
      const sg_float v20 = ((sg_float)v19 - (sg_float)red1);
      const sg_float v21 = sg_exp((sg_float)v20);
      acc6 = SgAdd()(acc6, (sg_float)v21);
      const sg_float v22 = sg_ld(sg_rv17_1);
      const sg_float v23 = (sg_float)v22;
      const sg_float v24 = ((sg_float)v23 - (sg_float)red1);
      const sg_float v25 = sg_exp((sg_float)v24);
      acc6 = SgAdd()(acc6, (sg_float)v25);
      const sg_float v26 = sg_ld(sg_rv17_2);
      const sg_float v27 = (sg_float)v26;
      const sg_float v28 = ((sg_float)v27 - (sg_float)red1);
      const sg_float v29 = sg_exp((sg_float)v28);
      acc6 = SgAdd()(acc6, (sg_float)v29);
      const sg_float v30 = sg_ld(sg_rv17_3);
      const sg_float v31 = (sg_float)v30;
      const sg_float v32 = ((sg_float)v31 - (sg_float)red1);
      const sg_float v33 = sg_exp((sg_float)v32);
      acc6 = SgAdd()(acc6, (sg_float)v33);
      const sg_float v34 = sg_ld(sg_rv17_4);
      const sg_float v35 = (sg_float)v34;
      const sg_float v36 = ((sg_float)v35 - (sg_float)red1);
      const sg_float v37 = sg_exp((sg_float)v36);
      acc6 = SgAdd()(acc6, (sg_float)v37);
      const sg_float v38 = sg_ld(sg_rv17_5);
      const sg_float v39 = (sg_float)v38;
      const sg_float v40 = ((sg_float)v39 - (sg_float)red1);
      const sg_float v41 = sg_exp((sg_float)v40);
      acc6 = SgAdd()(acc6, (sg_float)v41);
      const sg_float v42 = sg_ld(sg_rv17_6);
      const sg_float v43 = (sg_float)v42;
      const sg_float v44 = ((sg_float)v43 - (sg_float)red1);
      const sg_float v45 = sg_exp((sg_float)v44);
      acc6 = SgAdd()(acc6, (sg_float)v45);
      const sg_float v46 = sg_ld(sg_rv17_7);
      const sg_float v47 = (sg_float)v46;
      const sg_float v48 = ((sg_float)v47 - (sg_float)red1);
      const sg_float v49 = sg_exp((sg_float)v48);
      acc6 = SgAdd()(acc6, (sg_float)v49);
    }
    acc6 = sg_block_reduce(acc6, SgAdd(), (sg_float)0);
    const sg_float red6 = acc6;
    #pragma unroll 4
    for (long long r = threadIdx.x * 8; r < 512LL; r += SG_BLOCK(64) * 8) {
      const long long r0 = r;
      sg_float sg_rv50_0, sg_rv50_1, sg_rv50_2, sg_rv50_3, sg_rv50_4, sg_rv50_5, sg_rv50_6, sg_rv50_7;
      if (((unsigned long long)in0 % 16ULL) == 0 && in0_s1 == 1 && in0_s0 % 8LL == 0) {
        const sg_vec<sg_half, 8> sg_v = *(const sg_vec<sg_half, 8>*)&sg_row0[r];
        sg_rv50_0 = sg_ld(sg_v.v[0]);
        sg_rv50_1 = sg_ld(sg_v.v[1]);
        sg_rv50_2 = sg_ld(sg_v.v[2]);
        sg_rv50_3 = sg_ld(sg_v.v[3]);
        sg_rv50_4 = sg_ld(sg_v.v[4]);
        sg_rv50_5 = sg_ld(sg_v.v[5]);
        sg_rv50_6 = sg_ld(sg_v.v[6]);
        sg_rv50_7 = sg_ld(sg_v.v[7]);
      }
      else {
        sg_rv50_0 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
        sg_rv50_1 = sg_ld(in0[k0 * in0_s0 + (r0 + 1) * in0_s1]);
        sg_rv50_2 = sg_ld(in0[k0 * in0_s0 + (r0 + 2) * in0_s1]);
        sg_rv50_3 = sg_ld(in0[k0 * in0_s0 + (r0 + 3) * in0_s1]);
        sg_rv50_4 = sg_ld(in0[k0 * in0_s0 + (r0 + 4) * in0_s1]);
        sg_rv50_5 = sg_ld(in0[k0 * in0_s0 + (r0 + 5) * in0_s1]);
        sg_rv50_6 = sg_ld(in0[k0 * in0_s0 + (r0 + 6) * in0_s1]);
        sg_rv50_7 = sg_ld(in0[k0 * in0_s0 + (r0 + 7) * in0_s1]);
      }
      const sg_float v51 = sg_ld(sg_rv50_0);
      const sg_float v52 = (sg_float)v51;
      const sg_float v53 = ((sg_float)v52 - (sg_float)red1);
      const sg_float v54 = sg_exp((sg_float)v53);
      const sg_float v55 = ((sg_float)1 / (sg_float)red6);
      const sg_float v56 = ((sg_float)v54 * (sg_float)v55);
      const sg_float v57 = sg_rh((sg_float)v56);
      const sg_float v58 = sg_ld(sg_rv50_1);
      const sg_float v59 = (sg_float)v58;
      const sg_float v60 = ((sg_float)v59 - (sg_float)red1);
      const sg_float v61 = sg_exp((sg_float)v60);
      const sg_float v62 = ((sg_float)v61 * (sg_float)v55);
      const sg_float v63 = sg_rh((sg_float)v62);
      const sg_float v64 = sg_ld(sg_rv50_2);
      const sg_float v65 = (sg_float)v64;
      const sg_float v66 = ((sg_float)v65 - (sg_float)red1);
      const sg_float v67 = sg_exp((sg_float)v66);
      const sg_float v68 = ((sg_float)v67 * (sg_float)v55);
      const sg_float v69 = sg_rh((sg_float)v68);
      const sg_float v70 = sg_ld(sg_rv50_3);
      const sg_float v71 = (sg_float)v70;
      const sg_float v72 = ((sg_float)v71 - (sg_float)red1);
      const sg_float v73 = sg_exp((sg_float)v72);
      const sg_float v74 = ((sg_float)v73 * (sg_float)v55);
      const sg_float v75 = sg_rh((sg_float)v74);
      const sg_float v76 = sg_ld(sg_rv50_4);
      const sg_float v77 = (sg_float)v76;
      const sg_float v78 = ((sg_float)v77 - (sg_float)red1);
      const sg_float v79 = sg_exp((sg_float)v78);
      const sg_float v80 = ((sg_float)v79 * (sg_float)v55);
      const sg_float v81 = sg_rh((sg_float)v80);
      const sg_float v82 = sg_ld(sg_rv50_5);
      const sg_float v83 = (sg_float)v82;
      const sg_float v84 = ((sg_float)v83 - (sg_float)red1);
      const sg_float v85 = sg_exp((sg_float)v84);
      const sg_float v86 = ((sg_float)v85 * (sg_float)v55);
      const sg_float v87 = sg_rh((sg_float)v86);
      const sg_float v88 = sg_ld(sg_rv50_6);
      const sg_float v89 = (sg_float)v88;
      const sg_float v90 = ((sg_float)v89 - (sg_float)red1);
      const sg_float v91 = sg_exp((sg_float)v90);
      const sg_float v92 = ((sg_float)v91 * (sg_float)v55);
      const sg_float v93 = sg_rh((sg_float)v92);
      const sg_float v94 = sg_ld(sg_rv50_7);
      const sg_float v95 = (sg_float)v94;
      const sg_float v96 = ((sg_float)v95 - (sg_float)red1);
      const sg_float v97 = sg_exp((sg_float)v96);
      const sg_float v98 = ((sg_float)v97 * (sg_float)v55);
      const sg_float v99 = sg_rh((sg_float)v98);
      if (((unsigned long long)out12 % 16ULL) == 0 && out12_s1 == 1 && out12_s0 % 8LL == 0) {
        sg_vec<sg_half, 8> sg_w;
        sg_st(&sg_w.v[0], v57);
        sg_st(&sg_w.v[1], v63);
        sg_st(&sg_w.v[2], v69);
        sg_st(&sg_w.v[3], v75);
        sg_st(&sg_w.v[4], v81);
        sg_st(&sg_w.v[5], v87);
        sg_st(&sg_w.v[6], v93);
        sg_st(&sg_w.v[7], v99);
        *(sg_vec<sg_half, 8>*)&out12[k0 * out12_s0 + r0 * out12_s1] = sg_w;
      }
      else {
        sg_st(&out12[k0 * out12_s0 + r0 * out12_s1], v57);
        sg_st(&out12[k0 * out12_s0 + (r0 + 1) * out12_s1], v63);
        sg_st(&out12[k0 * out12_s0 + (r0 + 2) * out12_s1], v69);
        sg_st(&out12[k0 * out12_s0 + (r0 + 3) * out12_s1], v75);
        sg_st(&out12[k0 * out12_s0 + (r0 + 4) * out12_s1], v81);
        sg_st(&out12[k0 * out12_s0 + (r0 + 5) * out12_s1], v87);
        sg_st(&out12[k0 * out12_s0 + (r0 + 6) * out12_s1], v93);
        sg_st(&out12[k0 * out12_s0 + (r0 + 7) * out12_s1], v99);
      }
    }
  }
}
