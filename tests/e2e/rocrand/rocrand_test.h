// ROCm's rocRAND device API (Debian's librocrand-dev, rocrand_kernel.h unmodified) in kernels:
// Philox4x32-10, XORWOW and MRG32k3a states initialised per thread with a seed, a subsequence and
// an offset, their raw 32-bit outputs and rocrand_uniform. The device side is rocrand_kernels.hip;
// rocrand_host_generators.h holds the host references, written from the generators' definitions;
// rocrand_main.hip checks raw values and uniforms, rocrand_distributions.hip the distributions.
#pragma once

#include "test_common.h"

#include <cstdint>
#include <vector>

enum class Generator { Philox, Xorwow, Mrg32k3a };

// Where each thread's state starts: rocrand_init(seed, subsequence, offset).
struct StreamStart {
  unsigned long long seed, subsequence, offset;
};

// `per_thread` successive rocrand() values of each thread's state, thread t starting at starts[t]:
// out[t * per_thread + k].
std::vector<unsigned> device_raw(Generator g, const std::vector<StreamStart> &starts, int per_thread);
// The same with rocrand_uniform (float in (0, 1]).
std::vector<float> device_uniform(Generator g, const std::vector<StreamStart> &starts, int per_thread);
// Philox's rocrand4: four values at a time, as rocrand_philox4x32_10 interleaves them.
std::vector<unsigned> device_philox4(const std::vector<StreamStart> &starts, int quads);
// Sobol32 quasi-random sequences: thread t uses the 32 direction numbers of dimension dims[t]
// (vectors[32 * dims[t] ..]) from offsets[t]; per_thread rocrand() values, then as many
// rocrand_uniform() values of a second state from the same start (their bits), per thread.
void device_sobol32(const std::vector<unsigned> &vectors, const std::vector<unsigned> &dims,
                    const std::vector<unsigned> &offsets, int per_thread, std::vector<unsigned> &raw,
                    std::vector<float> &uniform);
// MTGP32: one state per block (rocrand_make_state_mtgp32 with the 11213 parameter sets), each
// block's threads drawing `rounds` values together. `initial` gets each state as made (what the
// host reference starts from), out[(block * rounds + round) * threads + thread] the values.
struct MtgpState {
  int offset;
  unsigned status[1024];
  unsigned pos, sh1, sh2, mask, param[16], temper[16];
};
void device_mtgp32(unsigned long long seed, int blocks, int threads, int rounds, std::vector<MtgpState> &initial,
                   std::vector<unsigned> &out);
// The same for Sobol64 (64 direction numbers per dimension; rocrand_init takes a 32-bit offset).
void device_sobol64(const std::vector<unsigned long long> &vectors, const std::vector<unsigned> &dims,
                    const std::vector<unsigned> &offsets, int per_thread, std::vector<unsigned long long> &raw,
                    std::vector<float> &uniform);

// ---- Distributions (rocrand_distributions.hip checks them). Each thread runs the same script of
// calls on its own state (from starts[t]); every result is widened to double (exactly: floats and
// unsigned Poisson counts) and stored in call order, normal2 and normal4 giving 2 and 4 results;
// after the script one more rocrand() shows how many raw values the calls consumed.
enum class Call {
  // float family: one kernel of float math (logf, sqrtf, __sincosf, expf); Normal4 (Philox only)
  // in a kernel of its own with Normal (family Quad)
  Normal, Normal2, Normal4, LogNormal,
  // double family: log, sqrt, sincospi, exp
  NormalDouble, NormalDouble2, LogNormalDouble, UniformDouble,
  // rocrand_poisson (all three of its algorithms in one kernel)
  Poisson,
};
struct ScriptStep {
  Call call;
  double a, b;  // (mean, stddev) of a log-normal; lambda of a Poisson in a
};
enum class Family { Float, Quad, Double, Poisson };
int results_of(Call c);
// false when the device has no code for the family's kernel (hipErrorNoBinaryForGpu; the caller
// decides whether that is acceptable); out: per thread, the script's results then the raw value.
bool device_script(Generator g, Family family, const std::vector<StreamStart> &starts,
                   const std::vector<ScriptStep> &script, std::vector<double> &out);
// Sobol32's rocrand_normal (the inverse-CDF path): per_thread values of each (dims[t], offsets[t]).
std::vector<float> device_sobol32_normal(const std::vector<unsigned> &vectors, const std::vector<unsigned> &dims,
                                         const std::vector<unsigned> &offsets, int per_thread);
// rocrand_distributions.hip, run by `rocrand --distributions` (a test of its own): no warp
// operations, so one subgroup width and validation; their modules are the slowest of the program
// to compile (a minute of lavapipe's on a cold shader cache; the float ones half a minute each of
// SwiftShader's in software doubles, the double ones beyond it).
void check_float_distributions();
void check_double_distributions();
