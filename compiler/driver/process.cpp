#include "process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char **environ;

namespace hipcc {

std::optional<std::string> getEnv(const EnvVar &var) {
  const char *v = std::getenv(var.name);
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

std::vector<std::string> splitSpaces(const std::string &s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n') {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// ---- diagnostics ---------------------------------------------------------------------------------
void error(const std::string &msg) { std::fprintf(stderr, "hipcc: error: %s\n", msg.c_str()); }

// ---- temporary directory -------------------------------------------------------------------------
namespace {
std::string g_tmpDir;
volatile std::sig_atomic_t g_signal = 0;
}  // namespace

// The background commands not finished yet (startInBackground).
static std::vector<pid_t> g_background;

static void stopBackground() {
  for (pid_t pid : g_background) {
    kill(pid, SIGTERM);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  g_background.clear();
}

static void removeTmpDir() {
  if (g_tmpDir.empty()) return;
  std::error_code ec;
  fs::remove_all(g_tmpDir, ec);
  g_tmpDir.clear();
}

[[noreturn]] void exitWith(int code) {
  stopBackground();
  removeTmpDir();
  if (int sig = g_signal) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  std::exit(code);
}

[[noreturn]] void fatal(const std::string &msg) {
  error(msg);
  exitWith(1);
}

const std::string &tmpDir() {
  if (g_tmpDir.empty()) {
    std::string base = "/tmp";
    if (const char *t = std::getenv("TMPDIR"); t && *t) base = t;
    std::string templ = base + "/hipcc-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
      fatal("cannot create a temporary directory in " + base + ": " + std::strerror(errno));
    g_tmpDir = buf.data();
  }
  return g_tmpDir;
}

void onSignal(int sig) { g_signal = sig; }

// ---- running child processes ----------------------------------------------------------------------
bool g_verbose = false;
bool g_dryRun = false;

static std::string shellQuote(const std::string &s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_-+=/.,:@%") == std::string::npos)
    return s;
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

void printCommand(const std::vector<std::string> &argv) {
  std::string line;
  for (size_t i = 0; i < argv.size(); ++i) {
    if (i) line += ' ';
    line += shellQuote(argv[i]);
  }
  std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

// Starts argv[0] (searched in PATH when it has no slash).
static pid_t spawn(const std::vector<std::string> &argv, const std::string &stderrPath) {
  std::vector<char *> cargv;
  for (const auto &a : argv) cargv.push_back(const_cast<char *>(a.c_str()));
  cargv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!stderrPath.empty())
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid;
  int rc = posix_spawnp(&pid, cargv[0], &actions, nullptr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) fatal("cannot run '" + argv[0] + "': " + std::strerror(rc));
  return pid;
}

static int waitFor(pid_t pid, const std::string &program);

int run(const std::vector<std::string> &argv) {
  if (g_verbose || g_dryRun) printCommand(argv);
  if (g_dryRun) return 0;
  return waitFor(spawn(argv, {}), argv[0]);
}

BackgroundRun startInBackground(const Command &command) {
  if (g_verbose || g_dryRun) printCommand(command.argv);
  if (g_dryRun) return {};
  BackgroundRun run{spawn(command.argv, command.stderrPath), command.argv[0]};
  g_background.push_back(run.pid);
  return run;
}

int finish(BackgroundRun &run) {
  if (run.pid == 0) return 0;
  std::erase(g_background, run.pid);
  const int status = waitFor(run.pid, run.program);
  run.pid = 0;
  return status;
}

// Each started in the background, then each waited for: hipcc's exit paths stop them too.
std::vector<int> runAll(const std::vector<Command> &commands) {
  std::vector<BackgroundRun> runs;
  for (const Command &c : commands) runs.push_back(startInBackground(c));
  std::vector<int> statuses;
  for (BackgroundRun &r : runs) statuses.push_back(finish(r));
  return statuses;
}

// Waits for a child. A child killed by a signal makes hipcc report it; a signal hipcc itself
// receives (Ctrl-C reaches the whole process group) is re-raised after cleanup.
static int waitFor(pid_t pid, const std::string &program) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) fatal(std::string("waitpid failed: ") + std::strerror(errno));
  }
  if (g_signal) {
    stopBackground();
    removeTmpDir();
    int sig = g_signal;
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    std::exit(128 + sig);
  }
  if (WIFSIGNALED(status)) {
    error("'" + fs::path(program).filename().string() + "' terminated by signal " +
          std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")");
    return 128 + WTERMSIG(status);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

void runOrExit(const std::vector<std::string> &argv) {
  int rc = run(argv);
  if (rc != 0) exitWith(rc);
}

bool isFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

}  // namespace hipcc
