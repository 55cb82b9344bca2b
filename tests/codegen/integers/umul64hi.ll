; __umul64hi is one OpUMulExtended of two 64-bit words, member 1 (it was four 64-bit multiplies of
; 32-bit halves); on the portable variant, four 32 x 32-bit OpUMulExtended with counted carries.
; CHECK: ; hipvk kernel module: k
; CHECK: OpFunction %void
; CHECK: %[[P:[0-9]+]] = OpUMulExtended %{{[_a-z0-9]+}} %{{[0-9]+}} %{{[0-9]+}}
; CHECK: OpCompositeExtract %ulong %[[P]] 1
; CHECK-NOT: OpIMul %ulong
; CHECK: OpFunctionEnd
; CHECK: ; hipvk kernel module: k (portable variant)
; CHECK-NOT: OpCapability Int64
; CHECK: OpFunction %void
; CHECK-COUNT-4: OpUMulExtended
; CHECK-NOT: OpUMulExtended
; CHECK: OpFunctionEnd
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, i64 %x, i64 %y) {
  %high = call i64 @__hipvk_umul_hi_64(i64 %x, i64 %y)
  store i64 %high, ptr addrspace(1) %out, align 8
  ret void
}

declare i64 @__hipvk_umul_hi_64(i64, i64)
