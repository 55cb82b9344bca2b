// Marks every device function always-inline, but the device library's value functions
// (ValueFunctions.h), and rejects what cannot be inlined: recursion, indirect calls and calls to
// kernels. After this pass and the always-inliner, each kernel is one function that calls at most
// value functions, so every pointer's address space can be traced to its origin.
#include "Passes.h"
#include "ValueFunctions.h"

#include <llvm/ADT/SCCIterator.h>
#include <llvm/Analysis/CallGraph.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/CallingConv.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace hipvk {

bool isKernel(const Function &f) { return f.getCallingConv() == CallingConv::AMDGPU_KERNEL; }

unsigned kernelMaxThreads(const Function &f) {
  // "min,max"
  StringRef bounds = f.getFnAttribute("amdgpu-flat-work-group-size").getValueAsString();
  unsigned max = 0;
  if (!bounds.empty() && !bounds.split(',').second.getAsInteger(10, max) && max > 0) return std::min(max, kHipMaxBlockThreads);
  return kHipMaxBlockThreads;
}

PreservedAnalyses PrepareInliningPass::run(Module &m, ModuleAnalysisManager &) {
  CallGraph graph(m);
  for (scc_iterator<CallGraph *> scc = scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle()) continue;
    for (CallGraphNode *node : *scc)
      if (Function *f = node->getFunction())
        ctx.diagnostics.error(f, "recursion is not supported on Vulkan: '" + demangle(f->getName().str()) +
                                     "' calls itself directly or indirectly");
  }

  for (Function &f : m) {
    if (f.isDeclaration()) continue;
    for (Instruction &inst : instructions(f)) {
      auto *call = dyn_cast<CallBase>(&inst);
      if (!call) continue;
      if (call->isInlineAsm()) {
        ctx.diagnostics.error(call, "inline assembly is not supported in device code");
        continue;
      }
      Function *callee = call->getCalledFunction();
      if (!callee) {
        ctx.diagnostics.error(call, "indirect calls (function pointers, virtual functions) are not supported in device code");
        continue;
      }
      if (isKernel(*callee)) ctx.diagnostics.error(call, "a kernel cannot be called from device code");
    }
    // -O0 marks functions optnone/noinline; device code is always optimised.
    f.removeFnAttr(Attribute::OptimizeNone);
  }
  if (!ctx.diagnostics.hasErrors()) markForInlining(m);
  return PreservedAnalyses::none();
}

} // namespace hipvk
