// grid_group and multi_grid_group in cooperative launches (hipLaunchCooperativeKernel and, with one
// device, hipLaunchCooperativeKernelMultiDevice): ranks, sizes, block ranks and dimensions with 2-D
// grids of 3-D blocks, and a multi-phase computation in which every thread reads values other
// blocks wrote before each grid barrier, synchronised by every form HIP offers (grid.sync(),
// cg::sync(grid), thread_group::sync() of the grid, multi_grid.sync(), barrier_arrive/wait).
// is_valid() is true only in cooperative launches. A device that reports
// hipDeviceAttributeCooperativeLaunch 0 (SwiftShader) must refuse both launch forms with
// hipErrorNotSupported and stay usable; the program says so and goes on with its other parts.
#include "cg.h"

#include <utility>

namespace {

constexpr int kRounds = 5;

struct GridOut {
  unsigned rank, size, num_threads, block_rank, group_dim[3], tg_rank, tg_size, tg_type;
  unsigned mg_rank, mg_size, mg_grids, mg_grid_rank;
  int valid, tg_valid, mg_valid;
};

__device__ unsigned mix(unsigned v, unsigned rank, int round) { return v * 2654435761u + rank * 40503u + round; }

__global__ void grid_phases(unsigned *a, unsigned *b, GridOut *out) {
  const cg::grid_group grid = cg::this_grid();
  const cg::thread_group as_group = grid;
  const cg::multi_grid_group multi = cg::this_multi_grid();
  const unsigned rank = grid.thread_rank(), n = grid.size();
  GridOut o;
  o.rank = rank;
  o.size = n;
  o.num_threads = grid.num_threads();
  o.block_rank = grid.block_rank();
  const dim3 gd = grid.group_dim();
  o.group_dim[0] = gd.x, o.group_dim[1] = gd.y, o.group_dim[2] = gd.z;
  o.tg_rank = as_group.thread_rank();
  o.tg_size = as_group.size();
  o.tg_type = as_group.cg_type();
  o.mg_rank = multi.thread_rank();
  o.mg_size = multi.size();
  o.mg_grids = multi.num_grids();
  o.mg_grid_rank = multi.grid_rank();
  o.valid = grid.is_valid();
  o.tg_valid = as_group.is_valid();
  o.mg_valid = multi.is_valid();
  out[rank] = o;
  // Each round reads two values that other blocks wrote in the previous round.
  for (int round = 0; round < kRounds; ++round) {
    const unsigned *from = round % 2 ? b : a;
    unsigned *to = round % 2 ? a : b;
    to[rank] = mix(from[(rank * 7 + round) % n], rank, round) ^ from[(rank + n / 2 + 1) % n];
    switch (round) {
    case 0: grid.sync(); break;
    case 1: cg::sync(grid); break;
    case 2: as_group.sync(); break;
    case 3: multi.sync(); break;
    default: {
      auto token = grid.barrier_arrive();
      grid.barrier_wait(std::move(token));
    }
    }
  }
}

void check(const char *how, dim3 grid_dim, dim3 block_dim, bool multi_device) {
  const unsigned B = block_dim.x * block_dim.y * block_dim.z, blocks = grid_dim.x * grid_dim.y * grid_dim.z;
  const unsigned n = B * blocks;
  std::vector<unsigned> init(n);
  for (unsigned i = 0; i < n; ++i) init[i] = i * 977u + 13u;
  Buffer<unsigned> da(init), db(n);
  Buffer<GridOut> dout(n);
  unsigned *pa = da.ptr, *pb = db.ptr;
  GridOut *po = dout.ptr;
  void *args[] = {&pa, &pb, &po};
  if (multi_device) {
    hipLaunchParams params{};
    params.func = reinterpret_cast<void *>(grid_phases);
    params.gridDim = grid_dim;
    params.blockDim = block_dim;
    params.args = args;
    HIP_CHECK(hipLaunchCooperativeKernelMultiDevice(&params, 1, 0));
  } else {
    HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(grid_phases), grid_dim, block_dim, args, 0,
                                         nullptr));
  }
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  char what[128];
  std::snprintf(what, sizeof what, "%s grid %ux%ux%u of %ux%ux%u", how, grid_dim.x, grid_dim.y, grid_dim.z, block_dim.x,
                block_dim.y, block_dim.z);
  auto f = [&](const char *name) { return std::string(what) + " " + name; };
  for (unsigned i = 0; i < n; ++i) {
    const GridOut &o = out[i];
    e2e::expect_eq(f("thread_rank").c_str(), i, o.rank, i);
    e2e::expect_eq(f("size").c_str(), i, o.size, n);
    e2e::expect_eq(f("num_threads").c_str(), i, o.num_threads, n);
    e2e::expect_eq(f("block_rank").c_str(), i, o.block_rank, i / B);
    e2e::expect_eq(f("group_dim.x").c_str(), i, o.group_dim[0], grid_dim.x);
    e2e::expect_eq(f("group_dim.y").c_str(), i, o.group_dim[1], grid_dim.y);
    e2e::expect_eq(f("group_dim.z").c_str(), i, o.group_dim[2], grid_dim.z);
    e2e::expect_eq(f("thread_group thread_rank").c_str(), i, o.tg_rank, i);
    e2e::expect_eq(f("thread_group size").c_str(), i, o.tg_size, n);
    e2e::expect_eq(f("thread_group cg_type").c_str(), i, o.tg_type, unsigned(cg::internal::cg_grid));
    e2e::expect_eq(f("multi_grid thread_rank").c_str(), i, o.mg_rank, i);
    e2e::expect_eq(f("multi_grid size").c_str(), i, o.mg_size, n);
    e2e::expect_eq(f("multi_grid num_grids").c_str(), i, o.mg_grids, 1u);
    e2e::expect_eq(f("multi_grid grid_rank").c_str(), i, o.mg_grid_rank, 0u);
    e2e::expect_eq(f("is_valid").c_str(), i, o.valid, 1);
    e2e::expect_eq(f("thread_group is_valid").c_str(), i, o.tg_valid, 1);
    e2e::expect_eq(f("multi_grid is_valid").c_str(), i, o.mg_valid, 1);
  }
  // The rounds on the host: the device's thread i is rank i (checked above).
  std::vector<unsigned> a = init, b(n);
  for (int round = 0; round < kRounds; ++round) {
    const std::vector<unsigned> &from = round % 2 ? b : a;
    std::vector<unsigned> &to = round % 2 ? a : b;
    for (unsigned r = 0; r < n; ++r)
      to[r] = (from[(r * 7 + round) % n] * 2654435761u + r * 40503u + round) ^ from[(r + n / 2 + 1) % n];
  }
  const auto got = (kRounds % 2 ? db : da).get();
  const auto &want = kRounds % 2 ? b : a;
  for (unsigned i = 0; i < n; ++i) e2e::expect_eq(f("values after the rounds").c_str(), i, got[i], want[i]);
}

// Cooperative launches where hipDeviceAttributeCooperativeLaunch is 0: both forms are refused with
// hipErrorNotSupported, also left as the last error, and nothing runs.
void check_unsupported(int device) {
  int multi = -1;
  HIP_CHECK(hipDeviceGetAttribute(&multi, hipDeviceAttributeCooperativeMultiDeviceLaunch, device));
  e2e::expect_eq("hipDeviceAttributeCooperativeMultiDeviceLaunch where cooperative launches are unsupported", 0, multi, 0);
  const dim3 grid_dim(2), block_dim(64);
  const unsigned n = 2 * 64;
  std::vector<unsigned> init(n);
  for (unsigned i = 0; i < n; ++i) init[i] = i * 977u + 13u;
  Buffer<unsigned> da(init), db(n);
  Buffer<GridOut> dout(n);
  const auto db_before = db.get();
  unsigned *pa = da.ptr, *pb = db.ptr;
  GridOut *po = dout.ptr;
  void *args[] = {&pa, &pb, &po};
  HIP_CHECK(hipGetLastError());  // clear
  e2e::expect_eq("hipLaunchCooperativeKernel where cooperative launches are unsupported", 0,
                 static_cast<int>(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(grid_phases), grid_dim,
                                                             block_dim, args, 0, nullptr)),
                 static_cast<int>(hipErrorNotSupported));
  e2e::expect_eq("last error after the refused cooperative launch", 0, static_cast<int>(hipGetLastError()),
                 static_cast<int>(hipErrorNotSupported));
  hipLaunchParams params{};
  params.func = reinterpret_cast<void *>(grid_phases);
  params.gridDim = grid_dim;
  params.blockDim = block_dim;
  params.args = args;
  e2e::expect_eq("hipLaunchCooperativeKernelMultiDevice (one device) where cooperative launches are unsupported", 0,
                 static_cast<int>(hipLaunchCooperativeKernelMultiDevice(&params, 1, 0)),
                 static_cast<int>(hipErrorNotSupported));
  e2e::expect_eq("last error after the refused multi-device cooperative launch", 0,
                 static_cast<int>(hipGetLastError()), static_cast<int>(hipErrorNotSupported));
  HIP_CHECK(hipDeviceSynchronize());  // no error left behind
  // Nothing ran: the buffers the kernel writes keep their contents.
  const auto a_after = da.get(), b_after = db.get();
  for (unsigned i = 0; i < n; ++i) {
    e2e::expect_eq("input untouched by the refused cooperative launches", i, a_after[i], init[i]);
    e2e::expect_eq("output untouched by the refused cooperative launches", i, b_after[i], db_before[i]);
  }
  std::printf("cooperative_groups: grid sync (hipLaunchCooperativeKernel) checked as unsupported on this device "
              "(hipDeviceAttributeCooperativeLaunch 0, launches refused with hipErrorNotSupported)\n");
}

}  // namespace

void test_grid(int warp_size) {
  (void)warp_size;
  int device = 0, cooperative = 0, units = 0, per_unit = 0;
  HIP_CHECK(hipGetDevice(&device));
  HIP_CHECK(hipDeviceGetAttribute(&cooperative, hipDeviceAttributeCooperativeLaunch, device));
  e2e::check(cooperative == 0 || cooperative == 1, "hipDeviceAttributeCooperativeLaunch is 0 or 1");
  if (cooperative == 1) {
    HIP_CHECK(hipDeviceGetAttribute(&units, hipDeviceAttributeMultiprocessorCount, device));
    const dim3 block(5, 3, 2);  // 30 threads: a partial last warp at every warp size
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_unit, reinterpret_cast<const void *>(grid_phases), 30, 0));
    const unsigned max_blocks = static_cast<unsigned>(per_unit * units);
    e2e::check(max_blocks >= 2, "at least two co-resident blocks");
    // A 2-D grid as large as the device holds, and a 1-D one of 2 blocks.
    unsigned gx = max_blocks, gy = 1;
    if (max_blocks >= 6) gx = max_blocks / 2, gy = 2;
    check("hipLaunchCooperativeKernel", dim3(gx, gy), block, false);
    check("hipLaunchCooperativeKernel", dim3(2), dim3(64), false);
    check("hipLaunchCooperativeKernelMultiDevice (one device)", dim3(gx, gy), block, true);
  } else {
    // A device where the runtime cannot bound the barrier's wait (no device clock) or does not know
    // how many blocks run at once (SwiftShader) reports 0 and must refuse cooperative launches
    // (hipErrorNotSupported, also the last error), in both forms, without running anything.
    check_unsupported(device);
  }

  // A <<<>>> launch (its kernel in cg_main.hip): runs on every device, after refused cooperative
  // launches too.
  const auto v = grid_validity_in_normal_launch();
  e2e::expect_eq("grid_group::is_valid() in a <<<>>> launch", 0, v[0], 0);
  e2e::expect_eq("multi_grid_group::is_valid() in a <<<>>> launch", 0, v[1], 0);
}
