// Integer division and remainder with every sign combination, in 8, 16, 32 and 64 bits, signed and
// unsigned: C++ truncates toward zero and the remainder takes the dividend's sign. (Vulkan leaves
// OpSRem/OpSMod undefined for negative operands, so a compiler must not emit them naively.)
#include "test_common.h"

#include <climits>
#include <vector>

constexpr int kValues = 24;
constexpr int kResults = 18;

__host__ __device__ long long value(int k) {
  const long long v[kValues] = {0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 100, -100, 12345, -12345,
                                INT_MAX, INT_MIN + 1, 1LL << 40, -(1LL << 40), 999999999999LL,
                                -999999999999LL, 65535, -32768, 255};
  return v[k];
}

__host__ __device__ void divide(int i, int j, long long *out) {
  const long long a = value(i), b = value(j);
  int k = 0;
  if (b == 0) {
    for (; k < kResults; ++k) out[k] = 0;
    return;
  }
  static_assert(kResults == 18, "update names[] in main() too");
  const int a32 = (int)a, b32 = (int)b == 0 ? 1 : (int)b;
  const short a16 = (short)a, b16 = (short)b == 0 ? 1 : (short)b;
  const signed char a8 = (signed char)a, b8 = (signed char)b == 0 ? 1 : (signed char)b;
  const unsigned ua = (unsigned)a, ub = (unsigned)b == 0u ? 1u : (unsigned)b;
  out[k++] = a / b;
  out[k++] = a % b;
  out[k++] = a32 / b32;
  out[k++] = a32 % b32;
  out[k++] = a16 / b16;
  out[k++] = a16 % b16;
  out[k++] = a8 / b8;
  out[k++] = a8 % b8;
  out[k++] = ua / ub;
  out[k++] = ua % ub;
  out[k++] = (long long)((unsigned long long)a / (unsigned long long)b);
  out[k++] = (long long)((unsigned long long)a % (unsigned long long)b);
  // Constant divisors: compilers strength-reduce these, and a driver may assume non-negative
  // operands for OpSRem (undefined for negative ones in Vulkan).
  out[k++] = a32 % 7;
  out[k++] = a32 / 7;
  out[k++] = a % 1000;
  out[k++] = a / 1000;
  out[k++] = a32 % -3;
  out[k++] = a16 % 10;
}

__global__ void divisions(long long *out) {
  int i = blockIdx.x, j = threadIdx.x;
  divide(i, j, out + ((size_t)i * kValues + j) * kResults);
}

int main() {
  const size_t n = (size_t)kValues * kValues * kResults;
  e2e::DeviceBuffer<long long> d(n);
  divisions<<<kValues, kValues>>>(d);
  HIP_CHECK_LAUNCH();
  std::vector<long long> out(n);
  d.download(out);
  static const char *names[kResults] = {"i64 /", "i64 %", "i32 /", "i32 %", "i16 /", "i16 %",
                                        "i8 /",  "i8 %",  "u32 /", "u32 %", "u64 /", "u64 %",
                                        "i32 % 7", "i32 / 7", "i64 % 1000", "i64 / 1000", "i32 % -3",
                                        "i16 % 10"};
  long long want[kResults];
  for (int i = 0; i < kValues; ++i)
    for (int j = 0; j < kValues; ++j) {
      divide(i, j, want);
      for (int k = 0; k < kResults; ++k) {
        long long got = out[((size_t)i * kValues + j) * kResults + k];
        if (got != want[k]) {
          std::fprintf(stderr, "%s: %lld op %lld: got %lld, expected %lld\n", names[k], value(i), value(j), got, want[k]);
          e2e::check(false, names[k]);
        }
      }
    }
  return e2e::finish("int_division");
}
