#include "execution/kernel_forms.h"

#include <hipvk/offload_blob.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "device/device.h"
#include "execution/module.h"

namespace hipvk {

bool KernelForms::widthDependent(const KernelInfo &kernel) const {
  return std::any_of(kernel.spirvModules.begin(), kernel.spirvModules.end(),
                     [&](size_t index) { return (spirv_[index].requiredFeatures & blob::kWaveSizes) != 0; });
}

uint32_t KernelForms::width(const SpirvModule &module) const {
  const uint32_t fixed = module.requiredFeatures & blob::kWaveSizes;
  return fixed & blob::kWave32 ? 32 : fixed & blob::kWave64 ? 64 : device_.subgroupSize();
}

bool KernelForms::forLaunch(const SpirvModule &module, uint32_t launchConditions) {
  return !(module.requiredFeatures & blob::kDisjointPointerArguments & ~launchConditions);
}

std::string KernelForms::cannotRun(const KernelInfo &kernel, const SpirvModule &module, uint32_t blockThreads,
                                   uint32_t dynamicShared, std::string &waves) const {
  // Feature bits this runtime does not know are never satisfied.
  if (const uint32_t unknown = module.requiredFeatures & ~blob::kKnownFeatures) {
    char hex[8];
    return "device features 0x" + std::string(hex, std::to_chars(hex, hex + sizeof(hex), unknown, 16).ptr);
  }
  if (std::string cap = device_.missingCapability(module.capabilities); !cap.empty()) return cap;
  // A driver that inlines every call and fails past a size (SwiftShader) gets no larger module.
  if (std::string why = device_.cannotCompileInlinedWords(module.inlinedWords); !why.empty()) return why;
  // A run-time-width module whose shuffles reach further than the device's subgroups (CUDA's
  // literal 16 on 8 lanes) leaves the kernel to a form compiled for a fixed width.
  if (module.minSubgroupSize > device_.subgroupSize())
    return "subgroups of at least " + std::to_string(module.minSubgroupSize) +
           " lanes (its shuffles reach that far; the device's have " + std::to_string(device_.subgroupSize()) + ")";
  // A fixed-width module (docs/HIP_ON_VULKAN.md, "Wavefront size") runs only at its size.
  if (const uint32_t wave = blob::requiredWaveSize(module.requiredFeatures))
    if (std::string why = device_.cannotRunWaveSize(wave, blockThreads); !why.empty()) {
      if (waves.find(std::to_string(wave)) == std::string::npos) waves += (waves.empty() ? "" : " or ") + std::to_string(wave);
      return "subgroups of " + waves + " lanes (it was compiled for a fixed wavefront size; the device offers " + why + ")";
    }
  // Logical warps exchange through __shared__ slots of their own, beside the kernel's.
  if (module.requiredFeatures & blob::kLogicalWarp) {
    const uint64_t shared = uint64_t(kernel.logicalShared) + dynamicShared, limit = device_.hipProperties().sharedMemPerBlock;
    if (shared > limit)
      return "subgroups of " + (waves.empty() ? std::string("its wavefront size") : waves + " lanes") +
             " (as logical warps it needs " + std::to_string(shared) +
             " bytes of shared memory, its exchange slots included; sharedMemPerBlock is " + std::to_string(limit) + ")";
  }
  return {};
}

size_t KernelForms::choose(const KernelInfo &kernel, uint32_t launchConditions, uint32_t blockThreads,
                           uint32_t dynamicShared, uint32_t preferred) const {
  // Variants for device features or launch conditions come first in the blob.
  const bool prefer = preferred && widthDependent(kernel);
  std::string missing;
  for (bool anyWidth : {false, true}) {
    if (!anyWidth && !prefer) continue;
    std::string waves;
    for (size_t index : kernel.spirvModules) {
      const SpirvModule &module = spirv_[index];
      if (!forLaunch(module, launchConditions) || (!anyWidth && width(module) != preferred)) continue;
      std::string why = cannotRun(kernel, module, blockThreads, dynamicShared, waves);
      if (why.empty()) return index;
      missing = std::move(why);
    }
  }
  // What the last (most portable) module still lacks is what the device would need.
  noBinaryFor(device_, "kernel '" + demangled(kernel.name) + "'", missing);
}

KernelWidths KernelForms::widths(const KernelInfo &kernel) const {
  KernelWidths result;
  std::string waves;
  for (size_t index : kernel.spirvModules) {
    const SpirvModule &module = spirv_[index];
    if (!(module.requiredFeatures & blob::kWaveSizes)) result.runTimeForm = true;
    if (!result.first && forLaunch(module, 0) && cannotRun(kernel, module, 1, 0, waves).empty()) result.first = width(module);
  }
  return result;
}

uint32_t programWarpSize(uint32_t subgroupSize, std::span<const KernelWidths> kernels) {
  std::map<uint32_t, size_t> fixedOnly;  // first width -> kernels with fixed forms alone
  for (const KernelWidths &k : kernels)
    if (k.first && !k.runTimeForm) ++fixedOnly[k.first];
  if (fixedOnly.empty()) return subgroupSize;
  return std::max_element(fixedOnly.begin(), fixedOnly.end(), [](auto &a, auto &b) { return a.second < b.second; })->first;
}

}  // namespace hipvk
