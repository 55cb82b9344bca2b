; A kernel that adds floats atomically in global memory gets two modules: the fallback, where the
; add is a compare-and-swap loop any device runs, and a variant with OpAtomicFAddEXT that the runtime
; prefers on devices with VK_EXT_shader_atomic_float. Float atomics on __shared__ memory stay loops
; in both (the Workgroup arrays hold unsigned integers). A kernel without them gets no variant.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@partial = internal addrspace(3) global double undef, align 8

; CHECK-LABEL: ; hipvk kernel module: sums{{$}}
; CHECK-NOT: AtomicFloat
; CHECK: OpAtomicCompareExchange %uint
; CHECK: OpAtomicCompareExchange %ulong
; CHECK: OpAtomicCompareExchange %ulong
; CHECK-LABEL: ; hipvk kernel module: counts{{$}}
; CHECK-NOT: AtomicFloat
; CHECK-LABEL: ; hipvk kernel module: sums (native float atomics variant)
; CHECK-DAG: OpCapability AtomicFloat32AddEXT
; CHECK-DAG: OpCapability AtomicFloat64AddEXT
; CHECK-DAG: OpExtension "SPV_EXT_shader_atomic_float_add"
; CHECK: OpAtomicFAddEXT %float
; CHECK: OpFNegate %double
; CHECK: OpAtomicFAddEXT %double
; CHECK: OpAtomicCompareExchange %ulong
; CHECK-NOT: ; hipvk kernel module: counts (native float atomics variant)
define amdgpu_kernel void @sums(ptr addrspace(1) %f, ptr addrspace(1) %d, float %x, double %y) {
  %a = atomicrmw fadd ptr addrspace(1) %f, float %x syncscope("agent-one-as") monotonic, align 4
  %b = atomicrmw fsub ptr addrspace(1) %d, double %y syncscope("agent-one-as") monotonic, align 8
  %c = atomicrmw fadd ptr addrspace(3) @partial, double %b syncscope("workgroup-one-as") monotonic, align 8
  ret void
}

define amdgpu_kernel void @counts(ptr addrspace(1) %n) {
  %a = atomicrmw add ptr addrspace(1) %n, i32 1 syncscope("agent-one-as") monotonic, align 4
  ret void
}
