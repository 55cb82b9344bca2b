// hipcc's process plumbing: the environment variables it reads, diagnostics, its private
// temporary directory, and child processes (posix_spawn, no shell).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hipcc {

namespace fs = std::filesystem;

// ---- environment variables: every variable hipcc reads is listed here ---------------------------
struct EnvVar {
  const char *name;
  const char *help;
};
inline constexpr EnvVar kEnvClang{"HIPVK_CLANG", "clang++ used for device, host and link steps"};
inline constexpr EnvVar kEnvBackend{"HIPVK_SPIRV", "path of the hipvk-spirv backend"};
inline constexpr EnvVar kEnvVerbose{"HIPCC_VERBOSE",
                              "bit mask: 1 print the commands (like -v), 2 the paths, 4 the arguments"};
inline constexpr EnvVar kEnvCompileAppend{"HIPCC_COMPILE_FLAGS_APPEND",
                                   "extra flags appended to every compile (space separated)"};
inline constexpr EnvVar kEnvLinkAppend{"HIPCC_LINK_FLAGS_APPEND",
                                "extra flags appended to the link (space separated)"};
inline constexpr EnvVar kAllEnvVars[] = {kEnvClang, kEnvBackend, kEnvVerbose, kEnvCompileAppend,
                                  kEnvLinkAppend};

std::optional<std::string> getEnv(const EnvVar &var);
std::vector<std::string> splitSpaces(const std::string &s);

// ---- diagnostics and exit ---------------------------------------------------------------------------
void error(const std::string &msg);              // "hipcc: error: <msg>" on stderr
[[noreturn]] void fatal(const std::string &msg); // error(), clean up, exit 1
[[noreturn]] void exitWith(int code);            // clean up (and re-raise a received signal), exit
void onSignal(int sig);                          // SIGINT/SIGTERM/SIGHUP handler

// The private temporary directory (created on first use, removed at exit).
const std::string &tmpDir();

// ---- child processes ------------------------------------------------------------------------------
extern bool g_verbose;  // -v: print every command
extern bool g_dryRun;   // -###: print, do not run
void printCommand(const std::vector<std::string> &argv);
// Runs argv[0] (searched in PATH when it has no slash) and returns its exit status.
int run(const std::vector<std::string> &argv);
void runOrExit(const std::vector<std::string> &argv);  // exits with the child's status on failure
// A command for runAll: its standard error goes to `stderrPath` when that is set.
struct Command {
  std::vector<std::string> argv;
  std::string stderrPath;
};
// Runs the commands at the same time and returns their exit statuses, in order.
std::vector<int> runAll(const std::vector<Command> &commands);
// A command started to run beside hipcc's next steps (startInBackground), until finish() waits for
// it. hipcc's exit paths (exitWith, fatal) stop such commands first.
struct BackgroundRun {
  int pid = 0;  // 0: nothing runs (-###)
  std::string program;
};
BackgroundRun startInBackground(const Command &command);
int finish(BackgroundRun &run);  // its exit status

bool isFile(const fs::path &p);

}  // namespace hipcc
