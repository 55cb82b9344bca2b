// Bytes: each lane writes one byte, so four lanes share every 32-bit word of the output.
#include "narrow_types.h"

#include <algorithm>
#include <memory>
#include <numeric>
#include <string>

namespace {

// A byte-wise transform templated on the element type (signed: arithmetic shifts, division).
template <typename Byte> __host__ __device__ Byte transform_byte(Byte x, Byte key, int i) {
  Byte mixed = Byte(x * 3 + key);          // wraps
  Byte shifted = Byte(mixed >> (i % 3));   // arithmetic for signed char
  Byte divided = key != 0 ? Byte(shifted / key) : shifted;
  return x < key ? Byte(divided ^ x) : Byte(divided - (x % 7));
}

template <typename Byte> __global__ void transform_bytes(const Byte *in, Byte *out, Byte key, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = transform_byte(in[i], key, i);
}

// Histogram of bytes: per-block counts in __shared__, then one atomic per bin into global memory.
__global__ void byte_histogram(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// Strings: upper-case in place and reverse each fixed-width record through a __shared__ byte
// array that neighbouring lanes write.
constexpr int kRecord = 13;
__device__ char to_upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }
__global__ void reverse_records(const char *in, char *out, int records) {
  __shared__ char staged[64 * kRecord];
  int base = blockIdx.x * 64 * kRecord;
  int total = records * kRecord;
  for (int i = threadIdx.x; i < 64 * kRecord; i += blockDim.x)
    staged[i] = base + i < total ? to_upper(in[base + i]) : '\0';
  __syncthreads();
  for (int i = threadIdx.x; i < 64 * kRecord; i += blockDim.x) {
    int record = i / kRecord, at = i % kRecord;
    if (base + i < total) out[base + i] = staged[record * kRecord + (kRecord - 1 - at)];
  }
}

// A struct of narrow fields, written field by field by one lane per struct (the neighbouring
// struct's fields share its words) and read as a whole.
struct Packet {
  char tag;
  unsigned char flags;
  short delta;
  unsigned short count;
  signed char level;
  bool valid;
};
__global__ void update_packets(Packet *packets, int n, short step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Packet p = packets[i];
  p.tag = char(p.tag + 1);
  p.flags = (unsigned char)(p.flags | (1u << (i % 8)));
  p.delta = short(p.delta * step - i);
  p.count = (unsigned short)(p.count + 40000u);
  p.level = (signed char)(p.level >> 1);
  p.valid = !p.valid && (i % 3 != 0);
  packets[i] = p;
}

// A local byte array indexed at run time, and a kernel taking char/bool/short arguments by value.
__global__ void local_bytes(const unsigned char *in, unsigned char *out, int n, char bias, bool invert, short scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned char window[7];
  for (int k = 0; k < 7; ++k) window[k] = in[(i + k) % n];
  unsigned char acc = 0;
  for (int k = 0; k < 7; ++k) acc = (unsigned char)(acc + window[(k * 3 + i) % 7] * scale);
  acc = (unsigned char)(acc + bias);
  out[i] = invert ? (unsigned char)~acc : acc;
}

// uchar4 vectors and byte-wise rotations/counts.
__global__ void vector_bytes(const uchar4 *in, uchar4 *out, unsigned char *pops, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uchar4 v = in[i];
  out[i] = make_uchar4((unsigned char)(v.w + 1), (unsigned char)(v.z << 1), (unsigned char)(v.y >> 2), (unsigned char)(v.x ^ 0x5a));
  pops[i] = (unsigned char)(__popc(v.x) + __popc(v.y) + __popc(v.z) + __popc(v.w));
}

template <typename Byte> void check_transform(int n, Byte key) {
  std::vector<Byte> in(n), out(n), want(n);
  for (int i = 0; i < n; ++i) in[i] = Byte(pattern_byte(i));
  for (int i = 0; i < n; ++i) want[i] = transform_byte(in[i], key, i);
  e2e::DeviceBuffer<Byte> d_in(n), d_out(n);
  d_in.upload(in);
  transform_bytes<<<(n + 63) / 64, 64>>>(d_in.ptr, d_out.ptr, key, n);
  HIP_CHECK_LAUNCH();
  d_out.download(out);
  for (int i = 0; i < n; ++i)
    if (!e2e::expect_eq(std::is_signed_v<Byte> ? "transform<signed char>" : "transform<unsigned char>", i, int(out[i]), int(want[i]))) break;
}

void check_histogram() {
  const int n = 100003;
  std::vector<unsigned char> data(n);
  for (int i = 0; i < n; ++i) data[i] = pattern_byte(i * 7 + 1);
  std::vector<unsigned int> want(256, 0), got(256);
  for (unsigned char b : data) ++want[b];
  e2e::DeviceBuffer<unsigned char> d_data(n);
  e2e::DeviceBuffer<unsigned int> d_bins(256);
  d_data.upload(data);
  HIP_CHECK(hipMemset(d_bins.ptr, 0, d_bins.bytes()));
  byte_histogram<<<37, 128>>>(d_data.ptr, n, d_bins.ptr);
  HIP_CHECK_LAUNCH();
  d_bins.download(got);
  for (int b = 0; b < 256; ++b) e2e::expect_eq("histogram", b, got[b], want[b]);
}

void check_strings() {
  const int records = 201;
  const std::string words = "the quick brown fox jumps over the lazy dog, 0123456789!";
  std::string in(records * kRecord, ' ');
  for (size_t i = 0; i < in.size(); ++i) in[i] = words[(i * 5) % words.size()];
  std::string want(in.size(), ' ');
  for (int r = 0; r < records; ++r)
    for (int at = 0; at < kRecord; ++at) {
      char c = in[r * kRecord + (kRecord - 1 - at)];
      want[r * kRecord + at] = c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
    }
  e2e::DeviceBuffer<char> d_in(in.size()), d_out(in.size());
  d_in.upload(in);
  reverse_records<<<(records + 63) / 64, 96>>>(d_in.ptr, d_out.ptr, records);
  HIP_CHECK_LAUNCH();
  std::string got(in.size(), ' ');
  d_out.download(got);
  for (size_t i = 0; i < got.size(); ++i)
    if (!e2e::expect_eq("reversed records", i, int(got[i]), int(want[i]))) break;
}

void check_packets() {
  const int n = 333;
  const short step = -3;
  auto host = std::make_unique<Packet[]>(n);
  for (int i = 0; i < n; ++i)
    host[i] = {char('a' + i % 26), (unsigned char)(i * 7), short(i * 91 - 15000), (unsigned short)(i * 263), (signed char)(i - 128), i % 2 == 0};
  std::vector<Packet> want(host.get(), host.get() + n);
  for (int i = 0; i < n; ++i) {
    Packet &p = want[i];
    p.tag = char(p.tag + 1);
    p.flags = (unsigned char)(p.flags | (1u << (i % 8)));
    p.delta = short(p.delta * step - i);
    p.count = (unsigned short)(p.count + 40000u);
    p.level = (signed char)(p.level >> 1);
    p.valid = !p.valid && (i % 3 != 0);
  }
  e2e::DeviceBuffer<Packet> d(n);
  HIP_CHECK(hipMemcpy(d.ptr, host.get(), d.bytes(), hipMemcpyHostToDevice));
  update_packets<<<(n + 31) / 32, 32>>>(d.ptr, n, step);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(host.get(), d.ptr, d.bytes(), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    const Packet &g = host[i], &w = want[i];
    bool ok = e2e::expect_eq("packet.tag", i, int(g.tag), int(w.tag)) && e2e::expect_eq("packet.flags", i, int(g.flags), int(w.flags)) &&
              e2e::expect_eq("packet.delta", i, int(g.delta), int(w.delta)) && e2e::expect_eq("packet.count", i, int(g.count), int(w.count)) &&
              e2e::expect_eq("packet.level", i, int(g.level), int(w.level)) && e2e::expect_eq("packet.valid", i, int(g.valid), int(w.valid));
    if (!ok) break;
  }
}

void check_local_bytes() {
  const int n = 1001;
  const char bias = -5;
  const short scale = 7;
  std::vector<unsigned char> in(n), got(n);
  for (int i = 0; i < n; ++i) in[i] = pattern_byte(i + 11);
  e2e::DeviceBuffer<unsigned char> d_in(n), d_out(n);
  d_in.upload(in);
  for (bool invert : {false, true}) {
    local_bytes<<<(n + 63) / 64, 64>>>(d_in.ptr, d_out.ptr, n, bias, invert, scale);
    HIP_CHECK_LAUNCH();
    d_out.download(got);
    for (int i = 0; i < n; ++i) {
      unsigned char window[7], acc = 0;
      for (int k = 0; k < 7; ++k) window[k] = in[(i + k) % n];
      for (int k = 0; k < 7; ++k) acc = (unsigned char)(acc + window[(k * 3 + i) % 7] * scale);
      acc = (unsigned char)(acc + bias);
      if (invert) acc = (unsigned char)~acc;
      if (!e2e::expect_eq(invert ? "local bytes (inverted)" : "local bytes", i, int(got[i]), int(acc))) break;
    }
  }
}

void check_vector_bytes() {
  const int n = 517;
  std::vector<uchar4> in(n), out(n);
  std::vector<unsigned char> pops(n);
  for (int i = 0; i < n; ++i) in[i] = make_uchar4(pattern_byte(4 * i), pattern_byte(4 * i + 1), pattern_byte(4 * i + 2), pattern_byte(4 * i + 3));
  e2e::DeviceBuffer<uchar4> d_in(n), d_out(n);
  e2e::DeviceBuffer<unsigned char> d_pops(n);
  d_in.upload(in);
  vector_bytes<<<(n + 63) / 64, 64>>>(d_in.ptr, d_out.ptr, d_pops.ptr, n);
  HIP_CHECK_LAUNCH();
  d_out.download(out);
  d_pops.download(pops);
  for (int i = 0; i < n; ++i) {
    uchar4 v = in[i];
    bool ok = e2e::expect_eq("uchar4.x", i, int(out[i].x), (v.w + 1) & 0xff) && e2e::expect_eq("uchar4.y", i, int(out[i].y), (v.z << 1) & 0xff) &&
              e2e::expect_eq("uchar4.z", i, int(out[i].z), v.y >> 2) && e2e::expect_eq("uchar4.w", i, int(out[i].w), v.x ^ 0x5a) &&
              e2e::expect_eq("byte popcounts", i, int(pops[i]),
                             __builtin_popcount(v.x) + __builtin_popcount(v.y) + __builtin_popcount(v.z) + __builtin_popcount(v.w));
    if (!ok) break;
  }
}

} // namespace

void run_byte_tests() {
  check_transform<unsigned char>(1003, 37);
  check_transform<signed char>(999, -13);
  check_histogram();
  check_strings();
  check_packets();
  check_local_bytes();
  check_vector_bytes();
}
