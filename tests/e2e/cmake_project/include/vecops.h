// Entry points of the project's kernels, callable from plain C++.
#pragma once
#include <hip/hip_runtime_api.h>

#ifndef VECOPS_SCALE
#error "VECOPS_SCALE comes from vecops' PUBLIC compile definitions"
#endif

// y[i] = VECOPS_SCALE * x[i] + i on the device (vecops.hip, a static library).
hipError_t vecops_scale(const int *x, int *y, int n);
// y[i] = a * x[i] + y[i] on the device (saxpy.hip, compiled into the executable).
hipError_t saxpy(float a, const float *x, float *y, int n);
