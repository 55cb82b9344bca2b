// libFuzzer target: hipModuleLoadData, which takes caller-supplied bytes without a size. Each
// input is copied into a heap buffer of exactly its size, so that AddressSanitizer reports any
// read past it; the call must return a HIP error or a module (then unloaded), never crash.
#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  auto image = std::make_unique<uint8_t[]>(size ? size : 1);
  if (size) std::memcpy(image.get(), data, size);
  hipModule_t module = nullptr;
  hipError_t status = hipModuleLoadData(&module, image.get());
  if (status == hipSuccess) {
    if (!module || hipModuleUnload(module) != hipSuccess) std::abort();
  } else if (module) {
    std::abort();  // a failed load hands out nothing
  }
  (void)hipGetLastError();
  return 0;
}
