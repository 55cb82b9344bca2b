; Device IR as clang emits it at -O0 (issue 11, fault 6): helpers with hidden external linkage,
; optnone/noinline, one returning a char and called in a loop. After inlining they must not stay
; behind: the portable variant's integer legalisation refused the char helper's 'ret', and the
; kernel silently lost its portable module (hipvk-drop-inlined-functions).
; CHECK: ; hipvk kernel module: _Z1kPxj
; CHECK: OpCapability Int64
; CHECK: ; hipvk kernel module: _Z1kPxj (portable variant)
; CHECK-NOT: OpCapability Int64
; CHECK-NOT: OpCapability Int8
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define hidden noundef zeroext i8 @_Z8classifyx(i64 noundef %v) #0 {
entry:
  switch i64 %v, label %other [
    i64 0, label %a
    i64 1, label %b
    i64 2, label %c
    i64 3, label %d
  ]
a:
  ret i8 7
b:
  ret i8 3
c:
  ret i8 11
d:
  ret i8 5
other:
  ret i8 53
}

define hidden noundef i64 @_Z5outerjx(i32 noundef %n, i64 noundef %x) #0 {
entry:
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %t = phi i64 [ 0, %entry ], [ %t.next, %loop ]
  %j64 = zext i32 %j to i64
  %arg = add i64 %x, %j64
  %c = call noundef zeroext i8 @_Z8classifyx(i64 noundef %arg)
  %c64 = zext i8 %c to i64
  %t.next = add i64 %t, %c64
  %j.next = add i32 %j, 1
  %done = icmp uge i32 %j.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %t.next
}

define protected amdgpu_kernel void @_Z1kPxj(ptr addrspace(1) noundef %out, i32 noundef %n) #1 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %id64 = zext i32 %id to i64
  %r = call noundef i64 @_Z5outerjx(i32 noundef %n, i64 noundef %id64)
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %id64
  store i64 %r, ptr addrspace(1) %p, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { mustprogress noinline optnone "target-cpu"="gfx906" }
attributes #1 = { mustprogress noinline optnone "amdgpu-flat-work-group-size"="1,1024" "target-cpu"="gfx906" "uniform-work-group-size"="true" }
