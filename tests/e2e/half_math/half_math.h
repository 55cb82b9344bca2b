// e2e.half_math: every h* / h2* math function of hip_fp16.h and hip_bf16.h over all 65536 inputs
// of each 16-bit format, compared bit for bit with the correctly rounded value of the exact
// function (MPFR, half_math_reference.cpp). The device side (half_math_kernels.hip) evaluates the
// scalar form (hsin) on every input and the pair form (h2sin) on every input, two per pair.
// Plain C++ (the MPFR side includes it too); the HIP files include test_common.h.
#pragma once

#include <cstdint>
#include <vector>

// X(name): the functions, by the suffix of their public names (hsqrt / h2sqrt ...).
#define HALF_MATH_FUNCTIONS(X) \
  X(sqrt) X(rsqrt) X(rcp) X(exp) X(exp2) X(exp10) X(log) X(log2) X(log10) X(sin) X(cos) \
  X(ceil) X(floor) X(trunc) X(rint)

enum class Fn {
#define HALF_MATH_ENUM(NAME) NAME,
  HALF_MATH_FUNCTIONS(HALF_MATH_ENUM)
#undef HALF_MATH_ENUM
};
inline constexpr const char *kFnNames[] = {
#define HALF_MATH_NAME(NAME) #NAME,
    HALF_MATH_FUNCTIONS(HALF_MATH_NAME)
#undef HALF_MATH_NAME
};
inline constexpr int kFnCount = sizeof(kFnNames) / sizeof(kFnNames[0]);

// The two formats: exponent and mantissa bits.
struct Format {
  const char *name;
  int eb, mb;
};
inline constexpr Format kHalf{"half", 5, 10}, kBf16{"bfloat16", 8, 7};

// Device results for all 65536 inputs (the input is the index's bit pattern): the scalar form's
// and the pair form's.
struct DeviceResults {
  std::vector<uint16_t> scalar, pair;
};
DeviceResults evaluate_on_device(Fn fn, const Format &format);

// The correctly rounded result of fn at the input with bit pattern `bits` (MPFR).
uint16_t correctly_rounded(Fn fn, const Format &format, uint16_t bits);

// __hmax_nan & co., __hisinf2 and the other non-rounding helpers, against a host model.
void check_helpers();
