#include "ValueFunctions.h"

#include "DeviceBuiltins.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/PostOrderIterator.h>
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

bool isScalarOfVariant(Type *t, const CompileContext &ctx) {
  if (t->isIntegerTy(1) || t->isIntegerTy(32) || t->isIntegerTy(64) || t->isFloatTy()) return true;
  return t->isDoubleTy() && ctx.native.float64; // soft doubles rewrite double signatures only in kernels
}

bool hasValueSignature(const Function &f, const CompileContext &ctx) {
  if (f.isVarArg() || !isScalarOfVariant(f.getReturnType(), ctx)) return false;
  for (const Argument &arg : f.args())
    if (!isScalarOfVariant(arg.getType(), ctx) || arg.hasByValAttr() || arg.hasByRefAttr() || arg.hasStructRetAttr()) return false;
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
  explicit Classifier(const CompileContext &ctx) : ctx_(ctx) {}

  Shape shapeOf(const Function &f) {
    if (auto it = shapes_.find(&f); it != shapes_.end()) return it->second;
    shapes_[&f] = Shape{}; // a cycle (refused by PrepareInliningPass) ends impure
    const Shape shape = measure(f); // looks up callees: no reference into shapes_ is held across it
    shapes_[&f] = shape;
    return shape;
  }

  bool becomesValueFunction(Function &f) {
    if (!f.hasFnAttribute(kDeviceLibraryAttribute) || !hasValueSignature(f, ctx_)) return false;
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

  const CompileContext &ctx_;
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
  for (User *u : f.users())
    if (auto *call = dyn_cast<CallBase>(u)) call->removeFnAttr(Attribute::Convergent);
}

} // namespace

bool isValueFunction(const Function &f) { return f.hasFnAttribute(kValueFunctionAttribute); }

void markForInlining(Module &m, const CompileContext &ctx) {
  Classifier classifier(ctx);
  // Callees first: a caller's size counts a value function as one call.
  CallGraph graph(m);
  for (CallGraphNode *node : post_order(&graph)) {
    Function *f = node->getFunction();
    if (!f || f->isDeclaration() || isKernel(*f) || isValueFunction(*f)) continue;
    if (classifier.becomesValueFunction(*f)) makeValueFunction(*f);
  }
  for (Function &f : m) {
    if (f.isDeclaration() || isKernel(f)) continue;
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
