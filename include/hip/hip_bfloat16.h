// ROCm's legacy bfloat16 type, hip_bfloat16 (rocBLAS's, the bfloat16 of rocPRIM 5 and of libraries
// of its time): the upper 16 bits of an IEEE float. From float it rounds to nearest even (a NaN
// stays a NaN), or truncates with hip_bfloat16::truncate; arithmetic goes through float and rounds
// back. hip_bf16.h's __hip_bfloat16 is the newer type of the same format. In C, only the struct.
#ifndef HIP_INCLUDE_HIP_HIP_BFLOAT16_H
#define HIP_INCLUDE_HIP_HIP_BFLOAT16_H

#include <hip/hipvk_detail/host_defines.h>

#if defined(__cplusplus)
#include <cstdint>
#include <ostream>

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  __host__ __device__ hip_bfloat16() = default;
  explicit __host__ __device__ hip_bfloat16(float f) : data(float_to_bfloat16(f)) {}
  explicit __host__ __device__ hip_bfloat16(float f, truncate_t) : data(truncate_float_to_bfloat16(f)) {}

  __host__ __device__ operator float() const { return __builtin_bit_cast(float, uint32_t(data) << 16); }

  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f) { return hip_bfloat16(f); }
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f, truncate_t) { return hip_bfloat16(f, truncate); }

 private:
  static __host__ __device__ bool isNanBits(uint32_t u) { return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu); }
  // Round to nearest even: adding 0x7fff plus the kept half's lowest bit carries into it exactly
  // when the dropped half is above one half, or equal to it with that bit odd (a carry out of
  // the largest finite float gives infinity, as it should). A NaN whose dropped half is not zero
  // gets the kept half's lowest bit (ROCm's rule), so that a payload that lay only there survives.
  static __host__ __device__ uint16_t float_to_bfloat16(float f) {
    uint32_t u = __builtin_bit_cast(uint32_t, f);
    if (isNanBits(u)) return uint16_t((u >> 16) | (u & 0xffffu ? 1u : 0u));
    return uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  }
  static __host__ __device__ uint16_t truncate_float_to_bfloat16(float f) {
    uint32_t u = __builtin_bit_cast(uint32_t, f);
    return uint16_t((u >> 16) | (isNanBits(u) && (u & 0xffffu) ? 1u : 0u));
  }
};

static_assert(sizeof(hip_bfloat16) == 2, "hip_bfloat16 is 16 bits");

inline std::ostream &operator<<(std::ostream &os, const hip_bfloat16 &b) { return os << float(b); }

inline __host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
inline __host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000;
  return a;
}
inline __host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) + float(b)); }
inline __host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) - float(b)); }
inline __host__ __device__ hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) * float(b)); }
inline __host__ __device__ hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) / float(b)); }
inline __host__ __device__ bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
inline __host__ __device__ bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
inline __host__ __device__ bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return b < a; }
inline __host__ __device__ bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return !(a > b); }
inline __host__ __device__ bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return !(a == b); }
inline __host__ __device__ bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return !(a < b); }
inline __host__ __device__ hip_bfloat16 &operator+=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a + b; }
inline __host__ __device__ hip_bfloat16 &operator-=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a - b; }
inline __host__ __device__ hip_bfloat16 &operator*=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a * b; }
inline __host__ __device__ hip_bfloat16 &operator/=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a / b; }
inline __host__ __device__ hip_bfloat16 &operator++(hip_bfloat16 &a) { return a += hip_bfloat16(1.0f); }
inline __host__ __device__ hip_bfloat16 &operator--(hip_bfloat16 &a) { return a -= hip_bfloat16(1.0f); }
inline __host__ __device__ hip_bfloat16 operator++(hip_bfloat16 &a, int) {
  hip_bfloat16 before = a;
  ++a;
  return before;
}
inline __host__ __device__ hip_bfloat16 operator--(hip_bfloat16 &a, int) {
  hip_bfloat16 before = a;
  --a;
  return before;
}

// ROCm declares these in namespace std; programs call them as std::isinf(x) and so on.
namespace std {
inline __host__ __device__ bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
inline __host__ __device__ bool isnan(hip_bfloat16 a) { return (a.data & 0x7f80) == 0x7f80 && (a.data & 0x7f); }
inline __host__ __device__ bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
inline __host__ __device__ hip_bfloat16 abs(hip_bfloat16 a) {
  a.data &= 0x7fff;
  return a;
}
}  // namespace std

#else
#include <stdint.h>
typedef struct {
  uint16_t data;
} hip_bfloat16;
#endif

#endif  // HIP_INCLUDE_HIP_HIP_BFLOAT16_H
