// ===== segment 0 (reduction): 1 kernel(s), fused
// kernel sg_seg0_row0 grid 64 block 256x1 shared 800
//   input val 2 Float [64, 200] strides [200, 1]
//   output val 5 Bool [64] strides [1]
//   output val 8 Bool [64] strides [1]

extern "C" __global__ void __launch_bounds__(256) sg_seg0_row0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    bool* __restrict__ out5, long long out5_s0,
    bool* __restrict__ out8, long long out8_s0) {
  extern __shared__ double sg_dyn[];  // the row cache
  float* sg_row2 = (float*)((unsigned char*)sg_dyn + 0);
  for (long long row = blockIdx.x; row < 64LL; row += gridDim.x) {
    const long long k0 = row;
    int acc1 = 0;
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 200LL; r += SG_BLOCK(256)) {
      const long long r0 = r;
      sg_row2[r] = in2[k0 * in2_s0 + r0 * in2_s1];
      const sg_float v0 = sg_ld(sg_row2[r]);
      const bool v1 = (((v0 > 2.5)) != 0);
      acc1 = SgMax()(acc1, (int)v1);
    }
    acc1 = sg_block_reduce(acc1, SgMax(), 0);
    const bool red1 = ((acc1) != 0);
    int acc3 = 1;
    #pragma unroll 4
    for (long long r = threadIdx.x; r < 200LL; r += SG_BLOCK(256)) {
      const long long r0 = r;
      const sg_float v2 = sg_ld(sg_row2[r]);
      const bool v3 = (((v2 > -2.5)) != 0);
      acc3 = SgMin()(acc3, (int)v3);
    }
    acc3 = sg_block_reduce(acc3, SgMin(), 1);
    const bool red3 = ((acc3) != 0);
    if (threadIdx.x == 0) {
      sg_st(&out5[k0 * out5_s0], red1);
      sg_st(&out8[k0 * out8_s0], red3);
    }
  }
}
