// The memory objects of a kernel's __shared__ and local memory (static __shared__ variables and
// allocas) and how they are accessed. An object whose every access is a load, store or atomic of
// one width, reached through address arithmetic alone, gets its own typed array (a Workgroup or
// Function variable of that unsigned width), so 8/16/64-bit data and 64-bit atomics are single
// native accesses and one dynamically indexed local array does not spill the others. Objects
// reached through a phi, select, memory or an integer share the word array (docs/ABI.md).
#pragma once

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Value.h>

namespace hipvk {

// The variable or alloca `pointer` is derived from through GEPs and casts only; null otherwise.
const llvm::Value *memoryObjectOf(const llvm::Value *pointer);

// The access width in bits (8, 16, 32 or 64) shared by every access to `object`, each naturally
// aligned and reached through address arithmetic only; 0 when the object needs the word array.
unsigned uniformAccessBits(const llvm::Value &object, uint64_t objectBytes, const llvm::DataLayout &dl);

// An 8/16-bit access on devices without 8/16-bit types (LegalizeIntegersPass.cpp): an i32 load or
// store marked with the width it really moves, zero-extended into (or taken from the low bits of)
// its i32 value. 0 for any other instruction.
unsigned narrowAccessBits(const llvm::Instruction &access);
void markNarrowAccess(llvm::Instruction &access, unsigned bits);

// A load from memory nothing writes while the kernel runs: __constant__ memory, or a pointer
// parameter that is noalias and that the kernel only reads (`const T *__restrict__`, or any pointer
// parameter of a disjoint-pointer variant).
bool readsImmutableMemory(const llvm::LoadInst &load);

// A HIP __constant__ variable (address space 4, written by the host through the symbol API), as
// opposed to the constant tables LLVM and the math library make.
bool isConstantVariable(const llvm::GlobalVariable &gv);

// The pointer a load, store or atomic instruction accesses memory through; null for others.
const llvm::Value *accessedPointer(const llvm::Instruction &inst);

} // namespace hipvk
