#version 460
// Writes the unaligned head and tail bytes of a hipMemset. vkCmdFillBuffer needs 4-byte aligned
// offsets and sizes, so the runtime fills the aligned middle with it and patches the (at most two)
// partially covered 32-bit words here. Atomics keep the bytes outside the range intact even if
// another dispatch touches the same word. Addresses are uvec2 (low, high word), not uint64_t:
// the runtime's own shaders must run on devices without shaderInt64 (SwiftShader).
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require

layout(local_size_x = 2) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Word {
  uint value;
};

layout(push_constant) uniform Edges {
  uvec2 word[2];  // addresses of the partially covered words (4-byte aligned), as 64-bit integers
  uint mask[2];      // bytes of each word that belong to the range; 0 = nothing to do
  uint pattern;      // the fill byte replicated four times
} edges;

void main() {
  uint i = gl_LocalInvocationID.x;
  if (edges.mask[i] == 0u) return;
  Word w = Word(edges.word[i]);
  atomicAnd(w.value, ~edges.mask[i]);
  atomicOr(w.value, edges.pattern & edges.mask[i]);
}
