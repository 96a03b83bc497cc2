// ===== segment 0 (resize): 1 kernel(s), fused
// kernel sg_seg0_pointwise0 grid 1 block 128x1 shared 0
//   input val 2 Float [8, 12] strides [12, 1]
//   output val 14 Float [8, 16] strides [16, 1]

extern "C" __global__ void sg_seg0_pointwise0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    float* __restrict__ out14, long long out14_s0, long long out14_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < 128LL; i += sg_stride) {
    const long long d0 = (i / 16LL);
    const long long d1 = i % 16LL;
    const long long i0 = sg_clampi(d1, 0, 7LL);
    const long long i1 = (i0 + 2LL);
    const sg_float v2 = sg_ld(in2[d0 * in2_s0 + i1 * in2_s1]);
    const long long i3 = sg_clampi((d1 - 8LL), 0, 7LL);
    const long long i4 = (i3 - 1LL);
    const long long i5 = sg_clampi(i4, 0, 11LL);
    const sg_float v6 = sg_ld(in2[d0 * in2_s0 + i5 * in2_s1]);
    const sg_float v7 = (i4 >= 0 && i4 < 12LL) ? (sg_float)v6 : (sg_float)0.0;
    const sg_float v8 = d1 < 8LL ? (sg_float)v2 : (sg_float)v7;
    const sg_float v9 = ((sg_isnan(v8) || v8 > 0) ? v8 : (sg_float)0);
    sg_st(&out14[d0 * out14_s0 + d1 * out14_s1], v9);
  }
}
