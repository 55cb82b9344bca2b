// GLSL twins of some pattern kernels (pattern_kernels.h), for the "our SPIR-V vs glslang's" ratio
// of hipvk_patterns. Same ABI as kernels.comp (docs/ABI.md): the push-constant header, then the HIP
// kernel's arguments at offset 48; block size from specialization constants 0-2. One kernel per -D
// selector. Where the HIP kernel reads a __constant__ array, the twin reads the same device memory
// through a pointer argument (the runtime passes the HIP symbol's address).
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) readonly restrict buffer InFloats { float v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Float4s { vec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) readonly restrict buffer InFloat4s { vec4 v[]; };

#define HIPVK_HEADER uint64_t globals; uint gridX, gridY, gridZ, reserved; uint64_t argumentBuffer, serviceBuffer, reserved1;

#if defined(CONV1D) || defined(CONV1D_TILED)
// conv1d<RADIUS> and conv1d_tiled<RADIUS>(const float *in, float *out, int n), filter: c_filter's
// address.
layout(push_constant) uniform Args { HIPVK_HEADER InFloats in_; Floats out_; int n; InFloats filter_; } args;
#endif

#if defined(CONV1D_TILED)
shared float tile[256 + 2 * RADIUS];
void main() {
  int base = int(gl_WorkGroupID.x) * 256, t0 = int(gl_LocalInvocationID.x);
  for (int t = t0; t < 256 + 2 * RADIUS; t += 256) {
    int j = base + t - RADIUS;
    tile[t] = (j >= 0 && j < args.n) ? args.in_.v[j] : 0.0;
  }
  barrier();
  int i = base + t0;
  if (i >= args.n) return;
  float sum = 0.0;
  [[unroll]] for (int k = 0; k <= 2 * RADIUS; ++k) sum += tile[t0 + k] * args.filter_.v[k];
  args.out_.v[i] = sum;
}
#elif defined(CONV1D)
void main() {
  int i = int(gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
  if (i >= args.n) return;
  float sum = 0.0;
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    int j = i + k;
    if (j >= 0 && j < args.n) sum += args.in_.v[j] * args.filter_.v[k + RADIUS];
  }
  args.out_.v[i] = sum;
}
#elif defined(FMA_FLOAT)
// fma_chains<float, Mad>(float *out, float b, float c, int iters): 8 chains per thread; precise:
// fma() one operation and the sum in the written order, as the HIP kernel's NoContraction code.
layout(push_constant) uniform Args { HIPVK_HEADER Floats out_; float b; float c; int iters; } args;
void main() {
  int i = int(gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
  precise float acc[8];
  for (int k = 0; k < 8; ++k) acc[k] = float(i % 1024) / 1024.0 + float(k);
  for (int it = 0; it < args.iters; ++it)
    for (int k = 0; k < 8; ++k) acc[k] = fma(acc[k], args.b, args.c);
  precise float sum = acc[0];
  for (int k = 1; k < 8; ++k) sum += acc[k];
  args.out_.v[i] = sum;
}
#elif defined(STENCIL7)
// stencil7(const float *in, float *out, int nx, int ny, int nz, float center, float side)
layout(push_constant) uniform Args { HIPVK_HEADER InFloats in_; Floats out_; int nx, ny, nz; float center, side; } args;
void main() {
  int x = int(gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
  int y = int(gl_WorkGroupID.y * gl_WorkGroupSize.y + gl_LocalInvocationID.y);
  int z = int(gl_WorkGroupID.z * gl_WorkGroupSize.z + gl_LocalInvocationID.z);
  int nx = args.nx, ny = args.ny, nz = args.nz;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  uint plane = uint(nx) * uint(ny), row = uint(nx), i = uint(z) * plane + uint(y) * row + uint(x);  // < 2^32 elements
  float s = args.in_.v[i - 1] + args.in_.v[i + 1] + args.in_.v[i - row] + args.in_.v[i + row] + args.in_.v[i - plane] +
            args.in_.v[i + plane];
  args.out_.v[i] = args.center * args.in_.v[i] + args.side * s;
}
#elif defined(MERGE_PATH)
// merge_path<int>(const int *a, int na, const int *b, int nb, int *out): 128 threads, 7 items each.
layout(buffer_reference, std430, buffer_reference_align = 4) readonly restrict buffer InInts { int v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(push_constant) uniform Args { HIPVK_HEADER InInts a; int na; InInts b; int nb; Ints out_; } args;
const int kThreads = 128, kItems = 7, kTile = kThreads * kItems;
shared int tile[kTile];
shared int cut[2];
int globalPath(int diag) {
  int lo = diag > args.nb ? diag - args.nb : 0, hi = diag < args.na ? diag : args.na;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (args.a.v[mid] <= args.b.v[diag - 1 - mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
int tilePath(int la, int lb, int diag) {
  int lo = diag > lb ? diag - lb : 0, hi = diag < la ? diag : la;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (tile[mid] <= tile[la + diag - 1 - mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
void main() {
  const int t = int(gl_LocalInvocationID.x), total = args.na + args.nb;
  const int diag0 = int(gl_WorkGroupID.x) * kTile, diag1 = min(diag0 + kTile, total);
  if (t == 0) cut[0] = globalPath(diag0);
  if (t == 1) cut[1] = globalPath(diag1);
  barrier();
  const int a0 = cut[0], a1 = cut[1], b0 = diag0 - a0, b1 = diag1 - a1;
  const int la = a1 - a0, lb = b1 - b0, count = la + lb;
  for (int i = t; i < count; i += kThreads) tile[i] = i < la ? args.a.v[a0 + i] : args.b.v[b0 + i - la];
  barrier();
  const int d = min(t * kItems, count);
  int ai = tilePath(la, lb, d), bi = d - ai;
  int merged[kItems];
  [[unroll]] for (int k = 0; k < kItems; ++k) {
    bool takeA = bi >= lb || (ai < la && tile[ai] <= tile[la + bi]);
    int v = takeA ? tile[ai] : tile[la + bi];
    if (d + k < count) merged[k] = v;
    if (takeA) ++ai;
    else ++bi;
  }
  barrier();
  [[unroll]] for (int k = 0; k < kItems; ++k)
    if (d + k < count) tile[d + k] = merged[k];
  barrier();
  for (int i = t; i < count; i += kThreads) args.out_.v[diag0 + i] = tile[i];
}
#elif defined(FLOYD_WARSHALL)
// floyd_warshall_step(int *dist, int n, int k): one update per thread, 2-D blocks.
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(push_constant) uniform Args { HIPVK_HEADER Ints dist; int n; int k; } args;
void main() {
  int j = int(gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
  int i = int(gl_WorkGroupID.y * gl_WorkGroupSize.y + gl_LocalInvocationID.y);
  if (i >= args.n || j >= args.n) return;
  int through = args.dist.v[i * args.n + args.k] + args.dist.v[args.k * args.n + j];
  if (through < args.dist.v[i * args.n + j]) args.dist.v[i * args.n + j] = through;
}
#elif defined(BITONIC)
// bitonic_step(unsigned *keys, int j, int k): one compare-and-swap per thread pair.
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Uints { uint v[]; };
layout(push_constant) uniform Args { HIPVK_HEADER Uints keys; int j; int k; } args;
void main() {
  uint i = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x, partner = i ^ uint(args.j);
  if (partner > i) {
    uint a = args.keys.v[i], b = args.keys.v[partner];
    bool ascending = (i & uint(args.k)) == 0;
    if ((a > b) == ascending) {
      args.keys.v[i] = b;
      args.keys.v[partner] = a;
    }
  }
}
#elif defined(NBODY)
// nbody_forces(const float4 *bodies, float4 *accel, int n): 256 threads, tiles in shared memory.
layout(push_constant) uniform Args { HIPVK_HEADER InFloat4s bodies; Float4s accel; int n; } args;
shared vec4 tile[256];
void main() {
  int t = int(gl_LocalInvocationID.x);
  int i = int(gl_WorkGroupID.x) * 256 + t;
  vec4 me = i < args.n ? args.bodies.v[i] : vec4(0.0);
  float ax = 0.0, ay = 0.0, az = 0.0;
  for (int start = 0; start < args.n; start += 256) {
    int j = start + t;
    tile[t] = j < args.n ? args.bodies.v[j] : vec4(0.0);
    barrier();
    for (int k = 0; k < 256; ++k) {
      vec4 other = tile[k];
      float dx = other.x - me.x, dy = other.y - me.y, dz = other.z - me.z;
      float r2 = dx * dx + dy * dy + dz * dz + 1e-2;
      float inv = inversesqrt(r2);
      float s = other.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    barrier();
  }
  if (i < args.n) args.accel.v[i] = vec4(ax, ay, az, 0.0);
}
#endif
