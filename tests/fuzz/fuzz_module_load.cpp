// libFuzzer target: hipModuleLoadData, which takes caller-supplied bytes without a size. Each
// input is copied into a heap buffer of its size, at least kHeaderBytes (zero-filled): the API
// cannot know the size, so an image must hold at least the header it starts with; AddressSanitizer
// reports any read past the buffer. The call must return a HIP error or a module (then unloaded).
#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

constexpr size_t kHeaderBytes = 64;  // a blob header or a Clang wrapper, with room to spare

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  auto image = std::make_unique<uint8_t[]>(size > kHeaderBytes ? size : kHeaderBytes);  // zeroed
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
