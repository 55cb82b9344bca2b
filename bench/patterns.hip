// hipvk's side of issue 12's pattern suite (patterns.h; the CUDA twin is cuda/patterns.cu), with
// the GLSL twins of patterns.comp launched through libhipvk beside the HIP kernels.
#include <hip/hip_runtime.h>

#define PATTERNS_GLSL 1
#include "patterns.h"

int main(int argc, char **argv) { return patterns::run(argc, argv, "hip"); }
