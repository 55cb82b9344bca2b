// Shared by the hip_api_*.cpp files, the thin layer behind every exported hip* function.
#pragma once

#include <hip/hip_runtime_api.h>

#include <concepts>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <type_traits>

#include "device/context.h"
#include "api/error.h"

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

// The integer a caller passed for a parameter (or a field) of one of HIP's enum types. ROCm's enums
// have no fixed underlying type, so a value outside the range their enumerators span (any int a C
// caller may pass) is no value of the type: reading the parameter as the enum is undefined
// behaviour (UBSan: "load of value ..., which is not a valid value for type"). Its bytes are read
// instead; checks compare integers, and the enum is made only of a value known to be valid.
template <typename E>
  requires std::is_enum_v<E>
std::underlying_type_t<E> enumValue(const E &parameter) noexcept {
  std::underlying_type_t<E> value;
  std::memcpy(&value, &parameter, sizeof value);
  return value;
}

// `parameter` as the enum when its value is one of first..last (contiguous enumerators), else
// fail(error) naming `what`.
template <typename E>
  requires std::is_enum_v<E>
E enumArgument(const E &parameter, E first, E last, hipError_t error, const char *what) {
  const auto value = enumValue(parameter);
  if (value < std::underlying_type_t<E>(first) || value > std::underlying_type_t<E>(last))
    fail(error, std::string("unknown ") + what + " " + std::to_string(value));
  return static_cast<E>(value);
}

// A hipMemcpyKind argument, checked as ROCm does (hipErrorInvalidMemcpyDirection).
inline hipMemcpyKind copyKind(const hipMemcpyKind &kind) {
  return enumArgument(kind, hipMemcpyHostToHost, hipMemcpyDefault, hipErrorInvalidMemcpyDirection, "hipMemcpyKind");
}

// Cache and shared-memory bank configurations (device-wide or per kernel): hipErrorInvalidValue.
inline hipFuncCache_t cacheConfig(const hipFuncCache_t &config) {
  return enumArgument(config, hipFuncCachePreferNone, hipFuncCachePreferEqual, hipErrorInvalidValue, "cache config");
}
inline hipSharedMemConfig sharedMemConfig(const hipSharedMemConfig &config) {
  return enumArgument(config, hipSharedMemBankSizeDefault, hipSharedMemBankSizeEightByte, hipErrorInvalidValue,
                      "shared memory config");
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
