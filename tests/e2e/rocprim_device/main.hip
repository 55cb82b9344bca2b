// ROCm's rocPRIM (Debian's librocprim-dev, unmodified), its device-wide algorithms against host
// references at sizes from empty to many tiles: sort.hip, scan.hip, select.hip.
#include "rocprim_device_test.h"

int main() {
  rocprim_test::sort_tests();
  rocprim_test::scan_tests();
  rocprim_test::select_tests();
  if (!rocprim_test::g_refused.empty()) {
    std::string names;
    for (const std::string &what : rocprim_test::g_refused) names += (names.empty() ? "" : ", ") + what;
    std::printf("rocprim_device: refused as documented (native warps, or AMD's shared memory): %s\n", names.c_str());
  }
  return e2e::finish("rocprim_device");
}
