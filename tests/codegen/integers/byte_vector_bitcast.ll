; OPTIONS: --passes=hipvk-prepare-inlining,hipvk-expand-vector-bitcasts,hipvk-layout-memory
; Bitcasts between an integer and a vector of more than 4 elements (what the scalarizer leaves of
; rocPRIM's `bool is_selected[7]` read as one 64-bit word: `bitcast i64 to <8 x i8>`) have no
; Vulkan form: element k read by a constant index is bits [8k, 8k + 8) of the word, and such a
; vector packs back into an integer by shifts. Only this pass and what emission needs run: InstCombine
; folds such casts where it sees them, the scalarizer makes them after it.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpEntryPoint GLCompute {{%[0-9]+}} "bytes"
; CHECK-NOT: OpTypeVector %uchar 8
; CHECK: OpShiftRightLogical %ulong {{%[0-9]+}} %ulong_40
; CHECK: OpShiftLeftLogical %ulong {{%[0-9]+}} %ulong_48
define amdgpu_kernel void @bytes(ptr addrspace(1) %io, i8 %c) {
entry:
  %word = load i64, ptr addrspace(1) %io, align 8
  %bytes = bitcast i64 %word to <8 x i8>
  %b0 = extractelement <8 x i8> %bytes, i32 0
  %b5 = extractelement <8 x i8> %bytes, i32 5
  %sum = add i8 %b0, %b5
  %out = getelementptr inbounds i8, ptr addrspace(1) %io, i64 8
  store i8 %sum, ptr addrspace(1) %out, align 1
  %v = insertelement <8 x i8> zeroinitializer, i8 %b5, i32 0
  %v2 = insertelement <8 x i8> %v, i8 %c, i32 6
  %packed = bitcast <8 x i8> %v2 to i64
  %out2 = getelementptr inbounds i64, ptr addrspace(1) %io, i64 2
  store i64 %packed, ptr addrspace(1) %out2, align 8
  ret void
}
