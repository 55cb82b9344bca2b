// A HIP shared library (hipcc -shared) used by a plain C++ program: the library's constructor
// registers its device code when the program loads it.
#pragma once

#include <vector>

// A weighted three-point average of `in` (edges clamped), computed on the device `passes` times.
std::vector<float> smooth(const std::vector<float> &in, int passes);
