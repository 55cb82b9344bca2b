// Failed device assertions: ROCm's message on stderr, then the invocation ends with the assert
// trap kind, which the runtime reports as hipErrorAssert (with the block and thread) at the next
// synchronising call.
#include "printf.h"
#include "service.h"

namespace {

[[noreturn]] __device__ void assertionFailed(const char *assertion, const char *file, unsigned int line,
                                             const char *function) {
  // ROCm's text. The strings come from the assert() macro: never null.
  auto length = [](const char *s) {
    uint64_t n = 0;
    while (s[n]) ++n;
    return n + 1;
  };
  const char format[] = "%s:%u: %s: Device-side assertion `%s' failed.\n";
  uint64_t message = __ockl_fprintf_stderr_begin();
  message = __ockl_printf_append_string_n(message, format, sizeof(format), 0);
  message = __ockl_printf_append_string_n(message, file, length(file), 0);
  message = __ockl_printf_append_args(message, 1, line, 0, 0, 0, 0, 0, 0, 0);
  message = __ockl_printf_append_string_n(message, function, length(function), 0);
  __ockl_printf_append_string_n(message, assertion, length(assertion), 1);
  __hipvk_trap(hipvk::abi::kTrapAssert);
}

} // namespace

extern "C" __device__ void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                         const char *function) {
  assertionFailed(assertion, file, line, function);
}

extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line,
                                        const char *function, size_t /*characterSize*/) {
  assertionFailed(message, file, line, function);
}
