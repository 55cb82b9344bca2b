// The software doubles of the portable variant (compiler/devicelib/softdouble.h): the functions
// compiler/lib/SoftenDoublesPass.cpp calls for each double operation, on the bit patterns. The
// larger ones stay functions called at each operation (compiler/lib/ValueFunctions.h), the others
// are inlined.
#include "softdouble.h"

#define SD_EXPORT extern "C" __device__

namespace sd = softdouble;

SD_EXPORT uint64_t __hipvk_sd_add(uint64_t a, uint64_t b) { return sd::add(a, b); }
SD_EXPORT uint64_t __hipvk_sd_sub(uint64_t a, uint64_t b) { return sd::sub(a, b); }
SD_EXPORT uint64_t __hipvk_sd_mul(uint64_t a, uint64_t b) { return sd::mul(a, b); }
SD_EXPORT uint64_t __hipvk_sd_div(uint64_t a, uint64_t b) { return sd::div(a, b); }
SD_EXPORT uint64_t __hipvk_sd_rem(uint64_t a, uint64_t b) { return sd::fmod(a, b); }
SD_EXPORT uint64_t __hipvk_sd_sqrt(uint64_t a) { return sd::sqrt(a); }
SD_EXPORT uint64_t __hipvk_sd_fma(uint64_t a, uint64_t b, uint64_t c) { return sd::fma(a, b, c); }
SD_EXPORT uint32_t __hipvk_sd_compare(uint64_t a, uint64_t b) { return sd::compare(a, b); }
SD_EXPORT uint64_t __hipvk_sd_from_f32(uint32_t f) { return sd::fromFloat(f); }
SD_EXPORT uint32_t __hipvk_sd_to_f32(uint64_t a) { return sd::toFloat(a); }
SD_EXPORT uint16_t __hipvk_sd_to_f16(uint64_t a) { return uint16_t(sd::toHalf(a)); }
SD_EXPORT uint64_t __hipvk_sd_from_i64(int64_t i) { return sd::fromSigned(i); }
SD_EXPORT uint64_t __hipvk_sd_from_u64(uint64_t u) { return sd::fromUnsigned(u); }
SD_EXPORT int64_t __hipvk_sd_to_i64_sat(uint64_t a, int64_t lowest, int64_t highest) {
  return sd::toSignedSaturated(a, lowest, highest);
}
SD_EXPORT uint64_t __hipvk_sd_to_u64_sat(uint64_t a, uint64_t highest) { return sd::toUnsignedSaturated(a, highest); }
SD_EXPORT uint64_t __hipvk_sd_round(uint64_t a, uint32_t mode) { return sd::roundToIntegral(a, mode); }
SD_EXPORT uint64_t __hipvk_sd_min_max(uint64_t a, uint64_t b, bool wantMax, bool propagateNaNs) {
  return sd::minMax(a, b, wantMax, propagateNaNs);
}
SD_EXPORT uint64_t __hipvk_sd_ldexp(uint64_t a, int n) { return sd::ldexp(a, n); }
SD_EXPORT uint64_t __hipvk_sd_frexp_mant(uint64_t a) { return sd::frexpMantissa(a); }
SD_EXPORT int __hipvk_sd_frexp_exp(uint64_t a) { return sd::frexpExponent(a); }
SD_EXPORT uint32_t __hipvk_sd_fpclass(uint64_t a) { return sd::fpClass(a); }
SD_EXPORT uint64_t __hipvk_sd_canonicalize(uint64_t a) { return sd::isNaN(a) ? sd::quiet(a) : a; }
