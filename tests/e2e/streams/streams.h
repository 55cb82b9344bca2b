// Streams and events end to end (several translation units): kernels in streams_kernels.hip,
// the scenarios in streams_main.hip.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>

// out[i] = in[i] * mul + add, for i < n (templated over the element type).
template <typename T>
void launch_affine(const T *in, T *out, T mul, T add, int n, hipStream_t stream);
// Does `rounds` rounds of dependent arithmetic per element (busy work measured by events).
void launch_busy(uint32_t *data, int n, int rounds, hipStream_t stream);
