// e2e.half_math, device side: one kernel template for the scalar forms and one for the pair forms,
// instantiated for every function and both formats.
#include "half_math.h"
#include "test_common.h"

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

namespace {

// The public names as types the kernels can be instantiated with: one(x) calls h<name>(x),
// two(v) calls h2<name>(v), for __half and __hip_bfloat16 alike.
#define HALF_MATH_OP(NAME)                                                   \
  struct op_##NAME {                                                         \
    template <class H> static __device__ H one(H x) { return h##NAME(x); }   \
    template <class H2> static __device__ H2 two(H2 v) { return h2##NAME(v); } \
  };
HALF_MATH_FUNCTIONS(HALF_MATH_OP)
#undef HALF_MATH_OP

template <class H> __device__ H from_bits(unsigned b) {
  return __builtin_bit_cast(H, static_cast<unsigned short>(b));
}

template <class Op, class H> __global__ void scalar_form(H *out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = Op::one(from_bits<H>(i));
}

// Lane x of pair j is input 2j, lane y input 2j + 1.
template <class Op, class H, class H2> __global__ void pair_form(H2 *out) {
  const unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
  out[j] = Op::two(H2(from_bits<H>(2 * j), from_bits<H>(2 * j + 1)));
}

constexpr unsigned kInputs = 1u << 16, kBlock = 256;

template <class Op, class H, class H2> DeviceResults run() {
  static_assert(sizeof(H) == 2 && sizeof(H2) == 4);
  DeviceResults r{std::vector<uint16_t>(kInputs), std::vector<uint16_t>(kInputs)};
  e2e::DeviceBuffer<H> scalar(kInputs);
  e2e::DeviceBuffer<H2> pairs(kInputs / 2);
  scalar_form<Op, H><<<kInputs / kBlock, kBlock>>>(scalar);
  HIP_CHECK_LAUNCH();
  pair_form<Op, H, H2><<<kInputs / 2 / kBlock, kBlock>>>(pairs);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(r.scalar.data(), scalar.ptr, kInputs * 2, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(r.pair.data(), pairs.ptr, kInputs * 2, hipMemcpyDeviceToHost));
  return r;
}

}  // namespace

DeviceResults evaluate_on_device(Fn fn, const Format &format) {
  const bool half = format.mb == 10;
  switch (fn) {
#define HALF_MATH_CASE(NAME) \
  case Fn::NAME: return half ? run<op_##NAME, __half, __half2>() : run<op_##NAME, __hip_bfloat16, __hip_bfloat162>();
    HALF_MATH_FUNCTIONS(HALF_MATH_CASE)
#undef HALF_MATH_CASE
  }
  return {};
}
