// The host-side costs a program feels (issue 8's table), one source for both sides: host_latency.hip
// runs it through hipvk, cuda/host_latency.cu through the CUDA runtime (which maps the hip* names
// used here to cuda*). Every figure is a wall-clock time around API calls, median of repetitions.
//   host_latency                 all measures, then the first-launch ones in two child processes:
//                                the first with an empty pipeline cache (cold), the second warm
//   host_latency --first-launch  (the child) one first launch, printed
//   host_latency --small         tiny sizes: a smoke run of every path
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "bench_check.h"

namespace latency {

using Clock = std::chrono::steady_clock;

__global__ void empty_kernel() {}
__global__ void first_probe(int *out, int value) { out[threadIdx.x] = value + int(threadIdx.x); }
__global__ void second_probe(int *out, int value) { out[threadIdx.x] = value * 2 + int(threadIdx.x); }
__global__ void spin_ticks(long long ticks, int *out) {
  long long start = clock64();
  while (clock64() - start < ticks) {
  }
  *out = 1;
}

double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

// Median of `reps` timings of `body` (microseconds), after one warm-up call.
template <typename Body>
double medianUs(int reps, Body body) {
  body();
  std::vector<double> t(reps);
  for (double &x : t) {
    auto start = Clock::now();
    body();
    x = us(Clock::now() - start);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void row(const char *what, double value, const char *unit) { std::printf("%-58s %12.2f %s\n", what, value, unit); }

int failures = 0;
void verify(bool ok, const char *what) {
  if (!ok) {
    std::printf("WRONG RESULT: %s\n", what);
    ++failures;
  }
}

// The child: device set up, then one first launch + synchronisation of a kernel never launched in
// this process, a second launch of it, and the first launch of another kernel of the same module.
int firstLaunch() {
  int *out = nullptr;
  CHECK(hipMalloc(&out, 64 * sizeof(int)));
  CHECK(hipDeviceSynchronize());
  auto start = Clock::now();
  first_probe<<<1, 64>>>(out, 5);
  CHECK(hipDeviceSynchronize());
  double first = us(Clock::now() - start);
  start = Clock::now();
  first_probe<<<1, 64>>>(out, 6);
  CHECK(hipDeviceSynchronize());
  double again = us(Clock::now() - start);
  start = Clock::now();
  second_probe<<<1, 64>>>(out, 7);
  CHECK(hipDeviceSynchronize());
  double other = us(Clock::now() - start);
  int got[64];
  CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) verify(got[i] == 14 + i, "first launch probe");
  std::printf("first %.1f again %.1f other %.1f\n", first, again, other);
  CHECK(hipFree(out));
  return failures != 0;
}

// Runs this program as the first-launch child with `cacheDir` as its pipeline cache.
void runFirstLaunchChild(const char *self, const std::string &cacheDir, const char *label) {
  std::string command = "HIPVK_PIPELINE_CACHE='" + cacheDir + "' CUDA_CACHE_PATH='" + cacheDir + "' '" +
                        std::string(self) + "' --first-launch";
  FILE *pipe = popen(command.c_str(), "r");
  char line[256] = {};
  double first = -1, again = -1, other = -1;
  if (pipe && std::fgets(line, sizeof line, pipe)) std::sscanf(line, "first %lf again %lf other %lf", &first, &again, &other);
  int status = pipe ? pclose(pipe) : -1;
  verify(status == 0 && first > 0, "first-launch child");
  std::string what = std::string("first launch + sync of a kernel (") + label + " pipeline cache)";
  row(what.c_str(), first, "us");
  row(("  then the same kernel again (" + std::string(label) + ")").c_str(), again, "us");
  row(("  then another kernel of the module, first time (" + std::string(label) + ")").c_str(), other, "us");
}

void copies(size_t bytes, int reps) {
  void *device = nullptr;
  CHECK(hipMalloc(&device, bytes));
  std::vector<char> pageable(bytes);
  for (size_t i = 0; i < bytes; i += 4096) pageable[i] = char(i >> 12);  // touched: no first-touch faults
  auto gbps = [&](double microseconds) { return double(bytes) / (microseconds * 1e3); };
  row("hipMemcpy H2D pageable", gbps(medianUs(reps, [&] { CHECK(hipMemcpy(device, pageable.data(), bytes, hipMemcpyHostToDevice)); })),
      "GB/s");
  row("hipMemcpy D2H pageable", gbps(medianUs(reps, [&] { CHECK(hipMemcpy(pageable.data(), device, bytes, hipMemcpyDeviceToHost)); })),
      "GB/s");
  verify(pageable[4096 * 3] == char(3), "pageable round trip");
  void *pinned = nullptr;
  if (hipHostMalloc(&pinned, bytes, hipHostMallocDefault) == hipSuccess) {
    std::memset(pinned, 1, bytes);
    row("hipMemcpy H2D pinned", gbps(medianUs(reps, [&] { CHECK(hipMemcpy(device, pinned, bytes, hipMemcpyHostToDevice)); })), "GB/s");
    row("hipMemcpy D2H pinned", gbps(medianUs(reps, [&] { CHECK(hipMemcpy(pinned, device, bytes, hipMemcpyDeviceToHost)); })), "GB/s");
    CHECK(hipHostFree(pinned));
  } else {
    (void)hipGetLastError();
    std::printf("%-58s %12s\n", "hipMemcpy pinned", "unsupported");
  }
  CHECK(hipFree(device));
}

int run(int argc, char **argv, const char *impl) {
  bool small = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--first-launch")) return firstLaunch();
    if (!std::strcmp(argv[i], "--small")) small = true;
  }
  const int trips = small ? 20 : 2000, reps = small ? 2 : 5;
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("host_latency: %s (%s); medians\n", prop.name, impl);
  CHECK(hipDeviceSynchronize());

  // Round trips: the time a program waits for a launch it needs the result of.
  row("empty launch + hipDeviceSynchronize", medianUs(trips, [] {
        empty_kernel<<<1, 1>>>();
        CHECK(hipDeviceSynchronize());
      }), "us");
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  row("empty launch + hipStreamSynchronize (created stream)", medianUs(trips, [&] {
        empty_kernel<<<1, 1, 0, stream>>>();
        CHECK(hipStreamSynchronize(stream));
      }), "us");
  // The same round trip in pieces: recording the launch, handing it to the device (the first
  // query submits), and the synchronisation after the device has surely finished.
  {
    std::vector<double> t;
    for (int i = 0; i < trips; ++i) {
      CHECK(hipStreamSynchronize(stream));
      auto start = Clock::now();
      empty_kernel<<<1, 1, 0, stream>>>();
      t.push_back(us(Clock::now() - start));
    }
    std::sort(t.begin(), t.end());
    row("  launch call alone (stream idle before)", t[t.size() / 2], "us");
  }
  {
    std::vector<double> submit, wait;
    for (int i = 0; i < std::min(trips, 300); ++i) {
      empty_kernel<<<1, 1, 0, stream>>>();
      auto start = Clock::now();
      hipError_t q = hipStreamQuery(stream);
      submit.push_back(us(Clock::now() - start));
      verify(q == hipSuccess || q == hipErrorNotReady, "hipStreamQuery");
      std::this_thread::sleep_for(std::chrono::microseconds(500));
      start = Clock::now();
      CHECK(hipStreamSynchronize(stream));
      wait.push_back(us(Clock::now() - start));
    }
    std::sort(submit.begin(), submit.end());
    std::sort(wait.begin(), wait.end());
    row("  hipStreamQuery right after the launch (submits it)", submit[submit.size() / 2], "us");
    row("  hipStreamSynchronize after the work has finished", wait[wait.size() / 2], "us");
  }
  // Batched: launches the device runs while the host records more.
  {
    const int n = trips;
    auto start = Clock::now();
    for (int i = 0; i < n; ++i) empty_kernel<<<1, 1, 0, stream>>>();
    CHECK(hipStreamSynchronize(stream));
    row("empty launch, asynchronous (batched), per launch", us(Clock::now() - start) / n, "us");
  }
  // Allocation.
  row("hipMalloc + hipFree of 1 MiB", medianUs(trips, [] {
        void *p = nullptr;
        CHECK(hipMalloc(&p, 1 << 20));
        CHECK(hipFree(p));
      }), "us");
  // Copies.
  copies(small ? (size_t(1) << 20) : (size_t(256) << 20), reps);
  // Async copy/compute overlap: a kernel of ~1 ms on one stream and a pinned upload on another,
  // alone and together.
  {
    const size_t bytes = small ? (size_t(1) << 20) : (size_t(64) << 20);
    void *device = nullptr, *pinned = nullptr;
    int *flag = nullptr;
    CHECK(hipMalloc(&device, bytes));
    CHECK(hipMalloc(&flag, sizeof(int)));
    hipStream_t other;
    CHECK(hipStreamCreateWithFlags(&other, hipStreamNonBlocking));
    if (hipHostMalloc(&pinned, bytes, hipHostMallocDefault) == hipSuccess) {
      int kHz = 0;  // the clock64() rate (an attribute: CUDA 13 dropped cudaDeviceProp::clockRate)
      CHECK(hipDeviceGetAttribute(&kHz, hipDeviceAttributeClockRate, 0));
      const long long ticks = (long long)kHz * (small ? 10 : 1000) / 1000;
      double kernel = medianUs(reps, [&] { spin_ticks<<<1, 1, 0, stream>>>(ticks, flag); CHECK(hipStreamSynchronize(stream)); });
      double copy = medianUs(reps, [&] { CHECK(hipMemcpyAsync(device, pinned, bytes, hipMemcpyHostToDevice, other)); CHECK(hipStreamSynchronize(other)); });
      double both = medianUs(reps, [&] {
        spin_ticks<<<1, 1, 0, stream>>>(ticks, flag);
        CHECK(hipMemcpyAsync(device, pinned, bytes, hipMemcpyHostToDevice, other));
        CHECK(hipStreamSynchronize(stream));
        CHECK(hipStreamSynchronize(other));
      });
      row("overlap: kernel alone", kernel, "us");
      row("overlap: pinned async copy alone", copy, "us");
      row("overlap: both on two streams (= max when they overlap)", both, "us");
      CHECK(hipHostFree(pinned));
    } else {
      (void)hipGetLastError();
      std::printf("%-58s %12s\n", "overlap (needs pinned memory)", "unsupported");
    }
    CHECK(hipStreamDestroy(other));
    CHECK(hipFree(flag));
    CHECK(hipFree(device));
  }
  // Event timing resolution.
  {
    hipEvent_t a, b;
    CHECK(hipEventCreate(&a));
    CHECK(hipEventCreate(&b));
    std::vector<float> gaps;
    for (int i = 0; i < 200; ++i) {
      CHECK(hipEventRecord(a, stream));
      CHECK(hipEventRecord(b, stream));
      CHECK(hipEventSynchronize(b));
      float gap = 0;
      CHECK(hipEventElapsedTime(&gap, a, b));
      gaps.push_back(gap);
    }
    std::sort(gaps.begin(), gaps.end());
    float smallest = 0;
    for (float g : gaps)
      if (g > 0) {
        smallest = g;
        break;
      }
    verify(gaps.front() >= 0, "event intervals non-negative");
    row("event timing: smallest non-zero interval", smallest * 1e3, "us");
    CHECK(hipEventDestroy(a));
    CHECK(hipEventDestroy(b));
  }
  CHECK(hipStreamDestroy(stream));

  // First launches, each in a fresh process: an empty pipeline cache, then the one it left.
  char dir[] = "/tmp/host_latency_cache.XXXXXX";
  if (mkdtemp(dir)) {
    runFirstLaunchChild(argv[0], dir, "cold");
    runFirstLaunchChild(argv[0], dir, "warm");
    std::string cleanup = std::string("rm -rf '") + dir + "'";
    if (std::system(cleanup.c_str()) != 0) std::printf("could not remove %s\n", dir);
  }
  std::printf(failures ? "host_latency: FAIL\n" : "host_latency: all results correct\n");
  return failures != 0;
}

}  // namespace latency
