// The builtins table (include/hipvk/device_builtins.def) is the one definition; docs/ABI.md must
// list exactly its rows, and the compiler must recognise each name.
#include <DeviceBuiltins.h>
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

using namespace hipvk;

namespace {

// `__hipvk_block_dim_{x,y,z}` -> the three names.
std::set<std::string> expandBraces(const std::string &name) {
  auto open = name.find('{');
  if (open == std::string::npos) return {name};
  auto close = name.find('}', open);
  std::set<std::string> out;
  std::stringstream alternatives(name.substr(open + 1, close - open - 1));
  for (std::string alt; std::getline(alternatives, alt, ',');)
    for (const std::string &rest : expandBraces(name.substr(close + 1))) out.insert(name.substr(0, open) + alt + rest);
  return out;
}

std::set<std::string> documentedBuiltins() {
  std::ifstream in(HIPVK_SOURCE_DIR "/docs/ABI.md");
  REQUIRE(in);
  std::set<std::string> names;
  bool inSection = false;
  const std::regex row(R"(^\| `[^`]*?(__hipvk_[A-Za-z0-9_{},]+)\()");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("## ")) inSection = line == "## Device builtins the headers use";
    std::smatch m;
    if (inSection && std::regex_search(line, m, row))
      for (const std::string &n : expandBraces(m[1])) names.insert(n);
  }
  return names;
}

} // namespace

TEST_CASE("docs/ABI.md lists exactly the rows of device_builtins.def") {
  std::set<std::string> table;
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) table.insert("__hipvk_" #NAME);
#include <hipvk/device_builtins.def>
  CHECK(documentedBuiltins() == table);
}

TEST_CASE("the compiler recognises every builtin of the table and its AMDGPU synonyms") {
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND)                \
  CHECK(deviceBuiltin("__hipvk_" #NAME) == DeviceBuiltin::NAME);      \
  CHECK(deviceBuiltinName(DeviceBuiltin::NAME) == "__hipvk_" #NAME);
#include <hipvk/device_builtins.def>
  CHECK(deviceBuiltin("llvm.amdgcn.workitem.id.y") == DeviceBuiltin::thread_idx_y);
  CHECK(deviceBuiltin("llvm.amdgcn.s.barrier") == DeviceBuiltin::syncthreads);
  CHECK(deviceBuiltin("llvm.amdgcn.s.memtime") == DeviceBuiltin::clock_subgroup);
  CHECK(deviceBuiltin("llvm.readcyclecounter") == DeviceBuiltin::clock_subgroup);
  CHECK(deviceBuiltin("llvm.amdgcn.s.memrealtime") == DeviceBuiltin::clock_device);
  CHECK_FALSE(deviceBuiltin("__hipvk_no_such_builtin"));
  CHECK_FALSE(deviceBuiltin("printf"));
}
