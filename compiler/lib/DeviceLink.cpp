// Relocatable device code (-fgpu-rdc). `hipcc -c -fgpu-rdc` keeps each translation unit's device
// bitcode, packaged as an LLVM offload binary, in the host object's .llvm.offloading section
// (SHF_EXCLUDE: the final executable drops it). At the link, the bitcode of every object and
// archive member is linked into one module, compiled once, and defined under the symbols that the
// host objects' registration code references: Clang names them __hip_fatbin_<cuid hash> and
// __hip_gpubin_handle_<cuid hash>, one pair per translation unit. All handles alias one pointer,
// so the first constructor registers the linked blob and every translation unit registers its
// kernels and variables against that one module (one global segment shared by all).
#include "Compiler.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Object/Archive.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Object/OffloadBinary.h>
#include <llvm/BinaryFormat/Magic.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include <set>

using namespace llvm;

namespace hipvk {

namespace {

constexpr StringRef kFatbinPrefix = "__hip_fatbin_";
constexpr StringRef kHandlePrefix = "__hip_gpubin_handle_";
constexpr StringRef kDeviceTriple = "amdgcn-amd-amdhsa";
constexpr StringRef kImageArch = "hipvk"; // marks hipvk's images among other toolchains' offload binaries

// The registration symbols an object leaves undefined.
void collectRegistrationSymbols(const object::ObjectFile &obj, std::set<std::string> &fatbins, std::set<std::string> &handles) {
  for (const object::SymbolRef &sym : obj.symbols()) {
    Expected<uint32_t> flags = sym.getFlags();
    Expected<StringRef> name = sym.getName();
    if (!flags || !name) {
      consumeError(flags.takeError());
      consumeError(name.takeError());
      continue;
    }
    if (!(*flags & object::SymbolRef::SF_Undefined)) continue;
    if (name->starts_with(kFatbinPrefix)) fatbins.insert(name->str());
    else if (name->starts_with(kHandlePrefix)) handles.insert(name->str());
  }
}

void scanBinary(MemoryBufferRef buffer, std::set<std::string> &fatbins, std::set<std::string> &handles) {
  Expected<std::unique_ptr<object::Binary>> binary = object::createBinary(buffer);
  if (!binary) {
    consumeError(binary.takeError());
    return;
  }
  if (auto *obj = dyn_cast<object::ObjectFile>(binary->get())) {
    collectRegistrationSymbols(*obj, fatbins, handles);
  } else if (auto *archive = dyn_cast<object::Archive>(binary->get())) {
    Error err = Error::success();
    for (const object::Archive::Child &child : archive->children(err)) {
      if (Expected<MemoryBufferRef> member = child.getMemoryBufferRef()) scanBinary(*member, fatbins, handles);
      else consumeError(member.takeError());
    }
    consumeError(std::move(err));
  }
}

} // namespace

std::vector<uint8_t> packageDeviceBitcode(StringRef bitcode) {
  object::OffloadBinary::OffloadingImage image{};
  image.TheImageKind = object::IMG_Bitcode;
  image.TheOffloadKind = object::OFK_HIP;
  image.StringData["triple"] = kDeviceTriple;
  image.StringData["arch"] = kImageArch;
  image.Image = MemoryBuffer::getMemBuffer(bitcode, "", false);
  SmallString<0> bytes = object::OffloadBinary::write(image);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

DeviceLinkResult linkDeviceCode(LLVMContext &context, const std::vector<std::string> &inputs) {
  DeviceLinkResult result;
  std::set<std::string> fatbins, handles;
  std::unique_ptr<Module> linked;
  std::unique_ptr<Linker> linker;
  for (const std::string &path : inputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> file = MemoryBuffer::getFile(path);
    if (!file) {
      result.errors.push_back("hipvk: error: cannot read '" + path + "': " + file.getError().message());
      continue;
    }
    MemoryBufferRef buffer = **file;
    auto link = [&](std::unique_ptr<Module> module) {
      if (!linked) {
        linked = std::move(module);
        linker = std::make_unique<Linker>(*linked);
      } else if (linker->linkInModule(std::move(module))) {
        result.errors.push_back("hipvk: error: device code in '" + path + "' cannot be linked (a device symbol defined twice?)");
      }
    };
    auto parse = [&](MemoryBufferRef bitcode) -> std::unique_ptr<Module> {
      std::string error;
      if (std::unique_ptr<Module> module = readInputModule(bitcode, context, error)) return module;
      result.errors.push_back("hipvk: error: device code in '" + path + "': " + StringRef(error).rtrim().str());
      return nullptr;
    };
    if (identify_magic(buffer.getBuffer()) == file_magic::bitcode) { // a device .bc itself (--genco)
      if (auto module = parse(buffer)) link(std::move(module));
      continue;
    }
    scanBinary(buffer, fatbins, handles);
    SmallVector<object::OffloadFile, 4> binaries;
    if (Error err = object::extractOffloadBinaries(buffer, binaries)) {
      result.errors.push_back("hipvk: error: '" + path + "': " + toString(std::move(err)));
      continue;
    }
    for (const object::OffloadFile &binary : binaries) {
      const object::OffloadBinary &b = *binary.getBinary();
      if (b.getOffloadKind() != object::OFK_HIP || b.getImageKind() != object::IMG_Bitcode || b.getArch() != kImageArch)
        continue; // another toolchain's device code
      if (auto module = parse(MemoryBufferRef(b.getImage(), path))) link(std::move(module));
    }
  }
  // Clang's list of device symbols the host side uses keeps them alive through a device link that
  // internalizes; this one internalizes nothing, and an array of addresses has no SPIR-V form.
  if (linked)
    if (GlobalVariable *used = linked->getGlobalVariable("__clang_gpu_used_external", true)) {
      removeFromUsedLists(*linked, [used](Constant *c) { return c->stripPointerCasts() == used; });
      used->eraseFromParent();
    }
  result.module = std::move(linked);
  result.fatbinSymbols.assign(fatbins.begin(), fatbins.end());
  result.handleSymbols.assign(handles.begin(), handles.end());
  return result;
}

std::string registrationStub(const DeviceLinkResult &link, const std::string &blobPath) {
  std::string s = "# hipvk relocatable device code: the linked blob under every translation unit's name\n";
  if (link.fatbinSymbols.empty()) return s + "  .section .note.GNU-stack,\"\",@progbits\n";
  s += "  .section .hip_fatbin,\"a\",@progbits\n  .p2align 3\n";
  for (const std::string &name : link.fatbinSymbols) s += "  .globl " + name + "\n" + name + ":\n";
  s += "  .incbin \"" + blobPath + "\"\n";
  s += "  .bss\n  .p2align 3\n";
  for (const std::string &name : link.handleSymbols) s += "  .globl " + name + "\n  .hidden " + name + "\n" + name + ":\n";
  s += "  .zero 8\n";
  s += "  .section .note.GNU-stack,\"\",@progbits\n";
  return s;
}

} // namespace hipvk
