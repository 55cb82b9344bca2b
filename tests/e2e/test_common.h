// Shared helpers of the end-to-end tests: every test is a complete HIP program that computes on the
// device, compares each result with a host reference, prints PASS or FAIL and exits non-zero on a
// mismatch or on any HIP error.
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// Exit status of a program whose device has no code for one of its kernels (hipErrorNoBinaryForGpu:
// a device without a feature the kernel needs). Only the device legs that may lack features
// (SwiftShader, HIPVK_DISABLE_FEATURES) accept it as a skip, and only with the runtime's stated
// reason (skip_on_missing_feature.sh); everywhere else it fails the test.
namespace e2e {
inline constexpr int kSkipExitCode = 77;
}  // namespace e2e

// Aborts the test on any HIP error, naming the call and its location.
#define HIP_CHECK(expr)                                                                      \
  do {                                                                                       \
    hipError_t hip_check_status_ = (expr);                                                   \
    if (hip_check_status_ != hipSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: HIP error %d (%s: %s) in %s\n", __FILE__, __LINE__,       \
                   static_cast<int>(hip_check_status_), hipGetErrorName(hip_check_status_),  \
                   hipGetErrorString(hip_check_status_), #expr);                             \
      if (hip_check_status_ == hipErrorNoBinaryForGpu) {                                     \
        std::printf("no kernel image for this device\n");                                    \
        std::exit(e2e::kSkipExitCode);                                                       \
      }                                                                                      \
      std::printf("FAIL\n");                                                                 \
      std::exit(1);                                                                          \
    }                                                                                        \
  } while (0)

// Launch check: the launch itself, then the kernel's completion.
#define HIP_CHECK_LAUNCH()                 \
  do {                                     \
    HIP_CHECK(hipGetLastError());          \
    HIP_CHECK(hipDeviceSynchronize());     \
  } while (0)

namespace e2e {

inline int g_failures = 0;
constexpr int kMaxReported = 10;
inline std::map<std::string, int> g_failures_by_what;  // summary printed by finish()

inline void report_mismatch(const char *what, long long index, const char *got, const char *want) {
  ++g_failures_by_what[what];
  if (++g_failures <= kMaxReported)
    std::fprintf(stderr, "mismatch in %s[%lld]: got %s, expected %s\n", what, index, got, want);
}

template <typename T> inline void format(char *buf, size_t n, T v) {
  if constexpr (std::is_floating_point_v<T>)
    std::snprintf(buf, n, "%.17g", static_cast<double>(v));
  else if constexpr (std::is_signed_v<T>)
    std::snprintf(buf, n, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, n, "%llu", static_cast<unsigned long long>(v));
}

// Exact comparison (integers, and floating-point results that must be bit-exact).
template <typename T, typename U> inline bool expect_eq(const char *what, long long i, T got, U want) {
  if (got == static_cast<T>(want)) return true;
  char g[64], w[64];
  format(g, sizeof g, got);
  format(w, sizeof w, static_cast<T>(want));
  report_mismatch(what, i, g, w);
  return false;
}

// Floating-point comparison with a relative tolerance (device code may contract a*b+c into fma).
template <typename T> inline bool expect_near(const char *what, long long i, T got, T want, double rel = 1e-5) {
  double g = got, w = want;
  if (std::isnan(w) ? std::isnan(g) : std::fabs(g - w) <= rel * std::fmax(1.0, std::fabs(w))) return true;
  char gs[64], ws[64];
  format(gs, sizeof gs, got);
  format(ws, sizeof ws, want);
  report_mismatch(what, i, gs, ws);
  return false;
}

inline void check(bool ok, const char *what) {
  if (ok) return;
  ++g_failures_by_what[what];
  if (++g_failures <= kMaxReported) std::fprintf(stderr, "check failed: %s\n", what);
}

// Whether the device flushes single-precision denormals. HIP preserves them, and hipvk asks for
// that (DenormPreserve), but a Vulkan driver without shaderDenormPreserveFloat32 (NVIDIA's) flushes:
// references of results that touch the denormal range follow the device's mode.
template <int = 0> __global__ void probe_float_denormals(float smallest_normal, float *out) { *out = smallest_normal * 0.5f; }
inline bool device_flushes_float_denormals() {
  float *d = nullptr, halved = 0;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d), sizeof(float)));
  probe_float_denormals<<<1, 1>>>(0x1p-126f, d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(&halved, d, sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  return halved == 0.0f;
}
// x, or a zero of its sign when the device flushes and x is a denormal.
template <typename T> inline T flush_denormal(T x, bool flush) {
  return flush && x != 0 && std::fabs(x) < static_cast<T>(0x1p-126) ? std::copysign(T(0), x) : x;
}
// The result to expect from `use` of a float x widened to double, given the device's result `got`.
// A device that flushes float denormals in arithmetic may flush them in the float->double conversion
// too, or keep them (Vulkan leaves it to the implementation without DenormPreserve or
// DenormFlushToZero; SwiftShader's portable modules widen in software): there the exact and the
// flushed result are both accepted, nothing else; elsewhere only the exact one.
template <typename Use> inline double expected_widening(double got, float x, bool flush, Use use) {
  const double exact = use(static_cast<double>(x));
  if (!flush || std::memcmp(&got, &exact, sizeof got) == 0) return exact;
  return use(static_cast<double>(flush_denormal(x, flush)));
}

// SwiftShader's shader compiler fails on the software-double modules of OCML's double functions
// (0.2-2.3 MB of SPIR-V each, everything inlined: "Local variable exceeds stack size limit", or a
// crash); lavapipe's .emulated legs run the same modules. Programs leave those kernels out there
// and end as a skip naming Float64.
inline bool soft_double_math_beyond_driver() {
  int device = 0;
  hipDeviceProp_t props{};
  HIP_CHECK(hipGetDevice(&device));
  HIP_CHECK(hipGetDeviceProperties(&props, device));
  return !props.arch.hasDoubles && std::strstr(props.name, "SwiftShader");
}

// Whether the device's subgroups are narrower than 32 lanes (the CPU drivers: lavapipe 4-16,
// SwiftShader 4), so that fixed-width code runs there as logical warps. HIP has no property for it:
// hipDeviceProp_t::warpSize is the width the program's kernels see, 32 in a program whose kernels
// need wave32 (docs/HIP_ON_VULKAN.md, "Which module runs").
inline bool subgroups_narrower_than_32(const hipDeviceProp_t &prop) {
  return std::strstr(prop.name, "llvmpipe") || std::strstr(prop.name, "SwiftShader");
}

// Ends the program as a skip: the current device lacks `feature`, which `what` needs (decided by the
// caller from a device property, after checking that the API refuses the work as it must).
[[noreturn]] inline void skip_missing_feature(const char *what, const char *feature) {
  int device = 0;
  hipDeviceProp_t props{};
  (void)hipGetDevice(&device);
  (void)hipGetDeviceProperties(&props, device);
  std::printf("SKIP: %s needs %s, which device %d (%s) lacks\n", what, feature, device, props.name);
  std::fflush(stdout);
  std::exit(kSkipExitCode);
}

// Parts of the program whose kernels the device has no code for (launched() below).
inline std::vector<std::string> g_skipped;

// After a launch: synchronises and returns true when the kernel ran (any other error ends the
// test); false when the device has no code for it (hipErrorNoBinaryForGpu: it lacks a feature the
// kernel needs, and the runtime printed which). `what` is then left out, and the program ends as a
// skip if nothing else failed (finish): the device legs accept that only with the runtime's reason.
inline bool launched(const std::string &what) {
  hipError_t status = hipGetLastError();
  if (status == hipErrorNoBinaryForGpu) {
    g_skipped.push_back(what);
    return false;
  }
  HIP_CHECK(status);
  HIP_CHECK(hipDeviceSynchronize());
  return true;
}

// Prints the verdict and returns the process exit status.
inline int finish(const char *name) {
  if (g_failures) {
    for (const auto &[what, count] : g_failures_by_what) std::fprintf(stderr, "  %s: %d mismatches\n", what.c_str(), count);
    std::printf("%s: FAIL (%d mismatches)\n", name, g_failures);
    return 1;
  }
  if (!g_skipped.empty()) {
    std::string parts;
    for (const std::string &what : g_skipped) parts += (parts.empty() ? "" : ", ") + what;
    std::printf("%s: everything else passed; not run on this device: %s\n", name, parts.c_str());
    return kSkipExitCode;
  }
  std::printf("%s: PASS\n", name);
  return 0;
}

// Device buffer that frees itself.
template <typename T> struct DeviceBuffer {
  T *ptr = nullptr;
  size_t count = 0;
  explicit DeviceBuffer(size_t n) : count(n) { HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ptr), n * sizeof(T))); }
  DeviceBuffer(DeviceBuffer &&other) noexcept : ptr(std::exchange(other.ptr, nullptr)), count(other.count) {}
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() {
    if (ptr) HIP_CHECK(hipFree(ptr));
  }
  size_t bytes() const { return count * sizeof(T); }
  template <typename V> void upload(const V &host) {
    HIP_CHECK(hipMemcpy(ptr, host.data(), bytes(), hipMemcpyHostToDevice));
  }
  template <typename V> void download(V &host) const {
    HIP_CHECK(hipMemcpy(host.data(), ptr, bytes(), hipMemcpyDeviceToHost));
  }
  operator T *() const { return ptr; }
};

// Deterministic pseudo-random words (xorshift) for test inputs, the same on every run.
inline std::vector<unsigned> pseudo_random(size_t n, unsigned seed) {
  std::vector<unsigned> v(n);
  unsigned x = seed * 2654435761u + 12345u;
  for (auto &e : v) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    e = x;
  }
  return v;
}

}  // namespace e2e
