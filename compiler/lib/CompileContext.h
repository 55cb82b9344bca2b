// State shared by the passes of one compilation: diagnostics, the AMDGPU target machine whose cost
// model the LLVM transforms use, and the memory layout the emitter and the metadata writer consume.
#pragma once

#include "Diagnostics.h"

#include <hipvk/kernel_abi.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/MapVector.h>

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class AllocaInst;
class Function;
class GlobalVariable;
class TargetMachine;
class Value;
} // namespace llvm

namespace hipvk {

struct KernelArgument {
  uint32_t offset = 0;
  uint32_t size = 0;
  bool byRef = false; // passed by reference to the argument area (aggregates)
};

struct KernelLayout {
  std::vector<KernelArgument> arguments;
  uint32_t argumentBytes = 0;
  bool pushArguments = true; // arguments live in push constants, else in an argument buffer
  llvm::MapVector<const llvm::GlobalVariable *, uint32_t> sharedOffsets; // static __shared__ variables
  uint32_t staticSharedBytes = 0;
  bool usesDynamicShared = false; // extern __shared__ arrays start at staticSharedBytes rounded to 16
  llvm::DenseMap<const llvm::AllocaInst *, uint32_t> privateOffsets;
  uint32_t privateBytes = 0;
};

struct GlobalSymbol {
  std::string name;
  uint32_t offset, size;
  std::string kind; // device | constant | managed
};

struct ModuleLayout {
  llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> segmentOffsets;
  std::vector<GlobalSymbol> symbols;
  std::vector<uint8_t> segmentInit; // initial bytes of the global segment
  uint32_t segmentBytes = 0;
  llvm::MapVector<const llvm::Function *, KernelLayout> kernels;
};

// The address spaces of amdgcn device IR (docs/ABI.md).
namespace AS {
inline constexpr unsigned Generic = 0, Global = 1, Shared = 3, Constant = 4, Private = 5;
}


// A HIP kernel (a __global__ function): Clang gives it the AMDGPU kernel calling convention.
bool isKernel(const llvm::Function &f);
// A null or undefined pointer, also cast to another address space: it points into no memory
// space and is never dereferenced (SplitPointerSpacesPass.cpp).
bool isNullPointer(const llvm::Value *v);

struct CompileContext {
  Diagnostics diagnostics;
  llvm::TargetMachine *targetMachine = nullptr;
  ModuleLayout layout;
};

} // namespace hipvk
