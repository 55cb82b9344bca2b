// Kernels that stop: assert() in a template, __trap() on bad input, and stops before barriers.
#include "assert_trap.h"

#include <cassert>
#include <cstdlib>

template <typename T>
__device__ bool in_range(T value, T lo, T hi) {
  return value >= lo && value <= hi;
}

template <typename T>
__global__ void validate_range(const T *data, int n, T lo, T hi, int *accepted) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  assert(in_range(data[i], lo, hi));
  accepted[i] = 1;
}
const int kValidateAssertLine = __LINE__ - 3;  // the assert() above

template <typename T>
void launch_validate_range(const T *data, int n, T lo, T hi, int *accepted, int threads_per_block) {
  validate_range<T><<<(n + threads_per_block - 1) / threads_per_block, threads_per_block>>>(data, n, lo, hi, accepted);
}
template void launch_validate_range<float>(const float *, int, float, float, int *, int);
template void launch_validate_range<int>(const int *, int, int, int, int *, int);

// Several assertions in one kernel, one of them in a device function and one in a loop (the
// compiled kernel has one failure path for all of them), and a message built at run time (copied
// into the record, where literals go by address): each failing thread's message names its own
// line, function and expression.
__device__ void check_positive(int value) { assert(value > 0); }
const int kPositiveLine = __LINE__ - 1;

__global__ void check_records(const int *keys, const int *values, int n, int *checked) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  assert(keys[i] >= 0);
  check_positive(values[i]);
  for (int j = 0; j < 2; ++j) assert(keys[i] != values[i] + j);
  if (keys[i] == kReservedKey) {
    char reason[] = "key ? is reserved";
    reason[4] = char('0' + i % 10);
    __assert_fail(reason, __FILE__, __LINE__, __func__);
  }
  checked[i] = 1;
}
const int kRecordsLine = __LINE__ - 10;  // assert(keys[i] >= 0); the loop's is two lines below, the reason six

void launch_check_records(const int *keys, const int *values, int n, int *checked) {
  check_records<<<(n + 127) / 128, 128>>>(keys, values, n, checked);
}

__global__ void normalize(const float *data, float *out, int n, float divisor) {
  if (divisor == 0.0f) __trap();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = data[i] / divisor;
}

void launch_normalize(const float *data, float *out, int n, float divisor) {
  normalize<<<(n + 127) / 128, 128>>>(data, out, n, divisor);
}

__global__ void reverse_blocks(const int *data, int *out, int stopping_block, int stopping, Stop how) {
  __shared__ int tile[256];
  const int base = blockIdx.x * 256, t = threadIdx.x;
  tile[t] = data[base + t];
  if (int(blockIdx.x) == stopping_block && (stopping < 0 || t == stopping)) {
    switch (how) {
    case Stop::Trap: __trap();
    case Stop::Abort: abort();
    case Stop::BuiltinTrap: __builtin_trap();
    }
  }
  __syncthreads();
  int reversed = tile[255 - t];
  __syncthreads();
  tile[t] = reversed;
  out[base + t] = tile[t];
}

void launch_reverse_blocks(const int *data, int *out, int blocks, int stopping_block, int stopping, Stop how) {
  reverse_blocks<<<blocks, 256>>>(data, out, stopping_block, stopping, how);
}
