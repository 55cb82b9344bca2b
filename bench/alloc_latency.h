// Host-side cost of allocation, shared by hipvk_alloc_bench (alloc_bench.hip) and its CUDA twin
// (cuda/alloc_bench.cu): the drivers define the BENCH_* macros, so both measure exactly the same
// calls. Prints microseconds per call; never asserted by a test.
//   BENCH_MALLOC(void **p, size_t bytes)      BENCH_FREE(void *p)
//   BENCH_HOST_MALLOC(void **p, size_t bytes) BENCH_HOST_FREE(void *p)
//   BENCH_SYNC()
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <vector>

namespace bench {

template <typename Body>
double microsecondsPer(int calls, Body body) {
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) body();
  std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count() / calls;
}

inline void allocLatency(const char *impl, bool small) {
  const int pairs = small ? 20 : 2000;
  const int batch = small ? 16 : 512;
  const size_t sizes[] = {256, 4096, 65536, 1 << 20, 64 << 20};
  BENCH_SYNC();  // an idle device, as a program's steady state
  for (size_t bytes : sizes) {
    void *p = nullptr;
    BENCH_MALLOC(&p, bytes);  // warm-up: the allocator's first block
    BENCH_FREE(p);
    const int n = bytes >= (64u << 20) ? pairs / 20 + 1 : pairs;
    double pair = microsecondsPer(n, [&] {
      BENCH_MALLOC(&p, bytes);
      BENCH_FREE(p);
    });
    // Many allocations alive at once, then all freed (the allocator must find room, not reuse
    // the same hole).
    std::vector<void *> live(bytes >= (64u << 20) ? 4 : batch);
    size_t i = 0;
    double each = microsecondsPer(int(live.size()), [&] { BENCH_MALLOC(&live[i++], bytes); });
    i = 0;
    double freeEach = microsecondsPer(int(live.size()), [&] { BENCH_FREE(live[i++]); });
    std::printf("%-8s %-6s %10.2f us malloc+free, %8.2f us malloc, %8.2f us free (%zu bytes)\n", "alloc", impl, pair,
                each, freeEach, bytes);
  }
  void *h = nullptr;
  BENCH_HOST_MALLOC(&h, size_t(1) << 20);
  BENCH_HOST_FREE(h);
  double host = microsecondsPer(small ? 5 : 200, [&] {
    BENCH_HOST_MALLOC(&h, size_t(1) << 20);
    BENCH_HOST_FREE(h);
  });
  std::printf("%-8s %-6s %10.2f us pinned host malloc+free (1 MiB)\n", "hostalloc", impl, host);
}

}  // namespace bench
