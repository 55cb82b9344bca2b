// Copies that run on a stream's copy lane (a copy engine's queue where the device has one; a
// second lane of the compute queue under HIPVK_COPY_QUEUE=compute, as CI runs it on lavapipe),
// used the way programs overlap transfers with kernels: several streams each uploading pinned
// input, transforming it and downloading the result, round after round into the same device
// buffers (so a copy must wait for the kernel that still reads its target), small copies that stay
// on the stream's queue between large ones, a host callback holding a stream in the middle, events
// from other streams on copies, large pageable copies, and host threads each driving their own
// stream. Every result is checked against the host. On a device with a copy engine's queue it also
// times a kernel and a copy on two streams: together they must take clearly less than the sum.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "copy_lane.h"
#include "test_common.h"

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kSentinel = 0xdeadbeefu;

// Pinned host memory that frees itself.
template <typename T>
struct PinnedBuffer {
  T *ptr = nullptr;
  size_t count = 0;
  explicit PinnedBuffer(size_t n) : count(n) {
    HIP_CHECK(hipHostMalloc(reinterpret_cast<void **>(&ptr), n * sizeof(T), hipHostMallocDefault));
  }
  PinnedBuffer(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(const PinnedBuffer &) = delete;
  ~PinnedBuffer() {
    if (ptr) HIP_CHECK(hipHostFree(ptr));
  }
  size_t bytes() const { return count * sizeof(T); }
};

// A host callback that holds its stream until `open` is set (bounded: a broken runtime fails the
// test instead of hanging it).
struct Gate {
  std::atomic<bool> open{false}, timedOut{false};
  static void hold(void *self) {
    Gate &g = *static_cast<Gate *>(self);
    const auto until = Clock::now() + std::chrono::seconds(20);
    while (!g.open && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!g.open) g.timedOut = true;
  }
};

template <typename T>
T input(int stream, int round, size_t i) {
  return T((i * 2654435761u) ^ (unsigned(stream) << 20) ^ (unsigned(round) << 26));
}

template <typename T>
T transformed(T x, int round) {
  return T(x * T(3) + T(11) + T(round));
}

template <typename T>
uint32_t bitSum(const T *data, size_t n) {
  uint32_t sum = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t word;
    std::memcpy(&word, &data[i], sizeof word);
    sum += word;
  }
  return sum;
}

// `rounds` rounds on every stream: pinned upload -> transform -> device copy -> pinned download,
// each round into the same device buffers. The device copy stays on the stream's queue and the
// large pinned copies take the copy lane: the download reads what the device copy wrote, and the
// next round's device copy overwrites what the download reads (hazards the validation layer's
// synchronization checks see, as they see no kernel's accesses). The next stream (by an event on the download) sums the downloaded
// result through its mapped pointer. The first stream is held by a gate in round 1, between its
// upload and its kernel: nothing after the gate may happen before it opens.
template <typename T>
void roundsOnStreams(const char *what, size_t n, const std::vector<hipStream_t> &streams, int rounds) {
  static_assert(sizeof(T) == sizeof(uint32_t));
  const int count = int(streams.size());
  std::vector<std::unique_ptr<e2e::DeviceBuffer<T>>> in, out, mirror;
  std::vector<std::unique_ptr<PinnedBuffer<T>>> hostIn, hostOut;
  std::vector<hipEvent_t> downloaded;
  e2e::DeviceBuffer<uint32_t> sums(size_t(count) * rounds);
  HIP_CHECK(hipMemset(sums, 0, sums.bytes()));
  for (int s = 0; s < count; ++s) {
    in.push_back(std::make_unique<e2e::DeviceBuffer<T>>(n));
    out.push_back(std::make_unique<e2e::DeviceBuffer<T>>(n));
    mirror.push_back(std::make_unique<e2e::DeviceBuffer<T>>(n));
  }
  for (int k = 0; k < count * rounds; ++k) {
    hostIn.push_back(std::make_unique<PinnedBuffer<T>>(n));
    hostOut.push_back(std::make_unique<PinnedBuffer<T>>(n));
    std::fill_n(reinterpret_cast<uint32_t *>(hostOut.back()->ptr), n, kSentinel);
    hipEvent_t e;
    HIP_CHECK(hipEventCreateWithFlags(&e, hipEventDisableTiming));
    downloaded.push_back(e);
  }
  HIP_CHECK(hipDeviceSynchronize());

  Gate gate;
  for (int r = 0; r < rounds; ++r) {
    for (int s = 0; s < count; ++s) {
      const int k = r * count + s;
      T *hin = hostIn[k]->ptr;
      for (size_t i = 0; i < n; ++i) hin[i] = input<T>(s, r, i);
      HIP_CHECK(hipMemcpyAsync(*in[s], hin, n * sizeof(T), hipMemcpyHostToDevice, streams[s]));
      if (r == 1 && s == 0) HIP_CHECK(hipLaunchHostFunc(streams[s], Gate::hold, &gate));
      launch_transform<T>(*in[s], *out[s], T(3), T(11), r, int(n), streams[s]);
      HIP_CHECK(hipGetLastError());
      HIP_CHECK(hipMemcpyAsync(*mirror[s], *out[s], n * sizeof(T), hipMemcpyDeviceToDevice, streams[s]));
      HIP_CHECK(hipMemcpyAsync(hostOut[k]->ptr, *mirror[s], n * sizeof(T), hipMemcpyDeviceToHost, streams[s]));
      HIP_CHECK(hipEventRecord(downloaded[k], streams[s]));
      hipStream_t next = streams[(s + 1) % count];
      HIP_CHECK(hipStreamWaitEvent(next, downloaded[k], 0));
      uint32_t *mapped = nullptr;
      HIP_CHECK(hipHostGetDevicePointer(reinterpret_cast<void **>(&mapped), hostOut[k]->ptr, 0));
      launch_checksum(mapped, sums.ptr + k, int(n), next);
      HIP_CHECK(hipGetLastError());
    }
  }
  // Round 1 of stream 0 waits for the gate: its download cannot have happened.
  e2e::check(hipStreamQuery(streams[0]) == hipErrorNotReady, "stream held by the gate is not ready");
  e2e::expect_eq(what, 0, reinterpret_cast<uint32_t *>(hostOut[count]->ptr)[0], kSentinel);
  gate.open = true;
  HIP_CHECK(hipDeviceSynchronize());
  e2e::check(!gate.timedOut, "the gate was opened in time");

  std::vector<uint32_t> gotSums(sums.count);
  sums.download(gotSums);
  std::vector<T> want(n);
  for (int r = 0; r < rounds; ++r)
    for (int s = 0; s < count; ++s) {
      const int k = r * count + s;
      for (size_t i = 0; i < n; ++i) want[i] = transformed<T>(input<T>(s, r, i), r);
      const T *got = hostOut[k]->ptr;
      for (size_t i = 0; i < n; ++i)
        if (!e2e::expect_eq(what, (long long)(k * n + i), got[i], want[i])) break;
      e2e::expect_eq(what, k, gotSums[k], bitSum(want.data(), n));
    }
  for (hipEvent_t e : downloaded) HIP_CHECK(hipEventDestroy(e));
}

// Large pageable copies (staged in chunks where device memory is not host-visible) around a kernel
// still running on the null stream: the upload must wait for it, the download must see its result.
void pageableAroundKernel() {
  const size_t n = (size_t(19) << 20) / sizeof(uint32_t) + 5;  // 19 MiB + 20 bytes: three chunks and a tail
  std::vector<uint32_t> first(n), second(n), back(n, 0);
  for (size_t i = 0; i < n; ++i) {
    first[i] = uint32_t(i * 7 + 1);
    second[i] = uint32_t(i ^ 0x5a5a5a5au);
  }
  e2e::DeviceBuffer<uint32_t> a(n), b(n);
  a.upload(first);
  launch_transform<uint32_t>(a, b, 3u, 11u, 4, int(n), nullptr);  // reads a, still queued
  HIP_CHECK(hipMemcpy(a, second.data(), n * sizeof(uint32_t), hipMemcpyHostToDevice));
  b.download(back);
  for (size_t i = 0; i < n; ++i)
    if (!e2e::expect_eq("pageable: kernel before the overwrite", (long long)i, back[i], transformed(first[i], 4))) break;
  a.download(back);
  for (size_t i = 0; i < n; ++i)
    if (!e2e::expect_eq("pageable: second upload", (long long)i, back[i], second[i])) break;
}

// Host threads, each with its own stream, all copying and launching at once.
void threads() {
  constexpr int kThreads = 3;
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t)
    workers.emplace_back([t] {
      hipStream_t stream;
      HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
      const size_t n = (size_t(1) << 18) + 3 + size_t(t);
      PinnedBuffer<uint32_t> up(n), down(n);
      e2e::DeviceBuffer<uint32_t> a(n), b(n);
      for (int r = 0; r < 4; ++r) {
        for (size_t i = 0; i < n; ++i) up.ptr[i] = input<uint32_t>(t, r, i);
        HIP_CHECK(hipMemcpyAsync(a, up.ptr, up.bytes(), hipMemcpyHostToDevice, stream));
        launch_transform<uint32_t>(a, b, 3u, 11u, r, int(n), stream);
        HIP_CHECK(hipMemcpyAsync(down.ptr, b, down.bytes(), hipMemcpyDeviceToHost, stream));
        HIP_CHECK(hipStreamSynchronize(stream));
        for (size_t i = 0; i < n; ++i)
          if (!e2e::expect_eq("threads", (long long)i, down.ptr[i], transformed(input<uint32_t>(t, r, i), r))) break;
      }
      HIP_CHECK(hipStreamDestroy(stream));
    });
  for (std::thread &w : workers) w.join();
}

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A kernel on one stream and a 64 MiB pinned upload on another, alone and together. Only where
// the device has a copy engine's queue (hipDeviceAttributeAsyncEngineCount): elsewhere the two
// share the device's one queue and the sum is the right answer.
void overlap() {
  int engines = 0;
  HIP_CHECK(hipDeviceGetAttribute(&engines, hipDeviceAttributeAsyncEngineCount, 0));
  if (engines == 0) {
    std::printf("overlap timing: not measured, the device has no copy engine queue (async engine count 0)\n");
    return;
  }
  const size_t bytes = size_t(64) << 20;
  PinnedBuffer<uint8_t> host(bytes);
  std::memset(host.ptr, 0x5c, bytes);
  e2e::DeviceBuffer<uint8_t> target(bytes);
  const int n = 1 << 16;
  e2e::DeviceBuffer<uint32_t> spinData(n);
  HIP_CHECK(hipMemset(spinData, 0, spinData.bytes()));
  hipStream_t kernelStream, copyStream;
  HIP_CHECK(hipStreamCreateWithFlags(&kernelStream, hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithFlags(&copyStream, hipStreamNonBlocking));
  auto copy = [&] { HIP_CHECK(hipMemcpyAsync(target, host.ptr, bytes, hipMemcpyHostToDevice, copyStream)); };
  auto timed = [&](auto &&work) {
    double best = 1e30;
    for (int k = 0; k < 3; ++k) {
      const Clock::time_point start = Clock::now();
      work();
      HIP_CHECK(hipDeviceSynchronize());
      best = std::min(best, millisecondsSince(start));
    }
    return best;
  };
  // Half a second of work first: after an idle second or two (this program's host-side checks)
  // NVIDIA's Vulkan driver runs the first ~0.3 s of work up to 1.9x slower (docs/PERFORMANCE.md,
  // "2026-11-26 (night)"), which would time the clock ramp instead of the overlap.
  for (const Clock::time_point start = Clock::now(); millisecondsSince(start) < 500;) {
    launch_spin(spinData, n, 1 << 12, kernelStream);
    HIP_CHECK(hipStreamSynchronize(kernelStream));
  }
  const double copyMs = timed(copy);
  // Spin rounds scaled until the kernel takes about as long as the copy (timed() warms it up).
  int rounds = 1 << 12;
  double kernelMs = 0;
  for (int step = 0; step < 3; ++step) {
    kernelMs = timed([&] { launch_spin(spinData, n, rounds, kernelStream); });
    rounds = int(std::clamp(rounds * copyMs / std::max(kernelMs, 1e-3), 16.0, double(1 << 26)));
  }
  kernelMs = timed([&] { launch_spin(spinData, n, rounds, kernelStream); });
  const double bothMs = timed([&] {
    launch_spin(spinData, n, rounds, kernelStream);
    copy();
  });
  std::printf("overlap timing: kernel %.3f ms, copy %.3f ms, both on two streams %.3f ms\n", kernelMs, copyMs, bothMs);
  e2e::check(bothMs < 0.8 * (kernelMs + copyMs), "a kernel and a copy on two streams overlap");
  std::vector<uint8_t> back(bytes);
  HIP_CHECK(hipMemcpy(back.data(), target, bytes, hipMemcpyDeviceToHost));
  e2e::check(std::all_of(back.begin(), back.end(), [](uint8_t v) { return v == 0x5c; }), "overlapped copy's data");
  HIP_CHECK(hipStreamDestroy(kernelStream));
  HIP_CHECK(hipStreamDestroy(copyStream));
}

}  // namespace

int main() {
  std::vector<hipStream_t> streams(3);
  HIP_CHECK(hipStreamCreate(&streams[0]));
  HIP_CHECK(hipStreamCreateWithFlags(&streams[1], hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithPriority(&streams[2], hipStreamNonBlocking, -1));
  // Above the copy lane's threshold (1 MiB) by an odd amount, and below it.
  roundsOnStreams<int>("rounds, large int", (size_t(1) << 18) + 37, streams, 3);
  roundsOnStreams<uint32_t>("rounds, small uint", 3001, streams, 3);
  roundsOnStreams<uint32_t>("rounds, large uint, two streams", (size_t(3) << 18) + 1, {streams[2], streams[0]}, 2);
  for (hipStream_t s : streams) HIP_CHECK(hipStreamDestroy(s));
  pageableAroundKernel();
  threads();
  overlap();
  return e2e::finish("copy_lane");
}
