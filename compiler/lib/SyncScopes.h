// LLVM's sync scopes (AMDGPU's names, as Clang emits them for HIP) as SPIR-V scopes: used by the
// atomics emitter and by passes that must know whether an operation synchronises beyond the block.
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/LLVMContext.h>
#include <spirv/unified1/spirv.hpp>

namespace hipvk {

inline spv::Scope spirvScopeOf(llvm::LLVMContext &context, llvm::SyncScope::ID id) {
  if (id == llvm::SyncScope::SingleThread) return spv::ScopeInvocation;
  if (id == llvm::SyncScope::System) return spv::ScopeDevice;
  llvm::SmallVector<llvm::StringRef, 8> names;
  context.getSyncScopeNames(names);
  llvm::StringRef name = id < names.size() ? names[id] : "";
  if (name.starts_with("workgroup")) return spv::ScopeWorkgroup;
  if (name.starts_with("wavefront")) return spv::ScopeSubgroup;
  if (name.starts_with("singlethread")) return spv::ScopeInvocation;
  // "agent" and the system scope: Vulkan's widest scope within a device is Device; memory the
  // host reads is made available at the queue submission's end anyway.
  return spv::ScopeDevice;
}

} // namespace hipvk
