// Initialisers that hold addresses: the compiler writes the target's segment offset and a
// relocation, the runtime adds the segment's address on upload.
#include "symbols.h"

#include <vector>

struct Config {
  int id;
  float scale;
  double bias;
  const int *window;  // into `table`
  const char *label;  // a string literal (a constant table of the segment)
};

__device__ int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__device__ int *cursor = &table[2];
__device__ Config config = {42, 1.5f, -0.25, &table[5], "hipvk"};
__device__ int pool_a[3] = {10, 20, 30};
__device__ int pool_b[3] = {40, 50, 60};
__constant__ int *const c_pools[3] = {pool_a, pool_b + 1, &pool_a[2]};
__constant__ float c_weights[5] = {0.5f, 0.25f, 0.125f, 2.0f, 4.0f};
__device__ long long zeroed[4];           // no initialiser: zero
__device__ Config *config_ptr = &config;  // a pointer to a struct holding pointers
__device__ uintptr_t table_address = reinterpret_cast<uintptr_t>(&table[1]);

__global__ void read_tables(long long *out) {
  out[0] = *cursor;
  out[1] = cursor[1];
  out[2] = config.id;
  out[3] = static_cast<long long>(config.scale * 4);
  out[4] = static_cast<long long>(config.bias * 8);
  out[5] = config.window[0] + config.window[2];
  out[6] = config.label[0] + config.label[4];
  out[7] = *c_pools[0] + *c_pools[1] + *c_pools[2];
  out[8] = static_cast<long long>(c_weights[1] * 8 + c_weights[4]);
  out[9] = zeroed[0] + zeroed[3];
  out[10] = config_ptr->window[-1];
  out[11] = *reinterpret_cast<const int *>(table_address);
}

// Moves the cursor on the device: pointers stored in segment variables stay addresses.
__global__ void advance_cursor(int by) { cursor += by; }

void test_address_initialisers() {
  e2e::DeviceBuffer<long long> out(12);
  read_tables<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  std::vector<long long> got(12);
  out.download(got);
  const long long want[12] = {3, 4, 42, 6, -2, 6 + 8, 'h' + 'k', 10 + 50 + 30, 2 + 4, 0, 5, 2};
  for (int i = 0; i < 12; ++i) e2e::expect_eq("address initialisers", i, got[i], want[i]);

  // The host sees the relocated pointers as device addresses of the same variables.
  void *table_base = nullptr, *config_base = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&table_base, HIP_SYMBOL(table)));
  HIP_CHECK(hipGetSymbolAddress(&config_base, HIP_SYMBOL(config)));
  int *host_cursor = nullptr;
  HIP_CHECK(hipMemcpyFromSymbol(&host_cursor, HIP_SYMBOL(cursor), sizeof(host_cursor)));
  e2e::check(host_cursor == static_cast<int *>(table_base) + 2, "cursor == &table[2] on the host");
  Config host_config{};
  HIP_CHECK(hipMemcpyFromSymbol(&host_config, HIP_SYMBOL(config), sizeof(Config)));
  e2e::check(host_config.window == static_cast<int *>(table_base) + 5, "config.window == &table[5]");
  e2e::check(host_config.id == 42 && host_config.scale == 1.5f && host_config.bias == -0.25, "config scalars");
  Config *host_config_ptr = nullptr;
  HIP_CHECK(hipMemcpyFromSymbol(&host_config_ptr, HIP_SYMBOL(config_ptr), sizeof(host_config_ptr)));
  e2e::check(host_config_ptr == config_base, "config_ptr == &config");
  int *pools[3];
  void *pool_a_base = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&pool_a_base, HIP_SYMBOL(pool_a)));
  HIP_CHECK(hipMemcpyFromSymbol(pools, HIP_SYMBOL(c_pools), sizeof(pools)));
  e2e::check(pools[0] == pool_a_base && pools[2] == static_cast<int *>(pool_a_base) + 2, "c_pools into pool_a");

  advance_cursor<<<1, 1>>>(3);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpyFromSymbol(&host_cursor, HIP_SYMBOL(cursor), sizeof(host_cursor)));
  e2e::check(host_cursor == static_cast<int *>(table_base) + 5, "cursor advanced by a kernel");
  // The host can store a device address into a pointer variable too.
  int *retarget = static_cast<int *>(table_base) + 7;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(cursor), &retarget, sizeof(retarget)));
  read_tables<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  out.download(got);
  e2e::expect_eq("cursor retargeted by the host", 0, got[0], 8);
}
