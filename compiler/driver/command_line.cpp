#include "command_line.h"

#include "process.h"

#include <cctype>
#include <cstdio>

namespace hipcc {

namespace {

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
    "  --offload-arch=<a>   the AMD targets to claim in the fixed-wavefront-size device compilations\n"
    "                       (gfx6-gfx9: wave64, gfx10+: wave32; several allowed). Default: gfx1030\n"
    "                       (wave32) and gfx900 (wave64); the run-time-width form is always built\n"
    "  -mwavefrontsize64 / -mno-wavefrontsize64   the wave size of gfx10+ targets, as in ROCm\n"
    "  --save-temps         keep <stem>.device.bc, <stem>.<i>.spv, <stem>.hipfb next to the output\n"
    "  -ftime-report        where the time goes: Clang's report and the backend's, per stage\n"
    "  --no-portable        skip the kernel modules for devices without 64-bit or 8/16-bit types\n"
    "                       (SwiftShader, many mobile GPUs): faster compiles, but no run there\n"
    "  -v                   print every command; -### print without running\n"
    "  --version            print versions\n"
    "\n"
    "Environment:\n";

}  // namespace

void printHelp() {
  std::fputs(kHelp, stdout);
  for (const auto &v : kAllEnvVars) std::printf("  %-28s %s\n", v.name, v.help);
}

// -f flags that make no sense for the amdgcn device compile.
static bool hostOnlyFFlag(const std::string &a) {
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
static bool linkOnlyFlag(const std::string &a) {
  static const char *const kPrefixes[] = {"-fuse-ld", "-static", "-rdynamic", "-nostdlib",
                                    "-nodefaultlibs", "-nostartfiles", "-pie", "-no-pie", "-B",
                                    "-rtlib=", "--rtlib", "-unwindlib=", "--ld-path", "-shared-libgcc",
                                    "-shared-libsan", "-static-libsan"};
  return startsWithAny(a, kPrefixes);
}

// Compile flags the link step also wants.
static bool alsoLinkFlag(const std::string &a) {
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
    if (a == "-ftime-report") { // Clang's own report, and the backend's (hipvk-spirv --time-report)
      o.timeReport = true;
      o.common.push_back(a);
      continue;
    }
    if (a == "-c") { o.phase = Phase::Compile; continue; }
    if (a == "-S") { o.phase = Phase::Assemble; continue; }
    if (a == "-E") { o.phase = Phase::Preprocess; continue; }
    if (a == "-fsyntax-only") { o.phase = Phase::SyntaxOnly; continue; }
    if (a == "--no-portable") { o.portable = false; continue; }
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

    // --- target selection: the AMD targets name the wavefront sizes of the fixed-width device
    // compilations (wave_targets.h); CUDA's sm_* and other offload choices are accepted and ignored
    if (startsWith(a, "--offload-arch=") || startsWith(a, "-offload-arch=") ||
        startsWith(a, "--amdgpu-target=") || startsWith(a, "--gpu-architecture=") || a == "--offload-arch" ||
        a == "-offload-arch") {
      std::string list = a.find('=') != std::string::npos ? a.substr(a.find('=') + 1) : value(a);
      for (size_t start = 0; start <= list.size();) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        std::string arch = list.substr(start, end - start);
        arch = arch.substr(0, arch.find(':'));  // target-id features (gfx90a:xnack+) change nothing here
        if (startsWith(arch, "gfx")) o.offloadArchs.push_back(arch);
        start = end + 1;
      }
      continue;
    }
    if (startsWith(a, "--no-offload-arch=")) {
      std::string arch = a.substr(a.find('=') + 1);
      if (arch == "all") o.offloadArchs.clear();
      else std::erase(o.offloadArchs, arch.substr(0, arch.find(':')));
      continue;
    }
    if (a == "-mwavefrontsize64" || a == "-mno-wavefrontsize64") { o.wavefrontSize64 = a == "-mwavefrontsize64"; continue; }
    if (startsWith(a, "--cuda-gpu-arch=") ||
        startsWith(a, "--offload=") || a == "--no-gpu-bundle-output" ||
        a == "--gpu-bundle-output" || a == "-use_fast_math" || a == "--hip-link" ||
        startsWith(a, "--rocm-path=") || startsWith(a, "--hip-path=") ||
        startsWith(a, "--hip-device-lib-path=") || a == "-nogpulib" || a == "-nogpuinc" ||
        a == "-fhip-new-launch-api") {
      continue;
    }
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

}  // namespace hipcc
