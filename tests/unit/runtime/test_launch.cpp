// Registration and launch end to end, without the hipvk compiler: GLSL kernels that follow
// docs/ABI.md, wrapped into blobs and registered exactly like Clang's generated code would.
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "kernel_big_args.h"
#include "kernel_globals.h"
#include "kernel_index.h"
#include "kernel_oversized_push.h"
#include "kernel_shared.h"
#include "test_util.h"

namespace {

// Stand-ins for the host stubs and shadow variables Clang generates: only their addresses matter.
char indexStub, bigArgsStub, globalsStub, sharedStub, capsStub, numericCapsStub, unknownStub;
unsigned counterShadow, writtenShadow, tableShadow[16];

const char *kIndex = "_Z5indexPjj";
const char *kBigArgs = "_Z7bigargsPjiiiiiiiiiiiiiiiiiiiiiiii";

struct Init {
  uint32_t counter = 5;
  uint32_t written = 0;
  uint32_t pad[2] = {};
  uint32_t table[8];  // the rest of table[16] is not initialised: it must read as zero
};

Init globalInit() {
  Init init;
  for (uint32_t i = 0; i < 8; ++i) init.table[i] = i * i + 1;
  return init;
}

// The modules register once per process, like Clang's module constructors.
struct Modules {
  Modules() {
    void **index = registerModule(kernel_index, std::string("hipvk-metadata 1\nsegment 0\nkernel ") + kIndex +
                                                     " 1 12 0 0\narg 0 8\narg 8 4\n");
    REQUIRE(index != nullptr);
    registerKernel(index, &indexStub, kIndex);

    std::string big = std::string("hipvk-metadata 1\nsegment 0\nkernel ") + kBigArgs + " 0 104 0 0\narg 0 8\n";
    for (int i = 0; i < 24; ++i) big += "arg " + std::to_string(8 + 4 * i) + " 4\n";
    void **bigArgs = registerModule(kernel_big_args, big);
    REQUIRE(bigArgs != nullptr);
    registerKernel(bigArgs, &bigArgsStub, kBigArgs);

    Init init = globalInit();
    void **globals = registerModule(kernel_globals,
                                    "hipvk-metadata 1\n"
                                    "segment 80\n"
                                    "global counter 0 4 device\n"
                                    "global written 4 4 device\n"
                                    "global table 16 64 constant\n"
                                    "kernel _Z7globalsPj 1 8 0 0\n"
                                    "arg 0 8\n",
                                    std::string_view(reinterpret_cast<const char *>(&init), sizeof(init)));
    REQUIRE(globals != nullptr);
    registerKernel(globals, &globalsStub, "_Z7globalsPj");
    registerVariable(globals, &counterShadow, "counter", 4);
    registerVariable(globals, &writtenShadow, "written", 4);
    registerVariable(globals, tableShadow, "table", 64);

    void **shared = registerModule(kernel_shared, "hipvk-metadata 1\nsegment 0\nkernel _Z6rotatePj 1 8 0 0\narg 0 8\n");
    REQUIRE(shared != nullptr);
    registerKernel(shared, &sharedStub, "_Z6rotatePj");

    // A module that needs a capability no device has (an enumerant unknown to the runtime).
    void **caps = registerModule(withCapability(kernel_index, 0x7fff0000), std::string("hipvk-metadata 1\nsegment 0\nkernel ") + kIndex +
                                                    " 1 12 0 0\narg 0 8\narg 8 4\n");
    REQUIRE(caps != nullptr);
    registerKernel(caps, &capsStub, kIndex);

    // A capability the device has: GroupNonUniform.
    void **numericCaps = registerModule(withCapability(kernel_index, 61), std::string("hipvk-metadata 1\nsegment 0\nkernel ") + kIndex +
                                                           " 1 12 0 0\narg 0 8\narg 8 4\n");
    REQUIRE(numericCaps != nullptr);
    registerKernel(numericCaps, &numericCapsStub, kIndex);
  }
};

void ensureRegistered() { static Modules modules; }

template <typename T>
T *deviceAlloc(size_t count) {
  void *p = nullptr;
  HIP_CHECK(hipMalloc(&p, count * sizeof(T)));
  return static_cast<T *>(p);
}

template <typename T>
std::vector<T> download(const T *device, size_t count) {
  std::vector<T> host(count);
  HIP_CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

hipError_t launchIndex(dim3 grid, dim3 block, unsigned *out, unsigned add) {
  void *args[] = {&out, &add};
  return hipLaunchKernel(&indexStub, grid, block, args, 0, nullptr);
}

}  // namespace

TEST_CASE("launch: blockIdx, gridDim and blockDim in 1-D and 3-D") {
  ensureRegistered();
  const dim3 grids[] = {dim3(1), dim3(37), dim3(5, 3, 2)};
  const dim3 blocks[] = {dim3(1), dim3(64), dim3(4, 2, 3), dim3(256)};
  for (dim3 grid : grids) {
    for (dim3 block : blocks) {
      size_t n = size_t(grid.x) * grid.y * grid.z * block.x * block.y * block.z;
      CAPTURE(n);
      unsigned *out = deviceAlloc<unsigned>(n);
      HIP_CHECK(launchIndex(grid, block, out, 1000));
      std::vector<unsigned> host = download(out, n);
      std::vector<unsigned> expect(n);
      std::iota(expect.begin(), expect.end(), 1000u);
      CHECK(host == expect);
      HIP_CHECK(hipFree(out));
    }
  }
}

TEST_CASE("launch: grids beyond maxComputeWorkGroupCount are split") {
  ensureRegistered();
  const dim3 grid(70000), block(64);  // lavapipe dispatches at most 65535 groups per dimension
  const size_t n = size_t(grid.x) * block.x;
  unsigned *out = deviceAlloc<unsigned>(n);
  HIP_CHECK(hipMemset(out, 0, n * sizeof(unsigned)));
  HIP_CHECK(launchIndex(grid, block, out, 7));
  std::vector<unsigned> host = download(out, n);
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) wrong += host[i] != unsigned(i) + 7;
  CHECK_EQ(wrong, 0);
  HIP_CHECK(hipFree(out));
}

TEST_CASE("launch: batched launches run in stream order") {
  ensureRegistered();
  const size_t n = 256;
  unsigned *out = deviceAlloc<unsigned>(n);
  for (unsigned i = 0; i < 300; ++i) HIP_CHECK(launchIndex(dim3(4), dim3(64), out, i));  // more than one batch
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> host = download(out, n);
  for (size_t i = 0; i < n; ++i) CHECK_EQ(host[i], unsigned(i) + 299);
  HIP_CHECK(hipFree(out));
}

TEST_CASE("launch: more than 96 bytes of arguments go through the argument buffer") {
  ensureRegistered();
  unsigned *out = deviceAlloc<unsigned>(24);
  int values[24];
  void *args[25] = {&out};
  for (int i = 0; i < 24; ++i) {
    values[i] = 1000 * i - 7;
    args[i + 1] = &values[i];
  }
  for (int round = 0; round < 3; ++round) {  // argument memory is recycled across launches
    for (int &v : values) v += round;
    HIP_CHECK(hipLaunchKernel(&bigArgsStub, dim3(1), dim3(32), args, 0, nullptr));
    std::vector<unsigned> host = download(out, 24);
    for (unsigned i = 0; i < 24; ++i) CHECK_EQ(host[i], unsigned(values[i]) * 2u + i);
  }
  HIP_CHECK(hipFree(out));
}

TEST_CASE("launch: dynamic shared memory is spec constant 3") {
  ensureRegistered();
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  const unsigned blocks = 3, threads = 128;
  unsigned *out = deviceAlloc<unsigned>(blocks * threads);
  void *args[] = {&out};
  HIP_CHECK(hipLaunchKernel(&sharedStub, dim3(blocks), dim3(threads), args, threads * sizeof(unsigned), nullptr));
  std::vector<unsigned> host = download(out, blocks * threads);
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t) CHECK_EQ(host[b * threads + t], ((t + 1) % threads) * 3 + b);
  CHECK_EQ(hipLaunchKernel(&sharedStub, dim3(1), dim3(threads), args, p.sharedMemPerBlock + 4, nullptr),
           hipErrorInvalidValue);
  HIP_CHECK(hipFree(out));
  (void)hipGetLastError();
}

TEST_CASE("launch: configuration errors leave the device usable") {
  ensureRegistered();
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  unsigned *out = deviceAlloc<unsigned>(64);
  CHECK_EQ(launchIndex(dim3(1), dim3(unsigned(p.maxThreadsPerBlock) + 1), out, 0), hipErrorInvalidConfiguration);
  CHECK_EQ(launchIndex(dim3(1), dim3(1, 1, unsigned(p.maxThreadsDim[2]) + 1), out, 0), hipErrorInvalidConfiguration);
  CHECK_EQ(launchIndex(dim3(0), dim3(64), out, 0), hipErrorInvalidConfiguration);
  CHECK_EQ(launchIndex(dim3(1), dim3(64, 0), out, 0), hipErrorInvalidConfiguration);
  CHECK_EQ(launchIndex(dim3(1, 65536), dim3(1), out, 0), hipErrorInvalidConfiguration);
  CHECK_EQ(hipLaunchKernel(&unknownStub, dim3(1), dim3(1), nullptr, 0, nullptr), hipErrorInvalidDeviceFunction);
  CHECK_EQ(hipLaunchKernel(&indexStub, dim3(1), dim3(1), nullptr, 0, nullptr), hipErrorInvalidValue);
  CHECK_EQ(hipPeekAtLastError(), hipErrorInvalidValue);
  // A module needing a capability the device lacks is refused, with a message on stderr.
  void *args[] = {&out, &out};
  CHECK_EQ(hipLaunchKernel(&capsStub, dim3(1), dim3(1), args, 0, nullptr), hipErrorNoBinaryForGpu);
  HIP_CHECK(hipLaunchKernel(&numericCapsStub, dim3(1), dim3(1), args, 0, nullptr));

  HIP_CHECK(launchIndex(dim3(1), dim3(64), out, 3));
  std::vector<unsigned> host = download(out, 64);
  for (unsigned i = 0; i < 64; ++i) CHECK_EQ(host[i], i + 3);
  HIP_CHECK(hipFree(out));
  (void)hipGetLastError();
}

TEST_CASE("launch: <<<>>> configurations are a per-thread stack") {
  dim3 grid, block;
  size_t shared = 1;
  hipStream_t stream = reinterpret_cast<hipStream_t>(1);
  HIP_CHECK(__hipPushCallConfiguration(dim3(1, 2, 3), dim3(4, 5, 6), 7, nullptr));
  HIP_CHECK(__hipPushCallConfiguration(dim3(8), dim3(9), 10, nullptr));
  HIP_CHECK(__hipPopCallConfiguration(&grid, &block, &shared, &stream));
  CHECK_EQ(grid.x, 8u);
  CHECK_EQ(block.x, 9u);
  CHECK_EQ(shared, 10u);
  HIP_CHECK(__hipPopCallConfiguration(&grid, &block, &shared, &stream));
  CHECK_EQ(grid.z, 3u);
  CHECK_EQ(block.y, 5u);
  CHECK_EQ(shared, 7u);
  CHECK(stream == nullptr);
  CHECK_EQ(__hipPopCallConfiguration(&grid, &block, &shared, &stream), hipErrorMissingConfiguration);
  (void)hipGetLastError();
}

TEST_CASE("symbols: segment initialisation, addresses, copies, device writes") {
  ensureRegistered();
  size_t size = 0;
  HIP_CHECK(hipGetSymbolSize(&size, tableShadow));
  CHECK_EQ(size, 64u);
  void *tableAddress = nullptr, *counterAddress = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&tableAddress, tableShadow));
  HIP_CHECK(hipGetSymbolAddress(&counterAddress, counterShadow));
  CHECK_EQ(static_cast<char *>(tableAddress) - static_cast<char *>(counterAddress), 16);

  // Initializers, zero beyond them.
  unsigned table[16];
  HIP_CHECK(hipMemcpyFromSymbol(table, tableShadow, sizeof(table)));
  Init init = globalInit();
  for (unsigned i = 0; i < 16; ++i) CHECK_EQ(table[i], i < 8 ? init.table[i] : 0u);

  unsigned *out = deviceAlloc<unsigned>(16);
  void *args[] = {&out};
  HIP_CHECK(hipLaunchKernel(&globalsStub, dim3(1), dim3(16), args, 0, nullptr));
  std::vector<unsigned> host = download(out, 16);
  for (unsigned i = 0; i < 16; ++i) CHECK_EQ(host[i], table[i] + 5);

  // Writes from the host are seen by the kernel, writes by the kernel by the host.
  unsigned counter = 100, written = 0;
  HIP_CHECK(hipMemcpyToSymbol(counterShadow, &counter, sizeof(counter)));
  unsigned newEntry = 42;
  HIP_CHECK(hipMemcpyToSymbol(tableShadow, &newEntry, 4, 15 * 4, hipMemcpyHostToDevice));
  HIP_CHECK(hipLaunchKernel(&globalsStub, dim3(1), dim3(16), args, 0, nullptr));
  host = download(out, 16);
  CHECK_EQ(host[0], table[0] + 100);
  CHECK_EQ(host[15], 142u);
  HIP_CHECK(hipMemcpyFromSymbol(&written, writtenShadow, 4));
  CHECK_EQ(written, 0xC0FFEEu);
  // A symbol address is a device pointer like any other.
  unsigned viaAddress = 0;
  HIP_CHECK(hipMemcpy(&viaAddress, counterAddress, 4, hipMemcpyDefault));
  CHECK_EQ(viaAddress, 100u);
  HIP_CHECK(hipMemcpyToSymbol(counterShadow, out, 4, 0, hipMemcpyDeviceToDevice));
  HIP_CHECK(hipMemcpy(&viaAddress, counterAddress, 4, hipMemcpyDeviceToHost));
  CHECK_EQ(viaAddress, host[0]);
  CHECK_EQ(hipFree(counterAddress), hipErrorInvalidValue);  // runtime-owned

  // Errors.
  CHECK_EQ(hipMemcpyToSymbol(counterShadow, &counter, 8), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpyToSymbol(tableShadow, &counter, 4, 64), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpyToSymbol(unknownStub, &counter, 4), hipErrorInvalidSymbol);
  CHECK_EQ(hipMemcpyToSymbol(counterShadow, &counter, 4, 0, hipMemcpyDeviceToHost), hipErrorInvalidMemcpyDirection);
  CHECK_EQ(hipGetSymbolAddress(nullptr, counterShadow), hipErrorInvalidValue);
  CHECK_EQ(hipGetSymbolSize(&size, unknownStub), hipErrorInvalidSymbol);
  HIP_CHECK(hipFree(out));
  (void)hipGetLastError();
}

TEST_CASE("function attributes") {
  ensureRegistered();
  hipFuncAttributes a;
  HIP_CHECK(hipFuncGetAttributes(&a, &indexStub));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  CHECK_EQ(a.maxThreadsPerBlock, p.maxThreadsPerBlock);
  CHECK_EQ(a.sharedSizeBytes, 0u);
  CHECK_EQ(a.maxDynamicSharedSizeBytes, int(p.sharedMemPerBlock));
  CHECK_EQ(hipFuncGetAttributes(&a, &unknownStub), hipErrorInvalidDeviceFunction);
  CHECK_EQ(hipFuncGetAttributes(nullptr, &indexStub), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("registration: malformed blobs are refused, unregistering forgets kernels") {
  CHECK(__hipRegisterFatBinary(nullptr) == nullptr);
  hipvk::blob::ClangFatbinWrapper wrongMagic{0x1234, 1, kernel_index, nullptr};
  CHECK(__hipRegisterFatBinary(&wrongMagic) == nullptr);
  const char *bad[] = {
      "not metadata\n",
      "hipvk-metadata 1\nkernel _Z5indexPjj 1 100 0 0\n",               // push_args with > 80 bytes
      "hipvk-metadata 1\nkernel _Z5indexPjj 1 12 0 0\narg 8 8\n",       // argument out of bounds
      "hipvk-metadata 1\nsegment 4\nglobal g 2 4 device\n",             // global out of bounds
      "hipvk-metadata 1\nkernel _Z4nopev 1 0 0 0\n",                    // not an entry point
      "hipvk-metadata 1\nkernel _Z5indexPjj one 12 0 0\n",              // not a number
  };
  for (const char *metadata : bad) {
    CAPTURE(metadata);
    CHECK(registerModule(kernel_index, metadata) == nullptr);
  }
  std::vector<uint32_t> notSpirv(16, 0);
  CHECK(registerModule(notSpirv, std::string("hipvk-metadata 1\nkernel ") + kIndex + " 1 12 0 0\n") == nullptr);

  static char stub;
  void **module = registerModule(kernel_index, std::string("hipvk-metadata 1\nkernel ") + kIndex +
                                                   " 1 12 0 0\narg 0 8\narg 8 4\n");
  REQUIRE(module != nullptr);
  registerKernel(module, &stub, kIndex);
  unsigned *out = deviceAlloc<unsigned>(8);
  unsigned add = 1;
  void *args[] = {&out, &add};
  HIP_CHECK(hipLaunchKernel(&stub, dim3(1), dim3(8), args, 0, nullptr));
  __hipUnregisterFatBinary(module);
  CHECK_EQ(hipLaunchKernel(&stub, dim3(1), dim3(8), args, 0, nullptr), hipErrorInvalidDeviceFunction);
  std::vector<unsigned> host = download(out, 8);
  for (unsigned i = 0; i < 8; ++i) CHECK_EQ(host[i], i + 1);  // the launch before ran
  HIP_CHECK(hipFree(out));
  (void)hipGetLastError();
}

TEST_CASE("device reset frees allocations and re-initialises globals") {
  ensureRegistered();
  unsigned counter = 77;
  HIP_CHECK(hipMemcpyToSymbol(counterShadow, &counter, 4));
  void *p = nullptr;
  HIP_CHECK(hipMalloc(&p, 128));
  HIP_CHECK(hipDeviceReset());
  CHECK_EQ(hipFree(p), hipErrorInvalidValue);
  HIP_CHECK(hipMemcpyFromSymbol(&counter, counterShadow, 4));
  CHECK_EQ(counter, 5u);
  unsigned *out = deviceAlloc<unsigned>(64);
  HIP_CHECK(launchIndex(dim3(2), dim3(32), out, 0));
  std::vector<unsigned> host = download(out, 64);
  for (unsigned i = 0; i < 64; ++i) CHECK_EQ(host[i], i);
  HIP_CHECK(hipFree(out));
  (void)hipGetLastError();
}

// Run only by the runtime.validation_canary test (with HIPVK_VALIDATION=1), which expects the
// process to end with status 86: the kernel's push constants exceed the ABI's 128-byte range.
TEST_CASE("validation canary: a validation error ends the process with 86" * doctest::skip()) {
  static char stub;
  void **module = registerModule(kernel_oversized_push, "hipvk-metadata 1\nkernel _Z9oversizedPj 1 8 0 0\narg 0 8\n");
  REQUIRE(module != nullptr);
  registerKernel(module, &stub, "_Z9oversizedPj");
  unsigned *out = deviceAlloc<unsigned>(1);
  void *args[] = {&out};
  (void)hipLaunchKernel(&stub, dim3(1), dim3(1), args, 0, nullptr);
  (void)hipDeviceSynchronize();  // exits with 86 here
  FAIL("the validation error went unnoticed");
}
