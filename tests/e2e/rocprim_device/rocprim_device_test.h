// Shared by the rocPRIM device-algorithm tests: running an algorithm the way rocPRIM's documentation
// says (ask for the temporary storage, allocate it, run), inputs, and comparison with host results.
//
// Float inputs for sums are multiples of 1/4 in [-16, 16): any sum of up to 262144 of them is below
// 2^22 in magnitude and so exact, in whatever order rocPRIM's blocks and warps combine them, and
// results compare bit for bit with the host's sum.
#pragma once

// The whole library, as its documentation includes it (rocPRIM 5.3's single algorithm headers use
// std::cout without including <iostream>, with ROCm's own HIP headers too).
#include <rocprim/rocprim.hpp>

#include "test_common.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace rocprim_test {

// Empty, single, past one tile, and many tiles (multi-pass sorts, look-back scans). Few: each size
// class runs other kernels (rocPRIM's single-block sort has a configuration per size), and a CPU
// driver compiles each at its first launch, seconds apiece.
inline const std::vector<size_t> kSizes = {0, 1, 257, 100003};

// What an algorithm's kernels need beyond rocPRIM's fixed 32/64-lane warps. Its segmented radix
// sort's kernel (70000 instructions once inlined, 1700 warp operations under branches) is past what
// the compiler moves out of branches (docs/HIP_ON_VULKAN.md, "Logical warps"): where warps are
// logical, its launch is refused (hipErrorNoBinaryForGpu, naming the kernel) unless the input fits
// another kernel. rocPRIM sizes some kernels' tiles for AMD's 64 KiB of shared memory (its
// adjacent difference takes 35 KiB): on a device with less (lavapipe: 32 KiB) their launch fails
// naming the limit (hipErrorInvalidValue, as ROCm answers too much shared memory). Every other
// algorithm runs at every width.
enum class Needs { anyWidth, nativeWarps, amdSharedMemory };

inline hipDeviceProp_t device_properties() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  return prop;
}
inline bool logical_warps() { return e2e::subgroups_narrower_than_32(device_properties()); }
inline bool less_shared_memory_than_amd() { return device_properties().sharedMemPerBlock < 65536; }

// Names of the calls refused as documented above, for the report.
inline std::vector<std::string> g_refused;

// Runs a device algorithm: `call(temporary, bytes)` first with no storage (the size query), then with
// it. False when the launch was refused, which fails the test unless `needs` says why it may be.
template <class Call> bool run(const std::string &what, Needs needs, Call call) {
  size_t bytes = 0;
  HIP_CHECK(call(nullptr, bytes));
  e2e::DeviceBuffer<char> temporary(bytes ? bytes : 1);
  const hipError_t status = call(temporary.ptr, bytes);
  if (status == hipErrorNoBinaryForGpu || status == hipErrorInvalidValue) {
    const bool expected = needs == Needs::nativeWarps ? status == hipErrorNoBinaryForGpu && logical_warps()
                                                      : needs == Needs::amdSharedMemory && less_shared_memory_than_amd();
    e2e::check(expected, (what + ": refused (" + hipGetErrorName(status) + "), and not for a documented reason").c_str());
    g_refused.push_back(what);
    return false;
  }
  if (status != hipSuccess) std::printf("%s: ", what.c_str());
  HIP_CHECK(status);
  HIP_CHECK(hipDeviceSynchronize());
  return true;
}
template <class Call> bool run(const std::string &what, Call call) { return run(what, Needs::anyWidth, call); }

template <class T> std::vector<T> to_host(const e2e::DeviceBuffer<T> &d, size_t n) {
  std::vector<T> h(n);
  if (n) HIP_CHECK(hipMemcpy(h.data(), d.ptr, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}
template <class T> e2e::DeviceBuffer<T> to_device(const std::vector<T> &h) {
  e2e::DeviceBuffer<T> d(h.empty() ? 1 : h.size());
  if (!h.empty()) HIP_CHECK(hipMemcpy(d.ptr, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}

// Compares element by element; reports the first mismatch (its index) and how the sizes differ.
template <class T> void expect_equal(const std::string &what, size_t n, const std::vector<T> &got, const std::vector<T> &want) {
  const std::string label = what + " (n=" + std::to_string(n) + ")";
  if (!e2e::expect_eq((label + ": element count").c_str(), 0, got.size(), want.size())) return;
  for (size_t i = 0; i < want.size(); ++i)
    if (!e2e::expect_eq(label.c_str(), (long long)i, got[i], want[i])) return;
}

// `n` values of T: values spread over the type's range (integers), or multiples of 1/4 in [-16, 16)
// (floats); `distinct` limits them to that many values (from 0 for integers), to make runs and
// duplicates.
template <class T> std::vector<T> values(size_t n, unsigned seed, unsigned distinct = 0) {
  std::vector<unsigned> r = e2e::pseudo_random(2 * n, seed);
  std::vector<T> v(n);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t word = uint64_t(r[2 * i]) << 32 | r[2 * i + 1];
    if constexpr (std::is_floating_point_v<T>)
      v[i] = T(int(word % (distinct ? distinct : 128)) - 64) * T(0.25);
    else
      v[i] = distinct ? T(word % distinct) : T(word);
  }
  return v;
}

void sort_tests();
void scan_tests();
void select_tests();

} // namespace rocprim_test
