; A 16-bit byte swap is bits 8..23 of x * 0x10001 in a 32-bit word: NVIDIA's compiler (driver 580,
; H200) returns 0 for the and/shift/or pattern on a 16-bit value, also computed in a 32-bit word
; (e2e.narrow_types' mix<short>). Byte swaps never shift by zero.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; CHECK: %[[X:[0-9]+]] = OpLoad %ushort
; CHECK-NEXT: %[[W:[0-9]+]] = OpUConvert %uint %[[X]]
; CHECK-NEXT: %[[TWICE:[0-9]+]] = OpIMul %uint %[[W]] %uint_65537
; CHECK-NEXT: %[[MID:[0-9]+]] = OpShiftRightLogical %uint %[[TWICE]] %uint_8
; CHECK-NEXT: %[[N:[0-9]+]] = OpUConvert %ushort %[[MID]]
; CHECK: OpStore %{{[0-9]+}} %[[N]]
; CHECK-NOT: OpShift{{[A-Za-z]+}} %{{[a-z0-9]+}} %{{[0-9]+}} %u{{short|int}}_0{{$}}
; CHECK: OpFunctionEnd

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = load i16, ptr addrspace(1) %p, align 2
  %s = call i16 @llvm.bswap.i16(i16 %x)
  store i16 %s, ptr addrspace(1) %p, align 2
  %q = getelementptr i8, ptr addrspace(1) %p, i64 4
  %y = load i32, ptr addrspace(1) %q, align 4
  %t = call i32 @llvm.bswap.i32(i32 %y)
  store i32 %t, ptr addrspace(1) %q, align 4
  ret void
}
declare i16 @llvm.bswap.i16(i16)
declare i32 @llvm.bswap.i32(i32)
