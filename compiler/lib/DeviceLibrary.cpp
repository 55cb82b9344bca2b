#include "DeviceLibrary.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Instructions.h>
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

// AMDGPU intrinsics whose meaning the device library implements (compiler/devicelib/warp.hip).
static void routeLibraryIntrinsics(Module &m) {
  static constexpr std::pair<const char *, const char *> kRoutes[] = {{"llvm.amdgcn.ds.permute", "__hipvk_ds_permute"}};
  for (auto [intrinsic, library] : kRoutes)
    if (Function *f = m.getFunction(intrinsic); f && !f->use_empty()) {
      FunctionCallee replacement = m.getOrInsertFunction(library, f->getFunctionType());
      for (User *u : make_early_inc_range(f->users()))
        if (auto *call = dyn_cast<CallInst>(u)) {
          call->setCalledFunction(replacement);
          call->setAttributes({}); // the intrinsic's attributes do not describe a function body
        }
    }
}

std::string linkDeviceLibrary(Module &m) {
  // Before the link: these may call library functions the module did not call yet.
  routePrintfPointerArguments(m);
  routeLibraryIntrinsics(m);
  bool needed = false;
  for (const Function &f : m) needed |= f.isDeclaration() && !f.isIntrinsic() && !f.use_empty();
  if (!needed) return {};
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
                                      internalizeModule(linked, [&](const GlobalValue &gv) {
                                        return !fromLibrary.contains(gv.getName());
                                      });
                                    });
  return failed ? "hipvk: internal error: linking the device library failed" : std::string();
}

} // namespace hipvk
