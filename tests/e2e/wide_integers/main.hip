#include "wide_integers.h"

int main() {
  wide::check_arithmetic();
  wide::check_conversions();
  wide::check_pointers();
  wide::check_warp();
  return e2e::finish("wide_integers");
}
