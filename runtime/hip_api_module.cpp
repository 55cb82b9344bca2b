// What Clang's generated code calls (registration, <<<>>> configurations, launches) and kernel
// queries. The registration functions run in global constructors and atexit handlers and return
// no error code: failures are reported on stderr and surface later as launch errors.
#include <cstdio>

#include "api.h"
#include "launch.h"
#include "module.h"

using namespace hipvk;

extern "C" {

void **__hipRegisterFatBinary(const void *data) {
  try {
    return Context::instance().registry().registerBinary(data);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hipvk: ignoring embedded device code: %s\n", e.what());
    return nullptr;
  }
}

void __hipUnregisterFatBinary(void **modules) {
  try {
    Context::instance().registry().unregisterBinary(modules);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hipvk: unregistering device code: %s\n", e.what());
  }
}

void __hipRegisterFunction(void **modules, const void *hostFunction, char *, const char *deviceName, int, void *,
                           void *, dim3 *, dim3 *, int *) {
  try {
    Context::instance().registry().registerFunction(modules, hostFunction, deviceName);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hipvk: registering kernel %s: %s\n", deviceName ? deviceName : "(null)", e.what());
  }
}

void __hipRegisterVar(void **modules, void *var, char *, const char *deviceVar, int, size_t, int, int) {
  try {
    Context::instance().registry().registerVar(modules, var, deviceVar);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hipvk: registering variable %s: %s\n", deviceVar ? deviceVar : "(null)", e.what());
  }
}

hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream) {
  return api::call(__func__, [&] { pushCallConfiguration(gridDim, blockDim, sharedMem, stream); });
}

hipError_t __hipPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, hipStream_t *stream) {
  return api::call(__func__, [&] { popCallConfiguration(gridDim, blockDim, sharedMem, stream); });
}

hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
                           size_t sharedMemBytes, hipStream_t stream) {
  return api::call(__func__, [&] {
    launchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  });
}

hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func) {
  return api::call(__func__, [&] {
    api::requireNonNull(attr);
    *attr = functionAttributes(func);
  });
}

}  // extern "C"
