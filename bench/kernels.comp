// The benchmark kernels of hipvk_bench.hip written in GLSL, for the "our SPIR-V vs glslang's"
// ratio. They follow docs/ABI.md: the push-constant header (global segment, gridDim, argument
// and service buffer) and then the HIP kernel's arguments at offset 48, block size from specialization
// constants 0-2. One kernel per -D selector.
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };

#define HIPVK_HEADER uint64_t globals; uint gridX, gridY, gridZ, reserved; uint64_t argumentBuffer, serviceBuffer, reserved1;

#if defined(TRIAD)
// triad(float *a, const float *b, const float *c, float s, int n)
layout(push_constant) uniform Args { HIPVK_HEADER Floats a, b, c; float s; int n; } args;
void main() {
  uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < uint(args.n)) args.a.v[i] = args.b.v[i] + args.s * args.c.v[i];
}
#elif defined(REDUCE)
// reduce(const float *in, float *partial, int n): 256 threads, grid-stride, tree in shared memory.
layout(push_constant) uniform Args { HIPVK_HEADER Floats in_, partial; int n; } args;
shared float cache[256];
void main() {
  uint t = gl_LocalInvocationID.x;
  uint stride = args.gridX * gl_WorkGroupSize.x;
  float sum = 0.0;
  for (uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + t; i < uint(args.n); i += stride) sum += args.in_.v[i];
  cache[t] = sum;
  barrier();
  for (uint s = gl_WorkGroupSize.x / 2; s > 0; s >>= 1) {
    if (t < s) cache[t] += cache[t + s];
    barrier();
  }
  if (t == 0) args.partial.v[gl_WorkGroupID.x] = cache[0];
}
#elif defined(REDUCE_SHFL)
// reduce_shfl(const float *in, float *partial, int n): shuffle-down tree per subgroup, subgroup
// sums through shared memory.
#extension GL_KHR_shader_subgroup_shuffle_relative : require
layout(push_constant) uniform Args { HIPVK_HEADER Floats in_, partial; int n; } args;
shared float warpSums[64];
float warpSum(float v) {
  for (uint offset = gl_SubgroupSize / 2; offset > 0; offset /= 2) {
    float other = subgroupShuffleDown(v, offset);
    v += gl_SubgroupInvocationID + offset < gl_SubgroupSize ? other : v;
  }
  return v;
}
void main() {
  uint t = gl_LocalInvocationID.x;
  uint stride = args.gridX * gl_WorkGroupSize.x;
  float sum = 0.0;
  for (uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + t; i < uint(args.n); i += stride) sum += args.in_.v[i];
  sum = warpSum(sum);
  uint lane = gl_SubgroupInvocationID, warp = gl_SubgroupID, warps = gl_NumSubgroups;
  if (lane == 0) warpSums[warp] = sum;
  barrier();
  if (warp == 0) {
    sum = 0.0;
    for (uint k = lane; k < warps; k += gl_SubgroupSize) sum += warpSums[k];
    sum = warpSum(sum);
    if (lane == 0) args.partial.v[gl_WorkGroupID.x] = sum;
  }
}
#elif defined(SGEMM)
// sgemm(const float *A, const float *B, float *C, int n): 16x16 tiles in shared memory.
layout(push_constant) uniform Args { HIPVK_HEADER Floats A, B, C; int n; } args;
shared float As[16][16];
shared float Bs[16][16];
void main() {
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  uint row = gl_WorkGroupID.y * 16 + ty, col = gl_WorkGroupID.x * 16 + tx;
  uint n = uint(args.n);
  float acc = 0.0;
  for (uint k0 = 0; k0 < n; k0 += 16) {
    As[ty][tx] = args.A.v[row * n + k0 + tx];
    Bs[ty][tx] = args.B.v[(k0 + ty) * n + col];
    barrier();
    for (uint k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
    barrier();
  }
  args.C.v[row * n + col] = acc;
}
#elif defined(SGEMM_PREFETCH)
// The same SGEMM with the next tile's loads issued after the first barrier (software pipelining by
// one stage): what hipvk-prefetch-tiles makes of `sgemm`.
layout(push_constant) uniform Args { HIPVK_HEADER Floats A, B, C; int n; } args;
shared float As[16][16];
shared float Bs[16][16];
void main() {
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  uint row = gl_WorkGroupID.y * 16 + ty, col = gl_WorkGroupID.x * 16 + tx;
  uint n = uint(args.n);
  float acc = 0.0;
  float a = args.A.v[row * n + tx], b = args.B.v[ty * n + col];
  for (uint k0 = 0; k0 < n; k0 += 16) {
    As[ty][tx] = a;
    Bs[ty][tx] = b;
    barrier();
    if (k0 + 16 < n) { a = args.A.v[row * n + k0 + 16 + tx]; b = args.B.v[(k0 + 16 + ty) * n + col]; }
    for (uint k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
    barrier();
  }
  args.C.v[row * n + col] = acc;
}
#elif defined(ATOMIC_ONE)
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Uints { uint v[]; };
layout(push_constant) uniform Args { HIPVK_HEADER Uints counter; int n; } args;
void main() {
  uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < uint(args.n)) atomicAdd(args.counter.v[0], 1u);
}
#elif defined(ATOMIC_FLOAT_ONE)
#extension GL_EXT_shader_atomic_float : require
layout(push_constant) uniform Args { HIPVK_HEADER Floats sum; int n; } args;
void main() {
  uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (i < uint(args.n)) atomicAdd(args.sum.v[0], 1.0);
}
#elif defined(HISTOGRAM)
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Uints { uint v[]; };
layout(push_constant) uniform Args { HIPVK_HEADER Uints words; int n; Uints bins; } args;
shared uint local_bins[256];
void main() {
  uint t = gl_LocalInvocationID.x;
  for (uint b = t; b < 256u; b += gl_WorkGroupSize.x) local_bins[b] = 0u;
  barrier();
  for (uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + t; i < uint(args.n); i += args.gridX * gl_WorkGroupSize.x) {
    uint w = args.words.v[i];
    atomicAdd(local_bins[w & 0xffu], 1u);
    atomicAdd(local_bins[(w >> 8) & 0xffu], 1u);
    atomicAdd(local_bins[(w >> 16) & 0xffu], 1u);
    atomicAdd(local_bins[w >> 24], 1u);
  }
  barrier();
  for (uint b = t; b < 256u; b += gl_WorkGroupSize.x) atomicAdd(args.bins.v[b], local_bins[b]);
}
#elif defined(EMPTY)
layout(push_constant) uniform Args { HIPVK_HEADER } args;
void main() {}
#endif
