; __shared__ variables and local arrays whose accesses all have one width get their own typed
; array: a double tile is one 64-bit load per element (not two words), a byte array is stored with
; plain byte stores (not two atomic read-modify-writes on a shared word), a 64-bit shared counter
; takes a native 64-bit atomic, and each dynamically indexed local array is its own Function
; variable. A variable also read with another width stays in the word array.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [16 x double] undef, align 8
@bytes = internal addrspace(3) global [64 x i8] undef, align 1
@counter = internal addrspace(3) global i64 undef, align 8
@mixed = internal addrspace(3) global [4 x i32] undef, align 4

; CHECK-DAG: %[[TILE:[0-9]+]] = OpVariable %_ptr_Workgroup__arr_ulong_uint_16 Workgroup
; CHECK-DAG: %[[BYTES:[0-9]+]] = OpVariable %_ptr_Workgroup__arr_uchar_uint_64 Workgroup
; CHECK-DAG: %[[WORDS:[0-9]+]] = OpVariable %_ptr_Workgroup__arr_uint_uint_4 Workgroup
; CHECK-DAG: %[[COUNTER:[0-9]+]] = OpVariable %_ptr_Workgroup__arr_ulong_uint_1 Workgroup
; CHECK-LABEL: OpFunction
; CHECK: OpVariable %_ptr_Function__arr_uint_uint_64 Function
; CHECK: OpVariable %_ptr_Function__arr_uint_uint_64 Function
; CHECK-NOT: OpAtomicAnd
; CHECK-NOT: OpAtomicOr
; CHECK: OpAccessChain %_ptr_Workgroup_ulong %[[TILE]]
; CHECK: OpAccessChain %_ptr_Workgroup_uchar %[[BYTES]]
; CHECK: OpAtomicIAdd %ulong
; The i16 read of the mixed-width variable: a word of the word array, shifted.
; CHECK: OpAccessChain %_ptr_Workgroup_uint %[[WORDS]]
; CHECK: OpFunctionEnd
define amdgpu_kernel void @typed(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %i, i32 %j) {
  %a = alloca [64 x i32], align 4, addrspace(5)
  %b = alloca [64 x i32], align 4, addrspace(5)
  %v = load i32, ptr addrspace(1) %in, align 4
  %pa = getelementptr [64 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %pa, align 4
  %pb = getelementptr [64 x i32], ptr addrspace(5) %b, i32 0, i32 %j
  store i32 %v, ptr addrspace(5) %pb, align 4
  %vd = sitofp i32 %v to double
  %pt = getelementptr [16 x double], ptr addrspace(3) @tile, i32 0, i32 %i
  store double %vd, ptr addrspace(3) %pt, align 8
  %pbyte = getelementptr [64 x i8], ptr addrspace(3) @bytes, i32 0, i32 %i
  %v8 = trunc i32 %v to i8
  store i8 %v8, ptr addrspace(3) %pbyte, align 1
  %pm = getelementptr [4 x i32], ptr addrspace(3) @mixed, i32 0, i32 %i
  store i32 %v, ptr addrspace(3) %pm, align 4
  call void @llvm.amdgcn.s.barrier()
  %c = atomicrmw add ptr addrspace(3) @counter, i64 1 syncscope("workgroup") monotonic, align 8
  %qt = getelementptr [16 x double], ptr addrspace(3) @tile, i32 0, i32 %j
  %t = load double, ptr addrspace(3) %qt, align 8
  %qbyte = getelementptr [64 x i8], ptr addrspace(3) @bytes, i32 0, i32 %j
  %by = load i8, ptr addrspace(3) %qbyte, align 1
  %m = load i16, ptr addrspace(3) @mixed, align 4
  %qa = getelementptr [64 x i32], ptr addrspace(5) %a, i32 0, i32 %j
  %ra = load i32, ptr addrspace(5) %qa, align 4
  %qb = getelementptr [64 x i32], ptr addrspace(5) %b, i32 0, i32 %i
  %rb = load i32, ptr addrspace(5) %qb, align 4
  %sum = add i32 %ra, %rb
  %m32 = zext i16 %m to i32
  %by32 = zext i8 %by to i32
  %s1 = add i32 %sum, %by32
  %s2 = add i32 %s1, %m32
  %tf = fptosi double %t to i32
  %s3 = add i32 %s2, %tf
  %c32 = trunc i64 %c to i32
  %s4 = add i32 %s3, %c32
  store i32 %s4, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.amdgcn.s.barrier()
