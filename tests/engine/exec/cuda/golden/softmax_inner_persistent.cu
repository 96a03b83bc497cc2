// ===== segment 0 (inner_persistent): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 512 shared 0
//   input val 0 Half [64, 512] strides [512, 1]
//   output val 12 Half [64, 512] strides [512, 1]

extern "C" __global__ void sg_seg0_row0(
    const sg_half* __restrict__ in0, long long in0_s0, long long in0_s1,
    sg_half* __restrict__ out12, long long out12_s0, long long out12_s1) {
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    float acc1 = (float)(-SG_INF);
    for (long long r = threadIdx.x; r < 512LL; r += blockDim.x) {
      const long long r0 = r;
      const float v0 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
      const float v1 = (float)v0;
      acc1 = SgMax()(acc1, (float)v1);
    }
    acc1 = sg_block_reduce(acc1, SgMax(), (float)(-SG_INF));
    const float red1 = acc1;
    float acc6 = (float)0;
    for (long long r = threadIdx.x; r < 512LL; r += blockDim.x) {
      const long long r0 = r;
      const float v2 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
      const float v3 = (float)v2;
      const float v4 = ((float)v3 - (float)red1);
      const float v5 = expf((float)v4);
      acc6 = SgAdd()(acc6, (float)v5);
    }
    acc6 = sg_block_reduce(acc6, SgAdd(), (float)0);
    const float red6 = acc6;
    for (long long r = threadIdx.x; r < 512LL; r += blockDim.x) {
      const long long r0 = r;
      const float v6 = sg_ld(in0[k0 * in0_s0 + r0 * in0_s1]);
      const float v7 = (float)v6;
      const float v8 = ((float)v7 - (float)red1);
      const float v9 = expf((float)v8);
      const float v10 = ((float)1 / (float)red6);
      const float v11 = ((float)v9 * (float)v10);
      const float v12 = sg_rh((float)v11);
      sg_st(&out12[k0 * out12_s0 + r0 * out12_s1], v12);
    }
  }
}
