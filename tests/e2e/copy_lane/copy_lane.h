// Copies on a stream's copy lane (docs/RUNTIME.md, "Copy lanes"): kernels in copy_lane_kernels.hip,
// the scenarios in copy_lane_main.hip.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>

// out[i] = in[i] * mul + add + round, for i < n.
template <typename T>
void launch_transform(const T *in, T *out, T mul, T add, int round, int n, hipStream_t stream);
// sum[0] += every in[i] for i < n, in wrapping 32-bit arithmetic (reads pinned memory directly).
void launch_checksum(const uint32_t *in, uint32_t *sum, int n, hipStream_t stream);
// `rounds` rounds of dependent arithmetic per element: a kernel of a chosen duration.
void launch_spin(uint32_t *data, int n, int rounds, hipStream_t stream);
