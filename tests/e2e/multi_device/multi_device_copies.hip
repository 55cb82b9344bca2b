// Copies between the two devices (hipMemcpyPeer, hipMemcpyPeerAsync, hipMemcpyDefault and
// explicit kinds through unified addressing), peer-access answers, hipMemset and managed memory on
// each device: none of them needs a kernel of the program.
#include "multi_device.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>

namespace {

// Device memory of one device, freed on that device.
struct OnDevice {
  int device;
  unsigned char *ptr = nullptr;
  OnDevice(int d, size_t bytes) : device(d) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ptr), bytes));
  }
  ~OnDevice() {
    HIP_CHECK(hipSetDevice(device));
    HIP_CHECK(hipFree(ptr));
  }
  OnDevice(const OnDevice &) = delete;
  OnDevice &operator=(const OnDevice &) = delete;
};

std::vector<unsigned char> pattern(size_t n, unsigned seed) {
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>((i * 131 + seed * 7 + (i >> 7)) & 0xFF);
  return v;
}

std::vector<unsigned char> download(const OnDevice &from, size_t bytes) {
  std::vector<unsigned char> host(bytes);
  HIP_CHECK(hipSetDevice(from.device));
  HIP_CHECK(hipMemcpy(host.data(), from.ptr, bytes, hipMemcpyDeviceToHost));
  return host;
}

void expect_bytes(const char *what, const std::vector<unsigned char> &got, const std::vector<unsigned char> &want) {
  for (size_t i = 0; i < want.size(); ++i) e2e::expect_eq(what, (long long)i, int(got[i]), int(want[i]));
}

}  // namespace

void check_peer_queries(const TestDevice &a, const TestDevice &b) {
  int can = -1;
  HIP_CHECK(hipDeviceCanAccessPeer(&can, a.ordinal, b.ordinal));
  e2e::check(can == 0, "different Vulkan devices cannot access each other's memory");
  HIP_CHECK(hipDeviceCanAccessPeer(&can, b.ordinal, a.ordinal));
  e2e::check(can == 0, "nor the other way round");
  HIP_CHECK(hipDeviceCanAccessPeer(&can, a.ordinal, a.ordinal));
  e2e::check(can == 0, "a device is not its own peer");
  int value = -1;
  HIP_CHECK(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, a.ordinal, b.ordinal));
  e2e::check(value == 0, "hipDevP2PAttrAccessSupported is 0");
  HIP_CHECK(hipSetDevice(a.ordinal));
  e2e::check(hipDeviceEnablePeerAccess(b.ordinal, 0) == hipErrorInvalidDevice, "enabling access to a non-peer: ROCm's hipErrorInvalidDevice");
  e2e::check(hipDeviceDisablePeerAccess(b.ordinal) == hipErrorInvalidDevice, "disabling access to a non-peer: hipErrorInvalidDevice");
  e2e::check(hipDeviceEnablePeerAccess(b.ordinal, 1) == hipErrorInvalidValue, "flags must be 0");
  e2e::check(hipDeviceEnablePeerAccess(7, 0) == hipErrorInvalidDevice, "a device that does not exist");
  (void)hipGetLastError();
}

void check_cross_device_copies(const TestDevice &a, const TestDevice &b) {
  const size_t n = 300007;  // odd: no copy is a whole number of words
  const std::vector<unsigned char> source = pattern(n, 1);
  OnDevice onA(a.ordinal, n), onB(b.ordinal, n), backOnA(a.ordinal, n);

  // Each pointer belongs to the device that allocated it, whichever device is current.
  for (int current : {a.ordinal, b.ordinal}) {
    HIP_CHECK(hipSetDevice(current));
    hipPointerAttribute_t attributes{};
    HIP_CHECK(hipPointerGetAttributes(&attributes, onA.ptr + 5));
    e2e::check(attributes.device == a.ordinal, "hipPointerGetAttributes: the first device's pointer");
    HIP_CHECK(hipPointerGetAttributes(&attributes, onB.ptr + 5));
    e2e::check(attributes.device == b.ordinal, "hipPointerGetAttributes: the second device's pointer");
  }

  HIP_CHECK(hipSetDevice(a.ordinal));
  HIP_CHECK(hipMemcpy(onA.ptr, source.data(), n, hipMemcpyHostToDevice));
  // hipMemcpyPeer a -> b (the current device is neither's concern), with an offset.
  HIP_CHECK(hipSetDevice(b.ordinal));
  HIP_CHECK(hipMemcpyPeer(onB.ptr, b.ordinal, onA.ptr, a.ordinal, n));
  expect_bytes("hipMemcpyPeer a->b", download(onB, n), source);
  // Pointers must be memory of the devices named.
  e2e::check(hipMemcpyPeer(onB.ptr, a.ordinal, onA.ptr, a.ordinal, 16) == hipErrorInvalidValue,
             "hipMemcpyPeer with the wrong device for a pointer");
  e2e::check(hipMemcpyPeer(onB.ptr, 9, onA.ptr, a.ordinal, 16) == hipErrorInvalidDevice, "hipMemcpyPeer to no device");
  (void)hipGetLastError();

  // hipMemcpyDefault b -> a, from either device: unified addressing tells the pointers apart.
  const std::vector<unsigned char> second = pattern(n, 2);
  HIP_CHECK(hipMemcpy(onB.ptr, second.data(), n, hipMemcpyHostToDevice));
  HIP_CHECK(hipSetDevice(a.ordinal));
  HIP_CHECK(hipMemcpy(backOnA.ptr + 3, onB.ptr + 1, n - 3, hipMemcpyDefault));
  std::vector<unsigned char> got = download(backOnA, n);
  expect_bytes("hipMemcpyDefault b->a (offset)",
               std::vector<unsigned char>(got.begin() + 3, got.end()),
               std::vector<unsigned char>(second.begin() + 1, second.end() - 2));
  // Explicit device-to-device between the devices, the other device current.
  HIP_CHECK(hipSetDevice(b.ordinal));
  HIP_CHECK(hipMemcpy(onB.ptr, onA.ptr, n, hipMemcpyDeviceToDevice));
  expect_bytes("hipMemcpyDeviceToDevice a->b", download(onB, n), source);

  // hipMemcpyPeerAsync on a stream of each device, then that stream's synchronisation.
  for (int streamDevice : {a.ordinal, b.ordinal}) {
    HIP_CHECK(hipSetDevice(streamDevice));
    hipStream_t stream = nullptr;
    HIP_CHECK(hipStreamCreate(&stream));
    const std::vector<unsigned char> fresh = pattern(n, unsigned(10 + streamDevice));
    HIP_CHECK(hipMemcpyAsync(streamDevice == a.ordinal ? onA.ptr : onB.ptr, fresh.data(), n, hipMemcpyHostToDevice, stream));
    if (streamDevice == a.ordinal)
      HIP_CHECK(hipMemcpyPeerAsync(onB.ptr, b.ordinal, onA.ptr, a.ordinal, n, stream));
    else
      HIP_CHECK(hipMemcpyPeerAsync(backOnA.ptr, a.ordinal, onB.ptr, b.ordinal, n, stream));
    HIP_CHECK(hipStreamSynchronize(stream));
    HIP_CHECK(hipStreamDestroy(stream));
    expect_bytes("hipMemcpyPeerAsync", download(streamDevice == a.ordinal ? onB : backOnA, n), fresh);
  }
  for (int d : {a.ordinal, b.ordinal}) {
    HIP_CHECK(hipSetDevice(d));
    HIP_CHECK(hipDeviceSynchronize());
  }
}

void check_memset_and_managed(const TestDevice &device, const TestDevice &other) {
  // hipMemset at odd offsets and lengths: the runtime's own edge-patching shader runs on the device.
  const size_t n = 4099;
  OnDevice buffer(device.ordinal, n);
  std::vector<unsigned char> model = pattern(n, 3);
  HIP_CHECK(hipSetDevice(device.ordinal));
  HIP_CHECK(hipMemcpy(buffer.ptr, model.data(), n, hipMemcpyHostToDevice));
  const size_t ranges[][2] = {{1, 2}, {3, 1}, {5, 4090}, {4097, 2}, {0, 1}};
  int value = 0x11;
  for (const auto &range : ranges) {
    HIP_CHECK(hipMemset(buffer.ptr + range[0], value, range[1]));
    std::memset(model.data() + range[0], value, range[1]);
    value += 0x22;
  }
  hipStream_t stream = nullptr;
  HIP_CHECK(hipStreamCreate(&stream));
  HIP_CHECK(hipMemsetAsync(buffer.ptr + 7, 0xEE, 13, stream));
  std::memset(model.data() + 7, 0xEE, 13);
  HIP_CHECK(hipStreamSynchronize(stream));
  HIP_CHECK(hipStreamDestroy(stream));
  expect_bytes("hipMemset at odd offsets", download(buffer, n), model);

  // Managed memory: host and device share it at one address (true of both CPU drivers); a copy to
  // the other device through hipMemcpyDefault reads it as the device's memory.
  float *managed = nullptr;
  HIP_CHECK(hipSetDevice(device.ordinal));
  HIP_CHECK(hipMallocManaged(reinterpret_cast<void **>(&managed), 1000 * sizeof(float)));
  for (int i = 0; i < 1000; ++i) managed[i] = float(i) * 0.25f;
  OnDevice onOther(other.ordinal, 1000 * sizeof(float));
  HIP_CHECK(hipSetDevice(other.ordinal));
  HIP_CHECK(hipMemcpy(onOther.ptr, managed, 1000 * sizeof(float), hipMemcpyDefault));
  std::vector<float> back(1000);
  HIP_CHECK(hipMemcpy(back.data(), onOther.ptr, 1000 * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1000; ++i) e2e::expect_eq("managed memory copied to the other device", i, back[i], float(i) * 0.25f);
  hipPointerAttribute_t attributes{};
  HIP_CHECK(hipPointerGetAttributes(&attributes, managed));
  e2e::check(attributes.device == device.ordinal && attributes.isManaged == 1, "managed memory belongs to its device");
  HIP_CHECK(hipSetDevice(device.ordinal));
  HIP_CHECK(hipFree(managed));
}
