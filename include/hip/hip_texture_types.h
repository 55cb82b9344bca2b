// ROCm's hip_texture_types.h: the texture types (texture_types.h). The deprecated texture<>
// template of the texture-reference API is not provided by hipvk.
#pragma once
#include <hip/texture_types.h>
