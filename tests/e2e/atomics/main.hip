// HIP's atomic functions on global and __shared__ memory, fences and block votes, checked against
// host references (several translation units, as real programs are built).
#include "atomics.h"

int main() {
  test_contended_integers();
  test_contended_floats();
  test_wrapping_counters();
  test_histograms();
  test_block_votes();
  test_fenced_reduction();
  test_shared_wide();
  return e2e::finish("atomics");
}
