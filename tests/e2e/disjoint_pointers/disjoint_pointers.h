// Kernels with a __syncthreads() that must order global memory unless their pointer arguments are
// known not to alias: hipvk compiles them twice (docs/HIP_ON_VULKAN.md, "Disjoint pointer
// arguments") and picks the variant per launch. Each launch case is its own template instance, so
// the runtime's log names the case's kernel and the module it chose.
#pragma once

#include <hip/hip_runtime.h>

#include <vector>

namespace disjoint {

constexpr int kBlock = 128;

enum Case : int {
  kDistinct = 0,      // in, scale, out in three allocations, bias null: the variant
  kInPlace = 1,       // out == in: the fallback
  kModuleScale = 2,   // scale points into a __device__ table: the fallback
  kSharedBuffer = 3,  // in and out are two halves of one allocation: the fallback
  kDistinctBias = 4,  // four allocations: the variant
};

// Every block reverses its tile of in[i] * scale[i % 4] + bias[i % 4] (+ the module's offsets).
template <int C> void reverseTiles(const float *in, const float *scale, const float *bias, float *out, int n);

// The address of the module's __device__ scale table (4 floats, {0.5, 1.5, -2, 3}).
const float *moduleScale();

// The host's evaluation of the same expressions, in the same order.
std::vector<float> reference(const std::vector<float> &in, const float *scale, const float *bias, int n);

} // namespace disjoint
