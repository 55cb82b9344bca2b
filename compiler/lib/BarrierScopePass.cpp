// __syncthreads() orders global as well as __shared__ memory for the block (HIP's and CUDA's
// meaning), so its SPIR-V barrier carries UniformMemory semantics; on NVIDIA that costs ~12 % of a
// tiled SGEMM, and every encoding of the same guarantee measured costs the same (docs/PERFORMANCE.md).
// This pass proves, per barrier, when no global access can be ordered by it: no global write that
// may precede the barrier may alias a global access that may follow it, and vice versa (alias
// analysis: distinct __restrict__ arguments, distinct objects), where a fence or an acquiring or
// releasing atomic at device scope counts as an access of any global memory. Such barriers are
// marked and emitted with WorkgroupMemory semantics only; all others keep UniformMemory.
#include "DeviceBuiltins.h"
#include "Passes.h"
#include "SyncScopes.h"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/CFG.h>
#include <llvm/Analysis/MemoryLocation.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace hipvk {

namespace {

// Beyond this many pairs of accesses the proof is not attempted (the barrier stays conservative).
constexpr size_t kMaxAliasQueries = 20000;

// Memory other threads of the block may see through global pointers: not __shared__, not local,
// not __constant__ (never written by kernels).
bool mayBeGlobal(const Value *pointer) {
  unsigned as = pointer->getType()->getPointerAddressSpace();
  return as != AS::Shared && as != AS::Private && as != AS::Constant;
}

// A fence or an acquiring/releasing atomic at device scope: it publishes or receives, across
// blocks, whatever global memory the block's barriers made available to it (thread 0 of a grid
// barrier releases the whole block's writes), so it counts as an access of any global memory.
bool synchronisesBeyondBlock(const Instruction &inst) {
  auto beyondBlock = [&](SyncScope::ID id) {
    spv::Scope scope = spirvScopeOf(inst.getContext(), id);
    return scope == spv::ScopeDevice || scope == spv::ScopeCrossDevice;
  };
  auto ordersMemory = [](AtomicOrdering o) { return o != AtomicOrdering::NotAtomic && o != AtomicOrdering::Unordered && o != AtomicOrdering::Monotonic; };
  if (auto *fence = dyn_cast<FenceInst>(&inst)) return beyondBlock(fence->getSyncScopeID());
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) return ordersMemory(rmw->getOrdering()) && beyondBlock(rmw->getSyncScopeID());
  if (auto *cx = dyn_cast<AtomicCmpXchgInst>(&inst)) return ordersMemory(cx->getSuccessOrdering()) && beyondBlock(cx->getSyncScopeID());
  if (auto *load = dyn_cast<LoadInst>(&inst)) return ordersMemory(load->getOrdering()) && beyondBlock(load->getSyncScopeID());
  if (auto *store = dyn_cast<StoreInst>(&inst)) return ordersMemory(store->getOrdering()) && beyondBlock(store->getSyncScopeID());
  return false;
}

struct GlobalAccess {
  Instruction *inst;
  std::optional<MemoryLocation> location; // none: unknown memory (a call)
  bool writes;
};

} // namespace

PreservedAnalyses BarrierScopePass::run(Function &f, FunctionAnalysisManager &fam) {
  SmallVector<Instruction *, 8> barriers;
  std::vector<GlobalAccess> accesses;
  for (Instruction &inst : instructions(f)) {
    if (isSyncthreads(inst)) {
      if (!inst.getMetadata(kWorkgroupOnlyBarrier)) barriers.push_back(&inst); // else marked where made
      continue;
    }
    if (synchronisesBeyondBlock(inst)) {
      accesses.push_back({&inst, std::nullopt, true});
      continue;
    }
    if (!inst.mayReadOrWriteMemory()) continue;
    std::optional<MemoryLocation> location = MemoryLocation::getOrNone(&inst);
    if (location && !mayBeGlobal(location->Ptr)) continue;
    if (isa<FenceInst>(inst) || (isa<CallInst>(inst) && !location && !inst.mayWriteToMemory())) continue;
    accesses.push_back({&inst, location, inst.mayWriteToMemory()});
  }
  if (barriers.empty()) return PreservedAnalyses::all();

  AAResults &aa = fam.getResult<AAManager>(f);
  DominatorTree &dt = fam.getResult<DominatorTreeAnalysis>(f);
  auto mayAlias = [&](const GlobalAccess &a, const GlobalAccess &b) {
    return !a.location || !b.location || aa.alias(*a.location, *b.location) != AliasResult::NoAlias;
  };
  for (Instruction *barrier : barriers) {
    std::vector<const GlobalAccess *> before, after;
    for (const GlobalAccess &a : accesses) {
      if (isPotentiallyReachable(a.inst, barrier, nullptr, &dt)) before.push_back(&a);
      if (isPotentiallyReachable(barrier, a.inst, nullptr, &dt)) after.push_back(&a);
    }
    if (before.size() * after.size() > kMaxAliasQueries) continue;
    bool ordersGlobalMemory = false;
    for (const GlobalAccess *x : before)
      for (const GlobalAccess *y : after)
        if ((x->writes || y->writes) && mayAlias(*x, *y)) ordersGlobalMemory = true;
    if (!ordersGlobalMemory) barrier->setMetadata(kWorkgroupOnlyBarrier, MDNode::get(f.getContext(), {}));
  }
  return PreservedAnalyses::all();
}

} // namespace hipvk
