; The portable variant (devices without Int64): 64-bit integers are uvec2 pairs, global pointers
; are made from the pair by OpBitcast, additions carry between the words, 64-bit division is a
; loop (hipvk-expand-wide-division), and the module declares no Int64.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; The ordinary module keeps native 64-bit integers.
; CHECK-LABEL: ; hipvk kernel module: wide
; CHECK: OpCapability Int64
; CHECK: OpConvertUToPtr
; CHECK-LABEL: ; hipvk kernel module: wide (portable variant)
; CHECK-NOT: Int64
; CHECK-NOT: OpTypeInt 64
; CHECK: OpLoopMerge
; CHECK: OpIAddCarry
; CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_v2uint
define amdgpu_kernel void @wide(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %d, i64 %n) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %wide = zext i32 %i to i64
  %in.i = getelementptr i64, ptr addrspace(1) %in, i64 %wide
  %x = load i64, ptr addrspace(1) %in.i, align 8
  %q = udiv i64 %x, %d
  %s = shl i64 %q, 3
  %m = mul i64 %s, %x
  %lt = icmp slt i64 %m, %n
  %r = select i1 %lt, i64 %m, i64 %n
  %out.i = getelementptr i64, ptr addrspace(1) %out, i64 %wide
  store i64 %r, ptr addrspace(1) %out.i, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
