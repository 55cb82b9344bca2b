// What Clang's generated code calls (registration, <<<>>> configurations, launches), kernel
// queries and settings, occupancy, and the module API (hipModuleLoad* and hipFunction_t). The
// registration functions run in global constructors and atexit handlers and return no error code:
// failures are reported on stderr and surface later as launch errors.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "api/api.h"
#include "execution/launch.h"
#include "execution/module.h"

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

void __hipRegisterManagedVar(void *modules, void **pointer, void *, const char *name, size_t, unsigned) {
  try {
    Context::instance().registry().registerManagedVar(static_cast<void **>(modules), pointer, name);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "hipvk: registering managed variable %s: %s\n", name ? name : "(null)", e.what());
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
    *attr = functionAttributes(findFunction(func));
  });
}

}  // extern "C"

// ---- kernels by host function or hipFunction_t -------------------------------------------------
extern "C" {

hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value) {
  return api::call(__func__, [&] { setFunctionAttribute(findFunction(func), api::enumValue(attr), value); });
}

// Cache and bank configurations are hints Vulkan has no control for: validated and remembered.
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config) {
  return api::call(__func__, [&] {
    Function &f = findFunction(func);
    f.cacheConfig = api::cacheConfig(config);
  });
}

hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config) {
  return api::call(__func__, [&] {
    Function &f = findFunction(func);
    f.sharedMemConfig = api::sharedMemConfig(config);
  });
}

// Cooperative launches: the grid must fit what the device runs at once (hipErrorCooperativeLaunchTooLarge
// otherwise, nothing launched); grid.sync() then works (docs/HIP_ON_VULKAN.md, "Grid sync").
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDim, void **kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream) {
  return api::call(__func__, [&] {
    launchKernel(f, gridDim, blockDim, kernelParams, sharedMemBytes, stream, LaunchKind::Cooperative);
  });
}

// One device only: hipvk's grid barrier does not span devices. ROCm's checks, in its order; unlike
// ROCm, the null stream is accepted (hipvk has no other stream yet).
hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams *launchParamsList, int numDevices,
                                                 unsigned int flags) {
  return api::call(__func__, [&] {
    if (!launchParamsList) fail(hipErrorInvalidValue, "launchParamsList is null");
    int devices = int(Context::instance().devices().size());
    if (numDevices > devices) fail(hipErrorInvalidDevice, "more devices than exist");
    if (numDevices < 1) fail(hipErrorInvalidValue, "numDevices must be at least 1");
    if (flags & ~unsigned(hipCooperativeLaunchMultiDeviceNoPreSync | hipCooperativeLaunchMultiDeviceNoPostSync))
      fail(hipErrorInvalidValue, "unknown flags");
    if (numDevices > 1) fail(hipErrorNotSupported, "grid sync across devices (hipvk's barrier spans one device)");
    const hipLaunchParams &p = launchParamsList[0];
    // Pre/post synchronisation with the other devices' work is moot with one device: the launch is
    // in stream order either way.
    launchKernel(p.func, p.gridDim, p.blockDim, p.args, p.sharedMem, p.stream, LaunchKind::Cooperative);
  });
}

hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, const void *f, size_t dynSharedMemPerBlk,
                                             int blockSizeLimit) {
  return api::call(__func__, [&] {
    api::requireNonNull(gridSize);
    api::requireNonNull(blockSize);
    maxPotentialBlockSize(findFunction(f), dynSharedMemPerBlk, blockSizeLimit, gridSize, blockSize);
  });
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f, int blockSize,
                                                                 size_t dynSharedMemPerBlk, unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(numBlocks);
    if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
      fail(hipErrorInvalidValue, "unknown occupancy flags");
    *numBlocks = maxActiveBlocksPerMultiprocessor(findFunction(f), blockSize, dynSharedMemPerBlk);
  });
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *f, int blockSize,
                                                        size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, f, blockSize, dynSharedMemPerBlk,
                                                               hipOccupancyDefault);
}

// ---- the module API ---------------------------------------------------------------------------

hipError_t hipModuleLoad(hipModule_t *module, const char *fname) {
  return api::call(__func__, [&] {
    api::requireNonNull(module);
    api::requireNonNull(fname);
    *module = nullptr;
    std::ifstream in(fname, std::ios::binary);
    std::error_code ec;
    if (!in || std::filesystem::is_directory(fname, ec)) fail(hipErrorFileNotFound, std::string("cannot open ") + fname);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.empty()) fail(hipErrorInvalidKernelFile, std::string(fname) + " is empty");
    *module = reinterpret_cast<hipModule_t>(Context::instance().registry().load(bytes.data(), bytes.size()));
  });
}

hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  return api::call(__func__, [&] {
    api::requireNonNull(module);
    api::requireNonNull(image);
    *module = nullptr;
    *module = reinterpret_cast<hipModule_t>(Context::instance().registry().load(image, Module::kUnknownSize));
  });
}

// JIT options are accepted and ignored: a hipvk code object is already SPIR-V.
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions, hipJitOption *options,
                               void **optionValues) {
  if (numOptions > 0 && (!options || !optionValues))
    return api::call(__func__, [&] { fail(hipErrorInvalidValue, "JIT options without values"); });
  if (numOptions > 0) log("hipModuleLoadDataEx: ignoring %u JIT option(s)", numOptions);
  return hipModuleLoadData(module, image);
}

hipError_t hipModuleUnload(hipModule_t module) {
  return api::call(__func__, [&] {
    Context::instance().registry().unload(&Context::instance().registry().loaded(module));
  });
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname) {
  return api::call(__func__, [&] {
    api::requireNonNull(function);
    api::requireNonNull(kname);
    Module &m = Context::instance().registry().loaded(module);
    Function *f = m.function(kname);
    if (!f) fail(hipErrorNotFound, std::string("no kernel named ") + kname + " in the module");
    *function = reinterpret_cast<hipFunction_t>(f);
  });
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod, const char *name) {
  return api::call(__func__, [&] {
    api::requireNonNull(name);
    if (!dptr && !bytes) fail(hipErrorInvalidValue, "neither dptr nor bytes");
    Module &m = Context::instance().registry().loaded(hmod);
    const GlobalInfo *g = m.global(name);
    if (!g) fail(hipErrorNotFound, std::string("no global named ") + name + " in the module");
    if (dptr) {
      *dptr = reinterpret_cast<hipDeviceptr_t>(m.instance(Context::instance().currentDevice()).address(*g));
    }
    if (bytes) *bytes = size_t(g->size);
  });
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams, void **extra) {
  return api::call(__func__, [&] {
    Function *function = Context::instance().registry().function(f);
    if (!function) fail(hipErrorInvalidHandle, "not a function of a loaded module");
    if (kernelParams && extra) fail(hipErrorInvalidValue, "both kernelParams and extra");
    LaunchArguments args = extra ? argumentsFromExtra(extra) : LaunchArguments{kernelParams};
    launchKernel(*function, dim3(gridDimX, gridDimY, gridDimZ), dim3(blockDimX, blockDimY, blockDimZ), args,
                 sharedMemBytes, stream);
  });
}

hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                            unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                            unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                            void **kernelParams) {
  return api::call(__func__, [&] {
    Function *function = Context::instance().registry().function(f);
    if (!function) fail(hipErrorInvalidHandle, "not a function of a loaded module");
    launchKernel(*function, dim3(gridDimX, gridDimY, gridDimZ), dim3(blockDimX, blockDimY, blockDimZ),
                 LaunchArguments{kernelParams}, sharedMemBytes, stream, LaunchKind::Cooperative);
  });
}

hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t hfunc) {
  return api::call(__func__, [&] {
    api::requireNonNull(value);
    Function *function = Context::instance().registry().function(hfunc);
    if (!function) fail(hipErrorInvalidHandle, "not a function of a loaded module");
    hipFuncAttributes a = functionAttributes(*function);
    switch (api::enumValue(attrib)) {
    case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = a.maxThreadsPerBlock; break;
    case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = int(a.sharedSizeBytes); break;
    case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = int(a.constSizeBytes); break;
    case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = int(a.localSizeBytes); break;
    case HIP_FUNC_ATTRIBUTE_NUM_REGS: *value = a.numRegs; break;
    case HIP_FUNC_ATTRIBUTE_PTX_VERSION: *value = a.ptxVersion; break;
    case HIP_FUNC_ATTRIBUTE_BINARY_VERSION: *value = a.binaryVersion; break;
    case HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA: *value = a.cacheModeCA; break;
    case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = a.maxDynamicSharedSizeBytes; break;
    case HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *value = a.preferredShmemCarveout; break;
    default: fail(hipErrorInvalidValue, "unknown hipFunction_attribute");
    }
  });
}

hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, hipFunction_t f,
                                                            size_t dynSharedMemPerBlk, int blockSizeLimit,
                                                            unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(gridSize);
    api::requireNonNull(blockSize);
    if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
      fail(hipErrorInvalidValue, "unknown occupancy flags");
    Function *function = Context::instance().registry().function(f);
    if (!function) fail(hipErrorInvalidHandle, "not a function of a loaded module");
    maxPotentialBlockSize(*function, dynSharedMemPerBlk, blockSizeLimit, gridSize, blockSize);
  });
}

hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit) {
  return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit,
                                                          hipOccupancyDefault);
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, hipFunction_t f, int blockSize,
                                                                       size_t dynSharedMemPerBlk, unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(numBlocks);
    if (flags != hipOccupancyDefault && flags != hipOccupancyDisableCachingOverride)
      fail(hipErrorInvalidValue, "unknown occupancy flags");
    Function *function = Context::instance().registry().function(f);
    if (!function) fail(hipErrorInvalidHandle, "not a function of a loaded module");
    *numBlocks = maxActiveBlocksPerMultiprocessor(*function, blockSize, dynSharedMemPerBlk);
  });
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f, int blockSize,
                                                              size_t dynSharedMemPerBlk) {
  return hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, f, blockSize, dynSharedMemPerBlk,
                                                                     hipOccupancyDefault);
}

}  // extern "C"
