#include "DeviceLibrary.h"

#include "ValueFunctions.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicsAMDGPU.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/IPO/Internalize.h>

#include <cstddef>

using namespace llvm;

namespace hipvk {

// compiler/devicelib, generated at build time.
extern const unsigned char kDeviceLibraryBitcode[];
extern const size_t kDeviceLibraryBitcodeSize;

namespace {

// Intrinsics whose meaning the device library implements: AMDGPU's lane permute
// (compiler/devicelib/warp.hip), and the AMDGPU instructions and LLVM intrinsics OCML's math is
// built on, whose Vulkan forms are looser than AMD's (compiler/devicelib/math.hip).
constexpr std::pair<const char *, const char *> kRoutes[] = {
    {"llvm.amdgcn.ds.permute", "__hipvk_ds_permute"},
    {"llvm.fma.f32", "__hipvk_fma_f32"},
    {"llvm.fma.f64", "__hipvk_fma_f64"},
    {"llvm.ldexp.f32.i32", "__hipvk_ldexp_f32"},
    {"llvm.ldexp.f64.i32", "__hipvk_ldexp_f64"},
    {"llvm.exp2.f32", "__hipvk_exp2_f32"},
    {"llvm.log2.f32", "__hipvk_log2_f32"},
    {"llvm.amdgcn.frexp.mant.f32", "__hipvk_frexp_mant_f32"},
    {"llvm.amdgcn.frexp.mant.f64", "__hipvk_frexp_mant_f64"},
    {"llvm.amdgcn.frexp.exp.i32.f32", "__hipvk_frexp_exp_f32"},
    {"llvm.amdgcn.frexp.exp.i32.f64", "__hipvk_frexp_exp_f64"},
    {"llvm.amdgcn.fract.f32", "__hipvk_fract_f32"},
    {"llvm.amdgcn.fract.f64", "__hipvk_fract_f64"},
    {"llvm.amdgcn.rcp.f32", "__hipvk_rcp_f32"},
    {"llvm.amdgcn.rcp.f64", "__hipvk_rcp_f64"},
    {"llvm.amdgcn.rsq.f32", "__hipvk_rsq_f32"},
    {"llvm.amdgcn.rsq.f64", "__hipvk_rsq_f64"},
    {"llvm.amdgcn.trig.preop.f64", "__hipvk_trig_preop_f64"},
    // Rounding doubles to integers: exact in integer arithmetic on every driver (math.hip).
    {"llvm.floor.f64", "__hipvk_floor_f64"},
    {"llvm.ceil.f64", "__hipvk_ceil_f64"},
    {"llvm.trunc.f64", "__hipvk_trunc_f64"},
    {"llvm.round.f64", "__hipvk_round_f64"},
    {"llvm.rint.f64", "__hipvk_roundeven_f64"},
    {"llvm.nearbyint.f64", "__hipvk_roundeven_f64"},
    {"llvm.roundeven.f64", "__hipvk_roundeven_f64"},
    // Clang's math builtins (__builtin_sinf, libstdc++'s constexpr std:: functions) become LLVM
    // intrinsics, which mean the correctly rounded function: OCML's or math.hip's (the float exp and
    // log families, powf, sinf, cosf, double exp, sin, cos), not Vulkan's looser one.
    {"llvm.sin.f32", "__hipvk_sinf"},
    {"llvm.sin.f64", "__hipvk_sin"},
    {"llvm.cos.f32", "__hipvk_cosf"},
    {"llvm.cos.f64", "__hipvk_cos"},
    {"llvm.tan.f32", "__ocml_tan_f32"},
    {"llvm.tan.f64", "__ocml_tan_f64"},
    {"llvm.exp.f32", "__hipvk_expf"},
    {"llvm.exp.f64", "__hipvk_exp"},
    {"llvm.exp2.f64", "__ocml_exp2_f64"},
    {"llvm.exp10.f32", "__hipvk_exp10f"},
    {"llvm.exp10.f64", "__ocml_exp10_f64"},
    {"llvm.log.f32", "__hipvk_logf"},
    {"llvm.log.f64", "__ocml_log_f64"},
    {"llvm.log2.f64", "__ocml_log2_f64"},
    {"llvm.log10.f32", "__hipvk_log10f"},
    {"llvm.log10.f64", "__ocml_log10_f64"},
    {"llvm.pow.f32", "__hipvk_powf"},
    {"llvm.pow.f64", "__ocml_pow_f64"},
};

// OCML's own calls of its float exp, log, pow and erf and its double exp (erff, erfcf, tanhf, lgammaf,
// erfc... make them) take math.hip's functions, as the user's calls do (math_functions.h): on
// devices with the fma algorithms one reduction and one polynomial instead of OCML's
// extended-precision sequences (the accurate exp and exp2 even where the programs' expf and exp2f
// take CUDA's form, math.hip).
// Left alone: the calls in the __hipvk_ functions, which are those functions' other paths, and
// calls of value functions at a later link (the portable variant's), which are such paths inlined
// since, their signatures possibly softened already.
constexpr std::pair<const char *, const char *> kLibraryRoutes[] = {
    {"__ocml_exp_f32", "__hipvk_accurate_expf"}, {"__ocml_exp2_f32", "__hipvk_accurate_exp2f"}, {"__ocml_exp10_f32", "__hipvk_exp10f"},
    {"__ocml_log_f32", "__hipvk_logf"},   {"__ocml_log2_f32", "__hipvk_log2f"}, {"__ocml_log10_f32", "__hipvk_log10f"},
    {"__ocml_pow_f32", "__hipvk_powf"},   {"__ocml_exp_f64", "__hipvk_exp"},    {"__ocml_erf_f32", "__hipvk_erff"},
};

bool routeLibraryCalls(Module &m) {
  bool routed = false;
  for (auto [from, to] : kLibraryRoutes) {
    Function *f = m.getFunction(from);
    if (!f || isValueFunction(*f)) continue;
    FunctionCallee route; // declared at the first call routed
    for (User *u : make_early_inc_range(f->users()))
      if (auto *call = dyn_cast<CallInst>(u); call && call->getCalledFunction() == f && !call->getFunction()->getName().starts_with("__hipvk_")) {
        if (!route) route = m.getOrInsertFunction(to, f->getFunctionType());
        call->setCalledFunction(route);
        routed = true;
      }
  }
  return routed;
}

// Correctly rounded float division and square root (not under arcp/afn: -ffast-math, __fdividef)
// become calls of math.hip's functions, which take the fma-based float algorithms or the paths
// through double per device (abi::kSpecIdFmaFloatAlgorithms); vectors lane by lane. Left alone:
// the __hipvk_ functions' own (their slow paths, which the emitter rounds through double), and
// divisions by a constant whose reciprocal is exact, which optimisation turns into a product.
bool routeFloatDivisionAndSqrt(Module &m) {
  SmallVector<Instruction *, 16> work;
  for (Function &f : m) {
    if (f.isDeclaration() || f.getName().starts_with("__hipvk_")) continue;
    for (Instruction &inst : instructions(f)) {
      if (!inst.getType()->getScalarType()->isFloatTy() || inst.hasApproxFunc()) continue;
      if (inst.getOpcode() == Instruction::FDiv && !inst.hasAllowReciprocal()) {
        auto *divisor = dyn_cast<ConstantFP>(inst.getOperand(1));
        if (!divisor || !divisor->getValueAPF().getExactInverse(nullptr)) work.push_back(&inst);
      } else if (auto *call = dyn_cast<IntrinsicInst>(&inst); call && call->getIntrinsicID() == Intrinsic::sqrt) {
        work.push_back(&inst);
      }
    }
  }
  Type *f32 = Type::getFloatTy(m.getContext());
  for (Instruction *inst : work) {
    const bool division = inst->getOpcode() == Instruction::FDiv;
    FunctionCallee callee = division ? m.getOrInsertFunction("__hipvk_div_f32", f32, f32, f32)
                                     : m.getOrInsertFunction("__hipvk_sqrt_f32", f32, f32);
    IRBuilder<> ir(inst);
    auto lane = [&](Value *v, unsigned i) { return v->getType()->isVectorTy() ? ir.CreateExtractElement(v, i) : v; };
    auto scalar = [&](unsigned i) -> Value * {
      if (division) return ir.CreateCall(callee, {lane(inst->getOperand(0), i), lane(inst->getOperand(1), i)});
      return ir.CreateCall(callee, {lane(inst->getOperand(0), i)});
    };
    Value *result;
    if (auto *vector = dyn_cast<FixedVectorType>(inst->getType())) {
      result = PoisonValue::get(vector);
      for (unsigned i = 0; i < vector->getNumElements(); ++i) result = ir.CreateInsertElement(result, scalar(i), i);
    } else {
      result = scalar(0);
    }
    result->takeName(inst);
    inst->replaceAllUsesWith(result);
    inst->eraseFromParent();
  }
  return !work.empty();
}

// Routes the intrinsics above (and float division and sqrt, and OCML's exp and log calls) to
// library functions; returns whether any call was routed.
bool routeLibraryIntrinsics(Module &m, bool nativeFloat64) {
  bool routed = routeFloatDivisionAndSqrt(m);
  routed |= routeLibraryCalls(m);
  for (auto [intrinsic, library] : kRoutes)
    if (Function *f = m.getFunction(intrinsic); f && !f->use_empty() && (nativeFloat64 || f->getIntrinsicID() != Intrinsic::fma || !f->getReturnType()->isDoubleTy())) {
      FunctionCallee replacement = m.getOrInsertFunction(library, f->getFunctionType());
      for (User *u : make_early_inc_range(f->users()))
        if (auto *call = dyn_cast<CallInst>(u)) {
          call->setCalledFunction(replacement);
          call->setAttributes({}); // the intrinsic's attributes do not describe a function body
          routed = true;
        }
    }
  // V_CMP_CLASS tests the same ten classes, in the same bit order, as llvm.is.fpclass.
  for (Function &f : make_early_inc_range(m))
    if (f.getIntrinsicID() == Intrinsic::amdgcn_class)
      for (User *u : make_early_inc_range(f.users()))
        if (auto *call = dyn_cast<CallInst>(u); call && isa<ConstantInt>(call->getArgOperand(1))) {
          IRBuilder<> ir(call);
          auto mask = FPClassTest(cast<ConstantInt>(call->getArgOperand(1))->getZExtValue() & fcAllFlags);
          call->replaceAllUsesWith(ir.createIsFPClass(call->getArgOperand(0), mask));
          call->eraseFromParent();
        }
  return routed;
}

bool needsLibrary(const Module &m) {
  for (const Function &f : m)
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty()) return true;
  return false;
}

std::string linkOnce(Module &m) {
  StringRef bytes(reinterpret_cast<const char *>(kDeviceLibraryBitcode), kDeviceLibraryBitcodeSize);
  Expected<std::unique_ptr<Module>> library =
      parseBitcodeFile(MemoryBufferRef(bytes, "hipvk-devicelib.bc"), m.getContext());
  if (!library) return "hipvk: internal error: the device library does not load: " + toString(library.takeError());
  // Clang's compilation-unit markers are all the library keeps alive this way: dropping the list
  // keeps them out of the user's global segment.
  if (GlobalVariable *used = (*library)->getNamedGlobal("llvm.compiler.used")) used->eraseFromParent();
  // The user's module decides the target details; the library was compiled for the same triple.
  (*library)->setDataLayout(m.getDataLayout());
  (*library)->setTargetTriple(m.getTargetTriple());
  bool failed = Linker::linkModules(m, std::move(*library), Linker::LinkOnlyNeeded,
                                    [](Module &linked, const StringSet<> &fromLibrary) {
                                      for (const auto &name : fromLibrary)
                                        if (Function *f = linked.getFunction(name.getKey())) f->addFnAttr(kDeviceLibraryAttribute);
                                      internalizeModule(linked, [&](const GlobalValue &gv) {
                                        return !fromLibrary.contains(gv.getName());
                                      });
                                    });
  return failed ? "hipvk: internal error: linking the device library failed" : std::string();
}

} // namespace

std::string linkDeviceLibrary(Module &m, bool nativeFloat64) {
  // Before the link: these may call library functions the module did not call yet.
  routePrintfPointerArguments(m);
  routeLibraryIntrinsics(m, nativeFloat64);
  // OCML's functions use intrinsics routed to functions of the library itself, and some of those
  // (math.hip's fract, trig_preop) round doubles with routed intrinsics: each link may bring code
  // that needs one more; three rounds reach the end.
  for (int round = 0; round < 3 && needsLibrary(m); ++round) {
    if (std::string error = linkOnce(m); !error.empty()) return error;
    if (!routeLibraryIntrinsics(m, nativeFloat64)) break;
  }
  // Without doubles (the portable variant) the fma-based float algorithms would run, where the
  // device's Fma is not fused, on the fma's emulation in software doubles: several times the code
  // of the software-double paths they replace, in every division. That variant keeps those paths.
  if (Function *flag = m.getFunction("__hipvk_fma_float_algorithms"); flag && !nativeFloat64)
    for (User *u : make_early_inc_range(flag->users()))
      if (auto *call = dyn_cast<CallInst>(u)) {
        call->replaceAllUsesWith(ConstantInt::getFalse(m.getContext()));
        call->eraseFromParent();
      }
  return {};
}

} // namespace hipvk
