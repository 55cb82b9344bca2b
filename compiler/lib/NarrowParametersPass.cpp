// Kernel parameters of types the device has no type for (char, short, bool without shaderInt8/16;
// _Float16 without shaderFloat16: the portable variant, CompileContext::native) become byref
// parameters: the value is then loaded from the argument area, at the place it had, and that load
// is legalised like any other (through words). Runs before the passes that promote those types.
#include "Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace hipvk {

namespace {

bool lacksType(const Type *t, const NativeTypes &native) {
  if (t->isHalfTy()) return !native.float16;
  if (!t->isIntegerTy()) return false;
  unsigned bits = t->getIntegerBitWidth();
  return ((bits == 1 || bits == 8) && !native.int8) || (bits == 16 && !native.int16);
}

void readNarrowParametersByRef(Function &kernel, const NativeTypes &native) {
  auto narrow = [&](const Argument &arg) { return !arg.hasByRefAttr() && lacksType(arg.getType(), native); };
  if (none_of(kernel.args(), narrow)) return;
  LLVMContext &c = kernel.getContext();
  Type *argumentPointer = PointerType::get(c, AS::Constant);
  SmallVector<Type *, 8> params;
  SmallVector<AttributeSet, 8> paramAttrs;
  AttributeList attrs = kernel.getAttributes();
  for (Argument &arg : kernel.args()) {
    if (!narrow(arg)) {
      params.push_back(arg.getType());
      paramAttrs.push_back(attrs.getParamAttrs(arg.getArgNo()));
      continue;
    }
    params.push_back(argumentPointer);
    AttrBuilder byRef(c);
    byRef.addByRefAttr(arg.getType());
    byRef.addAlignmentAttr(kernel.getDataLayout().getABITypeAlign(arg.getType()));
    paramAttrs.push_back(AttributeSet::get(c, byRef));
  }
  // In the kernel's place: kernels are laid out and emitted in module order.
  Function *replacement = Function::Create(FunctionType::get(kernel.getReturnType(), params, false), kernel.getLinkage(),
                                           kernel.getAddressSpace(), "");
  kernel.getParent()->getFunctionList().insert(kernel.getIterator(), replacement);
  replacement->copyAttributesFrom(&kernel);
  replacement->setAttributes(AttributeList::get(c, attrs.getFnAttrs(), attrs.getRetAttrs(), paramAttrs));
  replacement->copyMetadata(&kernel, 0);
  replacement->splice(replacement->begin(), &kernel);
  IRBuilder<> b(&*replacement->getEntryBlock().getFirstInsertionPt());
  for (Argument &arg : kernel.args()) {
    Argument &now = *replacement->getArg(arg.getArgNo());
    now.setName(arg.getName());
    arg.replaceAllUsesWith(narrow(arg) ? b.CreateAlignedLoad(arg.getType(), &now, kernel.getDataLayout().getABITypeAlign(arg.getType()))
                                       : static_cast<Value *>(&now));
  }
  replacement->takeName(&kernel);
  kernel.replaceAllUsesWith(replacement);
  kernel.eraseFromParent();
}

} // namespace

PreservedAnalyses NarrowParametersPass::run(Module &m, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> kernels;
  for (Function &f : m)
    if (!f.isDeclaration() && isKernel(f) && any_of(f.args(), [&](const Argument &a) { return !a.hasByRefAttr() && lacksType(a.getType(), ctx.native); }))
      kernels.push_back(&f);
  for (Function *kernel : kernels) readNarrowParametersByRef(*kernel, ctx.native);
  return kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hipvk
