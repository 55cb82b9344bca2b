// What hipvk does about a driver whose shader compiler crashes the process instead of failing:
// SwiftShader (Debian 12's chromium-common 156.0.8078.108) inlines every call before compiling,
// and its compiler (Subzero) dies with a null dereference on some large kernels. Size alone does
// not predict it: of the e2e and math kernels in software doubles, some of 174K-600K SPIR-V words
// once inlined crashed it while others of 256K-401K compiled; none larger compiled (411K,
// 549K, 599K and all of 747K and more crashed it, after up to 90 s of compiling). Kernels above
// kSwiftShaderInlinedWords (450K) are refused outright; from kIsolatedInlinedWords (150K) on, the pipeline is first compiled in a
// forked child, and a kernel whose child dies is refused, naming why, while the program goes on
// (docs/HIP_ON_VULKAN.md, "Devices without 64-bit types (SwiftShader)").
#include "device/device.h"

#include <chrono>
#include <csignal>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace hipvk {

namespace {

// Above the largest kernel seen to compile (400,643 words): finding out in a child costs a minute or
// more and has never ended in a kernel that runs.
constexpr size_t kSwiftShaderInlinedWords = 450'000;
// Below the smallest kernel seen to crash it (174K words): from here the second compilation is
// worth the safety.
constexpr size_t kIsolatedInlinedWords = 150'000;
// A child that takes longer (a lock another thread held when it forked) proves nothing: the
// kernel is then compiled in the process as any other.
constexpr auto kChildPatience = std::chrono::minutes(5);

bool crashesOnLargeKernels(VkDriverId driver) { return driver == VK_DRIVER_ID_GOOGLE_SWIFTSHADER; }

} // namespace

std::string Device::cannotCompileInlinedWords(size_t words) const {
  if (!crashesOnLargeKernels(v12Props_.driverID) || words <= kSwiftShaderInlinedWords) return {};
  return "a shader compiler that takes kernels of up to " + std::to_string(kSwiftShaderInlinedWords) +
         " SPIR-V words once their calls are inlined (this module has " + std::to_string(words) +
         "; SwiftShader's crashes on larger ones)";
}

std::string Device::crashesCompiling(size_t inlinedWords, VkShaderModule module, const char *entryPoint,
                                     const std::array<uint32_t, 4> &specialization, uint32_t waveSize) {
  if (!crashesOnLargeKernels(v12Props_.driverID) || inlinedWords < kIsolatedInlinedWords) return {};
  const pid_t child = fork();
  if (child < 0) return {}; // no isolation to be had: compile as usual
  if (child == 0) {
    // Only this thread exists here: no destructor or exit handler runs (they would tear down the
    // parent's device state); the pipeline dies with the process.
    try {
      createPipeline(module, entryPoint, specialization, waveSize).release();
    } catch (...) {
      _exit(1); // an error the parent's own compilation will report
    }
    _exit(0);
  }
  const auto deadline = std::chrono::steady_clock::now() + kChildPatience;
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(child, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (done == 0) {
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    return {};
  }
  if (done < 0 || !WIFSIGNALED(status)) return {};
  return "a shader compiler that survives it (SwiftShader's died of signal " + std::to_string(WTERMSIG(status)) +
         " compiling it, in a child process hipvk ran to find out; " + std::to_string(inlinedWords) +
         " SPIR-V words once inlined)";
}

} // namespace hipvk
