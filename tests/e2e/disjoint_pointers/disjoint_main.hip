// Disjoint-pointer variants: a kernel whose barrier must order global memory when its pointers may
// alias is compiled a second time as if they were __restrict__; the runtime takes that variant only
// for launches whose pointer arguments point into different hipMalloc allocations. Every case is
// checked against the host, and the runtime's log (the program runs itself with HIPVK_LOG=1) must
// show the variant for exactly the disjoint cases.
#include "disjoint_pointers.h"

#include "test_common.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <sys/wait.h>

namespace {

using namespace disjoint;

std::vector<float> input(int n) {
  std::vector<float> v(n);
  const std::vector<unsigned> bits = e2e::pseudo_random(n, 7);
  for (int i = 0; i < n; ++i) v[i] = float(int(bits[i] % 2001) - 1000) / 64.0f;
  return v;
}

void check(const char *what, const std::vector<float> &got, const std::vector<float> &want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (!e2e::expect_eq(what, (long long)i, got[i], want[i])) break;
}

// The launches, in the child (HIPVK_LOG=1): results checked here, choices by the parent.
int runCases() {
  const float scale[4] = {0.5f, 1.5f, -2.0f, 3.0f}, bias[4] = {1.0f, -0.5f, 0.75f, 4.0f};
  for (int n : {1, 127, 128, 4099, 100003}) {
    const std::vector<float> in = input(n);
    e2e::DeviceBuffer<float> din(n), dout(n), dscale(4), dbias(4), both(2 * size_t(n));
    HIP_CHECK(hipMemcpy(dscale, scale, sizeof scale, hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(dbias, bias, sizeof bias, hipMemcpyHostToDevice));
    std::vector<float> got(n);
    auto run = [&](auto launch, float *in_, float *out_, const char *what, const float *bias_) {
      HIP_CHECK(hipMemcpy(in_, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
      launch();
      HIP_CHECK_LAUNCH();
      HIP_CHECK(hipMemcpy(got.data(), out_, n * sizeof(float), hipMemcpyDeviceToHost));
      check(what, got, reference(in, scale, bias_, n));
    };
    run([&] { reverseTiles<kDistinct>(din, dscale, nullptr, dout, n); }, din, dout, "distinct", nullptr);
    run([&] { reverseTiles<kInPlace>(din, dscale, nullptr, din, n); }, din, din, "in place", nullptr);
    run([&] { reverseTiles<kModuleScale>(din, moduleScale(), nullptr, dout, n); }, din, dout, "module scale", nullptr);
    run([&] { reverseTiles<kSharedBuffer>(both, dscale, nullptr, both + n, n); }, both, both + n, "one buffer", nullptr);
    run([&] { reverseTiles<kDistinctBias>(din, dscale, dbias, dout, n); }, din, dout, "distinct bias", bias);
  }
  return e2e::finish("disjoint_pointers child");
}

// Whether the log shows a pipeline of case C's kernel from the disjoint-pointer variant, and any.
struct Choice {
  bool variant = false, fallback = false;
};

Choice choiceOf(const std::string &log, int c) {
  // Itanium mangling of disjoint::reverse_tiles<C>: ...reverse_tilesILiC...
  const std::string name = "reverse_tilesILi" + std::to_string(c) + "E";
  Choice choice;
  for (size_t at = log.find("creating pipeline "); at != std::string::npos; at = log.find("creating pipeline ", at + 1)) {
    const std::string line = log.substr(at, log.find('\n', at) - at);
    if (line.find(name) == std::string::npos) continue;
    (line.find("disjoint pointer arguments") != std::string::npos ? choice.variant : choice.fallback) = true;
  }
  return choice;
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "child") == 0) return runCases();
  const std::string command = "HIPVK_LOG=1 " + std::string(argv[0]) + " child 2>&1";
  std::unique_ptr<FILE, int (*)(FILE *)> pipe(popen(command.c_str(), "r"), pclose);
  e2e::check(pipe != nullptr, "popen of the child");
  std::string log;
  char buffer[4096];
  for (size_t got; pipe && (got = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) log.append(buffer, got);
  const int status = pipe ? pclose(pipe.release()) : -1;
  if (WIFEXITED(status) && WEXITSTATUS(status) == e2e::kSkipExitCode) {  // the device has no code for a kernel
    std::fputs(log.c_str(), stderr);
    return e2e::kSkipExitCode;
  }
  e2e::check(status == 0 && log.find("PASS") != std::string::npos, "the child's cases (run it with 'child' to see them)");
  if (status != 0) std::fputs(log.c_str(), stderr);
  // The variant is one of the native modules: where the portable modules run (a device without
  // 64-bit integers, or HIPVK_DISABLE_FEATURES), every case takes the fallback.
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const bool portable = std::getenv("HIPVK_DISABLE_FEATURES") || std::strstr(prop.name, "SwiftShader");
  for (int c : {kDistinct, kDistinctBias}) {
    Choice choice = choiceOf(log, c);
    if (portable) e2e::check(choice.fallback && !choice.variant, ("case " + std::to_string(c) + " runs the portable fallback").c_str());
    else e2e::check(choice.variant && !choice.fallback, ("case " + std::to_string(c) + " runs the disjoint-pointer variant").c_str());
  }
  for (int c : {kInPlace, kModuleScale, kSharedBuffer}) {
    Choice choice = choiceOf(log, c);
    e2e::check(choice.fallback && !choice.variant, ("case " + std::to_string(c) + " runs the fallback").c_str());
  }
  return e2e::finish("disjoint_pointers");
}
