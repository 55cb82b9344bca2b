; Invalid IR (issue 11, fault 5): instructions that do not dominate their uses. InstCombine loops
; forever on such input; hipvk-spirv verifies the module first and refuses it at once (the test's
; TIMEOUT bounds it). Everything under errors/ must fail, with these lines on stderr.
; CHECK: hipvk: error: the input is not valid LLVM IR: Instruction does not dominate all uses!
; CHECK-NOT: internal error
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %a = add i32 %b, %i
  %b = mul i32 %a, 3
  store i32 %b, ptr addrspace(1) %out
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
