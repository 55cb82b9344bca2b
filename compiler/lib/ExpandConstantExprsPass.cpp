// Rewrites constant expressions that use globals (GEPs into arrays, address-space casts) into
// instructions inside the functions that use them, so that the emitter sees every address
// computation as an instruction whose pointer class it can resolve.
#include "Passes.h"

#include <llvm/IR/Module.h>
#include <llvm/IR/ReplaceConstant.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses ExpandConstantExprsPass::run(Module &m, ModuleAnalysisManager &) {
  SmallVector<Constant *, 16> globals;
  for (GlobalVariable &gv : m.globals()) globals.push_back(&gv);
  bool changed = convertUsersOfConstantsToInstructions(globals);
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
