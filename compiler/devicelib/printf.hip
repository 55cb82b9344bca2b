// Device printf over the service buffer. Clang lowers printf in amdgcn device code (the default
// "hostcall" printf kind) to
//   desc = __ockl_printf_begin(0);
//   desc = __ockl_printf_append_string_n(desc, format, strlen(format) + 1, isLast);
//   desc = __ockl_printf_append_args(desc, n, a0..a6, isLast);        values, up to 7 a call
//   desc = __ockl_printf_append_string_n(desc, s, strlen(s) + 1, isLast); each %s argument
// and returns the last call's result, truncated to int, as printf's value. Clang can send a %s
// argument as a string only when it sees the format; with any other format it sends the pointer
// as a value, and the backend (compiler/lib/PrintfPointers.cpp) turns each such pointer argument
// into a call of __hipvk_printf_append_pointer, which finds out here, from the recorded format,
// whether a %s consumes it. Every string the host prints is therefore copied into the record by
// the device: the host never reads device memory (not host visible on discrete GPUs, and
// possibly changed or freed before the host formats the message).
// Each append writes one chunk (hipvk::abi::PrintfChunk) to the record area; the descriptor
// threads the message through the calls:
//   kPendingHead | stream              begun, no chunk written yet: the next chunk is the head
//   arguments << 32 | area offset of the head   the message's chunks name the head; `arguments`
//                                       counts the arguments recorded after the format
//   kDropped                            a chunk did not fit: the rest of the message is skipped
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
constexpr unsigned kArgumentsShift = 32;
constexpr uint64_t kArgumentsMask = (uint64_t(1) << 30) - 1; // below kDropped
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
// stores, holding `arguments` of the message's arguments (0 for the format); returns the next
// descriptor (or, for the last chunk, printf's result).
template <typename WritePayload>
__device__ uint64_t appendChunk(uint64_t descriptor, uint32_t kindFlags, uint32_t count, uint64_t payloadBytes,
                                uint32_t arguments, uint32_t isLast, WritePayload &&writePayload) {
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
  if (isLast) return 0;
  const uint64_t recorded = head ? 0 : (descriptor >> kArgumentsShift) & kArgumentsMask;
  return ((recorded + arguments) & kArgumentsMask) << kArgumentsShift | message;
}

// The recorded format string of the message `descriptor` continues, read back from its head
// chunk (this invocation wrote it, so its own loads see it).
class RecordedFormat {
public:
  __device__ explicit RecordedFormat(uint64_t descriptor)
      : words_(reinterpret_cast<HIPVK_GLOBAL const uint32_t *>(printfArea() + uint32_t(descriptor))) {
    const uint32_t count = words_[3]; // strlen + 1
    length_ = count ? count - 1 : 0;
    words_ += sizeof(abi::PrintfChunk) / 4;
  }
  __device__ uint32_t size() const { return length_; }
  // The character at `i`, NUL past the end. The area is read in words, as it was written.
  __device__ char operator[](uint32_t i) const {
    return i < length_ ? char(words_[i / 4] >> (8 * (i % 4))) : '\0';
  }

private:
  HIPVK_GLOBAL const uint32_t *words_;
  uint32_t length_;
};

__device__ bool isDigit(char c) { return c >= '0' && c <= '9'; }
__device__ bool isOneOf(char c, const char *set) {
  for (; *set; ++set)
    if (c == *set) return true;
  return false;
}

// Whether argument `index` (0: the first after the format) is the string of a %s conversion,
// counting arguments exactly as the host's formatter consumes them (runtime/execution/printf.cpp): a `*`
// width or precision takes one, every conversion of "diouxXcfFeEgGaApsn" one, %% and
// conversions the host does not know none.
__device__ bool isStringArgument(const RecordedFormat &format, uint64_t index) {
  uint64_t next = 0;
  for (uint32_t i = 0; i < format.size() && next <= index;) {
    if (format[i++] != '%') continue;
    while (isOneOf(format[i], "-+ #0'")) ++i;
    if (format[i] == '*') {
      ++i;
      ++next;
    } else {
      while (isDigit(format[i])) ++i;
    }
    if (format[i] == '.') {
      ++i;
      if (format[i] == '*') {
        ++i;
        ++next;
      } else {
        while (isDigit(format[i])) ++i;
      }
    }
    // One length modifier (hh and ll are two letters), as the host reads them.
    if (format[i] == 'h' || format[i] == 'l') i += format[i + 1] == format[i] ? 2 : 1;
    else if (isOneOf(format[i], "qLjzZt")) ++i;
    if (i >= format.size()) break;
    const char conversion = format[i++];
    if (conversion == 's') {
      if (next == index) return true;
      ++next;
    } else if (isOneOf(conversion, "diouxXcfFeEgGaApn")) {
      ++next;
    }
  }
  return false;
}

__device__ uint64_t appendString(uint64_t descriptor, const char *string, uint64_t length, uint32_t isLast) {
  const uint64_t characters = length ? length - 1 : 0; // longer than any area: dropped
  const bool head = (descriptor & kPendingHead) != 0;
  // A literal goes by address (ModuleConstantsPass.cpp folds the test at compile time).
  if (length && __hipvk_is_module_constant(string))
    return appendChunk(descriptor, abi::kPrintfChunkString | abi::kPrintfChunkStringReference, uint32_t(length),
                       sizeof(uint64_t), head ? 0 : 1, isLast, [&](HIPVK_GLOBAL uint32_t *payload) {
                         const uint64_t address = reinterpret_cast<uint64_t>(string);
                         payload[0] = uint32_t(address);
                         payload[1] = uint32_t(address >> 32);
                       });
  return appendChunk(descriptor, abi::kPrintfChunkString, uint32_t(length), characters, head ? 0 : 1, isLast,
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

__device__ uint64_t appendValues(uint64_t descriptor, uint32_t count, const uint64_t *values, uint32_t isLast) {
  if (count > abi::kPrintfMaxValuesPerChunk) count = abi::kPrintfMaxValuesPerChunk;
  return appendChunk(descriptor, 0, count, uint64_t(count) * 8, count, isLast, [&](HIPVK_GLOBAL uint32_t *payload) {
    for (uint32_t i = 0; i < count; ++i) {
      payload[2 * i] = uint32_t(values[i]);
      payload[2 * i + 1] = uint32_t(values[i] >> 32);
    }
  });
}

} // namespace

extern "C" __device__ uint64_t __ockl_printf_begin(uint64_t /*version*/) { return kPendingHead; }

// ROCm's begin for messages to stderr (its assert message uses it).
extern "C" __device__ uint64_t __ockl_fprintf_stderr_begin() { return kPendingHead | kToStderr; }

// `length` is strlen(string) + 1, or 0 for a null pointer (printed "(null)").
extern "C" __device__ uint64_t __ockl_printf_append_string_n(uint64_t descriptor, const char *string, uint64_t length,
                                                             uint32_t isLast) {
  return appendString(descriptor, string, length, isLast);
}

extern "C" __device__ uint64_t __ockl_printf_append_args(uint64_t descriptor, uint32_t count, uint64_t value0,
                                                         uint64_t value1, uint64_t value2, uint64_t value3,
                                                         uint64_t value4, uint64_t value5, uint64_t value6,
                                                         uint32_t isLast) {
  const uint64_t values[abi::kPrintfMaxValuesPerChunk] = {value0, value1, value2, value3, value4, value5, value6};
  return appendValues(descriptor, count, values, isLast);
}

// A pointer argument of a printf whose format the compiler could not see: the string it points
// to when the recorded format consumes it with %s, else its address as a value (%p). The pointer
// keeps its memory space through inlining, so strings in __constant__, __device__, global,
// __shared__ and local memory are all read here, on the device.
extern "C" __device__ uint64_t __hipvk_printf_append_pointer(uint64_t descriptor, const char *pointer,
                                                             uint32_t isLast) {
  if (!(descriptor & (kPendingHead | kDropped)) &&
      isStringArgument(RecordedFormat(descriptor), (descriptor >> kArgumentsShift) & kArgumentsMask)) {
    uint64_t length = 0;
    if (pointer)
      while (pointer[length++]) {
      }
    return appendString(descriptor, pointer, length, isLast);
  }
  const uint64_t value = reinterpret_cast<uint64_t>(pointer);
  return appendValues(descriptor, 1, &value, isLast);
}
