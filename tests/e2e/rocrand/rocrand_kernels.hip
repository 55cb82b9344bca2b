// The device side of e2e.rocrand: rocRAND's states in kernels, one per thread (rocrand_test.h).
#include <rocrand/rocrand_kernel.h>
#include <rocrand/rocrand_mtgp32_11213.h>

#include "rocrand_test.h"

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace {

template <class State> struct StateOf;
template <> struct StateOf<rocrand_state_philox4x32_10> { static constexpr Generator g = Generator::Philox; };
template <> struct StateOf<rocrand_state_xorwow> { static constexpr Generator g = Generator::Xorwow; };
template <> struct StateOf<rocrand_state_mrg32k3a> { static constexpr Generator g = Generator::Mrg32k3a; };

// Draw is a function object (state *) -> value, so that one kernel template serves raw and uniform.
template <class State, class T, class Draw>
__global__ void draw_kernel(const StreamStart *starts, T *out, int threads, int per_thread, Draw draw) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads) return;
  State state;
  rocrand_init(starts[t].seed, starts[t].subsequence, starts[t].offset, &state);
  for (int k = 0; k < per_thread; ++k) out[size_t(t) * per_thread + k] = draw(&state);
}

struct Raw {
  template <class State> __device__ unsigned operator()(State *s) const { return rocrand(s); }
};
struct Uniform {
  template <class State> __device__ float operator()(State *s) const { return rocrand_uniform(s); }
};
struct Philox4 {
  __device__ uint4 operator()(rocrand_state_philox4x32_10 *s) const { return rocrand4(s); }
};

template <class State, class T, class Draw>
std::vector<T> run(const std::vector<StreamStart> &starts, int per_thread, Draw draw) {
  const int threads = int(starts.size());
  e2e::DeviceBuffer<StreamStart> d_starts(starts.size());
  HIP_CHECK(hipMemcpy(d_starts, starts.data(), starts.size() * sizeof(StreamStart), hipMemcpyHostToDevice));
  e2e::DeviceBuffer<T> d_out(size_t(threads) * per_thread);
  const int block = 64;
  draw_kernel<State, T><<<(threads + block - 1) / block, block>>>(d_starts, d_out, threads, per_thread, draw);
  HIP_CHECK_LAUNCH();
  std::vector<T> out(size_t(threads) * per_thread);
  HIP_CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(T), hipMemcpyDeviceToHost));
  return out;
}

template <class T, class Draw>
std::vector<T> dispatch(Generator g, const std::vector<StreamStart> &starts, int per_thread, Draw draw) {
  switch (g) {
  case Generator::Philox: return run<rocrand_state_philox4x32_10, T>(starts, per_thread, draw);
  case Generator::Xorwow: return run<rocrand_state_xorwow, T>(starts, per_thread, draw);
  case Generator::Mrg32k3a: return run<rocrand_state_mrg32k3a, T>(starts, per_thread, draw);
  }
  return {};
}

template <class State, class Word, int Dims>
__global__ void sobol_kernel(const Word *vectors, const unsigned *dims, const unsigned *offsets, Word *raw,
                             float *uniform, int threads, int per_thread) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads) return;
  State a, b;
  rocrand_init(vectors + Dims * dims[t], offsets[t], &a);
  rocrand_init(vectors + Dims * dims[t], offsets[t], &b);
  for (int k = 0; k < per_thread; ++k) {
    raw[size_t(t) * per_thread + k] = rocrand(&a);
    uniform[size_t(t) * per_thread + k] = rocrand_uniform(&b);
  }
}

template <class State, class Word, int Dims>
void sobol(const std::vector<Word> &vectors, const std::vector<unsigned> &dims, const std::vector<unsigned> &offsets,
           int per_thread, std::vector<Word> &raw, std::vector<float> &uniform) {
  const int threads = int(dims.size());
  e2e::DeviceBuffer<Word> d_vectors(vectors.size()), d_raw(size_t(threads) * per_thread);
  e2e::DeviceBuffer<unsigned> d_dims(dims.size()), d_offsets(offsets.size());
  e2e::DeviceBuffer<float> d_uniform(size_t(threads) * per_thread);
  HIP_CHECK(hipMemcpy(d_vectors, vectors.data(), vectors.size() * sizeof(Word), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_dims, dims.data(), dims.size() * sizeof(unsigned), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_offsets, offsets.data(), offsets.size() * sizeof(unsigned), hipMemcpyHostToDevice));
  sobol_kernel<State, Word, Dims><<<(threads + 63) / 64, 64>>>(d_vectors, d_dims, d_offsets, d_raw, d_uniform, threads, per_thread);
  HIP_CHECK_LAUNCH();
  raw.resize(size_t(threads) * per_thread);
  uniform.resize(raw.size());
  HIP_CHECK(hipMemcpy(raw.data(), d_raw, raw.size() * sizeof(Word), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(uniform.data(), d_uniform, uniform.size() * sizeof(float), hipMemcpyDeviceToHost));
}

__global__ void mtgp32_kernel(rocrand_state_mtgp32 *states, unsigned *out, int rounds) {
  __shared__ rocrand_state_mtgp32 state;
  rocrand_mtgp32_block_copy(&states[blockIdx.x], &state);
  for (int k = 0; k < rounds; ++k) out[(size_t(blockIdx.x) * rounds + k) * blockDim.x + threadIdx.x] = rocrand(&state);
  rocrand_mtgp32_block_copy(&state, &states[blockIdx.x]);
}


// ---- Distributions: a script of calls per thread (rocrand_test.h). One kernel per family and
// state, so that no module holds more double math than its family needs (software doubles in the
// portable variant).
// Quad: the Philox kernel with rocrand_normal4 (and rocrand_normal) only, since with all four calls
// its module, in the portable variant, is larger than SwiftShader compiles.
template <class State, bool Quad> __device__ int float_call(State *s, const ScriptStep &step, double *o) {
  switch (step.call) {
  case Call::Normal: o[0] = rocrand_normal(s); return 1;
  case Call::Normal2:
    if constexpr (Quad) return 0;
    else {
      const float2 r = rocrand_normal2(s);
      o[0] = r.x, o[1] = r.y;
      return 2;
    }
  case Call::Normal4:
    if constexpr (Quad && std::is_same_v<State, rocrand_state_philox4x32_10>) {
      const float4 r = rocrand_normal4(s);
      o[0] = r.x, o[1] = r.y, o[2] = r.z, o[3] = r.w;
      return 4;
    }
    return 0;
  case Call::LogNormal:
    if constexpr (Quad) return 0;
    else return o[0] = rocrand_log_normal(s, float(step.a), float(step.b)), 1;
  default: return 0;
  }
}
template <class State> __device__ int double_call(State *s, const ScriptStep &step, double *o) {
  switch (step.call) {
  case Call::NormalDouble: o[0] = rocrand_normal_double(s); return 1;
  case Call::NormalDouble2: {
    const double2 r = rocrand_normal_double2(s);
    o[0] = r.x, o[1] = r.y;
    return 2;
  }
  case Call::LogNormalDouble: o[0] = rocrand_log_normal_double(s, step.a, step.b); return 1;
  case Call::UniformDouble: o[0] = rocrand_uniform_double(s); return 1;
  default: return 0;
  }
}
template <class State> __device__ int poisson_call(State *s, const ScriptStep &step, double *o) {
  if (step.call != Call::Poisson) return 0;
  o[0] = rocrand_poisson(s, step.a);
  return 1;
}

template <class State, Family F>
__global__ void script_kernel(const StreamStart *starts, const ScriptStep *script, int steps, double *out, int per_thread,
                              int threads) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads) return;
  State state;
  rocrand_init(starts[t].seed, starts[t].subsequence, starts[t].offset, &state);
  double *o = out + size_t(t) * per_thread;
  for (int i = 0; i < steps; ++i) {
    if constexpr (F == Family::Float) o += float_call<State, false>(&state, script[i], o);
    else if constexpr (F == Family::Quad) o += float_call<State, true>(&state, script[i], o);
    else if constexpr (F == Family::Double) o += double_call(&state, script[i], o);
    else o += poisson_call(&state, script[i], o);
  }
  *o = rocrand(&state);
}

template <class State>
bool script_for(Family family, const std::vector<StreamStart> &starts, const std::vector<ScriptStep> &script,
                std::vector<double> &out) {
  const int threads = int(starts.size());
  int per_thread = 1;
  for (const ScriptStep &step : script) per_thread += results_of(step.call);
  e2e::DeviceBuffer<StreamStart> d_starts(starts.size());
  e2e::DeviceBuffer<ScriptStep> d_script(script.size());
  e2e::DeviceBuffer<double> d_out(size_t(threads) * per_thread);
  d_starts.upload(starts);
  d_script.upload(script);
  const dim3 grid((threads + 63) / 64), block(64);
  const int steps = int(script.size());
  if (family == Family::Float) script_kernel<State, Family::Float><<<grid, block>>>(d_starts, d_script, steps, d_out, per_thread, threads);
  else if (family == Family::Quad) script_kernel<State, Family::Quad><<<grid, block>>>(d_starts, d_script, steps, d_out, per_thread, threads);
  else if (family == Family::Double) script_kernel<State, Family::Double><<<grid, block>>>(d_starts, d_script, steps, d_out, per_thread, threads);
  else script_kernel<State, Family::Poisson><<<grid, block>>>(d_starts, d_script, steps, d_out, per_thread, threads);
  const hipError_t status = hipGetLastError();
  if (status == hipErrorNoBinaryForGpu) return false;
  HIP_CHECK(status);
  HIP_CHECK(hipDeviceSynchronize());
  out.resize(size_t(threads) * per_thread);
  d_out.download(out);
  return true;
}

__global__ void sobol32_normal_kernel(const unsigned *vectors, const unsigned *dims, const unsigned *offsets, float *out,
                                      int threads, int per_thread) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads) return;
  rocrand_state_sobol32 state;
  rocrand_init(vectors + 32 * dims[t], offsets[t], &state);
  for (int k = 0; k < per_thread; ++k) out[size_t(t) * per_thread + k] = rocrand_normal(&state);
}

}  // namespace

int results_of(Call c) { return c == Call::Normal2 || c == Call::NormalDouble2 ? 2 : c == Call::Normal4 ? 4 : 1; }

bool device_script(Generator g, Family family, const std::vector<StreamStart> &starts,
                   const std::vector<ScriptStep> &script, std::vector<double> &out) {
  switch (g) {
  case Generator::Philox: return script_for<rocrand_state_philox4x32_10>(family, starts, script, out);
  case Generator::Xorwow: return script_for<rocrand_state_xorwow>(family, starts, script, out);
  case Generator::Mrg32k3a: return script_for<rocrand_state_mrg32k3a>(family, starts, script, out);
  }
  return false;
}

std::vector<float> device_sobol32_normal(const std::vector<unsigned> &vectors, const std::vector<unsigned> &dims,
                                         const std::vector<unsigned> &offsets, int per_thread) {
  const int threads = int(dims.size());
  e2e::DeviceBuffer<unsigned> d_vectors(vectors.size()), d_dims(dims.size()), d_offsets(offsets.size());
  e2e::DeviceBuffer<float> d_out(size_t(threads) * per_thread);
  d_vectors.upload(vectors), d_dims.upload(dims), d_offsets.upload(offsets);
  sobol32_normal_kernel<<<(threads + 63) / 64, 64>>>(d_vectors, d_dims, d_offsets, d_out, threads, per_thread);
  HIP_CHECK_LAUNCH();
  std::vector<float> out(size_t(threads) * per_thread);
  d_out.download(out);
  return out;
}

void device_mtgp32(unsigned long long seed, int blocks, int threads, int rounds, std::vector<MtgpState> &initial,
                   std::vector<unsigned> &out) {
  e2e::DeviceBuffer<rocrand_state_mtgp32> d_states(blocks);
  e2e::check(rocrand_make_state_mtgp32(d_states, mtgp32dc_params_fast_11213, blocks, seed) == ROCRAND_STATUS_SUCCESS,
             "rocrand_make_state_mtgp32");
  // The states as bytes (the engine has no host constructor), read field by field.
  using engine = rocrand_state_mtgp32;
  std::vector<unsigned char> bytes(blocks * sizeof(engine));
  HIP_CHECK(hipMemcpy(bytes.data(), d_states, bytes.size(), hipMemcpyDeviceToHost));
  initial.resize(blocks);
  for (int b = 0; b < blocks; ++b) {
    const unsigned char *e = bytes.data() + b * sizeof(engine);
    MtgpState &m = initial[b];
    auto field = [&](size_t offset, void *to, size_t size) { std::memcpy(to, e + offset, size); };
    field(offsetof(engine, m_state) + offsetof(mtgp32_state, offset), &m.offset, sizeof m.offset);
    field(offsetof(engine, m_state) + offsetof(mtgp32_state, status), m.status, sizeof m.status);
    field(offsetof(engine, pos_tbl), &m.pos, 4);
    field(offsetof(engine, sh1_tbl), &m.sh1, 4);
    field(offsetof(engine, sh2_tbl), &m.sh2, 4);
    field(offsetof(engine, mask), &m.mask, 4);
    field(offsetof(engine, param_tbl), m.param, sizeof m.param);
    field(offsetof(engine, temper_tbl), m.temper, sizeof m.temper);
  }
  e2e::DeviceBuffer<unsigned> d_out(size_t(blocks) * rounds * threads);
  mtgp32_kernel<<<blocks, threads>>>(d_states, d_out, rounds);
  HIP_CHECK_LAUNCH();
  out.resize(size_t(blocks) * rounds * threads);
  HIP_CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
}

void device_sobol32(const std::vector<unsigned> &vectors, const std::vector<unsigned> &dims,
                    const std::vector<unsigned> &offsets, int per_thread, std::vector<unsigned> &raw,
                    std::vector<float> &uniform) {
  sobol<rocrand_state_sobol32, unsigned, 32>(vectors, dims, offsets, per_thread, raw, uniform);
}

void device_sobol64(const std::vector<unsigned long long> &vectors, const std::vector<unsigned> &dims,
                    const std::vector<unsigned> &offsets, int per_thread, std::vector<unsigned long long> &raw,
                    std::vector<float> &uniform) {
  sobol<rocrand_state_sobol64, unsigned long long, 64>(vectors, dims, offsets, per_thread, raw, uniform);
}

std::vector<unsigned> device_raw(Generator g, const std::vector<StreamStart> &starts, int per_thread) {
  return dispatch<unsigned>(g, starts, per_thread, Raw{});
}

std::vector<float> device_uniform(Generator g, const std::vector<StreamStart> &starts, int per_thread) {
  return dispatch<float>(g, starts, per_thread, Uniform{});
}

std::vector<unsigned> device_philox4(const std::vector<StreamStart> &starts, int quads) {
  const std::vector<uint4> v = run<rocrand_state_philox4x32_10, uint4>(starts, quads, Philox4{});
  std::vector<unsigned> out;
  for (const uint4 &q : v) out.insert(out.end(), {q.x, q.y, q.z, q.w});
  return out;
}
