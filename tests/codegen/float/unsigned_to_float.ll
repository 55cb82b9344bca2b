; A 32-bit unsigned integer converts to float with one rounding on every driver: SwiftShader's
; OpConvertUToF rounds a word with its top bit set twice, so such a word converts as its top 31 bits
; with a sticky bit (one correct rounding of x/2), doubled exactly; other words convert directly.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; CHECK-DAG: %[[HALF:[0-9]+]] = OpShiftRightLogical %uint %[[X:[0-9]+]] %uint_1
; CHECK-DAG: %[[STICKY:[0-9]+]] = OpBitwiseAnd %uint %[[X]] %uint_1
; CHECK: %[[ODD:[0-9]+]] = OpBitwiseOr %uint %[[HALF]] %[[STICKY]]
; CHECK: %[[H:[0-9]+]] = OpConvertUToF %float %[[ODD]]
; CHECK: %[[D:[0-9]+]] = OpFMul %float %[[H]] %float_2
; CHECK: %[[TOP:[0-9]+]] = OpSLessThan %bool %[[X]] %{{[0-9a-z_]+}}
; CHECK: %[[W:[0-9]+]] = OpConvertUToF %float %[[X]]
; CHECK: OpSelect %float %[[TOP]] %[[D]] %[[W]]
; Signed conversions need no such care (their magnitude is below 2^31).
; CHECK: OpConvertSToF %float
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %f = uitofp i32 %x to float
  store float %f, ptr addrspace(1) %out, align 4
  %s = sitofp i32 %x to float
  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %s, ptr addrspace(1) %o1, align 4
  ret void
}
