; Single-precision division and sqrt are correctly rounded as in HIP: hipvk-spirv routes them to the
; device library (compiler/devicelib/math.hip), which picks by spec constant 5
; (__hipvk_fma_float_algorithms, docs/MATH.md) the float algorithm on the fma (an OpFDiv or
; InverseSqrt approximation, fma corrections, an exact rounding decision) or the path through
; double (the operands widened, one operation, rounded once; Vulkan's OpFDiv and Sqrt on float may
; be 2.5 and 3 ulp off). arcp/afn (-ffast-math, __fdividef) keep the fast single-precision
; instructions. The portable variant (no doubles) has only the path through (software) doubles.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; The kernel calls the library's division and square root, value functions of their own
; (compiler/lib/ValueFunctions.h); arcp and afn keep Vulkan's instructions inline.
; CHECK: OpDecorate %[[ALGO:[0-9]+]] SpecId 5
; CHECK: %[[ALGO]] = OpSpecConstantFalse %bool
; CHECK-LABEL: OpFunction %void
; CHECK: OpFunctionCall %float %[[DIV:[0-9]+]]
; CHECK: OpFDiv %float
; CHECK: OpFunctionCall %float %[[SQRT:[0-9]+]]
; CHECK: OpExtInst %float %{{[0-9]+}} Sqrt
; CHECK: OpFunctionEnd
; CHECK: %[[DIV]] = OpFunction %float
; CHECK: %[[A:[0-9]+]] = OpFConvert %double
; CHECK: %[[B:[0-9]+]] = OpFConvert %double
; CHECK: %[[Q:[0-9]+]] = OpFDiv %double %[[A]] %[[B]]
; CHECK: OpFConvert %float %[[Q]]
; CHECK: OpFDiv %float %float_1
; CHECK: Fma
; CHECK: OpFunctionEnd
; CHECK: %[[SQRT]] = OpFunction %float
; CHECK: %[[R:[0-9]+]] = OpExtInst %double %{{[0-9]+}} Sqrt
; CHECK: OpFConvert %float %[[R]]
; CHECK: InverseSqrt
; CHECK: Fma
; CHECK: OpFunctionEnd
; CHECK-LABEL: OpMemoryModel
; CHECK-NOT: SpecId 5
define amdgpu_kernel void @k(ptr addrspace(1) %out, float %x, float %y) {
  %q = fdiv float %x, %y
  store float %q, ptr addrspace(1) %out, align 4
  %f = fdiv arcp float %y, %x
  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %f, ptr addrspace(1) %o1, align 4
  %r = call float @llvm.sqrt.f32(float %x)
  %o2 = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %r, ptr addrspace(1) %o2, align 4
  %fr = call afn float @llvm.sqrt.f32(float %y)
  %o3 = getelementptr float, ptr addrspace(1) %out, i64 3
  store float %fr, ptr addrspace(1) %o3, align 4
  ret void
}
declare float @llvm.sqrt.f32(float)
