// One failure path per kernel for its assertions. Each assert() (and each check of the device
// headers, such as a shuffle reaching past warpSize) ends in __assert_fail, whose body records
// ROCm's message through device printf; inlined at every site, a kernel with nine shuffles carried
// nine copies of it, twenty times the SPIR-V of the shuffles, and drivers compiled them all (2.5 s
// a pipeline on lavapipe). Here, once the kernel is one function, every site whose strings are
// literals branches to one block that calls __hipvk_assertion_failed on the site's strings, their
// lengths and line (phis); the device library's failure functions are inlined only then (kept
// out of the always-inliner by markForInlining). The strings stay known literals through the phis
// (ModuleConstantsPass), so the message still costs no copy of their characters.
#include "Passes.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <array>

using namespace llvm;

namespace hipvk {

namespace {

constexpr const char *kAssertFail = "__assert_fail";     // glibc's: (assertion, file, line, function)
constexpr const char *kCudaAssertFail = "__assertfail";  // CUDA's: the same and a character size
constexpr const char *kAssertionFailed = "__hipvk_assertion_failed";  // the same with each string's length

// A call of __assert_fail or __assertfail whose three strings are literals, as the arguments of
// __hipvk_assertion_failed: (assertion, length, file, length, line, function, length).
std::optional<std::array<Value *, 7>> literalSite(CallInst &call) {
  Type *lengthType = Type::getInt64Ty(call.getContext());
  std::array<Value *, 7> args{};
  const unsigned strings[] = {0, 1, 3};
  const unsigned slots[] = {0, 2, 5};
  for (unsigned i = 0; i < 3; ++i) {
    StringRef text;
    Value *string = call.getArgOperand(strings[i]);
    if (!getConstantStringInfo(string, text)) return std::nullopt;
    args[slots[i]] = string;
    args[slots[i] + 1] = ConstantInt::get(lengthType, text.size() + 1);
  }
  args[4] = call.getArgOperand(2);
  return args;
}

bool mergeInto(Function &f, Function &assertionFailed) {
  SmallVector<CallInst *, 8> failures;
  for (Instruction &inst : instructions(f))
    if (auto *call = dyn_cast<CallInst>(&inst); call && call->getCalledFunction() && isAssertionFailure(*call->getCalledFunction()))
      failures.push_back(call);
  if (failures.empty()) return false;

  BasicBlock *merged = nullptr;
  std::array<PHINode *, 7> phis{};
  SmallVector<CallInst *, 8> toInline;
  for (CallInst *call : failures) {
    std::optional<std::array<Value *, 7>> args =
        call->getCalledFunction() == &assertionFailed ? std::nullopt : literalSite(*call);
    if (!args) {
      toInline.push_back(call);
      continue;
    }
    if (!merged) {
      merged = BasicBlock::Create(f.getContext(), "assertion.failed", &f);
      IRBuilder<> b(merged);
      FunctionType *type = assertionFailed.getFunctionType();
      for (unsigned i = 0; i < phis.size(); ++i) phis[i] = b.CreatePHI(type->getParamType(i), failures.size());
      CallInst *shared = b.CreateCall(&assertionFailed, SmallVector<Value *, 7>(phis.begin(), phis.end()));
      shared->setDebugLoc(call->getDebugLoc());
      b.CreateUnreachable();
      toInline.push_back(shared);
    }
    BasicBlock *site = call->getParent();
    for (unsigned i = 0; i < phis.size(); ++i) phis[i]->addIncoming((*args)[i], site);
    // The call never returns: what follows it in its block (the `unreachable`) goes with it.
    while (&site->back() != call) site->back().eraseFromParent();
    call->eraseFromParent();
    BranchInst::Create(merged, site);
  }
  // The failure functions call one another (__assert_fail measures its strings, then calls
  // __hipvk_assertion_failed): inlined until none is left.
  while (!toInline.empty()) {
    CallInst *call = toInline.pop_back_val();
    InlineFunctionInfo info;
    InlineFunction(*call, info);
    for (CallBase *inlined : info.InlinedCallSites)
      if (inlined->getCalledFunction() && isAssertionFailure(*inlined->getCalledFunction()))
        toInline.push_back(cast<CallInst>(inlined));
  }
  return true;
}

} // namespace

bool isAssertionFailure(const Function &f) {
  StringRef name = f.getName();
  return name == kAssertFail || name == kCudaAssertFail || name == kAssertionFailed;
}

PreservedAnalyses MergeAssertionsPass::run(Module &m, ModuleAnalysisManager &) {
  Function *assertionFailed = m.getFunction(kAssertionFailed);
  if (!assertionFailed || assertionFailed->isDeclaration()) return PreservedAnalyses::all();
  bool changed = false;
  for (Function &f : m)
    if (!f.isDeclaration() && !isAssertionFailure(f)) changed |= mergeInto(f, *assertionFailed);
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
