// The rates of the shader clocks kernels read (clock64() at Subgroup scope, wall_clock64() at
// Device scope). Vulkan does not report them, so they are measured once per device, on first
// query: a one-thread kernel reads the clock at two host-timed points.
#pragma once

namespace hipvk {

class Device;

struct ShaderClockRates {
  int subgroupKHz;  // hipDeviceAttributeClockRate, hipDeviceProp_t::clockRate/clockInstructionRate
  int deviceKHz;    // hipDeviceAttributeWallClockRate
};

// Measures both rates (about 50 ms); a clock the device cannot read (or a failed measurement)
// reports the documented 1 GHz estimate. Device::clockRates() calls it once per device.
ShaderClockRates measureShaderClockRates(Device &device);

}  // namespace hipvk
