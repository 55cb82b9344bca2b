// Views of global memory for loads: a pointer to a Block whose only member carries a decoration,
// the shape glslang gives GLSL's `readonly` / `coherent buffer_reference` blocks.
// - __constant__ memory: HIP's __constant__ variables (and the constant tables LLVM makes) live in
//   the global segment like __device__ ones, but are read-only in device code: amdgcn IR reaches
//   them through address space 4. NonWritable, so that a driver can use its read-only data path
//   (NVIDIA: the non-coherent cache) as it does for GLSL. Vulkan has no push-constant or
//   uniform-buffer path for memory reached by device address.
// - loads through a pointer parameter that is noalias and read-only (`const T *__restrict__`, or any
//   pointer parameter of a disjoint-pointer variant): NonWritable too, as nvcc does for
//   `const __restrict__` (its read-only data path).
// - kernels that acquire at device scope (kernelAcquiresAtDeviceScope): Coherent, so that what
//   other blocks wrote before a fence or grid.sync() is what later loads see.
#include "SpirvEmitterImpl.h"

#include "MemoryObjects.h"

#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace hipvk {

KernelEmitter::LoadView KernelEmitter::loadViewOf(const Instruction &at) const {
  auto *load = dyn_cast<LoadInst>(&at);
  if (load && readsImmutableMemory(*load)) return LoadView::ReadOnly;
  return coherentLoads_ ? LoadView::Coherent : LoadView::Plain;
}

SpvId KernelEmitter::viewPointer(LoadView view, SpvId address, SpvId type) {
  SpvId &block = viewBlocks_[{view, type}];
  if (!block) {
    // Not the builder's de-duplicated struct: SSA aggregates must stay undecorated.
    block = b_.newId();
    b_.emit(SpirvBuilder::Globals, spv::OpTypeStruct, {block, type});
    b_.decorate(block, spv::DecorationBlock);
    b_.emit(SpirvBuilder::Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(spv::DecorationOffset), 0});
    const spv::Decoration decoration = view == LoadView::ReadOnly ? spv::DecorationNonWritable : spv::DecorationCoherent;
    b_.emit(SpirvBuilder::Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(decoration)});
  }
  SpvId blockPointer = op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, block), {address});
  return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {blockPointer, u32(0)});
}

} // namespace hipvk
