// Device management as real programs use it: properties and attributes agree with each other and
// with what kernels observe, device queries, flags, limits, cache configurations, peer access,
// streams that exist (null, per-thread), and hipDeviceReset followed by more work.
#include <cstring>
#include <string>
#include <vector>

#include "test_common.h"

__device__ int resetProbe[4] = {5, 6, 7, 8};

__global__ void observe(int *out) {
  out[0] = warpSize;
  out[1] = blockDim.x;
  out[2] = gridDim.x;
}

template <typename T> __global__ void fill(T *out, T base, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = base + T(i) + T(resetProbe[i % 4]);
}

namespace {

void expectError(const char *what, hipError_t got, hipError_t want) {
  if (got != want)
    std::fprintf(stderr, "%s: got %s, expected %s\n", what, hipGetErrorName(got), hipGetErrorName(want));
  e2e::check(got == want, what);
  (void)hipGetLastError();
}

int attribute(hipDeviceAttribute_t a, int device) {
  int v = -12345;
  HIP_CHECK(hipDeviceGetAttribute(&v, a, device));
  return v;
}

void checkAttributes(int d, const hipDeviceProp_t &p) {
  struct Pair {
    hipDeviceAttribute_t attr;
    long long prop;
    const char *name;
  } pairs[] = {
      {hipDeviceAttributeWarpSize, p.warpSize, "warpSize"},
      {hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock, "maxThreadsPerBlock"},
      {hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0], "maxThreadsDim[0]"},
      {hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1], "maxThreadsDim[1]"},
      {hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2], "maxThreadsDim[2]"},
      {hipDeviceAttributeMaxGridDimX, p.maxGridSize[0], "maxGridSize[0]"},
      {hipDeviceAttributeMaxGridDimY, p.maxGridSize[1], "maxGridSize[1]"},
      {hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2], "maxGridSize[2]"},
      {hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount, "multiProcessorCount"},
      {hipDeviceAttributeMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock, "sharedMemPerBlock"},
      {hipDeviceAttributeSharedMemPerMultiprocessor, (long long)p.sharedMemPerMultiprocessor, "sharedMemPerMP"},
      {hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock, "regsPerBlock"},
      {hipDeviceAttributeClockRate, p.clockRate, "clockRate"},
      {hipDeviceAttributeMemoryClockRate, p.memoryClockRate, "memoryClockRate"},
      {hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth, "memoryBusWidth"},
      {hipDeviceAttributeL2CacheSize, p.l2CacheSize, "l2CacheSize"},
      {hipDeviceAttributeComputeCapabilityMajor, p.major, "major"},
      {hipDeviceAttributeComputeCapabilityMinor, p.minor, "minor"},
      {hipDeviceAttributeIntegrated, p.integrated, "integrated"},
      {hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory, "canMapHostMemory"},
      {hipDeviceAttributeManagedMemory, p.managedMemory, "managedMemory"},
      {hipDeviceAttributeConcurrentKernels, p.concurrentKernels, "concurrentKernels"},
      {hipDeviceAttributePciBusId, p.pciBusID, "pciBusID"},
      {hipDeviceAttributePciDeviceId, p.pciDeviceID, "pciDeviceID"},
      {hipDeviceAttributePciDomainID, p.pciDomainID, "pciDomainID"},
      {hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor, "maxThreadsPerMP"},
      {hipDeviceAttributeMaxBlocksPerMultiProcessor, p.maxBlocksPerMultiProcessor, "maxBlocksPerMP"},
      {hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch, "cooperativeLaunch"},
      {hipDeviceAttributeIsLargeBar, p.isLargeBar, "isLargeBar"},
      {hipDeviceAttributeClockInstructionRate, p.clockInstructionRate, "clockInstructionRate"},
      {hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, (long long)p.maxSharedMemoryPerMultiProcessor,
       "maxSharedMemoryPerMultiProcessor"},
  };
  for (const Pair &pair : pairs) e2e::expect_eq(pair.name, d, (long long)attribute(pair.attr, d), pair.prop);

  // Every attribute ROCm 6.2 defines answers (the Unused placeholders are invalid, as in ROCm).
  int answered = 0;
  for (int a = hipDeviceAttributeCudaCompatibleBegin; a <= hipDeviceAttributeHostNumaId; ++a) {
    int v = 0;
    hipError_t e = hipDeviceGetAttribute(&v, hipDeviceAttribute_t(a), d);
    bool unused = a == hipDeviceAttributeUnused1 || a == hipDeviceAttributeUnused2;
    e2e::check(e == (unused ? hipErrorInvalidValue : hipSuccess), "every CUDA-compatible attribute answers");
    answered += e == hipSuccess;
  }
  for (int a = hipDeviceAttributeAmdSpecificBegin; a <= hipDeviceAttributeMaxAvailableVgprsPerThread; ++a) {
    int v = 0;
    hipError_t e = hipDeviceGetAttribute(&v, hipDeviceAttribute_t(a), d);
    bool unused = a == hipDeviceAttributeUnused3 || a == hipDeviceAttributeUnused4 || a == hipDeviceAttributeUnused5;
    e2e::check(e == (unused ? hipErrorInvalidValue : hipSuccess), "every AMD attribute answers");
    answered += e == hipSuccess;
  }
  e2e::check(answered > 100, "attributes answered");
  (void)hipGetLastError();
  int v = 0;
  expectError("attribute 9999", hipDeviceGetAttribute(&v, hipDeviceAttributeCudaCompatibleEnd, d), hipErrorInvalidValue);
  expectError("attribute 12345", hipDeviceGetAttribute(&v, hipDeviceAttribute_t(12345), d), hipErrorInvalidValue);
  expectError("attribute null", hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, d), hipErrorInvalidValue);
  expectError("attribute of a missing device", hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 1000),
              hipErrorInvalidDevice);

  // Sanity of the values themselves.
  e2e::check(p.warpSize >= 1 && (p.warpSize & (p.warpSize - 1)) == 0, "warpSize is a power of two");
  e2e::check(p.maxThreadsPerBlock >= 64, "maxThreadsPerBlock");
  e2e::check(p.totalGlobalMem > (64u << 20), "totalGlobalMem");
  e2e::check(p.sharedMemPerBlock >= 16384, "sharedMemPerBlock");
  e2e::check(p.multiProcessorCount >= 1, "multiProcessorCount");
  e2e::check(p.clockRate > 0 && p.memoryBusWidth > 0, "documented clock and bus defaults");
  e2e::check(std::strncmp(p.gcnArchName, "gfx900:vulkan:", 14) == 0, "gcnArchName names the Vulkan device");
  e2e::check(std::strstr(p.gcnArchName, p.name) != nullptr, "gcnArchName contains the device name");
}

void checkQueries(int d, const hipDeviceProp_t &p) {
  hipDevice_t handle = -1;
  HIP_CHECK(hipDeviceGet(&handle, d));
  e2e::expect_eq("hipDeviceGet", d, handle, d);
  char name[256], shortName[8];
  HIP_CHECK(hipDeviceGetName(name, sizeof(name), handle));
  e2e::check(std::strcmp(name, p.name) == 0, "hipDeviceGetName");
  HIP_CHECK(hipDeviceGetName(shortName, sizeof(shortName), handle));
  e2e::check(std::strncmp(shortName, p.name, 7) == 0 && shortName[7] == '\0', "hipDeviceGetName truncates");
  size_t total = 0;
  HIP_CHECK(hipDeviceTotalMem(&total, handle));
  e2e::expect_eq("hipDeviceTotalMem", d, total, p.totalGlobalMem);
  int major = -1, minor = -1;
  HIP_CHECK(hipDeviceComputeCapability(&major, &minor, handle));
  e2e::check(major == p.major && minor == p.minor, "hipDeviceComputeCapability");
  char bus[64];
  HIP_CHECK(hipDeviceGetPCIBusId(bus, sizeof(bus), d));
  char want[64];
  std::snprintf(want, sizeof(want), "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  e2e::check(std::strcmp(bus, want) == 0, "hipDeviceGetPCIBusId format");
  int found = -1;
  HIP_CHECK(hipDeviceGetByPCIBusId(&found, bus));
  hipDeviceProp_t fp;
  HIP_CHECK(hipGetDeviceProperties(&fp, found));
  e2e::check(fp.pciBusID == p.pciBusID && fp.pciDeviceID == p.pciDeviceID, "hipDeviceGetByPCIBusId round trip");
  expectError("bus id buffer too small", hipDeviceGetPCIBusId(bus, 4, d), hipErrorInvalidValue);
  expectError("malformed bus id", hipDeviceGetByPCIBusId(&found, "nonsense"), hipErrorInvalidValue);
  expectError("absent bus id", hipDeviceGetByPCIBusId(&found, "ffff:ff:1f.0"), hipErrorInvalidDevice);
  hipUUID uuid;
  HIP_CHECK(hipDeviceGetUuid(&uuid, d));
  e2e::check(std::memcmp(uuid.bytes, p.uuid.bytes, 16) == 0, "hipDeviceGetUuid");

  // Peer access is truthful: no device is its own peer, different Vulkan devices are not peers.
  int can = -1;
  HIP_CHECK(hipDeviceCanAccessPeer(&can, d, d));
  e2e::expect_eq("can access self", d, can, 0);
  expectError("peer of a missing device", hipDeviceCanAccessPeer(&can, d, 99), hipErrorInvalidDevice);
  HIP_CHECK(hipSetDevice(d));
  expectError("enable self", hipDeviceEnablePeerAccess(d, 0), hipErrorInvalidDevice);
  expectError("disable self", hipDeviceDisablePeerAccess(d), hipErrorInvalidDevice);
}

void checkSettings() {
  unsigned flags = 99;
  HIP_CHECK(hipGetDeviceFlags(&flags));
  e2e::expect_eq("default flags", 0, flags, 0u);
  HIP_CHECK(hipSetDeviceFlags(hipDeviceScheduleYield | hipDeviceMapHost));
  HIP_CHECK(hipGetDeviceFlags(&flags));
  e2e::expect_eq("flags", 0, flags, unsigned(hipDeviceScheduleYield | hipDeviceMapHost));
  expectError("bad flags", hipSetDeviceFlags(0x1000), hipErrorInvalidValue);
  expectError("two schedules", hipSetDeviceFlags(hipDeviceScheduleSpin | hipDeviceScheduleYield), hipErrorInvalidValue);

  size_t value = 0;
  for (hipLimit_t limit : {hipLimitStackSize, hipLimitPrintfFifoSize, hipLimitMallocHeapSize}) {
    HIP_CHECK(hipDeviceGetLimit(&value, limit));
    e2e::check(value > 0, "default limit");
    HIP_CHECK(hipDeviceSetLimit(limit, 4096 + size_t(limit)));
    HIP_CHECK(hipDeviceGetLimit(&value, limit));
    e2e::expect_eq("limit round trip", int(limit), value, 4096 + size_t(limit));
  }
  expectError("unsupported limit", hipDeviceGetLimit(&value, hipLimitRange), hipErrorUnsupportedLimit);
  expectError("unsupported limit set", hipDeviceSetLimit(hipLimit_t(0x77), 1), hipErrorUnsupportedLimit);

  hipFuncCache_t cache;
  HIP_CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferShared));
  HIP_CHECK(hipDeviceGetCacheConfig(&cache));
  e2e::check(cache == hipFuncCachePreferShared, "cache config");
  hipSharedMemConfig bank;
  HIP_CHECK(hipDeviceGetSharedMemConfig(&bank));
  e2e::check(bank == hipSharedMemBankSizeFourByte, "default bank size");
  HIP_CHECK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte));
  HIP_CHECK(hipDeviceGetSharedMemConfig(&bank));
  e2e::check(bank == hipSharedMemBankSizeEightByte, "bank size");
  int least = 1, greatest = 1;
  HIP_CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  e2e::check(least == 1 && greatest == -1, "stream priority range (ROCm's: low 1, high -1)");

  // Per-kernel settings are accepted and reported.
  HIP_CHECK(hipFuncSetCacheConfig(observe, hipFuncCachePreferL1));
  HIP_CHECK(hipFuncSetSharedMemConfig(observe, hipSharedMemBankSizeFourByte));
  HIP_CHECK(hipFuncSetAttribute(observe, hipFuncAttributeMaxDynamicSharedMemorySize, 2048));
  hipFuncAttributes attrs;
  HIP_CHECK(hipFuncGetAttributes(&attrs, observe));
  e2e::expect_eq("kernel max dynamic shared", 0, attrs.maxDynamicSharedSizeBytes, 2048);
  expectError("carveout out of range", hipFuncSetAttribute(observe, hipFuncAttributePreferredSharedMemoryCarveout, 101),
              hipErrorInvalidValue);
  int gridSize = 0, blockSize = 0;
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&gridSize, &blockSize, fill<float>, 0, 0));
  e2e::check(blockSize > 0 && gridSize > 0, "occupancy of a <<<>>> kernel");
}

// Launches fill<T> on `n` elements and checks them: used before and after hipDeviceReset.
template <typename T> void fillAndCheck(int n, T base, hipStream_t stream) {
  e2e::DeviceBuffer<T> out(n);
  hipLaunchKernelGGL(fill<T>, dim3((n + 63) / 64), dim3(64), 0, stream, out.ptr, base, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> got(n);
  out.download(got);
  int probe[4];
  HIP_CHECK(hipMemcpyFromSymbol(probe, HIP_SYMBOL(resetProbe), sizeof(probe)));
  for (int i = 0; i < n; ++i) e2e::expect_eq("fill", i, got[i], T(base + T(i) + T(probe[i % 4])));
}

}  // namespace

int main() {
  int count = 0;
  HIP_CHECK(hipInit(0));
  expectError("hipInit flags", hipInit(1), hipErrorInvalidValue);
  int driver = 0, runtime = 0;
  HIP_CHECK(hipDriverGetVersion(&driver));
  HIP_CHECK(hipRuntimeGetVersion(&runtime));
  e2e::check(driver == HIP_VERSION && runtime == HIP_VERSION && HIP_VERSION_MAJOR == 6, "versions are HIP 6.2");
  HIP_CHECK(hipGetDeviceCount(&count));
  e2e::check(count >= 1, "at least one device");
  for (int d = 0; d < count; ++d) {
    hipDeviceProp_t p;
    HIP_CHECK(hipGetDeviceProperties(&p, d));
    checkAttributes(d, p);
    checkQueries(d, p);
  }
  HIP_CHECK(hipSetDevice(0));
  hipDeviceProp_t p0;
  HIP_CHECK(hipGetDeviceProperties(&p0, 0));
  hipDeviceProp_t want{};
  want.major = 9;
  want.warpSize = p0.warpSize;
  int chosen = -1;
  HIP_CHECK(hipChooseDevice(&chosen, &want));
  e2e::check(chosen >= 0 && chosen < count, "hipChooseDevice");

  {  // warpSize as a kernel observes it equals the property.
  e2e::DeviceBuffer<int> seen(3);
  hipLaunchKernelGGL(observe, dim3(5), dim3(96), 0, 0, seen.ptr);
  HIP_CHECK_LAUNCH();
  std::vector<int> s(3);
  seen.download(s);
  e2e::expect_eq("kernel warpSize", 0, s[0], p0.warpSize);
  e2e::expect_eq("kernel blockDim", 0, s[1], 96);
  e2e::expect_eq("kernel gridDim", 0, s[2], 5);

  }

  checkSettings();

  // Streams that exist: the null stream and hipStreamPerThread; creating more is not supported yet.
  fillAndCheck<int>(1000, 3, 0);
  fillAndCheck<float>(333, 0.5f, hipStreamPerThread);
  HIP_CHECK(hipStreamSynchronize(0));
  HIP_CHECK(hipStreamSynchronize(hipStreamPerThread));
  HIP_CHECK(hipStreamQuery(0));
  expectError("hipStreamCreate(nullptr)", hipStreamCreate(nullptr), hipErrorInvalidValue);
  expectError("hipEventCreate(nullptr)", hipEventCreate(nullptr), hipErrorInvalidValue);
  expectError("hipHostMalloc(nullptr)", hipHostMalloc(static_cast<void **>(nullptr), 64, 0), hipErrorInvalidValue);

  {  // Copies of the driver API (buffers scoped: hipDeviceReset below frees all memory).
  const int n = 1021;
  std::vector<double> host(n), back(n, 0.0);
  for (int i = 0; i < n; ++i) host[i] = i * 0.25 - 7;
  e2e::DeviceBuffer<double> a(n), b(n);
  HIP_CHECK(hipMemcpyHtoD(a.ptr, host.data(), n * sizeof(double)));
  HIP_CHECK(hipMemcpyDtoDAsync(b.ptr, a.ptr, n * sizeof(double), 0));
  HIP_CHECK(hipMemcpyDtoHAsync(back.data(), b.ptr, n * sizeof(double), hipStreamPerThread));
  for (int i = 0; i < n; ++i) e2e::expect_eq("HtoD/DtoD/DtoH", i, back[i], host[i]);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  HIP_CHECK(hipMemGetAddressRange(&base, &size, reinterpret_cast<char *>(b.ptr) + 100));
  e2e::check(base == b.ptr && size == n * sizeof(double), "hipMemGetAddressRange");
  HIP_CHECK(hipMemsetD16(a.ptr, 0xBEEF, 3));  // odd count: 6 bytes
  unsigned short halves[4];
  HIP_CHECK(hipMemcpyDtoH(halves, a.ptr, sizeof(halves)));
  e2e::check(halves[0] == 0xBEEF && halves[2] == 0xBEEF && halves[3] != 0xBEEF, "hipMemsetD16");

  }

  // hipDeviceReset releases memory and device code; settings return to defaults; the device
  // then works again, globals re-initialised from the module.
  int newProbe[4] = {100, 200, 300, 400};
  HIP_CHECK(hipMemcpyToSymbol(resetProbe, newProbe, sizeof(newProbe)));
  void *stale = nullptr;
  HIP_CHECK(hipMalloc(&stale, 4096));
  HIP_CHECK(hipDeviceReset());
  expectError("free after reset", hipFree(stale), hipErrorInvalidValue);
  int probe[4];
  HIP_CHECK(hipMemcpyFromSymbol(probe, resetProbe, sizeof(probe)));
  for (int i = 0; i < 4; ++i) e2e::expect_eq("probe re-initialised", i, probe[i], 5 + i);
  unsigned flags = 1;
  HIP_CHECK(hipGetDeviceFlags(&flags));
  e2e::expect_eq("flags after reset", 0, flags, 0u);
  hipFuncCache_t cache;
  HIP_CHECK(hipDeviceGetCacheConfig(&cache));
  e2e::check(cache == hipFuncCachePreferNone, "cache config after reset");
  size_t stack = 0;
  HIP_CHECK(hipDeviceGetLimit(&stack, hipLimitStackSize));
  e2e::expect_eq("stack limit after reset", 0, stack, size_t(1024));
  fillAndCheck<long long>(4097, 1LL << 40, 0);
  fillAndCheck<unsigned>(65, 7u, 0);
  HIP_CHECK(hipDeviceReset());
  HIP_CHECK(hipDeviceReset());  // twice in a row is fine
  fillAndCheck<int>(17, -5, 0);
  return e2e::finish("device_management");
}
