; The portable variant of a kernel moving bytes (for devices without shaderInt8/shaderInt16 and
; 8/16-bit storage): no 8/16-bit type or capability; a global byte is read with its aligned word
; and written with an atomic AND and OR on that word (the other bytes may be other lanes'); the
; __shared__ byte array keeps its place as an array of words, written atomically at workgroup
; scope; the short argument is read from its push-constant word; the i8 product and signed
; division wrap and sign-extend as in 8 bits. The native module keeps the byte accesses.
; CHECK-LABEL: ; hipvk kernel module: bytes{{$}}
; CHECK: OpCapability Int8
; CHECK: OpCapability StorageBuffer8BitAccess
; CHECK: OpLoad %uchar {{.*}} Aligned 1
; CHECK-LABEL: ; hipvk kernel module: bytes (portable variant)
; CHECK-NOT: OpCapability Int8
; CHECK-NOT: OpCapability Int16
; CHECK-NOT: OpCapability StorageBuffer8BitAccess
; CHECK-NOT: OpCapability StorageBuffer16BitAccess
; CHECK-NOT: OpCapability Float16
; CHECK-NOT: OpTypeInt 8
; CHECK-NOT: OpTypeInt 16
; CHECK: %[[STAGED:[0-9]+]] = OpVariable %_ptr_Workgroup__arr_uint_uint_16 Workgroup
; CHECK: OpFunction
; The short argument: its push-constant word, masked.
; CHECK: OpBitwiseAnd %uint %{{[0-9]+}} %uint_65535
; The global byte: its word, aligned down, shifted and masked.
; CHECK: OpLoad %uint %{{[0-9]+}} Aligned 4
; CHECK: OpBitwiseAnd %uint %{{[0-9]+}} %uint_255
; CHECK: OpAccessChain %_ptr_Workgroup_uint %[[STAGED]]
; CHECK: OpAtomicAnd %uint %{{[0-9]+}} %uint_2 %uint_0
; CHECK: OpAtomicOr %uint %{{[0-9]+}} %uint_2 %uint_0
; CHECK: OpControlBarrier
; (i8) product sign-extended from bit 7 before the division.
; CHECK: OpShiftLeftLogical %uint %{{[0-9]+}} %uint_24
; CHECK: OpShiftRightArithmetic %int %{{[0-9]+}} %int_24
; CHECK: OpSDiv %int
; CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_uint
; CHECK: OpAtomicAnd %uint %{{[0-9]+}} %uint_1 %uint_0
; CHECK: OpAtomicOr %uint %{{[0-9]+}} %uint_1 %uint_0
; CHECK-NOT: OpStore
; CHECK: OpFunctionEnd
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@staged = internal addrspace(3) global [64 x i8] undef, align 1

define amdgpu_kernel void @bytes(ptr addrspace(1) %out, ptr addrspace(1) %in, i16 signext %scale, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %inside = icmp slt i32 %tid, %n
  br i1 %inside, label %body, label %done
body:
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %idx
  %b = load i8, ptr addrspace(1) %src, align 1
  %slot = getelementptr inbounds [64 x i8], ptr addrspace(3) @staged, i32 0, i32 %tid
  store i8 %b, ptr addrspace(3) %slot, align 1
  call void @llvm.amdgcn.s.barrier()
  %mirror = sub i32 63, %tid
  %other = getelementptr inbounds [64 x i8], ptr addrspace(3) @staged, i32 0, i32 %mirror
  %c = load i8, ptr addrspace(3) %other, align 1
  %s8 = trunc i16 %scale to i8
  %prod = mul i8 %c, %s8
  %q = sdiv i8 %prod, 3
  %dst = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %idx
  store i8 %q, ptr addrspace(1) %dst, align 1
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
