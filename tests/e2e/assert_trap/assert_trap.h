// The assert/trap test's kernels (assert_trap_kernels.hip): a range validation with assert(), a
// normalisation that traps on a zero divisor, and kernels that stop in front of a barrier.
#pragma once

#include <hip/hip_runtime.h>

// Marks accepted[i] = 1 for each element; asserts lo <= data[i] <= hi.
template <typename T>
void launch_validate_range(const T *data, int n, T lo, T hi, int *accepted, int threads_per_block);
extern const int kValidateAssertLine;  // the line of that assert()

// checked[i] = 1 for each record that passes: keys[i] >= 0, values[i] > 0 (in a device function),
// keys[i] not values[i] or values[i] + 1, and keys[i] not kReservedKey (a message made at run
// time: "key <i % 10> is reserved"). 128-thread blocks.
inline constexpr int kReservedKey = 7777;
void launch_check_records(const int *keys, const int *values, int n, int *checked);
extern const int kPositiveLine, kRecordsLine;

// out[i] = data[i] / divisor, computed per block; __trap() when divisor is 0.
void launch_normalize(const float *data, float *out, int n, float divisor);

// How a thread gives up.
enum class Stop { Trap, Abort, BuiltinTrap };
// 256-thread blocks reverse `data` through __shared__ memory (two barriers); thread `stopping` of
// block `stopping_block` (every thread when stopping < 0) stops before the first barrier.
void launch_reverse_blocks(const int *data, int *out, int blocks, int stopping_block, int stopping, Stop how);
