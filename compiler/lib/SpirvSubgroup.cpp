// Warps on Vulkan subgroups: the Lane and Warp builtins of device_builtins.def, AMD's DPP and
// ds_swizzle lane patterns, and the thread ids of kernels that use them.
//
// HIP's lanes are consecutive linear thread ids (threadIdx.x + blockDim.x * (threadIdx.y +
// blockDim.y * threadIdx.z)); Vulkan does not say how a driver forms subgroups from a 2-D or 3-D
// workgroup (lavapipe and NVIDIA happen to use LocalInvocationIndex order). So a kernel that uses
// lanes runs as a 1-D workgroup of blockDim.x*y*z invocations, whose subgroups drivers form from
// consecutive invocations, and derives threadIdx from that index with the block-size
// specialization constants, which the driver folds when it builds the pipeline (no division
// remains for 1-D blocks, a constant one for 2-D and 3-D blocks).
#include "DeviceBuiltins.h"
#include "SpirvEmitterImpl.h"

#include <hipvk/kernel_abi.h>

#include <llvm/IR/Constants.h>

using namespace llvm;

namespace hipvk {

bool isAmdgpuLanePattern(StringRef name) {
  return name == "llvm.amdgcn.ds.swizzle" || name.starts_with("llvm.amdgcn.update.dpp.") ||
         name.starts_with("llvm.amdgcn.mov.dpp.");
}

bool kernelUsesLanes(const Function &f) {
  for (const BasicBlock &bb : f)
    for (const Instruction &i : bb)
      if (const auto *call = dyn_cast<CallInst>(&i))
        if (const Function *callee = call->getCalledFunction()) {
          if (isAmdgpuLanePattern(callee->getName())) return true;
          if (std::optional<DeviceBuiltin> b = deviceBuiltin(callee->getName()); b && deviceBuiltinUsesLanes(*b))
            return true;
        }
  return false;
}

SpvId ModuleState::specOp(spv::Op opcode, SpvId type, SpvId a, SpvId c) {
  SpvId id = b.newId();
  b.emit(SpirvBuilder::Globals, spv::OpSpecConstantOp, {type, id, uint32_t(opcode), a, c});
  return id;
}

SpvId ModuleState::flatBlockSize() {
  if (!flatBlockSpec) {
    SpvId u32 = b.typeInt(32);
    blockPlaneSpec = specOp(spv::OpIMul, u32, blockDimSpec[0], blockDimSpec[1]);
    flatBlockSpec = specOp(spv::OpIMul, u32, blockPlaneSpec, blockDimSpec[2]);
  }
  return flatBlockSpec;
}

SpvId KernelEmitter::threadIndex(unsigned dim) {
  if (!linearLanes_) return builtinComponent(m_.localInvocationId, spv::BuiltInLocalInvocationId, dim);
  SpvId u32t = b_.typeInt(32), boolType = b_.typeBool();
  SpvId flat = builtinComponent(m_.localInvocationId, spv::BuiltInLocalInvocationId, 0);
  SpvId total = m_.flatBlockSize(), plane = m_.blockPlaneSpec;
  const SpvId *dims = m_.blockDimSpec;
  InPrologue prologue(*this);
  // Selects on specialization-constant conditions keep 1-D and 2-D blocks free of divisions.
  switch (dim) {
  case 0: {
    SpvId oneDimensional = m_.specOp(spv::OpIEqual, boolType, dims[0], total);
    return op(spv::OpSelect, u32t, {oneDimensional, flat, op(spv::OpUMod, u32t, {flat, dims[0]})});
  }
  case 1: {
    SpvId row = op(spv::OpUDiv, u32t, {flat, dims[0]});
    SpvId twoDimensional = m_.specOp(spv::OpIEqual, boolType, plane, total);
    return op(spv::OpSelect, u32t, {twoDimensional, row, op(spv::OpUMod, u32t, {row, dims[1]})});
  }
  default: return op(spv::OpUDiv, u32t, {flat, plane});
  }
}

SpvId KernelEmitter::laneId() {
  b_.requireCapability(spv::CapabilityGroupNonUniform);
  return loadBuiltin(m_.subgroupLocalId, spv::BuiltInSubgroupLocalInvocationId, b_.typeInt(32));
}

// Bits of the lanes below this one: SubgroupLtMask's `word` (0: lanes 0-31, 1: lanes 32-63).
SpvId KernelEmitter::lanesBelowMask(unsigned word) {
  b_.requireCapability(spv::CapabilityGroupNonUniformBallot);
  SpvId u32t = b_.typeInt(32), v4 = b_.typeVector(u32t, 4);
  SpvId mask = loadBuiltin(m_.subgroupLtMask, spv::BuiltInSubgroupLtMask, v4);
  InPrologue prologue(*this);
  return op(spv::OpCompositeExtract, u32t, {mask, word});
}

SpvId KernelEmitter::subgroupScope() { return u32(spv::ScopeSubgroup); }

SpvId KernelEmitter::ballot(SpvId predicate) {
  b_.requireCapability(spv::CapabilityGroupNonUniformBallot);
  SpvId u32t = b_.typeInt(32), u64t = b_.typeInt(64), v4 = b_.typeVector(u32t, 4);
  SpvId bits = op(spv::OpGroupNonUniformBallot, v4, {subgroupScope(), predicate});
  // Lanes 64 and up (subgroups of 128) have no place in HIP's 64-bit masks.
  SpvId low = op(spv::OpUConvert, u64t, {op(spv::OpCompositeExtract, u32t, {bits, 0})});
  SpvId high = op(spv::OpUConvert, u64t, {op(spv::OpCompositeExtract, u32t, {bits, 1})});
  return op(spv::OpBitwiseOr, u64t, {low, op(spv::OpShiftLeftLogical, u64t, {high, u64(32)})});
}

// Whether lane `lane` (below 64) is active: a bit of the ballot of all active lanes.
SpvId KernelEmitter::laneIsActive(SpvId lane) {
  SpvId u64t = b_.typeInt(64);
  SpvId bit = op(spv::OpShiftLeftLogical, u64t, {u64(1), op(spv::OpUConvert, u64t, {lane})});
  return op(spv::OpINotEqual, b_.typeBool(), {op(spv::OpBitwiseAnd, u64t, {ballot(b_.constBool(true)), bit}), u64(0)});
}

SpvId KernelEmitter::shuffle(SpvId type, SpvId val, SpvId lane) {
  b_.requireCapability(spv::CapabilityGroupNonUniformShuffle);
  return op(spv::OpGroupNonUniformShuffle, type, {subgroupScope(), val, lane});
}

SpvId KernelEmitter::laneModuloWarp(SpvId lane) {
  SpvId u32t = b_.typeInt(32);
  return op(spv::OpBitwiseAnd, u32t, {lane, op(spv::OpISub, u32t, {subgroupSize(), u32(1)})});
}

SpvId KernelEmitter::warpReduce(CallInst &call) {
  auto *opArg = dyn_cast<ConstantInt>(call.getArgOperand(0));
  if (!opArg) return unsupported(call, "the operation of a warp reduction must be a constant");
  b_.requireCapability(spv::CapabilityGroupNonUniformArithmetic);
  SpvId type = typeOf(call.getType());
  SpvId val = value(call.getArgOperand(1), type);
  auto reduce = [&](spv::Op opcode) { return op(opcode, type, {subgroupScope(), uint32_t(spv::GroupOperationReduce), val}); };
  auto reduceSigned = [&](spv::Op opcode) {
    SpvId signedType = b_.signedVariant(type);
    SpvId r = op(opcode, signedType, {subgroupScope(), uint32_t(spv::GroupOperationReduce), op(spv::OpBitcast, signedType, {val})});
    return op(spv::OpBitcast, type, {r});
  };
  switch (abi::WarpReduceOp(opArg->getZExtValue())) {
  case abi::kWarpReduceAdd: return reduce(spv::OpGroupNonUniformIAdd);
  case abi::kWarpReduceMinSigned: return reduceSigned(spv::OpGroupNonUniformSMin);
  case abi::kWarpReduceMaxSigned: return reduceSigned(spv::OpGroupNonUniformSMax);
  case abi::kWarpReduceMinUnsigned: return reduce(spv::OpGroupNonUniformUMin);
  case abi::kWarpReduceMaxUnsigned: return reduce(spv::OpGroupNonUniformUMax);
  case abi::kWarpReduceAnd: return reduce(spv::OpGroupNonUniformBitwiseAnd);
  case abi::kWarpReduceOr: return reduce(spv::OpGroupNonUniformBitwiseOr);
  case abi::kWarpReduceXor: return reduce(spv::OpGroupNonUniformBitwiseXor);
  }
  return unsupported(call, "unknown warp reduction " + std::to_string(opArg->getZExtValue()));
}

// AMD's mbcnt_lo/hi: count + popcount(mask & the lane-below bits of that half). The usual
// mbcnt_hi(~0, mbcnt_lo(~0, x)) is x + the lane id.
SpvId KernelEmitter::mbcnt(CallInst &call, unsigned word) {
  SpvId u32t = b_.typeInt(32);
  auto allLanes = [](const Value *v) {
    auto *c = dyn_cast<ConstantInt>(v);
    return c && c->isMinusOne();
  };
  if (word == 1 && allLanes(call.getArgOperand(0)))
    if (auto *low = dyn_cast<CallInst>(call.getArgOperand(1)))
      if (low->getCalledFunction() && deviceBuiltin(low->getCalledFunction()->getName()) == DeviceBuiltin::mbcnt_lo &&
          allLanes(low->getArgOperand(0)))
        return op(spv::OpIAdd, u32t, {value(low->getArgOperand(1), u32t), laneId()});
  SpvId below = op(spv::OpBitwiseAnd, u32t, {value(call.getArgOperand(0), u32t), lanesBelowMask(word)});
  return op(spv::OpIAdd, u32t, {value(call.getArgOperand(1), u32t), op(spv::OpBitCount, u32t, {below})});
}

SpvId KernelEmitter::emitWarpBuiltin(DeviceBuiltin builtin, CallInst &call) {
  using B = DeviceBuiltin;
  Type *t = call.getType();
  SpvId type = t->isVoidTy() ? 0 : typeOf(t);
  SpvId u32t = b_.typeInt(32);
  switch (builtin) {
  case B::lane_id: return laneId();
  case B::mbcnt_lo: return mbcnt(call, 0);
  case B::mbcnt_hi: return mbcnt(call, 1);
  case B::warp_ballot: {
    // ballot.i32 is wave32 code's ballot (its lanes fit the low word).
    SpvId bits = ballot(value(call.getArgOperand(0)));
    return t->isIntegerTy(32) ? op(spv::OpUConvert, u32t, {bits}) : bits;
  }
  case B::warp_any:
  case B::warp_all:
    b_.requireCapability(spv::CapabilityGroupNonUniformVote);
    return op(builtin == B::warp_any ? spv::OpGroupNonUniformAny : spv::OpGroupNonUniformAll, type,
              {subgroupScope(), value(call.getArgOperand(0))});
  case B::warp_shuffle:
  case B::warp_shuffle_64:
    return shuffle(type, value(call.getArgOperand(0), type), laneModuloWarp(value(call.getArgOperand(1), u32t)));
  case B::warp_bpermute: {
    // As on AMD, reading an inactive lane gives 0.
    SpvId lane = laneModuloWarp(op(spv::OpShiftRightLogical, u32t, {value(call.getArgOperand(0), u32t), u32(2)}));
    SpvId read = shuffle(type, value(call.getArgOperand(1), type), lane);
    return op(spv::OpSelect, type, {laneIsActive(lane), read, b_.constNull(type)});
  }
  case B::warp_first:
  case B::warp_first_64:
    b_.requireCapability(spv::CapabilityGroupNonUniformBallot);
    return op(spv::OpGroupNonUniformBroadcastFirst, type, {subgroupScope(), value(call.getArgOperand(0), type)});
  case B::warp_reduce:
  case B::warp_reduce_64: return warpReduce(call);
  case B::warp_sync: {
    // The active lanes meet at a ballot (a group operation executes with all of them) between two
    // subgroup-scope fences. Not OpControlBarrier Subgroup: Vulkan wants it in subgroup-uniform
    // control flow, and lavapipe runs it as a workgroup barrier, so warps that reach __syncwarp()
    // different numbers of times left threads unfinished.
    const uint32_t semantics = spv::MemorySemanticsAcquireReleaseMask | spv::MemorySemanticsWorkgroupMemoryMask |
                               spv::MemorySemanticsUniformMemoryMask;
    opNoResult(spv::OpMemoryBarrier, {subgroupScope(), u32(semantics)});
    ballot(b_.constBool(true));
    opNoResult(spv::OpMemoryBarrier, {subgroupScope(), u32(semantics)});
    return 0;
  }
  default: break;
  }
  return unsupported(call, "hipvk builtin '" + std::string(deviceBuiltinName(builtin)) + "' is not a warp builtin");
}

// ---- AMD's lane patterns: DPP (mov_dpp, update_dpp) and ds_swizzle. Each names, per lane, a
// source lane computed from the lane id and an immediate; a lane whose source is invalid (outside
// its row, outside the warp, or inactive) gets 0 with bound_ctrl / for ds_swizzle, else keeps `old`.
// Lanes a DPP row or bank mask disables keep `old`.

std::optional<LaneRule> dppRule(uint32_t ctrl) {
  LaneRule r;
  if (ctrl <= 0xff) {
    r.quadPermute = true;
    r.quadSelect = ctrl;
    return r;
  }
  const uint32_t n = ctrl & 0xf;
  switch (ctrl & ~0xfu) {
  case 0x100: if (n) { r.offset = int32_t(n); r.group = 16; return r; } break;              // row_shl:n
  case 0x110: if (n) { r.offset = -int32_t(n); r.group = 16; return r; } break;             // row_shr:n
  case 0x120: if (n) { r.offset = -int32_t(n); r.group = 16; r.wraps = true; return r; } break; // row_ror:n
  case 0x150: r.andMask = ~15u; r.orMask = n; return r;                                      // row_share:n
  case 0x160: r.xorMask = n; return r;                                                        // row_xmask:n
  default: break;
  }
  switch (ctrl) {
  case 0x130: r.offset = 1; return r;                    // wave_shl:1
  case 0x134: r.offset = 1; r.wraps = true; return r;    // wave_rol:1
  case 0x138: r.offset = -1; return r;                   // wave_shr:1
  case 0x13c: r.offset = -1; r.wraps = true; return r;   // wave_ror:1
  case 0x140: r.xorMask = 15; return r;                  // row_mirror
  case 0x141: r.xorMask = 7; return r;                   // row_half_mirror
  case 0x142: r.andMask = ~15u; r.offset = -1; return r; // row_bcast:15: the last lane of the previous row
  case 0x143: r.andMask = ~31u; r.offset = -1; return r; // row_bcast:31: lane 31 of the previous 32
  default: return std::nullopt;
  }
}

LaneRule swizzleRule(uint32_t offset) {
  LaneRule r;
  if (offset & 0x8000) {
    r.quadPermute = true;
    r.quadSelect = offset & 0xff;
    return r;
  }
  // Bit-mask mode, within groups of 32 lanes.
  r.andMask = ~31u | (offset & 31);
  r.orMask = (offset >> 5) & 31;
  r.xorMask = (offset >> 10) & 31;
  return r;
}

std::optional<LanePattern> lanePattern(const CallInst &call, std::string &error) {
  const StringRef name = call.getCalledFunction()->getName();
  const bool swizzle = name == "llvm.amdgcn.ds.swizzle";
  LanePattern p;
  p.update = name.starts_with("llvm.amdgcn.update.dpp.");
  const unsigned first = p.update ? 1 : 0; // update_dpp(old, src, ctrl, row_mask, bank_mask, bound_ctrl)
  auto immediate = [&](unsigned i) -> std::optional<uint32_t> {
    if (auto *c = dyn_cast<ConstantInt>(call.getArgOperand(i))) return uint32_t(c->getZExtValue());
    return std::nullopt;
  };
  std::optional<uint32_t> ctrl = immediate(first + 1);
  if (!ctrl) {
    error = "the lane pattern of '" + name.str() + "' must be a constant";
    return std::nullopt;
  }
  std::optional<LaneRule> rule = swizzle ? std::optional(swizzleRule(*ctrl)) : dppRule(*ctrl);
  if (!rule) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%x", *ctrl);
    error = std::string("DPP control ") + hex + " is not a lane pattern hipvk knows (quad_perm, row_shl/shr/ror, "
            "wave_shl/rol/shr/ror, row_mirror, row_half_mirror, row_bcast, row_share, row_xmask)";
    return std::nullopt;
  }
  p.rule = *rule;
  p.rowMask = swizzle ? 0xf : immediate(first + 2).value_or(0xf);
  p.bankMask = swizzle ? 0xf : immediate(first + 3).value_or(0xf);
  p.boundZero = swizzle || immediate(first + 4).value_or(0) != 0;
  return p;
}

SpvId KernelEmitter::emitAmdgpuLanePattern(CallInst &call) {
  if (!isAmdgpuLanePattern(call.getCalledFunction()->getName())) return 0;
  std::string error;
  const std::optional<LanePattern> pattern = lanePattern(call, error);
  if (!pattern) return unsupported(call, error);
  const LaneRule *rule = &pattern->rule;
  const bool update = pattern->update, boundZero = pattern->boundZero;
  const uint32_t rowMask = pattern->rowMask, bankMask = pattern->bankMask;

  Type *t = call.getType();
  SpvId type = typeOf(t), u32t = b_.typeInt(32), boolType = b_.typeBool();
  SpvId src = value(call.getArgOperand(update ? 1 : 0), type);
  SpvId lane = laneId(), warp = subgroupSize();
  auto and_ = [&](SpvId a, uint32_t m) { return op(spv::OpBitwiseAnd, u32t, {a, u32(m)}); };

  SpvId source;
  SpvId valid = b_.constBool(true);
  if (rule->quadPermute) {
    // (lane & ~3) | ((select >> 2*(lane & 3)) & 3)
    SpvId shift = op(spv::OpShiftLeftLogical, u32t, {and_(lane, 3), u32(1)});
    SpvId pick = and_(op(spv::OpShiftRightLogical, u32t, {u32(rule->quadSelect), shift}), 3);
    source = op(spv::OpBitwiseOr, u32t, {and_(lane, ~3u), pick});
  } else {
    source = lane;
    if (rule->andMask != ~0u) source = and_(source, rule->andMask);
    if (rule->orMask) source = op(spv::OpBitwiseOr, u32t, {source, u32(rule->orMask)});
    if (rule->xorMask) source = op(spv::OpBitwiseXor, u32t, {source, u32(rule->xorMask)});
    if (rule->offset) {
      SpvId moved = op(spv::OpIAdd, u32t, {source, u32(uint32_t(rule->offset))});
      if (rule->group) {
        SpvId base = and_(lane, ~(rule->group - 1));
        SpvId inGroup = and_(moved, rule->group - 1);
        if (rule->wraps) moved = op(spv::OpBitwiseOr, u32t, {base, inGroup});
        else valid = op(spv::OpIEqual, boolType, {and_(moved, ~(rule->group - 1)), base});
      } else if (rule->wraps) {
        moved = laneModuloWarp(moved);
      }
      source = moved;
    }
  }
  // Past the warp (also the wrapped-around -1) or an inactive lane: an invalid source.
  valid = op(spv::OpLogicalAnd, boolType, {valid, op(spv::OpULessThan, boolType, {source, warp})});
  valid = op(spv::OpLogicalAnd, boolType, {valid, laneIsActive(and_(source, 63))});

  SpvId read = shuffle(type, src, op(spv::OpSelect, u32t, {valid, source, lane}));
  SpvId old = update ? value(call.getArgOperand(0), type) : b_.undef(type);
  SpvId result = op(spv::OpSelect, type, {valid, read, boundZero ? b_.constNull(type) : old});
  if (rowMask != 0xf || bankMask != 0xf) {
    // Disabled rows (lane / 16) and banks (lane / 4 % 4) are not written.
    SpvId rowBit = op(spv::OpShiftLeftLogical, u32t, {u32(1), and_(op(spv::OpShiftRightLogical, u32t, {lane, u32(4)}), 3)});
    SpvId bankBit = op(spv::OpShiftLeftLogical, u32t, {u32(1), and_(op(spv::OpShiftRightLogical, u32t, {lane, u32(2)}), 3)});
    SpvId rowOn = op(spv::OpINotEqual, boolType, {and_(rowBit, rowMask), u32(0)});
    SpvId bankOn = op(spv::OpINotEqual, boolType, {and_(bankBit, bankMask), u32(0)});
    result = op(spv::OpSelect, type, {op(spv::OpLogicalAnd, boolType, {rowOn, bankOn}), result, old});
  }
  return result;
}

} // namespace hipvk
