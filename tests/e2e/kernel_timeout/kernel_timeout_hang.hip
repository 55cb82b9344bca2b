// Run by kernel_timeout_main with HIPVK_KERNEL_TIMEOUT=1: a kernel that never ends, then every
// kind of synchronising call. Each must come back with hipErrorLaunchTimeOut (the first after the
// timeout, the others at once: the fault is sticky), new work must be refused the same way, and the
// process must still return from main with its own status (argv[1], else 0; 98 when a check here
// failed) without hanging at exit. Prints one line per call; the parent checks them too.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

// Spins until *release becomes non-zero, which nothing ever writes. The volatile load keeps the loop
// (a loop without side effects could be assumed to end).
__global__ void spin_until_released(const volatile int *release, int *iterations) {
  int n = 0;
  while (*release == 0) ++n;
  *iterations = n;
}

template <typename T>
__global__ void scale(T *data, T factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

int wrong = 0;  // checks that failed here (the parent checks the printed lines too)

// Prints the outcome of a call and checks it: `want`, within [minSeconds, maxSeconds].
void report(const char *what, hipError_t got, double seconds, hipError_t want, double minSeconds, double maxSeconds) {
  std::printf("%s: %s %.2f s\n", what, hipGetErrorName(got), seconds);
  if (got != want || seconds < minSeconds || seconds > maxSeconds) ++wrong;
}

}  // namespace

int main(int argc, char **argv) {
  const int status = argc > 1 ? std::atoi(argv[1]) : 0;
  const double timeout = 1.0;  // what the parent (or the restart below) sets
  if (!std::getenv("HIPVK_KERNEL_TIMEOUT")) {
    // Run on its own (the e2e bundle runs every program): without a timeout the process would hang,
    // as under ROCm, so it starts again with one (the runtime reads it when it starts).
    setenv("HIPVK_KERNEL_TIMEOUT", "1", 1);
    execv("/proc/self/exe", argv);
    return 99;
  }
  // The device works before the hang: a real result, checked.
  const int n = 1000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i) * 0.5f;
  float *data = nullptr;
  int *release = nullptr, *iterations = nullptr;
  if (hipMalloc(&data, n * sizeof(float)) != hipSuccess || hipMalloc(&release, sizeof(int)) != hipSuccess ||
      hipMalloc(&iterations, sizeof(int)) != hipSuccess || hipMemset(release, 0, sizeof(int)) != hipSuccess ||
      hipMemcpy(data, host.data(), n * sizeof(float), hipMemcpyHostToDevice) != hipSuccess)
    return 100;
  scale<<<(n + 63) / 64, 64>>>(data, 4.0f, n);
  if (hipGetLastError() == hipErrorNoBinaryForGpu) return 77;  // no code for this device: a skip
  std::vector<float> back(n);
  if (hipMemcpy(back.data(), data, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) return 101;
  for (int i = 0; i < n; ++i)
    if (back[i] != host[i] * 4.0f) return 102;
  std::printf("before the hang: results correct\n");

  hipStream_t stream;
  if (hipStreamCreateWithFlags(&stream, hipStreamNonBlocking) != hipSuccess) return 103;
  spin_until_released<<<1, 1, 0, stream>>>(release, iterations);
  const hipError_t launched = hipGetLastError();
  std::printf("launch of the endless kernel: %s\n", hipGetErrorName(launched));
  if (launched != hipSuccess) return 104;

  Clock::time_point start = Clock::now();
  report("hipStreamSynchronize", hipStreamSynchronize(stream), seconds_since(start), hipErrorLaunchTimeOut, timeout * 0.95, 60);
  start = Clock::now();
  report("hipDeviceSynchronize", hipDeviceSynchronize(), seconds_since(start), hipErrorLaunchTimeOut, 0, timeout / 2);
  start = Clock::now();
  report("hipStreamQuery", hipStreamQuery(stream), seconds_since(start), hipErrorLaunchTimeOut, 0, timeout / 2);
  start = Clock::now();
  report("hipMemcpy", hipMemcpy(back.data(), data, n * sizeof(float), hipMemcpyDeviceToHost), seconds_since(start),
         hipErrorLaunchTimeOut, 0, timeout / 2);
  start = Clock::now();
  scale<<<(n + 63) / 64, 64, 0, stream>>>(data, 2.0f, n);
  report("launch after the fault", hipGetLastError(), seconds_since(start), hipErrorLaunchTimeOut, 0, timeout / 2);
  // Destroying the stream of the endless kernel returns at once; its resources stay with the device.
  start = Clock::now();
  report("hipStreamDestroy", hipStreamDestroy(stream), seconds_since(start), hipSuccess, 0, timeout / 2);
  // Returning now leaves the endless kernel running: the exit must neither wait for it nor free
  // what it uses.
  std::fflush(stdout);
  return wrong ? 98 : status;
}
