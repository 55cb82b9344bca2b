#version 460
// Writes the shader clock once: the runtime's measurement of the rates of clock64() (Subgroup
// scope, built with -DSUBGROUP_SCOPE) and wall_clock64() (Device scope, -DDEVICE_SCOPE), which
// Vulkan does not report (runtime/shader_clock.cpp). Two builds, because a module may read only
// the scopes the device supports.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#ifdef SUBGROUP_SCOPE
#extension GL_ARB_shader_clock : require
#else
#extension GL_EXT_shader_realtime_clock : require
#endif

layout(local_size_x = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 8) buffer Ticks {
  uint64_t value;
};

layout(push_constant) uniform Target {
  Ticks ticks;
} target;

void main() {
#ifdef SUBGROUP_SCOPE
  target.ticks.value = clockARB();
#else
  target.ticks.value = clockRealtimeEXT();
#endif
}
