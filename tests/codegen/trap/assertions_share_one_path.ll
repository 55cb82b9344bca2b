; Three failing assertions of one kernel share one failure path (hipvk-merge-assertions): one trap
; record (one compare-and-swap), one set of printf chunks. Their literals go to printf by address
; (hipvk-module-constants): no word of their text is stored, and the string chunks carry the
; reference flag (kPrintfChunkString | kPrintfChunkStringReference = 17).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@.file = private unnamed_addr addrspace(4) constant [10 x i8] c"check.hip\00", align 1
@.function = private unnamed_addr addrspace(4) constant [13 x i8] c"void check()\00", align 1
@.first = private unnamed_addr addrspace(4) constant [11 x i8] c"value >= 0\00", align 1
@.second = private unnamed_addr addrspace(4) constant [13 x i8] c"value != 777\00", align 1
@.third = private unnamed_addr addrspace(4) constant [14 x i8] c"value < limit\00", align 1

; CHECK: OpEntryPoint GLCompute %{{[0-9]+}} "checked"
; "valu" (the first four characters of every assertion) as a word: never stored.
; CHECK-NOT: %uint_1970037110 =
; CHECK: OpAtomicCompareExchange
; CHECK-NOT: OpAtomicCompareExchange
; CHECK: OpFunctionEnd
; CHECK-DAG: %uint_17 = OpConstant %uint 17
define amdgpu_kernel void @checked(ptr addrspace(1) %out, i32 %value, i32 %limit) {
entry:
  %negative = icmp slt i32 %value, 0
  br i1 %negative, label %fail.first, label %second

fail.first:
  call void @__assert_fail(ptr addrspacecast (ptr addrspace(4) @.first to ptr), ptr addrspacecast (ptr addrspace(4) @.file to ptr), i32 3, ptr addrspacecast (ptr addrspace(4) @.function to ptr))
  unreachable

second:
  %reserved = icmp eq i32 %value, 777
  br i1 %reserved, label %fail.second, label %third

fail.second:
  call void @__assert_fail(ptr addrspacecast (ptr addrspace(4) @.second to ptr), ptr addrspacecast (ptr addrspace(4) @.file to ptr), i32 4, ptr addrspacecast (ptr addrspace(4) @.function to ptr))
  unreachable

third:
  %over = icmp sge i32 %value, %limit
  br i1 %over, label %fail.third, label %ok

fail.third:
  call void @__assert_fail(ptr addrspacecast (ptr addrspace(4) @.third to ptr), ptr addrspacecast (ptr addrspace(4) @.file to ptr), i32 5, ptr addrspacecast (ptr addrspace(4) @.function to ptr))
  unreachable

ok:
  store i32 %value, ptr addrspace(1) %out, align 4
  ret void
}

declare void @__assert_fail(ptr, ptr, i32, ptr)
