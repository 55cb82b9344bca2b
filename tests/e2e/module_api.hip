// The module API as a real program uses it: code objects loaded from a file and from memory,
// kernels found by extern "C" and by mangled (template) names, launched with kernelParams and with
// the `extra` argument buffer, globals reached with hipModuleGetGlobal, function attributes and
// occupancy. Every result is compared with a host reference.
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include "module_api/module_shared.h"
#include "test_common.h"

// An embedded kernel next to the loaded ones: both kinds of device code share the runtime's
// Module code and must coexist.
__global__ void embedded_negate(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = -data[i];
}

namespace {

std::string codeObjectPath() {
  std::vector<char> exe(4096);
  ssize_t n = readlink("/proc/self/exe", exe.data(), exe.size() - 1);
  std::string path(exe.data(), n > 0 ? size_t(n) : 0);
  return path.substr(0, path.rfind('/') + 1) + "module_kernels.co";
}

std::vector<char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

hipFunction_t getFunction(hipModule_t m, const char *name) {
  hipFunction_t f = nullptr;
  HIP_CHECK(hipModuleGetFunction(&f, m, name));
  e2e::check(f != nullptr, name);
  return f;
}

void testScaleAdd(hipModule_t m, int n, float a) {
  hipFunction_t f = getFunction(m, "scale_add");
  std::vector<float> in(n), out(n), coeffs(8);
  for (int i = 0; i < n; ++i) in[i] = float(i % 97) * 0.5f - 3.0f;
  hipDeviceptr_t coeffsPtr;
  size_t coeffsBytes = 0;
  HIP_CHECK(hipModuleGetGlobal(&coeffsPtr, &coeffsBytes, m, "coeffs"));
  e2e::expect_eq("coeffs bytes", 0, coeffsBytes, size_t(32));
  HIP_CHECK(hipMemcpyDtoH(coeffs.data(), coeffsPtr, coeffsBytes));
  e2e::DeviceBuffer<float> dIn(n), dOut(n);
  HIP_CHECK(hipMemcpyHtoD(dIn.ptr, in.data(), n * sizeof(float)));
  float *outPtr = dOut.ptr, *inPtr = dIn.ptr;
  void *params[] = {&outPtr, &inPtr, &a, &n};
  unsigned block = 64, grid = (unsigned(n) + block - 1) / block;
  HIP_CHECK(hipModuleLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, nullptr, params, nullptr));
  hipLaunchKernelGGL(embedded_negate, dim3(grid), dim3(block), 0, 0, outPtr, n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpyDtoH(out.data(), dOut.ptr, n * sizeof(float)));
  for (int i = 0; i < n; ++i) e2e::expect_near("scale_add then embedded_negate", i, out[i], -(a * in[i] + coeffs[i % 8]));
}

template <typename T> void testAxpy(hipModule_t m, const char *mangled, int n) {
  hipFunction_t f = getFunction(m, mangled);
  std::vector<T> x(n), y(n), want(n);
  T a = T(1.5);
  for (int i = 0; i < n; ++i) {
    x[i] = T(i) / T(7);
    y[i] = T(n - i);
    want[i] = a * x[i] + y[i];
  }
  e2e::DeviceBuffer<T> dx(n), dy(n);
  dx.upload(x);
  dy.upload(y);
  T *yp = dy.ptr, *xp = dx.ptr;
  void *params[] = {&yp, &xp, &a, &n};
  HIP_CHECK(hipModuleLaunchKernel(f, (n + 31) / 32, 1, 1, 32, 1, 1, 0, hipStreamPerThread, params, nullptr));
  dy.download(y);
  for (int i = 0; i < n; ++i) e2e::expect_near(mangled, i, y[i], want[i]);
}

long long mixedReference(char c, double d, int i, short s, float f) {
  return (long long)c * 1000000 + (long long)(d * 1000) + i * 100 + s * 10 + (long long)f;
}

void testExtra(hipModule_t m) {
  hipFunction_t f = getFunction(m, "mixed");
  const int threads = 48;
  e2e::DeviceBuffer<long long> out(threads);
  MixedArgs args{7, 2.125, -31, out.ptr, 12, 5.0f};
  size_t size = sizeof(args);
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  HIP_CHECK(hipModuleLaunchKernel(f, 3, 1, 1, 16, 1, 1, 0, nullptr, nullptr, extra));
  std::vector<long long> got(threads);
  out.download(got);
  long long want = mixedReference(args.c, args.d, args.i, args.s, args.f);
  for (int i = 0; i < threads; ++i) e2e::expect_eq("mixed via extra", i, got[i], want);

  // The same kernel through kernelParams must agree.
  char c = -3;
  double d = 0.5;
  int iv = 9;
  short s = -4;
  float fv = 2.0f;
  long long *op = out.ptr;
  void *params[] = {&c, &d, &iv, &op, &s, &fv};
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, threads, 1, 1, 0, nullptr, params, nullptr));
  out.download(got);
  for (int i = 0; i < threads; ++i) e2e::expect_eq("mixed via kernelParams", i, got[i], mixedReference(c, d, iv, s, fv));
}

void testBigStruct(hipModule_t m) {
  hipFunction_t f = getFunction(m, "big_struct");
  e2e::DeviceBuffer<int> out(24);
  struct {
    BigArgs args;
    int *out;
  } packed{};
  for (int i = 0; i < 24; ++i) packed.args.values[i] = i * i - 50;
  packed.args.scale = 3;
  packed.args.tag = 11;
  packed.out = out.ptr;
  size_t size = sizeof(packed);
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra));
  std::vector<int> got(24);
  out.download(got);
  for (int i = 0; i < 24; ++i) e2e::expect_eq("big_struct via extra", i, got[i], (i * i - 50) * 3 + 11);
  packed.args.scale = -2;
  void *params[] = {&packed.args, &packed.out};
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 24, 1, 1, 0, nullptr, params, nullptr));
  out.download(got);
  for (int i = 0; i < 24; ++i) e2e::expect_eq("big_struct via kernelParams", i, got[i], (i * i - 50) * -2 + 11);
}

void testGlobals(hipModule_t fromFile, hipModule_t fromMemory) {
  // Each loaded module has its own globals: change coeffs in one, the other keeps its initializer.
  hipDeviceptr_t p1, p2;
  size_t bytes;
  HIP_CHECK(hipModuleGetGlobal(&p1, &bytes, fromFile, "coeffs"));
  HIP_CHECK(hipModuleGetGlobal(&p2, nullptr, fromMemory, "coeffs"));
  e2e::check(p1 != p2, "modules share a global segment");
  std::vector<float> doubled(8), other(8);
  for (int i = 0; i < 8; ++i) doubled[i] = float(2 * (i + 1)) + 0.25f;
  HIP_CHECK(hipMemcpyHtoD(p1, doubled.data(), 32));
  testScaleAdd(fromFile, 333, -0.75f);  // reads the new coefficients
  HIP_CHECK(hipMemcpyDtoH(other.data(), p2, 32));
  for (int i = 0; i < 8; ++i) e2e::expect_eq("untouched coeffs", i, other[i], float(i + 1));

  // __device__ int launches: scale_add bumped it once per launch in this module.
  hipDeviceptr_t launchesPtr;
  size_t launchesBytes;
  HIP_CHECK(hipModuleGetGlobal(&launchesPtr, &launchesBytes, fromFile, "launches"));
  int launches = -1;
  HIP_CHECK(hipMemcpyDtoH(&launches, launchesPtr, sizeof(int)));
  e2e::expect_eq("launches size", 0, launchesBytes, size_t(4));
  e2e::expect_eq("launches", 0, launches, 3);
}

void testAttributesAndOccupancy(hipModule_t m) {
  hipFunction_t f = getFunction(m, "block_sum");
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  int shared = 0, maxThreads = 0, local = -1, dyn = 0;
  HIP_CHECK(hipFuncGetAttribute(&shared, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
  HIP_CHECK(hipFuncGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
  HIP_CHECK(hipFuncGetAttribute(&local, HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f));
  HIP_CHECK(hipFuncGetAttribute(&dyn, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
  e2e::expect_eq("block_sum shared bytes", 0, shared, 64 * 4);
  e2e::expect_eq("block_sum max threads", 0, maxThreads, prop.maxThreadsPerBlock);
  e2e::check(local >= 0, "local size bytes");
  e2e::expect_eq("max dynamic shared", 0, dyn, int(prop.sharedMemPerBlock) - 256);
  hipFuncAttributes attrs;
  HIP_CHECK(hipFuncGetAttributes(&attrs, reinterpret_cast<const void *>(f)));
  e2e::expect_eq("hipFuncGetAttributes(hipFunction_t) shared", 0, attrs.sharedSizeBytes, size_t(256));
  HIP_CHECK(hipFuncSetAttribute(reinterpret_cast<const void *>(f), hipFuncAttributeMaxDynamicSharedMemorySize, 1024));
  HIP_CHECK(hipFuncGetAttribute(&dyn, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
  e2e::expect_eq("max dynamic shared after set", 0, dyn, 1024);

  int gridSize = 0, blockSize = 0, active = 0;
  HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSize(&gridSize, &blockSize, f, 0, 0));
  e2e::check(blockSize > 0 && blockSize <= prop.maxThreadsPerBlock, "potential block size in range");
  e2e::check(blockSize % prop.warpSize == 0, "potential block size is whole warps");
  e2e::check(gridSize >= prop.multiProcessorCount, "potential grid covers every multiprocessor");
  HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&gridSize, &blockSize, f, 0, 64, hipOccupancyDefault));
  e2e::check(blockSize > 0 && blockSize <= 64, "block size limit honoured");
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&active, f, 64, 0));
  e2e::check(active >= 1, "at least one active block");
  HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&active, f, 64, 0, hipOccupancyDefault));
  e2e::check(active >= 1, "at least one active block (flags)");

  // And the kernel itself: 37 blocks of 64.
  const int blocks = 37;
  std::vector<int> in(blocks * 64), sums(blocks);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(i % 13) - 6;
  e2e::DeviceBuffer<int> dIn(in.size()), dOut(blocks);
  dIn.upload(in);
  int *ip = dIn.ptr, *op = dOut.ptr;
  void *params[] = {&ip, &op};
  HIP_CHECK(hipModuleLaunchKernel(f, blocks, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
  dOut.download(sums);
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int t = 0; t < 64; ++t) want += in[b * 64 + t];
    e2e::expect_eq("block_sum", b, sums[b], want);
  }
}

}  // namespace

int main() {
  const std::string path = codeObjectPath();
  hipModule_t fromFile = nullptr, fromMemory = nullptr, fromMemoryEx = nullptr;
  HIP_CHECK(hipModuleLoad(&fromFile, path.c_str()));
  std::vector<char> image = readFile(path);
  e2e::check(!image.empty(), "code object readable");
  HIP_CHECK(hipModuleLoadData(&fromMemory, image.data()));
  hipJitOption options[] = {hipJitOptionOptimizationLevel};
  void *values[] = {reinterpret_cast<void *>(3)};
  HIP_CHECK(hipModuleLoadDataEx(&fromMemoryEx, image.data(), 1, options, values));
  image.assign(image.size(), 0);  // the runtime keeps its own copy

  testScaleAdd(fromFile, 1000, 2.0f);
  testScaleAdd(fromFile, 37, -1.0f);
  testScaleAdd(fromMemory, 4099, 0.5f);
  testScaleAdd(fromMemoryEx, 1, 3.0f);
  testAxpy<float>(fromFile, "_Z4axpyIfEvPT_PKS0_S0_i", 777);
  testAxpy<double>(fromMemory, "_Z4axpyIdEvPT_PKS0_S0_i", 1025);
  testExtra(fromFile);
  testBigStruct(fromMemory);
  testGlobals(fromFile, fromMemory);
  testAttributesAndOccupancy(fromMemoryEx);

  HIP_CHECK(hipModuleUnload(fromMemoryEx));
  HIP_CHECK(hipModuleUnload(fromMemory));
  testScaleAdd(fromFile, 64, 1.0f);  // unloading the others leaves this one working
  HIP_CHECK(hipModuleUnload(fromFile));
  return e2e::finish("module_api");
}
