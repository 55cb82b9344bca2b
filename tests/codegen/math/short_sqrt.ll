; The short sqrtf (compiler/devicelib/float_algorithms.h, rootOfNormal's `verified`): one Newton
; step on InverseSqrt without the rounding decision, behind spec constant 7
; (abi::kSpecIdVerifiedShortSqrt, default false), which the runtime sets only for drivers checked
; over every float (tests/math/exhaustive.hip). The flag is a boolean spec constant that selects
; between the step and the decided root, which drivers fold (the fmas are plain operations here).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpDecorate %[[VERIFIED:[0-9]+]] SpecId 7
; CHECK: %[[VERIFIED]] = OpSpecConstantFalse %bool
; CHECK-LABEL: OpFunction
; CHECK: InverseSqrt
; CHECK: OpSelect %float %[[VERIFIED]] %{{[0-9]+}} %{{[0-9]+}}
define amdgpu_kernel void @root(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = tail call i32 @__hipvk_thread_idx_x()
  %index = zext i32 %tid to i64
  %from = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index
  %v = load float, ptr addrspace(1) %from, align 4
  %y = tail call float @__hipvk_inverse_sqrt(float %v)
  %s0 = fmul float %v, %y
  %negs0 = fneg float %s0
  %square = fmul float %negs0, %s0
  %residual = fadd float %square, %v
  %half = fmul float %y, 5.000000e-01
  %step = fmul float %residual, %half
  %s = fadd float %step, %s0
  %verified = tail call zeroext i1 @__hipvk_short_sqrt_verified()
  br i1 %verified, label %done, label %decide

decide:
  %bits = bitcast float %s to i32
  %upBits = add i32 %bits, 1
  %up = bitcast i32 %upBits to float
  %negs = fneg float %s
  %product = fmul float %negs, %up
  %aboveUp = fadd float %product, %v
  %roundUp = fcmp ogt float %aboveUp, 0.000000e+00
  %decided = select i1 %roundUp, float %up, float %s
  br label %done

done:
  %result = phi float [ %s, %0 ], [ %decided, %decide ]
  %to = getelementptr inbounds float, ptr addrspace(1) %out, i64 %index
  store float %result, ptr addrspace(1) %to, align 4
  ret void
}

declare float @__hipvk_inverse_sqrt(float)
declare zeroext i1 @__hipvk_short_sqrt_verified()
declare i32 @__hipvk_thread_idx_x()
