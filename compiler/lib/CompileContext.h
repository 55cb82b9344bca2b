// State shared by the passes of one compilation: diagnostics, the AMDGPU target machine whose cost
// model the LLVM transforms use, and the memory layout the emitter and the metadata writer consume.
#pragma once

#include "Diagnostics.h"

#include <hipvk/kernel_abi.h>

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/MapVector.h>

#include <cstdint>
#include <map>
#include <set>
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
  bool pointer = false; // a pointer passed by value (its value is a device address)
};

// A memory object with its own array of unsigned `elementBits`-bit elements.
struct TypedArray {
  uint32_t offset;      // the object's pointer value (kTypedArrayOffsets + its place)
  unsigned elementBits; // 8, 16, 32 or 64
  uint32_t count;
};
inline constexpr uint32_t kTypedArrayOffsets = 1u << 30;

struct KernelLayout {
  std::vector<KernelArgument> arguments;
  uint32_t argumentBytes = 0;
  bool pushArguments = true; // arguments live in push constants, else in an argument buffer
  // Pointers into __shared__ and local memory are byte offsets (docs/ABI.md): the offset of each
  // static __shared__ variable and alloca. Objects in the word arrays sit at their offset there;
  // objects with their own typed array (MemoryObjects.h) at kTypedArrayOffsets + their place, so
  // that every pointer still names one byte of one object.
  llvm::MapVector<const llvm::GlobalVariable *, uint32_t> sharedOffsets; // static __shared__ variables
  llvm::DenseMap<const llvm::AllocaInst *, uint32_t> privateOffsets;
  llvm::DenseMap<const llvm::Value *, TypedArray> typedArrays;           // by variable or alloca
  uint32_t staticSharedBytes = 0; // all static __shared__ memory: word array and typed arrays
  uint32_t wordSharedBytes = 0;   // the static part of the __shared__ word array
  bool usesDynamicShared = false; // extern __shared__ arrays start at wordSharedBytes rounded to 16
  uint32_t privateBytes = 0;      // all local memory
  uint32_t wordPrivateBytes = 0;  // the local word array
};

struct GlobalSymbol {
  std::string name;
  uint32_t offset, size;
  std::string kind;  // device | constant | managed
  uint32_t slot = 0; // managed: offset of the pointer variable device code reaches the storage through
};

struct ModuleLayout {
  llvm::DenseMap<const llvm::GlobalVariable *, uint32_t> segmentOffsets;
  std::vector<GlobalSymbol> symbols;
  std::vector<uint8_t> segmentInit; // initial bytes of the global segment
  std::vector<uint32_t> relocations; // offsets of 8-byte segment offsets the runtime makes addresses
  uint32_t segmentBytes = 0;
  // The __constant__ variables kernels read as a uniform buffer (kernel_abi.h): those lying wholly
  // in segment bytes [offset, offset + bytes); bytes is 0 when there are none.
  struct ConstantWindow {
    uint32_t offset = 0, bytes = 0;
  } constantWindow;
  bool inConstantWindow(const llvm::GlobalVariable &gv) const;
  llvm::MapVector<const llvm::Function *, KernelLayout> kernels;
};

// The address spaces of amdgcn device IR (docs/ABI.md).
namespace AS {
inline constexpr unsigned Generic = 0, Global = 1, Shared = 3, Constant = 4, Private = 5;
}


// A HIP kernel (a __global__ function): Clang gives it the AMDGPU kernel calling convention.
bool isKernel(const llvm::Function &f);
// HIP's largest block.
inline constexpr unsigned kHipMaxBlockThreads = 1024;
// The most threads a block of kernel `f` may have: its __launch_bounds__ (Clang's
// amdgpu-flat-work-group-size), else kHipMaxBlockThreads. The runtime refuses larger launches.
unsigned kernelMaxThreads(const llvm::Function &f);
// A null or undefined pointer, also cast to another address space: it points into no memory
// space and is never dereferenced (SplitPointerSpacesPass.cpp).
bool isNullPointer(const llvm::Value *v);

// The optional SPIR-V types a compilation may use. The portable variant, for devices without them
// (SwiftShader, many mobile GPUs), has none: 64-bit integers and pointers become pairs of 32-bit
// words, doubles software floats, 8/16-bit values 32-bit words (docs/HIP_ON_VULKAN.md, "Devices
// without 64-bit types").
struct NativeTypes {
  bool int64 = true, float64 = true, int16 = true, int8 = true, float16 = true;
  static constexpr NativeTypes none() { return {false, false, false, false, false}; }
};

// The global segment that a further compilation of the same translation unit shares (its
// wavefront-size forms, WaveVariants.cpp): each variable's place, by name, with the variable to
// recognise it by (its size and initializer must agree), the constant window, and where variables
// the earlier compilations did not have may start.
struct SegmentPreset {
  struct Slot {
    uint32_t offset = 0, size = 0;
    const llvm::GlobalVariable *variable = nullptr;
  };
  std::map<std::string, Slot> slots;
  uint32_t bytes = 0;
  ModuleLayout::ConstantWindow window;
};

struct CompileContext {
  Diagnostics diagnostics;
  // Lay the global segment out as this earlier compilation did (null: from scratch).
  const SegmentPreset *segmentPreset = nullptr;
  // Build warps of this many lanes from the device's subgroups (LogicalWarpsPass.cpp); 0: off.
  unsigned logicalWarpSize = 0;
  // Kernels whose logical-warp form is optional: refused without a warning (CompileOptions).
  const std::set<std::string> *logicalWarpOptional = nullptr;
  // The kernels the logical-warp lowering could not take (warnings say why): no module of theirs.
  std::vector<std::string> logicalWarpRefused;
  NativeTypes native;
  // Build the variant for devices with VK_EXT_shader_atomic_float: float atomic add/sub on global
  // memory stay atomics (OpAtomicFAddEXT) instead of compare-and-swap loops.
  bool nativeFloatAtomics = false;
  llvm::TargetMachine *targetMachine = nullptr;
  ModuleLayout layout;
};

} // namespace hipvk
