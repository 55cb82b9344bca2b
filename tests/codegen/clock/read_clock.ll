; clock64()/clock() and their AMDGPU forms read the Subgroup-scope shader clock, wall_clock64() and
; s_memrealtime the Device-scope one (OpReadClockKHR, SPV_KHR_shader_clock).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i64 @__hipvk_clock_subgroup() #0
declare i64 @__hipvk_clock_device() #0
declare i64 @llvm.amdgcn.s.memtime() #0
declare i64 @llvm.amdgcn.s.memrealtime() #0
declare i64 @llvm.readcyclecounter() #0
attributes #0 = { nounwind }

; CHECK: OpCapability ShaderClockKHR
; CHECK: OpExtension "SPV_KHR_shader_clock"
; CHECK-LABEL: OpFunction
; CHECK: OpReadClockKHR %ulong %uint_3
; CHECK: OpReadClockKHR %ulong %uint_1
; CHECK: OpReadClockKHR %ulong %uint_3
; CHECK: OpReadClockKHR %ulong %uint_1
; CHECK: OpReadClockKHR %ulong %uint_3
define amdgpu_kernel void @clocks(ptr addrspace(1) %out) {
  %a = call i64 @__hipvk_clock_subgroup()
  store volatile i64 %a, ptr addrspace(1) %out
  %b = call i64 @__hipvk_clock_device()
  store volatile i64 %b, ptr addrspace(1) %out
  %c = call i64 @llvm.amdgcn.s.memtime()
  store volatile i64 %c, ptr addrspace(1) %out
  %d = call i64 @llvm.amdgcn.s.memrealtime()
  store volatile i64 %d, ptr addrspace(1) %out
  %e = call i64 @llvm.readcyclecounter()
  store volatile i64 %e, ptr addrspace(1) %out
  ret void
}
