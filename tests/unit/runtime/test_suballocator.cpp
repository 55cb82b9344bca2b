// runtime/memory/suballocator.h: placement of hipMalloc allocations inside memory blocks (pure
// bookkeeping, compiled into this test directly).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "memory/suballocator.h"

using hipvk::RangeAllocator;
using hipvk::Suballocator;

TEST_CASE("range allocator: aligned first fit, reuse and merging") {
  RangeAllocator r(4096);
  auto a = r.allocate(100, 256);
  auto b = r.allocate(1, 256);
  auto c = r.allocate(300, 256);
  REQUIRE((a && b && c));
  CHECK(*a == 0);
  CHECK(*b == 256);  // aligned past a's 100 bytes
  CHECK(*c == 512);
  CHECK(r.used() == 401);
  CHECK_FALSE(r.allocate(4096, 256));  // no single free range is that large any more
  CHECK_FALSE(r.allocate(0, 256));
  CHECK_FALSE(r.allocate(16, 3));  // not a power of two

  r.release(*b, 1);
  auto again = r.allocate(200, 256);
  REQUIRE(again);
  CHECK(*again == 256);  // the freed hole is reused first
  r.release(*again, 200);
  r.release(*a, 100);
  r.release(*c, 300);
  CHECK(r.empty());
  auto whole = r.allocate(4096, 4096);  // every hole merged back into one range
  REQUIRE(whole);
  CHECK(*whole == 0);
}

TEST_CASE("range allocator: bad releases are refused") {
  RangeAllocator r(1024);
  auto a = r.allocate(64, 64);
  REQUIRE(a);
  CHECK_THROWS_AS(r.release(2048, 16), std::logic_error);  // outside the block
  CHECK_THROWS_AS(r.release(512, 16), std::logic_error);   // never allocated
  r.release(*a, 64);
  CHECK_THROWS_AS(r.release(*a, 64), std::logic_error);  // twice
}

TEST_CASE("range allocator: random allocations never overlap and all memory comes back") {
  constexpr uint64_t kSize = 1 << 20;
  RangeAllocator r(kSize);
  std::mt19937 random(12345);
  struct Live {
    uint64_t offset, size;
  };
  std::vector<Live> live;
  for (int step = 0; step < 4000; ++step) {
    if (!live.empty() && (random() % 3 == 0 || live.size() > 200)) {
      size_t i = random() % live.size();
      r.release(live[i].offset, live[i].size);
      live.erase(live.begin() + long(i));
      continue;
    }
    uint64_t size = 1 + random() % 9000;
    uint64_t alignment = uint64_t(1) << (random() % 10);
    if (auto offset = r.allocate(size, alignment)) {
      CHECK(*offset % alignment == 0);
      CHECK(*offset + size <= kSize);
      live.push_back({*offset, size});
    }
  }
  std::sort(live.begin(), live.end(), [](const Live &a, const Live &b) { return a.offset < b.offset; });
  uint64_t sum = 0;
  for (size_t i = 0; i < live.size(); ++i) {
    sum += live[i].size;
    if (i > 0) CHECK(live[i - 1].offset + live[i - 1].size <= live[i].offset);
  }
  CHECK(r.used() == sum);
  for (const Live &l : live) r.release(l.offset, l.size);
  CHECK(r.empty());
  CHECK(r.allocate(kSize, 1) == uint64_t(0));
}

TEST_CASE("suballocator: blocks are added by the caller, filled fullest first, and removed when empty") {
  Suballocator s;
  CHECK_FALSE(s.place(64, 256));  // no block yet
  uint32_t first = s.addBlock(1024);
  auto a = s.place(512, 256);
  auto b = s.place(512, 256);
  REQUIRE((a && b));
  CHECK(a->block == first);
  CHECK(b->block == first);
  CHECK(a->offset != b->offset);
  CHECK_FALSE(s.place(1, 256));  // full
  uint32_t second = s.addBlock(1024);
  CHECK(second != first);
  auto c = s.place(256, 256);
  REQUIRE(c);
  CHECK(c->block == second);
  CHECK(s.emptyBlockCount() == 0);

  CHECK_FALSE(s.release(*a, 512));
  CHECK(s.release(*b, 512));  // the first block is empty now
  CHECK(s.emptyBlockCount() == 1);
  auto d = s.place(256, 256);  // the fuller (second) block is preferred over the empty one
  REQUIRE(d);
  CHECK(d->block == second);
  s.removeBlock(first);
  CHECK(s.blockCount() == 1);
  CHECK_THROWS_AS(s.removeBlock(second), std::logic_error);  // still in use
  CHECK(s.addBlock(4096) == first);  // the id is reused
  CHECK(s.blockSize(first) == 4096);
  CHECK_FALSE(s.release(*c, 256));
  CHECK(s.release(*d, 256));
}
