// Pitched and 3-D memory: hipMallocPitch / hipMalloc3D, hipMemcpy2D/3D (+Async) in every
// direction with odd widths, heights and pitches and sub-boxes, hipMemset2D/3D (+Async),
// hipMemsetD8/D16/D32 (+Async) and hipMemcpyPeer; each result checked against a host model.
#include <cstring>
#include <vector>

#include "memory.h"

namespace {

// A host image of a pitched buffer: `pitch` bytes per row, `rows` x `slices` rows.
struct HostImage {
  size_t pitch, rows, slices;
  std::vector<unsigned char> bytes;
  HostImage(size_t p, size_t r, size_t s, unsigned char fill) : pitch(p), rows(r), slices(s), bytes(p * r * s, fill) {}
  unsigned char *at(size_t x, size_t y, size_t z = 0) { return bytes.data() + (z * rows + y) * pitch + x; }
};

// Copies a width x height x depth box between host images (the reference of every copy).
void model_copy(HostImage &dst, size_t dx, size_t dy, size_t dz, HostImage &src, size_t sx, size_t sy, size_t sz,
                size_t width, size_t height, size_t depth) {
  for (size_t z = 0; z < depth; ++z)
    for (size_t y = 0; y < height; ++y) std::memcpy(dst.at(dx, dy + y, dz + z), src.at(sx, sy + y, sz + z), width);
}

void expect_image(const char *what, const HostImage &got, const HostImage &want) {
  for (size_t i = 0; i < want.bytes.size(); ++i)
    if (!e2e::expect_eq(what, long(i), int(got.bytes[i]), int(want.bytes[i]))) return;
}

HostImage patterned(size_t pitch, size_t rows, size_t slices, unsigned seed) {
  HostImage h(pitch, rows, slices, 0);
  std::vector<unsigned> r = e2e::pseudo_random(h.bytes.size(), seed);
  for (size_t i = 0; i < h.bytes.size(); ++i) h.bytes[i] = static_cast<unsigned char>(r[i]);
  return h;
}

void copies_2d() {
  const int rows = 29, cols = 37;  // uint32 elements
  const size_t width = cols * 4;
  void *p = nullptr;
  size_t pitch = 0;
  HIP_CHECK(hipMallocPitch(&p, &pitch, width, rows));
  e2e::check(pitch >= width && pitch % 256 == 0, "hipMallocPitch's pitch is aligned and covers the width");
  e2e::check(reinterpret_cast<uintptr_t>(p) % 256 == 0, "hipMallocPitch's base is aligned");

  // Host (packed) -> pitched device; a kernel marks every element through the pitch; back to a
  // host image with a wider pitch whose padding must stay untouched.
  std::vector<uint32_t> host(rows * cols);
  for (int i = 0; i < rows * cols; ++i) host[i] = uint32_t(i * 7 + 3);
  HIP_CHECK(hipMemcpy2D(p, pitch, host.data(), width, width, rows, hipMemcpyHostToDevice));
  launch_pitched_mark(static_cast<uint32_t *>(p), pitch, rows, cols);
  HIP_CHECK(hipGetLastError());
  const size_t wide = width + 12;
  std::vector<uint32_t> back(rows * wide / 4, 0xDEADBEEF);
  HIP_CHECK(hipMemcpy2D(back.data(), wide, p, pitch, width, rows, hipMemcpyDeviceToHost));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c)
      e2e::expect_eq("2-D H2D, kernel over the pitch, D2H", r * cols + c, back[r * wide / 4 + c],
                     host[r * cols + c] + uint32_t(r * 1000 + c));
    for (size_t c = cols; c < wide / 4; ++c) e2e::expect_eq("2-D D2H padding", r, back[r * wide / 4 + c], 0xDEADBEEFu);
  }

  // Device -> device sub-box between two pitched buffers (odd offsets, widths and heights).
  HostImage model(pitch, rows, 1, 0);
  HIP_CHECK(hipMemcpy2D(model.bytes.data(), pitch, p, pitch, pitch, rows, hipMemcpyDeviceToHost));
  void *q = nullptr;
  size_t qpitch = 0;
  HIP_CHECK(hipMallocPitch(&q, &qpitch, 301, 17));
  HostImage qmodel = patterned(qpitch, 17, 1, 5);
  HIP_CHECK(hipMemcpy(q, qmodel.bytes.data(), qmodel.bytes.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy2D(static_cast<char *>(q) + 2 * qpitch + 13, qpitch, static_cast<char *>(p) + 3 * pitch + 5,
                        pitch, 43, 11, hipMemcpyDeviceToDevice));
  model_copy(qmodel, 13, 2, 0, model, 5, 3, 0, 43, 11, 1);
  HostImage qback(qpitch, 17, 1, 0);
  HIP_CHECK(hipMemcpy(qback.bytes.data(), q, qback.bytes.size(), hipMemcpyDeviceToHost));
  expect_image("2-D D2D sub-box", qback, qmodel);

  // Asynchronous, hipMemcpyDefault, from pinned memory and from pageable memory reused at once.
  hipStream_t stream;
  HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  unsigned char *pin = nullptr;
  HIP_CHECK(hipHostMalloc(&pin, 7 * 100, 0));
  for (int i = 0; i < 700; ++i) pin[i] = static_cast<unsigned char>(i * 13);
  std::vector<unsigned char> pageable(9 * 50);
  for (int i = 0; i < 450; ++i) pageable[i] = static_cast<unsigned char>(255 - i);
  HIP_CHECK(hipMemcpy2DAsync(q, qpitch, pin, 100, 99, 7, hipMemcpyDefault, stream));
  HIP_CHECK(hipMemcpy2DAsync(static_cast<char *>(q) + 8 * qpitch + 200, qpitch, pageable.data(), 50, 47, 9,
                             hipMemcpyHostToDevice, stream));
  std::fill(pageable.begin(), pageable.end(), 0);  // ROCm: the source was staged, free to reuse
  for (int y = 0; y < 7; ++y) std::memcpy(qmodel.at(0, y), pin + y * 100, 99);
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 47; ++x) *qmodel.at(200 + x, 8 + y) = static_cast<unsigned char>(255 - (y * 50 + x));
  HostImage qasync(qpitch, 17, 1, 0);
  HIP_CHECK(hipMemcpy2DAsync(qasync.bytes.data(), qpitch, q, qpitch, qpitch, 17, hipMemcpyDeviceToHost, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  expect_image("2-D async from pinned and pageable memory", qasync, qmodel);

  // Device -> pinned 2-D (the device writes host memory directly), host -> host 2-D.
  HIP_CHECK(hipMemcpy2D(pin, 100, q, qpitch, 97, 7, hipMemcpyDeviceToHost));
  for (int y = 0; y < 7; ++y)
    for (int x = 0; x < 97; ++x) e2e::expect_eq("2-D D2H into pinned", y * 100 + x, int(pin[y * 100 + x]), int(*qmodel.at(x, y)));
  std::vector<unsigned char> h2h(5 * 33, 0);
  HIP_CHECK(hipMemcpy2D(h2h.data(), 33, pin + 1, 100, 31, 5, hipMemcpyHostToHost));
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 31; ++x) e2e::expect_eq("2-D H2H", y * 33 + x, int(h2h[y * 33 + x]), int(pin[y * 100 + x + 1]));

  expect_error("2-D copy wider than its pitch", hipMemcpy2D(q, 16, pin, 100, 17, 2, hipMemcpyDefault),
               hipErrorInvalidPitchValue);
  expect_error("2-D copy past the allocation",
               hipMemcpy2D(q, qpitch, pin, 100, 50, 18, hipMemcpyHostToDevice), hipErrorInvalidValue);
  expect_error("2-D copy with a wrong kind", hipMemcpy2D(q, qpitch, pageable.data(), 50, 40, 2, hipMemcpyDeviceToDevice),
               hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipHostFree(pin));
  HIP_CHECK(hipFree(p));
  HIP_CHECK(hipFree(q));
}

void copies_3d() {
  const hipExtent extent = make_hipExtent(19 * 2, 7, 5);  // uint16 x 19 per row
  hipPitchedPtr dev{};
  HIP_CHECK(hipMalloc3D(&dev, extent));
  e2e::check(dev.pitch >= extent.width && dev.xsize == extent.width && dev.ysize == extent.height,
             "hipMalloc3D's pitched pointer");
  HostImage src = patterned(extent.width, extent.height, extent.depth, 9);
  HostImage model(dev.pitch, extent.height, extent.depth, 0);

  hipMemcpy3DParms up{};
  up.srcPtr = make_hipPitchedPtr(src.bytes.data(), extent.width, extent.width, extent.height);
  up.dstPtr = dev;
  up.extent = extent;
  up.kind = hipMemcpyHostToDevice;
  HIP_CHECK(hipMemcpy3D(&up));
  model_copy(model, 0, 0, 0, src, 0, 0, 0, extent.width, extent.height, extent.depth);

  // A sub-box filled, another copied within the device (asynchronously).
  hipPitchedPtr inner = dev;
  inner.ptr = static_cast<char *>(dev.ptr) + 1 * dev.pitch * dev.ysize + 2 * dev.pitch + 3;
  HIP_CHECK(hipMemset3D(inner, 0x6B, make_hipExtent(11, 4, 3)));
  for (size_t z = 1; z < 4; ++z)
    for (size_t y = 2; y < 6; ++y) std::memset(model.at(3, y, z), 0x6B, 11);
  hipPitchedPtr other{};
  HIP_CHECK(hipMalloc3D(&other, make_hipExtent(25, 9, 4)));
  HIP_CHECK(hipMemset3DAsync(other, 0x11, make_hipExtent(25, 9, 4), nullptr));
  HostImage otherModel(other.pitch, 9, 4, 0);
  for (size_t z = 0; z < 4; ++z)
    for (size_t y = 0; y < 9; ++y) std::memset(otherModel.at(0, y, z), 0x11, 25);
  hipMemcpy3DParms d2d{};
  d2d.srcPtr = dev;
  d2d.srcPos = make_hipPos(4, 1, 2);
  d2d.dstPtr = other;
  d2d.dstPos = make_hipPos(1, 3, 1);
  d2d.extent = make_hipExtent(21, 5, 3);
  d2d.kind = hipMemcpyDeviceToDevice;
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  HIP_CHECK(hipMemcpy3DAsync(&d2d, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  model_copy(otherModel, 1, 3, 1, model, 4, 1, 2, 21, 5, 3);

  auto download = [](hipPitchedPtr p, size_t slices) {
    HostImage h(p.pitch, p.ysize, slices, 0);
    hipMemcpy3DParms down{};
    down.srcPtr = p;
    down.dstPtr = make_hipPitchedPtr(h.bytes.data(), p.pitch, p.pitch, p.ysize);
    down.extent = make_hipExtent(p.pitch, p.ysize, slices);
    down.kind = hipMemcpyDefault;
    HIP_CHECK(hipMemcpy3D(&down));
    return h;
  };
  HostImage got = download(dev, extent.depth);
  for (size_t z = 0; z < extent.depth; ++z)  // compare the rows' used bytes
    for (size_t y = 0; y < extent.height; ++y)
      for (size_t x = 0; x < extent.width; ++x)
        e2e::expect_eq("3-D copy and fill", long((z * extent.height + y) * 1000 + x), int(*got.at(x, y, z)),
                       int(*model.at(x, y, z)));
  HostImage gotOther = download(other, 4);
  for (size_t z = 0; z < 4; ++z)
    for (size_t y = 0; y < 9; ++y)
      for (size_t x = 0; x < 25; ++x)
        e2e::expect_eq("3-D D2D sub-box", long((z * 9 + y) * 1000 + x), int(*gotOther.at(x, y, z)),
                       int(*otherModel.at(x, y, z)));

  expect_error("hipMemcpy3D null", hipMemcpy3D(nullptr), hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(dev.ptr));
  HIP_CHECK(hipFree(other.ptr));
}

void fills() {
  // hipMemset2D with an odd width, pitch and start, then hipMemset2DAsync with word-sized rows.
  const size_t pitch = 96, rows = 13;
  unsigned char *d = nullptr;
  HIP_CHECK(hipMalloc(&d, pitch * rows));
  HIP_CHECK(hipMemset(d, 0x22, pitch * rows));
  std::vector<unsigned char> model(pitch * rows, 0x22);
  HIP_CHECK(hipMemset2D(d + 5, pitch, 0xAB, 13, 9));
  for (size_t y = 0; y < 9; ++y) std::memset(model.data() + y * pitch + 5, 0xAB, 13);
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  HIP_CHECK(hipMemset2DAsync(d + 10 * pitch + 32, pitch, 0x3C, 40, 3, stream));
  for (size_t y = 10; y < 13; ++y) std::memset(model.data() + y * pitch + 32, 0x3C, 40);
  // hipMemsetD8/D16/D32 (+Async) at odd offsets and counts.
  HIP_CHECK(hipMemsetD8Async(d + 1, 0x9A, 3, stream));
  std::memset(model.data() + 1, 0x9A, 3);
  HIP_CHECK(hipStreamSynchronize(stream));
  HIP_CHECK(hipMemsetD16(d + 38, 0xBEEF, 5));
  for (int i = 0; i < 5; ++i) {
    model[38 + 2 * i] = 0xEF;
    model[39 + 2 * i] = 0xBE;
  }
  HIP_CHECK(hipMemsetD32Async(d + 64, 0x01020304, 7, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (int i = 0; i < 7; ++i) {
    model[64 + 4 * i] = 4;
    model[65 + 4 * i] = 3;
    model[66 + 4 * i] = 2;
    model[67 + 4 * i] = 1;
  }
  std::vector<unsigned char> got(pitch * rows);
  HIP_CHECK(hipMemcpy(got.data(), d, got.size(), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < got.size(); ++i) e2e::expect_eq("2-D and D8/D16/D32 fills", long(i), int(got[i]), int(model[i]));

  expect_error("hipMemset2D wider than its pitch", hipMemset2D(d, 8, 1, 9, 2), hipErrorInvalidPitchValue);
  expect_error("hipMemset2D past the allocation", hipMemset2D(d, pitch, 1, 8, rows + 1), hipErrorInvalidValue);
  std::vector<unsigned char> host(64);
  expect_error("hipMemset2D of pageable memory", hipMemset2D(host.data(), 8, 1, 8, 2), hipErrorInvalidValue);

  // hipMemcpyPeer between allocations of device 0 (the only device every machine has).
  unsigned char *e = nullptr;
  HIP_CHECK(hipMalloc(&e, 333));
  HIP_CHECK(hipMemcpyPeer(e, 0, d + 7, 0, 333));
  HIP_CHECK(hipMemcpyPeerAsync(e + 300, 0, d, 0, 33, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  std::vector<unsigned char> peer(333);
  HIP_CHECK(hipMemcpy(peer.data(), e, 333, hipMemcpyDeviceToHost));
  for (int i = 0; i < 300; ++i) e2e::expect_eq("hipMemcpyPeer", i, int(peer[i]), int(model[7 + i]));
  for (int i = 0; i < 33; ++i) e2e::expect_eq("hipMemcpyPeerAsync", i, int(peer[300 + i]), int(model[i]));
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(e));
}

}  // namespace

void test_pitched() {
  copies_2d();
  copies_3d();
  fills();
}
