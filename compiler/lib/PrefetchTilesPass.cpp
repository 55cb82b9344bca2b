// Software pipelining of the global loads that fill a shared-memory tile. In a loop whose header
// loads from global memory, stores to __shared__ and then synchronises (tiled SGEMM, convolution,
// transposes), the loads of the next iteration are issued right after the header's barrier, so
// that their latency overlaps the iteration's work on the tile instead of stalling its start.
// Neither NVIDIA's Vulkan compiler nor nvcc moves loads across a barrier; on an H100 the GLSL
// SGEMM written this way ran at 1.004x CUDA's, as written 0.99x (docs/PERFORMANCE.md).
//
// Only loads of memory nothing writes while the kernel runs (readsImmutableMemory: __constant__,
// `const T *__restrict__`, the pointers of a disjoint-pointer variant) move: they read the same
// value one iteration early. The load for the iteration after the last one reads the current
// address again, so no address is read that the program would not read; the first iteration's
// load goes to the preheader, which a rotated loop leaves only into its header.
#include "CompileContext.h"
#include "DeviceBuiltins.h"
#include "MemoryObjects.h"
#include "Passes.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

using namespace llvm;

namespace hipvk {

namespace {

// More values kept across the loop cost registers: a tile is filled by one or two loads per thread.
constexpr unsigned kMaxPrefetchedLoads = 4;

CallInst *firstBarrier(BasicBlock &block) {
  for (Instruction &inst : block)
    if (isSyncthreads(inst)) return cast<CallInst>(&inst);
  return nullptr;
}

// A loop-computable expression at the loop's first iteration, or at the iteration after the
// current one: each recurrence of the loop replaced by its start, or by its next value. Exact in
// the expression's own (modular) arithmetic, so `A[row * n + k0 + tx]` with 32-bit unsigned
// indices qualifies.
struct IterationRewriter : SCEVRewriteVisitor<IterationRewriter> {
  const Loop &loop;
  bool first;
  IterationRewriter(ScalarEvolution &se, const Loop &loop, bool first) : SCEVRewriteVisitor(se), loop(loop), first(first) {}
  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *e) {
    if (e->getLoop() != &loop) return e;
    return first ? e->getStart() : e->getPostIncExpr(SE);
  }
};

// The loads of `header` before `barrier` that may be issued an iteration early: immutable global
// memory at an address the loop's recurrences compute.
SmallVector<LoadInst *> prefetchableLoads(Loop &loop, CallInst &barrier, ScalarEvolution &se) {
  SmallVector<LoadInst *> loads;
  for (Instruction &inst : *loop.getHeader()) {
    if (&inst == &barrier) break;
    auto *load = dyn_cast<LoadInst>(&inst);
    if (!load || !load->isSimple() || load->getPointerAddressSpace() == AS::Shared || !readsImmutableMemory(*load)) continue;
    if (se.getLoopDisposition(se.getSCEV(load->getPointerOperand()), &loop) != ScalarEvolution::LoopComputable) continue;
    loads.push_back(load);
  }
  if (loads.size() > kMaxPrefetchedLoads) loads.clear();
  return loads;
}

// Whether the iteration under way is followed by another, computed at `at` (before the latch):
// the latch's own exit test on the loop's recurrences, or null when it is not one.
Value *anotherIteration(Loop &loop, ScalarEvolution &se, SCEVExpander &expander, Instruction *at) {
  BasicBlock *latch = loop.getLoopLatch();
  auto *branch = dyn_cast<BranchInst>(latch->getTerminator());
  auto *test = branch && branch->isConditional() ? dyn_cast<ICmpInst>(branch->getCondition()) : nullptr;
  if (!test || loop.getExitingBlock() != latch) return nullptr;
  Value *operands[2];
  for (unsigned i = 0; i < 2; ++i) {
    const SCEV *operand = se.getSCEV(test->getOperand(i));
    if (se.getLoopDisposition(operand, &loop) == ScalarEvolution::LoopVariant) return nullptr;
    operands[i] = expander.expandCodeFor(operand, test->getOperand(i)->getType(), at);
  }
  IRBuilder<> b(at);
  Value *continues = b.CreateICmp(test->getPredicate(), operands[0], operands[1], "prefetch.another");
  return branch->getSuccessor(0) == loop.getHeader() ? continues : b.CreateNot(continues);
}

bool prefetch(Loop &loop, ScalarEvolution &se, const DataLayout &dl) {
  BasicBlock *header = loop.getHeader(), *preheader = loop.getLoopPreheader(), *latch = loop.getLoopLatch();
  if (!loop.isInnermost() || !preheader || !latch || !loop.isRotatedForm()) return false;
  CallInst *barrier = firstBarrier(*header);
  if (!barrier) return false;
  SmallVector<LoadInst *> loads = prefetchableLoads(loop, *barrier, se);
  if (loads.empty()) return false;

  SCEVExpander expander(se, dl, "prefetch");
  Instruction *afterBarrier = barrier->getNextNode();
  Value *another = anotherIteration(loop, se, expander, afterBarrier);
  if (!another) return false;
  IRBuilder<> b(afterBarrier);
  for (LoadInst *load : loads) {
    const SCEV *address = se.getSCEV(load->getPointerOperand());
    Type *pointerType = load->getPointerOperand()->getType();
    auto cloneAt = [&](Value *pointer, Instruction *before, const Twine &name) {
      auto *copy = cast<LoadInst>(load->clone());
      copy->setOperand(0, pointer);
      copy->setName(name);
      copy->insertBefore(before);
      return copy;
    };
    const SCEV *firstAddress = IterationRewriter(se, loop, true).visit(address);
    const SCEV *followingAddress = IterationRewriter(se, loop, false).visit(address);
    LoadInst *first = cloneAt(expander.expandCodeFor(firstAddress, pointerType, preheader->getTerminator()),
                              preheader->getTerminator(), load->getName() + ".first");
    Value *current = load->getPointerOperand();
    Value *following = expander.expandCodeFor(followingAddress, pointerType, afterBarrier);
    b.SetInsertPoint(afterBarrier);
    Value *nextAddress = b.CreateSelect(another, following, current, "prefetch.address");
    LoadInst *next = cloneAt(nextAddress, afterBarrier, load->getName() + ".next");
    PHINode *value = PHINode::Create(load->getType(), 2, load->getName() + ".prefetched", header->getFirstNonPHIIt());
    value->addIncoming(first, preheader);
    value->addIncoming(next, latch);
    load->replaceAllUsesWith(value);
    load->eraseFromParent();
  }
  return true;
}

} // namespace

PreservedAnalyses PrefetchTilesPass::run(Function &f, FunctionAnalysisManager &fam) {
  LoopInfo &loops = fam.getResult<LoopAnalysis>(f);
  ScalarEvolution &se = fam.getResult<ScalarEvolutionAnalysis>(f);
  bool changed = false;
  for (Loop *loop : loops.getLoopsInPreorder()) {
    bool done = prefetch(*loop, se, f.getDataLayout());
    if (done) se.forgetLoop(loop);
    changed |= done;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
