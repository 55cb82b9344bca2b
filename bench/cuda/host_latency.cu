// The CUDA twin of host_latency.hip: the same source (../host_latency.h, written with hip* names),
// mapped onto the CUDA runtime. Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I bench bench/cuda/host_latency.cu -o cuda_host_latency
#include <cuda_runtime.h>

#define hipSuccess cudaSuccess
#define hipErrorNotReady cudaErrorNotReady
#define hipError_t cudaError_t
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceAttributeClockRate cudaDevAttrClockRate
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipHostMalloc cudaHostAlloc
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostFree cudaFreeHost
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipStream_t cudaStream_t
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamQuery cudaStreamQuery
#define hipStreamDestroy cudaStreamDestroy
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventDestroy cudaEventDestroy

#include "host_latency.h"

int main(int argc, char **argv) { return latency::run(argc, argv, "CUDA"); }
