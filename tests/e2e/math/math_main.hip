// e2e.math: integer intrinsics bit-exact against a host model; directed-rounding arithmetic and
// conversions against the host's IEEE arithmetic under fesetround; the C/C++ call forms (std::,
// overloads, integer and mixed arguments, __host__ __device__ callers, templates, results through
// pointers to shared and local memory) and C99's special values, exactly.
#include "math_test.h"

int main() {
  const std::vector<unsigned> bits = e2e::pseudo_random(4099, 7);
  checkIntegerIntrinsics(bits);
  checkRoundedArithmetic(bits);
  if (const int refused = checkCallForms())
    std::printf("%d functions' double special values not run: the runtime refused their kernels on this device\n", refused);
  return e2e::finish("math");
}
