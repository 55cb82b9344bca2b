// A HIP shared library (hipcc -shared) used by a plain C++ program: the library's constructor
// registers its device code when the program loads it.
#pragma once

#include <stdexcept>
#include <vector>

// Thrown when the device has no code for the library's kernel (a device lacking a shader feature).
struct NoKernelImage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A weighted three-point average of `in` (edges clamped), computed on the device `passes` times.
// Throws std::runtime_error on a HIP error, NoKernelImage when the device cannot run the kernel.
std::vector<float> smooth(const std::vector<float> &in, int passes);
