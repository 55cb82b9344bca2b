// Tiles wider than the device's warps. HIP allows tile sizes that are powers of two up to the warp
// size. thread_block_tile<2 * warpSize> is code written for wider warps: up to 32 lanes it runs as a
// tile of the kernel's wave32 form (logical warps on narrower subgroups; docs/HIP_ON_VULKAN.md,
// "Wavefront size"), and at 64 lanes on a 32-lane device it stops the kernel with the assertion
// message (naming this file and line) and hipErrorAssert, once. tiled_partition(block, n) with n =
// 2 * warpSize or 3 at run time asserts likewise. The device then runs the next kernel correctly.
#include "cg.h"

#include "capture.h"

#include <string>

namespace {

constexpr unsigned kTooWideLine = __LINE__ + 4;  // the line of the tiled_partition<N> call below
template <unsigned N> __global__ void too_wide_tile(unsigned *out) {
  const cg::thread_block block = cg::this_thread_block();
  const auto tile =
      cg::tiled_partition<N>(block);
  out[block.thread_rank()] = tile.thread_rank();
}

__global__ void dynamic_tile(unsigned n, unsigned *out) {
  const cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = cg::tiled_partition(block, n).thread_rank();
}

__global__ void valid_tile(unsigned *out) {
  const cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = cg::tiled_partition<2>(block).thread_rank() + 10 * cg::tiled_partition<2>(block).meta_group_rank();
}

// Runs `launch`, expecting the kernel to stop with hipErrorAssert and stderr holding `message`.
template <class Launch> void expect_assert(const char *what, const std::string &message, Launch launch) {
  CapturedOutput capture;
  launch();
  const hipError_t launched = hipGetLastError();
  const hipError_t synchronized = hipDeviceSynchronize();
  const hipError_t last = hipGetLastError(), after = hipGetLastError();
  capture.finish();
  std::fputs(capture.err().c_str(), stderr);  // keep the messages in the test log
  e2e::expect_eq((std::string(what) + ": launch").c_str(), 0, launched, hipSuccess);
  e2e::expect_eq((std::string(what) + ": hipDeviceSynchronize").c_str(), 0, synchronized, hipErrorAssert);
  e2e::expect_eq((std::string(what) + ": hipGetLastError").c_str(), 0, last, hipErrorAssert);
  e2e::expect_eq((std::string(what) + ": hipGetLastError again").c_str(), 0, after, hipSuccess);
  e2e::check(capture.err().find(message) != std::string::npos, (std::string(what) + ": message on stderr").c_str());
}

void check_device_still_works(const char *what) {
  Buffer<unsigned> out(40);
  valid_tile<<<1, 40>>>(out.ptr);
  HIP_CHECK_LAUNCH();
  const auto got = out.get();
  for (unsigned i = 0; i < 40; ++i) e2e::expect_eq(what, i, got[i], (i & 1) + 10 * (i / 2));
}

template <unsigned N> void wider_than_warp(int ws) {
  if constexpr (N <= 64) {
    if (N != 2 * static_cast<unsigned>(ws)) return;
    Buffer<unsigned> out(64);
    if (N <= 32) {
      too_wide_tile<N><<<1, 64>>>(out.ptr);
      HIP_CHECK_LAUNCH();
      const auto got = out.get();
      for (unsigned i = 0; i < 64; ++i) e2e::expect_eq("thread_block_tile<2 * warpSize> of a 32-lane form", i, got[i], i % N);
      return;
    }
    const std::string where = std::string(__FILE__) + ":" + std::to_string(kTooWideLine);
    expect_assert("thread_block_tile<2 * warpSize>", where, [&] { too_wide_tile<N><<<1, 64>>>(out.ptr); });
    check_device_still_works("a valid tile after thread_block_tile<2 * warpSize>");
  }
}

}  // namespace

void test_invalid_tiles(int warp_size) {
  // The compile-time tile of twice the warp size exists only up to 64 (warpSize 32 and smaller).
  int ran = 0;
  auto one = [&](auto n) {
    if (decltype(n)::value == 2 * static_cast<unsigned>(warp_size)) ++ran;
    wider_than_warp<decltype(n)::value>(warp_size);
  };
  one(std::integral_constant<unsigned, 2>{});
  one(std::integral_constant<unsigned, 4>{});
  one(std::integral_constant<unsigned, 8>{});
  one(std::integral_constant<unsigned, 16>{});
  one(std::integral_constant<unsigned, 32>{});
  one(std::integral_constant<unsigned, 64>{});
  e2e::expect_eq("thread_block_tile<2 * warpSize> launched", 0, ran, warp_size <= 32 ? 1 : 0);

  Buffer<unsigned> out(64);
  const unsigned wide = 2 * static_cast<unsigned>(warp_size);
  expect_assert("tiled_partition(block, 2 * warpSize)", "n must be a power of two no larger than warpSize",
                [&] { dynamic_tile<<<1, 64>>>(wide, out.ptr); });
  check_device_still_works("a valid tile after tiled_partition(block, 2 * warpSize)");
  expect_assert("tiled_partition(block, 3)", "n must be a power of two no larger than warpSize",
                [&] { dynamic_tile<<<1, 64>>>(3, out.ptr); });
  check_device_still_works("a valid tile after tiled_partition(block, 3)");
}
