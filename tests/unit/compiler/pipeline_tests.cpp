// Compiler passes and the whole pipeline on hand-written amdgcn IR, as Clang emits it for HIP.
#include "Compiler.h"
#include "DeviceLibrary.h"
#include "StructuredCFG.h"

#include <doctest/doctest.h>
#include "parsed_module.h"
#include <hipvk/offload_blob.h>
#include <hipvk/spirv_size.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/SourceMgr.h>

#include <cstring>
#include <map>
#include <set>

using namespace hipvk;

namespace {

const char *kHeader = R"(
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
declare i32 @__hipvk_thread_idx_x() #0
declare i32 @__hipvk_block_idx_x() #0
declare i32 @__hipvk_block_dim_x() #0
declare void @__hipvk_syncthreads() #1
attributes #0 = { nounwind readnone }
attributes #1 = { convergent nounwind }
)";

// The test's IR after the common header.
struct Parsed : ParsedModule {
  explicit Parsed(const std::string &body) : ParsedModule(std::string(kHeader) + body) {}
};

std::string joined(const std::vector<std::string> &lines) {
  std::string s;
  for (const auto &l : lines) s += l + "\n";
  return s;
}

const char *kVectorScale = R"(
define amdgpu_kernel void @scale(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, float %f) {
entry:
  %tid = call i32 @__hipvk_thread_idx_x()
  %bid = call i32 @__hipvk_block_idx_x()
  %dim = call i32 @__hipvk_block_dim_x()
  %base = mul i32 %bid, %dim
  %i = add i32 %base, %tid
  %inside = icmp slt i32 %i, %n
  br i1 %inside, label %body, label %exit
body:
  %idx = sext i32 %i to i64
  %src = getelementptr float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %r = fmul float %v, %f
  %dst = getelementptr float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %dst, align 4
  br label %exit
exit:
  ret void
}
)";

} // namespace

TEST_CASE("a simple kernel compiles to valid SPIR-V with its argument layout") {
  Parsed p(kVectorScale);
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  REQUIRE(r.modules.size() == 1);
  CHECK(r.modules[0].kernel == "scale");
  CHECK(validateSpirv(r.modules[0].words) == "");
  CHECK(r.metadata.find("kernel scale 1 24 0 0\n") != std::string::npos);
  CHECK(r.metadata.find("arg 0 8 pointer\narg 8 8 pointer\narg 16 4\narg 20 4\n") != std::string::npos);
  auto blob = r.blob();
  std::string error;
  auto contents = blob::read(blob.data(), blob.size(), error);
  REQUIRE_MESSAGE(contents, error);
  // The ordinary module, then the portable one (its 64-bit pointers as pairs of 32-bit words).
  REQUIRE(r.portable.size() == 1);
  REQUIRE(contents->modules.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(contents->modules[i].kernels == std::vector<std::string_view>{"scale"});
    CHECK(contents->modules[i].requiredFeatures == 0);
  }
  CHECK(contents->modules[0].spirv.size() == r.modules[0].words.size() * 4);
  CHECK(contents->modules[1].spirv.size() == r.portable[0].words.size() * 4);
  CHECK(validateSpirv(r.portable[0].words) == "");
  CHECK(disassembleSpirv(r.modules[0].words).find("OpCapability Int64") != std::string::npos);
  CHECK(disassembleSpirv(r.portable[0].words).find("Int64") == std::string::npos);
  CHECK(contents->metadata == r.metadata);
}

TEST_CASE("each kernel is a SPIR-V module of its own, with only its own shared memory") {
  // Two kernels with 20 KiB of __shared__ memory each: one module holding both would declare
  // 40 KiB of Workgroup memory, over lavapipe's 32 KiB, for the validation layer.
  Parsed p(R"(
@a = internal addrspace(3) global [5120 x float] poison, align 4
@b = internal addrspace(3) global [5120 x i32] poison, align 4
define amdgpu_kernel void @first(ptr addrspace(1) %out) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %pa = getelementptr [5120 x float], ptr addrspace(3) @a, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %pa
  call void @__hipvk_syncthreads()
  %v = load float, ptr addrspace(3) @a
  store float %v, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @second(ptr addrspace(1) %out) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %pb = getelementptr [5120 x i32], ptr addrspace(3) @b, i32 0, i32 %tid
  store i32 7, ptr addrspace(3) %pb
  call void @__hipvk_syncthreads()
  %v = load i32, ptr addrspace(3) @b
  store i32 %v, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  REQUIRE(r.modules.size() == 2);
  CHECK(r.modules[0].kernel == "first");
  CHECK(r.modules[1].kernel == "second");
  CHECK(r.metadata.find("kernel first 1 8 20480 0\n") < r.metadata.find("kernel second 1 8 20480 0\n"));
  for (const KernelSpirv &m : r.modules) {
    CAPTURE(m.kernel);
    CHECK(validateSpirv(m.words) == "");
    std::string text = disassembleSpirv(m.words);
    auto count = [&](const std::string &what) {
      size_t n = 0;
      for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
      return n;
    };
    CHECK(count("OpEntryPoint GLCompute") == 1);
    CHECK(count(" \"" + m.kernel + "\"") == 1); // the entry point's name
    CHECK(count(" = OpVariable %_ptr_Workgroup_") == 1);
    CHECK(text.find("%uint_5120 = OpConstant %uint 5120") != std::string::npos); // 20 KiB of words
  }
}

TEST_CASE("arguments beyond the push-constant budget go to an argument buffer") {
  Parsed p(R"(
%struct.Big = type { [16 x double] }
define amdgpu_kernel void @big(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Big) align 8 %b) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %idx = zext i32 %tid to i64
  %src = getelementptr [16 x double], ptr addrspace(4) %b, i64 0, i64 %idx
  %v = load double, ptr addrspace(4) %src, align 8
  %dst = getelementptr double, ptr addrspace(1) %out, i64 %idx
  store double %v, ptr addrspace(1) %dst, align 8
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  CHECK(r.metadata.find("kernel big 0 136 0 0\n") != std::string::npos);
  CHECK(r.metadata.find("arg 0 8 pointer\narg 8 128\n") != std::string::npos);
}

TEST_CASE("recursion is rejected with the function's name") {
  Parsed p(R"(
define internal i32 @fib(i32 %n) {
  %small = icmp slt i32 %n, 2
  br i1 %small, label %done, label %rec
rec:
  %a = sub i32 %n, 1
  %fa = call i32 @fib(i32 %a)
  %b = sub i32 %n, 2
  %fb = call i32 @fib(i32 %b)
  %s = add i32 %fa, %fb
  ret i32 %s
done:
  ret i32 %n
}
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %v = call i32 @fib(i32 10)
  store i32 %v, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].find("error: recursion is not supported") != std::string::npos);
  CHECK(r.errors[0].find("fib") != std::string::npos);
}

TEST_CASE("a call without a device definition is a compile error") {
  Parsed p(R"(
declare float @sinf(float)
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %v = call float @sinf(float 1.0)
  store float %v, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].find("call to 'sinf', which has no device definition") != std::string::npos);
}

TEST_CASE("invalid input IR is refused before the passes run (InstCombine would loop forever)") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %a = add i32 %b, 1
  %b = add i32 %a, 1
  store i32 %b, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].find("the input is not valid LLVM IR") != std::string::npos);
  CHECK(r.errors[0].find("does not dominate") != std::string::npos);
}

namespace {
// A phi of a __shared__ and a global pointer, then `use` of it.
std::string sharedOrGlobal(const std::string &use) {
  return R"(
@tile = internal addrspace(3) global [64 x i32] undef, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %c) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %which = icmp eq i32 %tid, %c
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  br i1 %which, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi ptr [ %s, %a ], [ %gg, %b ]
)" + use + R"(
  ret void
}
)";
}
} // namespace

TEST_CASE("an access through a pointer that may be shared or global is split per space") {
  Parsed p(sharedOrGlobal("  %v = load volatile i32, ptr %p\n  store i32 %v, ptr addrspace(1) %out"));
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  REQUIRE(r.modules.size() == 1);
  CHECK(validateSpirv(r.modules[0].words) == "");
  std::string text = disassembleSpirv(r.modules[0].words);
  CHECK(text.find("OpAccessChain %_ptr_Workgroup_uint") != std::string::npos);
  CHECK(text.find("OpConvertUToPtr %_ptr_PhysicalStorageBuffer_uint") != std::string::npos);
}

TEST_CASE("split-pointer-spaces: one access per space, the mixed pointers removed") {
  // A pointer walking through global, __shared__ or local memory in a loop (a phi over a select of
  // three spaces), stored through and compared with null.
  Parsed p(R"(
@tile = internal addrspace(3) global [64 x i32] undef, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %c) {
entry:
  %local = alloca [64 x i32], align 4, addrspace(5)
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %l = addrspacecast ptr addrspace(5) %local to ptr
  %is0 = icmp eq i32 %c, 0
  %is1 = icmp eq i32 %c, 1
  %sl = select i1 %is1, ptr %s, ptr %l
  %start = select i1 %is0, ptr %gg, ptr %sl
  br label %loop
loop:
  %p = phi ptr [ %start, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  store i32 %i, ptr %p, align 4
  %next = getelementptr i32, ptr %p, i32 1
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 8
  br i1 %done, label %exit, label %loop
exit:
  %isnull = icmp eq ptr %start, null
  %flag = zext i1 %isnull to i32
  store i32 %flag, ptr addrspace(1) %out
  ret void
}
)");
  REQUIRE(runPasses(*p.module, "hipvk-split-pointer-spaces").empty());
  std::map<unsigned, int> storesBySpace;
  for (llvm::Instruction &inst : llvm::instructions(*p.module->getFunction("k"))) {
    if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst)) ++storesBySpace[store->getPointerAddressSpace()];
    if (auto *sel = llvm::dyn_cast<llvm::SelectInst>(&inst); sel && sel->getType()->isPointerTy())
      CHECK(sel->getType()->getPointerAddressSpace() != 0);
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(&inst); phi && phi->getType()->isPointerTy())
      CHECK(phi->getType()->getPointerAddressSpace() != 0);
    if (auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(&inst); cmp && cmp->getOperand(0)->getType()->isPointerTy())
      CHECK(cmp->getOperand(0)->getType()->getPointerAddressSpace() != 0);
  }
  CHECK(storesBySpace == std::map<unsigned, int>{{1, 2}, {3, 1}, {5, 1}}); // one per space, and %out
}

TEST_CASE("the value of a pointer that may be shared or global is a compile error, not a guess") {
  Parsed p(R"(
@tile = internal addrspace(3) global [64 x i32] undef, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %c) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %which = icmp eq i32 %tid, %c
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  %p = select i1 %which, ptr %s, ptr %gg
  %e = getelementptr i32, ptr %p, i32 %tid
  %v = ptrtoint ptr %e to i64
  store i64 %v, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_FALSE(r.errors.empty());
  CHECK(joined(r.errors).find("may point to different memory spaces") != std::string::npos);
}

TEST_CASE("shared memory: static variables get distinct offsets, dynamic shared follows them") {
  Parsed p(R"(
@a = internal addrspace(3) global [3 x i8] undef, align 1
@b = internal addrspace(3) global [4 x double] undef, align 8
@dyn = external addrspace(3) global [0 x float], align 4
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %t8 = trunc i32 %tid to i8
  %pa = getelementptr [3 x i8], ptr addrspace(3) @a, i32 0, i32 %tid
  store i8 %t8, ptr addrspace(3) %pa
  %pb = getelementptr [4 x double], ptr addrspace(3) @b, i32 0, i32 %tid
  store double 1.0, ptr addrspace(3) %pb
  %pd = getelementptr [0 x float], ptr addrspace(3) @dyn, i32 0, i32 %tid
  store float 2.0, ptr addrspace(3) %pd
  call void @__hipvk_syncthreads()
  %x = load i8, ptr addrspace(3) %pa
  %y = load double, ptr addrspace(3) %pb
  %z = load float, ptr addrspace(3) %pd
  %xf = uitofp i8 %x to double
  %zf = fpext float %z to double
  %s1 = fadd double %xf, %y
  %s2 = fadd double %s1, %zf
  store double %s2, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  // 3 bytes at 0, 32 bytes at 8: 40 bytes of static shared memory.
  CHECK(r.metadata.find("kernel k 1 8 40 0\n") != std::string::npos);
  REQUIRE(r.modules.size() == 1);
  CHECK(validateSpirv(r.modules[0].words) == "");
}

TEST_CASE("device variables are laid out in the global segment with their initial bytes") {
  Parsed p(R"(
@table = addrspace(4) externally_initialized constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@counter = addrspace(1) externally_initialized global i64 0, align 8
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @__hipvk_thread_idx_x()
  %i = and i32 %tid, 3
  %p = getelementptr [4 x i32], ptr addrspace(4) @table, i32 0, i32 %i
  %v = load i32, ptr addrspace(4) %p
  %w = sext i32 %v to i64
  store i64 %w, ptr addrspace(1) @counter
  store i32 %v, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  CHECK(r.metadata.find("segment 24\n") != std::string::npos);
  CHECK(r.metadata.find("global table 0 16 constant\n") != std::string::npos);
  CHECK(r.metadata.find("global counter 16 8 device\n") != std::string::npos);
  // Trailing zero bytes are not shipped: the runtime zero-fills the segment.
  REQUIRE(r.globalInit.size() == 13);
  CHECK(r.globalInit[0] == 1);
  CHECK(r.globalInit[12] == 4);
}

TEST_CASE("address initialisers become segment offsets plus relocations; managed storage comes first") {
  Parsed p(R"(
@table = addrspace(1) externally_initialized global [4 x i32] zeroinitializer, align 16
@cursor = addrspace(1) externally_initialized global ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @table to ptr), i64 8), align 8
@ptrs = addrspace(4) externally_initialized global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @table to ptr), ptr null], align 16
@hits.managed = addrspace(1) externally_initialized global i32 7, align 4
@hits = addrspace(1) externally_initialized global ptr addrspace(1) null
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %c = load ptr, ptr addrspace(1) @cursor
  %v = load i32, ptr %c
  %q = load ptr, ptr addrspace(4) @ptrs
  %w = load i32, ptr %q
  %m = load ptr addrspace(1), ptr addrspace(1) @hits
  %h = load i32, ptr addrspace(1) %m
  %s = add i32 %v, %w
  %t = add i32 %s, %h
  store i32 %t, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  // hits.managed at 0 (host pages mirror it), then the __constant__ ptrs from the constant
  // window's boundary, 256, then table 272, cursor 288, the hits slot 296.
  CHECK(r.metadata.find("global ptrs 256 16 constant\n") != std::string::npos);
  CHECK(r.metadata.find("constant_window 256 16\n") != std::string::npos);
  CHECK(r.metadata.find("global table 272 16 device\n") != std::string::npos);
  CHECK(r.metadata.find("global cursor 288 8 device\n") != std::string::npos);
  CHECK(r.metadata.find("global hits 0 4 managed 296\n") != std::string::npos);
  CHECK(r.metadata.find("hits.managed") == std::string::npos);
  CHECK(r.metadata.find("reloc 256\nreloc 288\n") != std::string::npos);
  CHECK(r.metadata.find("reloc 264") == std::string::npos);  // a null pointer stays zero
  REQUIRE(r.globalInit.size() >= 290);
  std::vector<uint8_t> image(r.globalInit.begin(), r.globalInit.end());
  image.resize(296);  // trailing zeros do not travel
  auto word64 = [&](size_t at) {
    uint64_t v = 0;
    std::memcpy(&v, image.data() + at, sizeof v);
    return v;
  };
  CHECK(image[0] == 7);
  CHECK(word64(288) == 272 + 8);  // &table[2] as a segment offset
  CHECK(word64(256) == 272);
  // ptrs[0] is read at a constant offset: through the window.
  for (const KernelSpirv &module : r.modules) CHECK((module.requiredFeatures & blob::kConstantWindow) != 0);
  for (const KernelSpirv &module : r.modules) CHECK(validateSpirv(module.words) == "");
}

TEST_CASE("an initialiser holding a function's address is a compile error naming it") {
  Parsed p(R"(
@handler = addrspace(1) externally_initialized global ptr @f, align 8
define void @f() {
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %h = load ptr, ptr addrspace(1) @handler
  store ptr %h, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE(!r.errors.empty());
  CHECK(joined(r.errors).find("initializer of device variable 'handler' holds the address of function 'f'") != std::string::npos);
}

TEST_CASE("structurized control flow gets one merge block per construct") {
  // Two nested loops with a break and a continue, then an if/else: the shapes that share
  // join blocks before the merge pass.
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @__hipvk_thread_idx_x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.out, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.cont ]
  %acc.in = phi i32 [ %acc, %outer ], [ %acc.next, %inner.cont ]
  %odd = and i32 %j, 1
  %skip = icmp eq i32 %odd, 1
  br i1 %skip, label %inner.cont, label %work
work:
  %big = icmp sgt i32 %acc.in, 100
  br i1 %big, label %outer.latch, label %add
add:
  %sum = add i32 %acc.in, %j
  br label %inner.cont
inner.cont:
  %acc.next = phi i32 [ %acc.in, %inner ], [ %sum, %add ]
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %tid
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %acc.out = phi i32 [ %acc.in, %work ], [ %acc.next, %inner.cont ]
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %outer, label %after
after:
  %neg = icmp slt i32 %acc.out, 0
  br i1 %neg, label %then, label %else
then:
  store i32 0, ptr addrspace(1) %out
  br label %end
else:
  store i32 %acc.out, ptr addrspace(1) %out
  br label %end
end:
  ret void
}
)");
  auto errors = runPasses(*p.module, "lower-switch,hipvk-unify-exits,fix-irreducible,loop-simplify,unify-loop-exits,structurizecfg,hipvk-structured-merges");
  REQUIRE_MESSAGE(errors.empty(), joined(errors));
  llvm::Function *k = p.module->getFunction("k");
  StructuredCFG cfg;
  MergeConflict conflict;
  std::string problem;
  REQUIRE_MESSAGE(annotateStructuredCFG(*k, cfg, conflict, problem), problem);
  CHECK(conflict.block == nullptr);
  CHECK(cfg.loops.size() == 2);
  std::set<const llvm::BasicBlock *> merges;
  for (auto &[header, loop] : cfg.loops) CHECK(merges.insert(loop.merge).second);
  for (auto &[header, merge] : cfg.selections) CHECK(merges.insert(merge).second);
  // And the whole pipeline turns it into valid SPIR-V.
  Parsed again(R"(
define amdgpu_kernel void @k2(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %i, ptr addrspace(1) %p
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
)");
  CompileResult r = compileModule(*again.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
}

TEST_CASE("every kernel exit is unified into one return") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %c = icmp eq i32 %n, 0
  br i1 %c, label %a, label %b
a:
  ret void
b:
  store i32 1, ptr addrspace(1) %out
  unreachable
}
)");
  auto errors = runPasses(*p.module, "hipvk-unify-exits");
  REQUIRE(errors.empty());
  unsigned returns = 0, unreachables = 0;
  for (llvm::BasicBlock &bb : *p.module->getFunction("k")) {
    returns += llvm::isa<llvm::ReturnInst>(bb.getTerminator());
    unreachables += llvm::isa<llvm::UnreachableInst>(bb.getTerminator());
  }
  CHECK(returns == 1);
  CHECK(unreachables == 0);
}

TEST_CASE("unknown pass names are reported") {
  Parsed p(kVectorScale);
  auto errors = runPasses(*p.module, "no-such-pass");
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("unknown pass 'no-such-pass'") != std::string::npos);
}

TEST_CASE("integers of unusual width are promoted, re-extending where high bits matter") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %wide = zext i32 %n to i33
  %m = mul i33 %wide, 8589934591
  %sh = lshr i33 %m, 1
  %neg = icmp slt i33 %m, 0
  %t = trunc i33 %sh to i32
  %r = select i1 %neg, i32 %t, i32 7
  store i32 %r, ptr addrspace(1) %out
  ret void
}
)");
  auto errors = runPasses(*p.module, "hipvk-legalize-integers");
  REQUIRE_MESSAGE(errors.empty(), joined(errors));
  for (llvm::Instruction &inst : llvm::instructions(*p.module->getFunction("k"))) {
    CHECK_FALSE(inst.getType()->isIntegerTy(33));
    for (llvm::Value *op : inst.operands()) CHECK_FALSE(op->getType()->isIntegerTy(33));
  }
  Parsed again(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %wide = sext i32 %n to i48
  %s = ashr i48 %wide, 3
  %back = trunc i48 %s to i32
  store i32 %back, ptr addrspace(1) %out
  ret void
}
)");
  CompileResult r = compileModule(*again.module, {});
  CHECK_MESSAGE(r.errors.empty(), joined(r.errors));
}

TEST_CASE("unaligned reads of a by-value struct argument (padding copies) compile") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(4) byref([32 x i8]) align 16 %s, ptr addrspace(1) %out) {
  %p1 = getelementptr i8, ptr addrspace(4) %s, i64 1
  %a = load i64, ptr addrspace(4) %p1, align 1
  %p9 = getelementptr i8, ptr addrspace(4) %s, i64 9
  %b = load i16, ptr addrspace(4) %p9, align 1
  %bw = zext i16 %b to i64
  %sum = add i64 %a, %bw
  store i64 %sum, ptr addrspace(1) %out, align 8
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  CHECK_MESSAGE(r.errors.empty(), joined(r.errors));
}

TEST_CASE("signed remainder avoids OpSRem, which Vulkan leaves undefined for negative operands") {
  Parsed p(R"(
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a, <2 x i16> %v) {
  %r = srem i32 %a, 1000
  store i32 %r, ptr addrspace(1) %out
  %q = sdiv i32 %a, 7
  %p1 = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %q, ptr addrspace(1) %p1
  %rv = srem <2 x i16> %v, <i16 10, i16 -3>
  %p2 = getelementptr i32, ptr addrspace(1) %out, i64 2
  store <2 x i16> %rv, ptr addrspace(1) %p2
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {false});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  REQUIRE(r.modules.size() == 1);
  std::string text = disassembleSpirv(r.modules[0].words);
  CHECK(text.find("OpSRem") == std::string::npos);
  CHECK(text.find("OpSMod") == std::string::npos);
  CHECK(text.find("OpUMod") != std::string::npos);
  // Signed operations run on signed types, as glslang emits them.
  CHECK(text.find("OpSDiv %int") != std::string::npos);
}

// Clang's printf lowering of printf(format, 7, shared_text, global_text, 2.5) with a format it
// cannot parse (`%fmt`, from memory) and of printf("%p %d\n", global_text, 1) with a constant one.
const char *kPrintfCalls = R"(
@sh = internal addrspace(3) global [16 x i8] undef
@constant_format = private unnamed_addr addrspace(4) constant [7 x i8] c"%p %d\0A\00"
declare i64 @__ockl_printf_begin(i64)
declare i64 @__ockl_printf_append_string_n(i64, ptr, i64, i32)
declare i64 @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %fmt.global, ptr addrspace(1) %text, ptr addrspace(1) %out) {
  %fmt = addrspacecast ptr addrspace(1) %fmt.global to ptr
  %d0 = call i64 @__ockl_printf_begin(i64 0)
  %d1 = call i64 @__ockl_printf_append_string_n(i64 %d0, ptr %fmt, i64 16, i32 0)
  %textval = ptrtoint ptr addrspace(1) %text to i64
  %d2 = call i64 @__ockl_printf_append_args(i64 %d1, i32 4, i64 7, i64 ptrtoint (ptr addrspacecast (ptr addrspace(3) @sh to ptr) to i64), i64 %textval, i64 4612811918334230528, i64 0, i64 0, i64 0, i32 1)
  %r = trunc i64 %d2 to i32
  store i32 %r, ptr addrspace(1) %out
  %e0 = call i64 @__ockl_printf_begin(i64 0)
  %e1 = call i64 @__ockl_printf_append_string_n(i64 %e0, ptr addrspacecast (ptr addrspace(4) @constant_format to ptr), i64 7, i32 0)
  %e2 = call i64 @__ockl_printf_append_args(i64 %e1, i32 1, i64 %textval, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i32 0)
  %e3 = call i64 @__ockl_printf_append_args(i64 %e2, i32 1, i64 1, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i32 1)
  ret void
}
)";

TEST_CASE("printf: pointer arguments of a format Clang could not parse go to the device library as pointers") {
  Parsed p(kPrintfCalls);
  CHECK(routePrintfPointerArguments(*p.module));
  // The calls of the message, in order, as "callee(count or pointer space, isLast)".
  std::vector<std::string> calls;
  for (llvm::Instruction &inst : llvm::instructions(*p.module->getFunction("k"))) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
    if (!call || call->getCalledFunction()->getName() == "__ockl_printf_begin") continue;
    std::string name = call->getCalledFunction()->getName().str();
    auto last = llvm::cast<llvm::ConstantInt>(call->getArgOperand(call->arg_size() - 1))->getZExtValue();
    if (name == "__ockl_printf_append_args")
      calls.push_back("args(" + std::to_string(llvm::cast<llvm::ConstantInt>(call->getArgOperand(1))->getZExtValue()) +
                      "," + std::to_string(last) + ")");
    else if (name == "__hipvk_printf_append_pointer")
      calls.push_back("pointer(" + std::to_string(llvm::cast<llvm::AddrSpaceCastOperator>(call->getArgOperand(1))->getSrcAddressSpace()) +
                      "," + std::to_string(last) + ")");
    else
      calls.push_back("string");
  }
  // The unparsed format: 7 alone, each pointer with its own space (3 shared, 1 global), then the
  // double, which carries isLast. The constant format's message is as Clang wrote it.
  const std::vector<std::string> want = {"string",  "args(1,0)", "pointer(3,0)", "pointer(1,0)", "args(1,1)",
                                         "string",  "args(1,0)", "args(1,1)"};
  CHECK(joined(calls) == joined(want));
  CHECK_FALSE(llvm::verifyModule(*p.module, &llvm::errs()));
  // The library then defines it, and the whole module compiles.
  CompileResult r = compileModule(*p.module, {false});
  CHECK_MESSAGE(r.errors.empty(), joined(r.errors));
}

namespace {

// A kernel whose loop multiplies `chain` times per trip, `trips` times, and reads a specialisation
// constant (convergent, as Clang declares every device function); `barrier` puts a __syncthreads()
// in it.
std::string countedLoop(const std::string &name, unsigned chain, unsigned trips, bool barrier = false) {
  std::string body;
  for (unsigned i = 1; i <= chain; ++i)
    body += "  %m" + std::to_string(i) + " = fmul float %m" + std::to_string(i - 1) + ", 1.5\n";
  const std::string last = "%m" + std::to_string(chain);
  return "define amdgpu_kernel void @" + name + "(ptr addrspace(1) %out, float %x) {\nentry:\n  br label %loop\nloop:\n" +
         "  %i = phi i32 [ 0, %entry ], [ %next, %loop ]\n  %m0 = phi float [ %x, %entry ], [ " + last + ", %loop ]\n" + body +
         "  %fused = call i1 @__hipvk_fma_is_fused()\n  store i1 %fused, ptr addrspace(1) %out\n" +
         (barrier ? "  call void @__hipvk_syncthreads()\n" : "") + "  %next = add i32 %i, 1\n  %more = icmp ult i32 %next, " +
         std::to_string(trips) + "\n  br i1 %more, label %loop, label %exit\nexit:\n  store float " + last +
         ", ptr addrspace(1) %out\n  ret void\n}\n";
}

unsigned countMultiplies(llvm::Function &f) {
  unsigned n = 0;
  for (llvm::Instruction &inst : llvm::instructions(f)) n += inst.getOpcode() == llvm::Instruction::FMul;
  return n;
}

} // namespace

TEST_CASE("counted loops O2 left rolled are unrolled by 4, in order; large or convergent ones are not") {
  Parsed p("declare i1 @__hipvk_fma_is_fused() #1\n" + countedLoop("medium", 200, 64) + countedLoop("few_trips", 200, 6) + countedLoop("huge", 2600, 64) +
           countedLoop("with_barrier", 200, 64, true));
  REQUIRE(runPasses(*p.module, "hipvk-unroll-loops").empty());
  CHECK(countMultiplies(*p.module->getFunction("medium")) == 4 * 200);
  CHECK(countMultiplies(*p.module->getFunction("few_trips")) == 200);
  CHECK(countMultiplies(*p.module->getFunction("huge")) == 2600);
  CHECK(countMultiplies(*p.module->getFunction("with_barrier")) == 200);
  // The copies keep the chain's order: each multiplies the previous one's result.
  llvm::Instruction *previous = nullptr;
  for (llvm::Instruction &inst : llvm::instructions(*p.module->getFunction("medium"))) {
    if (inst.getOpcode() != llvm::Instruction::FMul) continue;
    if (previous) CHECK(inst.getOperand(0) == previous);
    previous = &inst;
  }
}

TEST_CASE("the device library's large functions of values stay SPIR-V functions, called at each use") {
  // Two double divisions of the portable variant: the software division is one function, called
  // twice; its inlined size (hipvk/spirv_size.h) counts its body at each call.
  Parsed p(R"(
define amdgpu_kernel void @two_divisions(ptr addrspace(1) %out, double %a, double %b, double %c) {
  %q = fdiv double %a, %b
  %r = fdiv double %q, %c
  store double %r, ptr addrspace(1) %out, align 8
  ret void
}
)");
  CompileResult r = compileModule(*p.module, {});
  REQUIRE_MESSAGE(r.errors.empty(), joined(r.errors));
  REQUIRE(r.portable.size() == 1);
  const std::vector<uint32_t> &words = r.portable[0].words;
  CHECK(validateSpirv(words) == "");
  const std::string text = disassembleSpirv(words);
  size_t functions = 0, calls = 0;
  for (size_t at = text.find("= OpFunction "); at != std::string::npos; at = text.find("= OpFunction ", at + 1)) ++functions;
  for (size_t at = text.find("OpFunctionCall"); at != std::string::npos; at = text.find("OpFunctionCall", at + 1)) ++calls;
  CHECK(functions >= 2);
  CHECK(calls >= 2);
  CHECK(text.find("DontInline") == std::string::npos); // cleared for the drivers
  CHECK(text.find("OpFunctionParameter %v2uint") != std::string::npos); // i64 signatures as pairs
  CHECK(spirv::inlinedWords(words) > words.size());
  // A module without calls is its own size.
  CHECK(spirv::inlinedWords(r.modules[0].words) >= r.modules[0].words.size());
}
