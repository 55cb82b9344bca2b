#include "particles.h"

__global__ void integrate(Particle *particles, const int *materials, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  particles[i] = step(particles[i], dt, materials[i]);
  if (i == 0) g_steps = g_steps + 1;
}

__global__ void setGravity(float g) { g_gravity = g; }
