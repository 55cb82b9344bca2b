// Pointer arguments of device printf calls whose format string Clang could not see.
//
// Clang's amdgcn printf lowering sends a %s argument as a string (__ockl_printf_append_string_n,
// which copies it into the record) only when the format is a constant it can parse. With a format
// from memory (`printf(format_in_device_memory, s)`) every argument goes to
// __ockl_printf_append_args as 64 bits, a pointer as `ptrtoint`: the host would then have to read
// the string through a device address, which it cannot do on a GPU whose memory is not host
// visible, and which would read whatever the memory holds when the host formats the message.
// This rewrite, run before the device library is linked, gives each such pointer argument to the
// library's __hipvk_printf_append_pointer, which decides on the device, from the recorded format,
// whether a %s consumes it and then copies the string. The call takes the pointer itself, not its
// integer value, so that after inlining the string is read in the pointer's own memory space
// (__shared__ and local strings have no device address).
#include "DeviceLibrary.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <vector>

using namespace llvm;

namespace hipvk {
namespace {

constexpr const char *kAppendArgs = "__ockl_printf_append_args";
constexpr const char *kAppendString = "__ockl_printf_append_string_n";
constexpr const char *kAppendPointer = "__hipvk_printf_append_pointer";
// __ockl_printf_append_args(descriptor, count, value0..value6, isLast)
constexpr unsigned kMaxValues = 7;
constexpr unsigned kFirstValueOperand = 2;
constexpr unsigned kIsLastOperand = kFirstValueOperand + kMaxValues;

const Function *calledFunction(const Value *v) {
  const auto *call = dyn_cast<CallInst>(v);
  return call ? call->getCalledFunction() : nullptr;
}

// Whether the message that `call` continues has a format Clang parsed: a constant string. Clang
// then already sent each %s argument as a string, and its pointer arguments are for %p. Follows
// the descriptor back to the message's first append (the format); anything it does not recognise
// on the way counts as "not parsed", which only costs the device a look at the format.
bool formatIsConstant(const CallInst &call) {
  const CallInst *formatAppend = nullptr;
  for (const Value *descriptor = call.getArgOperand(0);;) {
    const Function *callee = calledFunction(descriptor);
    if (!callee) return false;
    StringRef name = callee->getName();
    if (name == "__ockl_printf_begin" || name == "__ockl_fprintf_stderr_begin") break;
    if (name != kAppendArgs && name != kAppendString && name != kAppendPointer) return false;
    formatAppend = cast<CallInst>(descriptor);
    descriptor = formatAppend->getArgOperand(0);
  }
  if (!formatAppend || calledFunction(formatAppend)->getName() != kAppendString) return false;
  StringRef format;
  return getConstantStringInfo(formatAppend->getArgOperand(1), format);
}

// The pointer whose address `value` is, or null.
Value *pointerOf(Value *value) {
  auto *cast = dyn_cast<PtrToIntOperator>(value);
  return cast ? cast->getPointerOperand() : nullptr;
}

// Replaces `call` by appends of its values in order: runs of plain values stay one
// __ockl_printf_append_args call, each pointer gets its own __hipvk_printf_append_pointer.
void rewrite(CallInst &call, unsigned count, FunctionCallee appendPointer) {
  Function *appendArgs = call.getCalledFunction();
  IRBuilder<> b(&call); // the new calls get the call's debug location
  Type *i32 = b.getInt32Ty(), *i64 = b.getInt64Ty();
  PointerType *generic = PointerType::get(b.getContext(), 0);
  Value *descriptor = call.getArgOperand(0);
  Value *isLast = call.getArgOperand(kIsLastOperand);
  std::vector<Value *> plain;
  // `last`: whether this append ends the call's values (then it carries the call's isLast).
  auto flushPlain = [&](bool last) {
    if (plain.empty()) return;
    std::vector<Value *> operands{descriptor, ConstantInt::get(i32, plain.size())};
    operands.insert(operands.end(), plain.begin(), plain.end());
    operands.resize(kIsLastOperand, ConstantInt::get(i64, 0));
    operands.push_back(last ? isLast : ConstantInt::get(i32, 0));
    descriptor = b.CreateCall(appendArgs, operands);
    plain.clear();
  };
  for (unsigned i = 0; i < count; ++i) {
    Value *value = call.getArgOperand(kFirstValueOperand + i);
    const bool last = i + 1 == count;
    Value *pointer = pointerOf(value);
    if (!pointer) {
      plain.push_back(value);
      if (last) flushPlain(true);
      continue;
    }
    flushPlain(false);
    if (pointer->getType() != generic) pointer = b.CreateAddrSpaceCast(pointer, generic);
    descriptor = b.CreateCall(appendPointer, {descriptor, pointer, last ? isLast : ConstantInt::get(i32, 0)});
  }
  call.replaceAllUsesWith(descriptor);
  call.eraseFromParent();
}

} // namespace

bool routePrintfPointerArguments(Module &m) {
  Function *appendArgs = m.getFunction(kAppendArgs);
  if (!appendArgs || appendArgs->arg_size() != kIsLastOperand + 1) return false;
  std::vector<std::pair<CallInst *, unsigned>> calls;
  for (User *user : appendArgs->users()) {
    auto *call = dyn_cast<CallInst>(user);
    if (!call || call->getCalledFunction() != appendArgs) continue;
    // Clang passes the number of values as a constant; a call it did not write is left alone.
    auto *count = dyn_cast<ConstantInt>(call->getArgOperand(1));
    if (!count || count->getZExtValue() > kMaxValues) continue;
    const unsigned n = unsigned(count->getZExtValue());
    bool hasPointer = false;
    for (unsigned i = 0; i < n; ++i) hasPointer |= pointerOf(call->getArgOperand(kFirstValueOperand + i)) != nullptr;
    if (hasPointer && !formatIsConstant(*call)) calls.emplace_back(call, n);
  }
  if (calls.empty()) return false;
  LLVMContext &c = m.getContext();
  Type *i64 = Type::getInt64Ty(c);
  FunctionCallee appendPointer = m.getOrInsertFunction(
      kAppendPointer, FunctionType::get(i64, {i64, PointerType::get(c, 0), Type::getInt32Ty(c)}, false));
  for (auto [call, count] : calls) rewrite(*call, count, appendPointer);
  return true;
}

} // namespace hipvk
