// Returns from main with work in flight on created streams, events and streams never destroyed,
// and a callback still queued: the process must exit with the status main returns (argv[1], else
// 0), without a crash or a hang. With "reset" it calls hipDeviceReset first, then queues more.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void churn(unsigned *data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = data[i];
  for (int r = 0; r < rounds; ++r) x = x * 1664525u + 1013904223u;
  data[i] = x;
}

static void note(void *) {}

int main(int argc, char **argv) {
  const int status = argc > 1 ? std::atoi(argv[1]) : 0;
  const bool reset = argc > 2 && std::strcmp(argv[2], "reset") == 0;
  const int n = 4099;
  unsigned *data = nullptr;
  if (hipMalloc(&data, n * sizeof(unsigned)) != hipSuccess) return 100;
  hipStream_t a, b;
  hipEvent_t e;
  if (hipStreamCreate(&a) != hipSuccess || hipStreamCreateWithFlags(&b, hipStreamNonBlocking) != hipSuccess ||
      hipEventCreate(&e) != hipSuccess)
    return 101;
  if (reset) {
    churn<<<(n + 63) / 64, 64, 0, a>>>(data, n, 1000);
    if (hipDeviceReset() != hipSuccess) return 102;
    if (hipMalloc(&data, n * sizeof(unsigned)) != hipSuccess) return 103;
    if (hipStreamCreate(&a) != hipSuccess || hipStreamCreateWithFlags(&b, hipStreamNonBlocking) != hipSuccess ||
        hipEventCreate(&e) != hipSuccess)
      return 104;
  }
  // Long enough to still run when main returns.
  churn<<<(n + 63) / 64, 64, 0, a>>>(data, n, 20000);
  if (hipGetLastError() == hipErrorNoBinaryForGpu) return 77;  // no code for this device (a skip): nothing in flight
  hipEventRecord(e, a);
  hipStreamWaitEvent(b, e, 0);
  churn<<<(n + 63) / 64, 64, 0, b>>>(data, n, 1000);
  hipLaunchHostFunc(b, note, nullptr);
  churn<<<(n + 63) / 64, 64>>>(data, n, 1000);
  std::printf("returning %d with work in flight\n", status);
  return status;
}
