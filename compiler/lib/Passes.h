// Declarations of hipvk's own passes; PassRegistry.def orders them into the pipeline.
#pragma once

#include "CompileContext.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>

namespace hipvk {

struct PrepareInliningPass : llvm::PassInfoMixin<PrepareInliningPass> {
  explicit PrepareInliningPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  CompileContext &ctx;
};

// Device functions left without a use by the always-inliner are removed (DropInlinedFunctionsPass.cpp).
struct DropInlinedFunctionsPass : llvm::PassInfoMixin<DropInlinedFunctionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
};

// Doubles as i64 bit patterns and library calls when the device lacks shaderFloat64 (SoftenDoublesPass.cpp).
struct SoftenDoublesPass : llvm::PassInfoMixin<SoftenDoublesPass> {
  explicit SoftenDoublesPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
  CompileContext &ctx;
};

// Threads that return before a __syncthreads() keep executing the barriers, their effects
// suppressed, or the kernel is refused (ExitedThreadsPass.cpp).
struct ExitedThreadsPass : llvm::PassInfoMixin<ExitedThreadsPass> {
  explicit ExitedThreadsPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
  CompileContext &ctx;
};

struct LowerTrapsPass : llvm::PassInfoMixin<LowerTrapsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

// Warps of ctx.logicalWarpSize lanes built from narrower subgroups: every warp operation an
// exchange through __shared__ memory between workgroup barriers (LogicalWarpsPass.cpp).
struct LogicalWarpsPass : llvm::PassInfoMixin<LogicalWarpsPass> {
  explicit LogicalWarpsPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  CompileContext &ctx;
};

struct OptimizePass : llvm::PassInfoMixin<OptimizePass> {
  explicit OptimizePass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  CompileContext &ctx;
};

// Every assertion of a kernel fails through one inlined copy of the device library's failure path
// (MergeAssertionsPass.cpp). Until then the functions isAssertionFailure names stay calls.
struct MergeAssertionsPass : llvm::PassInfoMixin<MergeAssertionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
};
bool isAssertionFailure(const llvm::Function &f);

// __hipvk_is_module_constant folded once kernels are optimised (ModuleConstantsPass.cpp).
struct ModuleConstantsPass : llvm::PassInfoMixin<ModuleConstantsPass> {
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
};

// Unrolling by 4 of the loops nvcc unrolls and NVIDIA's Vulkan compiler does not: small grid-stride
// loops over global memory, and counted loops O2 left rolled (UnrollLoopsPass.cpp).
struct UnrollLoopsPass : llvm::PassInfoMixin<UnrollLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

// The global loads that fill a shared-memory tile issued one iteration early (PrefetchTilesPass.cpp).
struct PrefetchTilesPass : llvm::PassInfoMixin<PrefetchTilesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

// Rewrites one fadd/fsub whose operand is a contractable product into llvm.fma; returns whether it
// did. Like LLVM's DAG combiner, the first operand is tried first: `a*b + c*d` -> fma(a, b, c*d).
bool fuseMultiplyAdd(llvm::BinaryOperator &sum);

struct FuseMultiplyAddPass : llvm::PassInfoMixin<FuseMultiplyAddPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

struct ExpandAtomicsPass : llvm::PassInfoMixin<ExpandAtomicsPass> {
  explicit ExpandAtomicsPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
  CompileContext &ctx;
};
// The cmpxchg of one compare-and-swap loop iteration (llvm::expandAtomicRMWToCmpXchg's callback),
// on integers of the value's width.
void createCompareExchange(llvm::IRBuilderBase &ir, llvm::Value *address, llvm::Value *expected, llvm::Value *desired,
                           llvm::Align align, llvm::AtomicOrdering order, llvm::SyncScope::ID scope, llvm::Value *&success,
                           llvm::Value *&loaded);
// Whether `rmw` is a floating-point add or subtract: native in the float-atomics variant.
bool isFloatAddOrSub(const llvm::AtomicRMWInst &rmw);

struct ExpandWideDivisionPass : llvm::PassInfoMixin<ExpandWideDivisionPass> {
  explicit ExpandWideDivisionPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
  CompileContext &ctx;
};

struct LowerMemIntrinsicsPass : llvm::PassInfoMixin<LowerMemIntrinsicsPass> {
  explicit LowerMemIntrinsicsPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
  CompileContext &ctx;
};

struct ExpandVectorBitcastsPass : llvm::PassInfoMixin<ExpandVectorBitcastsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

struct ScalarizeAggregateAccessesPass : llvm::PassInfoMixin<ScalarizeAggregateAccessesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

struct PromoteHalfPass : llvm::PassInfoMixin<PromoteHalfPass> {
  explicit PromoteHalfPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
  CompileContext &ctx;
};

struct NarrowParametersPass : llvm::PassInfoMixin<NarrowParametersPass> {
  explicit NarrowParametersPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  CompileContext &ctx;
};

struct LegalizeIntegersPass : llvm::PassInfoMixin<LegalizeIntegersPass> {
  explicit LegalizeIntegersPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
  CompileContext &ctx;
};

struct ExpandConstantExprsPass : llvm::PassInfoMixin<ExpandConstantExprsPass> {
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
};

struct SplitPointerSpacesPass : llvm::PassInfoMixin<SplitPointerSpacesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

struct UnifyExitsPass : llvm::PassInfoMixin<UnifyExitsPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

struct StructuredMergesPass : llvm::PassInfoMixin<StructuredMergesPass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &);
};

// Marks the __syncthreads() barriers that provably order no global memory (BarrierScopePass.cpp).
inline constexpr const char *kWorkgroupOnlyBarrier = "hipvk.barrier.workgroup_only";
struct BarrierScopePass : llvm::PassInfoMixin<BarrierScopePass> {
  llvm::PreservedAnalyses run(llvm::Function &f, llvm::FunctionAnalysisManager &fam);
};

struct LayoutMemoryPass : llvm::PassInfoMixin<LayoutMemoryPass> {
  explicit LayoutMemoryPass(CompileContext &ctx) : ctx(ctx) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  CompileContext &ctx;
};

// Vector operations are scalarised (SPIR-V vectors stop at 4 lanes, and LLVM's promotions of
// local arrays make wider ones; GPUs run scalar code anyway). Memory accesses stay vectors up to
// 128 bits (float4, int4, double2), and wider ones are split into such pieces.
llvm::ScalarizerPassOptions scalarizeOperationsOptions();
llvm::ScalarizerPassOptions splitWideAccessesOptions();

} // namespace hipvk
