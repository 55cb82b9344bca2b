// Loads from __constant__ memory. HIP's __constant__ variables (and the constant tables LLVM makes)
// live in the global segment like __device__ ones, but are read-only in device code: amdgcn IR
// reaches them through address space 4. Such a load goes through a pointer to a Block whose only
// member is NonWritable, the shape glslang gives GLSL's `readonly buffer_reference` blocks, so that
// a driver can use its read-only data path (NVIDIA: the non-coherent cache) for them as it does for
// GLSL. Vulkan has no push-constant or uniform-buffer path for memory reached by device address.
#include "SpirvEmitterImpl.h"

#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace hipvk {

bool KernelEmitter::readsConstantMemory(const Instruction &at) {
  auto *load = dyn_cast<LoadInst>(&at);
  return load && load->getPointerAddressSpace() == AS::Constant;
}

SpvId KernelEmitter::readOnlyGlobalPointer(SpvId address, SpvId type) {
  SpvId &block = readOnlyBlocks_[type];
  if (!block) {
    // Not the builder's de-duplicated struct: SSA aggregates must stay undecorated.
    block = b_.newId();
    b_.emit(SpirvBuilder::Globals, spv::OpTypeStruct, {block, type});
    b_.decorate(block, spv::DecorationBlock);
    b_.emit(SpirvBuilder::Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(spv::DecorationOffset), 0});
    b_.emit(SpirvBuilder::Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(spv::DecorationNonWritable)});
  }
  SpvId blockPointer = op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, block), {address});
  return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {blockPointer, u32(0)});
}

} // namespace hipvk
