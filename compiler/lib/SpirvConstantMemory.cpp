// Reads of constant memory, and views of global memory for loads.
// - The constant window (kernel_abi.h): HIP's __constant__ variables live in the global segment
//   like __device__ ones, but the first 16 KiB of them are also bound as a uniform buffer. Loads
//   at constant offsets of those variables (a filter's taps in an unrolled loop, a struct's fields)
//   read it there: NVIDIA then keeps the value in a constant bank and folds it into the
//   instruction's operand, as CUDA does for __constant__. Loads at computed offsets keep the path
//   below: a constant bank serialises lanes that read different addresses, and CUDA's, which the
//   window is on NVIDIA, ran the suite's per-lane and in-loop reads 4-37x slower than this path
//   (docs/PERFORMANCE.md).
// - Views: a pointer to a Block whose only member carries a decoration, the shape glslang gives
//   GLSL's `readonly` / `coherent buffer_reference` blocks.
// - other constant memory (address space 4: __constant__ variables, and the constant tables LLVM
//   and the math library make): NonWritable, so that a driver can use its read-only data path
//   (NVIDIA: the non-coherent cache) as it does for GLSL.
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
  if (!block) block = b_.typeBlock(type, view == LoadView::ReadOnly ? spv::DecorationNonWritable : spv::DecorationCoherent);
  SpvId blockPointer = op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, block), {address});
  return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {blockPointer, u32(0)});
}

SpvId KernelEmitter::constantWindowVariable() {
  SpvId variable = m_.constantWindow();
  interface_.insert(variable);
  return variable;
}

SpvId KernelEmitter::loadFromConstantWindow(Type *t, Align align, const Instruction &at) {
  const Value *pointer = accessedPointer(at);
  if (!pointer) return 0;
  APInt offsetInVariable(64, 0);
  const auto *gv = dyn_cast<GlobalVariable>(pointer->stripAndAccumulateConstantOffsets(m_.dl, offsetInVariable, /*AllowNonInbounds=*/true));
  if (!gv || !m_.ctx.layout.inConstantWindow(*gv)) return 0;
  const unsigned bits = narrowAccessBits(at);
  const unsigned bytes = bits ? bits / 8 : unsigned(m_.dl.getTypeStoreSize(t->isIntegerTy(1) ? Type::getInt8Ty(t->getContext()) : t));
  const int64_t offset = int64_t(m_.ctx.layout.segmentOffsets.lookup(gv)) - m_.ctx.layout.constantWindow.offset + offsetInVariable.getSExtValue();
  if (offset < 0 || offset + bytes > m_.ctx.layout.constantWindow.bytes) return 0; // outside the variable: undefined, left as it was
  if (bytes > abi::kConstantWindowVectorBytes || (bytes > 4 && bytes % 4)) return 0;  // what loadWords reads
  if (bits) return loadBits(PointerClass::ConstantWindow, u32(uint32_t(offset)), bits, align, at);
  SpvId type = memoryType(t, at);
  if (!type) return 0;
  SpvId v;
  if (bytes == abi::kConstantWindowVectorBytes && offset % bytes == 0) { // one whole vector
    SpvId vector = b_.typeVector(b_.typeInt(32), abi::kConstantWindowVectorBytes / 4);
    SpvId element = op(spv::OpAccessChain, b_.typePointer(spv::StorageClassUniform, vector),
                       {constantWindowVariable(), u32(0), u32(uint32_t(offset / bytes))});
    v = bitcastIfNeeded(op(spv::OpLoad, vector, {element}), vector, type);
  } else {
    v = loadWords(PointerClass::ConstantWindow, u32(uint32_t(offset)), type, bytes, align, at);
  }
  return t->isIntegerTy(1) ? intToBool(v, type) : v;
}

} // namespace hipvk
