// Splits loads and stores of structs and arrays into accesses of their scalar or vector members.
// SPIR-V could express aggregate access only with explicitly laid-out types per storage class;
// member-wise access keeps the emitter to one rule per scalar type.
#include "Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace hipvk {

namespace {

struct Member {
  Type *type;
  uint64_t offset;
};

unsigned memberCount(Type *aggregate) {
  return aggregate->isStructTy() ? aggregate->getStructNumElements() : unsigned(aggregate->getArrayNumElements());
}

Member member(Type *aggregate, unsigned i, const DataLayout &dl) {
  if (auto *st = dyn_cast<StructType>(aggregate)) return {st->getElementType(i), dl.getStructLayout(st)->getElementOffset(i)};
  Type *element = aggregate->getArrayElementType();
  return {element, i * dl.getTypeAllocSize(element)};
}

Value *loadAggregate(IRBuilder<> &b, Type *type, Value *ptr, Align align, const DataLayout &dl) {
  if (!type->isAggregateType()) return b.CreateAlignedLoad(type, ptr, align);
  Value *result = PoisonValue::get(type);
  for (unsigned i = 0; i < memberCount(type); ++i) {
    Member m = member(type, i, dl);
    Value *memberPtr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), ptr, m.offset);
    result = b.CreateInsertValue(result, loadAggregate(b, m.type, memberPtr, commonAlignment(align, m.offset), dl), {i});
  }
  return result;
}

void storeAggregate(IRBuilder<> &b, Value *value, Value *ptr, Align align, const DataLayout &dl) {
  Type *type = value->getType();
  if (!type->isAggregateType()) {
    b.CreateAlignedStore(value, ptr, align);
    return;
  }
  for (unsigned i = 0; i < memberCount(type); ++i) {
    Member m = member(type, i, dl);
    Value *memberPtr = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), ptr, m.offset);
    storeAggregate(b, b.CreateExtractValue(value, {i}), memberPtr, commonAlignment(align, m.offset), dl);
  }
}

} // namespace

PreservedAnalyses ScalarizeAggregateAccessesPass::run(Function &f, FunctionAnalysisManager &) {
  const DataLayout &dl = f.getDataLayout();
  SmallVector<Instruction *, 16> work;
  for (Instruction &inst : instructions(f)) {
    if (auto *load = dyn_cast<LoadInst>(&inst); load && load->getType()->isAggregateType()) work.push_back(load);
    if (auto *store = dyn_cast<StoreInst>(&inst); store && store->getValueOperand()->getType()->isAggregateType())
      work.push_back(store);
  }
  for (Instruction *inst : work) {
    IRBuilder<> b(inst);
    if (auto *load = dyn_cast<LoadInst>(inst)) {
      Value *v = loadAggregate(b, load->getType(), load->getPointerOperand(), load->getAlign(), dl);
      load->replaceAllUsesWith(v);
    } else {
      auto *store = cast<StoreInst>(inst);
      storeAggregate(b, store->getValueOperand(), store->getPointerOperand(), store->getAlign(), dl);
    }
    inst->eraseFromParent();
  }
  return work.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

ScalarizerPassOptions scalarizeOperationsOptions() {
  ScalarizerPassOptions options;
  options.ScalarizeLoadStore = false;
  options.ScalarizeVariableInsertExtract = true;
  return options;
}

ScalarizerPassOptions splitWideAccessesOptions() {
  ScalarizerPassOptions options;
  options.ScalarizeLoadStore = true;
  options.ScalarizeMinBits = 128;
  return options;
}

} // namespace hipvk
