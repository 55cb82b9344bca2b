// The symbol API: hipMemcpyToSymbol/FromSymbol and their Async forms with every copy kind and with
// offsets, hipGetSymbolAddress/Size, in the `const void *` form and in the `const T &` form
// (HIP_SYMBOL), and the error codes ROCm returns.
#include "symbols.h"

#include <cstring>
#include <vector>

struct Particle {
  float x, y;
  int cell;
  double energy;
};

constexpr int kWords = 64;
__device__ int d_words[kWords];
__constant__ float c_coefficients[16];
__device__ Particle d_particle;
__device__ double d_scalar = 2.5;

// out[i] = d_words[i] * c_coefficients[i % 16], plus the struct and the scalar at the end.
__global__ void combine(double *out) {
  int i = threadIdx.x;
  out[i] = d_words[i] * static_cast<double>(c_coefficients[i % 16]);
  if (i == 0) out[kWords] = d_particle.x + d_particle.y + d_particle.cell + d_particle.energy + d_scalar;
}

__global__ void negate_words() { d_words[threadIdx.x] = -d_words[threadIdx.x]; }

namespace {

std::vector<double> run_combine() {
  e2e::DeviceBuffer<double> out(kWords + 1);
  combine<<<1, kWords>>>(out);
  HIP_CHECK_LAUNCH();
  std::vector<double> got(kWords + 1);
  out.download(got);
  return got;
}

void expect_combine(const char *what, const int *words, const float *coefficients, const Particle &p, double scalar) {
  std::vector<double> got = run_combine();
  // Some coefficients are float denormals (bytes of small ints), which a device that flushes them
  // may or may not flush when widening (e2e::expected_widening); the products are exact (at most 35
  // significant bits).
  static const bool flush = e2e::device_flushes_float_denormals();
  for (int i = 0; i < kWords; ++i)
    e2e::expect_eq(what, i, got[i],
                   e2e::expected_widening(got[i], coefficients[i % 16], flush, [&](double c) { return words[i] * c; }));
  e2e::expect_eq(what, kWords, got[kWords], p.x + p.y + p.cell + p.energy + scalar);
}

}  // namespace

void test_symbol_copies(hipStream_t stream) {
  int words[kWords];
  float coefficients[16];
  for (int i = 0; i < kWords; ++i) words[i] = i * 3 - 50;
  for (int i = 0; i < 16; ++i) coefficients[i] = 0.25f * static_cast<float>(i + 1);
  Particle particle{1.5f, -2.0f, 7, 0.125};

  // Host to device: the `const void *` form and the template form, default and explicit kinds.
  HIP_CHECK(hipMemcpyToSymbol(static_cast<const void *>(&d_words), words, sizeof(words), 0, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_coefficients), coefficients, sizeof(coefficients)));
  HIP_CHECK(hipMemcpyToSymbol(d_particle, &particle, sizeof(particle), 0, hipMemcpyDefault));
  double scalar = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&scalar, d_scalar, sizeof(scalar)));  // initial value
  e2e::expect_eq("initialised __device__ double", 0, scalar, 2.5);
  expect_combine("host to symbol", words, coefficients, particle, 2.5);

  // Offsets: a middle range of the array and one field of the struct.
  for (int i = 10; i < 20; ++i) words[i] = 1000 + i;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(d_words), words + 10, 10 * sizeof(int), 10 * sizeof(int)));
  particle.cell = -3;
  HIP_CHECK(hipMemcpyToSymbol(static_cast<const void *>(&d_particle), &particle.cell, sizeof(int),
                              offsetof(Particle, cell), hipMemcpyHostToDevice));
  int middle[5] = {};
  HIP_CHECK(hipMemcpyFromSymbol(middle, HIP_SYMBOL(d_words), sizeof(middle), 12 * sizeof(int)));
  for (int i = 0; i < 5; ++i) e2e::expect_eq("symbol read at an offset", i, middle[i], words[12 + i]);
  expect_combine("symbol written at offsets", words, coefficients, particle, 2.5);

  // Device to device, both ways, with offsets; and hipMemcpyDefault with a device pointer.
  e2e::DeviceBuffer<int> staging(kWords);
  std::vector<int> fresh(kWords);
  for (int i = 0; i < kWords; ++i) fresh[i] = 7 * i + 1;
  staging.upload(fresh);
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(d_words), staging.ptr, kWords * sizeof(int), 0, hipMemcpyDeviceToDevice));
  std::memcpy(words, fresh.data(), sizeof(words));
  expect_combine("device to symbol", words, coefficients, particle, 2.5);
  negate_words<<<1, kWords>>>();
  HIP_CHECK_LAUNCH();
  e2e::DeviceBuffer<int> back(kWords);
  HIP_CHECK(hipMemset(back.ptr, 0, back.bytes()));
  HIP_CHECK(hipMemcpyFromSymbol(back.ptr + 4, HIP_SYMBOL(d_words), 8 * sizeof(int), 20 * sizeof(int),
                                hipMemcpyDeviceToDevice));
  HIP_CHECK(hipMemcpyFromSymbol(back.ptr + 20, static_cast<const void *>(&d_words), 4 * sizeof(int), 0, hipMemcpyDefault));
  std::vector<int> got(kWords);
  back.download(got);
  for (int i = 0; i < kWords; ++i) {
    int want = (i >= 4 && i < 12) ? -words[20 + i - 4] : (i >= 20 && i < 24) ? -words[i - 20] : 0;
    e2e::expect_eq("symbol to device", i, got[i], want);
  }
  for (int &w : words) w = -w;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_coefficients), staging.ptr, 4 * sizeof(float), 12 * sizeof(float),
                              hipMemcpyDefault));  // the bytes of ints 1, 8, 15, 22 as floats
  std::memcpy(coefficients + 12, fresh.data(), 4 * sizeof(float));
  expect_combine("hipMemcpyDefault from device memory", words, coefficients, particle, 2.5);

  // hipGetSymbolAddress / hipGetSymbolSize: the address is ordinary device memory.
  void *address = nullptr;
  size_t size = 0;
  HIP_CHECK(hipGetSymbolAddress(&address, static_cast<const void *>(&d_scalar)));
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(d_scalar)));
  e2e::check(size == sizeof(double), "hipGetSymbolSize(d_scalar)");
  void *same = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&same, HIP_SYMBOL(d_scalar)));
  e2e::check(same == address, "both forms give one address");
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(c_coefficients)));
  e2e::check(size == sizeof(c_coefficients), "hipGetSymbolSize(c_coefficients)");
  const double new_scalar = -8.75;
  HIP_CHECK(hipMemcpy(address, &new_scalar, sizeof(double), hipMemcpyHostToDevice));
  expect_combine("through hipGetSymbolAddress", words, coefficients, particle, -8.75);

  // Asynchronous forms on a stream, with offsets; results checked after the stream completes.
  int async_words[8];
  for (int i = 0; i < 8; ++i) async_words[i] = 500 - i;
  HIP_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(d_words), async_words, sizeof(async_words), 32 * sizeof(int),
                                   hipMemcpyHostToDevice, stream));
  HIP_CHECK(hipMemcpyToSymbolAsync(static_cast<const void *>(&d_words), staging.ptr + 60, 4 * sizeof(int),
                                   60 * sizeof(int), hipMemcpyDeviceToDevice, stream));
  int async_back[12] = {};
  HIP_CHECK(hipMemcpyFromSymbolAsync(async_back, HIP_SYMBOL(d_words), 8 * sizeof(int), 32 * sizeof(int),
                                     hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipMemcpyFromSymbolAsync(async_back + 8, static_cast<const void *>(&d_words), 4 * sizeof(int),
                                     60 * sizeof(int), hipMemcpyDefault, stream));
  HIP_CHECK(hipMemcpyFromSymbolAsync(back.ptr, HIP_SYMBOL(d_words), 4 * sizeof(int), 60 * sizeof(int),
                                     hipMemcpyDeviceToDevice, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int i = 0; i < 8; ++i) e2e::expect_eq("async to/from symbol", i, async_back[i], 500 - i);
  for (int i = 0; i < 4; ++i) e2e::expect_eq("async device to symbol", i, async_back[8 + i], fresh[60 + i]);
  back.download(got);
  for (int i = 0; i < 4; ++i) e2e::expect_eq("async symbol to device", i, got[i], fresh[60 + i]);
  std::memcpy(words + 32, async_words, sizeof(async_words));
  std::memcpy(words + 60, fresh.data() + 60, 4 * sizeof(int));
  expect_combine("after async copies", words, coefficients, particle, -8.75);

  // A zero-byte copy at the end of a symbol is fine.
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(d_words), words, 0, sizeof(d_words)));
}

void test_symbol_errors() {
  static int not_a_symbol = 0;
  int host[kWords + 1] = {};
  int before[kWords] = {};
  HIP_CHECK(hipMemcpyFromSymbol(before, HIP_SYMBOL(d_words), sizeof(before)));
  void *address = nullptr;
  size_t size = 0;
  auto expect_error = [](const char *what, hipError_t got, hipError_t want) {
    e2e::expect_eq(what, 0, static_cast<int>(got), static_cast<int>(want));
    e2e::expect_eq("last error after a failed call", 0, static_cast<int>(hipGetLastError()), static_cast<int>(want));
  };
  expect_error("unknown symbol (ToSymbol)", hipMemcpyToSymbol(static_cast<const void *>(&not_a_symbol), host, 4),
               hipErrorInvalidSymbol);
  expect_error("unknown symbol (FromSymbol)", hipMemcpyFromSymbol(host, static_cast<const void *>(host), 4),
               hipErrorInvalidSymbol);
  expect_error("null symbol", hipMemcpyToSymbol(static_cast<const void *>(nullptr), host, 4), hipErrorInvalidSymbol);
  expect_error("unknown symbol (GetSymbolAddress)", hipGetSymbolAddress(&address, not_a_symbol), hipErrorInvalidSymbol);
  expect_error("unknown symbol (GetSymbolSize)", hipGetSymbolSize(&size, not_a_symbol), hipErrorInvalidSymbol);
  expect_error("unknown symbol (async)",
               hipMemcpyToSymbolAsync(static_cast<const void *>(&not_a_symbol), host, 4, 0, hipMemcpyHostToDevice, nullptr),
               hipErrorInvalidSymbol);
  expect_error("null devPtr", hipGetSymbolAddress(nullptr, HIP_SYMBOL(d_words)), hipErrorInvalidValue);
  expect_error("null size", hipGetSymbolSize(nullptr, HIP_SYMBOL(d_words)), hipErrorInvalidValue);
  expect_error("size beyond the symbol", hipMemcpyToSymbol(HIP_SYMBOL(d_words), host, sizeof(d_words) + 4),
               hipErrorInvalidValue);
  expect_error("offset + size beyond the symbol",
               hipMemcpyFromSymbol(host, HIP_SYMBOL(d_words), 8, sizeof(d_words) - 4), hipErrorInvalidValue);
  expect_error("offset beyond the symbol", hipMemcpyToSymbol(HIP_SYMBOL(d_scalar), host, 0, sizeof(double) + 1),
               hipErrorInvalidValue);
  expect_error("async range beyond the symbol",
               hipMemcpyFromSymbolAsync(host, HIP_SYMBOL(c_coefficients), 8, sizeof(c_coefficients) - 4,
                                        hipMemcpyDeviceToHost, nullptr),
               hipErrorInvalidValue);
  expect_error("copy to a symbol in the wrong direction",
               hipMemcpyToSymbol(HIP_SYMBOL(d_words), host, 4, 0, hipMemcpyDeviceToHost), hipErrorInvalidMemcpyDirection);
  expect_error("copy from a symbol in the wrong direction",
               hipMemcpyFromSymbol(host, HIP_SYMBOL(d_words), 4, 0, hipMemcpyHostToDevice), hipErrorInvalidMemcpyDirection);
  expect_error("unknown copy kind", hipMemcpyToSymbol(HIP_SYMBOL(d_words), host, 4, 0, static_cast<hipMemcpyKind>(77)),
               hipErrorInvalidMemcpyDirection);
  expect_error("device kind with a host source",
               hipMemcpyToSymbol(HIP_SYMBOL(d_words), host, 4, 0, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  expect_error("null source", hipMemcpyToSymbol(HIP_SYMBOL(d_words), nullptr, 4), hipErrorInvalidValue);
  // Nothing was written by the failed calls.
  int after[kWords] = {};
  HIP_CHECK(hipMemcpyFromSymbol(after, HIP_SYMBOL(d_words), sizeof(after)));
  for (int i = 0; i < kWords; ++i) e2e::expect_eq("symbol intact after errors", i, after[i], before[i]);
}
