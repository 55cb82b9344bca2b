// hipcc — the hipvk compiler driver.
//
// Compiles HIP programs to host objects that embed Vulkan SPIR-V, and links them against libhipvk.
// For every HIP source it runs three child processes (docs/ABI.md, docs/HIP_ON_VULKAN.md):
//   1. clang++ -x hip --cuda-device-only -emit-llvm                          -> <stem>.device.bc
//      (the wavefront size read at run time; where the code depends on it, also one compilation
//      per fixed size -> <stem>.wave32.bc, <stem>.wave64.bc: wave_targets.h)
//   2. hipvk-spirv <stem>.device.bc [--wave32 ..] [--wave64 ..] -o <stem>.hipfb -> SPIR-V + metadata
//   3. clang++ -x hip --cuda-host-only -fcuda-include-gpubinary <stem>.hipfb -> <stem>.o
// and finally links the objects with -lhipvk and an rpath to libhipvk's directory. With -fgpu-rdc
// step 2 happens once, at the link, on the linked device code of every object.
//
// It links no LLVM: every step is a child process (process.h). Intermediate files live in a
// private mkdtemp directory, removed at exit unless --save-temps asks to keep them next to the
// output. The command line is parsed in command_line.cpp.

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "command_line.h"
#include "process.h"
#include "wave_targets.h"

using namespace hipcc;

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
// hipvk-spirv --wave-probe's exit status for code that depends on the wavefront size.
constexpr int kDependsOnWaveSize = 3;
constexpr const char *kBackendName = "hipvk-spirv";
constexpr const char *kRuntimeLib = "hipvk";
// A --rocm-path where no ROCm is: Clang's HIP passes then ignore any ROCm installed on the system.
constexpr const char *kNoRocm = "hipvk-no-rocm";

// ---- locating the toolchain ----------------------------------------------------------------------
struct Toolchain {
  std::string clang;
  std::string backend;
  std::string includeDir;  // the directory that holds hip/hip_runtime.h
  std::string libDir;      // the directory that holds libhipvk.so
  std::string objcopy;     // GNU objcopy (binutils) on PATH; empty when there is none
};

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
  // GNU's: LLVM 19's llvm-objcopy --update-section can leave the section's symbol pointing at the
  // replaced section (seen as st_shndx SHN_XINDEX without an SHT_SYMTAB_SHNDX table, which ld refuses).
  if (const char *path = std::getenv("PATH"))
    for (std::string_view rest = path; !rest.empty();) {
      const size_t colon = rest.find(':');
      const fs::path dir(std::string(rest.substr(0, colon)));
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
      if (!dir.empty() && isFile(dir / "objcopy")) {
        tc.objcopy = (dir / "objcopy").string();
        break;
      }
    }
  return tc;
}

// The section of a host object that holds the offload blob (-fcuda-include-gpubinary).
constexpr const char *kFatbinSection = ".hip_fatbin";

// Whether the ELF64 little-endian object at `path` (what Clang writes for x86-64 and AArch64 hosts)
// has a section of that name.
bool hasSection(const std::string &path, std::string_view name) {
  std::ifstream f(path, std::ios::binary);
  std::vector<char> elf((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto read = [&](size_t offset, auto value) {
    if (offset + sizeof value > elf.size()) return decltype(value){};
    std::memcpy(&value, elf.data() + offset, sizeof value);
    return value;
  };
  if (elf.size() < 64 || std::memcmp(elf.data(), "\x7f" "ELF\x02\x01", 6) != 0)
    fatal("'" + path + "' is not a 64-bit little-endian ELF object");
  const uint64_t sections = read(0x28, uint64_t{});
  const uint16_t entrySize = read(0x3a, uint16_t{}), count = read(0x3c, uint16_t{}), names = read(0x3e, uint16_t{});
  const uint64_t namesOffset = read(sections + uint64_t(names) * entrySize + 0x18, uint64_t{});
  for (uint16_t i = 0; i < count; ++i) {
    const uint32_t nameOffset = read(sections + uint64_t(i) * entrySize, uint32_t{});
    const size_t at = namesOffset + nameOffset;
    if (at + name.size() < elf.size() && std::string_view(elf.data() + at, name.size()) == name &&
        elf[at + name.size()] == '\0')
      return true;
  }
  return false;
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
      // Clang finds a ROCm installation on its own (Debian's libamdhip64-dev, which rocPRIM
      // depends on) and then adds the wrapper headers (<new>, <cmath>: cuda_wrappers) that lean on
      // ROCm's runtime headers. hipvk's headers are the whole HIP API: point Clang at no ROCm, so
      // that a program compiles the same with ROCm installed beside hipvk or not.
      v.push_back("--rocm-path=" + (fs::path(tc.libDir) / kNoRocm).string());
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

  // The clang command of one device compilation of `in` (docs/HIP_ON_VULKAN.md, "Wavefront size":
  // `waveFlags` choose the form), up to its output flags.
  std::vector<std::string> deviceCommand(const Input &in, const std::string &objOut,
                                         const std::vector<std::string> &waveFlags) const {
    std::vector<std::string> cmd = {tc.clang, "-x", "hip", "--cuda-device-only", "-nogpulib",
                                    "-nogpuinc", "-fhip-new-launch-api", cuid(in, objOut)};
    cmd.insert(cmd.end(), waveFlags.begin(), waveFlags.end());
    if (opt.rdc) cmd.push_back("-fgpu-rdc");
    auto pre = preamble(true);
    cmd.insert(cmd.end(), pre.begin(), pre.end());
    cmd.push_back(optLevel());
    // Loops are partially unrolled by the backend, once the device library is linked: here a call
    // of `sin` looks like one instruction, and a 64-iteration loop of them became 16 inlined copies
    // of OCML's sin. Full unrolling and `#pragma unroll` stay (a zero full-unroll threshold as well
    // made Clang warn "loop not unrolled" at every pragma; -fno-unroll-loops would mark every loop
    // "unroll.disable" for good).
    cmd.insert(cmd.end(), {"-mllvm", "-unroll-partial-threshold=0"});
    // Line tables always, so that backend errors carry file:line; full info only on request.
    if (opt.debug && *opt.debug != "-g0") cmd.push_back(*opt.debug);
    else cmd.push_back("-gline-tables-only");
    if (optLevel() == "-O0") {
      // Keep -O0 IR free of optnone so that the backend may still inline and promote.
      cmd.insert(cmd.end(), {"-Xclang", "-disable-O0-optnone"});
    }
    cmd.insert(cmd.end(), opt.common.begin(), opt.common.end());
    cmd.insert(cmd.end(), opt.deviceOnly.begin(), opt.deviceOnly.end());
    return cmd;
  }

  // The device IR of one source: its run-time-width form and, where the code depends on the
  // wavefront size (or needs it at compile time), its fixed-width forms. Paths, empty for a form
  // that was not made or did not compile.
  struct DeviceIR {
    std::string native, wave32, wave64;
    std::string wave32Target, wave64Target;  // the gfx targets the fixed forms claimed
  };

  static void copyToStderr(const std::string &path) {
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
      char buf[4096];
      for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) std::fwrite(buf, 1, n, stderr);
      std::fclose(f);
    }
  }

  DeviceIR compileDeviceIR(const Input &in, const std::string &prefix, const std::string &objOut) {
    DeviceIR ir;
    ir.native = prefix + ".device.bc";
    if (opt.rdc) {
      // Relocatable device code is linked in one form, the run-time width's, with the
      // wavefront-size macros left undefined (docs/HIP_ON_VULKAN.md, "Wavefront size").
      std::vector<std::string> cmd = deviceCommand(in, objOut, {std::string("--offload-arch=gfx900"),
          "-U__AMDGCN_WAVEFRONT_SIZE", "-U__AMDGCN_WAVEFRONT_SIZE__", "-D__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME=1"});
      cmd.insert(cmd.end(), {"-emit-llvm", "-c", in.path, "-o", ir.native});
      runOrExit(cmd);
      return ir;
    }
    std::vector<std::string> native = deviceCommand(in, objOut, runTimeWaveFlags());
    native.insert(native.end(), {"-emit-llvm", "-c", in.path, "-o", ir.native});
    const std::string nativeLog = prefix + ".device.log";
    bool forms = runAll({{native, nativeLog}})[0] != 0;
    if (forms) {
      ir.native.clear();
    } else {
      copyToStderr(nativeLog);  // its warnings
      requireBackend();
      const int probe = run({tc.backend, "--wave-probe", ir.native});
      if (probe != 0 && probe != kDependsOnWaveSize) exitWith(probe);
      forms = probe == kDependsOnWaveSize;
    }
    if (g_dryRun) forms = true;  // -### shows every form the source may need
    if (!forms) return ir;
    const std::vector<WaveTarget> targets = waveTargets(opt);
    std::vector<Command> commands;
    for (const WaveTarget &t : targets) {
      const std::string stem = prefix + ".wave" + std::to_string(t.width);
      std::vector<std::string> cmd = deviceCommand(in, objOut, fixedWaveFlags(t));
      cmd.insert(cmd.end(), {"-emit-llvm", "-c", in.path, "-o", stem + ".bc"});
      commands.push_back({cmd, stem + ".log"});
    }
    const std::vector<int> statuses = runAll(commands);
    bool shown = !ir.native.empty();  // whose diagnostics the user sees: one successful form's
    for (size_t i = 0; i < targets.size(); ++i) {
      if (statuses[i] != 0) continue;
      (targets[i].width == 32 ? ir.wave32 : ir.wave64) = prefix + ".wave" + std::to_string(targets[i].width) + ".bc";
      (targets[i].width == 32 ? ir.wave32Target : ir.wave64Target) = targets[i].arch;
      if (!shown) copyToStderr(commands[i].stderrPath);
      shown = true;
    }
    if (!shown) {  // no form compiled: the first target's errors are the program's
      copyToStderr(commands[0].stderrPath);
      exitWith(statuses[0]);
    }
    return ir;
  }

  // -fsyntax-only: the device code as the first fixed-width target sees it.
  void checkDeviceSyntax(const Input &in) {
    std::vector<std::string> cmd = deviceCommand(in, {}, fixedWaveFlags(waveTargets(opt)[0]));
    cmd.insert(cmd.end(), {"-fsyntax-only", in.path});
    runOrExit(cmd);
  }

  // Backend on one translation unit's device IR: writes the offload blob to `blob`.
  void compileBlob(const Input &in, const DeviceIR &ir, const std::string &prefix, const std::string &blob) {
    std::vector<std::string> be = {tc.backend};
    if (!ir.native.empty()) be.push_back(ir.native);
    if (!ir.wave32.empty()) be.insert(be.end(), {"--wave32", ir.wave32, "--wave32-target", ir.wave32Target});
    if (!ir.wave64.empty()) be.insert(be.end(), {"--wave64", ir.wave64, "--wave64-target", ir.wave64Target});
    be.insert(be.end(), {"-o", blob, "--source-name", in.path});
    if (opt.saveTemps) be.insert(be.end(), {"--save-temps", prefix});
    if (opt.timeReport) be.push_back("--time-report");
    if (!opt.portable) be.push_back("--no-portable");
    requireBackend();
    runOrExit(be);
  }

  // What the host pass embeds: the offload blob (-fcuda-include-gpubinary), or with -fgpu-rdc the
  // device bitcode, packaged for the link (-fembed-offload-object).
  std::string compileDevice(const Input &in, const std::string &prefix, const std::string &objOut) {
    DeviceIR ir = compileDeviceIR(in, prefix, objOut);
    requireBackend();
    if (opt.rdc) {
      std::string packaged = prefix + ".offload";
      runOrExit({tc.backend, "--package-rdc", ir.native, "-o", packaged});
      return packaged;
    }
    std::string blob = prefix + ".hipfb";
    compileBlob(in, ir, prefix, blob);
    return blob;
  }

  // Host pass for one source; `phaseFlag` is -c, -S, -E or -fsyntax-only; `device` is what
  // compileDevice() made (empty: no device code).
  void compileHost(const Input &in, const std::string &device, const std::string &phaseFlag,
                   const std::optional<std::string> &out) {
    runOrExit(hostCommand(in, device, phaseFlag, out));
  }

  // One source to an object. A HIP source's host pass needs the device code only at its very end,
  // where Clang copies the offload blob into the object's .hip_fatbin section: it runs beside the
  // device compilation with an empty blob, and objcopy puts the real one into that section (the
  // same object; the host pass is a fifth to a third of a source's compile time). Relocatable
  // device code, or no objcopy on PATH: one after the other.
  void compileObject(const Input &in, const std::string &prefix, const std::string &obj) {
    if (in.lang != Lang::Hip || opt.rdc || tc.objcopy.empty()) {
      compileHost(in, in.lang == Lang::Hip ? compileDevice(in, prefix, obj) : std::string(), "-c", obj);
      return;
    }
    // The host object is written aside: a device compilation that fails leaves no object behind.
    const std::string placeholder = prefix + ".empty.hipfb", hostObj = prefix + ".host.o", hostLog = prefix + ".host.log";
    if (!g_dryRun && !std::ofstream(placeholder, std::ios::binary | std::ios::trunc))
      fatal("cannot write " + placeholder);
    BackgroundRun host = startInBackground({hostCommand(in, placeholder, "-c", hostObj, dependencyFileNames(obj)), hostLog});
    const std::string blob = compileDevice(in, prefix, obj);
    const int status = finish(host);
    copyToStderr(hostLog);
    if (status != 0) exitWith(status);
    if (g_dryRun || hasSection(hostObj, kFatbinSection)) {
      runOrExit({tc.objcopy, "--update-section", std::string(kFatbinSection) + "=" + blob, hostObj, obj});
      return;
    }
    // No kernel and no device variable to register: Clang embeds no blob at all. Copied through
    // the path rather than renamed onto it, which may be /dev/null.
    std::ifstream from(hostObj, std::ios::binary);
    std::ofstream to(obj, std::ios::binary | std::ios::trunc);
    if (!(to << from.rdbuf()) || !to.flush()) fatal("cannot write " + obj);
  }

  // -MD/-MMD name the dependency file and its target after -o: the object's name, not the name
  // compileObject's host pass writes to.
  std::vector<std::string> dependencyFileNames(const std::string &obj) const {
    bool write = false, named = false, targeted = false;
    for (const std::string &f : opt.hostOnly) {
      write |= f == "-MD" || f == "-MMD";
      named |= f == "-MF";
      targeted |= f == "-MT" || f == "-MQ";
    }
    std::vector<std::string> flags;
    if (write && !named) flags = {"-MF", fs::path(obj).replace_extension(".d").string()};
    if (write && !targeted) flags.insert(flags.end(), {"-MT", obj});
    return flags;
  }

  std::vector<std::string> hostCommand(const Input &in, const std::string &device, const std::string &phaseFlag,
                                       const std::optional<std::string> &out,
                                       const std::vector<std::string> &extraFlags = {}) {
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
    // -v also asks clang for its include and link search lists: CMake's compiler probe parses them.
    if (g_verbose) cmd.push_back("-v");
    cmd.insert(cmd.end(), extraFlags.begin(), extraFlags.end());
    cmd.push_back(phaseFlag);
    cmd.push_back(in.path);
    if (out) cmd.insert(cmd.end(), {"-o", *out});
    return cmd;
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
      DeviceIR ir = compileDeviceIR(in, prefix, out);
      if (opt.rdc) bitcode.push_back(ir.native);
      else compileBlob(in, ir, prefix, out);
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
      compileObject(in, prefix, obj);
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
    if (!opt.portable) link.push_back("--no-portable");
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
            if (in.lang == Lang::Hip) checkDeviceSyntax(in);
            compileHost(in, {}, "-fsyntax-only", std::nullopt);
            break;
          case Phase::Assemble:
          case Phase::Compile: {
            std::string out = opt.output.value_or(
                opt.phase == Phase::Compile ? objectName(in)
                                            : fs::path(in.path).stem().string() + ".s");
            if (opt.phase == Phase::Compile) {
              compileObject(in, tempPrefix(in, out), out);
              break;
            }
            std::string device;
            if (in.lang == Lang::Hip) device = compileDevice(in, tempPrefix(in, out), out);
            compileHost(in, device, "-S", out);
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
    if (g_verbose) link.push_back("-v");
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
