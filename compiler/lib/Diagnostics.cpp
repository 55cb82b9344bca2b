#include "Diagnostics.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instruction.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace hipvk {

std::string sourceLocation(const llvm::DebugLoc &loc) {
  if (!loc) return "";
  const llvm::DILocation *di = loc.get();
  std::string file = di->getFilename().str();
  if (file.empty()) return "";
  return file + ":" + std::to_string(di->getLine()) + ":" + std::to_string(di->getColumn());
}

static std::string functionLocation(const llvm::Function *f) {
  if (const llvm::DISubprogram *sp = f ? f->getSubprogram() : nullptr)
    return sp->getFilename().str() + ":" + std::to_string(sp->getLine());
  return "";
}

void Diagnostics::add(const std::string &location, const std::string &message) {
  std::string line = (location.empty() ? std::string("hipvk") : location) + ": error: " + message;
  if (std::find(messages_.begin(), messages_.end(), line) == messages_.end()) messages_.push_back(line);
}

void Diagnostics::error(const llvm::Instruction *at, const std::string &message) {
  std::string loc = sourceLocation(at->getDebugLoc());
  if (loc.empty()) loc = functionLocation(at->getFunction());
  add(loc, message);
}

void Diagnostics::error(const llvm::Function *at, const std::string &message) { add(functionLocation(at), message); }

void Diagnostics::error(const llvm::GlobalVariable *at, const std::string &message) {
  llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> gves;
  at->getDebugInfo(gves);
  std::string loc;
  if (!gves.empty())
    if (llvm::DIGlobalVariable *gv = gves.front()->getVariable())
      loc = gv->getFilename().str() + ":" + std::to_string(gv->getLine());
  // Line tables alone describe no variables: point at the first use instead.
  for (const llvm::User *user : at->users()) {
    if (!loc.empty()) break;
    if (const auto *inst = llvm::dyn_cast<llvm::Instruction>(user)) loc = sourceLocation(inst->getDebugLoc());
  }
  add(loc, message);
}

void Diagnostics::error(const std::string &message) { add("", message); }

void Diagnostics::print(llvm::raw_ostream &os) const {
  for (const std::string &m : messages_) os << m << "\n";
}

} // namespace hipvk
