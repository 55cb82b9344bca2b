// The atomics family of the SPIR-V emitter: atomic read-modify-writes, compare-exchange, atomic
// loads and stores, and fences, on global memory (buffer device addresses) and on the __shared__
// word array. The mapping of LLVM's orderings and sync scopes to SPIR-V scopes and memory
// semantics lives here, once. Read-modify-writes without a SPIR-V instruction were already turned
// into compare-exchange loops (hipvk-expand-atomics).
#include "SpirvEmitterImpl.h"
#include "SyncScopes.h"

using namespace llvm;

namespace hipvk {

namespace {

// HIP's orderings cover all memory a thread can reach: global (UniformMemory also covers
// PhysicalStorageBuffer) and __shared__.
constexpr uint32_t kAllStorageClasses = uint32_t(spv::MemorySemanticsUniformMemoryMask) | uint32_t(spv::MemorySemanticsWorkgroupMemoryMask);

bool acquires(AtomicOrdering ordering) {
  return ordering == AtomicOrdering::Acquire || ordering == AtomicOrdering::AcquireRelease ||
         ordering == AtomicOrdering::SequentiallyConsistent;
}

uint32_t semanticsOf(AtomicOrdering ordering, AtomicAccess kind) {
  switch (ordering) {
  case AtomicOrdering::NotAtomic:
  case AtomicOrdering::Unordered:
  case AtomicOrdering::Monotonic: return spv::MemorySemanticsMaskNone;
  case AtomicOrdering::Acquire: return uint32_t(spv::MemorySemanticsAcquireMask) | kAllStorageClasses;
  case AtomicOrdering::Release: return uint32_t(spv::MemorySemanticsReleaseMask) | kAllStorageClasses;
  case AtomicOrdering::AcquireRelease:
  case AtomicOrdering::SequentiallyConsistent:
    // Vulkan treats SequentiallyConsistent as AcquireRelease; loads may only acquire, stores
    // only release.
    if (kind == AtomicAccess::Load) return uint32_t(spv::MemorySemanticsAcquireMask) | kAllStorageClasses;
    if (kind == AtomicAccess::Store) return uint32_t(spv::MemorySemanticsReleaseMask) | kAllStorageClasses;
    return uint32_t(spv::MemorySemanticsAcquireReleaseMask) | kAllStorageClasses;
  }
  return spv::MemorySemanticsMaskNone;
}

} // namespace

// The width of a value in memory: pointers are 64-bit device addresses or 32-bit byte offsets.
unsigned KernelEmitter::valueBits(const Value *v) {
  if (v->getType()->isPointerTy()) return classOf(v) == PointerClass::Global ? 64 : 32;
  return unsigned(v->getType()->getPrimitiveSizeInBits());
}

KernelEmitter::MemorySync KernelEmitter::memorySync(AtomicOrdering ordering, SyncScope::ID scope, PointerClass c, AtomicAccess kind) {
  spv::Scope s = spirvScopeOf(f_.getContext(), scope);
  // __shared__ memory is visible to the workgroup only: a wider scope buys nothing.
  if (c == PointerClass::Shared && (s == spv::ScopeDevice || s == spv::ScopeQueueFamily)) s = spv::ScopeWorkgroup;
  return {u32(uint32_t(s)), u32(semanticsOf(ordering, kind))};
}

// The SPIR-V pointer an atomic of `bits` bits at `address` (of class `c`) operates on; the
// pointee is an unsigned integer of that width. 0 after a diagnostic.
SpvId KernelEmitter::atomicPointer(PointerClass c, SpvId address, unsigned bits, Align align, const Instruction &at) {
  if (bits != 32 && bits != 64) {
    m_.ctx.diagnostics.error(&at, std::to_string(bits) + "-bit atomic operations are not supported (HIP's atomics are 32 or 64 bits)");
    return 0;
  }
  if (align.value() < bits / 8) {
    m_.ctx.diagnostics.error(&at, "atomic operation on a misaligned address");
    return 0;
  }
  if (bits == 64) b_.requireCapability(spv::CapabilityInt64Atomics);
  SpvId type = b_.typeInt(bits);
  switch (c) {
  case PointerClass::Global:
    return op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {address});
  case PointerClass::Shared: {
    const Value *object = nullptr;
    if (const TypedArray *a = typedArrayOf(c, at, &object); a && a->elementBits == bits)
      return typedElementPointer(c, object, *a, address, 0);
    if (bits == 32) return wordPointer(c, address, 0);
    m_.ctx.diagnostics.error(&at, "64-bit atomic operation on a __shared__ variable that is also accessed with other widths or "
                                  "through pointers merged from several variables: such a variable lives in the 32-bit word "
                                  "array, which has only 32-bit atomics");
    return 0;
  }
  default:
    m_.ctx.diagnostics.error(&at, "atomic operations on local variables or kernel arguments are not supported");
    return 0;
  }
}

SpvId KernelEmitter::emitAtomicRMW(AtomicRMWInst &rmw) {
  Value *ptr = rmw.getPointerOperand(), *val = rmw.getValOperand();
  PointerClass c = classOf(ptr);
  SpvId valueType = typeOfValue(val);
  unsigned bits = valueBits(val);
  SpvId pointer = atomicPointer(c, value(ptr, pointerType(c)), bits, rmw.getAlign(), rmw);
  if (!pointer) return b_.undef(valueType);
  SpvId bitsType = b_.typeInt(bits);
  MemorySync sync = memorySync(rmw.getOrdering(), rmw.getSyncScopeID(), c, AtomicAccess::ReadModifyWrite);
  spv::Op opcode;
  switch (rmw.getOperation()) {
  case AtomicRMWInst::Xchg: opcode = spv::OpAtomicExchange; break;
  case AtomicRMWInst::Add: opcode = spv::OpAtomicIAdd; break;
  case AtomicRMWInst::Sub: opcode = spv::OpAtomicISub; break;
  case AtomicRMWInst::And: opcode = spv::OpAtomicAnd; break;
  case AtomicRMWInst::Or: opcode = spv::OpAtomicOr; break;
  case AtomicRMWInst::Xor: opcode = spv::OpAtomicXor; break;
  case AtomicRMWInst::Max: opcode = spv::OpAtomicSMax; break;
  case AtomicRMWInst::Min: opcode = spv::OpAtomicSMin; break;
  case AtomicRMWInst::UMax: opcode = spv::OpAtomicUMax; break;
  case AtomicRMWInst::UMin: opcode = spv::OpAtomicUMin; break;
  case AtomicRMWInst::FAdd:
  case AtomicRMWInst::FSub: return emitFloatAtomicAdd(rmw, pointer, sync);
  default:
    return unsupported(rmw, std::string("atomic '") + AtomicRMWInst::getOperationName(rmw.getOperation()).str() +
                                "' reached the emitter unexpanded");
  }
  SpvId operand = bitcastIfNeeded(value(val, valueType), valueType, bitsType);
  SpvId old = op(opcode, bitsType, {pointer, sync.scope, sync.semantics, operand});
  return bitcastIfNeeded(old, bitsType, valueType);
}

// A float add/subtract kept native (the native-float-atomics variant, global memory only):
// OpAtomicFAddEXT on a pointer to the float type; subtraction adds the negated operand.
SpvId KernelEmitter::emitFloatAtomicAdd(AtomicRMWInst &rmw, SpvId bitsPointer, const MemorySync &sync) {
  Value *val = rmw.getValOperand();
  const bool isDouble = val->getType()->isDoubleTy();
  b_.requireExtension("SPV_EXT_shader_atomic_float_add");
  b_.requireCapability(isDouble ? spv::CapabilityAtomicFloat64AddEXT : spv::CapabilityAtomicFloat32AddEXT);
  SpvId floatType = typeOf(val->getType());
  SpvId pointer = op(spv::OpBitcast, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, floatType), {bitsPointer});
  SpvId operand = value(val);
  if (rmw.getOperation() == AtomicRMWInst::FSub) operand = op(spv::OpFNegate, floatType, {operand});
  return op(spv::OpAtomicFAddEXT, floatType, {pointer, sync.scope, sync.semantics, operand});
}

SpvId KernelEmitter::emitCmpXchg(AtomicCmpXchgInst &cx) {
  Value *ptr = cx.getPointerOperand();
  PointerClass c = classOf(ptr);
  SpvId valueType = typeOfValue(cx.getCompareOperand());
  unsigned bits = valueBits(cx.getCompareOperand());
  SpvId resultType = typeOfValue(&cx);
  SpvId pointer = atomicPointer(c, value(ptr, pointerType(c)), bits, cx.getAlign(), cx);
  if (!pointer) return b_.undef(resultType);
  SpvId bitsType = b_.typeInt(bits);
  MemorySync success = memorySync(cx.getSuccessOrdering(), cx.getSyncScopeID(), c, AtomicAccess::ReadModifyWrite);
  MemorySync failure = memorySync(cx.getFailureOrdering(), cx.getSyncScopeID(), c, AtomicAccess::Load);
  SpvId expected = bitcastIfNeeded(value(cx.getCompareOperand(), valueType), valueType, bitsType);
  SpvId desired = bitcastIfNeeded(value(cx.getNewValOperand(), valueType), valueType, bitsType);
  SpvId old = op(spv::OpAtomicCompareExchange, bitsType, {pointer, success.scope, success.semantics, failure.semantics, desired, expected});
  SpvId exchanged = op(spv::OpIEqual, b_.typeBool(), {old, expected});
  return op(spv::OpCompositeConstruct, resultType, {bitcastIfNeeded(old, bitsType, valueType), exchanged});
}

SpvId KernelEmitter::emitAtomicLoad(LoadInst &load) {
  PointerClass c = classOf(load.getPointerOperand());
  SpvId valueType = typeOfValue(&load);
  unsigned bits = valueBits(&load);
  SpvId pointer = atomicPointer(c, value(load.getPointerOperand(), pointerType(c)), bits, load.getAlign(), load);
  if (!pointer) return b_.undef(valueType);
  MemorySync sync = memorySync(load.getOrdering(), load.getSyncScopeID(), c, AtomicAccess::Load);
  SpvId bitsType = b_.typeInt(bits);
  return bitcastIfNeeded(op(spv::OpAtomicLoad, bitsType, {pointer, sync.scope, sync.semantics}), bitsType, valueType);
}

void KernelEmitter::emitAtomicStore(StoreInst &store) {
  Value *val = store.getValueOperand();
  PointerClass c = classOf(store.getPointerOperand());
  SpvId valueType = typeOfValue(val);
  unsigned bits = valueBits(val);
  SpvId pointer = atomicPointer(c, value(store.getPointerOperand(), pointerType(c)), bits, store.getAlign(), store);
  if (!pointer) return;
  MemorySync sync = memorySync(store.getOrdering(), store.getSyncScopeID(), c, AtomicAccess::Store);
  SpvId bitsType = b_.typeInt(bits);
  opNoResult(spv::OpAtomicStore, {pointer, sync.scope, sync.semantics, bitcastIfNeeded(value(val, valueType), valueType, bitsType)});
}

void KernelEmitter::emitFence(FenceInst &fence) {
  // A fence orders every storage class; its scope is the sync scope (__threadfence_block:
  // workgroup, __threadfence: device).
  MemorySync sync = memorySync(fence.getOrdering(), fence.getSyncScopeID(), PointerClass::Global, AtomicAccess::ReadModifyWrite);
  opNoResult(spv::OpMemoryBarrier, {sync.scope, sync.semantics});
}

// Whether the kernel acquires at device scope (a fence, atomic load or read-modify-write with
// acquire semantics at agent/system scope; grid.sync() is one): other blocks' writes must then
// reach its later plain loads. Under the GLSL450 memory model a barrier orders only memory
// declared Coherent (NVIDIA otherwise serves plain loads from the SM's L1, stale after another
// block wrote the line), so such a kernel loads global memory through Coherent views.
bool kernelAcquiresAtDeviceScope(const Function &f) {
  LLVMContext &context = f.getContext();
  auto deviceAcquire = [&](AtomicOrdering ordering, SyncScope::ID scope) {
    return acquires(ordering) && spirvScopeOf(context, scope) == spv::ScopeDevice;
  };
  for (const BasicBlock &bb : f)
    for (const Instruction &i : bb) {
      if (auto *fence = dyn_cast<FenceInst>(&i); fence && deviceAcquire(fence->getOrdering(), fence->getSyncScopeID())) return true;
      if (auto *load = dyn_cast<LoadInst>(&i); load && load->isAtomic() && deviceAcquire(load->getOrdering(), load->getSyncScopeID())) return true;
      if (auto *rmw = dyn_cast<AtomicRMWInst>(&i); rmw && deviceAcquire(rmw->getOrdering(), rmw->getSyncScopeID())) return true;
      if (auto *cx = dyn_cast<AtomicCmpXchgInst>(&i); cx && deviceAcquire(cx->getSuccessOrdering(), cx->getSyncScopeID())) return true;
    }
  return false;
}

} // namespace hipvk
