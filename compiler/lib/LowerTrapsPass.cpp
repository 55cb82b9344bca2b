// Lowers device traps — llvm.trap (`__builtin_trap()`, `__trap()`, `abort()`) and hipvk's
// `__hipvk_trap(kind)` (a failed `assert()`) — to what Vulkan can do. Compute shaders have no
// instruction that stops the whole dispatch, and executing OpUnreachable is undefined behaviour,
// so the trapping invocation records the trap in the service buffer and returns from the kernel:
//
//   if (cmpxchg(&service->trapKind, 0, kind) succeeded)   // the first trap of the launch wins
//     service->trapLaunchIndex/trapBlock/trapThread = launch index, blockIdx, threadIdx;
//   return;
//
// Other invocations run on (docs/HIP_ON_VULKAN.md, "printf, assert and traps"); the runtime reports
// the trap at the next synchronising call. Runs after inlining, when every trap is inside a kernel
// and `return` leaves the kernel, and before the optimiser, which would otherwise delete the
// stores in front of the `unreachable` that follows a trap.
#include "DeviceBuiltins.h"
#include "Passes.h"

#include <hipvk/kernel_abi.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace hipvk {
namespace {

// The trap kind a call records, if it is a trap.
std::optional<Value *> trapKind(CallInst &call) {
  Function *callee = call.getCalledFunction();
  if (!callee) return std::nullopt;
  if (callee->getIntrinsicID() == Intrinsic::trap)
    return ConstantInt::get(Type::getInt32Ty(call.getContext()), abi::kTrapAbort);
  if (deviceBuiltin(callee->getName()) == DeviceBuiltin::trap) return call.getArgOperand(0);
  return std::nullopt;
}

// A call of a pure hipvk builtin taking no arguments.
Value *builtinValue(IRBuilder<> &b, DeviceBuiltin builtin, Type *type) {
  Module &m = *b.GetInsertBlock()->getModule();
  FunctionCallee f = m.getOrInsertFunction(deviceBuiltinName(builtin), FunctionType::get(type, false));
  return b.CreateCall(f);
}

// Replaces `trap` (and whatever follows it in its block) with the recording sequence and a return.
void lowerTrap(CallInst &trap, Value *kind) {
  LLVMContext &c = trap.getContext();
  Type *i32 = Type::getInt32Ty(c), *i64 = Type::getInt64Ty(c);
  BasicBlock *block = trap.getParent();
  Function &kernel = *block->getParent();
  // Everything after the trap is dead: cut it off (removeUnreachableBlocks collects it).
  BasicBlock *rest = block->splitBasicBlock(trap.getNextNode(), "after.trap");
  block->getTerminator()->eraseFromParent();
  BasicBlock *record = BasicBlock::Create(c, "trap.record", &kernel, rest);
  BasicBlock *exit = BasicBlock::Create(c, "trap.exit", &kernel, rest);

  IRBuilder<> b(&trap);
  Value *service = b.CreateIntToPtr(builtinValue(b, DeviceBuiltin::service_buffer, i64), PointerType::get(c, AS::Global));
  auto field = [&](IRBuilder<> &at, uint32_t offset) { return at.CreateConstInBoundsGEP1_32(Type::getInt8Ty(c), service, offset); };
  Value *won = b.CreateExtractValue(
      b.CreateAtomicCmpXchg(field(b, abi::kTrapKindOffset), ConstantInt::get(i32, abi::kTrapNone), kind, Align(4),
                            AtomicOrdering::Monotonic, AtomicOrdering::Monotonic, c.getOrInsertSyncScopeID("agent")),
      1);
  b.CreateCondBr(won, record, exit);
  trap.eraseFromParent();

  IRBuilder<> r(record);
  r.CreateStore(builtinValue(r, DeviceBuiltin::launch_index, i32), field(r, abi::kTrapLaunchIndexOffset));
  const DeviceBuiltin blockIdx[3] = {DeviceBuiltin::block_idx_x, DeviceBuiltin::block_idx_y, DeviceBuiltin::block_idx_z};
  const DeviceBuiltin threadIdx[3] = {DeviceBuiltin::thread_idx_x, DeviceBuiltin::thread_idx_y, DeviceBuiltin::thread_idx_z};
  for (unsigned d = 0; d < 3; ++d) {
    r.CreateStore(builtinValue(r, blockIdx[d], i32), field(r, abi::kTrapBlockOffset + 4 * d));
    r.CreateStore(builtinValue(r, threadIdx[d], i32), field(r, abi::kTrapThreadOffset + 4 * d));
  }
  r.CreateBr(exit);
  ReturnInst::Create(c, exit);
}

} // namespace

PreservedAnalyses LowerTrapsPass::run(Function &f, FunctionAnalysisManager &) {
  if (!isKernel(f)) return PreservedAnalyses::all();
  SmallVector<std::pair<CallInst *, Value *>, 4> traps;
  for (Instruction &inst : instructions(f))
    if (auto *call = dyn_cast<CallInst>(&inst))
      if (std::optional<Value *> kind = trapKind(*call)) traps.emplace_back(call, *kind);
  if (traps.empty()) return PreservedAnalyses::all();
  for (auto [trap, kind] : traps)
    if (trap->getParent()) lowerTrap(*trap, kind);
  removeUnreachableBlocks(f);
  return PreservedAnalyses::none();
}

} // namespace hipvk
