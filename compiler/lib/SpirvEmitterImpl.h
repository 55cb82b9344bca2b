// Internal to the SPIR-V emitter: the per-module and per-kernel translation state. The
// instruction translation lives in SpirvEmitter.cpp, memory accesses in SpirvMemory.cpp, calls
// (builtins and intrinsics) in SpirvCalls.cpp, atomics and fences in SpirvAtomics.cpp, warps in
// SpirvSubgroup.cpp.
#pragma once

#include "SpirvBuilder.h"
#include "SpirvEmitter.h"
#include "StructuredCFG.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <map>
#include <optional>
#include <set>

namespace hipvk {

enum class DeviceBuiltin;

// Where a pointer points, which decides its representation and how memory is accessed through it.
// ConstantWindow is no pointer's class: global loads from the constant window (kernel_abi.h) read
// it through a byte offset, as the word arrays are read.
enum class PointerClass { Unknown, Global, Shared, Private, KernelArgument, ConstantWindow };

// What an atomic access does, for its memory semantics: a load may only acquire, a store only
// release; read-modify-writes and fences do both.
enum class AtomicAccess { Load, Store, ReadModifyWrite };

// Module-wide SPIR-V objects shared by all kernels.
struct ModuleState {
  SpirvBuilder b;
  CompileContext &ctx;
  const llvm::DataLayout &dl;
  SpvId localInvocationId = 0, workgroupId = 0, subgroupSize = 0, subgroupLocalId = 0, subgroupLtMask = 0;
  SpvId blockDimSpec[3] = {0, 0, 0}, dynamicSharedSpec = 0;
  // A boolean spec constant the runtime sets per device (abi::kSpecIdFusedFma,
  // abi::kSpecIdFmaFloatAlgorithms), created at its first use.
  SpvId deviceFlagSpecConstant(uint32_t specId);
  std::map<uint32_t, SpvId> deviceFlagSpecs; // by spec id
  SpvId flatBlockSpec = 0, blockPlaneSpec = 0; // blockDim.x*y*z and blockDim.x*y, made by flatBlockSize()
  std::map<uint32_t, SpvId> pushConstantVars; // by word count
  SpvId constantWindowVar = 0;                 // made by constantWindow()
  uint32_t minSubgroupSize = 0;                // from __hipvk_warp_reach (blob::KernelModuleHeader)
  // The value functions the module's kernel calls (ValueFunctions.h), each emitted once: the id a
  // call names, and all of them in the order of their first calls.
  std::map<const llvm::Function *, SpvId> valueFunctionIds;
  std::vector<llvm::Function *> valueFunctionsToEmit;
  SpvId valueFunction(llvm::Function &f);

  ModuleState(CompileContext &ctx, const llvm::DataLayout &dl) : ctx(ctx), dl(dl) {}
  SpvId builtinInput(SpvId &cache, spv::BuiltIn builtin, SpvId type);
  SpvId pushConstantVar(uint32_t words);
  // The uniform buffer of the module's constant window (kernel_abi.h): 16-byte vectors of u32.
  SpvId constantWindow();
  void createBlockDimSpecConstants();
  SpvId specOp(spv::Op opcode, SpvId type, SpvId a, SpvId c); // OpSpecConstantOp
  SpvId flatBlockSize();
};

// AMD's lane patterns (llvm.amdgcn.mov.dpp/update.dpp/ds.swizzle), SpirvSubgroup.cpp: each names,
// per lane, a source lane. The rule: src = ((lane & andMask) | orMask) ^ xorMask, plus `offset`
// within a group of `group` lanes (rows of 16, or the whole warp when group is 0); valid when the
// offset stays in the group, or anywhere when it wraps; quad_perm picks by 2 bits per lane.
bool isAmdgpuLanePattern(llvm::StringRef name);
struct LaneRule {
  uint32_t andMask = ~0u, orMask = 0, xorMask = 0;
  int32_t offset = 0;
  uint32_t group = 0; // 0: whole warp
  bool wraps = false;
  bool quadPermute = false;
  uint32_t quadSelect = 0; // quad_perm: 2 bits per lane of a quad
};
std::optional<LaneRule> dppRule(uint32_t ctrl); // none for a control hipvk does not know
LaneRule swizzleRule(uint32_t offset);
// A DPP/ds_swizzle call's rule, masks and bound_ctrl (non-constant masks as the defaults); none,
// with `error` saying why, when its control is not a constant hipvk knows.
struct LanePattern {
  LaneRule rule;
  bool update = false, boundZero = false;
  uint32_t rowMask = 0xf, bankMask = 0xf;
};
std::optional<LanePattern> lanePattern(const llvm::CallInst &call, std::string &error);

// Whether the kernel uses lanes (a Lane or Warp builtin, an AMD lane pattern): it then runs as a
// 1-D workgroup whose subgroups are consecutive linear thread ids (SpirvSubgroup.cpp).
bool kernelUsesLanes(const llvm::Function &f);
// Whether the kernel acquires at device scope: its global loads must then be Coherent (SpirvAtomics.cpp).
bool kernelAcquiresAtDeviceScope(const llvm::Function &f);

class KernelEmitter {
public:
  KernelEmitter(ModuleState &m, llvm::Function &f, const KernelLayout &layout) : m_(m), b_(m.b), f_(f), layout_(layout) {}
  void emit();
  // A value function (ValueFunctions.h) as SPIR-V function `fn`; the emitter is made with an empty layout.
  void emitValueFunction(SpvId fn);

private:
  friend struct CallLowering;
  // ---- values and types
  SpvId typeOf(llvm::Type *t);
  SpvId typeOfValue(const llvm::Value *v);
  SpvId pointerType(PointerClass c);
  PointerClass classOf(const llvm::Value *v);
  PointerClass classOfUncached(const llvm::Value *v);
  SpvId value(const llvm::Value *v, SpvId typeHint = 0);
  SpvId constant(const llvm::Constant *c, SpvId typeHint);
  std::optional<uint64_t> knownConstant(SpvId id) const;
  SpvId u32(uint32_t v);
  SpvId u64(uint64_t v);

  // ---- instruction output
  SpvId op(spv::Op opcode, SpvId type, const Words &operands);
  void opNoResult(spv::Op opcode, const Words &operands);
  SpvId glsl(GLSLstd450 inst, SpvId type, const Words &operands);
  // An instruction with signed semantics, run on signed integer types as glslang emits them:
  // operands of integer type `operandType` and an integer result are bitcast around it. (SPIR-V
  // lets signedness come from the opcode alone, but NVIDIA's compiler folds constant divisors of
  // unsigned-typed OpSDiv/OpSRem wrongly.)
  SpvId signedOp(spv::Op opcode, SpvId resultType, SpvId operandType, const Words &operands);
  SpvId signedGlsl(GLSLstd450 inst, SpvId type, const Words &operands);
  SpvId signedRemainder(SpvId type, SpvId a, SpvId c);
  SpvId correctlyRoundedFloatDivision(SpvId type, SpvId a, SpvId c);
  SpvId doubleTwin(SpvId floatType); // the double scalar/vector type of a float one
  SpvId bitcastIfNeeded(SpvId v, SpvId from, SpvId to);
  SpvId convertInt(SpvId v, unsigned fromBits, unsigned toBits, bool isSigned);
  SpvId boolToInt(SpvId v, SpvId intType);
  SpvId intToBool(SpvId v, SpvId intType);

  // ---- hidden kernel inputs (materialised once, in the entry block)
  SpvId pushWord(uint32_t byteOffset);
  SpvId pushAddress(uint32_t byteOffset); // a u64 device address held in the push constants
  SpvId globalSegmentBase();
  SpvId argumentBufferAddress();
  SpvId gridDim(unsigned dim);
  SpvId loadBuiltin(SpvId &var, spv::BuiltIn builtin, SpvId type); // once, in the prologue
  SpvId builtinComponent(SpvId &var, spv::BuiltIn builtin, unsigned dim);
  SpvId subgroupSize();
  SpvId threadIndex(unsigned dim); // threadIdx.x/y/z

  // ---- warps (SpirvSubgroup.cpp)
  SpvId laneId();
  SpvId lanesBelowMask(unsigned word);
  SpvId subgroupScope();
  SpvId ballot(SpvId predicate); // u64 mask of the active lanes where predicate holds
  SpvId laneIsActive(SpvId lane);
  SpvId shuffle(SpvId type, SpvId val, SpvId lane);
  SpvId laneModuloWarp(SpvId lane);
  SpvId warpReduce(llvm::CallInst &call);
  SpvId mbcnt(llvm::CallInst &call, unsigned word);
  SpvId emitWarpBuiltin(DeviceBuiltin builtin, llvm::CallInst &call);
  SpvId emitAmdgpuLanePattern(llvm::CallInst &call); // 0 when the call is not one
  bool linearLanes_ = false;
  SpvId argument(const llvm::Argument &arg);
  SpvId sharedVariable();

  // ---- memory
  SpvId load(PointerClass c, SpvId address, llvm::Type *type, llvm::Align align, bool isVolatile, const llvm::Instruction &at);
  void store(PointerClass c, SpvId address, SpvId val, llvm::Type *type, llvm::Align align, bool isVolatile, const llvm::Instruction &at);
  SpvId loadGlobal(SpvId address, SpvId type, unsigned bytes, llvm::Align align, bool isVolatile);
  void storeGlobal(SpvId address, SpvId val, SpvId type, unsigned bytes, llvm::Align align, bool isVolatile);
  unsigned componentBytes(SpvId type, unsigned bytes) const;
  SpvId pieceAddress(SpvId address, unsigned offset);
  SpvId loadGlobalInPieces(SpvId address, SpvId type, unsigned component, unsigned piece, bool isVolatile);
  void storeGlobalInPieces(SpvId address, SpvId val, SpvId type, unsigned component, unsigned piece, bool isVolatile);
  SpvId wordPointer(PointerClass c, SpvId byteOffset, uint32_t extraWords);
  SpvId indexInUnits(SpvId byteOffset, unsigned unit, bool exactOnly = false);
  const TypedArray *typedArrayOf(PointerClass c, const llvm::Instruction &access, const llvm::Value **object);
  SpvId typedElementPointer(PointerClass c, const llvm::Value *object, const TypedArray &a, SpvId byteOffset, uint32_t extraElements);
  SpvId loadTyped(PointerClass c, const llvm::Value *object, const TypedArray &a, SpvId byteOffset, SpvId type, unsigned bytes);
  void storeTyped(PointerClass c, const llvm::Value *object, const TypedArray &a, SpvId byteOffset, SpvId val, SpvId type, unsigned bytes);
  SpvId byteOffsetPlus(SpvId byteOffset, uint32_t delta);
  SpvId loadWords(PointerClass c, SpvId byteOffset, SpvId type, unsigned bytes, llvm::Align align, const llvm::Instruction &at);
  void storeWords(PointerClass c, SpvId byteOffset, SpvId val, SpvId type, unsigned bytes, llvm::Align align, const llvm::Instruction &at);
  SpvId memoryType(llvm::Type *t, const llvm::Instruction &at); // type of a value in memory (i1 -> i8)
  SpvId argumentAddress(SpvId address);
  // 8/16-bit values as the low bits of u32, in 32-bit words where the device lacks those widths.
  bool hasNativeBits(unsigned bits) const;
  static uint64_t lowBitsMask(unsigned bits);
  unsigned storedElementBits(const TypedArray &a) const;
  SpvId loadGlobalBits(SpvId address, unsigned bits, llvm::Align align, bool isVolatile);
  void storeGlobalBits(SpvId address, SpvId bitsValue, unsigned bits, llvm::Align align, bool isVolatile);
  SpvId shiftInWord(SpvId byteOffset);
  void mergeBitsAtomically(SpvId pointer, spv::Scope scope, SpvId bitsValue, unsigned bits, SpvId shift);
  SpvId containingWordPointer(PointerClass c, SpvId byteOffset, const llvm::Instruction &at);
  SpvId loadBits(PointerClass c, SpvId byteOffset, unsigned bits, llvm::Align align, const llvm::Instruction &at);
  void storeBits(PointerClass c, SpvId byteOffset, SpvId bitsValue, unsigned bits, llvm::Align align, const llvm::Instruction &at);
  // Views of global memory for loads (SpirvConstantMemory.cpp): loadGlobal uses loadView_.
  enum class LoadView { Plain, ReadOnly, Coherent };
  LoadView loadViewOf(const llvm::Instruction &at) const;
  SpvId viewPointer(LoadView view, SpvId address, SpvId type);
  // A global load at a constant offset of a __constant__ variable in the constant window, through
  // the uniform buffer; 0 when the load is not such a load.
  SpvId loadFromConstantWindow(llvm::Type *t, llvm::Align align, const llvm::Instruction &at);
  SpvId constantWindowVariable();
  LoadView loadView_ = LoadView::Plain;
  bool coherentLoads_ = false; // kernelAcquiresAtDeviceScope
  std::map<std::pair<LoadView, SpvId>, SpvId> viewBlocks_; // (view, loaded type) -> its Block
  SpvId readClock(spv::Scope scope); // SpirvClock.cpp

  // ---- atomics and fences (SpirvAtomics.cpp)
  struct MemorySync {
    SpvId scope, semantics; // SPIR-V constants
  };
  MemorySync memorySync(llvm::AtomicOrdering ordering, llvm::SyncScope::ID scope, PointerClass c, AtomicAccess kind);
  unsigned valueBits(const llvm::Value *v);
  SpvId atomicPointer(PointerClass c, SpvId address, unsigned bits, llvm::Align align, const llvm::Instruction &at);
  SpvId emitAtomicRMW(llvm::AtomicRMWInst &rmw);
  SpvId emitFloatAtomicAdd(llvm::AtomicRMWInst &rmw, SpvId bitsPointer, const MemorySync &sync);
  SpvId emitCmpXchg(llvm::AtomicCmpXchgInst &cx);
  SpvId emitAtomicLoad(llvm::LoadInst &load);
  void emitAtomicStore(llvm::StoreInst &store);
  void emitFence(llvm::FenceInst &fence);

  // ---- instructions
  bool structureControlFlow(); // annotates cfg_ and gives each block its label; false (reported) when it cannot
  void emitBody(Words &function); // the blocks after the function's first label, then OpFunctionEnd
  void emitBlock(llvm::BasicBlock &bb);
  SpvId emitInstruction(llvm::Instruction &inst);
  SpvId emitBinary(llvm::BinaryOperator &inst);
  SpvId emitCompare(llvm::CmpInst &inst);
  SpvId emitCast(llvm::CastInst &inst);
  SpvId emitGEP(llvm::GetElementPtrInst &inst);
  SpvId emitPhi(llvm::PHINode &phi);
  void emitTerminator(llvm::Instruction &term);
  SpvId emitCall(llvm::CallInst &call); // SpirvCalls.cpp
  SpvId emitDeviceBuiltin(DeviceBuiltin builtin, llvm::CallInst &call);
  SpvId unsupported(const llvm::Instruction &at, const std::string &what);

  ModuleState &m_;
  SpirvBuilder &b_;
  llvm::Function &f_;
  const KernelLayout &layout_;
  StructuredCFG cfg_;
  Words prologue_, body_;
  Words *out_ = &body_; // where op() appends: the body, or the entry-block prologue
  // Emits into the prologue while alive: values computed once and used anywhere in the kernel.
  struct InPrologue {
    KernelEmitter &e;
    Words *saved;
    explicit InPrologue(KernelEmitter &e) : e(e), saved(e.out_) { e.out_ = &e.prologue_; }
    ~InPrologue() { e.out_ = saved; }
  };
  llvm::DenseMap<const llvm::Value *, SpvId> values_, forward_;
  llvm::DenseMap<const llvm::Value *, PointerClass> classes_;
  llvm::DenseMap<const llvm::BasicBlock *, SpvId> labels_;
  std::map<SpvId, uint64_t> constants_;
  std::map<uint32_t, SpvId> pushWords_;
  struct ScaledIndex {
    unsigned unit; // bytes
    SpvId index;   // the byte offset divided by unit
  };
  std::map<SpvId, ScaledIndex> scaledIndexOf_; // byte offsets into shared/private memory
  std::map<const llvm::Value *, SpvId> typedVariables_; // memory object -> its typed array variable
  Words functionVariables_;                             // OpVariables of the typed local arrays
  SpvId globalBase_ = 0, argumentBuffer_ = 0, privateVar_ = 0, sharedVar_ = 0, pushVar_ = 0;
  std::set<SpvId> interface_;
  const llvm::Instruction *current_ = nullptr; // the instruction being translated, for diagnostics
};

} // namespace hipvk
