// hipvk-soften-doubles (the portable variant's software doubles) on hand-written amdgcn IR: no
// double type is left anywhere, and what the library cannot compute is a compile error.
#include "Compiler.h"

#include <doctest/doctest.h>
#include "parsed_module.h"
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

namespace {

const char *kHeader = R"(
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
)";

constexpr const char *kSoften = "hipvk-prepare-inlining,always-inline,globaldce,hipvk-soften-doubles";

// The test's IR after the common header.
struct Parsed : ParsedModule {
  explicit Parsed(const std::string &body) : ParsedModule(std::string(kHeader) + body) {}
};

// The module's text mentions no double (types, constants, intrinsics).
bool mentionsDouble(const llvm::Module &m) {
  std::string text;
  llvm::raw_string_ostream os(text);
  m.print(os, nullptr);
  return text.find("double") != std::string::npos || text.find("f64") != std::string::npos;
}

} // namespace

TEST_CASE("soften-doubles: memory, vectors, aggregates, phis, atomics and parameters keep no double") {
  Parsed p(R"(
%struct.P = type { double, float, [2 x double] }
@table = internal addrspace(1) global [3 x double] [double 1.5, double -0.0, double 0x7FF8000000000000], align 8
@pair = internal addrspace(1) global %struct.P { double 2.0, float 1.0, [2 x double] [double 3.0, double 4.0] }, align 8

define internal double @helper(double %a, <2 x double> %v) {
  %e = extractelement <2 x double> %v, i32 1
  %s = fmul double %a, %e
  ret double %s
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, double %x, ptr addrspace(4) byref(%struct.P) %s, i32 %n) {
entry:
  %local = alloca [4 x double], align 8, addrspace(5)
  %t = getelementptr [3 x double], ptr addrspace(1) @table, i32 0, i32 %n
  %tv = load double, ptr addrspace(1) %t, align 8
  %sf = getelementptr %struct.P, ptr addrspace(4) %s, i32 0, i32 2, i32 1
  %sv = load double, ptr addrspace(4) %sf, align 8
  %vec = load <2 x double>, ptr addrspace(1) %out, align 16
  %vsum = fadd <2 x double> %vec, <double 1.0, double 2.0>
  %h = call double @helper(double %x, <2 x double> %vsum)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi double [ %tv, %entry ], [ %acc2, %loop ]
  %slot = getelementptr [4 x double], ptr addrspace(5) %local, i32 0, i32 %i
  store double %acc, ptr addrspace(5) %slot, align 8
  %acc1 = fadd double %acc, %h
  %big = fcmp ogt double %acc1, %sv
  %acc2 = select i1 %big, double %sv, double %acc1
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  %l = getelementptr [4 x double], ptr addrspace(5) %local, i32 0, i32 %n
  %lv = load double, ptr addrspace(5) %l, align 8
  %old = atomicrmw fadd ptr addrspace(1) %out, double %lv syncscope("agent") monotonic, align 8
  %sw = atomicrmw xchg ptr addrspace(1) %out, double %old monotonic, align 8
  %bits = bitcast double %sw to i64
  %back = sitofp i64 %bits to double
  %f = fptrunc double %back to float
  %w = fpext float %f to double
  %q = fdiv double %w, 3.0
  %pg = getelementptr %struct.P, ptr addrspace(1) @pair, i32 0, i32 0
  store double %q, ptr addrspace(1) %pg, align 8
  ret void
}
)");
  std::vector<std::string> errors = hipvk::runPasses(*p.module, kSoften, false);
  INFO((errors.empty() ? std::string() : errors[0]));
  REQUIRE(errors.empty());
  std::string broken;
  llvm::raw_string_ostream os(broken);
  CHECK_MESSAGE(!llvm::verifyModule(*p.module, &os), broken);
  CHECK(!mentionsDouble(*p.module));
  llvm::Function *kernel = p.module->getFunction("k");
  REQUIRE(kernel);
  CHECK(kernel->getArg(1)->getType()->isIntegerTy(64));
  bool casLoop = false;
  for (llvm::Instruction &inst : llvm::instructions(*kernel)) casLoop |= llvm::isa<llvm::AtomicCmpXchgInst>(inst);
  CHECK(casLoop); // the double atomic add, as a compare-and-swap loop on the bits
}

TEST_CASE("soften-doubles: with native doubles nothing changes") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, double %x) {
  %y = fmul double %x, %x
  store double %y, ptr addrspace(1) %out, align 8
  ret void
}
)");
  REQUIRE(hipvk::runPasses(*p.module, kSoften, true).empty());
  CHECK(mentionsDouble(*p.module));
}

TEST_CASE("soften-doubles: an operation the software doubles lack is a compile error naming it") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, double %x, i32 %n) {
  %y = call double @llvm.powi.f64.i32(double %x, i32 %n), !dbg !9
  store double %y, ptr addrspace(1) %out, align 8
  ret void
}
declare double @llvm.powi.f64.i32(double, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "powers.hip", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !10, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!9 = !DILocation(line: 7, column: 12, scope: !8)
!10 = !DISubroutineType(types: !{})
)");
  std::vector<std::string> errors = hipvk::runPasses(*p.module, kSoften, false);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("powers.hip:7:12") != std::string::npos);
  CHECK(errors[0].find("llvm.powi.f64.i32") != std::string::npos);
  CHECK(errors[0].find("without 64-bit floats") != std::string::npos);
}
