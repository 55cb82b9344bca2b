// libFuzzer target: hipModuleLoadData, which takes caller-supplied bytes without a size. Each input
// is placed so that it ends exactly where readable memory ends (a PROT_NONE page follows it): the
// runtime cannot know the image's size, and must read no further than memory is mapped, whatever
// sizes the bytes claim (docs/HIP_ON_VULKAN.md). A read past the end is a crash here. The call must
// return a HIP error or a module (then unloaded).
#include <hip/hip_runtime_api.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  const size_t readable = (size + page - 1) / page * page + page;  // at least one readable page
  auto *region = static_cast<uint8_t *>(mmap(nullptr, readable + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (region == MAP_FAILED || mprotect(region + readable, page, PROT_NONE) != 0) std::abort();
  uint8_t *image = region + readable - size;
  if (size) std::memcpy(image, data, size);
  hipModule_t module = nullptr;
  hipError_t status = hipModuleLoadData(&module, image);
  if (status == hipSuccess) {
    if (!module || hipModuleUnload(module) != hipSuccess) std::abort();
  } else if (module) {
    std::abort();  // a failed load hands out nothing
  }
  (void)hipGetLastError();
  munmap(region, readable + page);
  return 0;
}
