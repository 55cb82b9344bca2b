// hipcc's command line: the inputs and what each flag means for the device pass, the host pass and
// the link.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hipcc {

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
  bool timeReport = false; // -ftime-report: also the backend's stages
  bool printVersion = false;
  bool printHelp = false;
  bool shared = false;
  bool rdc = false;  // -fgpu-rdc: relocatable device code, linked and compiled at the link
  bool portable = true; // also the modules for devices without 64-bit/8-/16-bit types (--no-portable)
  std::vector<std::string> offloadArchs;  // --offload-arch=gfx... in order (wave_targets.h)
  std::optional<bool> wavefrontSize64;    // -m(no-)wavefrontsize64
};

inline bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

template <size_t N> bool startsWithAny(std::string_view s, const char *const (&prefixes)[N]) {
  for (const char *p : prefixes)
    if (startsWith(s, p)) return true;
  return false;
}

// Parses argv (plus HIPCC_COMPILE_FLAGS_APPEND / HIPCC_LINK_FLAGS_APPEND); exits with a hipcc error
// on a bad command line.
Options parse(int argc, char **argv);
void printHelp();

}  // namespace hipcc
