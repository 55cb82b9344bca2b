// Folds __hipvk_is_module_constant(p): true when p points, at a constant offset, into a constant
// global of the module with an initializer (a string literal above all), false otherwise. Such
// bytes are in the module's segment image on the host and never change, so device printf sends
// them by address (compiler/devicelib/printf.hip) instead of copying them character by character:
// copied, a literal became a store per four characters at every printf and assert, and a kernel
// with a few asserts took drivers several times as long to compile. A phi or select of such
// pointers is one too. Runs after optimisation, when every kernel is one function and the pointer
// is the global itself; the branch not taken goes.
#include "DeviceBuiltins.h"
#include "Passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace hipvk {

namespace {

bool isModuleConstant(const Value *pointer, const DataLayout &layout, SmallPtrSetImpl<const Value *> &visited) {
  if (!visited.insert(pointer).second) return true;  // a cycle of phis adds no other pointer
  // One failure path for many assertions (MergeAssertionsPass) picks its literals by phi.
  if (const auto *phi = dyn_cast<PHINode>(pointer))
    return all_of(phi->incoming_values(), [&](const Value *v) { return isModuleConstant(v, layout, visited); });
  if (const auto *select = dyn_cast<SelectInst>(pointer))
    return isModuleConstant(select->getTrueValue(), layout, visited) && isModuleConstant(select->getFalseValue(), layout, visited);
  APInt offset(layout.getIndexTypeSizeInBits(pointer->getType()), 0);
  const Value *base = pointer->stripAndAccumulateConstantOffsets(layout, offset, /*AllowNonInbounds=*/true);
  const auto *global = dyn_cast<GlobalVariable>(base);
  if (!global || !global->isConstant() || !global->hasInitializer() || global->isExternallyInitialized()) return false;
  const uint64_t size = layout.getTypeAllocSize(global->getValueType());
  return !offset.isNegative() && offset.getZExtValue() < size;
}

} // namespace

PreservedAnalyses ModuleConstantsPass::run(Module &m, ModuleAnalysisManager &) {
  Function *query = m.getFunction(deviceBuiltinName(DeviceBuiltin::is_module_constant));
  if (!query) return PreservedAnalyses::all();
  SmallPtrSet<Function *, 8> changed;
  for (User *user : make_early_inc_range(query->users())) {
    auto *call = dyn_cast<CallInst>(user);
    if (!call || call->getCalledFunction() != query) continue;
    SmallPtrSet<const Value *, 8> visited;
    const bool constant = isModuleConstant(call->getArgOperand(0), m.getDataLayout(), visited);
    call->replaceAllUsesWith(ConstantInt::getBool(call->getType(), constant));
    changed.insert(call->getFunction());
    call->eraseFromParent();
  }
  for (Function *f : changed) {
    for (BasicBlock &block : *f) ConstantFoldTerminator(&block, /*DeleteDeadConditions=*/true);
    removeUnreachableBlocks(*f);
  }
  return changed.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hipvk
