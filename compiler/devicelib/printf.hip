// Device printf over the service buffer. Clang lowers printf in amdgcn device code (the default
// "hostcall" printf kind) to
//   desc = __ockl_printf_begin(0);
//   desc = __ockl_printf_append_string_n(desc, format, strlen(format) + 1, isLast);
//   desc = __ockl_printf_append_args(desc, n, a0..a6, isLast);        values, up to 7 a call
//   desc = __ockl_printf_append_string_n(desc, s, strlen(s) + 1, isLast); each %s argument
// and returns the last call's result, truncated to int, as printf's value. Each append writes one
// chunk (hipvk::abi::PrintfChunk) to the record area; the descriptor threads the message through
// the calls:
//   kPendingHead | stream   begun, no chunk written yet: the next chunk is the message's head
//   area offset of the head  the message's chunks name it
//   kDropped                 a chunk did not fit: the rest of the message is skipped
// printf returns 0 when the whole message was recorded and -1 when it was (partly) dropped; the
// runtime reports dropped messages when it prints the others.
#include "printf.h"
#include "service.h"

namespace {

using namespace hipvk;
using namespace hipvk::devicelib;

constexpr uint64_t kPendingHead = uint64_t(1) << 63;
constexpr uint64_t kDropped = uint64_t(1) << 62;
constexpr uint64_t kToStderr = 1; // with kPendingHead
constexpr uint32_t kNoSpace = ~0u;

// The chunk's size in the area; kNoSpace for payloads no area holds.
__device__ uint32_t alignedChunkBytes(uint64_t payloadBytes) {
  if (payloadBytes > ~0u / 2) return kNoSpace;
  uint64_t bytes = sizeof(abi::PrintfChunk) + payloadBytes;
  return uint32_t((bytes + abi::kPrintfChunkAlignment - 1) / abi::kPrintfChunkAlignment * abi::kPrintfChunkAlignment);
}

// Reserves `bytes` of the record area; kNoSpace when they do not fit. Once the area is full the
// counter is no longer advanced, so it cannot wrap however much a launch prints.
__device__ uint32_t reserve(HIPVK_GLOBAL abi::ServiceHeader *header, uint32_t bytes) {
  uint32_t capacity = header->printfCapacity;
  if (bytes > capacity || atomicLoadAgent(&header->printfReserved) > capacity - bytes) return kNoSpace;
  uint32_t offset = atomicAddAgent(&header->printfReserved, bytes);
  return offset > capacity - bytes ? kNoSpace : offset;
}

// Appends one chunk of `payloadBytes` whose payload `writePayload(HIPVK_GLOBAL uint32_t *)`
// stores; returns the next descriptor (or, for the last chunk, printf's result).
template <typename WritePayload>
__device__ uint64_t appendChunk(uint64_t descriptor, uint32_t kindFlags, uint32_t count, uint64_t payloadBytes,
                                uint32_t isLast, WritePayload &&writePayload) {
  const uint64_t failed = isLast ? ~uint64_t(0) : kDropped;
  if (descriptor & kDropped) return failed;
  HIPVK_GLOBAL abi::ServiceHeader *header = serviceHeader();
  const bool head = (descriptor & kPendingHead) != 0;
  uint32_t bytes = alignedChunkBytes(payloadBytes);
  uint32_t offset = bytes == kNoSpace ? kNoSpace : reserve(header, bytes);
  if (offset == kNoSpace) {
    // A message without its head is counted here; one that lost a later chunk, by the host.
    if (head) atomicAddAgent(&header->printfDroppedMessages, 1);
    return failed;
  }
  uint32_t flags = kindFlags | (isLast ? abi::kPrintfChunkLast : 0);
  if (head) flags |= abi::kPrintfChunkHead | ((descriptor & kToStderr) ? abi::kPrintfChunkStderr : 0);
  const uint32_t message = head ? offset : uint32_t(descriptor);
  auto *chunk = reinterpret_cast<HIPVK_GLOBAL uint32_t *>(printfArea() + offset);
  chunk[0] = bytes;
  chunk[1] = flags;
  chunk[2] = message;
  chunk[3] = count;
  writePayload(chunk + sizeof(abi::PrintfChunk) / 4);
  return isLast ? 0 : message;
}

} // namespace

extern "C" __device__ uint64_t __ockl_printf_begin(uint64_t /*version*/) { return kPendingHead; }

// ROCm's begin for messages to stderr (its assert message uses it).
extern "C" __device__ uint64_t __ockl_fprintf_stderr_begin() { return kPendingHead | kToStderr; }

// `length` is strlen(string) + 1, or 0 for a null pointer (printed "(null)").
extern "C" __device__ uint64_t __ockl_printf_append_string_n(uint64_t descriptor, const char *string, uint64_t length,
                                                             uint32_t isLast) {
  const uint64_t characters = length ? length - 1 : 0; // longer than any area: dropped
  return appendChunk(descriptor, abi::kPrintfChunkString, uint32_t(length), characters, isLast,
                     [&](HIPVK_GLOBAL uint32_t *payload) {
                       // Whole words: no 8-bit stores to global memory.
                       for (uint64_t i = 0; i < characters; i += 4) {
                         uint32_t word = 0;
                         for (uint64_t j = 0; j < 4 && i + j < characters; ++j)
                           word |= uint32_t(static_cast<unsigned char>(string[i + j])) << (8 * j);
                         payload[i / 4] = word;
                       }
                     });
}

extern "C" __device__ uint64_t __ockl_printf_append_args(uint64_t descriptor, uint32_t count, uint64_t value0,
                                                         uint64_t value1, uint64_t value2, uint64_t value3,
                                                         uint64_t value4, uint64_t value5, uint64_t value6,
                                                         uint32_t isLast) {
  if (count > abi::kPrintfMaxValuesPerChunk) count = abi::kPrintfMaxValuesPerChunk;
  return appendChunk(descriptor, 0, count, uint64_t(count) * 8, isLast, [&](HIPVK_GLOBAL uint32_t *payload) {
    const uint64_t values[abi::kPrintfMaxValuesPerChunk] = {value0, value1, value2, value3, value4, value5, value6};
    for (uint32_t i = 0; i < count; ++i) {
      payload[2 * i] = uint32_t(values[i]);
      payload[2 * i + 1] = uint32_t(values[i] >> 32);
    }
  });
}
