// References of the accuracy harness. Double cases: MPFR, correctly rounded to double (53 bits,
// subnormals included). Float cases: glibc's long double functions (errors of a few long double
// ulps, 2^-40 float ulp), rounded to float.
#include "accuracy.h"

#include <mpfr.h>

#include <cmath>

namespace {

int hipvk_mpfr_lgamma(mpfr_t rop, const mpfr_t op, mpfr_rnd_t rnd) {
  int sign;
  return mpfr_lgamma(rop, &sign, op, rnd);
}
// x*y - RN(x*y): what fma(x, y, -x*y) computes exactly (RN(x*y) as the host's double product).
int hipvk_mpfr_fma_error(mpfr_t rop, const mpfr_t x, const mpfr_t y, mpfr_rnd_t rnd) {
  mpfr_t product;
  mpfr_init2(product, 53);
  mpfr_set_d(product, -(mpfr_get_d(x, MPFR_RNDN) * mpfr_get_d(y, MPFR_RNDN)), MPFR_RNDN);
  int t = mpfr_fma(rop, x, y, product, rnd);
  mpfr_clear(product);
  return t;
}
// IEEE's rSqrt(+-0) is +-infinity (MPFR's rec_sqrt gives +infinity for both zeros).
int hipvk_mpfr_rsqrt(mpfr_t rop, const mpfr_t x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x)) {
    mpfr_set_inf(rop, mpfr_signbit(x) ? -1 : 1);
    return 0;
  }
  return mpfr_rec_sqrt(rop, x, rnd);
}

template <typename F> double mpfrUnary(F f, double x) {
  mpfr_t a, r;
  mpfr_inits2(53, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  int t = f(r, a, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double d = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  return d;
}
template <typename F> double mpfrBinary(F f, double x, double y) {
  mpfr_t a, b, r;
  mpfr_inits2(53, a, b, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  int t = f(r, a, b, MPFR_RNDN);
  mpfr_subnormalize(r, t, MPFR_RNDN);
  double d = mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
  return d;
}
double mpfrCall(int (*f)(mpfr_t, const mpfr_t, mpfr_rnd_t), double x, double) { return mpfrUnary(f, x); }
double mpfrCall(int (*f)(mpfr_t, const mpfr_t, const mpfr_t, mpfr_rnd_t), double x, double y) { return mpfrBinary(f, x, y); }

using ReferenceFunction = double (*)(double, double);
const ReferenceFunction kReferences[] = {
#define FLOAT_CASE(NAME, ARITY, EXPR, REF, BOUND, LO, HI, DOMAIN_ONLY) \
  [](double dx, [[maybe_unused]] double dy) -> double {                   \
    long double x = dx, y = dy;                                            \
    (void)y;                                                               \
    return double(float(REF));                                             \
  },
#define DOUBLE_CASE(NAME, ARITY, EXPR, MPFR, BOUND, LO, HI, DOMAIN_ONLY) \
  [](double x, double y) -> double { return mpfrCall(MPFR, x, y); },
#include "accuracy_cases.def"
};

} // namespace

double referenceValue(size_t index, double x, double y) {
  static const bool emin = [] {
    mpfr_set_emin(-1073); // double's subnormals (mpfr_subnormalize rounds to them)
    mpfr_set_emax(1024);
    return true;
  }();
  (void)emin;
  return kReferences[index](x, y);
}
