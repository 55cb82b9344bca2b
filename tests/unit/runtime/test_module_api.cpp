// The module API on hand-written GLSL kernels: load from memory, handles, launches with
// kernelParams and with `extra`, globals, attributes, occupancy, and the registered-binary path
// and the loaded path sharing one module class.
#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_globals.h"
#include "kernel_index.h"
#include "test_util.h"

namespace {

const std::string kIndexMeta = "hipvk-metadata 1\nsegment 0\nkernel _Z5indexPjj 1 12 0 0\narg 0 8\narg 8 4\n";

}  // namespace

TEST_CASE("module API: load from memory, launch with kernelParams and extra") {
  std::vector<uint8_t> image = makeBlob(kernel_index, kIndexMeta);
  hipModule_t m = nullptr;
  HIP_CHECK(hipModuleLoadData(&m, image.data()));
  image.assign(image.size(), 0);  // the runtime copied it
  hipFunction_t f = nullptr;
  HIP_CHECK(hipModuleGetFunction(&f, m, "_Z5indexPjj"));
  CHECK_EQ(hipModuleGetFunction(&f, m, "index"), hipErrorNotFound);

  const unsigned n = 96;
  unsigned *out = nullptr;
  HIP_CHECK(hipMalloc(&out, n * sizeof(unsigned)));
  unsigned add = 1000;
  void *params[] = {&out, &add};
  HIP_CHECK(hipModuleLaunchKernel(f, 3, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr));
  std::vector<unsigned> got(n);
  HIP_CHECK(hipMemcpyDtoH(got.data(), out, n * sizeof(unsigned)));
  for (unsigned i = 0; i < n; ++i) CHECK_EQ(got[i], i + 1000);

  struct {
    unsigned *out;
    unsigned add;
  } packed{out, 7};
  size_t size = sizeof(packed);
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, hipStreamPerThread, nullptr, extra));
  HIP_CHECK(hipMemcpyDtoH(got.data(), out, n * sizeof(unsigned)));
  for (unsigned i = 0; i < 64; ++i) CHECK_EQ(got[i], i + 7);
  for (unsigned i = 64; i < n; ++i) CHECK_EQ(got[i], i + 1000);

  int value = -1;
  HIP_CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
  CHECK_EQ(value, 0);
  int grid = 0, block = 0, active = 0;
  HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0));
  CHECK(block > 0);
  CHECK(grid > 0);
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&active, f, block, 0));
  CHECK(active >= 1);
  CHECK_EQ(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&active, f, 0, 0), hipErrorInvalidValue);

  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipModuleUnload(m));
  CHECK_EQ(hipModuleUnload(m), hipErrorInvalidHandle);
  CHECK_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr), hipErrorInvalidHandle);
  (void)hipGetLastError();
}

TEST_CASE("module API: globals per loaded module, and errors") {
  uint32_t init[20] = {41};
  std::vector<uint8_t> image = makeBlob(kernel_globals,
                                          "hipvk-metadata 1\nsegment 80\nglobal counter 0 4 device\n"
                                          "global written 4 4 device\nglobal table 16 64 constant\n"
                                          "kernel _Z7globalsPj 1 8 0 0\narg 0 8\n",
                                          std::string_view(reinterpret_cast<const char *>(init), sizeof(init)));
  hipModule_t a = nullptr, b = nullptr;
  HIP_CHECK(hipModuleLoadData(&a, image.data()));
  HIP_CHECK(hipModuleLoadData(&b, image.data()));
  hipDeviceptr_t pa = nullptr, pb = nullptr;
  size_t bytes = 0;
  HIP_CHECK(hipModuleGetGlobal(&pa, &bytes, a, "table"));
  CHECK_EQ(bytes, 64u);
  HIP_CHECK(hipModuleGetGlobal(&pb, nullptr, b, "counter"));
  CHECK(pa != pb);
  uint32_t counter = 0;
  HIP_CHECK(hipMemcpyDtoH(&counter, pb, 4));
  CHECK_EQ(counter, 41u);
  CHECK_EQ(hipModuleGetGlobal(&pa, &bytes, a, "missing"), hipErrorNotFound);
  CHECK_EQ(hipModuleGetGlobal(nullptr, nullptr, a, "table"), hipErrorInvalidValue);
  HIP_CHECK(hipModuleUnload(a));
  HIP_CHECK(hipModuleUnload(b));

  const char junk[16] = "not a blob at a";
  CHECK_EQ(hipModuleLoadData(&a, junk), hipErrorInvalidKernelFile);
  std::vector<uint8_t> bad = makeBlob(kernel_index, "hipvk-metadata 2\n");
  CHECK_EQ(hipModuleLoadData(&a, bad.data()), hipErrorInvalidImage);
  CHECK_EQ(hipModuleLoad(&a, "/nonexistent/hipvk/module.co"), hipErrorFileNotFound);
  CHECK_EQ(hipModuleLoadData(nullptr, image.data()), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("module API: one SPIR-V module per kernel, variants, and blobs of another version") {
  using namespace hipvk::blob;
  auto bytes = [](std::span<const uint32_t> words) {
    return std::string_view(reinterpret_cast<const char *>(words.data()), words.size_bytes());
  };
  const std::string metadata = "hipvk-metadata 1\nsegment 80\nglobal counter 0 4 device\n"
                               "kernel _Z5indexPjj 1 12 0 0\narg 0 8\narg 8 4\n"
                               "kernel _Z7globalsPj 1 8 0 0\narg 0 8\n";
  const uint32_t unknownFeature = 1u << 31;
  // The index kernel twice: a variant needing a feature no device has, then the baseline one.
  std::vector<uint8_t> image = write({metadata,
                                      {},
                                      {{unknownFeature, {"_Z5indexPjj"}, bytes(kernel_index)},
                                       {0, {"_Z7globalsPj"}, bytes(kernel_globals)},
                                       {0, {"_Z5indexPjj"}, bytes(kernel_index)}}});
  hipModule_t m = nullptr;
  HIP_CHECK(hipModuleLoadData(&m, image.data()));
  hipFunction_t index = nullptr, globals = nullptr;
  HIP_CHECK(hipModuleGetFunction(&index, m, "_Z5indexPjj"));
  HIP_CHECK(hipModuleGetFunction(&globals, m, "_Z7globalsPj"));
  unsigned *out = nullptr;
  HIP_CHECK(hipMalloc(&out, 64 * sizeof(unsigned)));
  unsigned add = 5;
  void *indexParams[] = {&out, &add};
  HIP_CHECK(hipModuleLaunchKernel(index, 1, 1, 1, 64, 1, 1, 0, nullptr, indexParams, nullptr));
  std::vector<unsigned> got(64);
  HIP_CHECK(hipMemcpyDtoH(got.data(), out, 64 * sizeof(unsigned)));
  for (unsigned i = 0; i < 64; ++i) CHECK_EQ(got[i], i + 5);
  void *globalsParams[] = {&out};
  HIP_CHECK(hipModuleLaunchKernel(globals, 1, 1, 1, 16, 1, 1, 0, nullptr, globalsParams, nullptr));
  HIP_CHECK(hipMemcpyDtoH(got.data(), out, 16 * sizeof(unsigned)));
  for (unsigned i = 0; i < 16; ++i) CHECK_EQ(got[i], 0u);  // table and counter are zero
  HIP_CHECK(hipModuleUnload(m));

  // Only the variant no device can run: loading, globals and the other kernel still work.
  image = write({metadata,
                 {},
                 {{unknownFeature, {"_Z5indexPjj"}, bytes(kernel_index)}, {0, {"_Z7globalsPj"}, bytes(kernel_globals)}}});
  HIP_CHECK(hipModuleLoadData(&m, image.data()));
  HIP_CHECK(hipModuleGetFunction(&index, m, "_Z5indexPjj"));
  HIP_CHECK(hipModuleGetFunction(&globals, m, "_Z7globalsPj"));
  CHECK_EQ(hipModuleLaunchKernel(index, 1, 1, 1, 64, 1, 1, 0, nullptr, indexParams, nullptr),
           hipErrorNoBinaryForGpu);
  HIP_CHECK(hipModuleLaunchKernel(globals, 1, 1, 1, 16, 1, 1, 0, nullptr, globalsParams, nullptr));
  hipDeviceptr_t counter = nullptr;
  HIP_CHECK(hipModuleGetGlobal(&counter, nullptr, m, "counter"));
  HIP_CHECK(hipModuleUnload(m));
  HIP_CHECK(hipFree(out));

  // A kernel without a module, a module naming a kernel the metadata lacks, a name that is not an
  // entry point of its module, a module reading a constant window the metadata lacks, and windows
  // misaligned, larger than 16 KiB or past the segment: malformed images.
  const std::vector<KernelModule> both = {{0, {"_Z5indexPjj"}, bytes(kernel_index)}, {0, {"_Z7globalsPj"}, bytes(kernel_globals)}};
  const std::vector<std::vector<uint8_t>> malformed = {
      write({metadata, {}, {{0, {"_Z5indexPjj"}, bytes(kernel_index)}}}),
      write({kIndexMeta, {}, both}),
      write({metadata, {}, {{0, {"_Z5indexPjj", "_Z7globalsPj"}, bytes(kernel_index)}}}),
      write({metadata, {}, {{kConstantWindow, {"_Z5indexPjj"}, bytes(kernel_index)}, {0, {"_Z7globalsPj"}, bytes(kernel_globals)}}}),
      write({metadata + "constant_window 8 16\n", {}, both}),
      write({metadata + "constant_window 0 32768\n", {}, both}),
      write({metadata + "constant_window 0 96\n", {}, both}),
  };
  for (const std::vector<uint8_t> &bad : malformed) CHECK_EQ(hipModuleLoadData(&m, bad.data()), hipErrorInvalidImage);

  // Version 1 blobs (one module for a whole translation unit) are refused: rebuild needed.
  std::vector<uint8_t> old = makeBlob(kernel_index, kIndexMeta);
  const uint32_t version1 = 1;
  std::memcpy(old.data() + offsetof(Header, version), &version1, sizeof(version1));
  CHECK_EQ(hipModuleLoadData(&m, old.data()), hipErrorInvalidImage);
  ClangFatbinWrapper wrapper{kClangWrapperMagic, kClangWrapperVersion, old.data(), nullptr};
  CHECK(__hipRegisterFatBinary(&wrapper) == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("header names of ROCm 6.2") {
  static_assert(hipDeviceAttributeWarpSize == 87);
  static_assert(hipDeviceAttributeMemoryPoolSupportedHandleTypes == 91);
  static_assert(hipDeviceAttributePciDomainID == 69);
  static_assert(hipDeviceAttributeWallClockRate == 10017);
  static_assert(hipLimitMallocHeapSize == 2 && hipFuncAttributeMaxDynamicSharedMemorySize == 8);
  static_assert(HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES == 8);
  CHECK_EQ(HIP_LAUNCH_PARAM_BUFFER_POINTER, reinterpret_cast<void *>(1));
  CHECK_EQ(HIP_LAUNCH_PARAM_BUFFER_SIZE, reinterpret_cast<void *>(2));
  CHECK_EQ(HIP_LAUNCH_PARAM_END, reinterpret_cast<void *>(3));
  CHECK_EQ(hipStreamPerThread, reinterpret_cast<hipStream_t>(2));
  CHECK_EQ(hipStreamNonBlocking, 1);
}

// hipcc puts a kernel's native modules first and its portable one (no Int64, Float64, Int8, Int16)
// last: the runtime takes the first the device runs. Where 64-bit integers are missing
// (runtime.disable_features, runtime.swiftshader) only the portable module fits, and a kernel
// without one is refused with hipErrorNoBinaryForGpu.
TEST_CASE("module API: a kernel's portable variant after its native one, chosen by the device's features") {
  using namespace hipvk::blob;
  auto bytes = [](std::span<const uint32_t> words) {
    return std::string_view(reinterpret_cast<const char *>(words.data()), words.size_bytes());
  };
  // 64-bit integers are missing where HIPVK_DISABLE_FEATURES masks them, and on SwiftShader.
  const char *disabled = std::getenv("HIPVK_DISABLE_FEATURES");
  hipDeviceProp_t props{};
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  const bool lacksInt64 = (disabled && std::string_view(disabled).find("int64") != std::string_view::npos) ||
                          std::string_view(props.name).find("SwiftShader") != std::string_view::npos;
  constexpr uint32_t kCapabilityInt64 = 11;
  const std::vector<uint32_t> native = withCapability(kernel_index, kCapabilityInt64);
  const std::vector<uint8_t> nativeOnly = write({kIndexMeta, {}, {{0, {"_Z5indexPjj"}, bytes(native)}}});
  const std::vector<uint8_t> withPortable =
      write({kIndexMeta, {}, {{0, {"_Z5indexPjj"}, bytes(native)}, {0, {"_Z5indexPjj"}, bytes(kernel_index)}}});

  unsigned *out = nullptr;
  HIP_CHECK(hipMalloc(&out, 64 * sizeof(unsigned)));
  for (const std::vector<uint8_t> *image : {&nativeOnly, &withPortable}) {
    hipModule_t m = nullptr;
    HIP_CHECK(hipModuleLoadData(&m, image->data()));
    hipFunction_t index = nullptr;
    HIP_CHECK(hipModuleGetFunction(&index, m, "_Z5indexPjj"));
    HIP_CHECK(hipMemset(out, 0, 64 * sizeof(unsigned)));
    unsigned add = image == &nativeOnly ? 11 : 22;
    void *params[] = {&out, &add};
    const hipError_t launched = hipModuleLaunchKernel(index, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr);
    if (lacksInt64 && image == &nativeOnly) {
      CHECK_EQ(launched, hipErrorNoBinaryForGpu);
      CHECK_EQ(hipGetLastError(), hipErrorNoBinaryForGpu);
    } else {
      HIP_CHECK(launched);
      std::vector<unsigned> got(64);
      HIP_CHECK(hipMemcpyDtoH(got.data(), out, 64 * sizeof(unsigned)));
      for (unsigned i = 0; i < 64; ++i) CHECK_EQ(got[i], i + add);
    }
    HIP_CHECK(hipModuleUnload(m));
  }
  HIP_CHECK(hipFree(out));
}
