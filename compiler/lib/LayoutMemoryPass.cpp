// Decides where every piece of kernel-visible memory lives (docs/ABI.md):
// - the global segment: all __device__/__constant__/__managed__ variables and constant tables, at
//   fixed offsets, with their initial bytes and relocations;
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
#include <llvm/IR/Operator.h>
#include <llvm/Support/MathExtras.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstring>

using namespace llvm;

namespace hipvk {

namespace {

// The variable and byte offset an address constant points to (`&table[2]`, casts and constant
// GEPs around a global); null when it is no such thing.
const GlobalVariable *addressTarget(const Constant *c, const DataLayout &dl, int64_t &addend) {
  addend = 0;
  while (true) {
    if (auto *gv = dyn_cast<GlobalVariable>(c)) return gv;
    auto *expr = dyn_cast<ConstantExpr>(c);
    if (!expr) return nullptr;
    if (auto *gep = dyn_cast<GEPOperator>(expr)) {
      APInt offset(dl.getIndexTypeSizeInBits(gep->getType()), 0);
      if (!gep->accumulateConstantOffset(dl, offset)) return nullptr;
      addend += offset.getSExtValue();
    } else if (!expr->isCast() || expr->getOpcode() == Instruction::IntToPtr) {
      return nullptr;
    }
    c = expr->getOperand(0);
  }
}

// Writes the initial bytes of global-segment variables. A field holding the address of another
// segment variable gets that variable's segment offset plus the addend, and a relocation: the
// runtime adds the segment's device address when it uploads the bytes (docs/ABI.md, `reloc`).
struct SegmentImage {
  const DataLayout &dl;
  const DenseMap<const GlobalVariable *, uint32_t> &offsets;
  std::vector<uint8_t> &bytes;
  std::vector<uint32_t> &relocations;

  // Writes `c` at segment offset `at`; returns why it cannot be written, empty on success.
  std::string write(const Constant *c, uint32_t at) {
    uint8_t *dst = bytes.data() + at;
    if (isa<UndefValue>(c) || c->isNullValue()) return {}; // the segment starts zeroed
    if (c->getType()->isPointerTy() || (isa<ConstantExpr>(c) && cast<ConstantExpr>(c)->getOpcode() == Instruction::PtrToInt))
      return writeAddress(c, at);
    if (auto *ci = dyn_cast<ConstantInt>(c)) {
      APInt v = ci->getValue();
      for (unsigned i = 0; i < (v.getBitWidth() + 7) / 8; ++i) dst[i] = uint8_t(v.extractBitsAsZExtValue(std::min(8u, v.getBitWidth() - i * 8), i * 8));
      return {};
    }
    if (auto *cf = dyn_cast<ConstantFP>(c)) {
      APInt v = cf->getValueAPF().bitcastToAPInt();
      for (unsigned i = 0; i < v.getBitWidth() / 8; ++i) dst[i] = uint8_t(v.extractBitsAsZExtValue(8, i * 8));
      return {};
    }
    if (auto *cds = dyn_cast<ConstantDataSequential>(c)) {
      StringRef raw = cds->getRawDataValues();
      std::memcpy(dst, raw.data(), raw.size());
      return {};
    }
    if (auto *cs = dyn_cast<ConstantStruct>(c)) {
      const StructLayout *sl = dl.getStructLayout(cs->getType());
      for (unsigned i = 0; i < cs->getNumOperands(); ++i)
        if (std::string why = write(cs->getOperand(i), at + uint32_t(sl->getElementOffset(i))); !why.empty()) return why;
      return {};
    }
    if (isa<ConstantArray>(c) || isa<ConstantVector>(c)) {
      Type *element = isa<ConstantArray>(c) ? c->getType()->getArrayElementType()
                                            : cast<VectorType>(c->getType())->getElementType();
      uint64_t stride = isa<ConstantArray>(c) ? dl.getTypeAllocSize(element) : dl.getTypeStoreSize(element);
      for (unsigned i = 0; i < c->getNumOperands(); ++i)
        if (std::string why = write(cast<Constant>(c->getOperand(i)), at + uint32_t(i * stride)); !why.empty()) return why;
      return {};
    }
    return "holds a constant expression that is not an address";
  }

  std::string writeAddress(const Constant *c, uint32_t at) {
    if (dl.getTypeStoreSize(c->getType()) != 8) return "holds a 32-bit address (of __shared__ or local memory)";
    int64_t addend = 0;
    const GlobalVariable *target = addressTarget(c, dl, addend);
    if (!target) {
      const Value *base = c->stripPointerCasts();
      if (isa<Function>(base)) return "holds the address of function '" + base->getName().str() + "' (function pointers are not supported)";
      return "holds an address that is not a device variable plus a constant offset";
    }
    auto it = offsets.find(target);
    if (it == offsets.end()) return "holds the address of '" + target->getName().str() + "', which is not in device memory";
    uint64_t value = uint64_t(int64_t(it->second) + addend);
    std::memcpy(bytes.data() + at, &value, sizeof(value));
    relocations.push_back(at);
    return {};
  }
};

// Clang turns `__managed__ T x` into storage `x.managed` and a pointer variable `x` through which
// device code reaches it (the runtime points `x` at the storage it maps into the host).
const GlobalVariable *managedStorage(const GlobalVariable &gv) {
  if (!gv.getValueType()->isPointerTy()) return nullptr;
  const GlobalVariable *storage = gv.getParent()->getNamedGlobal((gv.getName() + ".managed").str());
  return storage && !storage->isDeclaration() ? storage : nullptr;
}

bool isManagedStorage(const GlobalVariable &gv) {
  if (!gv.getName().ends_with(".managed")) return false;
  const GlobalVariable *slot = gv.getParent()->getNamedGlobal(gv.getName().drop_back(strlen(".managed")));
  return slot && managedStorage(*slot) == &gv;
}

// Whether two compilations' variables (of one LLVM context) hold the same initial value.
bool sameInitializer(const GlobalVariable &a, const GlobalVariable &b) {
  if (a.hasInitializer() != b.hasInitializer()) return false;
  if (!a.hasInitializer() || a.getInitializer() == b.getInitializer()) return true;
  // Initializers naming other variables are of different modules: compare them as text.
  std::string ta, tb;
  raw_string_ostream sa(ta), sb(tb);
  a.getInitializer()->print(sa);
  b.getInitializer()->print(sb);
  return ta == tb;
}

// Every __device__, __constant__ and __managed__ variable at a fixed offset of the global segment,
// with the segment's initial bytes, relocations and symbols.
void layoutGlobalSegment(Module &m, CompileContext &ctx) {
  const DataLayout &dl = m.getDataLayout();
  ModuleLayout &layout = ctx.layout;
  // Managed storage first: the runtime keeps it outside the device segment, in host memory laid out
  // like the first bytes of the segment (which stay unused on the device).
  std::vector<GlobalVariable *> order;
  for (GlobalVariable &gv : m.globals()) {
    unsigned as = gv.getAddressSpace();
    if (as == AS::Shared || as == AS::Private || gv.getSection() == "llvm.metadata") continue;
    if (gv.isDeclaration()) {
      ctx.diagnostics.error(&gv, "device variable '" + gv.getName().str() +
                                     "' is declared but not defined in this translation unit (-fgpu-rdc is not supported)");
      continue;
    }
    order.push_back(&gv);
  }
  // Then the __constant__ variables, smallest first from a window boundary, so that as many as
  // fit lie in the constant window (kernel_abi.h).
  auto constants = std::stable_partition(order.begin(), order.end(), [](GlobalVariable *gv) { return isManagedStorage(*gv); });
  auto constantsEnd = std::stable_partition(constants, order.end(), [](GlobalVariable *gv) { return isConstantVariable(*gv); });
  std::stable_sort(constants, constantsEnd, [&](GlobalVariable *a, GlobalVariable *b) {
    return dl.getTypeAllocSize(a->getValueType()) < dl.getTypeAllocSize(b->getValueType());
  });

  ModuleLayout::ConstantWindow &window = layout.constantWindow;
  if (const SegmentPreset *preset = ctx.segmentPreset) {
    // The places of an earlier form of this translation unit; what it did not have goes after.
    window = preset->window;
    layout.segmentBytes = preset->bytes;
    for (GlobalVariable *gv : order) {
      const uint64_t size = dl.getTypeAllocSize(gv->getValueType());
      auto slot = preset->slots.find(gv->getName().str());
      if (slot != preset->slots.end() && slot->second.size == size && sameInitializer(*slot->second.variable, *gv)) {
        layout.segmentOffsets[gv] = slot->second.offset;
        continue;
      }
      if (slot != preset->slots.end() && (!gv->hasLocalLinkage() || isManagedStorage(*gv))) {
        ctx.diagnostics.error(gv, "device variable '" + gv->getName().str() +
                                      "' differs between the wavefront-size forms of this translation unit (its size or "
                                      "initial value depends on the wavefront size)");
        continue;
      }
      if (isManagedStorage(*gv)) {
        ctx.diagnostics.error(gv, "__managed__ variable '" + gv->getName().str() + "' exists only in one wavefront-size form");
        continue;
      }
      const uint32_t offset = uint32_t(alignTo(layout.segmentBytes, std::max<uint64_t>(gv->getAlign().valueOrOne().value(), dl.getPrefTypeAlign(gv->getValueType()).value())));
      layout.segmentBytes = uint32_t(offset + size);
      layout.segmentOffsets[gv] = offset;
    }
  }
  for (auto it = order.begin(); it != order.end() && !ctx.segmentPreset; ++it) {
    GlobalVariable *gv = *it;
    if (it == constants && constants != constantsEnd) window.offset = layout.segmentBytes = uint32_t(alignTo(layout.segmentBytes, abi::kConstantWindowAlignment));
    uint64_t size = dl.getTypeAllocSize(gv->getValueType());
    uint32_t offset = uint32_t(alignTo(layout.segmentBytes, std::max<uint64_t>(gv->getAlign().valueOrOne().value(), dl.getPrefTypeAlign(gv->getValueType()).value())));
    layout.segmentBytes = uint32_t(offset + size);
    layout.segmentOffsets[gv] = offset;
    if (isConstantVariable(*gv) && offset + size - window.offset <= abi::kMaxConstantWindowBytes)
      window.bytes = uint32_t(alignTo(offset + size - window.offset, abi::kConstantWindowVectorBytes));
  }
  // The uniform block is read in whole vectors: the segment covers the window's last one.
  layout.segmentBytes = std::max(layout.segmentBytes, window.offset + window.bytes);
  layout.segmentInit.assign(layout.segmentBytes, 0);

  SegmentImage image{dl, layout.segmentOffsets, layout.segmentInit, layout.relocations};
  for (GlobalVariable *gv : order) {
    uint32_t offset = layout.segmentOffsets.lookup(gv);
    if (gv->hasInitializer())
      if (std::string why = image.write(gv->getInitializer(), offset); !why.empty())
        ctx.diagnostics.error(gv, "initializer of device variable '" + gv->getName().str() + "' " + why);
    if (gv->hasLocalLinkage() || isManagedStorage(*gv)) continue;
    uint32_t size = uint32_t(dl.getTypeAllocSize(gv->getValueType()));
    if (const GlobalVariable *storage = managedStorage(*gv)) {
      layout.symbols.push_back({gv->getName().str(), layout.segmentOffsets.lookup(storage),
                                uint32_t(dl.getTypeAllocSize(storage->getValueType())), "managed", offset});
      continue;
    }
    layout.symbols.push_back({gv->getName().str(), offset, size, gv->getAddressSpace() == AS::Constant ? "constant" : "device", 0});
  }
  // Trailing zeros need not travel: the runtime zero-fills the segment.
  while (!layout.segmentInit.empty() && layout.segmentInit.back() == 0) layout.segmentInit.pop_back();
}

bool isDynamicShared(const GlobalVariable &gv) {
  return gv.getAddressSpace() == AS::Shared && gv.isDeclaration();
}

} // namespace

bool ModuleLayout::inConstantWindow(const GlobalVariable &gv) const {
  auto it = segmentOffsets.find(&gv);
  if (!constantWindow.bytes || !isConstantVariable(gv) || it == segmentOffsets.end()) return false;
  const uint64_t size = gv.getParent()->getDataLayout().getTypeAllocSize(gv.getValueType());
  return it->second >= constantWindow.offset && it->second + size <= uint64_t(constantWindow.offset) + constantWindow.bytes;
}

PreservedAnalyses LayoutMemoryPass::run(Module &m, ModuleAnalysisManager &) {
  const DataLayout &dl = m.getDataLayout();
  ModuleLayout &layout = ctx.layout;
  layout = ModuleLayout(); // not `= {}`: Clang (the sanitizer build) finds that ambiguous

  layoutGlobalSegment(m, ctx);

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
      a.pointer = !a.byRef && type->isPointerTy();
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
