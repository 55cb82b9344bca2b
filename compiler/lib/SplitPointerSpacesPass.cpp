// Splits a memory access through a pointer that may point into different memory spaces into one
// access per space. The optimiser merges `c ? global[i] : shared[j]` into one load through a select
// of two generic pointers, and a phi of pointers from different spaces arises the same way; Vulkan
// has no generic pointers (global memory is a 64-bit device address, __shared__ and local memory
// are 32-bit offsets into per-kernel arrays), so the emitter needs every accessed pointer to have
// one space. Where the accessed pointer is a tree of selects, phis, GEPs and casts over pointers
// whose spaces are known, this pass rebuilds the tree once per space (the other spaces' leaves
// become poison, null leaves that space's null), computes beside it a small integer naming the
// space of the leaf actually chosen, and branches on that integer to the access of that space (a
// comparison with null selects the comparison in that space). A null leaf's number is arbitrary:
// a null pointer is never dereferenced. Mixed pointers used otherwise (compared with each other,
// converted to integers, stored) stay for the emitter to report with their source location.
#include "Passes.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

using namespace llvm;

namespace hipvk {

namespace {

// The memory spaces the emitter distinguishes (KernelEmitter::classOf), as bits of a set.
enum Space : unsigned { Global, Shared, Private, KernelArgument, SpaceCount };
using SpaceSet = unsigned;

// The address space a pointer of each space is rebuilt in.
unsigned addressSpaceOf(Space s) {
  static constexpr unsigned spaces[SpaceCount] = {AS::Global, AS::Shared, AS::Private, AS::Constant};
  return spaces[s];
}

// The operand a pointer is derived from without changing its space, or null for a leaf.
Value *derivedFrom(Value *v) {
  if (auto *gep = dyn_cast<GEPOperator>(v)) return gep->getPointerOperand();
  if (auto *op = dyn_cast<Operator>(v);
      op && (op->getOpcode() == Instruction::AddrSpaceCast || op->getOpcode() == Instruction::BitCast || op->getOpcode() == Instruction::Freeze))
    return op->getOperand(0);
  return nullptr;
}

// The space of a leaf of a pointer tree, as the emitter classifies it: pointers loaded, converted
// from integers or returned by calls are what their address space says (generic ones are global:
// pointers to __shared__ or local memory never travel as generic pointers).
Space leafSpace(const Value *v) {
  if (auto *arg = dyn_cast<Argument>(v)) return arg->getParamByRefType() ? KernelArgument : Global;
  if (isa<AllocaInst>(v)) return Private;
  unsigned as = v->getType()->getPointerAddressSpace();
  return as == AS::Shared ? Shared : as == AS::Private ? Private : Global;
}

class Splitter {
public:
  explicit Splitter(Function &f) : f_(f) {}

  bool run() {
    // Values computed from arguments and constants go here, in the order they are made (each from
    // earlier ones). Accesses, where blocks are split, all come later in the entry block.
    entryAnchor_ = &*f_.getEntryBlock().getFirstInsertionPt();
    SmallVector<std::pair<Instruction *, SpaceSet>, 8> mixed;
    for (Instruction &inst : instructions(f_)) {
      Value *pointer = accessedPointer(inst);
      if (auto *cmp = dyn_cast<ICmpInst>(&inst)) pointer = mixedOperandOfNullComparison(*cmp);
      if (!pointer) continue;
      if (SpaceSet spaces = spacesOf(pointer); popcount(spaces) > 1) mixed.push_back({&inst, spaces});
    }
    for (auto [inst, spaces] : mixed) {
      if (auto *cmp = dyn_cast<ICmpInst>(inst)) compareWithNull(*cmp, spaces);
      else split(*inst, spaces);
    }
    removeDeadPointerTrees();
    return !mixed.empty();
  }

private:
  static Value *accessedPointer(Instruction &inst) {
    if (auto *load = dyn_cast<LoadInst>(&inst)) return load->getPointerOperand();
    if (auto *store = dyn_cast<StoreInst>(&inst)) return store->getPointerOperand();
    if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) return rmw->getPointerOperand();
    if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst)) return cas->getPointerOperand();
    return nullptr;
  }
  // The pointer compared with null by `p == null` or `p != null`.
  static Value *mixedOperandOfNullComparison(ICmpInst &cmp) {
    if (!cmp.isEquality() || !cmp.getOperand(0)->getType()->isPointerTy()) return nullptr;
    if (isNullPointer(cmp.getOperand(1))) return cmp.getOperand(0);
    if (isNullPointer(cmp.getOperand(0))) return cmp.getOperand(1);
    return nullptr;
  }
  static unsigned pointerOperandIndex(const Instruction &inst) {
    return isa<StoreInst>(inst) ? StoreInst::getPointerOperandIndex() : 0; // loads and atomics: operand 0
  }

  // The spaces of the non-null leaves of the tree under `pointer`.
  SpaceSet spacesOf(Value *pointer) {
    SpaceSet spaces = 0;
    SmallPtrSet<Value *, 16> seen;
    SmallVector<Value *, 16> work{pointer};
    while (!work.empty()) {
      Value *v = work.pop_back_val();
      if (!seen.insert(v).second) continue;
      if (Value *from = derivedFrom(v)) work.push_back(from);
      else if (auto *sel = dyn_cast<SelectInst>(v)) work.append({sel->getTrueValue(), sel->getFalseValue()});
      else if (auto *phi = dyn_cast<PHINode>(v)) work.append(phi->incoming_values().begin(), phi->incoming_values().end());
      else if (!isNullPointer(v)) spaces |= 1u << leafSpace(v);
    }
    return spaces;
  }

  // Where a value computed from `v` (not a phi) is inserted: right after it, or for arguments and
  // constants at the start of the kernel.
  Instruction *insertionPointAfter(Value *v) {
    if (auto *inst = dyn_cast<Instruction>(v)) return inst->getNextNode();
    return entryAnchor_;
  }

  Instruction *created(Instruction *inst, Value *from) {
    if (auto *original = dyn_cast<Instruction>(from)) inst->setDebugLoc(original->getDebugLoc());
    trees_.insert(inst);
    return inst;
  }

  // The number (a Space) of the space of the leaf `pointer` selects at run time.
  Value *tagOf(Value *pointer) {
    if (Value *known = tags_.lookup(pointer)) return known;
    IntegerType *i32 = Type::getInt32Ty(f_.getContext());
    Value *tag;
    if (Value *from = derivedFrom(pointer)) {
      tag = tagOf(from);
    } else if (auto *sel = dyn_cast<SelectInst>(pointer)) {
      Value *a = tagOf(sel->getTrueValue()), *b = tagOf(sel->getFalseValue());
      tag = a == b ? a : created(SelectInst::Create(sel->getCondition(), a, b, "space", insertionPointAfter(sel)), sel);
    } else if (auto *phi = dyn_cast<PHINode>(pointer)) {
      PHINode *tagPhi = PHINode::Create(i32, phi->getNumIncomingValues(), "space", phi->getParent()->begin());
      tags_[pointer] = created(tagPhi, phi); // before the incoming values: they may lead back here
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) tagPhi->addIncoming(tagOf(phi->getIncomingValue(i)), phi->getIncomingBlock(i));
      return tagPhi;
    } else {
      // A null leaf takes any number: the access it would decide never happens.
      tag = ConstantInt::get(i32, isNullPointer(pointer) ? Global : leafSpace(pointer));
    }
    tags_[pointer] = tag;
    return tag;
  }

  // `pointer` rebuilt in `space`: its leaves of other spaces replaced by poison, null ones by the
  // null of `space`.
  Value *pointerIn(Value *pointer, Space space) {
    if (Value *known = rebuilt_.lookup({pointer, space})) return known;
    PointerType *type = PointerType::get(f_.getContext(), addressSpaceOf(space));
    Value *result;
    if (auto *gep = dyn_cast<GEPOperator>(pointer)) {
      Value *base = pointerIn(gep->getPointerOperand(), space);
      SmallVector<Value *, 4> indices(gep->indices());
      result = isa<PoisonValue>(base) ? base
                                      : created(GetElementPtrInst::Create(gep->getSourceElementType(), base, indices, "", insertionPointAfter(pointer)), pointer);
      if (auto *newGep = dyn_cast<GetElementPtrInst>(result)) newGep->setIsInBounds(gep->isInBounds());
    } else if (Value *from = derivedFrom(pointer)) {
      result = pointerIn(from, space);
    } else if (auto *sel = dyn_cast<SelectInst>(pointer)) {
      Value *a = pointerIn(sel->getTrueValue(), space), *b = pointerIn(sel->getFalseValue(), space);
      result = a == b || isa<PoisonValue>(b) ? a
               : isa<PoisonValue>(a)         ? b
                                             : created(SelectInst::Create(sel->getCondition(), a, b, "", insertionPointAfter(sel)), sel);
    } else if (auto *phi = dyn_cast<PHINode>(pointer)) {
      PHINode *rebuiltPhi = PHINode::Create(type, phi->getNumIncomingValues(), "", phi->getParent()->begin());
      rebuilt_[{pointer, space}] = created(rebuiltPhi, phi); // before the incoming values: they may lead back here
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
        rebuiltPhi->addIncoming(pointerIn(phi->getIncomingValue(i), space), phi->getIncomingBlock(i));
      return rebuiltPhi;
    } else if (isa<UndefValue>(pointer->stripPointerCasts()) || (!isNullPointer(pointer) && leafSpace(pointer) != space)) {
      result = PoisonValue::get(type);
    } else if (isNullPointer(pointer)) {
      result = nullIn(space);
    } else if (pointer->getType() == type) {
      result = pointer;
    } else { // a global pointer typed generic or constant
      result = created(new AddrSpaceCastInst(pointer, type, "", insertionPointAfter(pointer)), pointer);
    }
    rebuilt_[{pointer, space}] = result;
    return result;
  }

  // The null pointer of `space`: for __shared__ and local memory AMDGPU's, a cast of the generic one.
  Constant *nullIn(Space space) {
    PointerType *type = PointerType::get(f_.getContext(), addressSpaceOf(space));
    if (space != Shared && space != Private) return ConstantPointerNull::get(type);
    return ConstantExpr::getAddrSpaceCast(ConstantPointerNull::get(PointerType::get(f_.getContext(), AS::Generic)), type);
  }

  // Replaces `p == null` (or !=) by the comparison in the space the tag names.
  void compareWithNull(ICmpInst &cmp, SpaceSet spaces) {
    Value *pointer = mixedOperandOfNullComparison(cmp);
    collectTree(pointer);
    Value *tag = tagOf(pointer);
    IRBuilder<> b(&cmp);
    Value *result = nullptr;
    for (int s = SpaceCount - 1; s >= 0; --s) {
      if (!(spaces & (1u << s))) continue;
      Value *inSpace = b.CreateICmp(cmp.getPredicate(), pointerIn(pointer, Space(s)), nullIn(Space(s)));
      result = result ? b.CreateSelect(b.CreateICmpEQ(tag, b.getInt32(s)), inSpace, result) : inSpace;
    }
    cmp.replaceAllUsesWith(result);
    cmp.eraseFromParent();
  }

  // Replaces `access` by a branch on the space tag to one copy of it per space.
  void split(Instruction &access, SpaceSet spaces) {
    Value *pointer = access.getOperand(pointerOperandIndex(access));
    collectTree(pointer);
    SmallVector<std::pair<Space, Value *>, SpaceCount> copies; // each space and the pointer rebuilt in it
    for (unsigned s = 0; s < SpaceCount; ++s)
      if (spaces & (1u << s)) copies.push_back({Space(s), pointerIn(pointer, Space(s))});
    Value *result = accessIn(access, copies, tagOf(pointer), &access);
    if (result) access.replaceAllUsesWith(result);
    access.eraseFromParent();
  }

  static bool isTreeNode(Value *v) { return derivedFrom(v) || isa<SelectInst>(v) || isa<PHINode>(v); }

  // The original tree's inner instructions: removed once no access uses them any more.
  void collectTree(Value *pointer) {
    SmallVector<Value *, 16> work{pointer};
    while (!work.empty()) {
      auto *inst = dyn_cast<Instruction>(work.pop_back_val());
      if (!inst || !isTreeNode(inst) || !trees_.insert(inst)) continue;
      if (Value *from = derivedFrom(inst)) work.push_back(from);
      else if (auto *sel = dyn_cast<SelectInst>(inst)) work.append({sel->getTrueValue(), sel->getFalseValue()});
      else work.append(cast<PHINode>(inst)->incoming_values().begin(), cast<PHINode>(inst)->incoming_values().end());
    }
  }

  // The copy of `access` for the first space when there is one left, else a branch between it and
  // the rest; inserted before `before`. Returns the loaded value, if any.
  Value *accessIn(Instruction &access, ArrayRef<std::pair<Space, Value *>> copies, Value *tag, Instruction *before) {
    if (copies.size() == 1) {
      Instruction *copy = access.clone();
      copy->setOperand(pointerOperandIndex(access), copies[0].second);
      copy->insertBefore(before);
      return copy->getType()->isVoidTy() ? nullptr : copy;
    }
    IRBuilder<> b(before);
    b.SetCurrentDebugLocation(access.getDebugLoc());
    Value *isFirst = b.CreateICmpEQ(tag, b.getInt32(copies[0].first), "in.space");
    Instruction *thenTerm = nullptr, *elseTerm = nullptr;
    SplitBlockAndInsertIfThenElse(isFirst, before, &thenTerm, &elseTerm);
    thenTerm->setDebugLoc(access.getDebugLoc());
    elseTerm->setDebugLoc(access.getDebugLoc());
    Value *first = accessIn(access, copies.take_front(), tag, thenTerm);
    Value *rest = accessIn(access, copies.drop_front(), tag, elseTerm);
    if (!first) return nullptr;
    PHINode *merged = PHINode::Create(access.getType(), 2, "", before->getParent()->begin());
    merged->addIncoming(first, thenTerm->getParent());
    merged->addIncoming(rest, elseTerm->getParent());
    merged->setDebugLoc(access.getDebugLoc());
    return merged;
  }

  // Deletes the original trees and the rebuilt ones that no access or other instruction uses
  // (phis in loops use each other, so plain dead-code elimination would keep them).
  void removeDeadPointerTrees() {
    SmallPtrSet<Instruction *, 32> live;
    SmallVector<Instruction *, 32> work;
    for (Instruction *inst : trees_)
      for (User *user : inst->users())
        if (!trees_.contains(cast<Instruction>(user)) && live.insert(inst).second) work.push_back(inst);
    while (!work.empty()) {
      Instruction *inst = work.pop_back_val();
      for (Value *operand : inst->operands())
        if (auto *used = dyn_cast<Instruction>(operand); used && trees_.contains(used) && live.insert(used).second) work.push_back(used);
    }
    SmallVector<Instruction *, 32> dead;
    for (Instruction *inst : trees_)
      if (!live.contains(inst)) dead.push_back(inst);
    for (Instruction *inst : dead) inst->dropAllReferences();
    for (Instruction *inst : dead) inst->eraseFromParent();
  }

  Function &f_;
  Instruction *entryAnchor_ = nullptr;
  DenseMap<Value *, Value *> tags_;
  DenseMap<std::pair<Value *, unsigned>, Value *> rebuilt_;
  SetVector<Instruction *> trees_; // original and rebuilt pointer trees and their space tags
};

} // namespace

bool isNullPointer(const Value *v) {
  const Value *stripped = v->stripPointerCasts();
  return isa<ConstantPointerNull>(stripped) || isa<UndefValue>(stripped);
}

PreservedAnalyses SplitPointerSpacesPass::run(Function &f, FunctionAnalysisManager &) {
  return Splitter(f).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
