; Global accesses below their scalars' natural alignment (a memcpy expansion of unknown alignment)
; become naturally aligned accesses of `align`-sized integers: GPUs do not honour a smaller Aligned
; operand on a wider scalar (NVIDIA returned wrong bytes).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; <4 x i32> align 1: sixteen byte loads (spirv-opt forwards the assembled words to the stores).
; CHECK-COUNT-16: OpLoad %uchar %{{[0-9]+}} Aligned 1
; Then sixteen byte stores.
; CHECK-COUNT-16: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 1
; double align 2: four 16-bit loads, two words, one bitcast.
; CHECK-COUNT-4: OpLoad %ushort %{{[0-9]+}} Aligned 2
; CHECK: OpBitcast %double
; CHECK-COUNT-4: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 2
; A naturally aligned access stays one instruction.
; CHECK: OpLoad %v4uint %{{[0-9]+}} Aligned 16
; CHECK-NOT: OpLoad %v4uint {{.*}} Aligned 1
; CHECK-NOT: OpStore {{.*}} Aligned 1{{$}}
; CHECK-LABEL: ; hipvk kernel module: k (portable variant)
define amdgpu_kernel void @k(ptr addrspace(1) %dst, ptr addrspace(1) %src) {
  %s1 = getelementptr i8, ptr addrspace(1) %src, i64 3
  %d1 = getelementptr i8, ptr addrspace(1) %dst, i64 1
  %v = load <4 x i32>, ptr addrspace(1) %s1, align 1
  store <4 x i32> %v, ptr addrspace(1) %d1, align 1
  %s2 = getelementptr i8, ptr addrspace(1) %src, i64 34
  %d2 = getelementptr i8, ptr addrspace(1) %dst, i64 42
  %f = load double, ptr addrspace(1) %s2, align 2
  %g = fadd double %f, 1.0
  store double %g, ptr addrspace(1) %d2, align 2
  %s3 = getelementptr i8, ptr addrspace(1) %src, i64 64
  %d3 = getelementptr i8, ptr addrspace(1) %dst, i64 64
  %w = load <4 x i32>, ptr addrspace(1) %s3, align 16
  store <4 x i32> %w, ptr addrspace(1) %d3, align 16
  ret void
}
