// HIPVK_KERNEL_TIMEOUT (docs/HIP_ON_VULKAN.md, "Errors"): a kernel that never ends makes the
// synchronising calls fail with hipErrorLaunchTimeOut after the timeout instead of hanging, the
// fault is sticky, and the process still exits with its own status. The endless kernel runs in a
// child (kernel_timeout_hang) so that a hang fails this test by its time limit rather than
// hanging the suite; the child inherits the environment (subgroup width, validation).
#include <hip/hip_runtime.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "test_common.h"

namespace {

struct Outcome {
  std::string error;
  double seconds = -1;
};

// "what: error seconds s" lines of the child's output.
std::map<std::string, Outcome> parse(const std::string &output) {
  std::map<std::string, Outcome> found;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    std::istringstream rest(line.substr(colon + 2));
    Outcome o;
    rest >> o.error >> o.seconds;
    found[line.substr(0, colon)] = o;
  }
  return found;
}

}  // namespace

int main(int, char **argv) {
  std::string dir(argv[0]);
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  const double timeout = 1.0;
  setenv("HIPVK_KERNEL_TIMEOUT", "1", 1);
  // Per process: the four runs of this test may go at once.
  const std::string log =
      (std::filesystem::temp_directory_path() / ("hipvk_kernel_timeout." + std::to_string(getpid()) + ".out")).string();
  const std::string command = dir + "kernel_timeout_hang 7 > " + log;
  auto start = std::chrono::steady_clock::now();
  int status = std::system(command.c_str());
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status) && WEXITSTATUS(status) == e2e::kSkipExitCode) return e2e::kSkipExitCode;  // no code for the device
  e2e::check(WIFEXITED(status) && WEXITSTATUS(status) == 7, "the child exits with the status main returned");
  // Device setup, one timeout, and an exit that waits for nothing (generous for a loaded machine).
  e2e::check(wall < 60, "the child finishes (no hang at the timeout or at exit)");

  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  std::map<std::string, Outcome> got = parse(text.str());
  e2e::check(text.str().find("before the hang: results correct") != std::string::npos, "device works before the hang");
  e2e::check(got["launch of the endless kernel"].error == "hipSuccess", "the endless kernel launches");
  const Outcome &first = got["hipStreamSynchronize"];
  e2e::check(first.error == "hipErrorLaunchTimeOut", "hipStreamSynchronize times out");
  e2e::check(first.seconds >= timeout * 0.95, "hipStreamSynchronize waits the whole timeout");
  for (const char *call : {"hipDeviceSynchronize", "hipStreamQuery", "hipMemcpy", "launch after the fault"}) {
    const Outcome &o = got[call];
    e2e::check(o.error == "hipErrorLaunchTimeOut", (std::string(call) + " reports the sticky timeout").c_str());
    e2e::check(o.seconds >= 0 && o.seconds < timeout * 0.5, (std::string(call) + " fails at once").c_str());
  }
  const Outcome &destroyed = got["hipStreamDestroy"];
  e2e::check(destroyed.error == "hipSuccess" || destroyed.error == "hipErrorLaunchTimeOut",
             "hipStreamDestroy of the hung stream answers");
  e2e::check(destroyed.seconds >= 0 && destroyed.seconds < timeout * 0.5, "hipStreamDestroy returns at once");
  if (e2e::g_failures) std::fputs(text.str().c_str(), stderr);
  std::remove(log.c_str());
  return e2e::finish("kernel_timeout");
}
