// Several host threads at once, each with its own streams: allocating, copying, launching with
// varying block sizes, checking every result and its own last error. Runs in the ordinary suite
// (runtime.thread_stress) and is the program of the sanitizer legs' ThreadSanitizer run
// (scripts/sanitizer-legs.sh), where any data race in libhipvk fails it. Kernels are the
// hand-written ones of the runtime tests (kernels.comp): no compiler needed.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "kernel_index.h"
#include "test_util.h"

namespace {

const char *kIndex = "_Z5indexPjj";
char indexStub;  // the host function Clang would register

void registerIndexKernel() {
  void **module = registerModule(kernel_index, std::string("hipvk-metadata 1\nsegment 0\nkernel ") + kIndex +
                                                   " 1 12 0 0\narg 0 8\narg 8 4\n");
  REQUIRE(module != nullptr);
  registerKernel(module, &indexStub, kIndex);
}

constexpr int kThreads = 4;
constexpr int kRounds = 12;
constexpr unsigned kBlockSizes[] = {1, 7, 32, 64, 100, 256};

// One thread's work; returns a description of the first thing that went wrong, empty if nothing.
std::string work(int thread) {
  hipStream_t streams[2] = {};
  for (hipStream_t &s : streams)
    if (hipStreamCreateWithFlags(&s, thread % 2 ? hipStreamNonBlocking : hipStreamDefault) != hipSuccess) return "stream create";
  for (int round = 0; round < kRounds; ++round) {
    const unsigned block = kBlockSizes[(thread + round) % std::size(kBlockSizes)];
    const unsigned blocks = 1 + (thread * 5 + round) % 9;
    const unsigned count = block * blocks, add = unsigned(thread * 1000 + round);
    hipStream_t stream = streams[round % 2];
    unsigned *device = nullptr;
    if (hipMallocAsync(reinterpret_cast<void **>(&device), count * sizeof(unsigned), stream) != hipSuccess) return "malloc";
    if (hipMemsetAsync(device, 0xff, count * sizeof(unsigned), stream) != hipSuccess) return "memset";
    void *args[] = {&device, const_cast<unsigned *>(&add)};
    if (hipLaunchKernel(&indexStub, dim3(blocks), dim3(block), args, 0, stream) != hipSuccess) return "launch";
    std::vector<unsigned> host(count);
    if (hipMemcpyAsync(host.data(), device, count * sizeof(unsigned), hipMemcpyDeviceToHost, stream) != hipSuccess)
      return "copy";
    if (hipStreamSynchronize(stream) != hipSuccess) return "synchronize";
    for (unsigned i = 0; i < count; ++i)
      if (host[i] != i + add) return "result " + std::to_string(i) + " of round " + std::to_string(round);
    if (hipFreeAsync(device, stream) != hipSuccess) return "free";
    // A failing call of this thread sets this thread's last error only.
    if (hipSetDevice(-1) != hipErrorInvalidDevice) return "bad device accepted";
    if (hipGetLastError() != hipErrorInvalidDevice || hipGetLastError() != hipSuccess) return "last error";
  }
  for (hipStream_t s : streams)
    if (hipStreamDestroy(s) != hipSuccess) return "stream destroy";
  return {};
}

}  // namespace

TEST_CASE("threads with their own streams allocate, copy, launch and check concurrently") {
  registerIndexKernel();
  HIP_CHECK(hipSetDevice(0));
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back([&, t] { failures[t] = work(t); });
  for (std::thread &t : threads) t.join();
  for (int t = 0; t < kThreads; ++t) {
    CAPTURE(t);
    CHECK_EQ(failures[t], "");
  }
  HIP_CHECK(hipDeviceSynchronize());
  CHECK_EQ(hipGetLastError(), hipSuccess);
}
