// The hipvk device builtins (include/hipvk/device_builtins.def) as the compiler sees them: an
// enumerator per table row, and the lookup of a callee name, which also accepts the AMDGPU
// intrinsics that mean the same (llvm.amdgcn.workitem.id.x is thread_idx_x).
#pragma once

#include <llvm/ADT/StringRef.h>
#include <llvm/IR/Instruction.h>

#include <optional>
#include <string_view>

namespace hipvk {

enum class DeviceBuiltin {
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) NAME,
#include <hipvk/device_builtins.def>
};

// The builtin a call to `callee` is, if any.
std::optional<DeviceBuiltin> deviceBuiltin(llvm::StringRef callee);

// The builtin's name in device code (`__hipvk_<NAME>`).
std::string_view deviceBuiltinName(DeviceBuiltin builtin);

// Whether the builtin is of kind Lane or Warp: its kernel needs lanes that are consecutive
// linear thread ids.
bool deviceBuiltinUsesLanes(DeviceBuiltin builtin);

// Whether the builtin is of kind Convergent or Warp: it synchronises threads, and code must not be
// duplicated or moved across control flow around it. (Clang marks every device function
// convergent; the other builtins are not.)
bool deviceBuiltinSynchronises(DeviceBuiltin builtin);

// Whether the builtin is arithmetic on its operands and the device's properties (specialization
// constants) alone, reading nothing of the launch: a value function may call it (ValueFunctions.h).
bool deviceBuiltinIsArithmetic(DeviceBuiltin builtin);

// Whether `inst` is a call of __syncthreads() (the block barrier).
bool isSyncthreads(const llvm::Instruction &inst);

} // namespace hipvk
