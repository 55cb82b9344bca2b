// hipcc — the hipvk compiler driver.
//
// Compiles HIP programs to host objects that embed Vulkan SPIR-V, and links them against libhipvk.
// For every HIP source it runs three child processes (docs/ABI.md, docs/HIP_ON_VULKAN.md):
//   1. clang++ -x hip --cuda-device-only --offload-arch=gfx900 -emit-llvm   -> <stem>.device.bc
//   2. hipvk-spirv <stem>.device.bc -o <stem>.hipfb                         -> SPIR-V + metadata
//   3. clang++ -x hip --cuda-host-only -fcuda-include-gpubinary <stem>.hipfb -> <stem>.o
// and finally links the objects with -lhipvk and an rpath to libhipvk's directory.
//
// It links no LLVM: every step is a child process started with posix_spawn (no shell, so no
// quoting issues). Intermediate files live in a private mkdtemp directory, removed at exit unless
// --save-temps asks to keep them next to the output.

#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

extern char **environ;

namespace fs = std::filesystem;

namespace {

// ---- configuration baked in at build time ------------------------------------------------------
#ifndef HIPVK_DEFAULT_CLANGXX
#define HIPVK_DEFAULT_CLANGXX "clang++-19"
#endif
#ifndef HIPVK_SOURCE_INCLUDE_DIR
#define HIPVK_SOURCE_INCLUDE_DIR ""
#endif
#ifndef HIPVK_BUILD_BIN_DIR
#define HIPVK_BUILD_BIN_DIR ""
#endif
#ifndef HIPVK_BUILD_LIB_DIR
#define HIPVK_BUILD_LIB_DIR ""
#endif
#ifndef HIPVK_VERSION_STRING
#define HIPVK_VERSION_STRING "0.0.0"
#endif

// The HIP version hipcc reports (the HIP API level the headers follow).
constexpr const char *kHipVersion = "6.2.0";
// Device IR flavour fixed by docs/ABI.md.
constexpr const char *kDeviceArch = "gfx900";
constexpr const char *kBackendName = "hipvk-spirv";
constexpr const char *kRuntimeLib = "hipvk";

// ---- environment variables: every variable hipcc reads is listed here ---------------------------
struct EnvVar {
  const char *name;
  const char *help;
};
constexpr EnvVar kEnvClang{"HIPVK_CLANG", "clang++ used for device, host and link steps"};
constexpr EnvVar kEnvBackend{"HIPVK_SPIRV", "path of the hipvk-spirv backend"};
constexpr EnvVar kEnvVerbose{"HIPCC_VERBOSE",
                              "bit mask: 1 print the commands (like -v), 2 the paths, 4 the arguments"};
constexpr EnvVar kEnvCompileAppend{"HIPCC_COMPILE_FLAGS_APPEND",
                                   "extra flags appended to every compile (space separated)"};
constexpr EnvVar kEnvLinkAppend{"HIPCC_LINK_FLAGS_APPEND",
                                "extra flags appended to the link (space separated)"};
constexpr EnvVar kAllEnvVars[] = {kEnvClang, kEnvBackend, kEnvVerbose, kEnvCompileAppend,
                                  kEnvLinkAppend};

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
[[noreturn]] void fatal(const std::string &msg);

void error(const std::string &msg) { std::fprintf(stderr, "hipcc: error: %s\n", msg.c_str()); }

// ---- temporary directory -------------------------------------------------------------------------
std::string g_tmpDir;
volatile std::sig_atomic_t g_signal = 0;

void removeTmpDir() {
  if (g_tmpDir.empty()) return;
  std::error_code ec;
  fs::remove_all(g_tmpDir, ec);
  g_tmpDir.clear();
}

[[noreturn]] void exitWith(int code) {
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
bool g_dryRun = false;  // -###

std::string shellQuote(const std::string &s) {
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

// Runs argv[0] (searched in PATH when it has no slash) and returns its exit status. A child killed
// by a signal makes hipcc clean up and exit; a signal hipcc itself receives (Ctrl-C reaches the
// whole process group) is re-raised after cleanup.
int run(const std::vector<std::string> &argv) {
  if (g_verbose || g_dryRun) printCommand(argv);
  if (g_dryRun) return 0;
  std::vector<char *> cargv;
  for (const auto &a : argv) cargv.push_back(const_cast<char *>(a.c_str()));
  cargv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid;
  int rc = posix_spawnp(&pid, cargv[0], nullptr, nullptr, cargv.data(), environ);
  if (rc != 0) fatal("cannot run '" + argv[0] + "': " + std::strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) fatal(std::string("waitpid failed: ") + std::strerror(errno));
  }
  if (g_signal) {
    removeTmpDir();
    int sig = g_signal;
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    std::exit(128 + sig);
  }
  if (WIFSIGNALED(status)) {
    error("'" + fs::path(argv[0]).filename().string() + "' terminated by signal " +
          std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")");
    return 128 + WTERMSIG(status);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

void runOrExit(const std::vector<std::string> &argv) {
  int rc = run(argv);
  if (rc != 0) exitWith(rc);
}

// ---- locating the toolchain ----------------------------------------------------------------------
struct Toolchain {
  std::string clang;
  std::string backend;
  std::string includeDir;  // the directory that holds hip/hip_runtime.h
  std::string libDir;      // the directory that holds libhipvk.so
};

bool isFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

fs::path selfDir(const char *argv0) {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) exe = fs::absolute(argv0, ec);
  return exe.parent_path();
}

Toolchain locate(const char *argv0) {
  Toolchain tc;
  fs::path bin = selfDir(argv0);
  fs::path prefix = bin.parent_path();

  tc.clang = getEnv(kEnvClang).value_or(HIPVK_DEFAULT_CLANGXX);

  if (auto b = getEnv(kEnvBackend)) {
    tc.backend = *b;
  } else {
    tc.backend = (bin / kBackendName).string();
    if (!isFile(tc.backend) && *HIPVK_BUILD_BIN_DIR &&
        isFile(fs::path(HIPVK_BUILD_BIN_DIR) / kBackendName))
      tc.backend = (fs::path(HIPVK_BUILD_BIN_DIR) / kBackendName).string();
  }

  // Install tree first (<prefix>/include), then the source tree of a build tree.
  if (isFile(prefix / "include" / "hip" / "hip_runtime.h"))
    tc.includeDir = (prefix / "include").string();
  else if (*HIPVK_SOURCE_INCLUDE_DIR &&
           isFile(fs::path(HIPVK_SOURCE_INCLUDE_DIR) / "hip" / "hip_runtime.h"))
    tc.includeDir = HIPVK_SOURCE_INCLUDE_DIR;

  const std::string so = std::string("lib") + kRuntimeLib + ".so";
  for (const fs::path &d : {bin, prefix / "lib", prefix / "lib64", fs::path(HIPVK_BUILD_LIB_DIR)}) {
    if (!d.empty() && isFile(d / so)) {
      tc.libDir = fs::weakly_canonical(d).string();
      break;
    }
  }
  if (tc.libDir.empty()) tc.libDir = bin.string();  // reported at link time if still missing
  return tc;
}

// ---- command line --------------------------------------------------------------------------------
enum class Lang { Hip, Cxx, C, Object, Asm };

struct Input {
  std::string path;
  Lang lang;
};

enum class Phase { Link, Compile, Assemble /* -S */, Preprocess, SyntaxOnly, CodeObject /* --genco */,
                   StaticLib /* --emit-static-lib */ };

struct Options {
  std::vector<Input> inputs;
  // Link inputs and link flags in command-line order (objects, -l, -L, -Wl, ...). Compiled sources
  // are inserted where their source appeared. Empty string entries mark source positions.
  std::vector<std::string> linkItems;
  std::vector<size_t> sourceLinkSlot;  // linkItems index for each compiled input
  std::vector<std::string> common;     // flags for device and host compiles (-I -D -std -W -f ...)
  std::vector<std::string> hostOnly;   // -fPIC, -MD, -Wa, ...
  std::vector<std::string> deviceOnly; // -Xarch_device
  std::vector<std::string> linkOnly;   // -shared, -pthread, ...
  std::optional<std::string> output;
  std::optional<std::string> optLevel;  // "-O2"
  std::optional<std::string> debug;     // "-g", "-g0", "-gline-tables-only", ...
  Phase phase = Phase::Link;
  bool saveTemps = false;
  bool printVersion = false;
  bool printHelp = false;
  bool shared = false;
  bool rdc = false;  // -fgpu-rdc: relocatable device code, linked and compiled at the link
};

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

template <size_t N> bool startsWithAny(std::string_view s, const char *const (&prefixes)[N]) {
  for (const char *p : prefixes)
    if (startsWith(s, p)) return true;
  return false;
}

std::string lower(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Language of a file given the current -x setting ("" = none).
Lang classify(const std::string &path, const std::string &xlang) {
  const std::string rawExt = fs::path(path).extension().string();
  const std::string ext = lower(rawExt);
  if (ext == ".o" || ext == ".a" || ext == ".so" || ext == ".obj" || ext == ".lo" ||
      path.find(".so.") != std::string::npos)
    return Lang::Object;
  if (xlang == "hip" || xlang == "cuda" || xlang == "cu") return Lang::Hip;
  if (xlang == "c++") return Lang::Cxx;
  if (xlang == "c") return Lang::C;
  if (xlang == "assembler" || xlang == "assembler-with-cpp") return Lang::Asm;
  if (ext == ".hip" || ext == ".cu") return Lang::Hip;
  if (rawExt == ".C" || ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c++" ||
      ext == ".cp")
    return Lang::Cxx;
  if (ext == ".c") return Lang::C;
  if (ext == ".s") return Lang::Asm;
  return Lang::Object;  // anything else goes to the linker, like clang does
}

const char *kHelp =
    "usage: hipcc [options] <inputs>\n"
    "\n"
    "Compiles HIP programs to Vulkan SPIR-V (hipvk) and links them with libhipvk.\n"
    "Inputs: .hip/.cu are HIP; .cpp/.cc/.cxx are HIP after '-x hip', plain C++ otherwise;\n"
    "        .c is C; .o/.a/.so go to the linker.\n"
    "\n"
    "Options (everything else is passed on to clang):\n"
    "  -o <file>            output file\n"
    "  -c / -S / -E         compile only / host assembly / preprocess (host side)\n"
    "  -fsyntax-only        check syntax of host and device code\n"
    "  -x <lang>            hip, cuda, c++, c, none\n"
    "  -I -D -U -include -isystem -std=   preprocessor and language flags (host and device)\n"
    "  -O0..-O3 -Os -Oz     optimisation (default -O3, host and device)\n"
    "  -g                   full debug info (device code always keeps line tables)\n"
    "  -L -l -Wl, -Xlinker -shared -pthread   link flags\n"
    "  -Xarch_host <f> / -Xarch_device <f>    a flag for one side only\n"
    "  --offload-arch=<a>   accepted and ignored: SPIR-V runs on every Vulkan device\n"
    "  --save-temps         keep <stem>.device.bc, <stem>.spv, <stem>.hipfb next to the output\n"
    "  -v                   print every command; -### print without running\n"
    "  --version            print versions\n"
    "\n"
    "Environment:\n";

void printHelp() {
  std::fputs(kHelp, stdout);
  for (const auto &v : kAllEnvVars) std::printf("  %-28s %s\n", v.name, v.help);
}

// -f flags that make no sense for the amdgcn device compile.
bool hostOnlyFFlag(const std::string &a) {
  static const char *const kPrefixes[] = {"-fPIC", "-fpic", "-fPIE", "-fpie", "-fno-pic", "-fno-pie",
                                    "-fno-PIC", "-fno-PIE", "-fstack-protector", "-fno-stack-protector",
                                    "-fsanitize", "-fno-sanitize", "-fprofile", "-fno-profile",
                                    "-fcoverage", "-fopenmp", "-fcf-protection", "-fstack-clash",
                                    "-fno-omit-frame-pointer", "-fomit-frame-pointer",
                                    "-fasynchronous-unwind-tables", "-funwind-tables",
                                    "-fno-asynchronous-unwind-tables", "-fno-unwind-tables",
                                    "-fsplit-stack", "-fxray", "-flto", "-fno-lto",
                                    "-fuse-ld", "-fvisibility", "-fdebug-prefix-map",
                                    "-ffile-prefix-map"};
  return startsWithAny(a, kPrefixes);
}

// Flags that only the link step wants.
bool linkOnlyFlag(const std::string &a) {
  static const char *const kPrefixes[] = {"-fuse-ld", "-static", "-rdynamic", "-nostdlib",
                                    "-nodefaultlibs", "-nostartfiles", "-pie", "-no-pie", "-B",
                                    "-rtlib=", "--rtlib", "-unwindlib=", "--ld-path", "-shared-libgcc",
                                    "-shared-libsan", "-static-libsan"};
  return startsWithAny(a, kPrefixes);
}

// Compile flags the link step also wants.
bool alsoLinkFlag(const std::string &a) {
  static const char *const kPrefixes[] = {"-fsanitize", "-fno-sanitize", "-fprofile", "-fcoverage",
                                    "-fopenmp", "-flto", "-fno-lto", "--coverage", "-fxray",
                                    "-stdlib=", "-pthread", "-fno-pie", "-fPIE", "-fpie"};
  return startsWithAny(a, kPrefixes);
}

Options parse(int argc, char **argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (auto extra = getEnv(kEnvCompileAppend))
    for (auto &a : splitSpaces(*extra)) args.push_back(a);
  std::vector<std::string> linkAppend;
  if (auto extra = getEnv(kEnvLinkAppend)) linkAppend = splitSpaces(*extra);

  std::string xlang;
  bool endOfOptions = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&](const std::string &flag) -> std::string {
      if (i + 1 >= args.size()) fatal("argument to '" + flag + "' is missing (expected 1 value)");
      return args[++i];
    };
    auto addInput = [&](const std::string &path) {
      Lang lang = classify(path, xlang);
      o.inputs.push_back({path, lang});
      if (lang == Lang::Object) {
        o.linkItems.push_back(path);
      } else {
        o.sourceLinkSlot.push_back(o.linkItems.size());
        o.linkItems.push_back("");  // filled with the object later
      }
    };

    if (endOfOptions || a.empty() || a[0] != '-' || a == "-") {
      if (a == "-") fatal("reading the source from stdin is not supported");
      addInput(a);
      continue;
    }
    if (a == "--") { endOfOptions = true; continue; }

    // --- driver behaviour
    if (a == "--version" || a == "-version") { o.printVersion = true; continue; }
    if (a == "--help" || a == "-help" || a == "-h") { o.printHelp = true; continue; }
    if (a == "-v" || a == "--verbose") { g_verbose = true; continue; }
    if (a == "-###") { g_dryRun = true; continue; }
    if (a == "--save-temps" || a == "-save-temps" || startsWith(a, "-save-temps=") ||
        startsWith(a, "--save-temps=")) {
      o.saveTemps = true;
      continue;
    }
    if (a == "-c") { o.phase = Phase::Compile; continue; }
    if (a == "-S") { o.phase = Phase::Assemble; continue; }
    if (a == "-E") { o.phase = Phase::Preprocess; continue; }
    if (a == "-fsyntax-only") { o.phase = Phase::SyntaxOnly; continue; }
    if (a == "-o") { o.output = value(a); continue; }
    if (startsWith(a, "-o") && a.size() > 2) { o.output = a.substr(2); continue; }

    // --- language
    if (a == "-x" || (startsWith(a, "-x") && a.size() > 2)) {
      std::string l = a == "-x" ? value(a) : a.substr(2);
      if (l == "none") xlang.clear();
      else if (l == "hip" || l == "cuda" || l == "cu" || l == "c++" || l == "c" ||
               l == "assembler" || l == "assembler-with-cpp")
        xlang = l;
      else
        fatal("language '" + l + "' not recognized by -x (use hip, cuda, c++, c or none)");
      continue;
    }

    // --- target selection: SPIR-V is portable, so every offload target is accepted and ignored
    if (startsWith(a, "--offload-arch=") || startsWith(a, "-offload-arch=") ||
        startsWith(a, "--cuda-gpu-arch=") || startsWith(a, "--amdgpu-target=") ||
        startsWith(a, "--no-offload-arch=") || startsWith(a, "--gpu-architecture=") ||
        startsWith(a, "--offload=") || a == "--no-gpu-bundle-output" ||
        a == "--gpu-bundle-output" || a == "-use_fast_math" || a == "--hip-link" ||
        startsWith(a, "--rocm-path=") || startsWith(a, "--hip-path=") ||
        startsWith(a, "--hip-device-lib-path=") || a == "-nogpulib" || a == "-nogpuinc" ||
        a == "-fhip-new-launch-api") {
      continue;
    }
    if (a == "--offload-arch" || a == "-offload-arch") { (void)value(a); continue; }
    if (a == "-fgpu-rdc" || a == "-fcuda-rdc" || a == "-rdc=true") { o.rdc = true; continue; }
    if (a == "-fno-gpu-rdc" || a == "-fno-cuda-rdc" || a == "-rdc=false") { o.rdc = false; continue; }
    if (a == "--genco") { o.phase = Phase::CodeObject; continue; }
    if (a == "--emit-static-lib") { o.phase = Phase::StaticLib; continue; }
    if (a == "--cuda-device-only" || a == "--cuda-host-only" || a == "--offload-device-only" ||
        a == "--offload-host-only")
      fatal("'" + a + "' is not supported by hipcc; use -c");
    if (a == "-target" || a == "--target" || startsWith(a, "--target=") || startsWith(a, "-target="))
      fatal("'" + a + "' is not supported: hipvk builds for the host and Vulkan SPIR-V");
    if (a == "-emit-llvm") fatal("'-emit-llvm' is not supported; use --save-temps to keep the device IR");

    // --- optimisation and debug info
    if (startsWith(a, "-O")) { o.optLevel = a == "-O" ? "-O1" : a; continue; }
    if (a == "-g" || startsWith(a, "-g") ) {
      if (startsWith(a, "-gdwarf") || startsWith(a, "-gsplit") || startsWith(a, "-gz") ||
          startsWith(a, "-gcolumn") || startsWith(a, "-gno-") || startsWith(a, "-ggnu") ||
          a == "-gstrict-dwarf" || startsWith(a, "-gembed") || startsWith(a, "-gsimple")) {
        o.hostOnly.push_back(a);
        continue;
      }
      o.debug = a;
      continue;
    }

    // --- preprocessor / language flags for both sides
    if (a == "-I" || a == "-D" || a == "-U" || a == "-include" || a == "-isystem" ||
        a == "-iquote" || a == "-idirafter" || a == "-imacros" || a == "-include-pch" ||
        a == "-isysroot" || a == "--sysroot") {
      std::string v = value(a);
      o.common.push_back(a);
      o.common.push_back(v);
      continue;
    }
    if (startsWith(a, "-I") || startsWith(a, "-D") || startsWith(a, "-U") ||
        startsWith(a, "-std=") || startsWith(a, "--std=") || startsWith(a, "-isystem") ||
        startsWith(a, "-iquote") || startsWith(a, "--sysroot=") || startsWith(a, "-ffp-") ||
        startsWith(a, "-ffast-math") || startsWith(a, "-fno-fast-math") || a == "-w" ||
        startsWith(a, "-pedantic") || startsWith(a, "-ftemplate-") || startsWith(a, "-fconstexpr-") ||
        startsWith(a, "-fno-exceptions") || startsWith(a, "-fexceptions") ||
        startsWith(a, "-frtti") || startsWith(a, "-fno-rtti") || startsWith(a, "-fdiagnostics") ||
        startsWith(a, "-fcolor-diagnostics") || startsWith(a, "-fno-color-diagnostics") ||
        startsWith(a, "-ferror-limit") || startsWith(a, "-fmacro-backtrace-limit") ||
        startsWith(a, "-fgnu89") || startsWith(a, "-fms-") || startsWith(a, "-fno-ms-")) {
      o.common.push_back(a);
      continue;
    }

    // --- warnings: -Wl, / -Wa, / -Wp, are not warnings
    if (startsWith(a, "-Wl,")) { o.linkItems.push_back(a); continue; }
    if (startsWith(a, "-Wa,")) { o.hostOnly.push_back(a); continue; }
    if (startsWith(a, "-Wp,")) { o.common.push_back(a); continue; }
    if (startsWith(a, "-W")) { o.common.push_back(a); continue; }

    // --- dependency files: written by the host compile only (it sees every #include)
    if (a == "-MF" || a == "-MT" || a == "-MQ") {
      std::string v = value(a);
      o.hostOnly.push_back(a);
      o.hostOnly.push_back(v);
      continue;
    }
    if (a == "-M" || a == "-MM") { o.phase = Phase::Preprocess; }  // only the dependency list
    if (startsWith(a, "-M")) { o.hostOnly.push_back(a); continue; }

    // --- link
    if (a == "-L" || a == "-l" || a == "-Xlinker" || a == "-z" || a == "-u" || a == "-T" ||
        a == "-e") {
      std::string v = value(a);
      o.linkItems.push_back(a);
      o.linkItems.push_back(v);
      continue;
    }
    if (startsWith(a, "-L") || startsWith(a, "-l")) { o.linkItems.push_back(a); continue; }
    if (a == "-shared") { o.shared = true; o.linkOnly.push_back(a); continue; }

    // --- side-specific escapes
    if (a == "-Xarch_host") { o.hostOnly.push_back(value(a)); continue; }
    if (a == "-Xarch_device") { o.deviceOnly.push_back(value(a)); continue; }
    // Device code generation flags (the host pass would warn that they are unused).
    if (startsWith(a, "-fgpu-flush-denormals-to-zero") || startsWith(a, "-fno-gpu-flush-denormals-to-zero") ||
        startsWith(a, "-fgpu-approx-transcendentals") || startsWith(a, "-fno-gpu-approx-transcendentals") ||
        startsWith(a, "-fhip-fp32-correctly-rounded-divide-sqrt") ||
        startsWith(a, "-fno-hip-fp32-correctly-rounded-divide-sqrt")) {
      o.deviceOnly.push_back(a);
      continue;
    }
    if (a == "-Xclang" || a == "-mllvm") {
      std::string v = value(a);
      o.common.push_back(a);
      o.common.push_back(v);
      continue;
    }
    if (a == "-Xassembler") {
      std::string v = value(a);
      o.hostOnly.push_back(a);
      o.hostOnly.push_back(v);
      continue;
    }

    // --- -f / -m and anything else
    if (linkOnlyFlag(a)) { o.linkOnly.push_back(a); continue; }
    if (alsoLinkFlag(a)) o.linkOnly.push_back(a);
    if (a == "-pthread" || startsWith(a, "-stdlib=")) { o.common.push_back(a); continue; }
    if (hostOnlyFFlag(a) || startsWith(a, "-m")) {  // -march, -mavx2 ... describe the host CPU
      o.hostOnly.push_back(a);
      continue;
    }
    // Long options are hipcc's or clang's driver options; an unknown one is a typo or a flag of
    // another toolchain (nvcc's), which clang would misread as an input.
    static const char *const kClangLongOptions[] = {"--coverage", "--gcc-toolchain=", "--gcc-install-dir=",
                                                    "--config", "--no-default-config", "--param"};
    if (startsWith(a, "--") && !startsWithAny(a, kClangLongOptions))
      fatal("unknown or unsupported argument '" + a + "' (see hipcc --help)");
    o.common.push_back(a);  // unknown: clang decides, on both sides
  }
  for (auto &a : linkAppend) o.linkItems.push_back(a);
  return o;
}

// ---- compile steps -------------------------------------------------------------------------------
struct Driver {
  Toolchain tc;
  Options opt;

  std::vector<std::string> preamble(bool hip) const {
    std::vector<std::string> v;
    v.push_back("-D__HIPVK__=1");
    v.push_back("-D__HIP_PLATFORM_AMD__=1");
    if (!tc.includeDir.empty()) {
      v.push_back("-I" + tc.includeDir);
    }
    if (hip) {
      v.push_back("-include");
      v.push_back("hip/hip_runtime.h");
    }
    return v;
  }

  std::string optLevel() const { return opt.optLevel.value_or("-O3"); }

  // Clang names a per-TU symbol after the compilation unit id (__hip_cuid_<id>); the device and
  // the host pass of one TU must agree on it and two TUs must differ, or the link fails with
  // duplicate __hip_cuid_ symbols. FNV-1a of the source and object paths.
  static std::string cuid(const Input &in, const std::string &out) {
    std::error_code ec;
    std::string key = fs::absolute(in.path, ec).string() + '\n' + fs::absolute(out, ec).string();
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    // The device pass takes it as a driver flag (with -Xclang the driver would add its own after it);
    // for --cuda-host-only the driver drops it, so the host pass gets it through -Xclang.
    return std::string("-cuid=") + buf;
  }

  // Where the kept intermediates of one source go: "<dir of output>/<stem of source>".
  std::string tempPrefix(const Input &in, const std::string &objOut) const {
    std::string stem = fs::path(in.path).stem().string();
    if (opt.saveTemps) {
      fs::path dir = fs::path(objOut).parent_path();
      if (opt.phase == Phase::Link && opt.output) dir = fs::path(*opt.output).parent_path();
      return (dir / stem).string();
    }
    // Unique per input inside the private directory (two inputs may share a stem).
    static int counter = 0;
    return (fs::path(tmpDir()) / (stem + "-" + std::to_string(counter++))).string();
  }

  void checkInput(const Input &in) const {
    std::error_code ec;
    if (!fs::exists(in.path, ec)) fatal("no such file or directory: '" + in.path + "'");
    if (fs::is_directory(in.path, ec)) fatal("'" + in.path + "' is a directory, not a source file");
  }

  void requireBackend() const {
    if (!g_dryRun && !isFile(tc.backend))
      fatal("the hipvk backend '" + tc.backend + "' does not exist (set " +
            std::string(kEnvBackend.name) + " or build the hipvk-spirv target)");
  }

  // Device pass: clang's device IR of one source, returns the bitcode's path (or nothing for
  // -fsyntax-only).
  std::string compileDeviceIR(const Input &in, const std::string &prefix, const std::string &objOut,
                              bool syntaxOnly) {
    std::string bc = prefix + ".device.bc";
    std::vector<std::string> cmd = {tc.clang, "-x", "hip", "--cuda-device-only",
                                    std::string("--offload-arch=") + kDeviceArch, "-nogpulib",
                                    "-nogpuinc", "-fhip-new-launch-api", cuid(in, objOut)};
    if (opt.rdc) cmd.push_back("-fgpu-rdc");
    // warpSize is a run-time value on Vulkan: the amdgcn wavefront-size macros would lie.
    cmd.insert(cmd.end(), {"-U__AMDGCN_WAVEFRONT_SIZE", "-U__AMDGCN_WAVEFRONT_SIZE__"});
    auto pre = preamble(true);
    cmd.insert(cmd.end(), pre.begin(), pre.end());
    cmd.push_back(optLevel());
    // Line tables always, so that backend errors carry file:line; full info only on request.
    if (opt.debug && *opt.debug != "-g0") cmd.push_back(*opt.debug);
    else cmd.push_back("-gline-tables-only");
    if (optLevel() == "-O0") {
      // Keep -O0 IR free of optnone so that the backend may still inline and promote.
      cmd.insert(cmd.end(), {"-Xclang", "-disable-O0-optnone"});
    }
    cmd.insert(cmd.end(), opt.common.begin(), opt.common.end());
    cmd.insert(cmd.end(), opt.deviceOnly.begin(), opt.deviceOnly.end());
    if (syntaxOnly) {
      cmd.insert(cmd.end(), {"-fsyntax-only", in.path});
      runOrExit(cmd);
      return {};
    }
    cmd.insert(cmd.end(), {"-emit-llvm", "-c", in.path, "-o", bc});
    runOrExit(cmd);
    return bc;
  }

  // Backend on one translation unit's device IR: writes the offload blob to `blob`.
  void compileBlob(const Input &in, const std::string &bc, const std::string &prefix, const std::string &blob) {
    std::vector<std::string> be = {tc.backend, bc, "-o", blob, "--source-name", in.path};
    if (opt.saveTemps) be.insert(be.end(), {"--save-temps", prefix});
    requireBackend();
    runOrExit(be);
  }

  // What the host pass embeds: the offload blob (-fcuda-include-gpubinary), or with -fgpu-rdc the
  // device bitcode, packaged for the link (-fembed-offload-object).
  std::string compileDevice(const Input &in, const std::string &prefix, const std::string &objOut) {
    std::string bc = compileDeviceIR(in, prefix, objOut, false);
    requireBackend();
    if (opt.rdc) {
      std::string packaged = prefix + ".offload";
      runOrExit({tc.backend, "--package-rdc", bc, "-o", packaged});
      return packaged;
    }
    std::string blob = prefix + ".hipfb";
    compileBlob(in, bc, prefix, blob);
    return blob;
  }

  // Host pass for one source; `phaseFlag` is -c, -S, -E or -fsyntax-only; `device` is what
  // compileDevice() made (empty: no device code).
  void compileHost(const Input &in, const std::string &device, const std::string &phaseFlag,
                   const std::optional<std::string> &out) {
    std::vector<std::string> cmd = {tc.clang};
    if (in.lang == Lang::Hip) {
      cmd.insert(cmd.end(), {"-x", "hip", "--cuda-host-only", "-nogpulib", "-nogpuinc",
                             "-fhip-new-launch-api", "-Xclang", cuid(in, out.value_or(""))});
      if (opt.rdc) {
        cmd.push_back("-fgpu-rdc");
        if (!device.empty()) cmd.insert(cmd.end(), {"-Xclang", "-fembed-offload-object=" + device});
      } else if (!device.empty()) {
        cmd.insert(cmd.end(), {"-Xclang", "-fcuda-include-gpubinary", "-Xclang", device});
      }
    } else if (in.lang == Lang::Cxx) {
      cmd.insert(cmd.end(), {"-x", "c++"});
    } else if (in.lang == Lang::C) {
      cmd.insert(cmd.end(), {"-x", "c"});
    } else if (in.lang == Lang::Asm) {
      cmd.insert(cmd.end(), {"-x", "assembler-with-cpp"});
    }
    auto pre = preamble(in.lang == Lang::Hip);
    cmd.insert(cmd.end(), pre.begin(), pre.end());
    cmd.push_back(optLevel());
    if (opt.debug) cmd.push_back(*opt.debug);
    for (const auto &f : opt.common) {
      // -std=c++NN makes no sense for a C source.
      if (in.lang == Lang::C && (startsWith(f, "-std=c++") || startsWith(f, "-std=gnu++"))) continue;
      cmd.push_back(f);
    }
    cmd.insert(cmd.end(), opt.hostOnly.begin(), opt.hostOnly.end());
    if (opt.shared) cmd.push_back("-fPIC");  // objects of a shared library
    cmd.push_back(phaseFlag);
    cmd.push_back(in.path);
    if (out) cmd.insert(cmd.end(), {"-o", *out});
    runOrExit(cmd);
  }

  std::string objectName(const Input &in) const {
    return fs::path(in.path).stem().string() + ".o";
  }

  // --genco: code objects for hipModuleLoad (the offload blob itself). Each source gives one;
  // with -fgpu-rdc all sources are linked into one.
  void compileCodeObjects() {
    std::vector<std::string> bitcode;
    for (const auto &in : opt.inputs) {
      if (in.lang == Lang::Object) continue;
      if (in.lang != Lang::Hip) fatal("--genco needs HIP sources ('" + in.path + "' is not; use -x hip)");
      checkInput(in);
      std::string out = opt.output.value_or(fs::path(in.path).stem().string() + ".co");
      std::string prefix = tempPrefix(in, out);
      std::string bc = compileDeviceIR(in, prefix, out, false);
      if (opt.rdc) bitcode.push_back(bc);
      else compileBlob(in, bc, prefix, out);
    }
    if (!opt.rdc) return;
    std::vector<std::string> link = {tc.backend, "--link-rdc"};
    link.insert(link.end(), bitcode.begin(), bitcode.end());
    link.insert(link.end(), {"-o", opt.output.value_or("a.co")});
    requireBackend();
    runOrExit(link);
  }

  // Compiles every source (to the link slot where it appeared) and returns the objects to link.
  void compileSourcesForLink(const std::string &output) {
    size_t slot = 0;
    for (const auto &in : opt.inputs) {
      if (in.lang == Lang::Object) {
        if (!g_dryRun) checkInput(in);
        continue;
      }
      checkInput(in);
      std::string prefix = tempPrefix(in, output);
      std::string obj = prefix + ".o";
      std::string device;
      if (in.lang == Lang::Hip) device = compileDevice(in, prefix, obj);
      compileHost(in, device, "-c", obj);
      opt.linkItems[opt.sourceLinkSlot[slot++]] = obj;
    }
  }

  // The files among the link items, -lNAME resolved to libNAME.a in the -L directories (device
  // code lives in objects and static archives only).
  std::vector<std::string> linkFiles() const {
    std::vector<std::string> files, dirs;
    const auto &items = opt.linkItems;
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i] == "-L" && i + 1 < items.size()) dirs.push_back(items[++i]);
      else if (startsWith(items[i], "-L")) dirs.push_back(items[i].substr(2));
    }
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string &a = items[i];
      std::string lib;
      if (a == "-l" && i + 1 < items.size()) lib = items[++i];
      else if (startsWith(a, "-l")) lib = a.substr(2);
      else if (a == "-L" || a == "-Xlinker" || a == "-z" || a == "-u" || a == "-T" || a == "-e") ++i;
      else if (!startsWith(a, "-")) files.push_back(a);
      if (lib.empty()) continue;
      std::string name = startsWith(lib, ":") ? lib.substr(1) : "lib" + lib + ".a";
      for (const auto &d : dirs)
        if (isFile(fs::path(d) / name)) {
          files.push_back((fs::path(d) / name).string());
          break;
        }
    }
    return files;
  }

  // -fgpu-rdc link: the device code of every input, linked and compiled into one blob, and an
  // object defining the fat-binary symbols the host objects reference.
  std::string linkRelocatableDeviceCode(const std::string &output) {
    std::string prefix = opt.saveTemps ? (fs::path(output).parent_path() / fs::path(output).stem()).string() + ".rdc"
                                       : (fs::path(tmpDir()) / "rdc").string();
    std::string blob = prefix + ".hipfb", stub = prefix + ".stub.s", obj = prefix + ".stub.o";
    std::vector<std::string> link = {tc.backend, "--link-rdc"};
    for (const auto &f : linkFiles()) link.push_back(f);
    link.insert(link.end(), {"-o", blob, "--stub", stub});
    if (opt.saveTemps) link.insert(link.end(), {"--save-temps", prefix});
    requireBackend();
    runOrExit(link);
    runOrExit({tc.clang, "-c", "-x", "assembler", stub, "-o", obj});
    return obj;
  }

  void requireRuntime() const {
    if (!g_dryRun && !isFile(fs::path(tc.libDir) / (std::string("lib") + kRuntimeLib + ".so")))
      fatal(std::string("cannot find lib") + kRuntimeLib + ".so next to hipcc (" + tc.libDir +
            ") or in ../lib; build the hipvk target");
  }

  int main() {
    if (opt.inputs.empty()) fatal("no input files");
    size_t nSources = 0;
    for (const auto &in : opt.inputs) nSources += in.lang != Lang::Object;

    if (opt.phase == Phase::CodeObject) {
      if (nSources == 0) fatal("no source files for --genco");
      if (opt.output && nSources > 1 && !opt.rdc)
        fatal("several sources make several code objects: drop '-o', or link them into one with -fgpu-rdc");
      compileCodeObjects();
      return 0;
    }
    if (opt.phase == Phase::StaticLib) {
      // An archive of the objects; with -fgpu-rdc they carry their device bitcode for the link.
      std::string archive = opt.output.value_or("a.out");
      compileSourcesForLink(archive);
      std::vector<std::string> ar = {"ar", "rcs", archive};
      for (const auto &item : opt.linkItems)
        if (!startsWith(item, "-")) ar.push_back(item);
      if (!g_dryRun) {
        std::error_code ec;
        fs::remove(archive, ec);  // ar would add to an old archive
      }
      runOrExit(ar);
      return 0;
    }
    if (opt.phase != Phase::Link) {
      if (nSources == 0) fatal("no source files to compile");
      if (opt.output && nSources > 1 && opt.phase != Phase::SyntaxOnly)
        fatal("cannot specify '-o' when generating multiple output files");
      for (const auto &in : opt.inputs) {
        if (in.lang == Lang::Object) continue;  // like clang: unused linker input
        checkInput(in);
        switch (opt.phase) {
          case Phase::Preprocess:
            compileHost(in, {}, "-E", opt.output);
            break;
          case Phase::SyntaxOnly:
            if (in.lang == Lang::Hip) compileDeviceIR(in, {}, {}, true);
            compileHost(in, {}, "-fsyntax-only", std::nullopt);
            break;
          case Phase::Assemble:
          case Phase::Compile: {
            std::string out = opt.output.value_or(
                opt.phase == Phase::Compile ? objectName(in)
                                            : fs::path(in.path).stem().string() + ".s");
            std::string device;
            if (in.lang == Lang::Hip) device = compileDevice(in, tempPrefix(in, out), out);
            compileHost(in, device, opt.phase == Phase::Compile ? "-c" : "-S", out);
            break;
          }
          default:
            break;
        }
      }
      return 0;
    }

    // Compile every source to an object, then link.
    std::string exe = opt.output.value_or("a.out");
    compileSourcesForLink(exe);
    requireRuntime();
    std::vector<std::string> link = {tc.clang};
    link.insert(link.end(), opt.linkOnly.begin(), opt.linkOnly.end());
    if (opt.debug) link.push_back(*opt.debug);
    link.insert(link.end(), opt.linkItems.begin(), opt.linkItems.end());
    if (opt.rdc) link.push_back(linkRelocatableDeviceCode(exe));
    link.push_back("-L" + tc.libDir);
    link.push_back(std::string("-l") + kRuntimeLib);
    link.push_back("-Wl,-rpath," + tc.libDir);
    link.insert(link.end(), {"-o", exe});
    runOrExit(link);
    return 0;
  }
};

void printVersion(const Toolchain &tc) {
  std::printf("HIP version: %s-hipvk%s\n", kHipVersion, HIPVK_VERSION_STRING);
  std::printf("hipvk %s: HIP on Vulkan (device code: Clang -> LLVM IR -> hipvk-spirv -> SPIR-V 1.6)\n",
              HIPVK_VERSION_STRING);
  std::printf("hipvk backend: %s\n", tc.backend.c_str());
  std::printf("hipvk include: %s\n", tc.includeDir.c_str());
  std::printf("hipvk library: %s\n", tc.libDir.c_str());
  std::fflush(stdout);
  run({tc.clang, "--version"});
}

}  // namespace

int main(int argc, char **argv) {
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);

  Driver d;
  d.tc = locate(argv[0]);
  const int verbose = std::atoi(getEnv(kEnvVerbose).value_or("0").c_str());
  if (verbose & 1) g_verbose = true;
  if (verbose & 2)
    std::fprintf(stderr, "hipcc: clang %s\nhipcc: backend %s\nhipcc: include %s\nhipcc: library %s\n",
                 d.tc.clang.c_str(), d.tc.backend.c_str(), d.tc.includeDir.c_str(), d.tc.libDir.c_str());
  if (verbose & 4) {
    std::vector<std::string> args(argv, argv + argc);
    std::fprintf(stderr, "hipcc-args: ");
    printCommand(args);
  }
  d.opt = parse(argc, argv);
  if (d.opt.printHelp) {
    printHelp();
    return 0;
  }
  if (d.opt.printVersion) {
    printVersion(d.tc);
    if (d.opt.inputs.empty()) return 0;
  }
  if (d.tc.includeDir.empty())
    fatal("cannot find the HIP headers (hip/hip_runtime.h) in ../include next to hipcc");
  int rc = d.main();
  exitWith(rc);
}
