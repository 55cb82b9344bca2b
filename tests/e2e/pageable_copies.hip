// hipMemcpy between pageable host memory and device memory at sizes around the runtime's staging
// chunks (8 MiB, three in flight: runtime/execution/stream.cpp) and its in-command-buffer limit (64 KiB): odd
// sizes, unaligned offsets, a kernel in between that depends on the uploaded data, and the download
// of its results. Run as usual (lavapipe maps device memory, so copies are direct) and with
// HIPVK_FORCE_STAGED_COPIES=1 (the staging and in-command-buffer paths GPUs take).
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "test_common.h"

namespace {

constexpr size_t kChunk = size_t(8) << 20;

template <typename T>
__global__ void affine(T *data, size_t n, T scale, T shift) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    data[i] = data[i] * scale + shift;
}

template <typename T>
T pattern(size_t i, int seed) {
  return T((i * 2654435761u + unsigned(seed) * 97u) % 251u);
}

// Uploads n elements to `offset` elements into a larger allocation, transforms them on the device,
// downloads them (and the untouched guard elements around them), and compares with the host.
template <typename T>
void round_trip(const char *what, size_t n, size_t offset, int seed) {
  const size_t guard = 5, total = offset + n + guard;
  std::unique_ptr<T[]> host(new T[n]), back(new T[total]);
  for (size_t i = 0; i < n; ++i) host[i] = pattern<T>(i, seed);
  T *device = nullptr;
  HIP_CHECK(hipMalloc(&device, total * sizeof(T)));
  HIP_CHECK(hipMemset(device, 0x5a, total * sizeof(T)));
  HIP_CHECK(hipMemcpy(device + offset, host.get(), n * sizeof(T), hipMemcpyHostToDevice));
  const T scale = T(3), shift = T(1);
  affine<<<64, 128>>>(device + offset, n, scale, shift);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(back.get(), device, total * sizeof(T), hipMemcpyDeviceToHost));
  T fill;
  std::memset(&fill, 0x5a, sizeof fill);
  int reported = 0;
  for (size_t i = 0; i < total && reported < 3; ++i) {
    T want = i < offset || i >= offset + n ? fill : T(host[i - offset] * scale + shift);
    if (!e2e::expect_eq(what, (long long)i, back[i], want)) ++reported;
  }
  // A device-to-host copy that starts inside a chunk and ends in another.
  const size_t part = n / 2 + 1;
  std::vector<T> middle(part);
  HIP_CHECK(hipMemcpy(middle.data(), device + offset + n / 4, part * sizeof(T), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < part && i + n / 4 < n; ++i)
    if (!e2e::expect_eq(what, (long long)i, middle[i], T(host[i + n / 4] * scale + shift))) break;
  HIP_CHECK(hipFree(device));
}

}  // namespace

int main() {
  round_trip<uint8_t>("u8 one byte", 1, 3, 1);
  round_trip<uint8_t>("u8 4099", 4099, 1, 2);
  // Whole words up to 64 KiB travel inside the command buffer (vkCmdUpdateBuffer): both sides of
  // that limit, and the staging slots sized by need growing from 64 KiB to a chunk.
  round_trip<uint32_t>("u32 1000 words in the command buffer", 1000, 4, 7);
  round_trip<float>("float 64 KiB, the command buffer's limit", 16384, 0, 8);
  round_trip<float>("float 64 KiB + 4, staged", 16385, 0, 9);
  round_trip<uint8_t>("u8 one chunk + 13", kChunk + 13, 7, 3);
  round_trip<uint8_t>("u8 four chunks + 5", 4 * kChunk + 5, 11, 4);  // reuses every staging slot
  round_trip<float>("float chunk - 1", kChunk / sizeof(float) - 1, 1, 5);
  round_trip<double>("double 2.5 chunks", kChunk * 5 / 2 / sizeof(double) + 3, 2, 6);
  return e2e::finish("pageable_copies");
}
