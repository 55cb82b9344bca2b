#include "MemoryObjects.h"

#include "CompileContext.h"

#include <llvm/Analysis/ValueTracking.h>

#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Operator.h>

using namespace llvm;

namespace hipvk {

namespace {

bool isAddressArithmetic(const Value *v) {
  if (isa<GEPOperator>(v)) return true;
  auto *op = dyn_cast<Operator>(v);
  return op && (op->getOpcode() == Instruction::BitCast || op->getOpcode() == Instruction::AddrSpaceCast);
}

// The width of one scalar of `t` as it sits in memory; 0 for pointers and aggregates (their
// representation depends on the pointer's class).
unsigned scalarBitsInMemory(Type *t) {
  Type *scalar = t->getScalarType();
  if (scalar->isIntegerTy(1)) return 8;
  if (!scalar->isIntegerTy() && !scalar->isFloatingPointTy()) return 0;
  return unsigned(scalar->getPrimitiveSizeInBits());
}

} // namespace

const Value *memoryObjectOf(const Value *pointer) {
  while (isAddressArithmetic(pointer)) pointer = cast<Operator>(pointer)->getOperand(0);
  if (isa<AllocaInst>(pointer)) return pointer;
  if (auto *gv = dyn_cast<GlobalVariable>(pointer); gv && !gv->isDeclaration()) return pointer;
  return nullptr;
}

namespace {
constexpr const char *kNarrowAccess = "hipvk.narrow.access";
}

unsigned narrowAccessBits(const Instruction &access) {
  const MDNode *md = access.getMetadata(kNarrowAccess);
  return md ? unsigned(mdconst::extract<ConstantInt>(md->getOperand(0))->getZExtValue()) : 0;
}

void markNarrowAccess(Instruction &access, unsigned bits) {
  LLVMContext &c = access.getContext();
  access.setMetadata(kNarrowAccess, MDNode::get(c, {MDBuilder(c).createConstant(ConstantInt::get(Type::getInt32Ty(c), bits))}));
}

bool isConstantVariable(const GlobalVariable &gv) { return gv.getAddressSpace() == AS::Constant && gv.isExternallyInitialized(); }

const Value *accessedPointer(const Instruction &inst) {
  if (auto *load = dyn_cast<LoadInst>(&inst)) return load->getPointerOperand();
  if (auto *store = dyn_cast<StoreInst>(&inst)) return store->getPointerOperand();
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) return rmw->getPointerOperand();
  if (auto *cx = dyn_cast<AtomicCmpXchgInst>(&inst)) return cx->getPointerOperand();
  return nullptr;
}

unsigned uniformAccessBits(const Value &object, uint64_t objectBytes, const DataLayout &dl) {
  unsigned bits = 0;
  SmallVector<const Value *, 16> work{&object};
  while (!work.empty()) {
    const Value *pointer = work.pop_back_val();
    for (const User *user : pointer->users()) {
      if (isAddressArithmetic(user)) {
        work.push_back(user);
        continue;
      }
      auto *inst = dyn_cast<Instruction>(user);
      if (!inst) return 0;
      if (isa<ICmpInst>(inst) || inst->isLifetimeStartOrEnd()) continue; // no access
      if (accessedPointer(*inst) != pointer) return 0; // stored, merged, converted or passed on
      Type *accessType = isa<StoreInst>(inst) ? cast<StoreInst>(inst)->getValueOperand()->getType()
                         : isa<AtomicCmpXchgInst>(inst) ? cast<AtomicCmpXchgInst>(inst)->getCompareOperand()->getType()
                                                        : isa<AtomicRMWInst>(inst) ? cast<AtomicRMWInst>(inst)->getValOperand()->getType()
                                                                                   : inst->getType();
      // A narrow access counts with its real width, so that objects are laid out alike in both variants.
      unsigned accessBits = narrowAccessBits(*inst) ? narrowAccessBits(*inst) : scalarBitsInMemory(accessType);
      if (auto *vt = dyn_cast<FixedVectorType>(accessType); vt && vt->getNumElements() > 4) return 0; // SPIR-V vectors stop at 4
      if (!accessBits || (bits && accessBits != bits)) return 0;
      Align align = isa<LoadInst>(inst)     ? cast<LoadInst>(inst)->getAlign()
                    : isa<StoreInst>(inst)  ? cast<StoreInst>(inst)->getAlign()
                    : isa<AtomicRMWInst>(inst) ? cast<AtomicRMWInst>(inst)->getAlign()
                                               : cast<AtomicCmpXchgInst>(inst)->getAlign();
      if (align.value() * 8 < accessBits || dl.getTypeStoreSize(accessType) % (accessBits / 8) != 0) return 0;
      bits = accessBits;
    }
  }
  return bits && objectBytes % (bits / 8) == 0 ? bits : 0;
}

bool readsImmutableMemory(const LoadInst &load) {
  if (load.getPointerAddressSpace() == AS::Constant) return true;
  auto *arg = dyn_cast<Argument>(getUnderlyingObject(load.getPointerOperand(), /*MaxLookup*/ 0));
  return arg && arg->hasNoAliasAttr() && arg->onlyReadsMemory();
}

} // namespace hipvk
