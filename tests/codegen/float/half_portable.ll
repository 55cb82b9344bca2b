; _Float16 arithmetic. Natively: half values and memory, but the fma computed in float, rounded to
; odd, then converted to half once (Vulkan's Fma need not be fused; lavapipe's 16-bit one rounds
; twice). In the portable variant (no shaderFloat16, no 16-bit storage): no 16-bit type or
; capability at all, half values are floats rounded to half precision in integer arithmetic, the
; _Float16 parameter is read from its push-constant word and the result stored with word atomics;
; division and square root are the device's float ones, their rounding to half decided exactly (by
; a product at the midpoint of the two candidate halves), without doubles.
; CHECK-LABEL: ; hipvk kernel module: halves{{$}}
; CHECK: OpCapability Float16
; CHECK-NOT: Fma
; CHECK: OpFConvert %half
; CHECK-LABEL: ; hipvk kernel module: halves (portable variant)
; CHECK-NOT: OpCapability Float16
; CHECK-NOT: OpCapability Int16
; CHECK-NOT: OpCapability StorageBuffer16BitAccess
; CHECK-NOT: OpTypeFloat 16
; CHECK-NOT: OpTypeInt 16
; CHECK-NOT: OpCapability Float64
; CHECK-NOT: OpTypeFloat 64
; CHECK: OpFunction
; CHECK-NOT: Fma
; CHECK-NOT: OpFConvert
; CHECK: OpFDiv %float
; CHECK: OpFOrdGreaterThan %bool
; CHECK: OpExtInst %float %{{[0-9]+}} Sqrt
; CHECK: OpFMul %float
; CHECK: OpFOrdGreaterThan %bool
; CHECK: OpBitwiseAnd %uint %{{[0-9]+}} %uint_65535
; CHECK: OpAtomicAnd %uint %{{[0-9]+}} %uint_1 %uint_0
; CHECK: OpAtomicOr %uint %{{[0-9]+}} %uint_1 %uint_0
; CHECK: OpFunctionEnd
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @halves(ptr addrspace(1) %out, ptr addrspace(1) %in, half %scale) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds half, ptr addrspace(1) %in, i64 %idx
  %x = load half, ptr addrspace(1) %src, align 2
  %p = fmul half %x, %scale
  %f = call half @llvm.fma.f16(half %p, half %x, half 0xH3C00)
  %w = fpext half %f to float
  %g = fadd float %w, 1.0
  %h0 = fptrunc float %g to half
  %q = fdiv half %h0, %scale
  %h = call half @llvm.sqrt.f16(half %q)
  %dst = getelementptr inbounds half, ptr addrspace(1) %out, i64 %idx
  store half %h, ptr addrspace(1) %dst, align 2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.fma.f16(half, half, half)
declare half @llvm.sqrt.f16(half)
