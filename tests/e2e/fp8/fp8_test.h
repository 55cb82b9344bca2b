// hip/hip_fp8.h in kernels: every encoding of the four formats decoded, and values of every kind
// (midpoints between neighbours and the floats next to them, past the largest, subnormal, zero,
// infinity, NaN, every half and bfloat16) encoded under both saturations, against a host reference
// written from the formats' definitions (fp8_main.hip), not from the header's code.
#pragma once

#include "test_common.h"

#include <hip/hip_fp8.h>

#include <cstdint>
#include <vector>

inline constexpr __hip_fp8_interpretation_t kFormats[] = {__HIP_E4M3, __HIP_E5M2, __HIP_E4M3_FNUZ, __HIP_E5M2_FNUZ};
inline constexpr int kFormatCount = 4;

// Per format f, every code c: out[f * 256 + c] as float, half and bfloat16 bits.
struct Decoded {
  std::vector<uint32_t> float_bits;
  std::vector<uint16_t> half_bits, bfloat16_bits;
};
Decoded device_decode();

// Per format f and saturation s (NOSAT, SATFINITE), each input i: codes[(f * 2 + s) * n + i].
std::vector<uint8_t> device_encode_floats(const std::vector<float> &in);
std::vector<uint8_t> device_encode_doubles(const std::vector<double> &in);
std::vector<uint8_t> device_encode_halves(const std::vector<uint16_t> &in);
std::vector<uint8_t> device_encode_bfloat16s(const std::vector<uint16_t> &in);

// The types: for each input v (float), per format, what the named types make of it on the device.
struct TypeResults {
  uint8_t scalar;        // __hip_fp8_<format>(v).__x (SATFINITE)
  uint16_t pair;         // __hip_fp8x2_<format>(float2(v, -v)).__x
  uint32_t quad;         // __hip_fp8x4_<format>(float4(v, v / 2, -v, 2 * v)).__x
  float pair_back[2];    // float2 of that pair
  float quad_back[4];    // float4 of that quad
  int as_int;            // int of the scalar
  unsigned char as_uchar;
  short as_short;
  bool as_bool;
};
std::vector<TypeResults> device_types(const std::vector<float> &in);  // [f * n + i]
