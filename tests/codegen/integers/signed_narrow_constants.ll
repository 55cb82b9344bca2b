; Signed operations on 16-bit integers with negative constants: the constant is a signed constant
; itself (its literal sign-extended, as SPIR-V requires), not an OpBitcast of the unsigned one,
; which spirv-opt folded into an invalid literal ('OpConstant %short 65534': an internal error for
; any `short / -2` or `x < -1` on shorts).
; CHECK-LABEL: OpFunction
; CHECK: OpSDiv %short %{{[0-9]+}} %short_n2
; CHECK: OpSLessThan %bool %{{[0-9]+}} %short_n1
; CHECK-NOT: OpBitcast %short %ushort_
; CHECK: OpFunctionEnd
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %x = load i16, ptr addrspace(1) %p, align 2
  %d = sdiv i16 %x, -2
  %lt = icmp slt i16 %x, -1
  %s = select i1 %lt, i16 %d, i16 -3
  store i16 %s, ptr addrspace(1) %p, align 2
  ret void
}
