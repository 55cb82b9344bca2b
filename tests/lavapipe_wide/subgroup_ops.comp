#version 450
// One record of F_COUNT words per invocation: what the invocation sees of its subgroup.
// The host (lavapipe_wide.cpp) recomputes every value from the ids the shader reports and
// compares. Field indices must match enum Field in lavapipe_wide.cpp.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x_id = 0) in;

const uint F_COUNT = 48;
layout(std430, set = 0, binding = 0) buffer Out { uint rec[]; };

shared uint smem[2048];

uint value(uint g) { return g * 3u + 1u; }

void main() {
  const uint li = gl_LocalInvocationIndex;
  const uint wg = gl_WorkGroupSize.x;
  const uint g = gl_WorkGroupID.x * wg + li;
  const uint base = g * F_COUNT;
  const uint v = value(g);
  const uint size = gl_SubgroupSize;
  const uint lane = gl_SubgroupInvocationID;

  rec[base + 0] = li;
  rec[base + 1] = size;
  rec[base + 2] = lane;
  rec[base + 3] = gl_SubgroupID;
  rec[base + 4] = gl_NumSubgroups;
  // Diagnostics: who actually takes part in a reduction with this invocation.
  rec[base + 5] = subgroupAdd(1u);
  rec[base + 6] = subgroupMin(li);
  rec[base + 7] = subgroupMax(li);
  // Shuffles. 8: dynamic index lane+1 (mod size); 9: dynamic index size-1-lane (reverse);
  // 10..15: subgroupShuffleXor by 1,2,4,8,16,32 (constant masks);
  // 16: subgroupShuffle(v, lane ^ 16) (dynamic index, what hipvk's __shfl_xor emits).
  rec[base + 8] = subgroupShuffle(v, (lane + 1u) % size);
  rec[base + 9] = subgroupShuffle(v, size - 1u - lane);
  rec[base + 10] = subgroupShuffleXor(v, 1u);
  rec[base + 11] = subgroupShuffleXor(v, 2u);
  rec[base + 12] = subgroupShuffleXor(v, 4u);
  rec[base + 13] = subgroupShuffleXor(v, 8u);
  rec[base + 14] = subgroupShuffleXor(v, 16u);
  rec[base + 15] = subgroupShuffleXor(v, 32u);
  rec[base + 16] = subgroupShuffle(v, lane ^ 16u);
  // Ballots.
  uvec4 b = subgroupBallot(true);
  rec[base + 17] = b.x; rec[base + 18] = b.y; rec[base + 19] = b.z; rec[base + 20] = b.w;
  b = subgroupBallot(li % 3u == 0u);
  rec[base + 21] = b.x; rec[base + 22] = b.y; rec[base + 23] = b.z; rec[base + 24] = b.w;
  rec[base + 25] = subgroupBallotBitCount(subgroupBallot(true));
  // Arithmetic.
  rec[base + 26] = subgroupAdd(v);
  rec[base + 27] = subgroupInclusiveAdd(v);
  rec[base + 28] = subgroupExclusiveAdd(v);
  rec[base + 29] = subgroupMax(v);
  // Broadcasts, elect, votes.
  rec[base + 30] = subgroupBroadcastFirst(v);
  rec[base + 31] = subgroupBroadcast(v, 0u);
  rec[base + 32] = subgroupElect() ? 1u : 0u;
  rec[base + 33] = subgroupAny(li % 32u == 20u) ? 1u : 0u;
  rec[base + 34] = subgroupAll(li % 32u != 20u) ? 1u : 0u;
  // Divergent: only invocations with li % 3 != 0 take part.
  if (li % 3u != 0u) {
    uvec4 d = subgroupBallot(true);
    rec[base + 35] = d.x; rec[base + 36] = d.y;
    rec[base + 37] = subgroupAdd(v);
    rec[base + 38] = subgroupBroadcastFirst(v);
  } else {
    rec[base + 35] = 0u; rec[base + 36] = 0u; rec[base + 37] = 0u; rec[base + 38] = 0u;
  }
  // Workaround candidate: the same xor-16 exchange through shared memory.
  smem[li] = v;
  barrier();
  rec[base + 39] = (li ^ 16u) < wg ? smem[li ^ 16u] : v;
  // Lane masks (HIP's __lanemask_lt & co.).
  rec[base + 40] = gl_SubgroupLtMask.x; rec[base + 41] = gl_SubgroupLtMask.y;
  rec[base + 42] = gl_SubgroupEqMask.x; rec[base + 43] = gl_SubgroupEqMask.y;
  // Shuffle after a barrier (a second "round", as a reduction loop does).
  barrier();
  rec[base + 44] = subgroupShuffleXor(v, 16u);
  rec[base + 45] = subgroupAdd(v);
  rec[base + 46] = 0u;
  rec[base + 47] = 0u;
}
