// Integer intrinsics against straightforward host models.
#include "math_test.h"

namespace {

constexpr int kIntegerResults = 22;

__global__ void integerIntrinsics(const unsigned *in, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a = in[i], b = in[(i + 1) % n], c = in[(i + 2) % n];
  unsigned long long wa = (static_cast<unsigned long long>(a) << 32) | b, wb = (static_cast<unsigned long long>(c) << 32) | a;
  unsigned long long *r = out + size_t(i) * kIntegerResults;
  r[0] = __popc(a);
  r[1] = __popcll(wa);
  r[2] = static_cast<unsigned>(__clz(static_cast<int>(a >> (b & 31))));
  r[3] = static_cast<unsigned>(__ffs(a & (0xffffffffu << (b & 31))));
  r[4] = __brev(a);
  r[5] = __byte_perm(a, b, c);
  r[6] = __funnelshift_l(a, b, c);
  r[7] = __funnelshift_lc(a, b, c & 63);
  r[8] = __funnelshift_r(a, b, c);
  r[9] = __funnelshift_rc(a, b, c & 63);
  r[10] = static_cast<unsigned>(__mul24(static_cast<int>(a), static_cast<int>(b)));
  r[11] = __umul24(a, b);
  r[12] = static_cast<unsigned>(__mulhi(static_cast<int>(a), static_cast<int>(b)));
  r[13] = __umulhi(a, b);
  r[14] = static_cast<unsigned long long>(__mul64hi(static_cast<long long>(wa), static_cast<long long>(wb)));
  r[15] = __umul64hi(wa, wb);
  r[16] = __sad(static_cast<int>(a), static_cast<int>(b), c);
  r[17] = static_cast<unsigned>(__hadd(static_cast<int>(a), static_cast<int>(b))) ^
          (static_cast<unsigned long long>(static_cast<unsigned>(__rhadd(static_cast<int>(a), static_cast<int>(b)))) << 32);
  r[18] = __uhadd(a, b) ^ (static_cast<unsigned long long>(__urhadd(a, b)) << 32);
  r[19] = __bitextract_u32(a, b, c) ^ (static_cast<unsigned long long>(__bitinsert_u32(a, b, c, c >> 8)) << 32);
  r[20] = __bitextract_u64(wa, b, c) ^ __bitinsert_u64(wa, wb, c, b);
  r[21] = static_cast<unsigned long long>(static_cast<unsigned>(__fns32(a, b & 31, static_cast<int>(c % 9) - 4))) ^
          (static_cast<unsigned long long>(__lastbit_u32_u64(wa & (~0ull << (c & 63)))) << 32);
}

// Host models, bit by bit where that is the plainest statement of the definition.
unsigned long long popcount(unsigned long long x) {
  unsigned long long n = 0;
  for (; x; x >>= 1) n += x & 1;
  return n;
}
unsigned clz32(unsigned x) {
  unsigned n = 0;
  for (int bit = 31; bit >= 0 && !((x >> bit) & 1); --bit) ++n;
  return n;
}
unsigned ffs32(unsigned x) {
  for (unsigned bit = 0; bit < 32; ++bit)
    if ((x >> bit) & 1) return bit + 1;
  return 0;
}
unsigned reverse32(unsigned x) {
  unsigned r = 0;
  for (int bit = 0; bit < 32; ++bit) r |= ((x >> bit) & 1u) << (31 - bit);
  return r;
}
unsigned bytePerm(unsigned x, unsigned y, unsigned s) {
  unsigned char bytes[8];
  for (int k = 0; k < 4; ++k) {
    bytes[k] = static_cast<unsigned char>(x >> (8 * k));
    bytes[k + 4] = static_cast<unsigned char>(y >> (8 * k));
  }
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) r |= unsigned(bytes[(s >> (4 * k)) & 7]) << (8 * k);
  return r;
}
long long signed24(unsigned x) { return (x & 0x800000u) ? static_cast<long long>(x & 0xffffffu) - 0x1000000 : x & 0xffffffu; }
unsigned long long extract(unsigned long long src, unsigned offset, unsigned width, unsigned bits) {
  offset &= bits - 1;
  width &= bits - 1;
  unsigned long long r = 0;
  for (unsigned k = 0; k < width && offset + k < bits; ++k) r |= ((src >> (offset + k)) & 1ull) << k;
  return r;
}
unsigned long long insert(unsigned long long src, unsigned long long ins, unsigned offset, unsigned width, unsigned bits) {
  offset &= bits - 1;
  width &= bits - 1;
  for (unsigned k = 0; k < width && offset + k < bits; ++k) {
    unsigned long long bit = 1ull << (offset + k);
    src = ((ins >> k) & 1) ? src | bit : src & ~bit;
  }
  return src;
}
int findNthSet(unsigned long long mask, int base, int offset, int bits) {
  if (offset == 0) return (mask >> base) & 1 ? base : -1;
  int seen = 0, wanted = offset > 0 ? offset : -offset;
  for (int i = base; i >= 0 && i < bits; i += offset > 0 ? 1 : -1)
    if (((mask >> i) & 1) && ++seen == wanted) return i;
  return -1;
}

} // namespace

void checkIntegerIntrinsics(const std::vector<unsigned> &in) {
  const int n = static_cast<int>(in.size());
  e2e::DeviceBuffer<unsigned> dIn(in.size());
  e2e::DeviceBuffer<unsigned long long> dOut(in.size() * kIntegerResults);
  dIn.upload(in);
  integerIntrinsics<<<(n + 63) / 64, 64>>>(dIn, dOut, n);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned long long> out(in.size() * kIntegerResults);
  dOut.download(out);
  for (int i = 0; i < n; ++i) {
    unsigned a = in[i], b = in[(i + 1) % n], c = in[(i + 2) % n];
    unsigned long long wa = (static_cast<unsigned long long>(a) << 32) | b, wb = (static_cast<unsigned long long>(c) << 32) | a;
    unsigned long long hi = static_cast<unsigned long long>(b) << 32 | a;
    const unsigned long long *r = &out[size_t(i) * kIntegerResults];
    unsigned __int128 uwide = static_cast<unsigned __int128>(wa) * wb;
    __int128 swide = static_cast<__int128>(static_cast<long long>(wa)) * static_cast<long long>(wb);
    long long sum = static_cast<long long>(static_cast<int>(a)) + static_cast<int>(b);
    unsigned long long usum = static_cast<unsigned long long>(a) + b;
    const unsigned long long want[kIntegerResults] = {
        popcount(a), popcount(wa), clz32(a >> (b & 31)), ffs32(a & (0xffffffffu << (b & 31))), reverse32(a), bytePerm(a, b, c),
        static_cast<unsigned>((hi << (c & 31)) >> 32), static_cast<unsigned>(((c & 63) >= 32 ? hi << 32 : hi << (c & 63)) >> 32),
        static_cast<unsigned>(hi >> (c & 31)), static_cast<unsigned>((c & 63) >= 32 ? hi >> 32 : hi >> (c & 63)),
        static_cast<unsigned>(signed24(a) * signed24(b)), (a & 0xffffffu) * (b & 0xffffffu),
        static_cast<unsigned>((static_cast<long long>(static_cast<int>(a)) * static_cast<int>(b)) >> 32),
        static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32), static_cast<unsigned long long>(swide >> 64),
        static_cast<unsigned long long>(uwide >> 64),
        static_cast<unsigned>(std::llabs(static_cast<long long>(static_cast<int>(a)) - static_cast<int>(b))) + c,
        static_cast<unsigned>(sum >> 1) ^ (static_cast<unsigned long long>(static_cast<unsigned>((sum + 1) >> 1)) << 32),
        static_cast<unsigned>(usum >> 1) ^ (static_cast<unsigned long long>(static_cast<unsigned>((usum + 1) >> 1)) << 32),
        extract(a, b, c, 32) ^ (insert(a, b, c, c >> 8, 32) << 32), extract(wa, b, c, 64) ^ insert(wa, wb, c, b, 64),
        static_cast<unsigned long long>(static_cast<unsigned>(findNthSet(a, b & 31, static_cast<int>(c % 9) - 4, 32))) ^
            (static_cast<unsigned long long>((wa & (~0ull << (c & 63))) ? static_cast<unsigned>(__builtin_ctzll(wa & (~0ull << (c & 63)))) : ~0u) << 32)};
    static const char *names[kIntegerResults] = {"__popc", "__popcll", "__clz", "__ffs", "__brev", "__byte_perm", "__funnelshift_l",
                                                "__funnelshift_lc", "__funnelshift_r", "__funnelshift_rc", "__mul24", "__umul24",
                                                "__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__sad", "__hadd/__rhadd",
                                                "__uhadd/__urhadd", "__bitextract/insert_u32", "__bitextract/insert_u64",
                                                "__fns32/__lastbit"};
    for (int k = 0; k < kIntegerResults; ++k) e2e::expect_eq(names[k], i, r[k], want[k]);
  }
}
