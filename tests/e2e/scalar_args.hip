// Scalar kernel arguments of every width, in orders that need padding between them: bool, char,
// signed/unsigned char, short, unsigned short, int, unsigned, long long, unsigned long long, float,
// double. The kernels store each back; extreme and negative values check sign/zero extension.
#include "test_common.h"

#include <cfloat>
#include <climits>

struct Out {
  int b, c, sc;
  unsigned uc;
  int s;
  unsigned us;
  int i;
  unsigned u;
  long long ll;
  unsigned long long ull;
  float f;
  double d;
  long long sum;
};

__device__ void fill(Out *out, bool b, char c, signed char sc, unsigned char uc, short s, unsigned short us,
                     int i, unsigned u, long long ll, unsigned long long ull, float f, double d) {
  Out o;
  o.b = b ? 1 : 0;
  o.c = c;
  o.sc = sc;  // sign-extends
  o.uc = uc;  // zero-extends
  o.s = s;
  o.us = us;
  o.i = i;
  o.u = u;
  o.ll = ll;
  o.ull = ull;
  o.f = f;
  o.d = d;
  o.sum = (long long)sc + uc + s + us + i + (long long)u + (b ? 1 : 0);
  out[threadIdx.x] = o;
}

__global__ void take_all(bool b, char c, signed char sc, unsigned char uc, short s, unsigned short us,
                         int i, unsigned u, long long ll, unsigned long long ull, float f, double d,
                         Out *out) {
  fill(out, b, c, sc, uc, s, us, i, u, ll, ull, f, d);
}

// Reversed order: widest first, the pointer last.
__global__ void take_reversed(double d, float f, unsigned long long ull, long long ll, unsigned u, int i,
                              unsigned short us, short s, unsigned char uc, signed char sc, char c,
                              bool b, Out *out) {
  fill(out, b, c, sc, uc, s, us, i, u, ll, ull, f, d);
}

// Interleaved narrow/wide: each wide one right after a 1-byte one.
__global__ void take_interleaved(bool b, double d, char c, long long ll, unsigned char uc, float f,
                                 short s, unsigned long long ull, signed char sc, unsigned u,
                                 unsigned short us, int i, Out *out) {
  fill(out, b, c, sc, uc, s, us, i, u, ll, ull, f, d);
}

static int g_case = 0;

void verify(const Out *o, int count, bool b, char c, signed char sc, unsigned char uc, short s,
            unsigned short us, int i, unsigned u, long long ll, unsigned long long ull, float f, double d) {
  ++g_case;
  for (int t = 0; t < count; ++t) {
    long long k = g_case * 1000 + t;
    e2e::expect_eq("bool", k, o[t].b, b ? 1 : 0);
    e2e::expect_eq("char", k, o[t].c, (int)c);
    e2e::expect_eq("signed char", k, o[t].sc, (int)sc);
    e2e::expect_eq("unsigned char", k, o[t].uc, (unsigned)uc);
    e2e::expect_eq("short", k, o[t].s, (int)s);
    e2e::expect_eq("unsigned short", k, o[t].us, (unsigned)us);
    e2e::expect_eq("int", k, o[t].i, i);
    e2e::expect_eq("unsigned", k, o[t].u, u);
    e2e::expect_eq("long long", k, o[t].ll, ll);
    e2e::expect_eq("unsigned long long", k, o[t].ull, ull);
    e2e::expect_eq("float", k, o[t].f, f);
    e2e::expect_eq("double", k, o[t].d, d);
    e2e::expect_eq("sum", k, o[t].sum, (long long)sc + uc + s + us + i + (long long)u + (b ? 1 : 0));
  }
}

int main() {
  const int threads = 8;
  e2e::DeviceBuffer<Out> d(threads);
  Out h[threads];

  struct Case {
    bool b; char c; signed char sc; unsigned char uc; short s; unsigned short us; int i; unsigned u;
    long long ll; unsigned long long ull; float f; double d;
  };
  const Case cases[] = {
      {true, 'x', -128, 255, SHRT_MIN, USHRT_MAX, INT_MIN, UINT_MAX, LLONG_MIN, ULLONG_MAX, -FLT_MAX, DBL_MIN},
      {false, -1, 127, 0, SHRT_MAX, 0, INT_MAX, 0u, LLONG_MAX, 0ull, FLT_MIN, -DBL_MAX},
      {true, 0, -1, 128, -2, 32768, -1, 0x80000000u, -1LL, 0x8000000000000001ull, 3.14159274f, 2.718281828459045},
  };
  for (const Case &k : cases) {
    take_all<<<1, threads>>>(k.b, k.c, k.sc, k.uc, k.s, k.us, k.i, k.u, k.ll, k.ull, k.f, k.d, d);
    HIP_CHECK_LAUNCH();
    HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
    verify(h, threads, k.b, k.c, k.sc, k.uc, k.s, k.us, k.i, k.u, k.ll, k.ull, k.f, k.d);

    HIP_CHECK(hipMemset(d, 0, sizeof h));
    take_reversed<<<1, threads>>>(k.d, k.f, k.ull, k.ll, k.u, k.i, k.us, k.s, k.uc, k.sc, k.c, k.b, d);
    HIP_CHECK_LAUNCH();
    HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
    verify(h, threads, k.b, k.c, k.sc, k.uc, k.s, k.us, k.i, k.u, k.ll, k.ull, k.f, k.d);

    HIP_CHECK(hipMemset(d, 0, sizeof h));
    take_interleaved<<<1, threads>>>(k.b, k.d, k.c, k.ll, k.uc, k.f, k.s, k.ull, k.sc, k.u, k.us, k.i, d);
    HIP_CHECK_LAUNCH();
    HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
    verify(h, threads, k.b, k.c, k.sc, k.uc, k.s, k.us, k.i, k.u, k.ll, k.ull, k.f, k.d);
  }
  return e2e::finish("scalar_args");
}
