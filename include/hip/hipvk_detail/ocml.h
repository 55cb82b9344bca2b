// The functions of ROCm's device math library, OCML (Debian's rocm-device-libs), that hipvk's math
// headers call: OCML's bitcode is linked into hipvk's device library (compiler/devicelib), and a
// translation unit gets the functions it uses. Declarations only, written from OCML's exported
// signatures; pointer arguments point to private memory (address space 5).
#pragma once

#if defined(__HIP__)

#define __HIPVK_OCML extern "C" __device__ __attribute__((const, nothrow))
#define __HIPVK_OCML_PTR extern "C" __device__ __attribute__((nothrow))
#define __HIPVK_PRIVATE __attribute__((address_space(5)))

// Declares the functions OCML has for both precisions: T is float or double, S its OCML suffix.
#define __HIPVK_OCML_DECLARE(T, S) \
  __HIPVK_OCML T __ocml_acos_##S(T); \
  __HIPVK_OCML T __ocml_acosh_##S(T); \
  __HIPVK_OCML T __ocml_acospi_##S(T); \
  __HIPVK_OCML T __ocml_asin_##S(T); \
  __HIPVK_OCML T __ocml_asinh_##S(T); \
  __HIPVK_OCML T __ocml_asinpi_##S(T); \
  __HIPVK_OCML T __ocml_atan_##S(T); \
  __HIPVK_OCML T __ocml_atanh_##S(T); \
  __HIPVK_OCML T __ocml_atanpi_##S(T); \
  __HIPVK_OCML T __ocml_cbrt_##S(T); \
  __HIPVK_OCML T __ocml_ceil_##S(T); \
  __HIPVK_OCML T __ocml_cos_##S(T); \
  __HIPVK_OCML T __ocml_cosh_##S(T); \
  __HIPVK_OCML T __ocml_cospi_##S(T); \
  __HIPVK_OCML T __ocml_erf_##S(T); \
  __HIPVK_OCML T __ocml_erfc_##S(T); \
  __HIPVK_OCML T __ocml_erfcinv_##S(T); \
  __HIPVK_OCML T __ocml_erfinv_##S(T); \
  __HIPVK_OCML T __ocml_erfcx_##S(T); \
  __HIPVK_OCML T __ocml_exp_##S(T); \
  __HIPVK_OCML T __ocml_exp10_##S(T); \
  __HIPVK_OCML T __ocml_exp2_##S(T); \
  __HIPVK_OCML T __ocml_expm1_##S(T); \
  __HIPVK_OCML T __ocml_fabs_##S(T); \
  __HIPVK_OCML T __ocml_floor_##S(T); \
  __HIPVK_OCML T __ocml_i0_##S(T); \
  __HIPVK_OCML T __ocml_i1_##S(T); \
  __HIPVK_OCML T __ocml_j0_##S(T); \
  __HIPVK_OCML T __ocml_j1_##S(T); \
  __HIPVK_OCML T __ocml_lgamma_##S(T); \
  __HIPVK_OCML T __ocml_log_##S(T); \
  __HIPVK_OCML T __ocml_log10_##S(T); \
  __HIPVK_OCML T __ocml_log1p_##S(T); \
  __HIPVK_OCML T __ocml_log2_##S(T); \
  __HIPVK_OCML T __ocml_logb_##S(T); \
  __HIPVK_OCML T __ocml_ncdf_##S(T); \
  __HIPVK_OCML T __ocml_ncdfinv_##S(T); \
  __HIPVK_OCML T __ocml_nearbyint_##S(T); \
  __HIPVK_OCML T __ocml_rcbrt_##S(T); \
  __HIPVK_OCML T __ocml_rint_##S(T); \
  __HIPVK_OCML T __ocml_round_##S(T); \
  __HIPVK_OCML T __ocml_rsqrt_##S(T); \
  __HIPVK_OCML T __ocml_sin_##S(T); \
  __HIPVK_OCML T __ocml_sinh_##S(T); \
  __HIPVK_OCML T __ocml_sinpi_##S(T); \
  __HIPVK_OCML T __ocml_sqrt_##S(T); \
  __HIPVK_OCML T __ocml_tan_##S(T); \
  __HIPVK_OCML T __ocml_tanh_##S(T); \
  __HIPVK_OCML T __ocml_tanpi_##S(T); \
  __HIPVK_OCML T __ocml_tgamma_##S(T); \
  __HIPVK_OCML T __ocml_trunc_##S(T); \
  __HIPVK_OCML T __ocml_y0_##S(T); \
  __HIPVK_OCML T __ocml_y1_##S(T); \
  __HIPVK_OCML T __ocml_native_sin_##S(T); \
  __HIPVK_OCML T __ocml_native_cos_##S(T); \
  __HIPVK_OCML T __ocml_native_exp_##S(T); \
  __HIPVK_OCML T __ocml_native_exp2_##S(T); \
  __HIPVK_OCML T __ocml_native_log_##S(T); \
  __HIPVK_OCML T __ocml_native_log2_##S(T); \
  __HIPVK_OCML T __ocml_native_log10_##S(T); \
  __HIPVK_OCML T __ocml_native_rsqrt_##S(T); \
  __HIPVK_OCML T __ocml_native_sqrt_##S(T); \
  __HIPVK_OCML T __ocml_native_recip_##S(T); \
  __HIPVK_OCML T __ocml_atan2_##S(T, T); \
  __HIPVK_OCML T __ocml_atan2pi_##S(T, T); \
  __HIPVK_OCML T __ocml_copysign_##S(T, T); \
  __HIPVK_OCML T __ocml_fdim_##S(T, T); \
  __HIPVK_OCML T __ocml_fmax_##S(T, T); \
  __HIPVK_OCML T __ocml_fmin_##S(T, T); \
  __HIPVK_OCML T __ocml_fmod_##S(T, T); \
  __HIPVK_OCML T __ocml_hypot_##S(T, T); \
  __HIPVK_OCML T __ocml_nextafter_##S(T, T); \
  __HIPVK_OCML T __ocml_pow_##S(T, T); \
  __HIPVK_OCML T __ocml_powr_##S(T, T); \
  __HIPVK_OCML T __ocml_remainder_##S(T, T); \
  __HIPVK_OCML T __ocml_rhypot_##S(T, T); \
  __HIPVK_OCML T __ocml_scalb_##S(T, T); \
  __HIPVK_OCML T __ocml_fma_##S(T, T, T); \
  __HIPVK_OCML T __ocml_len3_##S(T, T, T); \
  __HIPVK_OCML T __ocml_len4_##S(T, T, T, T); \
  __HIPVK_OCML T __ocml_rlen3_##S(T, T, T); \
  __HIPVK_OCML T __ocml_rlen4_##S(T, T, T, T); \
  __HIPVK_OCML T __ocml_ldexp_##S(T, int); \
  __HIPVK_OCML T __ocml_pown_##S(T, int); \
  __HIPVK_OCML T __ocml_rootn_##S(T, int); \
  __HIPVK_OCML T __ocml_scalbn_##S(T, int); \
  __HIPVK_OCML int __ocml_ilogb_##S(T); \
  __HIPVK_OCML int __ocml_isfinite_##S(T); \
  __HIPVK_OCML int __ocml_isinf_##S(T); \
  __HIPVK_OCML int __ocml_isnan_##S(T); \
  __HIPVK_OCML int __ocml_isnormal_##S(T); \
  __HIPVK_OCML int __ocml_signbit_##S(T); \
  __HIPVK_OCML int __ocml_fpclassify_##S(T); \
  __HIPVK_OCML_PTR T __ocml_frexp_##S(T, __HIPVK_PRIVATE int *); \
  __HIPVK_OCML_PTR T __ocml_modf_##S(T, __HIPVK_PRIVATE T *); \
  __HIPVK_OCML_PTR T __ocml_sincos_##S(T, __HIPVK_PRIVATE T *); \
  __HIPVK_OCML_PTR T __ocml_sincospi_##S(T, __HIPVK_PRIVATE T *); \
  __HIPVK_OCML_PTR T __ocml_lgamma_r_##S(T, __HIPVK_PRIVATE int *); \
  __HIPVK_OCML_PTR T __ocml_remquo_##S(T, T, __HIPVK_PRIVATE int *);

__HIPVK_OCML_DECLARE(float, f32)
__HIPVK_OCML_DECLARE(double, f64)

__HIPVK_OCML float __ocml_native_exp10_f32(float);
__HIPVK_OCML float __ocml_nan_f32(unsigned int);
__HIPVK_OCML double __ocml_nan_f64(unsigned long long);

#undef __HIPVK_OCML_DECLARE

#undef __HIPVK_OCML
#undef __HIPVK_OCML_PTR

#endif  // __HIP__
