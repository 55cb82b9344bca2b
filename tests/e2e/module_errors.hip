// Bad code objects and bad module-API calls: each gets ROCm's error code, nothing crashes, and the
// process stays usable (a good module still loads and runs after every failure).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "module_api/module_shared.h"
#include "test_common.h"

__global__ void embedded_add(float *data, float value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += value;
}

namespace {

std::string exeDir() {
  std::vector<char> exe(4096);
  ssize_t n = readlink("/proc/self/exe", exe.data(), exe.size() - 1);
  std::string path(exe.data(), n > 0 ? size_t(n) : 0);
  return path.substr(0, path.rfind('/') + 1);
}

std::vector<char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::string writeTemp(const std::string &name, const std::vector<char> &bytes) {
  std::string path = exeDir() + "module_errors_" + name + "." + std::to_string(getpid());
  std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  return path;
}

void expectError(const char *what, hipError_t got, hipError_t want) {
  if (got != want)
    std::fprintf(stderr, "%s: got %s, expected %s\n", what, hipGetErrorName(got), hipGetErrorName(want));
  e2e::check(got == want, what);
  // The failure is the thread's last error; reading it clears it.
  e2e::check(hipGetLastError() == want, "last error records the failure");
  e2e::check(hipGetLastError() == hipSuccess, "hipGetLastError clears it");
}

// Loads the good code object and runs scale_add: the process is still usable.
void stillUsable(const std::string &good, const char *after) {
  hipModule_t m = nullptr;
  hipFunction_t f = nullptr;
  HIP_CHECK(hipModuleLoad(&m, good.c_str()));
  HIP_CHECK(hipModuleGetFunction(&f, m, "scale_add"));
  const int n = 77;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = float(i);
  e2e::DeviceBuffer<float> dIn(n), dOut(n);
  dIn.upload(in);
  float *o = dOut.ptr, *ip = dIn.ptr, a = 2.0f;
  int count = n;
  void *params[] = {&o, &ip, &a, &count};
  HIP_CHECK(hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
  hipLaunchKernelGGL(embedded_add, dim3(3), dim3(32), 0, 0, dOut.ptr, 0.5f, n);  // embedded code too
  HIP_CHECK_LAUNCH();
  dOut.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_near(after, i, out[i], 2.0f * i + float(i % 8 + 1) + 0.5f);
  HIP_CHECK(hipModuleUnload(m));
}

}  // namespace

int main() {
  const std::string good = exeDir() + "module_kernels.co";
  std::vector<char> image = readFile(good);
  e2e::check(image.size() > 64, "good code object readable");
  hipModule_t m = nullptr;

  // Files: missing, a directory, empty, junk, truncated, corrupted metadata.
  expectError("missing file", hipModuleLoad(&m, (exeDir() + "no-such-file.co").c_str()), hipErrorFileNotFound);
  e2e::check(m == nullptr, "no module on failure");
  stillUsable(good, "after missing file");
  expectError("directory", hipModuleLoad(&m, exeDir().c_str()), hipErrorFileNotFound);
  std::string empty = writeTemp("empty", {});
  expectError("empty file", hipModuleLoad(&m, empty.c_str()), hipErrorInvalidKernelFile);
  stillUsable(good, "after empty file");
  std::vector<char> junk(1000);
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = char(i * 37 + 11);
  std::string junkPath = writeTemp("junk", junk);
  expectError("junk file", hipModuleLoad(&m, junkPath.c_str()), hipErrorInvalidKernelFile);
  expectError("junk in memory", hipModuleLoadData(&m, junk.data()), hipErrorInvalidKernelFile);
  stillUsable(good, "after junk");
  for (size_t keep : {size_t(8), size_t(30), image.size() / 2, image.size() - 1}) {
    std::string truncated = writeTemp("truncated", std::vector<char>(image.begin(), image.begin() + long(keep)));
    expectError("truncated file", hipModuleLoad(&m, truncated.c_str()), hipErrorInvalidImage);
    std::remove(truncated.c_str());
  }
  std::vector<char> corrupt = image;
  std::string text(corrupt.begin(), corrupt.end());
  size_t meta = text.find("hipvk-metadata 1");
  e2e::check(meta != std::string::npos, "metadata found in the code object");
  if (meta != std::string::npos) corrupt[meta + 15] = '7';  // an unknown metadata version
  expectError("corrupt metadata", hipModuleLoadData(&m, corrupt.data()), hipErrorInvalidImage);
  // An image in memory whose header announces more bytes than can be read (a corrupted executable):
  // the image ends where readable memory does, followed by nothing mapped or by a PROT_NONE guard
  // page (mapped, so mincore alone would call it fine), so reading past it would crash.
  for (bool guard : {false, true}) {
    const size_t page = size_t(sysconf(_SC_PAGESIZE)), span = (image.size() + page - 1) / page * page;
    char *map = static_cast<char *>(mmap(nullptr, span + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    e2e::check(map != MAP_FAILED, "mapping for the overlong image");
    if (map == MAP_FAILED) continue;
    if (guard) e2e::check(mprotect(map + span, page, PROT_NONE) == 0, "guard page");
    else munmap(map + span, page);  // nothing mapped after the image
    const std::string after = guard ? " (a guard page after it)" : " (nothing mapped after it)";
    char *placed = map + span - image.size();
    std::copy(image.begin(), image.end(), placed);
    uint64_t announced = 0;
    std::memcpy(&announced, placed + 16, sizeof announced);  // the header's total_size
    announced += 4096;
    std::memcpy(placed + 16, &announced, sizeof announced);
    expectError(("header announcing more than is readable" + after).c_str(), hipModuleLoadData(&m, placed), hipErrorInvalidImage);
    std::memcpy(placed + 16, "\xff\xff\xff\xff\xff\xff\xff\x7f", 8);
    expectError(("header announcing 2^63 bytes" + after).c_str(), hipModuleLoadData(&m, placed), hipErrorInvalidImage);
    expectError(("an image cut where readable memory ends" + after).c_str(), hipModuleLoadData(&m, map + span - 6), hipErrorInvalidKernelFile);
    munmap(map, guard ? span + page : span);
  }
  stillUsable(good, "after truncated and corrupt images");
  std::remove(empty.c_str());
  std::remove(junkPath.c_str());

  // Null arguments.
  expectError("null module pointer", hipModuleLoad(nullptr, good.c_str()), hipErrorInvalidValue);
  expectError("null file name", hipModuleLoad(&m, nullptr), hipErrorInvalidValue);
  expectError("null image", hipModuleLoadData(&m, nullptr), hipErrorInvalidValue);
  expectError("unload null", hipModuleUnload(nullptr), hipErrorInvalidValue);

  // Unknown names, bad handles, bad launches.
  HIP_CHECK(hipModuleLoadData(&m, image.data()));
  hipFunction_t f = nullptr;
  expectError("unknown kernel", hipModuleGetFunction(&f, m, "no_such_kernel"), hipErrorNotFound);
  expectError("host-style name of a template", hipModuleGetFunction(&f, m, "axpy<float>"), hipErrorNotFound);
  expectError("null kernel name", hipModuleGetFunction(&f, m, nullptr), hipErrorInvalidValue);
  expectError("null function pointer", hipModuleGetFunction(nullptr, m, "scale_add"), hipErrorInvalidValue);
  hipDeviceptr_t p = nullptr;
  size_t bytes = 0;
  expectError("unknown global", hipModuleGetGlobal(&p, &bytes, m, "no_such_global"), hipErrorNotFound);
  expectError("null global name", hipModuleGetGlobal(&p, &bytes, m, nullptr), hipErrorInvalidValue);
  int bogus = 0;
  expectError("not a module", hipModuleGetFunction(&f, reinterpret_cast<hipModule_t>(&bogus), "scale_add"),
              hipErrorInvalidHandle);
  expectError("not a function",
              hipModuleLaunchKernel(reinterpret_cast<hipFunction_t>(&bogus), 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr),
              hipErrorInvalidHandle);

  HIP_CHECK(hipModuleGetFunction(&f, m, "mixed"));
  e2e::DeviceBuffer<long long> out(4);
  MixedArgs args{1, 1.0, 1, out.ptr, 1, 1.0f};
  size_t size = sizeof(args), small = sizeof(args) - 8;
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
  void *smallExtra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &small,
                        HIP_LAUNCH_PARAM_END};
  void *noSize[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_END};
  void *badKey[] = {reinterpret_cast<void *>(0x42), &args, HIP_LAUNCH_PARAM_END};
  void *params[] = {&args.c, &args.d, &args.i, &args.out, &args.s, &args.f};
  expectError("kernelParams and extra", hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, params, extra),
              hipErrorInvalidValue);
  expectError("extra buffer too small", hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, smallExtra),
              hipErrorInvalidValue);
  expectError("extra without size", hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, noSize),
              hipErrorInvalidValue);
  expectError("extra with unknown key", hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, badKey),
              hipErrorInvalidValue);
  expectError("no arguments", hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, nullptr),
              hipErrorInvalidValue);
  expectError("zero grid", hipModuleLaunchKernel(f, 0, 1, 1, 4, 1, 1, 0, nullptr, params, nullptr),
              hipErrorInvalidConfiguration);
  // ROCm's ihipModuleLaunchKernel: a stream that is not live is hipErrorContextIsDestroyed.
  expectError("unknown stream",
              hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, reinterpret_cast<hipStream_t>(&bogus), params, nullptr),
              hipErrorContextIsDestroyed);
  int value = 0;
  expectError("unknown function attribute", hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_MAX, f),
              hipErrorInvalidValue);
  // A good launch with the same function still works.
  HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, extra));
  std::vector<long long> got(4);
  out.download(got);
  for (int i = 0; i < 4; ++i) e2e::expect_eq("mixed after errors", i, got[i], 1000000LL + 1000 + 100 + 10 + 1);

  HIP_CHECK(hipModuleUnload(m));
  expectError("unload twice", hipModuleUnload(m), hipErrorInvalidHandle);
  expectError("function of an unloaded module", hipModuleGetFunction(&f, m, "mixed"), hipErrorInvalidHandle);
  stillUsable(good, "at the end");
  return e2e::finish("module_errors");
}
