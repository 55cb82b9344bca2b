#include "execution/service.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <unordered_map>

#include <hipvk/kernel_abi.h>

#include "device/context.h"
#include "device/device.h"
#include "memory/memory.h"
#include "execution/module.h"
#include "execution/printf.h"

namespace hipvk {
namespace {

// After a launch overflowed the record area, later ones get room for what it printed (at least
// twice the area), up to this.
constexpr uint32_t kMaxGrownCapacity = 256u << 20;

// A device printf message, reassembled from its chunks.
struct Message {
  bool toStderr = false;
  bool complete = false;
  std::string format;
  std::vector<PrintfArgument> arguments;
};

// The `length` - 1 characters of a string reference: a literal in a module's segment, read from
// the module's initial bytes (the device never writes its constants).
std::string referencedString(const AllocationTable &allocations, const std::byte *payload, uint32_t length) {
  uint64_t address;
  std::memcpy(&address, payload, sizeof address);
  std::optional<Resolved> at = allocations.find(address);
  const std::string *image = at ? at->allocation->initialBytes.get() : nullptr;
  const uint64_t characters = length ? length - 1 : 0;
  if (!image || at->offset > image->size() || image->size() - at->offset < characters)
    return "<hipvk: string of an unloaded module>";
  return image->substr(at->offset, characters);
}

// The messages of the record area's first `used` bytes, in the order their first chunks were
// reserved (chunk layout: hipvk::abi::PrintfChunk).
std::vector<Message> reassemble(const std::byte *area, uint32_t used, const AllocationTable &allocations) {
  std::vector<Message> messages;
  std::unordered_map<uint32_t, size_t> messageAt;  // head chunk offset -> index in messages
  for (uint32_t at = 0; used - at >= sizeof(abi::PrintfChunk);) {
    abi::PrintfChunk chunk;
    std::memcpy(&chunk, area + at, sizeof chunk);
    // A zero size is where the reservation that did not fit left the rest of the area unwritten.
    if (chunk.bytes < sizeof chunk || chunk.bytes % abi::kPrintfChunkAlignment || chunk.bytes > used - at) break;
    const std::byte *payload = area + at + sizeof chunk;
    const uint32_t payloadBytes = chunk.bytes - uint32_t(sizeof chunk);
    at += chunk.bytes;
    Message *message = nullptr;
    if (chunk.flags & abi::kPrintfChunkHead) {
      messageAt[chunk.message] = messages.size();
      message = &messages.emplace_back();
      message->toStderr = chunk.flags & abi::kPrintfChunkStderr;
    } else if (auto it = messageAt.find(chunk.message); it != messageAt.end()) {
      message = &messages[it->second];
    } else {
      continue;  // its head did not fit: the device counted the message as dropped
    }
    if (chunk.flags & abi::kPrintfChunkString) {
      std::string text = (chunk.flags & abi::kPrintfChunkStringReference) && payloadBytes >= sizeof(uint64_t)
                             ? referencedString(allocations, payload, chunk.count)
                             : std::string(reinterpret_cast<const char *>(payload),
                                           std::min(chunk.count ? chunk.count - 1 : 0, payloadBytes));
      if (chunk.flags & abi::kPrintfChunkHead) {
        message->format = std::move(text);
      } else {
        PrintfArgument &argument = message->arguments.emplace_back();
        argument.kind = chunk.count ? PrintfArgument::Kind::String : PrintfArgument::Kind::NullString;
        argument.text = std::move(text);
      }
    } else {
      for (uint32_t i = 0; i < std::min(chunk.count, payloadBytes / 8); ++i) {
        PrintfArgument &argument = message->arguments.emplace_back();
        std::memcpy(&argument.value, payload + 8 * i, 8);
      }
    }
    if (chunk.flags & abi::kPrintfChunkLast) message->complete = true;
  }
  return messages;
}

}  // namespace

void ServiceBuffer::allocateLocked() {
  uint32_t capacity = wantedCapacity();
  Buffer buffer = Buffer::create(device_, abi::kPrintfAreaOffset + uint64_t(capacity), MemoryUse::Host);
  if (!buffer.mapped) fail(hipErrorOutOfMemory, "no host-visible memory for the service buffer (device printf)");
  std::memset(buffer.mapped, 0, buffer.size);
  reinterpret_cast<abi::ServiceHeader *>(buffer.mapped)->printfCapacity = capacity;
  buffer_ = std::move(buffer);
  capacity_ = capacity;
}

void ServiceBuffer::allocate() {
  std::lock_guard lock(mutex_);
  if (!buffer_) allocateLocked();
}

ServiceBuffer::LaunchSlot ServiceBuffer::prepareLaunch(const std::string &kernelName) {
  std::lock_guard lock(mutex_);
  if (!buffer_) allocateLocked();
  if (launchRuns_.empty() || launchRuns_.back().second != kernelName) launchRuns_.emplace_back(launchCount_, kernelName);
  return {buffer_->address, launchCount_++};
}

uint32_t ServiceBuffer::wantedCapacity() {
  const size_t limit = device_.settings().printfFifoSize;  // within 32 bits: hipDeviceSetLimit checks
  if (limit != limit_) {  // an explicit size replaces what growth chose
    limit_ = limit;
    grownCapacity_ = 0;
  }
  return uint32_t(std::max<size_t>(limit, grownCapacity_));
}

std::string ServiceBuffer::kernelOfLaunch(uint32_t launchIndex) const {
  auto run = std::upper_bound(launchRuns_.begin(), launchRuns_.end(), launchIndex,
                              [](uint32_t index, const auto &r) { return index < r.first; });
  return run == launchRuns_.begin() ? std::string("?") : demangled(std::prev(run)->second);
}

void ServiceBuffer::printMessages(const std::byte *area, uint32_t used, uint32_t &printed, uint32_t &droppedMessages) {
  bool stdoutPending = false;
  for (const Message &message : reassemble(area, used, device_.allocations())) {
    if (!message.complete) {
      ++droppedMessages;  // a later chunk did not fit
      continue;
    }
    ++printed;
    std::string text = formatPrintf(message.format, message.arguments);
    if (message.toStderr && stdoutPending) std::fflush(stdout);  // keep the order on a shared terminal
    std::fwrite(text.data(), 1, text.size(), message.toStderr ? stderr : stdout);
    stdoutPending = !message.toStderr;
  }
  if (droppedMessages > 0) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "hipvk: %u device printf message%s dropped: the %u-byte printf buffer was full (it grows for "
                 "later launches; hipDeviceSetLimit(hipLimitPrintfFifoSize) sets its size)\n",
                 droppedMessages, droppedMessages == 1 ? " was" : "s were", capacity_);
  }
}

void ServiceBuffer::drain() {
  std::lock_guard lock(mutex_);
  if (!buffer_) return;
  auto *header = reinterpret_cast<abi::ServiceHeader *>(buffer_->mapped);
  std::byte *area = buffer_->mapped + abi::kPrintfAreaOffset;
  const uint32_t used = std::min(header->printfReserved, capacity_);
  const bool overflowed = header->printfDroppedMessages > 0 || header->printfReserved > capacity_;
  uint32_t printed = 0, dropped = header->printfDroppedMessages;
  if (used > 0 || dropped > 0) printMessages(area, used, printed, dropped);
  if (overflowed) {
    // Room for what the launches tried to print, estimated from the messages that fitted.
    uint64_t perMessage = printed > 0 ? used / printed : 256;
    uint64_t wanted = std::max<uint64_t>({uint64_t(used) + perMessage * dropped, 2 * uint64_t(capacity_), 4096});
    grownCapacity_ = uint32_t(std::min<uint64_t>(std::bit_ceil(wanted), std::max(kMaxGrownCapacity, capacity_)));
  }
  std::memset(area, 0, used);
  header->printfReserved = 0;
  header->printfDroppedMessages = 0;

  std::optional<KernelTrap> trap;
  if (header->trapKind != abi::kTrapNone) {
    const bool assertion = header->trapKind == abi::kTrapAssert;
    char where[160];
    std::snprintf(where, sizeof where, "in block [%u,%u,%u], thread [%u,%u,%u]", header->trapBlock[0],
                  header->trapBlock[1], header->trapBlock[2], header->trapThread[0], header->trapThread[1],
                  header->trapThread[2]);
    std::string what;
    switch (header->trapKind) {
    case abi::kTrapAssert: what = "device-side assertion failed "; break;
    case abi::kTrapGridSyncTimeout:
      what = "grid.sync() timed out after " + std::to_string(device_.context().options().gridSyncTimeoutMs) +
             " ms (HIPVK_GRID_SYNC_TIMEOUT_MS): not every block of the grid reached it; first to stop: ";
      break;
    case abi::kTrapGridSyncNotCooperative:
      what = "grid.sync() in a kernel not launched with hipLaunchCooperativeKernel (no grid barrier), ";
      break;
    default: what = "device-side trap (abort, __trap) "; break;
    }
    std::string report = "hipvk: kernel '" + kernelOfLaunch(header->trapLaunchIndex) + "' stopped: " + what + where +
                         (assertion ? " (hipErrorAssert)" : " (hipErrorLaunchFailure)");
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", report.c_str());
    trap.emplace(assertion ? hipErrorAssert : hipErrorLaunchFailure, report);
    std::memset(header, 0, offsetof(abi::ServiceHeader, printfCapacity));
  }
  launchRuns_.clear();
  launchCount_ = 0;
  // A new size (hipDeviceSetLimit, or growth after an overflow) takes effect now that the device
  // is idle: the next launch allocates it.
  if (wantedCapacity() != capacity_) buffer_.reset();
  if (trap) throw *trap;
}

void ServiceBuffer::release() {
  std::lock_guard lock(mutex_);
  buffer_.reset();
  grownCapacity_ = 0;
  launchRuns_.clear();
  launchCount_ = 0;
}

}  // namespace hipvk
