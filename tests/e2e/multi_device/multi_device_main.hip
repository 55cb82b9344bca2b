// Two devices in one process: lavapipe and SwiftShader (VK_ICD_FILENAMES=<lavapipe>:<swiftshader>).
// Properties that tell each device's truth, launches beyond SwiftShader's limits refused with ROCm's
// codes, a pipeline of kernels whose data moves between the devices, and the copy and peer API.
#include "multi_device.h"

#include <cstring>
#include <memory>

namespace {

TestDevice describe(int ordinal) {
  TestDevice d;
  d.ordinal = ordinal;
  HIP_CHECK(hipGetDeviceProperties(&d.props, ordinal));
  d.name = d.props.name;
  d.runsKernels = kKernelsRunWithoutInt64 || d.name.find("SwiftShader") == std::string::npos;
  return d;
}

void check_properties(const TestDevice &swiftshader, const TestDevice &lavapipe) {
  const hipDeviceProp_t &s = swiftshader.props;
  e2e::check(s.maxThreadsPerBlock == 256, "SwiftShader: maxThreadsPerBlock 256");
  e2e::check(s.maxThreadsDim[0] == 256 && s.maxThreadsDim[1] == 256 && s.maxThreadsDim[2] == 64,
             "SwiftShader: maxThreadsDim 256 x 256 x 64");
  e2e::check(s.warpSize == 4, "SwiftShader: warpSize 4");
  e2e::check(s.sharedMemPerBlock == 32768, "SwiftShader: 32 KiB shared memory per block");
  e2e::check(s.arch.hasDoubles == 0 && s.arch.hasGlobalInt64Atomics == 0, "SwiftShader: no doubles, no 64-bit atomics");
  int attribute = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeMaxThreadsPerBlock, swiftshader.ordinal));
  e2e::check(attribute == 256, "hipDeviceAttributeMaxThreadsPerBlock of SwiftShader");
  HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeMaxBlockDimZ, swiftshader.ordinal));
  e2e::check(attribute == 64, "hipDeviceAttributeMaxBlockDimZ of SwiftShader");
  e2e::check(lavapipe.props.maxThreadsPerBlock > 256, "lavapipe takes larger blocks than SwiftShader");
  for (const TestDevice *d : {&swiftshader, &lavapipe}) {
    HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeUnifiedAddressing, d->ordinal));
    e2e::check(attribute == 1 && d->props.unifiedAddressing == 1, "CPU devices share the host's address space");
    HIP_CHECK(hipSetDevice(d->ordinal));
    size_t free = 0, total = 0;
    HIP_CHECK(hipMemGetInfo(&free, &total));
    e2e::check(total == d->props.totalGlobalMem && free <= total, "hipMemGetInfo of the current device");
    int current = -1;
    HIP_CHECK(hipGetDevice(&current));
    e2e::check(current == d->ordinal, "hipSetDevice switches the current device");
  }
}

// Launches beyond SwiftShader's limits get ROCm's codes; lavapipe takes the same block.
void check_limits(const TestDevice &swiftshader, const TestDevice &lavapipe) {
  HIP_CHECK(hipSetDevice(swiftshader.ordinal));
  float *sx = nullptr, *sy = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&sx), 512 * sizeof(float)));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&sy), 512 * sizeof(float)));
  e2e::check(launch_axpy_shaped(1.0f, sx, sy, 512, dim3(257), 0) == hipErrorInvalidConfiguration,
             "SwiftShader: 257 threads per block exceed maxThreadsPerBlock");
  e2e::check(hipGetLastError() == hipErrorInvalidConfiguration, "the refused launch is the last error");
  e2e::check(launch_axpy_shaped(1.0f, sx, sy, 512, dim3(1, 1, 65), 0) == hipErrorInvalidConfiguration,
             "SwiftShader: blockDim.z 65 exceeds maxThreadsDim[2]");
  e2e::check(launch_axpy_shaped(1.0f, sx, sy, 512, dim3(64), 32768 + 4) == hipErrorInvalidValue,
             "SwiftShader: dynamic shared memory beyond sharedMemPerBlock");
  e2e::check(hipGetLastError() == hipErrorInvalidValue, "the last refused launch is the last error");
  e2e::check(hipGetLastError() == hipSuccess, "launch errors are not sticky");
  HIP_CHECK(hipFree(sx));
  HIP_CHECK(hipFree(sy));

  // 512 threads per block on lavapipe: allowed there, and computed.
  HIP_CHECK(hipSetDevice(lavapipe.ordinal));
  std::vector<float> hx(512), hy(512);
  for (int i = 0; i < 512; ++i) hx[i] = float(i) * 0.5f, hy[i] = float(512 - i);
  float *lx = nullptr, *ly = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&lx), 512 * sizeof(float)));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ly), 512 * sizeof(float)));
  HIP_CHECK(hipMemcpy(lx, hx.data(), 512 * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(ly, hy.data(), 512 * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(launch_axpy(2.0f, lx, ly, 512, nullptr, 512));
  HIP_CHECK(hipMemcpy(hy.data(), ly, 512 * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 512; ++i) e2e::expect_eq("lavapipe 512-thread block", i, hy[i], 2.0f * (float(i) * 0.5f) + float(512 - i));
  HIP_CHECK(hipFree(lx));
  HIP_CHECK(hipFree(ly));
}

// x -> (lavapipe) axpy -> (peer copy) -> (SwiftShader) polynomial -> (hipMemcpyDefault) ->
// (lavapipe) block sums, and the same sums on SwiftShader, compared on the host.
void run_pipeline(const TestDevice &lavapipe, const TestDevice &swiftshader) {
  const int n = 10007;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float((i * 37) % 2001 - 1000) / 1024.0f;
    y[i] = float((i * 11) % 97) / 128.0f;
  }
  Polynomial p{};
  p.degree = Polynomial::kMaxDegree;
  for (int k = 0; k <= p.degree; ++k) p.coefficients[k] = float((k * 7) % 13 - 6) / float(4 << (k % 5));
  const float a = 0.75f;

  std::vector<float> axpyWant(n), polyWant(n);
  for (int i = 0; i < n; ++i) axpyWant[i] = a * x[i] + y[i];
  for (int i = 0; i < n; ++i) polyWant[i] = reference_polynomial(p, axpyWant[i]);
  const std::vector<float> sumsWant = reference_block_sums(polyWant);
  const size_t bytes = n * sizeof(float), sumBytes = sumsWant.size() * sizeof(float);

  HIP_CHECK(hipSetDevice(lavapipe.ordinal));
  float *lx = nullptr, *ly = nullptr, *lpoly = nullptr, *lsums = nullptr, *fromSwift = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&lx), bytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ly), bytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&lpoly), bytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&lsums), sumBytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&fromSwift), sumBytes));
  hipStream_t lstream = nullptr;
  HIP_CHECK(hipStreamCreate(&lstream));
  HIP_CHECK(hipMemcpyAsync(lx, x.data(), bytes, hipMemcpyHostToDevice, lstream));
  HIP_CHECK(hipMemcpyAsync(ly, y.data(), bytes, hipMemcpyHostToDevice, lstream));
  run_kernel(lavapipe, "axpy", [&] { return launch_axpy(a, lx, ly, n, lstream); }, [] {});

  HIP_CHECK(hipSetDevice(swiftshader.ordinal));
  float *sy = nullptr, *spoly = nullptr, *ssums = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&sy), bytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&spoly), bytes));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ssums), sumBytes));
  HIP_CHECK(hipMemcpyPeer(sy, swiftshader.ordinal, ly, lavapipe.ordinal, bytes));
  hipStream_t sstream = nullptr;
  HIP_CHECK(hipStreamCreate(&sstream));
  run_kernel(swiftshader, "polynomial (160 bytes of arguments)", [&] { return launch_polynomial(p, sy, spoly, n, sstream); },
             [&] { HIP_CHECK(hipMemcpy(spoly, polyWant.data(), bytes, hipMemcpyHostToDevice)); });
  run_kernel(swiftshader, "block sums (256-thread blocks)", [&] { return launch_block_sums(spoly, ssums, n, sstream); },
             [&] { HIP_CHECK(hipMemcpy(ssums, sumsWant.data(), sumBytes, hipMemcpyHostToDevice)); });

  // Back on lavapipe, through unified addressing: hipMemcpyDefault finds each pointer's device.
  HIP_CHECK(hipSetDevice(lavapipe.ordinal));
  HIP_CHECK(hipMemcpy(lpoly, spoly, bytes, hipMemcpyDefault));
  run_kernel(lavapipe, "block sums", [&] { return launch_block_sums(lpoly, lsums, n, lstream); }, [] {});
  HIP_CHECK(hipMemcpyPeerAsync(fromSwift, lavapipe.ordinal, ssums, swiftshader.ordinal, sumBytes, lstream));
  HIP_CHECK(hipStreamSynchronize(lstream));

  std::vector<float> gotAxpy(n), gotPoly(n), gotSums(sumsWant.size()), gotSwiftSums(sumsWant.size());
  HIP_CHECK(hipMemcpy(gotAxpy.data(), ly, bytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gotPoly.data(), lpoly, bytes, hipMemcpyDefault));
  HIP_CHECK(hipMemcpy(gotSums.data(), lsums, sumBytes, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(gotSwiftSums.data(), fromSwift, sumBytes, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("axpy on lavapipe", i, gotAxpy[i], axpyWant[i]);
  for (int i = 0; i < n; ++i) e2e::expect_eq("polynomial on SwiftShader", i, gotPoly[i], polyWant[i]);
  for (size_t b = 0; b < sumsWant.size(); ++b) {
    e2e::expect_eq("block sums on lavapipe", (long long)b, gotSums[b], sumsWant[b]);
    e2e::expect_eq("block sums on SwiftShader", (long long)b, gotSwiftSums[b], sumsWant[b]);
  }

  HIP_CHECK(hipSetDevice(swiftshader.ordinal));
  HIP_CHECK(hipStreamDestroy(sstream));
  for (float *ptr : {sy, spoly, ssums}) HIP_CHECK(hipFree(ptr));
  HIP_CHECK(hipSetDevice(lavapipe.ordinal));
  HIP_CHECK(hipStreamDestroy(lstream));
  for (float *ptr : {lx, ly, lpoly, lsums, fromSwift}) HIP_CHECK(hipFree(ptr));
}

}  // namespace

int main() {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  if (count != 2) {
    std::fprintf(stderr, "expected 2 devices (VK_ICD_FILENAMES=<lavapipe json>:<swiftshader json>), found %d\n", count);
    return e2e::finish("multi_device");
  }
  TestDevice devices[2] = {describe(0), describe(1)};
  const bool firstIsSwift = devices[0].name.find("SwiftShader") != std::string::npos;
  const TestDevice &swiftshader = devices[firstIsSwift ? 0 : 1], &lavapipe = devices[firstIsSwift ? 1 : 0];
  if (swiftshader.name.find("SwiftShader") == std::string::npos || lavapipe.name.find("llvmpipe") == std::string::npos) {
    std::fprintf(stderr, "expected lavapipe and SwiftShader, found '%s' and '%s'\n", devices[0].name.c_str(),
                 devices[1].name.c_str());
    e2e::check(false, "the two devices are lavapipe and SwiftShader");
    return e2e::finish("multi_device");
  }
  std::printf("devices: %d %s, %d %s%s\n", lavapipe.ordinal, lavapipe.name.c_str(), swiftshader.ordinal,
              swiftshader.name.c_str(), swiftshader.runsKernels ? "" : " (kernels refused: no portable variants yet)");

  check_properties(swiftshader, lavapipe);
  check_limits(swiftshader, lavapipe);
  check_peer_queries(lavapipe, swiftshader);
  check_peer_queries(swiftshader, lavapipe);
  run_pipeline(lavapipe, swiftshader);
  check_cross_device_copies(lavapipe, swiftshader);
  check_cross_device_copies(swiftshader, lavapipe);
  check_memset_and_managed(swiftshader, lavapipe);
  check_memset_and_managed(lavapipe, swiftshader);
  return e2e::finish("multi_device");
}
