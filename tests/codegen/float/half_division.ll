; _Float16 division is correctly rounded too: Vulkan's 16-bit OpFDiv may be off (NVIDIA's is), so
; the quotient is taken in double and rounded once to half; arcp keeps the fast OpFDiv.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; CHECK: %[[A:[0-9]+]] = OpFConvert %double
; CHECK: %[[B:[0-9]+]] = OpFConvert %double
; CHECK: %[[Q:[0-9]+]] = OpFDiv %double %[[A]] %[[B]]
; CHECK: OpFConvert %half %[[Q]]
; CHECK: OpFDiv %half
define amdgpu_kernel void @k(ptr addrspace(1) %out, half %x, half %y) {
  %q = fdiv half %x, %y
  store half %q, ptr addrspace(1) %out, align 2
  %f = fdiv arcp half %y, %x
  %o1 = getelementptr half, ptr addrspace(1) %out, i64 1
  store half %f, ptr addrspace(1) %o1, align 2
  ret void
}
