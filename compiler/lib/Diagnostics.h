// Source-located compile errors. Passes record errors here instead of aborting, so that one run
// reports every unsupported construct with file, line and column.
#pragma once

#include <llvm/IR/DebugLoc.h>

#include <string>
#include <vector>

namespace llvm {
class DIScope;
class Function;
class Instruction;
class GlobalVariable;
class raw_ostream;
} // namespace llvm

namespace hipvk {

class Diagnostics {
public:
  // The main source file as the user named it on hipcc's command line: locations in it print that
  // way, like Clang's own diagnostics (Clang's debug info stores it relative to the compilation
  // directory when it lies below it). Other files print as full paths.
  void setSourceAsGiven(std::string path) { sourceAsGiven_ = std::move(path); }

  void error(const llvm::Instruction *at, const std::string &message);
  void error(const llvm::Function *at, const std::string &message);
  void error(const llvm::GlobalVariable *at, const std::string &message);
  void error(const std::string &message); // no location available

  // A warning at `at`: kept apart from the errors (it does not fail the compilation).
  void warning(const llvm::Instruction *at, const std::string &message);
  const std::vector<std::string> &warnings() const { return warnings_; }

  bool hasErrors() const { return !messages_.empty(); }
  const std::vector<std::string> &messages() const { return messages_; }
  void print(llvm::raw_ostream &os) const;
  std::string location(const llvm::DebugLoc &loc) const; // "file:line[:col]", innermost inlined; "" without one

private:
  void add(const std::string &location, const std::string &message);
  // "file:line[:col]" of a debug-info scope; "" without one.
  std::string location(const llvm::DIScope *scope, unsigned line, unsigned column = 0) const;
  // " (in 'f', inlined from 'g' at file:line:col, ...)" out to the outermost caller when `loc` was
  // inlined: the innermost location alone may be a header line that does not say which of the
  // user's calls is rejected. "" when it was not inlined.
  std::string inliningContext(const llvm::DebugLoc &loc) const;
  std::vector<std::string> messages_, warnings_;
  std::string sourceAsGiven_;
};

} // namespace hipvk
