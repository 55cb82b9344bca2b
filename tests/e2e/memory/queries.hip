// Allocation and pointer queries: hipMemGetInfo under allocation, hipErrorOutOfMemory when the
// device is full, sub-allocated hipMalloc (alignment, disjoint ranges, reuse after hipFree),
// hipMemPtrGetInfo, hipMemGetAddressRange, hipPointerGetAttributes / hipPointerGetAttribute for
// device, pinned, registered, managed and plain host pointers (ROCm 6's answers).
#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "memory.h"

namespace {

void mem_get_info() {
  size_t free0 = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free0, &total));
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  e2e::expect_eq("hipMemGetInfo total", 0, total, props.totalGlobalMem);
  e2e::check(free0 <= total && free0 > 0, "free memory within the total");
  const size_t big = 48u << 20;
  void *p = nullptr;
  HIP_CHECK(hipMalloc(&p, big));
  size_t free1 = 0;
  HIP_CHECK(hipMemGetInfo(&free1, &total));
  e2e::check(free1 + big <= free0, "hipMemGetInfo's free memory drops by an allocation");
  HIP_CHECK(hipFree(p));
  size_t free2 = 0;
  HIP_CHECK(hipMemGetInfo(&free2, &total));
  e2e::check(free2 >= free1 + big, "hipFree gives the memory back");
}

void out_of_memory() {
  size_t free0 = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free0, &total));
  // Chunks of an eighth of the device (or the largest single allocation, memPitch): no more than
  // total / chunk fit; the next must fail, not overcommit.
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  const size_t chunk = std::min(total / 8, props.memPitch);
  const size_t fit = total / chunk;
  std::vector<void *> held;
  hipError_t e = hipSuccess;
  while (held.size() < fit + 2) {
    void *p = nullptr;
    e = hipMalloc(&p, chunk);
    if (e != hipSuccess) break;
    held.push_back(p);
  }
  hipError_t last = hipGetLastError();
  expect_error("hipMalloc when the device is full", e, hipErrorOutOfMemory);
  expect_error("hipGetLastError after running out", last, hipErrorOutOfMemory);
  e2e::check(!held.empty() && held.size() <= fit, "as many chunks as the device holds");
  size_t freeFull = 0;
  HIP_CHECK(hipMemGetInfo(&freeFull, &total));
  e2e::check(freeFull < chunk, "hipMemGetInfo reports a full device");
  for (void *p : held) HIP_CHECK(hipFree(p));
  void *again = nullptr;
  HIP_CHECK(hipMalloc(&again, chunk));  // all of it came back
  HIP_CHECK(hipFree(again));
}

// Large allocations (memory of their own) freed and allocated again at the same size reuse the
// freed memory: contents are the new owner's, hipMemGetInfo counts kept memory as free, and kept
// memory is given back when the device fills up (out_of_memory runs after this).
void large_reuse() {
  const size_t big = (24u << 20) + 4;  // above the runtime's dedicated threshold, an odd size
  size_t free0 = 0, total = 0, free1 = 0, free2 = 0;
  HIP_CHECK(hipMemGetInfo(&free0, &total));
  std::vector<unsigned char> got(big);
  for (unsigned round = 0; round < 6; ++round) {
    std::vector<unsigned char *> ptrs(1 + round % 3);
    for (size_t i = 0; i < ptrs.size(); ++i) {
      HIP_CHECK(hipMalloc(&ptrs[i], big));
      HIP_CHECK(hipMemset(ptrs[i], int(round * 16 + i + 1), big));
    }
    HIP_CHECK(hipMemGetInfo(&free1, &total));
    e2e::check(free1 + ptrs.size() * big <= free0, "hipMemGetInfo's free memory drops by reused allocations");
    for (size_t i = 0; i < ptrs.size(); ++i) {
      HIP_CHECK(hipMemcpy(got.data(), ptrs[i], big, hipMemcpyDeviceToHost));
      const auto want = static_cast<unsigned char>(round * 16 + i + 1);
      e2e::check(std::all_of(got.begin(), got.end(), [&](unsigned char c) { return c == want; }),
                 "a reused allocation holds what its owner wrote");
    }
    for (unsigned char *p : ptrs) HIP_CHECK(hipFree(p));
    HIP_CHECK(hipMemGetInfo(&free2, &total));
    e2e::check(free2 >= free1 + ptrs.size() * big, "freed large allocations count as free");
  }
}

// Many small allocations of odd sizes: aligned to 256, disjoint, each its own range, contents
// kept across frees and reuse of the freed memory.
void sub_allocation() {
  std::vector<unsigned> sizes = e2e::pseudo_random(300, 77);
  struct Block {
    unsigned char *ptr;
    size_t size;
    unsigned char value;
  };
  std::vector<Block> blocks;
  auto add = [&](size_t i) {
    Block b{nullptr, 1 + sizes[i] % 5000, static_cast<unsigned char>(i * 37 + 1)};
    HIP_CHECK(hipMalloc(&b.ptr, b.size));
    e2e::check(reinterpret_cast<uintptr_t>(b.ptr) % 256 == 0, "hipMalloc aligns to 256 bytes");
    HIP_CHECK(hipMemset(b.ptr, b.value, b.size));
    blocks.push_back(b);
  };
  for (size_t i = 0; i < sizes.size(); ++i) add(i);
  auto verify = [&](const char *what) {
    std::vector<Block> sorted = blocks;
    std::sort(sorted.begin(), sorted.end(), [](const Block &a, const Block &b) { return a.ptr < b.ptr; });
    for (size_t i = 1; i < sorted.size(); ++i)
      e2e::check(sorted[i - 1].ptr + sorted[i - 1].size <= sorted[i].ptr, "allocations are disjoint");
    for (const Block &b : blocks) {
      std::vector<unsigned char> got(b.size);
      HIP_CHECK(hipMemcpy(got.data(), b.ptr, b.size, hipMemcpyDeviceToHost));
      for (size_t k = 0; k < b.size; ++k)
        if (!e2e::expect_eq(what, long(k), int(got[k]), int(b.value))) break;
      hipDeviceptr_t base = nullptr;
      size_t size = 0;
      HIP_CHECK(hipMemGetAddressRange(&base, &size, b.ptr + b.size / 2));
      e2e::check(base == b.ptr && size == b.size, "hipMemGetAddressRange of an interior pointer");
      HIP_CHECK(hipMemPtrGetInfo(b.ptr, &size));
      e2e::check(size == b.size, "hipMemPtrGetInfo");
    }
  };
  verify("sub-allocated contents");
  // Free every other one, allocate again (reusing the holes), and check everything.
  std::vector<Block> kept;
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (i % 2) HIP_CHECK(hipFree(blocks[i].ptr));
    else kept.push_back(blocks[i]);
  }
  blocks = kept;
  for (size_t i = 0; i < 150; ++i) add(i);
  verify("contents after frees and reuse");
  expect_error("hipFree of an interior pointer", hipFree(blocks[0].ptr + 1), hipErrorInvalidValue);
  for (const Block &b : blocks) HIP_CHECK(hipFree(b.ptr));
  expect_error("hipFree twice", hipFree(blocks[0].ptr), hipErrorInvalidValue);
}

void pointer_attributes() {
  hipPointerAttribute_t a{};
  unsigned char *d = nullptr;
  HIP_CHECK(hipMalloc(&d, 1000));
  HIP_CHECK(hipPointerGetAttributes(&a, d + 10));
  e2e::check(a.type == hipMemoryTypeDevice && a.device == 0 && a.devicePointer == d + 10 && a.hostPointer == nullptr &&
                 !a.isManaged,
             "attributes of device memory");

  unsigned char *pinned = nullptr;
  HIP_CHECK(hipHostMalloc(&pinned, 500, hipHostMallocMapped));
  void *pinnedDevice = nullptr;
  HIP_CHECK(hipHostGetDevicePointer(&pinnedDevice, pinned, 0));
  HIP_CHECK(hipPointerGetAttributes(&a, pinned + 3));
  e2e::check(a.type == hipMemoryTypeHost && a.hostPointer == pinned + 3 &&
                 a.devicePointer == static_cast<char *>(pinnedDevice) + 3 && a.allocationFlags == hipHostMallocMapped,
             "attributes of pinned memory");
  HIP_CHECK(hipPointerGetAttributes(&a, pinnedDevice));
  e2e::check(a.type == hipMemoryTypeHost && a.hostPointer == pinned, "attributes of pinned memory's device pointer");

  std::vector<double> plain(100);
  HIP_CHECK(hipPointerGetAttributes(&a, plain.data()));
  e2e::check(a.type == hipMemoryTypeUnregistered, "plain host memory is unregistered (ROCm 6: hipSuccess)");
  int supported = 0;
  HIP_CHECK(hipDeviceGetAttribute(&supported, hipDeviceAttributeHostRegisterSupported, 0));
  if (supported) {
    HIP_CHECK(hipHostRegister(plain.data() + 1, 50 * sizeof(double), 0));
    HIP_CHECK(hipPointerGetAttributes(&a, plain.data() + 2));
    e2e::check(a.type == hipMemoryTypeHost && a.hostPointer == plain.data() + 2 && a.devicePointer != nullptr,
               "attributes of registered memory");
    size_t size = 0;
    HIP_CHECK(hipMemPtrGetInfo(plain.data() + 1, &size));
    e2e::expect_eq("hipMemPtrGetInfo of registered memory", 0, size, 50 * sizeof(double));
    HIP_CHECK(hipHostUnregister(plain.data() + 1));
  }

  // hipPointerGetAttribute, one attribute at a time.
  unsigned type = 0;
  HIP_CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, d + 999));
  e2e::expect_eq("MEMORY_TYPE", 0, type, unsigned(hipMemoryTypeDevice));
  int ordinal = -5;
  HIP_CHECK(hipPointerGetAttribute(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, d));
  e2e::expect_eq("DEVICE_ORDINAL", 0, ordinal, 0);
  void *start = nullptr;
  size_t range = 0;
  HIP_CHECK(hipPointerGetAttribute(&start, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, d + 500));
  HIP_CHECK(hipPointerGetAttribute(&range, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, d + 500));
  e2e::check(start == d && range == 1000, "RANGE_START_ADDR and RANGE_SIZE");
  void *host = reinterpret_cast<void *>(1);
  HIP_CHECK(hipPointerGetAttribute(&host, HIP_POINTER_ATTRIBUTE_HOST_POINTER, pinned + 7));
  e2e::check(host == pinned + 7, "HOST_POINTER of pinned memory");
  HIP_CHECK(hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, pinned));
  e2e::expect_eq("MEMORY_TYPE of pinned memory", 0, type, unsigned(hipMemoryTypeHost));
  expect_error("hipPointerGetAttribute of pageable memory",
               hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, plain.data()), hipErrorInvalidValue);
  expect_error("hipPointerGetAttributes null", hipPointerGetAttributes(nullptr, d), hipErrorInvalidValue);
  hipDeviceptr_t base = nullptr;
  size_t size = 0;
  expect_error("hipMemGetAddressRange of pageable memory", hipMemGetAddressRange(&base, &size, plain.data()),
               hipErrorNotFound);
  expect_error("hipMemPtrGetInfo of pageable memory", hipMemPtrGetInfo(plain.data(), &size), hipErrorInvalidValue);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipHostFree(pinned));
  HIP_CHECK(hipPointerGetAttributes(&a, d));
  e2e::check(a.type == hipMemoryTypeUnregistered, "freed memory is unregistered again");
}

// Several host threads allocating, copying through and freeing device and pinned memory at once:
// every round trip must come back intact (the heap and the tables are shared).
void concurrent_threads() {
  std::atomic<int> wrong{0}, errors{0};
  auto worker = [&](unsigned seed) {
    std::vector<unsigned> r = e2e::pseudo_random(120, seed);
    for (unsigned x : r) {
      size_t n = 1 + x % 20000;
      std::vector<unsigned> in(n), out(n);
      for (size_t i = 0; i < n; ++i) in[i] = unsigned(i) * seed + x;
      unsigned *d = nullptr, *pinned = nullptr;
      if (hipMalloc(&d, n * 4) != hipSuccess || hipHostMalloc(&pinned, n * 4, 0) != hipSuccess) {
        ++errors;
        return;
      }
      bool ok = hipMemcpy(d, in.data(), n * 4, hipMemcpyHostToDevice) == hipSuccess &&
                hipMemcpy(pinned, d, n * 4, hipMemcpyDeviceToHost) == hipSuccess &&
                hipMemcpy(out.data(), pinned, n * 4, hipMemcpyHostToHost) == hipSuccess &&
                hipFree(d) == hipSuccess && hipHostFree(pinned) == hipSuccess;
      if (!ok) ++errors;
      if (out != in) ++wrong;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) threads.emplace_back(worker, 11 + t);
  for (std::thread &t : threads) t.join();
  e2e::expect_eq("HIP errors in concurrent threads", 0, errors.load(), 0);
  e2e::expect_eq("wrong round trips in concurrent threads", 0, wrong.load(), 0);
}

}  // namespace

void test_queries() {
  mem_get_info();
  large_reuse();
  sub_allocation();
  pointer_attributes();
  concurrent_threads();
  out_of_memory();
}
