// ROCm's rocPRIM (Debian's librocprim-dev, unmodified), its device-wide algorithms against host
// references at sizes from empty to many tiles: sort.hip, scan.hip, select.hip.
#include "rocprim_device_test.h"

int main() {
  rocprim_test::sort_tests();
  rocprim_test::scan_tests();
  rocprim_test::select_tests();
  return e2e::finish("rocprim_device");
}
