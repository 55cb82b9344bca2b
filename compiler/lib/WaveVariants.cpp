// Wavefront-size variants (docs/HIP_ON_VULKAN.md, "Wavefront size"). hipcc compiles a translation
// unit whose code asks the width or exchanges values between lanes three times: with the width
// read at run time (native), and for wave32 and wave64, where warpSize and
// __AMDGCN_WAVEFRONT_SIZE__ are constants as in ROCm. A kernel whose forms agree is compiled once
// and runs at any width; each other kernel gets a module per form, the fixed ones tagged with the
// subgroup size they must run at (blob::kWave32/kWave64) ahead of the native fallback.
#include "CompileContext.h"
#include "Compiler.h"
#include "DeviceBuiltins.h"
#include "SpirvEmitterImpl.h"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <hipvk/offload_blob.h>

#include <map>
#include <set>
#include <sstream>
#include <thread>

using namespace llvm;

namespace hipvk {

namespace {

struct Form {
  const char *name; // for diagnostics
  uint32_t flag;    // blob::kWave32, kWave64; 0 for the native form
  std::unique_ptr<Module> module;
};

// IR text without the numbers of attribute groups and metadata nodes, which depend on the rest of
// the module: two compilations of one function agree on it exactly when the function is the same.
std::string withoutNodeNumbers(const std::string &text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if ((text[i] == '!' || text[i] == '#') && i + 1 < text.size() && isdigit(static_cast<unsigned char>(text[i + 1])))
      while (i + 1 < text.size() && isdigit(static_cast<unsigned char>(text[i + 1]))) ++i;
  }
  return out;
}

// Whether `f` calls a Lane or Warp builtin, an AMD lane pattern or asks warpSize.
bool usesLanesOrWidth(const Function &f) {
  if (kernelUsesLanes(f)) return true;
  for (const Instruction &inst : instructions(f))
    if (const auto *call = dyn_cast<CallBase>(&inst))
      if (const Function *callee = call->getCalledFunction())
        if (deviceBuiltin(callee->getName()) == DeviceBuiltin::warp_size) return true;
  return false;
}

struct Fingerprint {
  std::string text;       // the kernel and everything it reaches (functions, variables with their initialisers)
  bool usesLanes = false; // any of it uses lanes or asks the width
};

Fingerprint fingerprint(const Function &kernel) {
  Fingerprint print;
  std::string &text = print.text;
  raw_string_ostream os(text);
  SmallVector<const GlobalValue *, 16> work{&kernel};
  SmallPtrSet<const GlobalValue *, 16> seen{&kernel};
  SmallPtrSet<const Constant *, 32> seenConstants;
  auto reach = [&](const Value *v, auto &self) -> void {
    if (const auto *gv = dyn_cast<GlobalValue>(v)) {
      if (seen.insert(gv).second) work.push_back(gv);
    } else if (const auto *c = dyn_cast<Constant>(v); c && !isa<ConstantData>(c) && seenConstants.insert(c).second) {
      for (const Use &op : c->operands()) self(op.get(), self);
    }
  };
  while (!work.empty()) {
    const GlobalValue *gv = work.pop_back_val();
    gv->print(os);
    if (const auto *var = dyn_cast<GlobalVariable>(gv); var && var->hasInitializer()) reach(var->getInitializer(), reach);
    if (const auto *f = dyn_cast<Function>(gv)) {
      print.usesLanes |= !f->isDeclaration() && usesLanesOrWidth(*f);
      for (const Instruction &inst : instructions(*f))
        for (const Use &op : inst.operands()) reach(op.get(), reach);
    }
  }
  text = withoutNodeNumbers(text);
  return print;
}

std::map<std::string, Fingerprint> kernelFingerprints(const Module &m) {
  std::map<std::string, Fingerprint> prints;
  for (const Function &f : m)
    if (!f.isDeclaration() && isKernel(f)) prints[f.getName().str()] = fingerprint(f);
  return prints;
}

// Makes every kernel of `m` outside `keep` an internal function nothing calls: the pipeline drops it.
void keepOnlyKernels(Module &m, const std::set<std::string> &keep) {
  for (Function &f : make_early_inc_range(m)) {
    if (f.isDeclaration() || !isKernel(f) || keep.count(f.getName().str())) continue;
    if (f.use_empty()) {
      f.eraseFromParent();
    } else {
      f.setCallingConv(CallingConv::C);
      f.setLinkage(GlobalValue::InternalLinkage);
    }
  }
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Folds a fixed-width form's metadata into the base. The form shared the base's segment and added
// its own variables after it (SegmentPreset): the segment grows to the form's size, the form's
// new variables and relocations are added. Its kernels' shared and private memory sizes (a wave64
// block may keep fewer per-warp partials than a wave32 one) become the larger of the two, so that
// the launch checks hold whichever module runs; its shader clocks are added; kernels only the form
// has are added. The argument layouts must agree (one host function launches every form).
// A logical-warp form (`logical`) leaves the sizes alone and records its kernels' shared memory,
// exchange slots included, in `logical_shared` lines (the runtime checks them only where it runs
// that form). Returns an error text.
std::string mergeMetadata(std::string &base, const std::string &form, const char *formName, bool logical) {
  std::map<std::string, std::vector<std::string>> formKernels; // name -> its kernel and arg lines
  std::string current;
  bool subgroupClock = false, deviceClock = false;
  uint64_t formSegment = 0;
  std::vector<std::string> formSegmentRecords; // its global and reloc lines
  std::map<std::string, std::string> formBounds; // name -> its launch_bounds line
  for (const std::string &line : lines(form)) {
    if (line.rfind("launch_bounds ", 0) == 0) formBounds[line.substr(14, line.find(' ', 14) - 14)] = line;
    if (line.rfind("segment ", 0) == 0) formSegment = std::stoull(line.substr(8));
    if (line.rfind("global ", 0) == 0 || line.rfind("reloc ", 0) == 0) formSegmentRecords.push_back(line);
    if (line.rfind("kernel ", 0) == 0) current = line.substr(7, line.find(' ', 7) - 7);
    if (line.rfind("kernel ", 0) == 0 || line.rfind("arg ", 0) == 0) formKernels[current].push_back(line);
    if (line.rfind("clock", 0) == 0) {
      subgroupClock |= line.find("subgroup") != std::string::npos;
      deviceClock |= line.find("device") != std::string::npos;
    }
  }
  std::string merged, logicalShared;
  std::vector<std::string> baseLines = lines(base);
  std::set<std::string> baseKernels;
  for (const std::string &line : baseLines)
    if (line.rfind("kernel ", 0) == 0) baseKernels.insert(line.substr(7, line.find(' ', 7) - 7));
  std::set<std::string> baseRecords(baseLines.begin(), baseLines.end()), baseGlobals;
  for (const std::string &line : baseLines)
    if (line.rfind("global ", 0) == 0) baseGlobals.insert(line.substr(7, line.find(' ', 7) - 7));
  for (size_t i = 0; i < baseLines.size(); ++i) {
    std::string line = baseLines[i];
    if (line.rfind("segment ", 0) == 0) {
      merged += "segment " + std::to_string(std::max<uint64_t>(std::stoull(line.substr(8)), formSegment)) + "\n";
      for (const std::string &record : formSegmentRecords) {
        const bool known = record.rfind("global ", 0) == 0 ? baseGlobals.count(record.substr(7, record.find(' ', 7) - 7)) != 0
                                                           : baseRecords.count(record) != 0;
        if (!known) merged += record + "\n";
      }
      continue;
    }
    if (line.rfind("clock", 0) == 0) {
      subgroupClock |= line.find("subgroup") != std::string::npos;
      deviceClock |= line.find("device") != std::string::npos;
      continue;
    }
    if (line.rfind("kernel ", 0) == 0) {
      const std::string name = line.substr(7, line.find(' ', 7) - 7);
      auto it = formKernels.find(name);
      if (it != formKernels.end()) {
        // kernel <name> <push_args> <args_size> <static_shared_bytes> <private_bytes>
        std::istringstream b(line.substr(7 + name.size())), f(it->second[0].substr(7 + name.size()));
        uint64_t push, args, shared, priv, fpush, fargs, fshared, fpriv;
        b >> push >> args >> shared >> priv;
        f >> fpush >> fargs >> fshared >> fpriv;
        std::vector<std::string> baseArgs;
        for (size_t j = i + 1; j < baseLines.size() && baseLines[j].rfind("arg ", 0) == 0; ++j) baseArgs.push_back(baseLines[j]);
        if (push != fpush || args != fargs || !std::equal(baseArgs.begin(), baseArgs.end(), it->second.begin() + 1, it->second.end()))
          return std::string("the arguments of kernel '") + name + "' are laid out differently in its " + formName + " form";
        if (logical)
          logicalShared += "logical_shared " + name + " " + std::to_string(fshared) + "\n";
        else
          line = "kernel " + name + " " + std::to_string(push) + " " + std::to_string(args) + " " +
                 std::to_string(std::max(shared, fshared)) + " " + std::to_string(std::max(priv, fpriv));
      }
    }
    merged += line + "\n";
  }
  for (const auto &[name, records] : formKernels)
    if (!name.empty() && !baseKernels.count(name)) {
      for (const std::string &line : records) merged += line + "\n";
      if (formBounds.count(name)) merged += formBounds[name] + "\n";
    }
  merged += logicalShared;
  if (subgroupClock || deviceClock)
    merged += std::string("clock") + (subgroupClock ? " subgroup" : "") + (deviceClock ? " device" : "") + "\n";
  base = merged;
  return {};
}

// Removes the modules of `kernels` from the result's lists and returns them (variants, modules,
// portable modules, in that order), tagged with `flag`.
std::vector<KernelSpirv> takeKernels(CompileResult &r, const std::set<std::string> &kernels, uint32_t flag) {
  std::vector<KernelSpirv> taken;
  for (std::vector<KernelSpirv> *list : {&r.variants, &r.modules, &r.portable}) {
    std::vector<KernelSpirv> kept;
    for (KernelSpirv &m : *list) {
      if (!kernels.count(m.kernel)) {
        kept.push_back(std::move(m));
        continue;
      }
      m.requiredFeatures |= flag;
      const std::string tag = std::string(flag & blob::kWave32 ? "wave32" : "wave64") + (flag & blob::kLogicalWarp ? " logical" : "");
      m.variant = m.variant.empty() ? tag : tag + " " + m.variant;
      taken.push_back(std::move(m));
    }
    *list = std::move(kept);
  }
  return taken;
}

// One compilation of a fixed form's kernels, or of their logical-warp form, kept for merging.
struct FormCompilation {
  CompileResult result;
  std::set<std::string> kernels; // those compiled, less any the logical-warp lowering refused
  uint32_t flag = 0;             // blob::kWave32 / kWave64, with kLogicalWarp for a logical-warp form
  const char *name = nullptr;
  uint32_t givenBytes = 0;       // the segment it was laid out after
};

// A width's compilations: the fixed form's differing kernels, then the logical-warp form of those
// a narrower device needs. Its modules live in the form's LLVM context, so a chain runs on a
// thread of its own.
struct WidthChain {
  std::set<std::string> fixedKernels, logicalKernels;
  std::set<std::string> logicalOptional; // of logicalKernels, those with a run-time-width module every device runs
  std::unique_ptr<Module> fixedInput, logicalInput; // consumed by compile()
  std::unique_ptr<Module> fixedSpare, logicalSpare; // for compileAgain()
  uint32_t flag = 0;
  const char *name = nullptr;
  std::vector<FormCompilation> done;
  std::shared_ptr<SegmentPreset> segment; // as the last compilation left it; null if none ran
  std::vector<std::string> errors;

  void keepSpares() {
    if (fixedInput) fixedSpare = CloneModule(*fixedInput);
    if (logicalInput) logicalSpare = CloneModule(*logicalInput);
  }

  // Compiles `kernels` of `m` after `segment`; false on errors (kept).
  bool compileOne(Module &m, std::set<std::string> kernels, CompileOptions formOptions, uint32_t formFlag, const char *formName) {
    formOptions.segmentPreset = segment.get();
    keepOnlyKernels(m, kernels);
    FormCompilation c{compileModule(m, formOptions), {}, formFlag, formName, segment->bytes};
    if (!c.result.errors.empty()) {
      errors = std::move(c.result.errors);
      return false;
    }
    for (const std::string &refused : c.result.logicalWarpRefused) kernels.erase(refused);
    c.kernels = std::move(kernels);
    segment = c.result.segment;
    done.push_back(std::move(c));
    return true;
  }

  void compile(std::shared_ptr<SegmentPreset> base, const CompileOptions &options) {
    segment = std::move(base);
    if (fixedInput) {
      CompileOptions formOptions = options;
      if (!formOptions.saveTempsPrefix.empty()) formOptions.saveTempsPrefix += std::string(".") + name;
      // Devices without 64-bit or 8/16-bit types and with 32- or 64-lane subgroups are rare: such a
      // device runs the logical-warp form's portable modules, and the compilation stays shorter.
      formOptions.portableVariant = false;
      if (!compileOne(*fixedInput, fixedKernels, formOptions, flag, name)) return;
    }
    if (logicalInput) {
      CompileOptions logicalOptions = options;
      logicalOptions.logicalWarpSize = flag == blob::kWave32 ? 32 : 64;
      logicalOptions.logicalWarpOptional = logicalOptional;
      if (!logicalOptions.saveTempsPrefix.empty()) logicalOptions.saveTempsPrefix += std::string(".") + name + "-logical";
      compileOne(*logicalInput, logicalKernels, logicalOptions, flag | blob::kLogicalWarp, name);
    }
  }

  // Compiles the chain again from its spare inputs, after `base`.
  void compileAgain(std::shared_ptr<SegmentPreset> base, const CompileOptions &options) {
    done.clear();
    errors.clear();
    fixedInput = std::move(fixedSpare);
    logicalInput = std::move(logicalSpare);
    compile(std::move(base), options);
  }
};

} // namespace

bool dependsOnWaveSize(const Module &m) {
  return any_of(m, [](const Function &f) { return !f.isDeclaration() && usesLanesOrWidth(f); });
}

CompileResult compileWaveVariants(WaveInputs inputs, const CompileOptions &options) {
  // In the order the runtime tries them: wave32 before wave64 (ROCm's default on devices that run
  // both, RDNA), the native form last.
  Form forms[] = {{"wave32", blob::kWave32, std::move(inputs.wave32)},
                  {"wave64", blob::kWave64, std::move(inputs.wave64)},
                  {"run-time width", 0, std::move(inputs.native)}};
  Form *primary = forms[2].module ? &forms[2] : forms[0].module ? &forms[0] : &forms[1];
  const std::map<std::string, Fingerprint> primaryPrints = kernelFingerprints(*primary->module);

  // The kernels whose forms differ. Without a run-time-width form, also every kernel that uses
  // lanes: its wave32 and wave64 forms may agree (a logical warp of 16) and still assume the width
  // they were compiled for (16 lanes fit), which a narrower device does not have.
  std::set<std::string> differing;
  if (primary->flag)
    for (const auto &[name, print] : primaryPrints)
      if (print.usesLanes) differing.insert(name);
  std::map<const Form *, std::map<std::string, Fingerprint>> prints;
  for (Form &form : forms) {
    if (!form.module || &form == primary) continue;
    prints[&form] = kernelFingerprints(*form.module);
    for (const auto &[name, print] : prints[&form]) {
      // A kernel only one form has (a template instantiated with warpSize) is a module of that
      // form alone: launched elsewhere, it finds no module to run.
      auto it = primaryPrints.find(name);
      if (it == primaryPrints.end() || it->second.text != print.text) differing.insert(name);
    }
  }

  // Logical-warp forms for every kernel that uses lanes, also those whose forms agree (a __match_any
  // with no warpSize in it): where a program's other kernels need a fixed width, the runtime runs
  // all of them at it, so that they and host code agree on warpSize (runtime/execution/kernel_forms.h).
  std::set<std::string> lanes;
  for (const auto &[name, print] : primaryPrints)
    if (print.usesLanes) lanes.insert(name);
  lanes.insert(differing.begin(), differing.end());

  // The logical-warp compilations start from the fixed forms' IR, which their own compilation consumes.
  std::map<const Form *, std::unique_ptr<Module>> logicalInputs;
  if (!lanes.empty())
    for (Form &form : forms)
      if (form.module && form.flag) logicalInputs[&form] = CloneModule(*form.module);
  CompileResult result = compileModule(*primary->module, options);
  if (!result.errors.empty()) return result;
  // Which fixed forms the blob was built from, and for which targets (docs/ABI.md, `wave_form`).
  for (const auto &[form, target] : {std::pair{&forms[0], inputs.wave32Target}, std::pair{&forms[1], inputs.wave64Target}})
    if (form->module) result.metadata += std::string("wave_form ") + (form->flag == blob::kWave32 ? "32 " : "64 ") + (target.empty() ? "-" : target) + "\n";
  if (lanes.empty()) return result;

  // The wave32 and wave64 forms (each module in an LLVM context of its own) are compiled on threads
  // of their own, each in the run-time-width form's segment; a form's logical-warp compilation follows
  // it on its thread, in the segment the form left. Merged in a fixed order afterwards.
  auto hasKernel = [&](const Form &form, const std::string &name) {
    return &form == primary ? primaryPrints.count(name) != 0 : prints[&form].count(name) != 0;
  };
  auto runTimeModuleRunsAnywhere = [&](const std::string &name) {
    if (!forms[2].module) return false;
    bool found = false;
    for (const KernelSpirv &m : result.modules)
      if (m.kernel == name) {
        found = true;
        if (m.minSubgroupSize) return false;
      }
    return found;
  };
  std::vector<WidthChain> chains;
  std::set<std::string> logicalBefore; // a narrower device runs a kernel's wave32 logical form first
  for (Form &form : forms) {
    if (!form.module || !form.flag) continue;
    WidthChain chain;
    chain.flag = form.flag;
    chain.name = form.name;
    for (const std::string &name : lanes) {
      if (!hasKernel(form, name)) continue;
      if (&form != primary && differing.count(name)) chain.fixedKernels.insert(name);
      // Logical warps for every such kernel, once (wave64's only for kernels wave32 lacks): a
      // narrower device runs them where the kernel has no run-time-width module it can run (none,
      // or one whose shuffles reach past its subgroups), and wherever the program's other kernels
      // need the width, so that all agree with the warpSize host code is told.
      if (!logicalBefore.count(name)) {
        chain.logicalKernels.insert(name);
        if (runTimeModuleRunsAnywhere(name)) chain.logicalOptional.insert(name);
      }
    }
    logicalBefore.insert(chain.logicalKernels.begin(), chain.logicalKernels.end());
    if (!chain.logicalKernels.empty()) chain.logicalInput = std::move(logicalInputs[&form]);
    if (&form != primary && !chain.fixedKernels.empty()) chain.fixedInput = std::move(form.module);
    if (chain.fixedInput || chain.logicalInput) chains.push_back(std::move(chain));
  }
  const std::shared_ptr<SegmentPreset> base = result.segment;
  // Only a later chain may have to be compiled again (after the earlier one, when both add
  // variables to the segment): it keeps copies of its inputs.
  for (size_t i = 1; i < chains.size(); ++i) chains[i].keepSpares();
  {
    std::vector<std::jthread> threads;
    for (size_t i = 1; i < chains.size(); ++i) threads.emplace_back([&, i] { chains[i].compile(base, options); });
    if (!chains.empty()) chains[0].compile(base, options);
  }

  std::shared_ptr<SegmentPreset> segment = base;
  std::vector<KernelSpirv> fixed[2];
  if (primary->flag) fixed[primary == &forms[1]] = takeKernels(result, differing, primary->flag);
  for (WidthChain &chain : chains) {
    // Both chains placed variables after the base: this one again, after the other's.
    if (segment->bytes > base->bytes && chain.segment && chain.segment->bytes > base->bytes) {
      if (options.verbose)
        errs() << "hipvk-spirv: the " << chain.name << " form compiled again: it and an earlier form both add variables to the global segment\n";
      chain.compileAgain(segment, options);
    }
    for (FormCompilation &c : chain.done) {
      // A logical-warp module's exchange slots are its own: the launch checks keep the others' sizes.
      const bool logical = c.flag & blob::kLogicalWarp;
      if (std::string error = mergeMetadata(result.metadata, c.result.metadata, c.name, logical); !error.empty()) {
        result.errors.push_back("hipvk: error: " + error);
        return result;
      }
      // The form's initial bytes of what it added after the segment it was given.
      if (c.result.globalInit.size() > c.givenBytes) {
        result.globalInit.resize(std::max(result.globalInit.size(), c.result.globalInit.size()), 0);
        std::copy(c.result.globalInit.begin() + c.givenBytes, c.result.globalInit.end(), result.globalInit.begin() + c.givenBytes);
      }
      for (const std::string &w : c.result.warnings)
        if (std::find(result.warnings.begin(), result.warnings.end(), w) == result.warnings.end()) result.warnings.push_back(w);
      std::vector<KernelSpirv> taken = takeKernels(c.result, c.kernels, c.flag);
      std::vector<KernelSpirv> &out = logical ? result.logical : fixed[(c.flag & blob::kWave64) != 0];
      out.insert(out.end(), std::make_move_iterator(taken.begin()), std::make_move_iterator(taken.end()));
    }
    if (!chain.errors.empty()) {
      result.errors = std::move(chain.errors);
      return result;
    }
    if (chain.segment && chain.segment->bytes > segment->bytes) segment = chain.segment;
  }
  for (std::vector<KernelSpirv> &list : fixed)
    result.fixedWidth.insert(result.fixedWidth.end(), std::make_move_iterator(list.begin()), std::make_move_iterator(list.end()));
  return result;
}

} // namespace hipvk
