// Relocatable device code (-fgpu-rdc) across translation units and a static library: device
// functions, templates and __device__/__constant__ variables defined in one file and used by
// kernels of others; one shared global segment.
#pragma once

#include <hip/hip_runtime.h>

struct Particle {
  float x, y, vx, vy;
};

// physics.hip (in libphysics.a)
extern __device__ float g_gravity;           // changed by a kernel of integrate.hip
extern __constant__ float c_damping[4];      // written with hipMemcpyToSymbol by main.hip
extern __device__ unsigned long long g_steps;
__device__ Particle step(Particle p, float dt, int material);
template <typename T> __device__ T clampTo(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

// integrate.hip (in libphysics.a)
__global__ void integrate(Particle *particles, const int *materials, int n, float dt);
__global__ void setGravity(float g);

// energy.hip (linked as an object)
__global__ void kineticEnergy(const Particle *particles, float *energy, int n);

// host_table.hip: host code plus a device table, no kernels, compiled without -fgpu-rdc
int uploadWeights(const float *weights, int count);
int readWeights(float *weights, int count);
