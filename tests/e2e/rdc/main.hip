#include "particles.h"
#include "test_common.h"

#include <vector>

#pragma clang fp contract(off)
namespace {
Particle hostStep(Particle p, float dt, float gravity, float damping) {
  auto clamp = [](float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); };
  p.vy = p.vy + gravity * dt;
  p.vx = p.vx * damping;
  p.vy = p.vy * damping;
  p.x = clamp(p.x + p.vx * dt, -100.0f, 100.0f);
  p.y = clamp(p.y + p.vy * dt, 0.0f, 1000.0f);
  return p;
}
}  // namespace
#pragma clang fp contract(on)

int main() {
  const int n = 4099;
  const float dt = 0.015625f;
  const float damping[4] = {1.0f, 0.99f, 0.875f, 0.5f};
  std::vector<Particle> host(n);
  std::vector<int> materials(n);
  for (int i = 0; i < n; ++i) {
    host[i] = {float(i % 200) - 100.0f, float(i % 97) * 3.0f, float(i % 13) - 6.0f, float(i % 7)};
    materials[i] = (i * 7) % 5;
  }
  e2e::DeviceBuffer<Particle> particles(n);
  e2e::DeviceBuffer<int> mats(n);
  e2e::DeviceBuffer<float> energy(n);
  particles.upload(host);
  mats.upload(materials);
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_damping), damping, sizeof damping));

  std::vector<Particle> want = host;
  float gravity = -9.75f;
  const int blocks = (n + 127) / 128;
  for (int s = 0; s < 12; ++s) {
    if (s == 6) {
      gravity = -1.625f;  // the kernel of another translation unit changes the shared variable
      setGravity<<<1, 1>>>(gravity);
    }
    integrate<<<blocks, 128>>>(particles, mats, n, dt);
    for (int i = 0; i < n; ++i) want[i] = hostStep(want[i], dt, gravity, damping[materials[i] & 3]);
  }
  kineticEnergy<<<blocks, 128>>>(particles, energy, n);
  HIP_CHECK_LAUNCH();

  std::vector<Particle> got(n);
  std::vector<float> e(n);
  particles.download(got);
  energy.download(e);
  for (int i = 0; i < n; ++i) {
    e2e::expect_eq("x", i, got[i].x, want[i].x);
    e2e::expect_eq("y", i, got[i].y, want[i].y);
    e2e::expect_eq("vx", i, got[i].vx, want[i].vx);
    e2e::expect_eq("vy", i, got[i].vy, want[i].vy);
    const float v2 = want[i].vx * want[i].vx + want[i].vy * want[i].vy;
    e2e::expect_eq("energy", i, e[i], 0.5f * v2);
  }
  unsigned long long steps = 0;
  float g = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&steps, HIP_SYMBOL(g_steps), sizeof steps));
  HIP_CHECK(hipMemcpyFromSymbol(&g, HIP_SYMBOL(g_gravity), sizeof g));
  e2e::expect_eq("g_steps", 0, steps, 12ull);
  e2e::expect_eq("g_gravity", 0, g, gravity);
  void *address = nullptr;
  size_t size = 0;
  HIP_CHECK(hipGetSymbolAddress(&address, HIP_SYMBOL(c_damping)));
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(c_damping)));
  e2e::check(address != nullptr && size == sizeof damping, "c_damping address and size");

  float weights[37], back[37];
  for (int i = 0; i < 37; ++i) weights[i] = 0.5f * i;
  e2e::check(uploadWeights(weights, 37) == 0 && readWeights(back, 37) == 0, "host_table symbol copies");
  for (int i = 0; i < 37; ++i) e2e::expect_eq("weights", i, back[i], weights[i]);
  return e2e::finish("rdc");
}
