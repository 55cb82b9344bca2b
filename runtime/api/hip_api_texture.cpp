// Texel formats of arrays and textures. The descriptions are plain values; arrays, texture and
// surface objects themselves are not implemented yet (docs/HIP_ON_VULKAN.md).
#include <hip/hip_runtime_api.h>

extern "C" {

hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, enum hipChannelFormatKind f) {
  return hipChannelFormatDesc{x, y, z, w, f};
}

}  // extern "C"
