; Bitcasts between an integer and a vector of booleans (what InstCombine makes of `bool flags[8]`,
; as in rocPRIM's reduce_by_key) have no SPIR-V form: each element read is the bit it stands for,
; and a vector of booleans packs back into an integer bit by bit.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpEntryPoint GLCompute {{%[0-9]+}} "flags"
; CHECK-NOT: OpTypeVector %bool 8
; CHECK: OpShiftRightLogical
; CHECK: OpShiftLeftLogical
define amdgpu_kernel void @flags(ptr addrspace(1) %io, i1 %c) {
entry:
  %word = load i32, ptr addrspace(1) %io, align 4
  %byte = trunc i32 %word to i8
  %bits = bitcast i8 %byte to <8 x i1>
  %b3 = extractelement <8 x i1> %bits, i32 3
  %b6 = extractelement <8 x i1> %bits, i32 6
  %both = and i1 %b3, %b6
  %out = getelementptr inbounds i32, ptr addrspace(1) %io, i64 1
  %v = zext i1 %both to i32
  store i32 %v, ptr addrspace(1) %out, align 4
  %flags = insertelement <8 x i1> zeroinitializer, i1 %b6, i32 0
  %flags2 = insertelement <8 x i1> %flags, i1 %c, i32 5
  %packed = bitcast <8 x i1> %flags2 to i8
  %wide = zext i8 %packed to i32
  %out2 = getelementptr inbounds i32, ptr addrspace(1) %io, i64 2
  store i32 %wide, ptr addrspace(1) %out2, align 4
  ret void
}
