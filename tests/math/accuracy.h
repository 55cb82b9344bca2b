// The math accuracy harness (tests/math): every function of the table below runs in a HIP kernel
// over many inputs, and its error is measured in ulps against a reference that is correctly
// rounded or far more accurate (MPFR; glibc's double functions for single-precision ones, whose
// errors are below 2^-27 float ulp). Special values (NaN, infinities, signed zeros) must match
// C99's exactly. Each function fails past its bound: HIP's documented maximum ulp error, CUDA's
// where HIP documents none.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

// One function under test. `arity` 1 or 2; lo/hi bound the "focused" inputs (beside random bit
// patterns over the whole range and edge cases); `bound` is the allowed max ulp error.
struct MathCase {
  const char *name;
  int arity;
  bool isDouble;
  double bound;
  double lo, hi;
  bool domainOnly; // random inputs too are drawn inside lo..hi (the reference is not valid outside)
};

// Launches the kernel of case `index` over n inputs (x, y) and writes n results (as double).
// Returns false when the runtime refused the kernel where it may (SwiftShader: software doubles).
bool runDeviceCase(size_t index, const std::vector<double> &x, const std::vector<double> &y, std::vector<double> &out);
const std::vector<MathCase> &mathCases();

// The correctly rounded result of case `index` at (x, y), as a float or double value.
double referenceValue(size_t index, double x, double y);
