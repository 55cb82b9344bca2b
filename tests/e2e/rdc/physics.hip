#include "particles.h"

__device__ float g_gravity = -9.75f;
__constant__ float c_damping[4];
__device__ unsigned long long g_steps = 0;

__device__ Particle step(Particle p, float dt, int material) {
  const float damping = c_damping[material & 3];
  p.vy = p.vy + g_gravity * dt;
  p.vx = p.vx * damping;
  p.vy = p.vy * damping;
  p.x = clampTo(p.x + p.vx * dt, -100.0f, 100.0f);
  p.y = clampTo(p.y + p.vy * dt, 0.0f, 1000.0f);
  return p;
}
