#include "narrow_types.h"

int main() {
  run_byte_tests();
  run_short_tests();
  run_half_tests();
  return e2e::finish("narrow_types");
}
