; A load through a select of a global and a __shared__ pointer (what the optimiser makes of
; `c ? g[i] : s[j]`) becomes a branch on the chosen space to a PhysicalStorageBuffer load and a
; Workgroup load, merged by a phi; a store through the same select likewise.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; The space chosen: 0 (global) or 1 (__shared__).
; CHECK: OpSelect %uint %{{[0-9]+}} %uint_0 %uint_1
; The load: a Workgroup load and a PhysicalStorageBuffer load, each in a selection, then merged.
; CHECK: OpSelectionMerge
; CHECK: OpAccessChain %_ptr_Workgroup_uint
; CHECK-NEXT: OpLoad %uint
; CHECK: OpSelectionMerge
; CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float
; CHECK-NEXT: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpPhi %float
; The store one element on, per space too.
; CHECK: OpAccessChain %_ptr_Workgroup_uint
; CHECK-NEXT: OpStore %{{[0-9]+}} %uint_1073741824
; CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float
; CHECK-NEXT: OpStore %{{[0-9]+}} %float_2 Aligned 4
; CHECK: OpFunctionEnd
@s = internal addrspace(3) global [64 x float] poison, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %g, ptr addrspace(1) %out, i1 %c, i32 %i) {
  %pg = getelementptr float, ptr addrspace(1) %g, i32 %i
  %gg = addrspacecast ptr addrspace(1) %pg to ptr
  %ps = getelementptr [64 x float], ptr addrspace(3) @s, i32 0, i32 %i
  %gs = addrspacecast ptr addrspace(3) %ps to ptr
  %p = select i1 %c, ptr %gg, ptr %gs
  %v = load float, ptr %p, align 4
  store float %v, ptr addrspace(1) %out, align 4
  %q = getelementptr float, ptr %p, i32 1
  store float 2.0, ptr %q, align 4
  ret void
}
