; Without shaderFloat64 (the portable variant) doubles are software: the kernel's module declares
; Float64 and computes in double; its portable variant declares no Float64, holds no 64-bit float
; type, and computes on the bits with integer instructions (the softened fadd, fdiv, sqrt, fma,
; comparison and conversions, inlined). A kernel taking a double by value reads it as 64 bits.
; Float division, which the native module takes in double for correct rounding, is soft too.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: ; hipvk kernel module: k
; CHECK: OpCapability Float64
; CHECK: OpTypeFloat 64
; CHECK: OpFDiv %double

; CHECK-LABEL: ; hipvk kernel module: k (portable variant)
; CHECK-NOT: OpCapability Float64
; CHECK-NOT: OpTypeFloat 64
; CHECK-NOT: OpFDiv
; CHECK-NOT: %double
; CHECK: OpFunction
; CHECK: OpLoopMerge
; CHECK-NOT: OpTypeFloat 64
; CHECK: OpFunctionEnd
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %flags, double %x, float %f) {
  %p = load double, ptr addrspace(1) %out, align 8
  %s = fadd double %p, %x
  %q = fdiv double %s, 3.0
  %r = call double @llvm.sqrt.f64(double %q)
  %w = fpext float %f to double
  %m = call double @llvm.fma.f64(double %r, double %w, double %x)
  store double %m, ptr addrspace(1) %out, align 8
  %c = fcmp ult double %m, %x
  %i = fptosi double %m to i32
  %z = zext i1 %c to i32
  %t = add i32 %i, %z
  store i32 %t, ptr addrspace(1) %flags, align 4
  %fq = fdiv float %f, 7.0
  %o2 = getelementptr float, ptr addrspace(1) %flags, i64 1
  store float %fq, ptr addrspace(1) %o2, align 4
  ret void
}
declare double @llvm.sqrt.f64(double)
declare double @llvm.fma.f64(double, double, double)
