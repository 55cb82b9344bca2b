// Global ids in 2-D and 3-D grids: every thread records its coordinates, and blockDim/gridDim as
// seen by the device; the old hipThreadIdx_x-style names agree with threadIdx & co.
#include "test_common.h"

#include <vector>

struct Coord {
  unsigned tx, ty, tz, bx, by, bz, bdx, bdy, bdz, gdx, gdy, gdz;
};

__global__ void ids_2d(unsigned *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) out[y * width + x] = (unsigned)(y * 100000 + x);
}

__global__ void ids_3d(Coord *out, unsigned nx, unsigned ny, unsigned nz) {
  unsigned x = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  unsigned y = hipBlockIdx_y * hipBlockDim_y + hipThreadIdx_y;
  unsigned z = hipBlockIdx_z * hipBlockDim_z + hipThreadIdx_z;
  if (x >= nx || y >= ny || z >= nz) return;
  dim3 t = threadIdx, b = blockIdx, bd = blockDim, gd = gridDim;
  Coord c{t.x, t.y, t.z, b.x, b.y, b.z, bd.x, bd.y, bd.z, gd.x, gd.y, gd.z};
  // Cross-check the two spellings.
  uint3 tu = threadIdx;  // the CUDA spelling: threadIdx is also a uint3
  if (threadIdx.z != hipThreadIdx_z || gridDim.y != hipGridDim_y || tu.y != t.y) c.tx = 0xdeadbeef;
  out[(z * ny + y) * nx + x] = c;
}

int main() {
  // 2-D: a 1000 x 300 image with 16 x 8 blocks (partial blocks on both edges).
  {
    const int w = 1000, h = 300;
    e2e::DeviceBuffer<unsigned> d(w * h);
    HIP_CHECK(hipMemset(d, 0xff, d.bytes()));
    dim3 block(16, 8);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    ids_2d<<<grid, block>>>(d, w, h);
    HIP_CHECK_LAUNCH();
    std::vector<unsigned> out(w * h);
    d.download(out);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) e2e::expect_eq("ids_2d", y * w + x, out[y * w + x], unsigned(y * 100000 + x));
  }
  // 3-D: 37 x 21 x 13 elements with 4 x 4 x 4 blocks.
  {
    const unsigned nx = 37, ny = 21, nz = 13;
    const size_t n = size_t(nx) * ny * nz;
    e2e::DeviceBuffer<Coord> d(n);
    dim3 block(4, 4, 4);
    dim3 grid((nx + 3) / 4, (ny + 3) / 4, (nz + 3) / 4);
    ids_3d<<<grid, block>>>(d, nx, ny, nz);
    HIP_CHECK_LAUNCH();
    std::vector<Coord> out(n);
    d.download(out);
    for (unsigned z = 0; z < nz; ++z)
      for (unsigned y = 0; y < ny; ++y)
        for (unsigned x = 0; x < nx; ++x) {
          const Coord &c = out[(z * ny + y) * nx + x];
          long long i = (z * ny + y) * nx + x;
          e2e::expect_eq("3d.tx", i, c.tx, x % 4);
          e2e::expect_eq("3d.ty", i, c.ty, y % 4);
          e2e::expect_eq("3d.tz", i, c.tz, z % 4);
          e2e::expect_eq("3d.bx", i, c.bx, x / 4);
          e2e::expect_eq("3d.by", i, c.by, y / 4);
          e2e::expect_eq("3d.bz", i, c.bz, z / 4);
          e2e::expect_eq("3d.bdx", i, c.bdx, 4u);
          e2e::expect_eq("3d.bdy", i, c.bdy, 4u);
          e2e::expect_eq("3d.bdz", i, c.bdz, 4u);
          e2e::expect_eq("3d.gdx", i, c.gdx, grid.x);
          e2e::expect_eq("3d.gdy", i, c.gdy, grid.y);
          e2e::expect_eq("3d.gdz", i, c.gdz, grid.z);
        }
  }
  return e2e::finish("grid_2d_3d");
}
