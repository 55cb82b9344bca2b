// e2e.math: integer intrinsics bit-exact against a host model; directed-rounding arithmetic and
// conversions against the host's IEEE arithmetic under fesetround; the C/C++ call forms (std::,
// overloads, integer and mixed arguments, __host__ __device__ callers, templates, results through
// pointers to shared and local memory) and C99's special values, exactly.
#include "math_test.h"

int main() {
  const std::vector<unsigned> bits = e2e::pseudo_random(4099, 7);
  checkIntegerIntrinsics(bits);
  checkRoundedArithmetic(bits);
  const bool doubleSpecialsRan = checkCallForms();
  if (!doubleSpecialsRan && e2e::g_failures == 0)
    e2e::skip_missing_feature("the double special values in software doubles (beyond SwiftShader's shader compiler)",
                              "Float64");
  return e2e::finish("math");
}
