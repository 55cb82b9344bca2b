; A trap (llvm.trap, as __trap()/abort()/__builtin_trap() become) records the trap kind in the
; service buffer by compare-and-swap, the first trapping invocation its launch index, blockIdx and
; threadIdx, and returns from the kernel: no OpUnreachable, no OpKill.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: OpUnreachable
; CHECK: OpEntryPoint GLCompute %{{[0-9]+}} "checked_store"
; The service buffer's address: the u64 at push-constant offset 32 (words 8 and 9).
; CHECK: OpAccessChain %_ptr_PushConstant_uint %{{[0-9]+}} %uint_0 %uint_8
; CHECK-NEXT: OpLoad
; CHECK-NEXT: OpAccessChain %_ptr_PushConstant_uint %{{[0-9]+}} %uint_0 %uint_9
; CHECK-NEXT: OpLoad
; CHECK-NEXT: OpCompositeConstruct
; CHECK-NEXT: %[[SERVICE:[0-9]+]] = OpBitcast %ulong
; The launch index: push-constant offset 20 (word 5).
; CHECK: %[[LAUNCH_INDEX_WORD:[0-9]+]] = OpAccessChain %_ptr_PushConstant_uint %{{[0-9]+}} %uint_0 %uint_5
; CHECK-NEXT: %[[LAUNCH_INDEX:[0-9]+]] = OpLoad %uint %[[LAUNCH_INDEX_WORD]]
; trapKind (offset 0) from 0 to 1 (kTrapAbort), device scope, relaxed.
; CHECK: %[[KIND:[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_uint %[[SERVICE]]
; CHECK-NEXT: %[[OLD:[0-9]+]] = OpAtomicCompareExchange %uint %[[KIND]] %uint_1 %uint_0 %uint_0 %uint_1 %uint_0
; CHECK-NEXT: %[[WON:[0-9]+]] = OpIEqual %bool %[[OLD]] %uint_0
; CHECK: OpBranchConditional %[[WON]]
; CHECK: OpIAdd %ulong %[[SERVICE]] %ulong_4
; CHECK-NEXT: %[[AT:[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_uint
; CHECK-NEXT: OpStore %[[AT]] %[[LAUNCH_INDEX]] Aligned 4
; blockIdx at 8, 12, 16 and threadIdx at 20, 24, 28.
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_8
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_12
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_16
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_20
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_24
; CHECK-DAG: OpIAdd %ulong %[[SERVICE]] %ulong_28
; CHECK: OpReturn
; CHECK-NOT: OpUnreachable
; CHECK: OpFunctionEnd
define amdgpu_kernel void @checked_store(ptr addrspace(1) %out, i32 %value) {
entry:
  %bad = icmp slt i32 %value, 0
  br i1 %bad, label %fail, label %ok

fail:
  call void @llvm.trap()
  unreachable

ok:
  store i32 %value, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.trap()
