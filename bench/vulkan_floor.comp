// The work of bench/vulkan_floor.cpp's submissions: one invocation that does nothing, as the
// empty HIP kernel of host_latency's round trip.
#version 450
layout(local_size_x = 1) in;
void main() {}
