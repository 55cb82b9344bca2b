// Types shared by the run-time-loaded kernels and the programs that launch them.
#pragma once

struct BigArgs {
  int values[24];
  int scale;
  char tag;
};
static_assert(sizeof(BigArgs) > 96, "must not fit in the push constants");

// The host-side image of mixed()'s parameters laid out as a C struct (HIP_LAUNCH_PARAM_BUFFER_POINTER).
struct MixedArgs {
  char c;
  double d;
  int i;
  long long *out;
  short s;
  float f;
};
