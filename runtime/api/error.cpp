#include "api/error.h"

namespace hipvk {

void check(VkResult result, const char *what) {
  if (result >= 0) return;
  hipError_t code = hipErrorUnknown;
  switch (result) {
  case VK_ERROR_OUT_OF_HOST_MEMORY:
  case VK_ERROR_OUT_OF_DEVICE_MEMORY:
  case VK_ERROR_TOO_MANY_OBJECTS:
    code = hipErrorOutOfMemory;
    break;
  case VK_ERROR_DEVICE_LOST:
    code = hipErrorLaunchFailure;
    break;
  case VK_ERROR_INITIALIZATION_FAILED:
  case VK_ERROR_INCOMPATIBLE_DRIVER:
    code = hipErrorNoDevice;
    break;
  default:
    break;
  }
  fail(code, std::string(what) + " failed: VkResult " + std::to_string(int(result)));
}

}  // namespace hipvk
