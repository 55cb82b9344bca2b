// Failed device assertions: ROCm's message on stderr, then the invocation ends with the assert
// trap kind, which the runtime reports as hipErrorAssert (with the block and thread) at the next
// synchronising call.
#include "printf.h"
#include "service.h"

namespace {

// `*Length`: strlen + 1 of each string.
[[noreturn]] __device__ void assertionFailed(const char *assertion, uint64_t assertionLength, const char *file,
                                             uint64_t fileLength, unsigned int line, const char *function,
                                             uint64_t functionLength) {
  const char format[] = "%s:%u: %s: Device-side assertion `%s' failed.\n";
  uint64_t message = __ockl_fprintf_stderr_begin();
  message = __ockl_printf_append_string_n(message, format, sizeof(format), 0);
  message = __ockl_printf_append_string_n(message, file, fileLength, 0);
  message = __ockl_printf_append_args(message, 1, line, 0, 0, 0, 0, 0, 0, 0);
  message = __ockl_printf_append_string_n(message, function, functionLength, 0);
  __ockl_printf_append_string_n(message, assertion, assertionLength, 1);
  __hipvk_trap(hipvk::abi::kTrapAssert);
}

// The strings come from the assert() macro: never null.
__device__ uint64_t length(const char *s) {
  uint64_t n = 0;
  while (s[n]) ++n;
  return n + 1;
}

} // namespace

// What compiler/lib/MergeAssertionsPass.cpp calls, once per kernel, for the failing assertions
// whose strings are literals: it gives their lengths.
extern "C" __device__ [[noreturn]] __attribute__((noinline)) void __hipvk_assertion_failed(const char *assertion, uint64_t assertionLength, const char *file,
                                                    uint64_t fileLength, unsigned int line, const char *function,
                                                    uint64_t functionLength) {
  assertionFailed(assertion, assertionLength, file, fileLength, line, function, functionLength);
}

// What glibc's assert() calls (through __hipvk_assertion_failed: the library link brings that
// along only for a function that calls it).
extern "C" __device__ void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                         const char *function) {
  __hipvk_assertion_failed(assertion, length(assertion), file, length(file), line, function, length(function));
}

// What CUDA's assert() calls (the same message; characterSize is ignored).
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line,
                                        const char *function, size_t /*characterSize*/) {
  __hipvk_assertion_failed(message, length(message), file, length(file), line, function, length(function));
}
