// Lookup tables in __constant__ memory of every width (8, 16, 32 and 64-bit integers, bool,
// float, double, float4, a struct with padding), each lane reading its own entry, plus a table
// past the constant window's 16 KiB (read through its address instead) reached also through a
// pointer into it. Initialisers, partial symbol copies at offsets and reads back are checked.
#include "constant_window.h"

#include <array>
#include <cstring>

namespace {

struct Params {
  int count;
  float scale;
  double shift;
  unsigned char tag[3];
  bool flip;
  short bias;
};

constexpr int kBig = 6000;  // 24000 bytes: more than the window holds

}  // namespace

__constant__ Params c_params = {5, 1.5f, -0.25, {7, 200, 33}, true, -300};
__constant__ unsigned short c_lut[37] = {0,     1733,  3466,  5199,  6932,  8665,  10398, 12131, 13864, 15597, 17330, 19063, 20796,
                                         22529, 24262, 25995, 27728, 29461, 31194, 32927, 34660, 36393, 38126, 39859, 41592, 43325,
                                         45058, 46791, 48524, 50257, 51990, 53723, 55456, 57189, 58922, 60655, 62388};
__constant__ signed char c_bytes[13] = {-128, -77, -3, 0, 1, 9, 42, 64, 99, 100, 126, 127, -1};
__constant__ float4 c_quads[5] = {{1.0f, 2.0f, 3.0f, 4.0f},
                                  {-0.5f, 0.25f, 8.0f, -16.0f},
                                  {3.5f, -1.75f, 0.125f, 2.5f},
                                  {-7.0f, 6.0f, -5.0f, 4.0f},
                                  {0.0625f, 1024.0f, -3.0f, 1.0f}};
__constant__ double c_dtab[9] = {1.0, -2.5, 3.25, 1e10, -1e-3, 0.1, 7.0, -0.0, 123456.789};
__constant__ long long c_wide[6] = {0, -1, 1ll << 40, -(1ll << 50) + 3, 123456789012345ll, 42};
__constant__ int c_pick[4] = {3, 1, 4, 1};
__constant__ float c_big[kBig];

__global__ void read_tables(const unsigned *keys, int *ints, float *floats, double *doubles, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned key = keys[i];
  int picked = 0;
  for (int k = 0; k < 4; ++k) picked += c_pick[k];  // every lane the same entries
  ints[i] = c_lut[key % 37] + c_bytes[key % 13] + c_params.tag[key % 3] + (c_params.flip ? c_params.bias : 0) +
            c_pick[key & 3] * c_params.count + picked;
  const float4 q = c_quads[key % 5];
  const float *tail = &c_big[kBig - 10];
  floats[i] = fmaf(q.y, q.z, fmaf(q.x, c_params.scale, q.w)) + c_big[key % kBig] - tail[key % 10];
  doubles[i] = fma(c_dtab[key % 9], c_params.shift, static_cast<double>(c_wide[key % 6]));
}

void test_constant_tables() {
  // Initialisers as compiled; then a partial copy at an offset into the float4 table.
  Params params{};
  HIP_CHECK(hipMemcpyFromSymbol(&params, HIP_SYMBOL(c_params), sizeof params));
  e2e::expect_eq("c_params.count", 0, params.count, 5);
  e2e::expect_eq("c_params.bias", 0, params.bias, -300);
  e2e::expect_eq("c_params.tag", 1, params.tag[1], 200);
  std::array<float4, 5> quads{};
  HIP_CHECK(hipMemcpyFromSymbol(quads.data(), HIP_SYMBOL(c_quads), sizeof quads));
  const float4 replaced{-9.0f, 0.75f, 12.0f, -0.5f};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_quads), &replaced, sizeof replaced, 2 * sizeof(float4)));
  quads[2] = replaced;
  const std::vector<float> big = test_floats(kBig, 23);
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_big), big.data(), big.size() * sizeof(float)));

  const int n = 1000;  // not a multiple of the block
  std::vector<unsigned> keys = e2e::pseudo_random(n, 29);
  e2e::DeviceBuffer<unsigned> dkeys(n);
  dkeys.upload(keys);
  e2e::DeviceBuffer<int> ints(n);
  e2e::DeviceBuffer<float> floats(n);
  e2e::DeviceBuffer<double> doubles(n);
  read_tables<<<(n + 63) / 64, 64>>>(dkeys, ints, floats, doubles, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> gotInts(n);
  std::vector<float> gotFloats(n);
  std::vector<double> gotDoubles(n);
  ints.download(gotInts);
  floats.download(gotFloats);
  doubles.download(gotDoubles);

  const unsigned short lut[37] = {0,     1733,  3466,  5199,  6932,  8665,  10398, 12131, 13864, 15597, 17330, 19063, 20796,
                                  22529, 24262, 25995, 27728, 29461, 31194, 32927, 34660, 36393, 38126, 39859, 41592, 43325,
                                  45058, 46791, 48524, 50257, 51990, 53723, 55456, 57189, 58922, 60655, 62388};
  const signed char bytes[13] = {-128, -77, -3, 0, 1, 9, 42, 64, 99, 100, 126, 127, -1};
  const double dtab[9] = {1.0, -2.5, 3.25, 1e10, -1e-3, 0.1, 7.0, -0.0, 123456.789};
  const long long wide[6] = {0, -1, 1ll << 40, -(1ll << 50) + 3, 123456789012345ll, 42};
  const int pick[4] = {3, 1, 4, 1};
  for (int i = 0; i < n; ++i) {
    const unsigned key = keys[i];
    const int wantInt = lut[key % 37] + bytes[key % 13] + params.tag[key % 3] + (params.flip ? params.bias : 0) +
                        pick[key & 3] * params.count + 9;
    e2e::expect_eq("integer tables", i, gotInts[i], wantInt);
    const float4 q = quads[key % 5];
    const float wantFloat =
        std::fmaf(q.y, q.z, std::fmaf(q.x, params.scale, q.w)) + big[key % kBig] - big[kBig - 10 + key % 10];
    e2e::expect_eq("float tables", i, gotFloats[i], wantFloat);
    e2e::expect_eq("double tables", i, gotDoubles[i], std::fma(dtab[key % 9], params.shift, static_cast<double>(wide[key % 6])));
  }
}
