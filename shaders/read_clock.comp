#version 460
// Writes the shader clock once: the runtime's measurement of the rates of clock64() (Subgroup
// scope, built with -DSUBGROUP_SCOPE) and wall_clock64() (Device scope, -DDEVICE_SCOPE), which
// Vulkan does not report (runtime/shader_clock.cpp). Two builds, because a module may read only
// the scopes the device supports.
// The clock is read as two 32-bit halves (low, high): the shader needs no shaderInt64, which a
// device may lack (or HIPVK_DISABLE_FEATURES may mask) while it has the shader clock.
#extension GL_EXT_buffer_reference : require
#ifdef SUBGROUP_SCOPE
#extension GL_ARB_shader_clock : require
#else
#extension GL_EXT_shader_realtime_clock : require
#endif

layout(local_size_x = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ticks {
  uvec2 value;  // the 64-bit count, low word first
};

layout(push_constant) uniform Target {
  Ticks ticks;
} target;

void main() {
#ifdef SUBGROUP_SCOPE
  target.ticks.value = clock2x32ARB();
#else
  target.ticks.value = clockRealtime2x32EXT();
#endif
}
