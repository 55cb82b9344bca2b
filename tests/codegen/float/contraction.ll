; Float evaluation order: every float operation carries NoContraction (the driver may neither fuse
; nor reassociate), and a*b+c becomes Fma exactly where both instructions allow contraction.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Decorations appear in the order the operations are emitted: one per float operation.
; CHECK: OpDecorate %[[SQ:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[FMA:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[SUM:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[OFFMUL:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[OFFADD:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[NEG:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[SUBFMA:[0-9]+]] NoContraction
; CHECK-NOT: NoContraction

; x + (y*y + z*z) with contract: fma(y, y, z*z), then the plain sum.
; CHECK-LABEL: OpFunction
; CHECK: %[[SQ]] = OpFMul %float %[[Z:[0-9]+]] %[[Z]]
; CHECK: %[[FMA]] = OpExtInst %float %{{[0-9]+}} Fma %[[Y:[0-9]+]] %[[Y]] %[[SQ]]
; CHECK: %[[SUM]] = OpFAdd %float {{.*}}%[[FMA]]
; Without contract flags: a product and a sum, never an Fma.
; CHECK: %[[OFFMUL]] = OpFMul %float
; CHECK-NOT: Fma
; CHECK: %[[OFFADD]] = OpFAdd %float %[[OFFMUL]]
; c - a*b with contract: fma(-a, b, c).
; CHECK: %[[NEG]] = OpFNegate %float
; CHECK: %[[SUBFMA]] = OpExtInst %float %{{[0-9]+}} Fma %[[NEG]]
define amdgpu_kernel void @k(ptr addrspace(1) %out, float %x, float %y, float %z) {
  %yy = fmul contract float %y, %y
  %zz = fmul contract float %z, %z
  %s = fadd contract float %yy, %zz
  %r = fadd contract float %x, %s
  store float %r, ptr addrspace(1) %out, align 4
  %p = fmul float %x, %y
  %q = fadd float %p, %z
  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %q, ptr addrspace(1) %o1, align 4
  %m = fmul contract float %x, %z
  %d = fsub contract float %y, %m
  %o2 = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %d, ptr addrspace(1) %o2, align 4
  ret void
}
