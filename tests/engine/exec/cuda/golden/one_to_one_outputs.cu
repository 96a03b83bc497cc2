// ===== segment 0 (pointwise): 1 kernel(s), fused
// kernel sg_seg0_pointwise0 grid 16 block 128x1 shared 0
//   input val 0 Float [64, 32] strides [32, 1]
//   output val 4 Float [2048] strides [1]
//   output val 2 Float [64, 32] strides [32, 1]

extern "C" __global__ void sg_seg0_pointwise0(
    const float* __restrict__ in0, long long in0_s0, long long in0_s1,
    float* __restrict__ out4, long long out4_s0,
    float* __restrict__ out2, long long out2_s0, long long out2_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < 2048LL; i += sg_stride) {
    const long long d0 = i;
    const long long i0 = (d0 / 64LL);
    const long long i1 = d0 % 64LL;
    const sg_float v2 = sg_ld(in0[i1 * in0_s0 + i0 * in0_s1]);
    const sg_float v3 = ((sg_float)v2 * (sg_float)2.0);
    sg_st(&out4[d0 * out4_s0], v3);
    sg_st(&out2[i1 * out2_s0 + i0 * out2_s1], v3);
  }
}
// ===== segment 1 (resize): 1 kernel(s), fused
// kernel sg_seg1_pointwise0 grid 4 block 128x1 shared 0
//   input val 2 Float [64, 32] strides [32, 1]
//   output val 9 Float [32, 64] strides [64, 1]

extern "C" __global__ void sg_seg1_pointwise0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    float* __restrict__ out9, long long out9_s0, long long out9_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  if (((unsigned long long)out9 % 16ULL) == 0 &&
      out9_s1 == 1 &&
      out9_s0 % 4LL == 0) {
    for (long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * 4LL; i < 2048LL; i += sg_stride * 4LL) {
      const long long d0 = (i / 64LL);
      const long long d1 = i % 64LL;
      const long long i0 = d0 * 64LL + d1;
      const long long i1 = sg_clampi(i0, 0, 2046LL);
      const long long i2 = (i1 + 1LL);
      const long long i3 = (i2 / 32LL);
      const long long i4 = i2 % 32LL;
      const sg_float v5 = sg_ld(in2[i3 * in2_s0 + i4 * in2_s1]);
      const sg_float v6 = (i0 >= 0 && i0 < 2047LL) ? (sg_float)v5 : (sg_float)0.0;
      const long long i7 = d0 * 64LL + (d1 + 1);
      const long long i8 = sg_clampi(i7, 0, 2046LL);
      const long long i9 = (i8 + 1LL);
      const long long i10 = (i9 / 32LL);
      const long long i11 = i9 % 32LL;
      const sg_float v12 = sg_ld(in2[i10 * in2_s0 + i11 * in2_s1]);
      const sg_float v13 = (i7 >= 0 && i7 < 2047LL) ? (sg_float)v12 : (sg_float)0.0;
      const long long i14 = d0 * 64LL + (d1 + 2);
      const long long i15 = sg_clampi(i14, 0, 2046LL);
      const long long i16 = (i15 + 1LL);
      const long long i17 = (i16 / 32LL);
      const long long i18 = i16 % 32LL;
      const sg_float v19 = sg_ld(in2[i17 * in2_s0 + i18 * in2_s1]);
      const sg_float v20 = (i14 >= 0 && i14 < 2047LL) ? (sg_float)v19 : (sg_float)0.0;
      const long long i21 = d0 * 64LL + (d1 + 3);
      const long long i22 = sg_clampi(i21, 0, 2046LL);
      const long long i23 = (i22 + 1LL);
      const long long i24 = (i23 / 32LL);
      const long long i25 = i23 % 32LL;
      const sg_float v26 = sg_ld(in2[i24 * in2_s0 + i25 * in2_s1]);
      const sg_float v27 = (i21 >= 0 && i21 < 2047LL) ? (sg_float)v26 : (sg_float)0.0;
      sg_vec<float, 4> sg_out28;
      sg_st(&sg_out28.v[0], v6);
      sg_st(&sg_out28.v[1], v13);
      sg_st(&sg_out28.v[2], v20);
      sg_st(&sg_out28.v[3], v27);
      *(sg_vec<float, 4>*)&out9[d0 * out9_s0 + d1 * out9_s1] = sg_out28;
    }
  } else {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < 2048LL; i += sg_stride) {
      const long long d0 = (i / 64LL);
      const long long d1 = i % 64LL;
      const long long i0 = d0 * 64LL + d1;
      const long long i1 = sg_clampi(i0, 0, 2046LL);
      const long long i2 = (i1 + 1LL);
      const long long i3 = (i2 / 32LL);
      const long long i4 = i2 % 32LL;
      const sg_float v5 = sg_ld(in2[i3 * in2_s0 + i4 * in2_s1]);
      const sg_float v6 = (i0 >= 0 && i0 < 2047LL) ? (sg_float)v5 : (sg_float)0.0;
      sg_st(&out9[d0 * out9_s0 + d1 * out9_s1], v6);
    }
  }
}
