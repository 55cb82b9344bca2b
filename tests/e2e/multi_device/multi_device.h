// Two Vulkan devices in one process (lavapipe and SwiftShader: VK_ICD_FILENAMES names both): each
// allocates, launches, copies and synchronises while the program switches with hipSetDevice, and
// data moves between them with hipMemcpyPeer(Async) and hipMemcpyDefault. Shared declarations of
// the test's translation units.
#pragma once

#include "test_common.h"

#include <string>
#include <vector>

// Whether hipcc's kernels run on a device without shaderInt64 (SwiftShader). Until the compiler
// emits its portable variants (modules without Int64/Float64/Int8/Int16), every kernel needs Int64
// and SwiftShader must refuse each launch with hipErrorNoBinaryForGpu: the test checks exactly that
// and computes the refused kernel's result on the host so the copies and checks after it still run.
// Once portable variants exist, set this to true: SwiftShader then runs every launch and the
// results are checked as on lavapipe (a launch refused then fails the test, and so does one that
// succeeds while this is false).
inline constexpr bool kKernelsRunWithoutInt64 = true;

// The two devices and what the test expects of each.
struct TestDevice {
  int ordinal = -1;
  std::string name;
  hipDeviceProp_t props{};
  bool runsKernels = true;  // false: launches must fail with hipErrorNoBinaryForGpu (see above)
};

// More than the 128 bytes of push constants a kernel's arguments may use: they travel in the
// per-launch argument buffer.
struct Polynomial {
  static constexpr int kMaxDegree = 39;
  float coefficients[kMaxDegree + 1];
  int degree;
};
static_assert(sizeof(Polynomial) > 128);

// The largest block SwiftShader runs (maxThreadsPerBlock 256).
inline constexpr int kBlock = 256;

// Launchers (multi_device_kernels.hip), on the current device; each returns the launch's status
// and leaves it as the last error (hipPeekAtLastError).
hipError_t launch_axpy(float a, const float *x, float *y, int n, hipStream_t stream, int block = kBlock);
hipError_t launch_polynomial(const Polynomial &p, const float *x, float *y, int n, hipStream_t stream);
hipError_t launch_block_sums(const float *in, float *sums, int n, hipStream_t stream);
// The same launches with a given block shape and dynamic shared memory (limit checks).
hipError_t launch_axpy_shaped(float a, const float *x, float *y, int n, dim3 block, size_t dynamicShared);

// Host references, in the device code's operation order (-ffp-contract=off: nothing fused).
float reference_polynomial(const Polynomial &p, float x);
std::vector<float> reference_block_sums(const std::vector<float> &in);

// Runs `launch` on `device`: it must succeed where the device runs kernels, and be refused with
// hipErrorNoBinaryForGpu where it cannot yet; `on_host` then produces the kernel's result on the
// host (and uploads it) so the test goes on.
template <typename Launch, typename OnHost>
void run_kernel(const TestDevice &device, const char *what, Launch launch, OnHost on_host) {
  HIP_CHECK(hipSetDevice(device.ordinal));
  hipError_t status = launch();
  if (device.runsKernels) {
    HIP_CHECK(status);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    return;
  }
  if (status != hipErrorNoBinaryForGpu) {
    std::fprintf(stderr, "%s on %s: expected hipErrorNoBinaryForGpu, got %s\n", what, device.name.c_str(),
                 hipGetErrorName(status));
    e2e::check(false, "a kernel that needs Int64 is refused where the device lacks it");
  }
  e2e::check(hipGetLastError() == hipErrorNoBinaryForGpu, "the refused launch is the last error");
  e2e::check(hipGetLastError() == hipSuccess, "and is not sticky");
  on_host();
}

// Checks of the copies between the devices, peer access and memory of each (multi_device_copies.hip).
void check_peer_queries(const TestDevice &a, const TestDevice &b);
void check_cross_device_copies(const TestDevice &a, const TestDevice &b);
void check_memset_and_managed(const TestDevice &device, const TestDevice &other);
