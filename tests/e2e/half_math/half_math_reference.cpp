// e2e.half_math, host side: the correctly rounded 16-bit result of each function, from MPFR.
// MPFR rounds correctly at any precision; with the exponent range narrowed to the format's and
// mpfr_subnormalize, it rounds correctly to the format's subnormals too (the emulation MPFR's
// manual describes for IEEE formats), so the result is the format's correctly rounded value, once.
#include "half_math.h"

#include <hip/hipvk_detail/fp_convert.h>

#include <mpfr.h>

#include <cmath>

namespace {

double decode(uint16_t bits, const Format &f) {
  const unsigned sign = bits >> (f.eb + f.mb), e = (bits >> f.mb) & ((1u << f.eb) - 1u), m = bits & ((1u << f.mb) - 1u);
  const int bias = (1 << (f.eb - 1)) - 1;
  double v;
  if (e == (1u << f.eb) - 1u) v = m ? NAN : INFINITY;
  else if (e == 0) v = std::ldexp(double(m), 1 - bias - f.mb);
  else v = std::ldexp(double(m | (1u << f.mb)), int(e) - bias - f.mb);
  return sign ? -v : v;
}

int rec(mpfr_t r, const mpfr_t x, mpfr_rnd_t m) { return mpfr_ui_div(r, 1, x, m); }
int rint_even(mpfr_t r, const mpfr_t x, mpfr_rnd_t) { return mpfr_rint(r, x, MPFR_RNDN); }
int ceil_(mpfr_t r, const mpfr_t x, mpfr_rnd_t) { return mpfr_ceil(r, x); }
int floor_(mpfr_t r, const mpfr_t x, mpfr_rnd_t) { return mpfr_floor(r, x); }
int trunc_(mpfr_t r, const mpfr_t x, mpfr_rnd_t) { return mpfr_trunc(r, x); }
// IEEE 754's rSqrt(-0) is -inf (MPFR's rec_sqrt gives +inf for both zeros).
int rsqrt(mpfr_t r, const mpfr_t x, mpfr_rnd_t m) {
  if (mpfr_zero_p(x)) {
    mpfr_set_inf(r, mpfr_signbit(x) ? -1 : 1);
    return 0;
  }
  return mpfr_rec_sqrt(r, x, m);
}

using MpfrFn = int (*)(mpfr_t, const mpfr_t, mpfr_rnd_t);
MpfrFn mpfr_function(Fn fn) {
  switch (fn) {
    case Fn::sqrt: return mpfr_sqrt;
    case Fn::rsqrt: return rsqrt;
    case Fn::rcp: return rec;
    case Fn::exp: return mpfr_exp;
    case Fn::exp2: return mpfr_exp2;
    case Fn::exp10: return mpfr_exp10;
    case Fn::log: return mpfr_log;
    case Fn::log2: return mpfr_log2;
    case Fn::log10: return mpfr_log10;
    case Fn::sin: return mpfr_sin;
    case Fn::cos: return mpfr_cos;
    case Fn::ceil: return ceil_;
    case Fn::floor: return floor_;
    case Fn::trunc: return trunc_;
    case Fn::rint: return rint_even;
  }
  return nullptr;
}

}  // namespace

uint16_t correctly_rounded(Fn fn, const Format &f, uint16_t bits) {
  // The format's range in MPFR's convention (x = 0.1b...b * 2^e): the largest finite value has
  // e = 2^(eb-1), the smallest subnormal 2^(emin - mb) has e = emin - mb + 1.
  const int emax = 1 << (f.eb - 1), emin = 2 - (1 << (f.eb - 1)) - f.mb + 1;
  const mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
  mpfr_t x, y;
  mpfr_init2(x, 64);
  mpfr_init2(y, f.mb + 1);
  mpfr_set_d(x, decode(bits, f), MPFR_RNDN);  // exact, before narrowing the range
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  int t = mpfr_function(fn)(y, x, MPFR_RNDN);
  t = mpfr_check_range(y, t, MPFR_RNDN);
  mpfr_subnormalize(y, t, MPFR_RNDN);
  const double d = mpfr_get_d(y, MPFR_RNDN);  // exact: y has the format's precision and range
  mpfr_set_emin(old_min);
  mpfr_set_emax(old_max);
  mpfr_clears(x, y, static_cast<mpfr_ptr>(nullptr));
  // d is a value of the format (or NaN): the repo's conversion encodes it exactly.
  return f.mb == 10 ? __hipvk_double_to_fp<5, 10>(d, __hipvk_rn) : __hipvk_double_to_fp<8, 7>(d, __hipvk_rn);
}
