#!/usr/bin/env python3
"""The polynomial fits of compiler/devicelib/double_algorithms.h and of erff in float_algorithms.h,
reproduced.

Each is a Chebyshev fit (near-minimax) by mpmath at 80 digits, its coefficients rounded to double
or float (highest degree first, as the Horner loops take them); the error printed is measured on a
grid after that rounding, in ulps of the function's result (2^-53 or 2^-24 relative). Needs mpmath
(Debian: python3-mpmath).
"""
import struct

import mpmath as mp

mp.mp.dps = 80
ULP = mp.mpf(2) ** -53


def to_float(v):
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def float_literal(v):
    mantissa, exponent = to_float(v).hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent + "f"


# The formats the coefficients are rounded to: rounding, ulp of the result, C++ literal.
DOUBLE = (float, ULP, lambda v: float(v).hex())
FLOAT = (to_float, mp.mpf(2) ** -24, float_literal)


def fit(name, f, lo, hi, degree, weight, format=DOUBLE, constant=None):
    """Prints the error and the coefficients; `constant` replaces the last one's printed value."""
    rounding, ulp, literal = format
    rounded = [mp.mpf(rounding(c)) for c in mp.chebyfit(f, [lo, hi], degree + 1)]
    worst = max(abs(mp.polyval(rounded, v) - f(v)) * weight(v)
                for v in (lo + (hi - lo) * i / 4000 for i in range(4001)))
    print(f"{name}: degree {degree}, error {mp.nstr(worst / ulp, 3)} ulp of the result")
    printed = rounded if constant is None else rounded[:-1] + [constant]
    print("  " + ", ".join(literal(c) for c in printed))


def tiny(v):
    return abs(v) < mp.mpf(10) ** -30


# exp: e^r = 1 + r + r^2 Q(r) on |r| <= ln2/2 (with a margin for the reduction's rounding).
half_ln2 = mp.log(2) / 2 * (1 + mp.mpf(2) ** -16)
fit("exp Q", lambda r: mp.mpf(1) / 2 + r / 6 if tiny(r) else (mp.exp(r) - 1 - r) / r**2,
    -half_ln2, half_ln2, 10, lambda r: r * r / mp.exp(r))

# sin r = r + r^3 S(r^2), cos r = 1 + r^2 C(r^2) on |r| <= pi/4, as functions of z = r^2.
z_max = (mp.pi / 4) ** 2 * (1 + mp.mpf(2) ** -16)
fit("sin S", lambda z: -mp.mpf(1) / 6 + z / 120 if tiny(z) else (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / (z * mp.sqrt(z)),
    0, z_max, 6, lambda z: z / (1 - z / 6))
fit("cos C", lambda z: -mp.mpf(1) / 2 + z / 24 if tiny(z) else (mp.cos(mp.sqrt(z)) - 1) / z,
    0, z_max, 6, lambda z: z / mp.cos(mp.sqrt(z)))


# erff by pieces (float_algorithms.h, errorFunction).
# |x| < 3/4: erf(x) = x + x P(x^2), P(s) = erf(sqrt(s)) / sqrt(s) - 1.
fit("erf P", lambda s: 2 / mp.sqrt(mp.pi) - 1 if s == 0 else mp.erf(mp.sqrt(s)) / mp.sqrt(s) - 1,
    0, (mp.mpf(3) / 4) ** 2, 5, lambda s: 1, FLOAT)
# [3/4, 2) and [2, 3.92): erf(c + u) = e + u Q(u), the centre c (a multiple of 2^-8 near the middle,
# so that |x| - c is exact) where erf(c) is nearest to a float e, which is the constant term.
for lo, hi in ((mp.mpf(3) / 4, mp.mpf(2)), (mp.mpf(2), mp.mpf("3.92"))):
    middle = mp.nint((lo + hi) / 2 * 256) / 256
    centre = min((middle + mp.mpf(k) / 256 for k in range(-100, 101)),
                 key=lambda c: abs(mp.erf(c) - to_float(mp.erf(c))))
    e = mp.mpf(to_float(mp.erf(centre)))
    fit(f"erf on [{mp.nstr(lo, 3)}, {mp.nstr(hi, 3)}), centre {float_literal(centre)}",
        lambda u: mp.erf(centre + u) - e, lo - centre, hi - centre, 10, lambda u: 1 / mp.erf(centre + u), FLOAT, e)
