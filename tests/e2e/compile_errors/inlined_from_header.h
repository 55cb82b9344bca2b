// The header of compile_errors/inlined_from_header.hip: device functions that hipcc inlines into
// the kernel, the innermost of them with a construct it must reject.
#pragma once

#include <hip/hip_runtime.h>

__device__ inline void stop_here_for_the_debugger(int *g) {
  if (g[0] < 0) __builtin_debugtrap(); // hipvk-expect-location
}

__device__ inline void check_value(int *g) {
  stop_here_for_the_debugger(g); // hipvk-expect-location
  g[1] = 2;
}
