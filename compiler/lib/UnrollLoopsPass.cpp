// Unrolling by 4 of the loops nvcc unrolls and NVIDIA's Vulkan compiler does not (measured on an
// H100, docs/PERFORMANCE.md and docs/MATH.md):
// - small innermost loops that read global memory and whose trip count is unknown: grid-stride
//   loops above all. NVIDIA's compiler keeps one such load in flight per iteration; a grid-stride
//   sum ran at 0.93x CUDA as written, 1.05x unrolled by 4 and 1.00x by 8. Loops that run at most
//   kUnrollCount times (a block staging its tile and halo: the remainder loop would do all the
//   work, behind the unrolled body's code) are left alone;
// - innermost counted loops of at least 8 trips that O2 left rolled because their body is large,
//   slow paths included: an iterated float math function with its inlined fallback. Unrolled, such
//   chains ran 1.05x (sinf) to 1.2x (expf) faster on an H200. Bodies past kMaxUnrolledLoopBody stay
//   rolled: the double functions carry the fma emulation beside the device's own instruction (a
//   specialisation constant picks one; about 4,000 instructions for double exp), and unrolled they took
//   ten times as long to compile for 3-8 %.
// A call of a value function counts as the body a driver inlines there (SwiftShader's compiler died
// on a loop of double exp calls unrolled by 4). Unrolling keeps the order of every operation (a
// float sum stays the same sum). Loops with their
// own unroll pragma or with convergent operations (barriers, warp functions) are left alone.
#include "CompileContext.h"
#include "DeviceBuiltins.h"
#include "Passes.h"
#include "ValueFunctions.h"

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
constexpr unsigned kMaxStreamingBody = 48;  // instructions

bool readsGlobalMemory(const Instruction &inst) {
  auto *load = dyn_cast<LoadInst>(&inst);
  if (!load) return false;
  unsigned as = load->getPointerAddressSpace();
  return as == AS::Global || as == AS::Constant || as == AS::Generic;
}

// Of the calls left after inlining, only the builtins that synchronise threads (barriers, warp
// functions) and unknown callees count as convergent: Clang marks every device function so, the
// specialisation constants the math library branches on included.
bool synchronises(const CallBase &call) {
  if (!call.isConvergent()) return false;
  const Function *callee = call.getCalledFunction();
  std::optional<DeviceBuiltin> builtin = callee ? deviceBuiltin(callee->getName()) : std::nullopt;
  return !builtin || deviceBuiltinSynchronises(*builtin);
}

bool hasUnrollHint(const Loop &loop) {
  return findOptionMDForLoop(&loop, "llvm.loop.unroll.disable") || findOptionMDForLoop(&loop, "llvm.loop.unroll.count") ||
         findOptionMDForLoop(&loop, "llvm.loop.unroll.full") || findOptionMDForLoop(&loop, "llvm.loop.unroll.enable");
}

struct Body {
  unsigned instructions = 0;
  bool convergent = false, readsGlobal = false;
};
Body summarize(const Loop &loop) {
  Body body;
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block) {
      auto *call = dyn_cast<CallBase>(&inst);
      // A value function's call is its whole body to a driver, which inlines it.
      body.instructions += call ? instructionsOnceInlined(*call) : 1;
      if (call && synchronises(*call)) body.convergent = true;
      body.readsGlobal |= readsGlobalMemory(inst);
    }
  return body;
}

bool worthUnrolling(Loop &loop, ScalarEvolution &se) {
  if (!loop.isInnermost() || hasUnrollHint(loop)) return false;
  const Body body = summarize(loop);
  if (body.convergent) return false;
  if (unsigned trips = se.getSmallConstantTripCount(&loop); trips != 0)
    return trips >= 2 * kUnrollCount && body.instructions <= kMaxUnrolledLoopBody;
  if (unsigned maxTrips = se.getSmallConstantMaxTripCount(&loop); maxTrips != 0 && maxTrips <= kUnrollCount) return false;
  return body.readsGlobal && body.instructions <= kMaxStreamingBody;
}

} // namespace

PreservedAnalyses UnrollLoopsPass::run(Function &f, FunctionAnalysisManager &fam) {
  LoopInfo &loops = fam.getResult<LoopAnalysis>(f);
  ScalarEvolution &se = fam.getResult<ScalarEvolutionAnalysis>(f);
  LLVMContext &context = f.getContext();
  bool marked = false;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    if (!worthUnrolling(*loop, se)) continue;
    // The pragma's metadata: LoopUnrollPass then unrolls, with a remainder loop where needed.
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
