#version 450
// The minimal reproducer: one workgroup of exactly subgroupSize invocations, dispatched with
// VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT and requiredSubgroupSize =
// subgroupSize, so that the whole workgroup must be one full subgroup. Every invocation must see
// gl_NumSubgroups == 1, subgroupAdd(1) == gl_SubgroupSize and
// subgroupShuffleXor(LocalIndex, gl_SubgroupSize / 2) == LocalIndex ^ (gl_SubgroupSize / 2).
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require

layout(local_size_x_id = 0) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec4 o[]; };

void main() {
  const uint i = gl_LocalInvocationIndex;
  o[gl_GlobalInvocationID.x] = uvec4(gl_SubgroupSize, gl_NumSubgroups, subgroupAdd(1u), subgroupShuffleXor(i, gl_SubgroupSize / 2u));
}
