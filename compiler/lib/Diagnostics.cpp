#include "Diagnostics.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instruction.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <filesystem>

namespace hipvk {

std::string Diagnostics::location(const llvm::DIScope *scope, unsigned line, unsigned column) const {
  if (!scope || scope->getFilename().empty()) return "";
  std::filesystem::path file(scope->getFilename().str());
  if (file.is_relative() && !scope->getDirectory().empty()) file = scope->getDirectory().str() / file;
  file = file.lexically_normal();
  std::string shown = file.string();
  if (!sourceAsGiven_.empty()) {
    std::error_code ec;
    if (std::filesystem::absolute(sourceAsGiven_, ec).lexically_normal() == file) shown = sourceAsGiven_;
  }
  std::string loc = shown + ":" + std::to_string(line);
  if (column) loc += ":" + std::to_string(column);
  return loc;
}

std::string Diagnostics::location(const llvm::DebugLoc &loc) const {
  if (!loc) return "";
  const llvm::DILocation *di = loc.get();
  return location(di->getScope(), di->getLine(), di->getColumn());
}

std::string Diagnostics::inliningContext(const llvm::DebugLoc &loc) const {
  if (!loc || !loc->getInlinedAt()) return "";
  // The function a location lies in, as the source names it (templates with their arguments).
  auto functionOf = [](const llvm::DILocation *at) {
    const llvm::DISubprogram *sp = at->getScope() ? at->getScope()->getSubprogram() : nullptr;
    return sp && !sp->getName().empty() ? "'" + sp->getName().str() + "'" : std::string("a device function");
  };
  // Like GCC's "In function 'f', inlined from 'g' at file:line": each step names the caller and
  // its call site, out to the kernel (or the outermost function), where the user's code is.
  std::string text = " (in " + functionOf(loc.get());
  for (const llvm::DILocation *at = loc->getInlinedAt(); at; at = at->getInlinedAt()) {
    std::string site = location(at->getScope(), at->getLine(), at->getColumn());
    text += ", inlined from " + functionOf(at) + (site.empty() ? "" : " at " + site);
  }
  return text + ")";
}

void Diagnostics::add(const std::string &location, const std::string &message) {
  std::string line = (location.empty() ? std::string("hipvk") : location) + ": error: " + message;
  if (std::find(messages_.begin(), messages_.end(), line) == messages_.end()) messages_.push_back(line);
}

void Diagnostics::error(const llvm::Instruction *at, const std::string &message) {
  std::string loc = location(at->getDebugLoc());
  if (loc.empty()) error(at->getFunction(), message);
  else add(loc, message + inliningContext(at->getDebugLoc()));
}

void Diagnostics::warning(const llvm::Instruction *at, const std::string &message) {
  std::string loc = location(at->getDebugLoc());
  std::string line = (loc.empty() ? std::string("hipvk") : loc) + ": warning: " + message + inliningContext(at->getDebugLoc());
  if (std::find(warnings_.begin(), warnings_.end(), line) == warnings_.end()) warnings_.push_back(line);
}

void Diagnostics::error(const llvm::Function *at, const std::string &message) {
  const llvm::DISubprogram *sp = at ? at->getSubprogram() : nullptr;
  add(sp ? location(sp, sp->getLine()) : "", message);
}

void Diagnostics::error(const llvm::GlobalVariable *at, const std::string &message) {
  llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> gves;
  at->getDebugInfo(gves);
  std::string loc;
  if (!gves.empty())
    if (llvm::DIGlobalVariable *gv = gves.front()->getVariable()) loc = location(gv->getFile(), gv->getLine());
  // Line tables alone describe no variables: point at the first use instead.
  for (const llvm::User *user : at->users()) {
    if (!loc.empty()) break;
    if (const auto *inst = llvm::dyn_cast<llvm::Instruction>(user)) loc = location(inst->getDebugLoc());
  }
  add(loc, message);
}

void Diagnostics::error(const std::string &message) { add("", message); }

void Diagnostics::print(llvm::raw_ostream &os) const {
  for (const std::string &m : messages_) os << m << "\n";
}

} // namespace hipvk
