#include "particles.h"

__global__ void kineticEnergy(const Particle *particles, float *energy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const Particle p = particles[i];
    energy[i] = 0.5f * clampTo(p.vx * p.vx + p.vy * p.vy, 0.0f, 1e30f);
  }
}
