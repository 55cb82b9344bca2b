// The device compilations of one HIP source (docs/HIP_ON_VULKAN.md, "Wavefront size"): one with
// the wavefront size read at run time, and one per fixed size (32, 64), each claiming an AMD
// target of that size so that __AMDGCN_WAVEFRONT_SIZE__, warpSize and the __gfxNNN__ macros agree
// with the subgroup size the code will run at.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "command_line.h"

namespace hipcc {

struct WaveTarget {
  unsigned width;   // 32 or 64
  std::string arch; // the gfx target Clang compiles for
};

// The wavefront size ROCm compiles `arch` for: 64 on gfx6-gfx9 (GCN, CDNA), 32 on gfx10 and later
// (RDNA) unless -mwavefrontsize64 asks for 64 there. 0 for a name that is no gfx target.
unsigned waveSizeOf(std::string_view arch, const Options &o);

// The fixed-width compilations: the first --offload-arch of each size, in the order given, or by
// default gfx1030 (wave32) and gfx900 (wave64).
std::vector<WaveTarget> waveTargets(const Options &o);

// Clang flags of the run-time-width compilation: gfx900's builtins, no target macros, and
// __AMDGCN_WAVEFRONT_SIZE(__) spelled as the run-time value, so that code which needs the size at
// compile time (an #if, a template argument) fails to compile in this form and keeps only the
// fixed ones.
std::vector<std::string> runTimeWaveFlags();
// Clang flags of a fixed-width compilation.
std::vector<std::string> fixedWaveFlags(const WaveTarget &target);

}  // namespace hipcc
