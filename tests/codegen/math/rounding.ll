; Rounding to integral values uses only operations lavapipe gets exactly right on every code path.
; Its own RoundEven, Trunc, Ceil and Floor are exact only where the host CPU rounds natively at the
; lanes' vector width (AVX-512 for 16 float lanes); elsewhere gallivm emulates them through
; integers, RoundEven rounding ties away from zero and the others losing -0 (tests/e2e/rounding.hip).
; rint is (|x| + 2^23) - 2^23 for |x| < 2^23, with NoContraction on both so that no driver folds
; them, and x's sign ORed in; ceil and floor are the driver's with x's sign ORed in; trunc is the
; floor of |x|, signed likewise.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpDecorate %[[ADD:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[SUB:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[DADD:[0-9]+]] NoContraction
; CHECK: OpDecorate %[[DSUB:[0-9]+]] NoContraction
; CHECK-LABEL: OpFunction
; CHECK-NOT: {{RoundEven|Trunc|OpFunctionEnd}}
; CHECK: %[[ABS:[0-9]+]] = OpExtInst %float %{{[0-9]+}} FAbs %[[X:[0-9]+]]
; CHECK: %[[ADD]] = OpFAdd %float %[[ABS]] %float_8388608
; CHECK: %[[SUB]] = OpFSub %float %[[ADD]] %float_8388608
; CHECK: %[[SMALL:[0-9]+]] = OpFOrdLessThan %bool %[[ABS]] %float_8388608
; CHECK: %[[RINT:[0-9]+]] = OpSelect %float %[[SMALL]] %[[SUB]] %[[ABS]]
; CHECK: %[[XBITS:[0-9]+]] = OpBitcast %uint %[[X]]
; CHECK: %[[SIGN:[0-9]+]] = OpBitwiseAnd %uint %[[XBITS]] %uint_2147483648
; CHECK: %[[RBITS:[0-9]+]] = OpBitcast %uint %[[RINT]]
; CHECK: OpBitwiseOr %uint %[[RBITS]] %[[SIGN]]
; CHECK-NOT: {{RoundEven|Trunc|OpFunctionEnd}}
; CHECK: %[[CEIL:[0-9]+]] = OpExtInst %float %{{[0-9]+}} Ceil %[[X]]
; CHECK: %[[CBITS:[0-9]+]] = OpBitcast %uint %[[CEIL]]
; CHECK: OpBitwiseOr %uint %[[CBITS]] %[[SIGN]]
; CHECK-NOT: {{RoundEven|Trunc|OpFunctionEnd}}
; CHECK: %[[FLOOR:[0-9]+]] = OpExtInst %float %{{[0-9]+}} Floor %[[ABS]]
; CHECK: %[[TBITS:[0-9]+]] = OpBitcast %uint %[[FLOOR]]
; CHECK: OpBitwiseOr %uint %[[TBITS]] %[[SIGN]]
; Vectors too (here split into lanes): doubles with 2^52.
; CHECK-NOT: {{RoundEven|Trunc|OpFunctionEnd}}
; CHECK: %[[DADD]] = OpFAdd %double %{{[0-9]+}} %double_4503599627370496
; CHECK: %[[DSUB]] = OpFSub %double %[[DADD]] %double_4503599627370496
; CHECK-NOT: {{RoundEven|Trunc}}
; CHECK: OpFunctionEnd

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %vout, float %x, <2 x double> %v) {
  %rint = call float @llvm.rint.f32(float %x)
  store float %rint, ptr addrspace(1) %out, align 4
  %ceil = call float @llvm.ceil.f32(float %x)
  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %ceil, ptr addrspace(1) %o1, align 4
  %trunc = call float @llvm.trunc.f32(float %x)
  %o2 = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %trunc, ptr addrspace(1) %o2, align 4
  %vr = call <2 x double> @llvm.roundeven.v2f64(<2 x double> %v)
  store <2 x double> %vr, ptr addrspace(1) %vout, align 16
  ret void
}
declare float @llvm.rint.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare <2 x double> @llvm.roundeven.v2f64(<2 x double>)
