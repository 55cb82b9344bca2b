; rsqrtf as hip/hipvk_detail/math_intrinsics.h compiles (this IR is hipcc's for
; `out[i] = rsqrtf(in[i])`): Vulkan's InverseSqrt is evaluated unconditionally and IEEE's results
; for 0, infinity and NaN are selected, never branched to (a branch in a hot loop kept NVIDIA's
; compiler from unrolling n-body's loop: docs/PERFORMANCE.md). The only branch is on spec constant
; 6 (abi::kSpecIdIeeeInverseSqrt, default false), which drivers fold: where the device's InverseSqrt
; gives those results itself nothing is selected.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpDecorate %[[IEEE:[0-9]+]] SpecId 6
; CHECK: %[[IEEE]] = OpSpecConstantFalse %bool
; CHECK-LABEL: OpFunction
; CHECK-NOT: OpBranchConditional
; CHECK: %[[ROOT:[0-9]+]] = OpExtInst %float %{{[0-9]+}} InverseSqrt
; CHECK: OpBranchConditional %{{[0-9]+}}
; CHECK-NOT: InverseSqrt
; CHECK: OpSelect %float %{{[0-9]+}} %[[ROOT]] %{{[0-9]+}}
; CHECK: OpPhi %float %[[ROOT]]
define amdgpu_kernel void @rsqrt(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = tail call i32 @__hipvk_thread_idx_x()
  %index = zext i32 %tid to i64
  %from = getelementptr inbounds float, ptr addrspace(1) %in, i64 %index
  %x = load float, ptr addrspace(1) %from, align 4
  %root = tail call contract float @__hipvk_inverse_sqrt(float %x)
  %ieee = tail call zeroext i1 @__hipvk_inverse_sqrt_is_ieee()
  br i1 %ieee, label %done, label %select

select:
  %bits = bitcast float %x to i32
  %zero = fcmp oeq float %x, 0.000000e+00
  %infinity = or disjoint i32 %bits, 2139095040
  %isInfinity = icmp eq i32 %bits, 2139095040
  %infOrNaN = select i1 %isInfinity, i32 0, i32 2143289344
  %specialBits = select i1 %zero, i32 %infinity, i32 %infOrNaN
  %below = add i32 %bits, -1
  %finitePositive = icmp ult i32 %below, 2139095039
  %special = bitcast i32 %specialBits to float
  %selected = select contract i1 %finitePositive, float %root, float %special
  br label %done

done:
  %result = phi float [ %selected, %select ], [ %root, %0 ]
  %to = getelementptr inbounds float, ptr addrspace(1) %out, i64 %index
  store float %result, ptr addrspace(1) %to, align 4
  ret void
}

declare float @__hipvk_inverse_sqrt(float)
declare zeroext i1 @__hipvk_inverse_sqrt_is_ieee()
declare i32 @__hipvk_thread_idx_x()
