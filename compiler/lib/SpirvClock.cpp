// The shader clock (VK_KHR_shader_clock): clock()/clock64()/__builtin_amdgcn_s_memtime/
// __builtin_readcyclecounter read the Subgroup-scope clock (a per-multiprocessor cycle counter
// where the driver has one), wall_clock64()/__builtin_amdgcn_s_memrealtime the Device-scope clock
// (constant rate, comparable across the device). The metadata records which scopes a module reads,
// so that the runtime refuses it on a device lacking shaderSubgroupClock or shaderDeviceClock.
#include "SpirvEmitter.h"
#include "SpirvEmitterImpl.h"

#include <map>

namespace hipvk {

SpvId KernelEmitter::readClock(spv::Scope scope) {
  b_.requireExtension("SPV_KHR_shader_clock");
  b_.requireCapability(spv::CapabilityShaderClockKHR);
  return op(spv::OpReadClockKHR, b_.typeInt(64), {u32(uint32_t(scope))});
}

std::string shaderClockScopes(const std::vector<uint32_t> &spirv) {
  constexpr size_t kHeaderWords = 5;
  std::map<uint32_t, uint32_t> constants;  // result id -> value of 32-bit integer constants
  bool subgroup = false, device = false;
  for (size_t i = kHeaderWords; i < spirv.size();) {
    uint32_t count = spirv[i] >> 16, opcode = spirv[i] & 0xffff;
    if (count == 0 || i + count > spirv.size()) break;
    if (opcode == spv::OpConstant && count == 4) constants[spirv[i + 2]] = spirv[i + 3];
    if (opcode == spv::OpReadClockKHR && count == 4) {
      uint32_t scope = constants.count(spirv[i + 3]) ? constants[spirv[i + 3]] : uint32_t(spv::ScopeDevice);
      (scope == spv::ScopeSubgroup ? subgroup : device) = true;
    }
    i += count;
  }
  return std::string(subgroup ? " subgroup" : "") + (device ? " device" : "");
}

} // namespace hipvk
