// HIP vector types in kernels: float4/float3/float2, int2, int4, uint3, double2, char4, uchar4,
// short2, longlong2 as arguments, in buffers and in arithmetic; make_* functions and componentwise
// operators; CUDA-compatible sizes and alignments (the layout is shared with the host).
#include "test_common.h"

#include <vector>

static_assert(sizeof(float4) == 16 && alignof(float4) == 16);
static_assert(sizeof(float3) == 12 && alignof(float3) == 4);
static_assert(sizeof(float2) == 8 && alignof(float2) == 8);
static_assert(sizeof(int2) == 8 && alignof(int2) == 8);
static_assert(sizeof(double2) == 16 && alignof(double2) == 16);
static_assert(sizeof(char4) == 4 && alignof(char4) == 4);
static_assert(sizeof(uchar3) == 3 && alignof(uchar3) == 1);
static_assert(sizeof(short2) == 4 && alignof(short2) == 4);
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16);
static_assert(sizeof(double4) == 32 && alignof(double4) == 32);  // ROCm: a 4-lane ext_vector_type

struct Mixed {
  char tag;
  float4 v;  // at offset 16
  int2 p;
  double2 d;
};
static_assert(offsetof(Mixed, v) == 16 && offsetof(Mixed, p) == 32 && offsetof(Mixed, d) == 48);

__global__ void float_ops(const float4 *a, const float3 *b, float4 *out, float4 bias, float2 scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = a[i];
  float3 w = b[i];
  float4 r = v * scale.x + make_float4(w.x, w.y, w.z, 1.0f) - bias;
  r += float4(scale.y);
  r = -r / 2.0f;
  out[i] = r;
}

__global__ void int_ops(const int4 *a, int2 k, uint3 u, char4 c, uchar4 uc, short2 s, longlong2 ll,
                        int4 *out, longlong2 *out_ll, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int4 v = a[i];
  int4 r = (v * k.x + make_int4(c.x, c.y, c.z, c.w)) % 1000;
  r ^= make_int4(uc.x, uc.y, uc.z, uc.w);
  r = r + int4(k.y) * 4 + (make_int4(1, 2, 3, 4) << 2) + make_int4(s.x, s.y, (int)u.x, (int)(u.y + u.z));
  out[i] = r;
  out_ll[i] = ll * (long long)i + make_longlong2(v.x, v.w);
}

__global__ void mixed_struct(Mixed m, Mixed *out, double2 *dout) {
  Mixed r = m;
  r.v = m.v * 3.0f;
  r.p = m.p + make_int2(1, 2);
  r.d = m.d * make_double2(0.5, 4.0);
  r.tag = m.tag + 1;
  *out = r;
  dout[0] = make_double2(m.d.x + m.d.y, m.d.x - m.d.y);
}

int main() {
  const int n = 3000;
  {
    std::vector<float4> a(n), out(n);
    std::vector<float3> b(n);
    for (int i = 0; i < n; ++i) {
      a[i] = make_float4(i, -i, i * 0.5f, 1.0f);
      b[i] = make_float3(i % 7, i % 11, -(i % 13));
    }
    const float4 bias = make_float4(1, 2, 3, 4);
    const float2 scale = make_float2(2.0f, 0.25f);
    e2e::DeviceBuffer<float4> da(n), dout(n);
    e2e::DeviceBuffer<float3> db(n);
    da.upload(a);
    db.upload(b);
    float_ops<<<(n + 63) / 64, 64>>>(da, db, dout, bias, scale, n);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int i = 0; i < n; ++i) {
      float4 r = a[i] * scale.x + make_float4(b[i].x, b[i].y, b[i].z, 1.0f) - bias;
      r += float4(scale.y);
      r = -r / 2.0f;
      e2e::expect_near("float4.x", i, out[i].x, r.x);
      e2e::expect_near("float4.y", i, out[i].y, r.y);
      e2e::expect_near("float4.z", i, out[i].z, r.z);
      e2e::expect_near("float4.w", i, out[i].w, r.w);
    }
  }
  {
    std::vector<int4> a(n), out(n);
    std::vector<longlong2> oll(n);
    for (int i = 0; i < n; ++i) a[i] = make_int4(i, -i, i * 3, 7 - i);
    const int2 k = make_int2(3, -2);
    const uint3 u = make_uint3(5, 6, 7);
    const char4 c = make_char4(-1, 2, -3, 4);
    const uchar4 uc = make_uchar4(255, 0, 128, 7);
    const short2 s = make_short2(-300, 300);
    const longlong2 ll = make_longlong2(1LL << 40, -(1LL << 33));
    e2e::DeviceBuffer<int4> da(n), dout(n);
    e2e::DeviceBuffer<longlong2> dll(n);
    da.upload(a);
    int_ops<<<(n + 127) / 128, 128>>>(da, k, u, c, uc, s, ll, dout, dll, n);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    dll.download(oll);
    for (int i = 0; i < n; ++i) {
      int4 r = (a[i] * k.x + make_int4(c.x, c.y, c.z, c.w)) % 1000;
      r ^= make_int4(uc.x, uc.y, uc.z, uc.w);
      r = r + int4(k.y) * 4 + (make_int4(1, 2, 3, 4) << 2) + make_int4(s.x, s.y, (int)u.x, (int)(u.y + u.z));
      e2e::check(out[i] == r, "int4 result");
      if (out[i] != r) std::fprintf(stderr, "  at %d: got (%d %d %d %d) want (%d %d %d %d)\n", i, out[i].x,
                                    out[i].y, out[i].z, out[i].w, r.x, r.y, r.z, r.w);
      longlong2 want = ll * (long long)i + make_longlong2(a[i].x, a[i].w);
      e2e::expect_eq("longlong2.x", i, oll[i].x, want.x);
      e2e::expect_eq("longlong2.y", i, oll[i].y, want.y);
    }
  }
  {
    Mixed m;
    m.tag = 'a';
    m.v = make_float4(1, 2, 3, 4);
    m.p = make_int2(10, 20);
    m.d = make_double2(8.0, -2.0);
    e2e::DeviceBuffer<Mixed> dm(1);
    e2e::DeviceBuffer<double2> dd(1);
    mixed_struct<<<1, 1>>>(m, dm, dd);
    HIP_CHECK_LAUNCH();
    Mixed r;
    double2 d2;
    HIP_CHECK(hipMemcpy(&r, dm, sizeof r, hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&d2, dd, sizeof d2, hipMemcpyDeviceToHost));
    e2e::check(r.tag == 'b', "Mixed.tag");
    e2e::check(r.v == make_float4(3, 6, 9, 12), "Mixed.v");
    e2e::check(r.p == make_int2(11, 22), "Mixed.p");
    e2e::check(r.d == make_double2(4.0, -8.0), "Mixed.d");
    e2e::check(d2 == make_double2(6.0, 10.0), "double2 out");
  }
  return e2e::finish("vector_types");
}
