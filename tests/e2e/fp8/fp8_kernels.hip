// The device side of e2e.fp8 (fp8_test.h): conversions through hip/hip_fp8.h in kernels.
#include "fp8_test.h"

namespace {

constexpr int kBlock = 128;
int blocks(size_t n) { return int((n + kBlock - 1) / kBlock); }

__global__ void decode_kernel(uint32_t *floats, uint16_t *halves, uint16_t *bfloats) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= kFormatCount * 256) return;
  const __hip_fp8_interpretation_t format = kFormats[i / 256];
  const __hip_fp8_storage_t code = static_cast<__hip_fp8_storage_t>(i % 256);
  const __half_raw h = __hip_cvt_fp8_to_halfraw(code, format);
  halves[i] = h.x;
  const float f = __half2float(__half(h));  // exact: every fp8 value is a half
  floats[i] = __float_as_uint(f);
  bfloats[i] = __hip_bfloat16(f).data;
}

// One kernel per input type: the conversion under test is `convert(value, saturation, format)`.
template <typename T, typename Convert>
__global__ void encode_kernel(const T *in, uint8_t *out, int n, Convert convert) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  for (int f = 0; f < kFormatCount; ++f)
    for (int s = 0; s < 2; ++s)
      out[size_t(f * 2 + s) * n + i] = convert(in[i], s ? __HIP_SATFINITE : __HIP_NOSAT, kFormats[f]);
}

struct FromFloat {
  __device__ uint8_t operator()(float v, __hip_saturation_t s, __hip_fp8_interpretation_t f) const { return __hip_cvt_float_to_fp8(v, s, f); }
};
struct FromDouble {
  __device__ uint8_t operator()(double v, __hip_saturation_t s, __hip_fp8_interpretation_t f) const { return __hip_cvt_double_to_fp8(v, s, f); }
};
struct FromHalf {
  __device__ uint8_t operator()(uint16_t v, __hip_saturation_t s, __hip_fp8_interpretation_t f) const {
    return __hip_cvt_halfraw_to_fp8(__half_raw{v}, s, f);
  }
};
struct FromBfloat16 {
  __device__ uint8_t operator()(uint16_t v, __hip_saturation_t s, __hip_fp8_interpretation_t f) const {
    return __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{v}, s, f);
  }
};

template <typename Scalar, typename Pair, typename Quad>
__device__ TypeResults with_types(float v) {
  TypeResults r{};
  const Scalar scalar(v);
  const Pair pair(float2(v, -v));
  const Quad quad(float4(v, v / 2, -v, 2 * v));
  r.scalar = scalar.__x;
  r.pair = pair.__x;
  r.quad = quad.__x;
  const float2 p = pair;
  const float4 q = quad;
  r.pair_back[0] = p.x, r.pair_back[1] = p.y;
  r.quad_back[0] = q.x, r.quad_back[1] = q.y, r.quad_back[2] = q.z, r.quad_back[3] = q.w;
  r.as_int = int(scalar);
  r.as_uchar = static_cast<unsigned char>(scalar);
  r.as_short = static_cast<short>(scalar);
  r.as_bool = static_cast<bool>(scalar);
  return r;
}

__global__ void types_kernel(const float *in, TypeResults *out, int n) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  out[0 * n + i] = with_types<__hip_fp8_e4m3, __hip_fp8x2_e4m3, __hip_fp8x4_e4m3>(in[i]);
  out[1 * n + i] = with_types<__hip_fp8_e5m2, __hip_fp8x2_e5m2, __hip_fp8x4_e5m2>(in[i]);
  out[2 * n + i] = with_types<__hip_fp8_e4m3_fnuz, __hip_fp8x2_e4m3_fnuz, __hip_fp8x4_e4m3_fnuz>(in[i]);
  out[3 * n + i] = with_types<__hip_fp8_e5m2_fnuz, __hip_fp8x2_e5m2_fnuz, __hip_fp8x4_e5m2_fnuz>(in[i]);
}

template <typename T, typename Convert>
std::vector<uint8_t> encode(const std::vector<T> &in, Convert convert) {
  const size_t n = in.size();
  e2e::DeviceBuffer<T> d_in(n);
  e2e::DeviceBuffer<uint8_t> d_out(n * 2 * kFormatCount);
  d_in.upload(in);
  encode_kernel<<<blocks(n), kBlock>>>(static_cast<const T *>(d_in), static_cast<uint8_t *>(d_out), int(n), convert);
  HIP_CHECK_LAUNCH();
  std::vector<uint8_t> out(n * 2 * kFormatCount);
  d_out.download(out);
  return out;
}

}  // namespace

Decoded device_decode() {
  const size_t n = kFormatCount * 256;
  e2e::DeviceBuffer<uint32_t> floats(n);
  e2e::DeviceBuffer<uint16_t> halves(n), bfloats(n);
  decode_kernel<<<blocks(n), kBlock>>>(floats, halves, bfloats);
  HIP_CHECK_LAUNCH();
  Decoded d{std::vector<uint32_t>(n), std::vector<uint16_t>(n), std::vector<uint16_t>(n)};
  floats.download(d.float_bits);
  halves.download(d.half_bits);
  bfloats.download(d.bfloat16_bits);
  return d;
}

std::vector<uint8_t> device_encode_floats(const std::vector<float> &in) { return encode(in, FromFloat{}); }
std::vector<uint8_t> device_encode_doubles(const std::vector<double> &in) { return encode(in, FromDouble{}); }
std::vector<uint8_t> device_encode_halves(const std::vector<uint16_t> &in) { return encode(in, FromHalf{}); }
std::vector<uint8_t> device_encode_bfloat16s(const std::vector<uint16_t> &in) { return encode(in, FromBfloat16{}); }

std::vector<TypeResults> device_types(const std::vector<float> &in) {
  const size_t n = in.size();
  e2e::DeviceBuffer<float> d_in(n);
  e2e::DeviceBuffer<TypeResults> d_out(n * kFormatCount);
  d_in.upload(in);
  types_kernel<<<blocks(n), kBlock>>>(d_in, d_out, int(n));
  HIP_CHECK_LAUNCH();
  std::vector<TypeResults> out(n * kFormatCount);
  d_out.download(out);
  return out;
}
