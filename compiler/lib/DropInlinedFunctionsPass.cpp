// Removes the device functions (not kernels) that the always-inliner left without a use. Only
// kernels become SPIR-V, but such a function stays in the module when it is externally visible:
// clang gives __device__ functions hidden external linkage, and at -O0 nothing deletes them after
// inlining. The later passes are written for kernels with everything inlined and met these bodies
// as they are: the portable variant's integer legalisation refused a helper returning a char
// ("unsupported 'ret' on an integer of unusual width"), so every -O0 translation unit with such a
// helper silently lost its portable modules (its kernels then failed to launch on SwiftShader while
// the same program at -O2 ran). A function something still refers to (a table of function
// pointers, llvm.used) is kept: later passes report what cannot be compiled about it.
#include "Passes.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses DropInlinedFunctionsPass::run(Module &m, ModuleAnalysisManager &) {
  bool changed = false;
  for (Function &f : make_early_inc_range(m)) {
    if (f.isDeclaration() || isKernel(f) || !f.use_empty()) continue;
    f.eraseFromParent();
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
