// cooperative_groups::reduce, inclusive_scan and exclusive_scan over tiles of every size that fits
// the warp (partial last tiles included) and over coalesced groups after a branch, with the named
// operations (plus, less, greater, bit_and, bit_or, bit_xor), the default (plus) and a lambda, for
// int, long long, float and double. Integer results are exact; float and double results are compared
// bit-exactly with the host evaluating the same order (a tree of adjacent ranges for reduce,
// Hillis-Steele for the scans).
#include "cg.h"

#include <cstring>
#include <functional>
#include <limits>
#include <utility>

namespace {

constexpr int kOps = 8;  // plus, less, greater, bit_and, bit_or, bit_xor, default (plus), lambda
constexpr int kOutputs = 3 * kOps;

// Not commutative (checks which side is the lower ranks), and nothing a compiler could contract.
template <class T> __host__ __device__ T lambda_op(const T &a, const T &b) { return a - b; }

template <class T, class Group> __device__ void all_ops(const Group &g, T v, T *out) {
  int k = 0;
  auto three = [&](auto op) {
    out[k] = cg::reduce(g, v, op);
    out[kOps + k] = cg::inclusive_scan(g, v, op);
    out[2 * kOps + k] = cg::exclusive_scan(g, v, op);
    ++k;
  };
  three(cg::plus<T>());
  three(cg::less<T>());
  three(cg::greater<T>());
  if constexpr (std::is_integral<T>::value) {
    three(cg::bit_and<T>());
    three(cg::bit_or<T>());
    three(cg::bit_xor<T>());
  } else {
    k += 3;
  }
  out[k] = cg::reduce(g, v);
  out[kOps + k] = cg::inclusive_scan(g, v);
  out[2 * kOps + k] = cg::exclusive_scan(g, v);
  ++k;
  three([](const T &a, const T &b) { return lambda_op(a, b); });
}

template <unsigned N, class T> __global__ void tile_ops(const T *in, T *out) {
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<N>(block);
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  all_ops<T>(tile, in[g], out + kOutputs * g);
}

template <class T> __global__ void coalesced_ops(const T *in, T *out) {
  const cg::thread_block block = cg::this_thread_block();
  const unsigned r = block.thread_rank(), g = block.block_rank() * block.size() + r;
  if (r % 3 != 1) all_ops<T>(cg::coalesced_threads(), in[g], out + kOutputs * g);
}

// ---- host model: the same orders of evaluation
template <class T> using Op = std::function<T(T, T)>;

template <class T> std::vector<Op<T>> host_ops() {
  std::vector<Op<T>> ops = {[](T a, T b) { return a + b; }, [](T a, T b) { return b < a ? b : a; },
                            [](T a, T b) { return a < b ? b : a; }};
  if constexpr (std::is_integral_v<T>) {
    ops.push_back([](T a, T b) { return a & b; });
    ops.push_back([](T a, T b) { return a | b; });
    ops.push_back([](T a, T b) { return a ^ b; });
  } else {
    ops.push_back(nullptr), ops.push_back(nullptr), ops.push_back(nullptr);
  }
  ops.push_back([](T a, T b) { return a + b; });
  ops.push_back([](T a, T b) { return lambda_op(a, b); });
  return ops;
}

template <class T> T host_identity(int k) {
  switch (k) {
  case 1: return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  case 2: return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
  case 3:
    if constexpr (std::is_integral_v<T>) return static_cast<T>(~static_cast<T>(0));
    else return T{};  // no bit_and for floating point
  default: return T{};
  }
}

// Results of one group (values in rank order) for op k: reduce (same for all), inclusive, exclusive.
template <class T> void host_group(const std::vector<T> &v, const Op<T> &op, int k, T &reduced, std::vector<T> &incl,
                                   std::vector<T> &excl) {
  const size_t n = v.size();
  std::vector<T> r = v;
  for (size_t d = 1; d < n; d *= 2) {
    std::vector<T> next = r;
    for (size_t i = 0; i + d < n; ++i) next[i] = op(r[i], r[i + d]);
    r = next;
  }
  reduced = r[0];
  incl = v;
  for (size_t d = 1; d < n; d *= 2) {
    std::vector<T> next = incl;
    for (size_t i = d; i < n; ++i) next[i] = op(incl[i - d], incl[i]);
    incl = next;
  }
  excl.assign(n, T{});
  excl[0] = host_identity<T>(k);
  for (size_t i = 1; i < n; ++i) excl[i] = incl[i - 1];
}

template <class T> bool same_bits(T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

// groups: for each group, the global indices of its threads in rank order.
template <class T>
void check_groups(const char *what, const std::vector<std::vector<unsigned>> &groups, const std::vector<T> &in,
                  const std::vector<T> &out) {
  static const char *names[kOps] = {"plus", "less", "greater", "bit_and", "bit_or", "bit_xor", "default", "lambda"};
  const auto ops = host_ops<T>();
  for (const auto &members : groups)
    for (int k = 0; k < kOps; ++k) {
      if (!ops[k]) continue;
      std::vector<T> v;
      for (unsigned g : members) v.push_back(in[g]);
      T reduced;
      std::vector<T> incl, excl;
      host_group(v, ops[k], k, reduced, incl, excl);
      for (size_t i = 0; i < members.size(); ++i) {
        const unsigned g = members[i];
        const T got[3] = {out[kOutputs * g + k], out[kOutputs * g + kOps + k], out[kOutputs * g + 2 * kOps + k]};
        const T want[3] = {reduced, incl[i], excl[i]};
        static const char *kinds[3] = {"reduce", "inclusive_scan", "exclusive_scan"};
        for (int j = 0; j < 3; ++j)
          if (!same_bits(got[j], want[j])) {
            char w[200], gs[64], ws[64];
            std::snprintf(w, sizeof w, "%s %s(%s)", what, kinds[j], names[k]);
            e2e::format(gs, sizeof gs, got[j]);
            e2e::format(ws, sizeof ws, want[j]);
            e2e::report_mismatch(w, g, gs, ws);
          }
      }
    }
}

template <class T> std::vector<T> inputs(unsigned total, uint32_t seed) {
  const auto rnd = pseudo_random(total, seed);
  std::vector<T> in(total);
  for (unsigned i = 0; i < total; ++i) {
    // Sums of 64 of them stay exact (no overflow; floats are multiples of 1/64 below 2^24/64).
    if constexpr (std::is_same_v<T, int>) in[i] = static_cast<int>(rnd[i] % (1u << 21)) - (1 << 20);
    else if constexpr (std::is_integral_v<T>) in[i] = (static_cast<T>(rnd[i]) << 9) - (T(1) << 40) + rnd[(i * 3) % total] % 512;
    else in[i] = static_cast<T>(static_cast<int>(rnd[i] % 200001) - 100000) / T(64);
  }
  return in;
}

template <unsigned N, class T> void run_tile(const Shape &s, int ws, const char *type) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto in = inputs<T>(total, 17 * N + B);
  Buffer<T> din(in), dout(kOutputs * total);
  tile_ops<N, T><<<s.grid, s.block>>>(din.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  std::vector<std::vector<unsigned>> groups;
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned first = 0; first < B; first += N) {
      groups.emplace_back();
      for (unsigned t = first; t < first + N && t < B; ++t) groups.back().push_back(b * B + t);
    }
  char what[128];
  std::snprintf(what, sizeof what, "tile<%u> %s block %ux%ux%u (warpSize %d)", N, type, s.block.x, s.block.y, s.block.z, ws);
  check_groups(what, groups, in, dout.get());
}

template <class T> void run_coalesced(const Shape &s, int ws, const char *type) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto in = inputs<T>(total, 4242 + B);
  Buffer<T> din(in), dout(kOutputs * total);
  coalesced_ops<T><<<s.grid, s.block>>>(din.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const Lanes lanes{B, static_cast<unsigned>(ws)};
  std::vector<std::vector<unsigned>> groups;
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned first = 0; first < B; first += ws) {
      groups.emplace_back();
      for (unsigned t = first; t < lanes.warp_end(first); ++t)
        if (t % 3 != 1) groups.back().push_back(b * B + t);
      if (groups.back().empty()) groups.pop_back();
    }
  char what[128];
  std::snprintf(what, sizeof what, "coalesced (r %% 3 != 1) %s block %ux%ux%u (warpSize %d)", type, s.block.x, s.block.y,
                s.block.z, ws);
  check_groups(what, groups, in, dout.get());
}

template <unsigned N> void run_size(int ws) {
  if (N > static_cast<unsigned>(ws)) return;
  for (const Shape &s : shapes()) {
    run_tile<N, int>(s, ws, "int");
    run_tile<N, long long>(s, ws, "long long");
    run_tile<N, float>(s, ws, "float");
    run_tile<N, double>(s, ws, "double");
  }
}

template <unsigned... Ns> void run_sizes(int ws, std::integer_sequence<unsigned, Ns...>) { (run_size<Ns>(ws), ...); }

}  // namespace

void test_group_ops(int warp_size) {
  run_sizes(warp_size, std::integer_sequence<unsigned, 1, 2, 4, 8, 16, 32, 64>{});
  for (const Shape &s : shapes()) {
    run_coalesced<int>(s, warp_size, "int");
    run_coalesced<float>(s, warp_size, "float");
    run_coalesced<double>(s, warp_size, "double");
  }
}
