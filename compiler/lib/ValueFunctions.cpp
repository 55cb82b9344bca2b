#include "ValueFunctions.h"

#include "CompileContext.h"
#include "DeviceBuiltins.h"
#include "Passes.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/Analysis/CallGraph.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace hipvk {

namespace {

constexpr const char *kValueFunctionAttribute = "hipvk-value-function";

// Below this many instructions (its own and those of the callees inlined into it) a function is
// inlined: a call would cost more than it saves, and constant operands fold.
constexpr unsigned kMinimumInstructions = 40;

// Doubles too where they are software: SoftenDoublesPass makes them i64 in value functions' signatures.
bool isScalar(Type *t) { return t->isIntegerTy(1) || t->isIntegerTy(32) || t->isIntegerTy(64) || t->isFloatTy() || t->isDoubleTy(); }

bool hasValueSignature(const Function &f) {
  if (f.isVarArg() || !isScalar(f.getReturnType())) return false;
  for (const Argument &arg : f.args())
    if (!isScalar(arg.getType()) || arg.hasByValAttr() || arg.hasByRefAttr() || arg.hasStructRetAttr()) return false;
  return true;
}

// What a function amounts to once its inlined callees are in it: whether it touches memory or
// state of the launch, and how many instructions it has.
struct Shape {
  bool pure = false;
  unsigned instructions = 0;
};

class Classifier {
public:
  Shape shapeOf(const Function &f) {
    if (auto it = shapes_.find(&f); it != shapes_.end()) return it->second;
    shapes_[&f] = Shape{}; // a cycle (refused by PrepareInliningPass) ends impure
    const Shape shape = measure(f); // looks up callees: no reference into shapes_ is held across it
    shapes_[&f] = shape;
    return shape;
  }

  bool becomesValueFunction(Function &f) {
    if (!f.hasFnAttribute(kDeviceLibraryAttribute) || !hasValueSignature(f)) return false;
    Shape shape = shapeOf(f);
    return shape.pure && shape.instructions >= kMinimumInstructions;
  }

private:
  Shape measure(const Function &f) {
    Shape result{true, 0};
    for (const Instruction &inst : instructions(f)) {
      ++result.instructions;
      if (const auto *call = dyn_cast<CallBase>(&inst)) {
        const Function *callee = call->getCalledFunction();
        if (!callee || call->isInlineAsm()) return Shape{};
        if (callee->isIntrinsic()) {
          if (!callee->doesNotAccessMemory() || callee->isConvergent() || deviceBuiltin(callee->getName())) return Shape{};
          continue;
        }
        if (std::optional<DeviceBuiltin> b = deviceBuiltin(callee->getName())) {
          if (!deviceBuiltinIsArithmetic(*b)) return Shape{};
          continue;
        }
        if (callee->isDeclaration()) return Shape{};
        if (isValueFunction(*callee)) continue;
        const Shape inner = shapeOf(*callee);
        if (!inner.pure) return Shape{};
        result.instructions += inner.instructions;
        continue;
      }
      if (inst.mayReadOrWriteMemory() || isa<AllocaInst>(inst)) return Shape{};
    }
    return result;
  }

  DenseMap<const Function *, Shape> shapes_;
};

void makeValueFunction(Function &f) {
  f.addFnAttr(kValueFunctionAttribute);
  f.removeFnAttr(Attribute::AlwaysInline);
  f.removeFnAttr(Attribute::Convergent); // nothing in it synchronises threads
  f.addFnAttr(Attribute::NoInline);
  f.setDoesNotAccessMemory();
  f.setDoesNotThrow();
  f.setWillReturn();
  // One calling convention for the function and its calls: the library's optimisation gave some
  // functions fastcc while calls made later (the library linked again, a builtin lowered to it)
  // have the default, and a mismatch is undefined behaviour the optimiser turns into unreachable.
  f.setCallingConv(CallingConv::C);
  for (User *u : f.users())
    if (auto *call = dyn_cast<CallBase>(u)) {
      call->removeFnAttr(Attribute::Convergent);
      call->setCallingConv(CallingConv::C);
    }
}

// The device library reads its configuration (__oclc_finite_only_opt, __oclc_daz_opt, ...) from
// constant variables; folded here, such reads no longer make its functions look like memory
// readers, and each function is classified by what it computes.
void foldConstantLoads(Module &m) {
  const DataLayout &dl = m.getDataLayout();
  for (Function &f : m) {
    if (!f.hasFnAttribute(kDeviceLibraryAttribute)) continue;
    for (Instruction &inst : make_early_inc_range(instructions(f))) {
      auto *load = dyn_cast<LoadInst>(&inst);
      auto *address = load ? dyn_cast<Constant>(load->getPointerOperand()) : nullptr;
      if (!address || load->isVolatile()) continue;
      if (Constant *value = ConstantFoldLoadFromConstPtr(address, load->getType(), dl)) {
        load->replaceAllUsesWith(value);
        load->eraseFromParent();
      }
    }
  }
}

} // namespace

bool isValueFunction(const Function &f) { return f.hasFnAttribute(kValueFunctionAttribute); }

bool isCallOfValueFunction(const CallBase &call) {
  auto *callee = dyn_cast<Function>(call.getCalledOperand());
  return callee && isValueFunction(*callee);
}

unsigned instructionsOnceInlined(const CallBase &call) {
  if (!isCallOfValueFunction(call)) return 1;
  unsigned total = 0;
  for (const Instruction &inst : instructions(*cast<Function>(call.getCalledOperand())))
    total += isa<CallBase>(inst) ? instructionsOnceInlined(cast<CallBase>(inst)) : 1;
  return total;
}

void markForInlining(Module &m) {
  foldConstantLoads(m);
  Classifier classifier;
  // Callees first: a caller's size counts a value function as one call.
  CallGraph graph(m);
  for (CallGraphNode *node : post_order(&graph)) {
    Function *f = node->getFunction();
    if (!f || f->isDeclaration() || isKernel(*f) || isValueFunction(*f)) continue;
    if (classifier.becomesValueFunction(*f)) makeValueFunction(*f);
  }
  for (Function &f : m) {
    if (f.isDeclaration() || isKernel(f)) continue;
    if (isAssertionFailure(f)) {  // inlined by MergeAssertionsPass, once per kernel
      f.removeFnAttr(Attribute::AlwaysInline);
      f.addFnAttr(Attribute::NoInline);
      continue;
    }
    if (!isValueFunction(f)) {
      f.removeFnAttr(Attribute::NoInline);
      f.addFnAttr(Attribute::AlwaysInline);
      continue;
    }
    // A call on constants is inlined: optimisation then folds it whole (pow(2.0, 3), a software
    // double product of two literals).
    for (User *u : f.users())
      if (auto *call = dyn_cast<CallBase>(u); call && call->getCalledFunction() == &f &&
                                              all_of(call->args(), [](const Use &arg) { return isa<Constant>(arg.get()); }))
        call->addFnAttr(Attribute::AlwaysInline);
  }
}

} // namespace hipvk
