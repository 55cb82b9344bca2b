; A pointer that is one of two local arrays or nullptr, tested before use (`p ? p[i] : -1`):
; AMDGPU's null of local memory is all ones (Clang writes it as a cast of the generic null), so
; the test compares the 32-bit offset with 0xffffffff, and offset 0 (the first array) is not null.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i32 @__hipvk_thread_idx_x()

; CHECK-LABEL: OpFunction
; CHECK: OpSelect %uint %{{[0-9]+}} %uint_32 %uint_4294967295
; CHECK: OpSelect %uint %{{[0-9]+}} %uint_0 %{{[0-9]+}}
; CHECK: OpINotEqual %bool %{{[0-9]+}} %uint_4294967295
; CHECK: OpFunctionEnd
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %c) {
  %tab1 = alloca [8 x i32], align 4, addrspace(5)
  %tab2 = alloca [8 x i32], align 4, addrspace(5)
  %t = call i32 @__hipvk_thread_idx_x()
  %i = and i32 %t, 7
  br label %fill
fill:
  %k = phi i32 [ 0, %0 ], [ %k1, %fill ]
  %src = getelementptr i32, ptr addrspace(1) %in, i32 %k
  %v = load i32, ptr addrspace(1) %src, align 4
  %d1 = getelementptr [8 x i32], ptr addrspace(5) %tab1, i32 0, i32 %k
  store i32 %v, ptr addrspace(5) %d1, align 4
  %v2 = add i32 %v, 1
  %d2 = getelementptr [8 x i32], ptr addrspace(5) %tab2, i32 0, i32 %k
  store i32 %v2, ptr addrspace(5) %d2, align 4
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, 8
  br i1 %done, label %pick, label %fill
pick:
  %is1 = icmp eq i32 %c, 1
  %is2 = icmp eq i32 %c, 2
  %p2 = select i1 %is2, ptr addrspace(5) %tab2, ptr addrspace(5) addrspacecast (ptr null to ptr addrspace(5))
  %p = select i1 %is1, ptr addrspace(5) %tab1, ptr addrspace(5) %p2
  %nonnull = icmp ne ptr addrspace(5) %p, addrspacecast (ptr null to ptr addrspace(5))
  br i1 %nonnull, label %use, label %exit
use:
  %e = getelementptr i32, ptr addrspace(5) %p, i32 %i
  %r = load i32, ptr addrspace(5) %e, align 4
  br label %exit
exit:
  %result = phi i32 [ -1, %pick ], [ %r, %use ]
  store i32 %result, ptr addrspace(1) %out, align 4
  ret void
}
