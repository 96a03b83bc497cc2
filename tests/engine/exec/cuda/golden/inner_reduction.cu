// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 32 block 256x1 shared 0
//   input val 2 BFloat16 [32, 256] strides [256, 1]
//   output val 7 BFloat16 [32] strides [1]

extern "C" __global__ void __launch_bounds__(256) sg_seg0_row0(
    const sg_bfloat* __restrict__ in2, long long in2_s0, long long in2_s1,
    sg_bfloat* __restrict__ out7, long long out7_s0) {
  for (long long row = blockIdx.x; row < 32LL; row += gridDim.x) {
    const long long k0 = row;
    sg_float acc2 = (sg_float)0;
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 256LL; r += SG_BLOCK(256)) {
      const long long r0 = r;
      const sg_float v0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
      const sg_float v1 = (sg_float)v0;
      const sg_float v2 = ((sg_float)v1 * (sg_float)v1);
      acc2 = SgAdd()(acc2, (sg_float)v2);
    }
    acc2 = sg_block_reduce(acc2, SgAdd(), (sg_float)0);
    const sg_float red2 = acc2;
    if (threadIdx.x == 0) {
      const sg_float v3 = sg_sqrt((sg_float)red2);
      const sg_float v4 = sg_rbf((sg_float)v3);
      sg_st(&out7[k0 * out7_s0], v4);
    }
  }
}
