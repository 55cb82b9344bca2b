#version 460
// Test kernels written by hand against the kernel ABI of docs/ABI.md, standing in for what the
// hipvk compiler emits: no descriptor sets; push constants = global segment address, gridDim,
// argument and service buffer addresses, inline arguments; blockDim = spec constants 0..2; dynamic shared bytes
// = spec constant 3; blockIdx = gl_WorkGroupID (dispatch base included). One kernel per build,
// selected with -D; the entry point gets the kernel's mangled name (glslangValidator -e).
// No 64-bit types (unused header words are uvec2): the kernels run on devices without shaderInt64.
#extension GL_EXT_buffer_reference : require

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words {
  uint v[];
};

// The push-constant header (include/hipvk/kernel_abi.h): 48 bytes, inline arguments follow.
#define HIPVK_HEADER                        \
  uvec2 globals;                          \
  uint gridX, gridY, gridZ, reserved;        \
  uvec2 argBuffer, serviceBuffer, reserved1;

// HIP's linear global thread id from blockIdx, gridDim (push constants) and blockDim.
#define GLOBAL_ID(pc)                                                                         \
  ((((gl_WorkGroupID.z * pc.gridY + gl_WorkGroupID.y) * pc.gridX + gl_WorkGroupID.x) *        \
    (gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z)) + gl_LocalInvocationIndex)

#if defined(KERNEL_INDEX)
// __global__ void index(unsigned *out, unsigned add): out[global id] = global id + add.
layout(push_constant) uniform Push {
  HIPVK_HEADER
  Words out_;  // inline arguments (push_args=1) from byte 48
  uint add;
} pc;

void main() {
  uint id = GLOBAL_ID(pc);
  pc.out_.v[id] = id + pc.add;
}

#elif defined(KERNEL_BIG_ARGS)
// __global__ void bigargs(unsigned *out, int v0, ..., int v23): 104 bytes of arguments, so they
// come in the argument buffer (push_args=0). out[i] = 2 * v[i] + i.
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Args {
  Words out_;
  int vals[24];
};
layout(push_constant) uniform Push {
  uvec2 globals;
  uint gridX, gridY, gridZ, reserved;
  Args args;  // the argument buffer's address, offset 24
  uvec2 serviceBuffer, reserved1;
} pc;

void main() {
  uint i = GLOBAL_ID(pc);
  if (i < 24u) pc.args.out_.v[i] = uint(pc.args.vals[i]) * 2u + i;
}

#elif defined(KERNEL_GLOBALS)
// __device__ unsigned counter;       (segment offset 0)
// __device__ unsigned written;       (segment offset 4)
// __constant__ unsigned table[16];   (segment offset 16)
// __global__ void globals(unsigned *out): out[i] = table[i] + counter; block 0 thread 0 sets written.
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Segment {
  uint counter;
  uint written;
  uint pad[2];
  uint table[16];
};
layout(push_constant) uniform Push {
  Segment globals;
  uint gridX, gridY, gridZ, reserved;
  uvec2 argBuffer, serviceBuffer, reserved1;
  Words out_;
} pc;

void main() {
  uint i = GLOBAL_ID(pc);
  if (i < 16u) pc.out_.v[i] = pc.globals.table[i] + pc.globals.counter;
  if (i == 0u) pc.globals.written = 0xC0FFEEu;
}

#elif defined(KERNEL_SHARED)
// __global__ void rotate(unsigned *out) with extern __shared__ unsigned sh[]: every thread stores
// into dynamic shared memory, then reads its neighbour's value.
layout(constant_id = 3) const uint dynamicSharedBytes = 4;
shared uint sh[dynamicSharedBytes / 4];
layout(push_constant) uniform Push {
  HIPVK_HEADER
  Words out_;
} pc;

void main() {
  uint t = gl_LocalInvocationIndex;
  uint n = dynamicSharedBytes / 4u;
  sh[t % n] = t * 3u + gl_WorkGroupID.x;
  barrier();
  pc.out_.v[GLOBAL_ID(pc)] = sh[(t + 1u) % n];
}

#elif defined(KERNEL_OVERSIZED_PUSH)
// Deliberately wrong: a push-constant block larger than the ABI's 128 bytes. Creating its
// pipeline is a Vulkan validation error; the runtime must turn that into exit status 86.
layout(push_constant) uniform Push {
  HIPVK_HEADER
  Words out_;
  uint pad[26];
  uint last;
} pc;

void main() {
  pc.out_.v[0] = pc.last;
}
#endif
