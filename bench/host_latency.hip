// hipvk's side of the host-latency benchmark (host_latency.h; the CUDA twin is cuda/host_latency.cu).
#include <hip/hip_runtime.h>

#include "host_latency.h"

int main(int argc, char **argv) { return latency::run(argc, argv, "hipvk"); }
