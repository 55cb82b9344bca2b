; An explicit fma is rounded once on every driver: llvm.fma goes to the device library, which
; uses Vulkan's Fma only where spec constant 4 (abi::kSpecIdFusedFma, default false) says the
; device's Fma is fused, and otherwise its exact emulation (product in double, sum rounded to odd):
; lavapipe does not fuse. A contraction (llvm.fmuladd) may fuse or not and stays Vulkan's Fma; the
; fast intrinsics' amdgcn.exp2 is Vulkan's Exp2. OCML functions (here __ocml_sin_f32) link and need
; no loose GLSL instruction.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpDecorate %[[FUSED:[0-9]+]] SpecId 4
; CHECK: %[[FUSED]] = OpSpecConstantFalse %bool
; CHECK-LABEL: OpFunction
; CHECK-NOT: Fma
; CHECK: OpLogicalNotEqual %bool %[[FUSED]]
; CHECK-NOT: Fma
; CHECK: OpFMul %double
; CHECK-NOT: Fma
; CHECK: OpFConvert %float
; CHECK: OpExtInst %float %{{[0-9]+}} Fma
; CHECK: OpExtInst %float %{{[0-9]+}} Fma
; CHECK: OpExtInst %float %{{[0-9]+}} Exp2
; CHECK-NOT: {{ Sin | Cos }}
; CHECK: OpFunctionEnd
define amdgpu_kernel void @k(ptr addrspace(1) %out, float %x, float %y, float %z) {
  %exact = call float @llvm.fma.f32(float %x, float %y, float %z)
  store float %exact, ptr addrspace(1) %out, align 4
  %contracted = call float @llvm.fmuladd.f32(float %y, float %z, float %x)
  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %contracted, ptr addrspace(1) %o1, align 4
  %fast = call float @llvm.amdgcn.exp2.f32(float %x)
  %o2 = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %fast, ptr addrspace(1) %o2, align 4
  %sine = call float @__ocml_sin_f32(float %y)
  %o3 = getelementptr float, ptr addrspace(1) %out, i64 3
  store float %sine, ptr addrspace(1) %o3, align 4
  ret void
}
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.amdgcn.exp2.f32(float)
declare float @__ocml_sin_f32(float)
