// Decides where every piece of kernel-visible memory lives (docs/ABI.md):
// - the global segment: all __device__/__constant__ variables and constant tables, at fixed
//   offsets, with their initial bytes;
// - per kernel: each static __shared__ variable and alloca in its own typed array when all its
//   accesses have one width (MemoryObjects.h), otherwise at an offset in the kernel's Workgroup or
//   private word array (dynamic shared memory follows the static words); and the argument area.
// A shared or private pointer is then just a 32-bit byte offset, whatever object it points to.
#include "MemoryObjects.h"
#include "Passes.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <cstring>

using namespace llvm;

namespace hipvk {

namespace {

// Writes the in-memory bytes of an initializer. Returns false for constants holding addresses.
bool serialize(const Constant *c, const DataLayout &dl, uint8_t *dst) {
  if (isa<UndefValue>(c) || c->isNullValue()) return true; // the segment starts zeroed
  if (auto *ci = dyn_cast<ConstantInt>(c)) {
    APInt v = ci->getValue();
    for (unsigned i = 0; i < (v.getBitWidth() + 7) / 8; ++i) dst[i] = uint8_t(v.extractBitsAsZExtValue(std::min(8u, v.getBitWidth() - i * 8), i * 8));
    return true;
  }
  if (auto *cf = dyn_cast<ConstantFP>(c)) {
    APInt v = cf->getValueAPF().bitcastToAPInt();
    for (unsigned i = 0; i < v.getBitWidth() / 8; ++i) dst[i] = uint8_t(v.extractBitsAsZExtValue(8, i * 8));
    return true;
  }
  if (auto *cds = dyn_cast<ConstantDataSequential>(c)) {
    StringRef raw = cds->getRawDataValues();
    std::memcpy(dst, raw.data(), raw.size());
    return true;
  }
  if (auto *cs = dyn_cast<ConstantStruct>(c)) {
    const StructLayout *sl = dl.getStructLayout(cs->getType());
    for (unsigned i = 0; i < cs->getNumOperands(); ++i)
      if (!serialize(cs->getOperand(i), dl, dst + sl->getElementOffset(i))) return false;
    return true;
  }
  if (isa<ConstantArray>(c) || isa<ConstantVector>(c)) {
    Type *element = isa<ConstantArray>(c) ? c->getType()->getArrayElementType()
                                          : cast<VectorType>(c->getType())->getElementType();
    uint64_t stride = isa<ConstantArray>(c) ? dl.getTypeAllocSize(element) : dl.getTypeStoreSize(element);
    for (unsigned i = 0; i < c->getNumOperands(); ++i)
      if (!serialize(cast<Constant>(c->getOperand(i)), dl, dst + i * stride)) return false;
    return true;
  }
  return false;
}

bool isDynamicShared(const GlobalVariable &gv) {
  return gv.getAddressSpace() == AS::Shared && gv.isDeclaration();
}

} // namespace

PreservedAnalyses LayoutMemoryPass::run(Module &m, ModuleAnalysisManager &) {
  const DataLayout &dl = m.getDataLayout();
  ModuleLayout &layout = ctx.layout;
  layout = {};

  for (GlobalVariable &gv : m.globals()) {
    unsigned as = gv.getAddressSpace();
    if (as == AS::Shared || as == AS::Private || gv.getSection() == "llvm.metadata") continue;
    if (gv.isDeclaration()) {
      ctx.diagnostics.error(&gv, "device variable '" + gv.getName().str() +
                                     "' is declared but not defined in this translation unit (-fgpu-rdc is not supported)");
      continue;
    }
    uint64_t size = dl.getTypeAllocSize(gv.getValueType());
    uint32_t offset = uint32_t(alignTo(layout.segmentBytes, std::max<uint64_t>(gv.getAlign().valueOrOne().value(), dl.getPrefTypeAlign(gv.getValueType()).value())));
    layout.segmentBytes = uint32_t(offset + size);
    layout.segmentInit.resize(layout.segmentBytes, 0);
    if (gv.hasInitializer() && !serialize(gv.getInitializer(), dl, layout.segmentInit.data() + offset))
      ctx.diagnostics.error(&gv, "initializer of device variable '" + gv.getName().str() +
                                     "' holds an address, which is not supported yet");
    layout.segmentOffsets[&gv] = offset;
    if (!gv.hasLocalLinkage())
      layout.symbols.push_back({gv.getName().str(), offset, uint32_t(size), as == AS::Constant ? "constant" : "device"});
  }
  // Trailing zeros need not travel: the runtime zero-fills the segment.
  while (!layout.segmentInit.empty() && layout.segmentInit.back() == 0) layout.segmentInit.pop_back();

  for (Function &f : m) {
    if (f.isDeclaration() || !isKernel(f)) continue;
    KernelLayout &kernel = layout.kernels[&f];

    for (Argument &arg : f.args()) {
      KernelArgument a;
      Type *type = arg.getType();
      Align align = dl.getABITypeAlign(type);
      if (Type *byRef = arg.getParamByRefType()) {
        a.byRef = true;
        type = byRef;
        align = arg.getParamAlign().valueOrOne();
        align = std::max(align, dl.getABITypeAlign(byRef));
      }
      a.size = uint32_t(dl.getTypeAllocSize(type));
      a.offset = uint32_t(alignTo(kernel.argumentBytes, align));
      kernel.argumentBytes = a.offset + a.size;
      kernel.arguments.push_back(a);
    }
    kernel.pushArguments = kernel.argumentBytes <= abi::kMaxPushArgumentBytes;

    // Objects all of whose accesses have one width get their own typed array; the others share
    // the word arrays, whose layout is unchanged.
    uint32_t typedShared = 0, typedPrivate = 0;
    auto place = [&](const Value &object, uint64_t bytes, Align align, uint32_t &wordBytes, uint32_t &typedBytes) {
      if (unsigned bits = uniformAccessBits(object, bytes, dl)) {
        uint32_t at = uint32_t(alignTo(typedBytes, 8));
        typedBytes = uint32_t(at + bytes);
        kernel.typedArrays[&object] = {kTypedArrayOffsets + at, bits, uint32_t(bytes * 8 / bits)};
        return kTypedArrayOffsets + at;
      }
      uint32_t at = uint32_t(alignTo(wordBytes, std::max<uint64_t>(4, align.value())));
      wordBytes = uint32_t(at + bytes);
      return at;
    };
    for (Instruction &inst : instructions(f)) {
      if (auto *alloca = dyn_cast<AllocaInst>(&inst)) {
        auto size = alloca->getAllocationSize(dl);
        if (!size || size->isScalable()) {
          ctx.diagnostics.error(alloca, "variable-length arrays and alloca() are not supported in device code");
          continue;
        }
        kernel.privateOffsets[alloca] = place(*alloca, size->getFixedValue(), alloca->getAlign(), kernel.wordPrivateBytes, typedPrivate);
        continue;
      }
      for (Value *operand : inst.operands()) {
        auto *gv = dyn_cast<GlobalVariable>(operand);
        if (!gv || gv->getAddressSpace() != AS::Shared) continue;
        if (isDynamicShared(*gv)) {
          kernel.usesDynamicShared = true;
          continue;
        }
        if (kernel.sharedOffsets.count(gv)) continue;
        kernel.sharedOffsets[gv] =
            place(*gv, dl.getTypeAllocSize(gv->getValueType()), gv->getAlign().valueOrOne(), kernel.wordSharedBytes, typedShared);
      }
    }
    kernel.wordSharedBytes = uint32_t(alignTo(kernel.wordSharedBytes, 4));
    kernel.wordPrivateBytes = uint32_t(alignTo(kernel.wordPrivateBytes, 4));
    kernel.staticSharedBytes = kernel.wordSharedBytes + uint32_t(alignTo(typedShared, 4));
    kernel.privateBytes = kernel.wordPrivateBytes + uint32_t(alignTo(typedPrivate, 4));
  }
  return PreservedAnalyses::all();
}

} // namespace hipvk
