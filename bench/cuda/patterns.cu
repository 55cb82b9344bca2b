// The CUDA twin of hipvk_patterns: the same source (../patterns.h and ../pattern_kernels.h, written
// with hip* names), mapped onto the CUDA runtime; no GLSL twins (PATTERNS_GLSL stays undefined).
// Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I bench bench/cuda/patterns.cu -o cuda_patterns
#include <cuda_runtime.h>

#define hipSuccess cudaSuccess
#define hipError_t cudaError_t
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemset cudaMemset
#define hipMemcpyToSymbol cudaMemcpyToSymbol
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost

#include "patterns.h"

int main(int argc, char **argv) { return patterns::run(argc, argv, "cuda"); }
