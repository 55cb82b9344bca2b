#include "execution/shader_clock.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"
#include "memory/memory.h"
#include "execution/stream.h"

// glslang's arrays of SPIR-V words (shaders/read_clock.comp), after <cstdint>.
#include <read_device_clock.h>
#include <read_subgroup_clock.h>

namespace hipvk {
namespace {

constexpr int kUnmeasuredKHz = 1000000;  // what Device reports before measuring (docs/RUNTIME.md)
// Host time between the two readings. Each reading is bracketed by host timestamps around a
// submit-and-wait (tens of microseconds on lavapipe, about as much on discrete GPUs), so the rate
// is within (bracket width / interval), well under 1 %, of the truth.
constexpr auto kInterval = std::chrono::milliseconds(20);
constexpr int kReadsPerEnd = 5;

using HostClock = std::chrono::steady_clock;

struct Reading {
  double hostSeconds;  // middle of the bracket
  double bracketSeconds;
  uint64_t ticks;
};

// Ticks per second of the clock `code` reads.
double measure(Device &device, const uint32_t *code, size_t codeBytes) {
  VkShaderModuleCreateInfo info{.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = codeBytes, .pCode = code};
  VkShaderModule module = VK_NULL_HANDLE;
  check(vkCreateShaderModule(device.vk(), &info, nullptr, &module), "vkCreateShaderModule");
  vk::ShaderModule shader(device.vk(), module);
  vk::Pipeline pipeline = device.createPipeline(shader.get(), "main", {1, 1, 1, 0});
  Buffer ticks = Buffer::create(device, sizeof(uint64_t), MemoryUse::Host);
  Stream &stream = device.nullStream();
  auto read = [&] {
    const HostClock::time_point before = HostClock::now();
    stream.enqueue([&](Stream::Recording &r) {
      vkCmdBindPipeline(r.commands(), VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.get());
      vkCmdPushConstants(r.commands(), device.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(uint64_t),
                         &ticks.address);
      vkCmdDispatch(r.commands(), 1, 1, 1);
    });
    stream.synchronize();
    const HostClock::time_point after = HostClock::now();
    uint64_t value;
    std::memcpy(&value, ticks.mapped, sizeof(value));
    double middle = std::chrono::duration<double>((before + (after - before) / 2).time_since_epoch()).count();
    return Reading{middle, std::chrono::duration<double>(after - before).count(), value};
  };
  // The reading with the narrowest bracket of a few: on a loaded machine one submit-and-wait can
  // take far longer than the others, and the bracket width is the measurement's error.
  auto bestRead = [&] {
    Reading best = read();
    for (int i = 1; i < kReadsPerEnd; ++i)
      if (Reading r = read(); r.bracketSeconds < best.bracketSeconds) best = r;
    return best;
  };
  read();  // the first dispatch pays for first-use costs of the driver
  Reading first = bestRead();
  std::this_thread::sleep_for(kInterval);
  Reading second = bestRead();
  return double(second.ticks - first.ticks) / (second.hostSeconds - first.hostSeconds);
}

int measureKHz(Device &device, bool supported, const uint32_t *code, size_t codeBytes, const char *what) {
  if (!supported) return kUnmeasuredKHz;
  try {
    double khz = measure(device, code, codeBytes) / 1000.0;
    log("device %d: %s clock measured at %.0f kHz", device.ordinal(), what, khz);
    return khz >= 1.0 && khz < 2e9 ? int(khz + 0.5) : kUnmeasuredKHz;
  } catch (const Error &e) {
    log("device %d: measuring the %s clock failed: %s", device.ordinal(), what, e.what());
    return kUnmeasuredKHz;
  }
}

}  // namespace

ShaderClockRates measureShaderClockRates(Device &device) {
  return {measureKHz(device, device.hasSubgroupClock(), read_subgroup_clock, sizeof(read_subgroup_clock), "subgroup"),
          measureKHz(device, device.hasDeviceClock(), read_device_clock, sizeof(read_device_clock), "device")};
}

}  // namespace hipvk
