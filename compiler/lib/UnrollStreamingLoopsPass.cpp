// Runtime unrolling by 4 of small innermost loops that read global memory and whose trip count is
// unknown: grid-stride loops above all. NVIDIA's Vulkan compiler keeps one such load in flight per
// iteration, nvcc unrolls them; measured on an H100 (docs/PERFORMANCE.md), a grid-stride sum ran
// at 0.93x CUDA as written, 1.05x unrolled by 4 and 1.00x by 8. Unrolling keeps the order of every
// operation (a float sum stays the same sum). Loops with their own unroll pragma, with convergent
// operations (barriers, warp functions), with a constant trip count (O2 has unrolled the small
// ones already), that run at most kUnrollCount times (a block staging its tile and halo: the
// remainder loop would do all the work, behind the unrolled body's code) or with a large body are
// left alone.
#include "CompileContext.h"
#include "Passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/LoopUnrollPass.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

using namespace llvm;

namespace hipvk {

namespace {

constexpr unsigned kUnrollCount = 4;
constexpr unsigned kMaxBodyInstructions = 48;

bool readsGlobalMemory(const Instruction &inst) {
  auto *load = dyn_cast<LoadInst>(&inst);
  if (!load) return false;
  unsigned as = load->getPointerAddressSpace();
  return as == AS::Global || as == AS::Constant || as == AS::Generic;
}

bool worthUnrolling(Loop &loop, ScalarEvolution &se) {
  if (!loop.isInnermost() || se.getSmallConstantTripCount(&loop) != 0) return false;
  if (unsigned maxTrips = se.getSmallConstantMaxTripCount(&loop); maxTrips != 0 && maxTrips <= kUnrollCount) return false;
  if (findOptionMDForLoop(&loop, "llvm.loop.unroll.disable") || findOptionMDForLoop(&loop, "llvm.loop.unroll.count") ||
      findOptionMDForLoop(&loop, "llvm.loop.unroll.full") || findOptionMDForLoop(&loop, "llvm.loop.unroll.enable"))
    return false;
  unsigned size = 0;
  bool global = false;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block) {
      if (++size > kMaxBodyInstructions) return false;
      if (auto *call = dyn_cast<CallBase>(&inst); call && call->isConvergent()) return false;
      global |= readsGlobalMemory(inst);
    }
  return global;
}

} // namespace

PreservedAnalyses UnrollStreamingLoopsPass::run(Function &f, FunctionAnalysisManager &fam) {
  LoopInfo &loops = fam.getResult<LoopAnalysis>(f);
  ScalarEvolution &se = fam.getResult<ScalarEvolutionAnalysis>(f);
  LLVMContext &context = f.getContext();
  bool marked = false;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    if (!worthUnrolling(*loop, se)) continue;
    // The pragma's metadata: LoopUnrollPass then unrolls with a run-time remainder loop.
    Metadata *count[] = {MDString::get(context, "llvm.loop.unroll.count"),
                         ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(context), kUnrollCount))};
    loop->setLoopID(makePostTransformationMetadata(context, loop->getLoopID(), {}, {MDNode::get(context, count)}));
    marked = true;
  }
  if (!marked) return PreservedAnalyses::all();
  FunctionPassManager unroll;
  unroll.addPass(LoopUnrollPass(LoopUnrollOptions(2).setRuntime(true)));
  unroll.addPass(InstCombinePass());
  unroll.addPass(SimplifyCFGPass());
  unroll.run(f, fam);
  return PreservedAnalyses::none();
}

} // namespace hipvk
