// What ROCm's headers give programs beyond the HIP API, as code written for ROCm 5 uses it (issue
// 32): the legacy hip_bfloat16 of <hip/hip_bfloat16.h> (rounding to nearest even or truncating,
// NaNs kept, arithmetic through float) on the device and the host, checked bit for bit against a
// reference written from the format's definition; std::chrono, which ROCm's hip_runtime.h brings
// without an include; hipDeviceProp_t::gcnArch (HIP 5's); and all of Debian's rocPRIM 5.3
// (rocprim/rocprim.hpp) compiling unmodified, its bfloat16 being hip_bfloat16.
#include <hip/hip_bfloat16.h>
#include <rocprim/rocprim.hpp>

#include "test_common.h"

#include <bit>
#include <cfloat>
#include <cstdint>
#include <memory>
#include <vector>

namespace {

static_assert(std::is_same_v<rocprim::bfloat16, hip_bfloat16>);

// The reference: bfloat16 keeps a float's upper 16 bits. Rounding to nearest, ties to even: up when
// the dropped half is more than half an ulp, or exactly half with the kept half odd. A NaN whose
// dropped half is not zero gets the kept half's lowest bit (ROCm's rule: a NaN whose payload lay
// only there stays a NaN), rounding or truncating.
bool isNan(uint32_t u) { return (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0; }
uint16_t referenceTruncate(uint32_t u) {
  uint16_t kept = uint16_t(u >> 16);
  if (isNan(u) && (u & 0xffffu) != 0) kept |= 1;
  return kept;
}
uint16_t referenceRound(uint32_t u) {
  if (isNan(u)) return referenceTruncate(u);
  const uint32_t kept = u >> 16, dropped = u & 0xffffu;
  const bool up = dropped > 0x8000u || (dropped == 0x8000u && (kept & 1u));
  return uint16_t(kept + up);  // a carry into the exponent is the next binade, or infinity
}

struct Converted {
  uint16_t rounded, truncated;
  uint32_t widened;  // float(hip_bfloat16(x)) as bits
  uint8_t nan, inf, zero;
};

__global__ void convert(const float *in, Converted *out, int n) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const hip_bfloat16 r(in[i]), t(in[i], hip_bfloat16::truncate);
  out[i] = {r.data, t.data, __builtin_bit_cast(uint32_t, float(r)), uint8_t(std::isnan(r)), uint8_t(std::isinf(r)),
            uint8_t(std::iszero(r))};
}

// Arithmetic through float: each result rounds float(a) op float(b) once.
struct Arithmetic {
  uint16_t sum, difference, product, quotient, negated, absolute;
  uint8_t less, equal;
};

__global__ void arithmetic(const hip_bfloat16 *a, const hip_bfloat16 *b, Arithmetic *out, int n) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  hip_bfloat16 x = a[i], y = b[i], q = x;
  q /= y;
  out[i] = {(x + y).data, (x - y).data, (x * y).data, q.data, (-x).data, std::abs(x).data, uint8_t(x < y),
            uint8_t(x == y)};
}

std::vector<uint32_t> conversionInputs() {
  std::vector<uint32_t> bits = {
      0x3f800000u, 0x3f808000u /* tie, even */, 0x3f818000u /* tie, odd */, 0x3f808001u, 0x3f807fffu,
      0x7f7fffffu /* FLT_MAX: rounds to infinity */, 0xff7fffffu, 0x7f7f7fffu, 0x7f800000u, 0xff800000u,
      0x7f800001u /* NaN, payload only in the dropped half */, 0xff800001u, 0x7fc00000u, 0x7f810000u,
      0x00000000u, 0x80000000u, 0x00000001u, 0x00008000u, 0x00018000u, 0x007fffffu, 0x00800000u, 0x807fffffu};
  for (uint64_t u = 0; u <= 0xffffffffu; u += 65521) bits.push_back(uint32_t(u));  // a stride across every float
  return bits;
}

void checkConversions() {
  const std::vector<uint32_t> bits = conversionInputs();
  const int n = int(bits.size());
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = std::bit_cast<float>(bits[i]);
  float *dIn;
  Converted *dOut;
  HIP_CHECK(hipMalloc(&dIn, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dOut, n * sizeof(Converted)));
  HIP_CHECK(hipMemcpy(dIn, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  convert<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  HIP_CHECK_LAUNCH();
  std::vector<Converted> got(n);
  HIP_CHECK(hipMemcpy(got.data(), dOut, n * sizeof(Converted), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(dIn));
  HIP_CHECK(hipFree(dOut));
  for (int i = 0; i < n; ++i) {
    const uint16_t round = referenceRound(bits[i]), trunc = referenceTruncate(bits[i]);
    const bool nan = (round & 0x7f80) == 0x7f80 && (round & 0x7f), inf = (round & 0x7fff) == 0x7f80, zero = (round & 0x7fff) == 0;
    e2e::expect_eq("device rounding", i, got[i].rounded, round);
    e2e::expect_eq("device truncation", i, got[i].truncated, trunc);
    e2e::expect_eq("device widening", i, got[i].widened, uint32_t(round) << 16);
    e2e::expect_eq("device isnan", i, got[i].nan, uint8_t(nan));
    e2e::expect_eq("device isinf", i, got[i].inf, uint8_t(inf));
    e2e::expect_eq("device iszero", i, got[i].zero, uint8_t(zero));
    // The host half of the same header.
    e2e::expect_eq("host rounding", i, hip_bfloat16(in[i]).data, round);
    e2e::expect_eq("host truncation", i, hip_bfloat16::round_to_bfloat16(in[i], hip_bfloat16::truncate).data, trunc);
  }
}

hip_bfloat16 fromBits(uint16_t data) {
  hip_bfloat16 b;
  b.data = data;
  return b;
}
float widen(uint16_t data) { return std::bit_cast<float>(uint32_t(data) << 16); }
uint16_t roundFloat(float f) { return referenceRound(std::bit_cast<uint32_t>(f)); }

void checkArithmetic() {
  // Normal operands whose results stay normal (the device may flush subnormal floats): exponents
  // within +-40 of 1, every sign and mantissa, odd count.
  std::vector<hip_bfloat16> a, b;
  uint32_t state = 12345;
  auto next = [&] { return state = state * 1664525u + 1013904223u; };
  for (int i = 0; i < 20011; ++i) {
    const auto pick = [&] { return uint16_t((next() >> 16 & 0x807f) | uint16_t((127 - 40 + next() % 81) << 7)); };
    a.push_back(fromBits(pick()));
    b.push_back(i % 97 == 0 ? a.back() : fromBits(pick()));
  }
  const int n = int(a.size());
  hip_bfloat16 *dA, *dB;
  Arithmetic *dOut;
  HIP_CHECK(hipMalloc(&dA, n * sizeof(hip_bfloat16)));
  HIP_CHECK(hipMalloc(&dB, n * sizeof(hip_bfloat16)));
  HIP_CHECK(hipMalloc(&dOut, n * sizeof(Arithmetic)));
  HIP_CHECK(hipMemcpy(dA, a.data(), n * sizeof(hip_bfloat16), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dB, b.data(), n * sizeof(hip_bfloat16), hipMemcpyHostToDevice));
  arithmetic<<<(n + 255) / 256, 256>>>(dA, dB, dOut, n);
  HIP_CHECK_LAUNCH();
  std::vector<Arithmetic> got(n);
  HIP_CHECK(hipMemcpy(got.data(), dOut, n * sizeof(Arithmetic), hipMemcpyDeviceToHost));
  for (void *p : {static_cast<void *>(dA), static_cast<void *>(dB), static_cast<void *>(dOut)}) HIP_CHECK(hipFree(p));
  for (int i = 0; i < n; ++i) {
    const float x = widen(a[i].data), y = widen(b[i].data);
    e2e::expect_eq("sum", i, got[i].sum, roundFloat(x + y));
    e2e::expect_eq("difference", i, got[i].difference, roundFloat(x - y));
    e2e::expect_eq("product", i, got[i].product, roundFloat(x * y));
    e2e::expect_eq("quotient", i, got[i].quotient, roundFloat(x / y));
    e2e::expect_eq("negation", i, got[i].negated, uint16_t(a[i].data ^ 0x8000));
    e2e::expect_eq("abs", i, got[i].absolute, uint16_t(a[i].data & 0x7fff));
    e2e::expect_eq("less", i, got[i].less, uint8_t(x < y));
    e2e::expect_eq("equal", i, got[i].equal, uint8_t(x == y));
  }
}

}  // namespace

int main() {
  // std::chrono without <chrono>: ROCm's hip_runtime.h brings it (through <thread>).
  const auto start = std::chrono::steady_clock::now();
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  e2e::expect_eq("gcnArch", 0, props.gcnArch, 900);
  checkConversions();
  checkArithmetic();
  std::printf("checked in %lld ms\n", static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                          std::chrono::steady_clock::now() - start).count()));
  return e2e::finish("rocm_headers");
}
