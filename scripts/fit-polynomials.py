#!/usr/bin/env python3
"""The polynomial fits of compiler/devicelib/double_algorithms.h, reproduced.

Each is a Chebyshev fit (near-minimax) by mpmath at 80 digits, its coefficients rounded to double
(highest degree first, as the Horner loops take them); the error printed is measured on a grid
after that rounding, in ulps of the function's result (2^-53 relative). Needs mpmath
(Debian: python3-mpmath).
"""
import mpmath as mp

mp.mp.dps = 80
ULP = mp.mpf(2) ** -53


def fit(name, f, lo, hi, degree, weight):
    coefficients, _ = mp.chebyfit(f, [lo, hi], degree + 1, error=True)
    rounded = [mp.mpf(float(c)) for c in coefficients]
    worst = max(abs(mp.polyval(rounded, v) - f(v)) * weight(v)
                for v in (lo + (hi - lo) * i / 4000 for i in range(4001)))
    print(f"{name}: degree {degree}, error {mp.nstr(worst / ULP, 3)} ulp of the result")
    print("  " + ", ".join(float(c).hex() for c in rounded))


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
