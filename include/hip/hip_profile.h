// ROCm's hip_profile.h: markers for the (retired) HIP profiler. They expand to nothing, as in ROCm
// when profiling support is not built in.
#pragma once
#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()
