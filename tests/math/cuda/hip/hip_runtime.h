// The HIP runtime calls the accuracy harness makes, on CUDA: `scripts/build-cuda-accuracy.sh`
// builds tests/math's unchanged sources with nvcc against this header, so that CUDA's own math
// library is measured on the same inputs (docs/MATH.md's CUDA column).
#pragma once

#include <cuda_runtime.h>

#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
