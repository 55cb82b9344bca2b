// Grid-wide sync through cooperative launches (docs/HIP_ON_VULKAN.md, "Grid sync"): multi-phase
// algorithms that sync the whole grid many times (a repeated global prefix sum, integer Jacobi
// sweeps with 3-D blocks), at the largest cooperative grid and smaller ones; the occupancy API
// agreeing with the cooperative bound; over-size cooperative launches refused and the device still
// usable; grid sync in a <<<>>> launch reported as an error; a grid whose blocks do not all arrive
// timing out with hipErrorLaunchFailure, after which the next launch works.
//
// The program runs its checks once in the inherited environment, then re-runs itself with
// LP_NUM_THREADS=5 (more co-resident blocks than this machine has cores, on lavapipe) and in a
// timeout mode with a short HIPVK_GRID_SYNC_TIMEOUT_MS; the runtime reads both when it starts.
#include <hip/hipvk_detail/cooperative_grid.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "capture.h"
#include "test_common.h"

namespace {

constexpr unsigned kMaxBlock = 256;

// ---- kernels -------------------------------------------------------------------------------------

// `rounds` times: data = inclusive prefix sum of data, over the whole array, split into one chunk
// per block. Three grid syncs per round: block sums, their scan by block 0, the chunks' scans.
template <typename T>
__global__ void repeated_scan(T *data, T *partial, unsigned n, int rounds, int *valid) {
  __shared__ T sums[kMaxBlock];
  const unsigned blocks = gridDim.x, block = blockIdx.x, tid = threadIdx.x;
  if (block == 0 && tid == 0) *valid = __hipvk_grid_is_valid();
  const unsigned chunk = (n + blocks - 1) / blocks;
  const unsigned begin = min(n, block * chunk), end = min(n, begin + chunk);
  for (int round = 0; round < rounds; ++round) {
    T local = 0;
    for (unsigned i = begin + tid; i < end; i += blockDim.x) local += data[i];
    sums[tid] = local;
    __syncthreads();
    if (tid == 0) {
      T total = 0;
      for (unsigned k = 0; k < blockDim.x; ++k) total += sums[k];
      partial[block] = total;
    }
    __hipvk_grid_sync();
    if (block == 0 && tid == 0) {  // exclusive scan of the block sums
      T running = 0;
      for (unsigned k = 0; k < blocks; ++k) {
        T sum = partial[k];
        partial[k] = running;
        running += sum;
      }
    }
    __hipvk_grid_sync();
    if (tid == 0) {
      T running = partial[block];
      for (unsigned i = begin; i < end; ++i) data[i] = running += data[i];
    }
    __hipvk_grid_sync();  // the next round reads chunks other blocks wrote
  }
}

__device__ unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }

// `steps` sweeps of a periodic integer stencil, ping-ponging between a and b; 3-D blocks.
__global__ void jacobi(unsigned *a, unsigned *b, unsigned n, int steps) {
  const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  const unsigned first = blockIdx.x * threads + linear_thread(), stride = gridDim.x * threads;
  for (int step = 0; step < steps; ++step) {
    const unsigned *src = step % 2 ? b : a;
    unsigned *dst = step % 2 ? a : b;
    for (unsigned i = first; i < n; i += stride)
      dst[i] = src[i == 0 ? n - 1 : i - 1] + 2u * src[i] + 3u * src[i + 1 == n ? 0 : i + 1] + unsigned(step);
    __hipvk_grid_sync();
  }
}

// Every block but `missing` reaches the grid sync: the others wait for it in vain.
__global__ void straggler(unsigned *progress, unsigned missing) {
  if (blockIdx.x == missing) return;
  if (threadIdx.x == 0) progress[blockIdx.x] = 1;
  __hipvk_grid_sync();
  if (threadIdx.x == 0) progress[blockIdx.x] = 2;
}

// ---- host side -----------------------------------------------------------------------------------

template <typename T> void scan_reference(std::vector<T> &v, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    T running = 0;
    for (T &x : v) x = running += x;
  }
}

void jacobi_reference(std::vector<unsigned> &a, int steps) {
  const size_t n = a.size();
  std::vector<unsigned> b(n);
  for (int step = 0; step < steps; ++step) {
    for (size_t i = 0; i < n; ++i)
      b[i] = a[i == 0 ? n - 1 : i - 1] + 2u * a[i] + 3u * a[i + 1 == n ? 0 : i + 1] + unsigned(step);
    a.swap(b);
  }
}

int multiprocessors() {
  int count = 0;
  HIP_CHECK(hipDeviceGetAttribute(&count, hipDeviceAttributeMultiprocessorCount, 0));
  return count;
}

// The largest cooperative grid for `kernel` with `threads` per block: occupancy x compute units.
template <typename Kernel> int max_cooperative_blocks(Kernel kernel, int threads, size_t dynamic_shared = 0) {
  int per_unit = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_unit, kernel, threads, dynamic_shared));
  e2e::check(per_unit >= 1, "occupancy of a launchable block is at least 1");
  return per_unit * multiprocessors();
}

template <typename T> T pattern(size_t i) { return T((i * 2654435761u) % 1009) - T(500 * std::is_signed_v<T>); }

// Cooperative repeated scan of `n` values with `blocks` blocks of `threads`; checks every value.
template <typename T> void check_scan(const char *what, unsigned n, int blocks, int threads, int rounds) {
  std::vector<T> host(n);
  for (unsigned i = 0; i < n; ++i) host[i] = pattern<T>(i);
  e2e::DeviceBuffer<T> data(n), partial{size_t(blocks)};
  e2e::DeviceBuffer<int> valid(1);
  HIP_CHECK(hipMemcpy(data.ptr, host.data(), n * sizeof(T), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(valid.ptr, 0xff, sizeof(int)));
  T *d = data.ptr, *p = partial.ptr;
  int *v = valid.ptr;
  void *args[] = {&d, &p, &n, &rounds, &v};
  HIP_CHECK(hipLaunchCooperativeKernel(repeated_scan<T>, dim3(blocks), dim3(threads), args, 0, nullptr));
  HIP_CHECK_LAUNCH();
  scan_reference(host, rounds);
  std::vector<T> got(n);
  HIP_CHECK(hipMemcpy(got.data(), data.ptr, n * sizeof(T), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i)
    if (!e2e::expect_eq(what, i, got[i], host[i])) break;
  int is_valid = -1;
  HIP_CHECK(hipMemcpy(&is_valid, valid.ptr, sizeof(int), hipMemcpyDeviceToHost));
  e2e::check(is_valid == 1, "grid_group::is_valid() is true in a cooperative launch");
}

void check_jacobi(unsigned n, int blocks, dim3 block, int steps) {
  std::vector<unsigned> host(n);
  for (unsigned i = 0; i < n; ++i) host[i] = unsigned(i * 7919u + 13u);
  e2e::DeviceBuffer<unsigned> a(n), b(n);
  HIP_CHECK(hipMemcpy(a.ptr, host.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  unsigned *pa = a.ptr, *pb = b.ptr;
  void *args[] = {&pa, &pb, &n, &steps};
  HIP_CHECK(hipLaunchCooperativeKernel(jacobi, dim3(blocks), block, args, 0, nullptr));
  HIP_CHECK_LAUNCH();
  jacobi_reference(host, steps);
  std::vector<unsigned> got(n);
  HIP_CHECK(hipMemcpy(got.data(), steps % 2 ? b.ptr : a.ptr, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i)
    if (!e2e::expect_eq("jacobi", i, got[i], host[i])) break;
}

// hipOccupancyMaxPotentialBlockSize and the per-CU occupancy agree with the cooperative bound: the
// largest grid launches, one more block is refused and never runs.
void check_occupancy_and_bound() {
  for (int threads : {1, 37, 64, 100, 256}) {
    const int max_blocks = max_cooperative_blocks(repeated_scan<int>, threads);
    int grid = 0, block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, repeated_scan<int>, 0, threads));
    int per_unit = 0;
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_unit, repeated_scan<int>, block, 0));
    e2e::check(block >= 1 && block <= threads, "hipOccupancyMaxPotentialBlockSize: block within the limit");
    e2e::check(grid == per_unit * multiprocessors(), "hipOccupancyMaxPotentialBlockSize: grid = occupancy x CUs");
    check_scan<int>("scan at the largest cooperative grid", 4099, max_blocks, threads, 2);

    // One block too many: refused before anything runs; the error is the launch's last error.
    std::vector<int> before(64, 7);
    e2e::DeviceBuffer<int> data(before.size()), partial{size_t(max_blocks) + 1}, valid(1);
    HIP_CHECK(hipMemcpy(data.ptr, before.data(), before.size() * sizeof(int), hipMemcpyHostToDevice));
    unsigned n = unsigned(before.size());
    int rounds = 1;
    int *d = data.ptr, *p = partial.ptr, *v = valid.ptr;
    void *args[] = {&d, &p, &n, &rounds, &v};
    e2e::check(hipLaunchCooperativeKernel(repeated_scan<int>, dim3(max_blocks + 1), dim3(threads), args, 0, nullptr) ==
                   hipErrorCooperativeLaunchTooLarge,
               "one block over the bound: hipErrorCooperativeLaunchTooLarge");
    e2e::check(hipGetLastError() == hipErrorCooperativeLaunchTooLarge, "the refusal is the last error");
    e2e::check(hipLaunchCooperativeKernel(repeated_scan<int>, dim3(max_blocks, 2), dim3(threads), args, 0, nullptr) ==
                   hipErrorCooperativeLaunchTooLarge,
               "a 2-D grid over the bound: hipErrorCooperativeLaunchTooLarge");
    e2e::check(hipGetLastError() == hipErrorCooperativeLaunchTooLarge, "the second refusal is the last error");
    HIP_CHECK(hipGetLastError());  // reading it reset it
    HIP_CHECK(hipDeviceSynchronize());
    std::vector<int> after(before.size());
    HIP_CHECK(hipMemcpy(after.data(), data.ptr, after.size() * sizeof(int), hipMemcpyDeviceToHost));
    e2e::check(after == before, "a refused cooperative launch never ran");
  }
  // Dynamic shared memory counts like HIP's: the bound with it never exceeds the bound without.
  int without = max_cooperative_blocks(jacobi, 64), with = max_cooperative_blocks(jacobi, 64, 16384);
  e2e::check(with >= 1 && with <= without, "dynamic shared memory never raises the occupancy");
}

// Grid sync in a <<<>>> launch: is_valid() is false, and sync() stops the kernel with
// hipErrorLaunchFailure (ROCm's is undefined behaviour: a hang or a fault) naming the kernel.
void check_not_cooperative() {
  const unsigned n = 515;
  std::vector<int> before(n);
  for (unsigned i = 0; i < n; ++i) before[i] = pattern<int>(i);
  e2e::DeviceBuffer<int> data(n), partial(4), valid(1);
  HIP_CHECK(hipMemcpy(data.ptr, before.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CapturedOutput captured;
  repeated_scan<int><<<3, 64>>>(data.ptr, partial.ptr, n, 2, valid.ptr);
  hipError_t launch = hipGetLastError();
  hipError_t sync = hipDeviceSynchronize();
  captured.finish();
  e2e::check(launch == hipSuccess, "a <<<>>> launch of a grid-sync kernel is accepted");
  e2e::check(sync == hipErrorLaunchFailure, "grid sync outside a cooperative launch: hipErrorLaunchFailure");
  e2e::check(captured.err().find("repeated_scan") != std::string::npos &&
                 captured.err().find("hipLaunchCooperativeKernel") != std::string::npos,
             "the error message names the kernel and hipLaunchCooperativeKernel");
  (void)hipGetLastError();
  int is_valid = -1;
  HIP_CHECK(hipMemcpy(&is_valid, valid.ptr, sizeof(int), hipMemcpyDeviceToHost));
  e2e::check(is_valid == 0, "grid_group::is_valid() is false in a <<<>>> launch");
  std::vector<int> after(n);
  HIP_CHECK(hipMemcpy(after.data(), data.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
  e2e::check(after == before, "every thread left at the first grid sync: the data is untouched");
}

void check_api_errors() {
  int attribute = -1;
  HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeCooperativeLaunch, 0));
  e2e::check(attribute == 1, "hipDeviceAttributeCooperativeLaunch");
  HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeCooperativeMultiDeviceLaunch, 0));
  e2e::check(attribute == 1, "hipDeviceAttributeCooperativeMultiDeviceLaunch");

  int devices = 0;
  HIP_CHECK(hipGetDeviceCount(&devices));
  e2e::check(hipLaunchCooperativeKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue, "null launch list");
  hipLaunchParams params{};
  e2e::check(hipLaunchCooperativeKernelMultiDevice(&params, devices + 1, 0) == hipErrorInvalidDevice,
             "more devices than exist");
  e2e::check(hipLaunchCooperativeKernelMultiDevice(&params, 1, 4) == hipErrorInvalidValue, "unknown flags");
  e2e::check(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(&check_api_errors), dim3(1), dim3(1), nullptr, 0,
                                        nullptr) == hipErrorInvalidDeviceFunction,
             "a host function is not a kernel");
  e2e::check(hipLaunchCooperativeKernel(jacobi, dim3(1), dim3(0), nullptr, 0, nullptr) == hipErrorInvalidConfiguration,
             "zero block size");
  (void)hipGetLastError();

  // One device through the multi-device entry point: the Jacobi sweeps at the largest grid.
  const unsigned n = 3001;
  const int steps = 9;
  std::vector<unsigned> host(n);
  for (unsigned i = 0; i < n; ++i) host[i] = i ^ 0x5a5au;
  e2e::DeviceBuffer<unsigned> a(n), b(n);
  HIP_CHECK(hipMemcpy(a.ptr, host.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  unsigned *pa = a.ptr, *pb = b.ptr;
  unsigned count = n;
  int sweeps = steps;
  void *args[] = {&pa, &pb, &count, &sweeps};
  params.func = reinterpret_cast<void *>(jacobi);
  params.gridDim = dim3(max_cooperative_blocks(jacobi, 32));
  params.blockDim = dim3(8, 4);
  params.args = args;
  HIP_CHECK(hipLaunchCooperativeKernelMultiDevice(&params, 1, hipCooperativeLaunchMultiDeviceNoPreSync));
  HIP_CHECK_LAUNCH();
  jacobi_reference(host, steps);
  std::vector<unsigned> got(n);
  HIP_CHECK(hipMemcpy(got.data(), b.ptr, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i)
    if (!e2e::expect_eq("jacobi (multi-device entry point)", i, got[i], host[i])) break;
}

void run_checks() {
  check_api_errors();
  check_occupancy_and_bound();
  const int scan_max = max_cooperative_blocks(repeated_scan<long long>, 100);
  for (int blocks : {scan_max, (scan_max + 1) / 2, 1}) {
    check_scan<long long>("scan<long long>", 100003, blocks, 100, 4);
    check_scan<unsigned>("scan<unsigned>", 77777, blocks, 64, 3);
  }
  const int jacobi_max = max_cooperative_blocks(jacobi, 8 * 4 * 2);
  for (int blocks : {jacobi_max, std::max(1, jacobi_max - 1)}) check_jacobi(10007, blocks, dim3(8, 4, 2), 25);
  check_not_cooperative();
  // The device is still fine after the trap.
  check_scan<int>("scan after the trap", 999, scan_max, 100, 2);
}

// A block that never arrives: the others give up after HIPVK_GRID_SYNC_TIMEOUT_MS, the launch
// fails with hipErrorLaunchFailure naming the kernel, and the next cooperative launch works.
void run_timeout_checks() {
  const int blocks = max_cooperative_blocks(straggler, 64);
  e2e::check(blocks >= 2, "the timeout check needs at least two co-resident blocks");
  e2e::DeviceBuffer<unsigned> progress{size_t(std::max(blocks, 1))};
  HIP_CHECK(hipMemset(progress.ptr, 0, blocks * sizeof(unsigned)));
  unsigned *p = progress.ptr;
  unsigned missing = unsigned(blocks / 2);
  void *args[] = {&p, &missing};
  const auto start = std::chrono::steady_clock::now();
  CapturedOutput captured;
  HIP_CHECK(hipLaunchCooperativeKernel(straggler, dim3(blocks), dim3(64), args, 0, nullptr));
  hipError_t sync = hipDeviceSynchronize();
  captured.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  e2e::check(sync == hipErrorLaunchFailure, "grid sync timeout: hipErrorLaunchFailure");
  e2e::check(captured.err().find("straggler") != std::string::npos &&
                 captured.err().find("timed out") != std::string::npos,
             "the timeout message names the kernel");
  e2e::check(seconds < 60, "the timeout ends the launch");
  (void)hipGetLastError();
  std::vector<unsigned> got(static_cast<size_t>(blocks));
  HIP_CHECK(hipMemcpy(got.data(), progress.ptr, blocks * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    e2e::expect_eq("straggler progress", b, got[b], unsigned(b == int(missing) ? 0 : 1));
  // Fresh barrier state: the next cooperative launches work, several times over.
  for (int i = 0; i < 3; ++i) check_scan<long long>("scan after the timeout", 5003, blocks, 64, 3);
}

// Runs this program again in `mode` with `env` added; true when it passed.
bool run_child(const char *self, const char *mode, const std::vector<std::string> &env) {
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    for (const std::string &e : env) putenv(strdup(e.c_str()));
    execl(self, self, mode, static_cast<char *>(nullptr));
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

int main(int argc, char **argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "timeout") {
    run_timeout_checks();
    return e2e::finish("grid_sync (timeout)");
  }
  int cooperative = 0;
  HIP_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, 0));
  if (!cooperative) {
    // A device without a device clock (or without known co-residency) refuses cooperative launches.
    unsigned *none = nullptr, count = 0;
    int steps = 0;
    void *args[] = {&none, &none, &count, &steps};
    e2e::check(hipLaunchCooperativeKernel(jacobi, dim3(1), dim3(32), args, 0, nullptr) == hipErrorNotSupported,
               "cooperative launches are refused where hipDeviceAttributeCooperativeLaunch is 0");
    if (e2e::g_failures) return e2e::finish("grid_sync");
    e2e::skip_missing_feature("grid.sync() (hipLaunchCooperativeKernel)",
                              "a device clock (shaderDeviceClock) and a known number of co-resident blocks");
  }
  run_checks();
  if (mode == "threads") return e2e::finish("grid_sync (LP_NUM_THREADS=5)");
  e2e::check(run_child("/proc/self/exe", "threads", {"LP_NUM_THREADS=5"}), "the checks with LP_NUM_THREADS=5");
  e2e::check(run_child("/proc/self/exe", "timeout", {"LP_NUM_THREADS=3", "HIPVK_GRID_SYNC_TIMEOUT_MS=300"}),
             "the timeout checks");
  return e2e::finish("grid_sync");
}
