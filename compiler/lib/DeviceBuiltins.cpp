#include "DeviceBuiltins.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/IR/Instructions.h>

namespace hipvk {
namespace {

struct Row {
  std::string_view name;
  DeviceBuiltin builtin;
};
constexpr Row kRows[] = {
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) {"__hipvk_" #NAME, DeviceBuiltin::NAME},
#include <hipvk/device_builtins.def>
};
constexpr bool kUsesLanes[] = {
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) std::string_view(#KIND) == "Lane" || std::string_view(#KIND) == "Warp",
#include <hipvk/device_builtins.def>
};
constexpr bool kSynchronises[] = {
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) std::string_view(#KIND) == "Convergent" || std::string_view(#KIND) == "Warp",
#include <hipvk/device_builtins.def>
};

// AMDGPU intrinsics with the meaning of a hipvk builtin (users' __builtin_amdgcn_* calls).
constexpr Row kAmdgpuSynonyms[] = {
    {"llvm.amdgcn.workitem.id.x", DeviceBuiltin::thread_idx_x},  {"llvm.amdgcn.workitem.id.y", DeviceBuiltin::thread_idx_y},
    {"llvm.amdgcn.workitem.id.z", DeviceBuiltin::thread_idx_z},  {"llvm.amdgcn.workgroup.id.x", DeviceBuiltin::block_idx_x},
    {"llvm.amdgcn.workgroup.id.y", DeviceBuiltin::block_idx_y},  {"llvm.amdgcn.workgroup.id.z", DeviceBuiltin::block_idx_z},
    {"llvm.amdgcn.wavefrontsize", DeviceBuiltin::warp_size},     {"llvm.amdgcn.s.barrier", DeviceBuiltin::syncthreads},
    {"llvm.amdgcn.s.memtime", DeviceBuiltin::clock_subgroup},    {"llvm.readcyclecounter", DeviceBuiltin::clock_subgroup},
    {"llvm.amdgcn.s.memrealtime", DeviceBuiltin::clock_device},
    {"llvm.amdgcn.mbcnt.lo", DeviceBuiltin::mbcnt_lo},           {"llvm.amdgcn.mbcnt.hi", DeviceBuiltin::mbcnt_hi},
    {"llvm.amdgcn.ballot.i64", DeviceBuiltin::warp_ballot}, {"llvm.amdgcn.ballot.i32", DeviceBuiltin::warp_ballot},      {"llvm.amdgcn.ds.bpermute", DeviceBuiltin::warp_bpermute},
    {"llvm.amdgcn.readfirstlane.i32", DeviceBuiltin::warp_first}, {"llvm.amdgcn.readfirstlane.i64", DeviceBuiltin::warp_first},
    {"llvm.amdgcn.readfirstlane.f32", DeviceBuiltin::warp_first}, {"llvm.amdgcn.readfirstlane.f64", DeviceBuiltin::warp_first},
    {"llvm.amdgcn.readlane.i32", DeviceBuiltin::warp_shuffle},    {"llvm.amdgcn.readlane.i64", DeviceBuiltin::warp_shuffle},
    {"llvm.amdgcn.readlane.f32", DeviceBuiltin::warp_shuffle},    {"llvm.amdgcn.readlane.f64", DeviceBuiltin::warp_shuffle},
    {"llvm.amdgcn.wave.barrier", DeviceBuiltin::warp_sync},
};

const llvm::StringMap<DeviceBuiltin> &table() {
  static const llvm::StringMap<DeviceBuiltin> map = [] {
    llvm::StringMap<DeviceBuiltin> m;
    for (const Row &r : kRows) m[r.name] = r.builtin;
    for (const Row &r : kAmdgpuSynonyms) m[r.name] = r.builtin;
    return m;
  }();
  return map;
}

} // namespace

std::optional<DeviceBuiltin> deviceBuiltin(llvm::StringRef callee) {
  auto it = table().find(callee);
  if (it == table().end()) return std::nullopt;
  return it->second;
}

std::string_view deviceBuiltinName(DeviceBuiltin builtin) { return kRows[size_t(builtin)].name; }

bool deviceBuiltinUsesLanes(DeviceBuiltin builtin) { return kUsesLanes[size_t(builtin)]; }
bool deviceBuiltinSynchronises(DeviceBuiltin builtin) { return kSynchronises[size_t(builtin)]; }

bool deviceBuiltinIsArithmetic(DeviceBuiltin builtin) {
  switch (builtin) {
  case DeviceBuiltin::umul_hi_64: case DeviceBuiltin::fast_divide: case DeviceBuiltin::inverse_sqrt:
  case DeviceBuiltin::inverse_sqrt_is_ieee: case DeviceBuiltin::short_sqrt_verified: case DeviceBuiltin::short_exp_verified:
  case DeviceBuiltin::fma_is_fused: case DeviceBuiltin::fma_float_algorithms: case DeviceBuiltin::device_fma_f32:
  case DeviceBuiltin::device_fma_f64:
    return true;
  default:
    return false;
  }
}

bool isSyncthreads(const llvm::Instruction &inst) {
  const auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
  return call && call->getCalledFunction() &&
         deviceBuiltin(call->getCalledFunction()->getName()) == DeviceBuiltin::syncthreads;
}

} // namespace hipvk
