; Invalid IR in a module that declares debug metadata: LLVM's reader verifies such modules while
; upgrading their debug info and aborts the process on a broken one ("Broken module found"), so
; hipvk-spirv reads its input without that upgrade and refuses the module with its own error.
; CHECK: hipvk: error: the input is not valid LLVM IR: Instruction does not dominate all uses!
; CHECK-NOT: LLVM ERROR
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %a = add i32 %b, 1
  %b = mul i32 %a, 3
  store i32 %b, ptr addrspace(1) %out
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
