// The device's service buffer (hipvk::abi::ServiceHeader, docs/ABI.md): where kernels leave device
// printf records and the trap status of the launches since the last synchronisation. Allocated on
// the first launch, in host-visible memory; its address goes into every launch's push constants.
// Shared by all streams of the device, it is drained by a synchronising call that finds every
// stream quiet (StreamSet::drainIfIdle; no launch can then be writing it): the records are printed (glibc's
// format language, runtime/execution/printf.h), in launch order, and a trap becomes the error of the
// synchronising call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "api/error.h"
#include "memory/memory.h"

namespace hipvk {

class Device;

// The largest hipLimitPrintfFifoSize: the device addresses the record area with 32-bit offsets.
inline constexpr size_t kMaxPrintfFifoSize = size_t(1) << 31;

// What a drain throws when a kernel trapped: hipErrorAssert for a failed assert(),
// hipErrorLaunchFailure for __trap()/abort()/__builtin_trap(). The device stays usable.
class KernelTrap : public Error {
 public:
  using Error::Error;
};

class ServiceBuffer {
 public:
  explicit ServiceBuffer(Device &device) : device_(device) {}
  ServiceBuffer(const ServiceBuffer &) = delete;
  ServiceBuffer &operator=(const ServiceBuffer &) = delete;

  // What a launch of `kernelName` pushes: the buffer's address (allocating it on first use) and
  // the launch's index since the last drain. Called while the launch is recorded.
  struct LaunchSlot {
    uint64_t address;
    uint32_t launchIndex;
  };
  LaunchSlot prepareLaunch(const std::string &kernelName);
  // Allocates the buffer now, at device creation: host-visible memory takes ~0.4 ms to allocate
  // on NVIDIA's driver, which the program's first launch would otherwise wait for.
  void allocate();

  // Prints what the launches recorded and resets the buffer; throws KernelTrap when one of them
  // trapped. Only while no recorded work that uses the buffer is pending (the stream calls it once
  // it has waited for everything it submitted).
  void drain();

  // hipDeviceReset: forgets the buffer and what it holds (the device is idle).
  void release();

 private:
  // Prints the complete messages of the area's first `used` bytes; counts them in `printed` and
  // the incomplete ones in `droppedMessages`.
  void printMessages(const std::byte *area, uint32_t used, uint32_t &printed, uint32_t &droppedMessages);
  std::string kernelOfLaunch(uint32_t launchIndex) const;
  // The record area the next allocation gets: hipLimitPrintfFifoSize, or more after an overflow.
  uint32_t wantedCapacity();
  void allocateLocked();

  Device &device_;
  std::mutex mutex_;  // guards everything below
  std::optional<Buffer> buffer_;
  uint32_t capacity_ = 0;    // bytes of the record area of buffer_
  uint32_t grownCapacity_ = 0;  // after a launch overflowed: the least the next allocation gets
  size_t limit_ = 0;            // hipLimitPrintfFifoSize when grownCapacity_ was chosen
  // The kernels launched since the last drain, as runs: launch index of the run's first launch
  // and its kernel (a loop of launches of one kernel is one entry).
  std::vector<std::pair<uint32_t, std::string>> launchRuns_;
  uint32_t launchCount_ = 0;
};

}  // namespace hipvk
