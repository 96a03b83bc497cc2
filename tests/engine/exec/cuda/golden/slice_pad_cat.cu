// ===== segment 0 (resize): 1 kernel(s), fused
// kernel sg_seg0_pointwise0 grid 1 block 128x1 shared 0
//   input val 2 Float [8, 12] strides [12, 1]
//   output val 14 Float [8, 16] strides [16, 1]

extern "C" __global__ void sg_seg0_pointwise0(
    const float* __restrict__ in2, long long in2_s0, long long in2_s1,
    float* __restrict__ out14, long long out14_s0, long long out14_s1) {
  const long long sg_stride = (long long)gridDim.x * blockDim.x;
  if (((unsigned long long)out14 % 16ULL) == 0 &&
      out14_s1 == 1 &&
      out14_s0 % 4LL == 0) {
    for (long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * 4LL; i < 128LL; i += sg_stride * 4LL) {
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
      const long long i10 = sg_clampi((d1 + 1), 0, 7LL);
      const long long i11 = (i10 + 2LL);
      const sg_float v12 = sg_ld(in2[d0 * in2_s0 + i11 * in2_s1]);
      const long long i13 = sg_clampi(((d1 + 1) - 8LL), 0, 7LL);
      const long long i14 = (i13 - 1LL);
      const long long i15 = sg_clampi(i14, 0, 11LL);
      const sg_float v16 = sg_ld(in2[d0 * in2_s0 + i15 * in2_s1]);
      const sg_float v17 = (i14 >= 0 && i14 < 12LL) ? (sg_float)v16 : (sg_float)0.0;
      const sg_float v18 = (d1 + 1) < 8LL ? (sg_float)v12 : (sg_float)v17;
      const sg_float v19 = ((sg_isnan(v18) || v18 > 0) ? v18 : (sg_float)0);
      const long long i20 = sg_clampi((d1 + 2), 0, 7LL);
      const long long i21 = (i20 + 2LL);
      const sg_float v22 = sg_ld(in2[d0 * in2_s0 + i21 * in2_s1]);
      const long long i23 = sg_clampi(((d1 + 2) - 8LL), 0, 7LL);
      const long long i24 = (i23 - 1LL);
      const long long i25 = sg_clampi(i24, 0, 11LL);
      const sg_float v26 = sg_ld(in2[d0 * in2_s0 + i25 * in2_s1]);
      const sg_float v27 = (i24 >= 0 && i24 < 12LL) ? (sg_float)v26 : (sg_float)0.0;
      const sg_float v28 = (d1 + 2) < 8LL ? (sg_float)v22 : (sg_float)v27;
      const sg_float v29 = ((sg_isnan(v28) || v28 > 0) ? v28 : (sg_float)0);
      const long long i30 = sg_clampi((d1 + 3), 0, 7LL);
      const long long i31 = (i30 + 2LL);
      const sg_float v32 = sg_ld(in2[d0 * in2_s0 + i31 * in2_s1]);
      const long long i33 = sg_clampi(((d1 + 3) - 8LL), 0, 7LL);
      const long long i34 = (i33 - 1LL);
      const long long i35 = sg_clampi(i34, 0, 11LL);
      const sg_float v36 = sg_ld(in2[d0 * in2_s0 + i35 * in2_s1]);
      const sg_float v37 = (i34 >= 0 && i34 < 12LL) ? (sg_float)v36 : (sg_float)0.0;
      const sg_float v38 = (d1 + 3) < 8LL ? (sg_float)v32 : (sg_float)v37;
      const sg_float v39 = ((sg_isnan(v38) || v38 > 0) ? v38 : (sg_float)0);
      sg_vec<float, 4> sg_out40;
      sg_st(&sg_out40.v[0], v9);
      sg_st(&sg_out40.v[1], v19);
      sg_st(&sg_out40.v[2], v29);
      sg_st(&sg_out40.v[3], v39);
      *(sg_vec<float, 4>*)&out14[d0 * out14_s0 + d1 * out14_s1] = sg_out40;
    }
  } else {
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
}
