// ===== segment 0 (inner_persistent): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 512x1 shared 1024
//   input val 0 Half [64, 512] strides [512, 1]
//   output val 12 Half [64, 512] strides [512, 1]

extern "C" __global__ void __launch_bounds__(512) sg_seg0_row0(
    const sg_half* __restrict__ in0, long long in0_s0, long long in0_s1,
    sg_half* __restrict__ out12, long long out12_s0, long long out12_s1) {
  extern __shared__ double sg_dyn[];  // the row cache
  sg_half* sg_row0 = (sg_half*)((unsigned char*)sg_dyn + 0);
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc1 = (sg_float)(-SG_INF);
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 512LL; r += SG_BLOCK(512)) {
      const long long r0 = r;
      sg_row0[r] = in0[k0 * in0_s0 + r0 * in0_s1];
      const sg_float v0 = sg_ld(sg_row0[r]);
      const sg_float v1 = (sg_float)v0;
      acc1 = SgMax()(acc1, (sg_float)v1);
    }
    acc1 = sg_block_reduce(acc1, SgMax(), (sg_float)(-SG_INF));
    const sg_float red1 = acc1;
    sg_float acc6 = (sg_float)0;
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 512LL; r += SG_BLOCK(512)) {
      const long long r0 = r;
      const sg_float v2 = sg_ld(sg_row0[r]);
      const sg_float v3 = (sg_float)v2;
      const sg_float v4 = ((sg_float)v3 - (sg_float)red1);
      const sg_float v5 = sg_exp((sg_float)v4);
      acc6 = SgAdd()(acc6, (sg_float)v5);
    }
    acc6 = sg_block_reduce(acc6, SgAdd(), (sg_float)0);
    const sg_float red6 = acc6;
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 512LL; r += SG_BLOCK(512)) {
      const long long r0 = r;
      const sg_float v6 = sg_ld(sg_row0[r]);
      const sg_float v7 = (sg_float)v6;
      const sg_float v8 = ((sg_float)v7 - (sg_float)red1);
      const sg_float v9 = sg_exp((sg_float)v8);
      const sg_float v10 = ((sg_float)1 / (sg_float)red6);
      const sg_float v11 = ((sg_float)v9 * (sg_float)v10);
      const sg_float v12 = sg_rh((sg_float)v11);
      sg_st(&out12[k0 * out12_s0 + r0 * out12_s1], v12);
    }
  }
}
