// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 32 block 256 shared 0
//   input val 2 BFloat16 [32, 256] strides [256, 1]
//   output val 7 BFloat16 [32] strides [1]

extern "C" __global__ void sg_seg0_row0(
    const sg_bfloat* __restrict__ in2, long long in2_s0, long long in2_s1,
    sg_bfloat* __restrict__ out7, long long out7_s0) {
  for (long long row = blockIdx.x; row < 32LL; row += gridDim.x) {
    const long long k0 = row;
    float acc2 = (float)0;
    for (long long r = threadIdx.x; r < 256LL; r += blockDim.x) {
      const long long r0 = r;
      const float v0 = sg_ld(in2[k0 * in2_s0 + r0 * in2_s1]);
      const float v1 = (float)v0;
      const float v2 = ((float)v1 * (float)v1);
      acc2 = SgAdd()(acc2, (float)v2);
    }
    acc2 = sg_block_reduce(acc2, SgAdd(), (float)0);
    const float red2 = acc2;
    if (threadIdx.x == 0) {
      const float v3 = sqrtf((float)red2);
      const float v4 = sg_rbf((float)v3);
      sg_st(&out7[k0 * out7_s0], v4);
    }
  }
}
