#include "wave_targets.h"

#include <cctype>

namespace hipcc {

namespace {

// The major generation of a gfx target name: gfx900 -> 9, gfx90a -> 9, gfx1030 -> 10, gfx1100 -> 11,
// gfx11-generic -> 11. 0 for a name that is no gfx target.
unsigned generation(std::string_view arch) {
  if (!startsWith(arch, "gfx")) return 0;
  std::string_view rest = arch.substr(3);
  size_t digits = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  if (digits == 0) return 0;
  // gfxN-generic and gfxN-M-generic name the generation; gfxNNN (three characters) is gfx6-gfx9,
  // gfxNNNN gfx10 and later.
  if (rest.find("generic") != std::string_view::npos) return unsigned(std::stoul(std::string(rest.substr(0, digits))));
  const size_t length = rest.find_first_of(":-") == std::string_view::npos ? rest.size() : rest.find_first_of(":-");
  return length <= 3 ? unsigned(rest[0] - '0') : unsigned(std::stoul(std::string(rest.substr(0, 2))));
}

constexpr const char *kRunTimeArch = "gfx900";

}  // namespace

unsigned waveSizeOf(std::string_view arch, const Options &o) {
  const unsigned gen = generation(arch);
  if (gen == 0) return 0;
  if (gen < 10) return 64;  // -mno-wavefrontsize64 changes nothing on GCN, as with Clang
  return o.wavefrontSize64.value_or(false) ? 64 : 32;
}

std::vector<WaveTarget> waveTargets(const Options &o) {
  std::vector<WaveTarget> targets;
  for (const std::string &arch : o.offloadArchs) {
    const unsigned width = waveSizeOf(arch, o);
    bool have = false;
    for (const WaveTarget &t : targets) have |= t.width == width;
    if (width && !have) targets.push_back({width, arch});
  }
  if (targets.empty()) {
    targets.push_back({32, "gfx1030"});
    targets.push_back({64, "gfx900"});
  }
  return targets;
}

std::vector<std::string> runTimeWaveFlags() {
  return {std::string("--offload-arch=") + kRunTimeArch,
          "-U__GFX9__", "-U__gfx900__", "-U__amdgcn_processor__", "-U__amdgcn_target_id__",
          "-U__AMDGCN_WAVEFRONT_SIZE", "-U__AMDGCN_WAVEFRONT_SIZE__",
          "-D__AMDGCN_WAVEFRONT_SIZE=(__hipvk_warp_size())", "-D__AMDGCN_WAVEFRONT_SIZE__=(__hipvk_warp_size())",
          "-D__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME=1"};
}

std::vector<std::string> fixedWaveFlags(const WaveTarget &target) {
  std::vector<std::string> flags = {"--offload-arch=" + target.arch};
  if (generation(target.arch) >= 10) flags.push_back(target.width == 64 ? "-mwavefrontsize64" : "-mno-wavefrontsize64");
  return flags;
}

}  // namespace hipcc
