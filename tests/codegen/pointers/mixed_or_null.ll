; A pointer into global or __shared__ memory, or null, tested before use: the test becomes the
; comparison with null in the space the pointer's choice names (0 for a 64-bit global address,
; 0xffffffff for a 32-bit __shared__ offset), the load one per space.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [64 x float] poison, align 4

; CHECK: %[[NULL64:[0-9]+]] = OpConstantNull %ulong
; CHECK-LABEL: OpFunction
; CHECK-DAG: %[[SHARED_NULL:[0-9]+]] = OpIEqual %bool %{{[0-9]+}} %uint_4294967295
; CHECK-DAG: %[[GLOBAL_NULL:[0-9]+]] = OpIEqual %bool %{{[0-9]+}} %[[NULL64]]
; CHECK: OpSelect %bool %{{[0-9]+}} %[[GLOBAL_NULL]] %[[SHARED_NULL]]
; CHECK: OpLoad %uint
; CHECK: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpFunctionEnd
define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i32 %c, i32 %i) {
  %pg = getelementptr float, ptr addrspace(1) %g, i32 %i
  %gg = addrspacecast ptr addrspace(1) %pg to ptr
  %ps = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %i
  %gs = addrspacecast ptr addrspace(3) %ps to ptr
  %is0 = icmp eq i32 %c, 0
  %is1 = icmp eq i32 %c, 1
  %q = select i1 %is1, ptr %gs, ptr null
  %p = select i1 %is0, ptr %gg, ptr %q
  %isnull = icmp eq ptr %p, null
  br i1 %isnull, label %exit, label %use
use:
  %v = load float, ptr %p, align 4
  br label %exit
exit:
  %r = phi float [ -1.0, %0 ], [ %v, %use ]
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}
