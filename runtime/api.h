// Shared by the hip_api_*.cpp files, the thin layer behind every exported hip* function.
#pragma once

#include <hip/hip_runtime_api.h>

#include <exception>
#include <new>
#include <string>

#include "context.h"
#include "error.h"

namespace hipvk::api {

// Runs the body of an API call: any exception becomes the hipError_t it carries (never a crash),
// and a failure becomes the thread's last error. Success leaves the last error alone (HIP rule).
template <typename Body>
hipError_t call(const char *name, Body &&body) noexcept {
  hipError_t result = hipSuccess;
  try {
    body();
  } catch (const Error &e) {
    result = e.code();
    log("%s: %s", name, e.what());
  } catch (const std::bad_alloc &) {
    result = hipErrorOutOfMemory;
  } catch (const std::exception &e) {
    result = hipErrorUnknown;
    log("%s: %s", name, e.what());
  } catch (...) {
    result = hipErrorUnknown;
  }
  // hipErrorNotReady (a query's answer) is not an error: it leaves the last error alone (HIP rule).
  if (result != hipSuccess && result != hipErrorNotReady) Context::thread().lastError = result;
  return result;
}

inline void requireNonNull(const void *pointer) {
  if (!pointer) fail(hipErrorInvalidValue, "null pointer argument");
}

// A declared entry point whose feature hipvk does not implement yet (listed in
// docs/HIP_ON_VULKAN.md): hipErrorNotSupported, logged under HIPVK_LOG=1 by call().
[[noreturn]] inline void notSupported(const char *what) {
  fail(hipErrorNotSupported, std::string(what) + " is not implemented by hipvk yet");
}

}  // namespace hipvk::api

// Defines the extern "C" entry point `name` with parameter list `params` (unnamed) as
// api::notSupported(what).
#define HIPVK_NOT_SUPPORTED(name, params, what) \
  hipError_t name params { return hipvk::api::call(#name, [] { hipvk::api::notSupported(what); }); }
