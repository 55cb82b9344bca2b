// Internal error reporting: runtime code throws hipvk::Error; the API layer (api.h) turns it into
// the hipError_t the caller sees.
#pragma once

#include <hip/hip_runtime_api.h>

#include <stdexcept>
#include <string>

#include "device/vulkan.h"

namespace hipvk {

class Error : public std::runtime_error {
 public:
  Error(hipError_t code, const std::string &message) : std::runtime_error(message), code_(code) {}
  hipError_t code() const { return code_; }

 private:
  hipError_t code_;
};

[[noreturn]] inline void fail(hipError_t code, const std::string &message) { throw Error(code, message); }

// Throws for any failing VkResult; out-of-memory results become hipErrorOutOfMemory.
void check(VkResult result, const char *what);

}  // namespace hipvk
