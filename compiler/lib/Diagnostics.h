// Source-located compile errors. Passes record errors here instead of aborting, so that one run
// reports every unsupported construct with file, line and column.
#pragma once

#include <llvm/IR/DebugLoc.h>

#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class GlobalVariable;
class raw_ostream;
} // namespace llvm

namespace hipvk {

class Diagnostics {
public:
  void error(const llvm::Instruction *at, const std::string &message);
  void error(const llvm::Function *at, const std::string &message);
  void error(const llvm::GlobalVariable *at, const std::string &message);
  void error(const std::string &message); // no location available

  bool hasErrors() const { return !messages_.empty(); }
  const std::vector<std::string> &messages() const { return messages_; }
  void print(llvm::raw_ostream &os) const;

private:
  void add(const std::string &location, const std::string &message);
  std::vector<std::string> messages_;
};

// "file:line:col" of an instruction (the innermost inlined location), or "" without debug info.
std::string sourceLocation(const llvm::DebugLoc &loc);

} // namespace hipvk
