// The format cases of the printf test, written once: the device prints each with printf, the host
// formats the same format and arguments with snprintf (glibc is the reference). PRINTF_CASES(X)
// expands X(format, arguments...) once per case; every format ends in a newline on both sides.
#pragma once

#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>

// Strings in every kind of device memory the %s conversion must read.
#define PRINTF_CONSTANT_TEXT "from __constant__ memory"
#define PRINTF_DEVICE_TEXT "from a __device__ variable"

#define PRINTF_CASES(X)                                                                                              \
  X("plain text, no conversions")                                                                                    \
  X("int %d %i %d %i %d", 0, -1, 123456, INT_MAX, INT_MIN)                                                           \
  X("unsigned %u %u %u", 0u, 42u, 4294967295u)                                                                       \
  X("hex %x %X %#x %#X %08x %#010x", 0xdeadbeefu, 0xdeadbeefu, 255u, 255u, 0x1fu, 0xabcu)                            \
  X("octal %o %#o %#o %5o|", 8u, 8u, 0u, 511u)                                                                       \
  X("char %c%c%c [%3c] [%-3c]", 'H', 'i', '!', 'x', 'y')                                                             \
  X("flags [%+d] [% d] [%-6d] [%06d] [%+06d] [%-+6d] [% 05d]", 42, 42, 42, -42, 42, -42, 7)                          \
  X("precision [%5.3d] [%-5.3d] [%.0d] [%.0x] [%#.3o] [%.10u]", 7, 7, 0, 0u, 8u, 99u)                                \
  X("strings [%10s] [%-10s] [%.3s] [%10.2s] [%s]", "right", "left", "truncate", "ab", "")                            \
  X("fixed %f %F %.0f %.0f %.10f %#.0f %8.3f|%-8.3f|", 3.14159, -2.5, 2.5, 3.5, 1.0 / 3, 7.0, 2.0, -2.0)             \
  X("exponent %e %E %.2e %+.3E %e", 12345.678, 0.000123, -1e300, 6.02214076e23, 0.0)                                \
  X("general %g %G %g %g %#g %.3g %.15g %.17g", 100000.0, 1e-5, 1e15, 0.0001, 1.5, 3.14159, 0.1, 0.1)                \
  X("hexfloat %a %A %.2a %a", 1.0, -0.1, 3.0, 0x1p-1074)                                                              \
  X("special %f %e %g %F %E %G", INFINITY, -INFINITY, NAN, INFINITY, NAN, -INFINITY)                                 \
  X("float arguments %f %e %g", 1.5f, -0.25f, 3.0e-7f)                                                              \
  X("star [%*d] [%-*d] [%.*f] [%*.*f] [%*d] [%.*d]", 6, 42, 6, 42, 3, 3.14159, 10, 2, 2.71828, -5, 7, -1, 5)         \
  X("hh %hhd %hhu %hhx %hhd", (signed char)-5, (unsigned char)250, 0x1ff, 300)                                       \
  X("h %hd %hu %hx %hd", (short)-300, (unsigned short)65000, 0x12345, 70000)                                         \
  X("l %ld %lu %lx %ld", -5000000000l, 5000000000ul, 0xfedcba9876543210ul, LONG_MIN)                                 \
  X("ll %lld %llu %llx %llo", LLONG_MIN, ULLONG_MAX, 0x0123456789abcdefull, 01234567ull)                             \
  X("z/j/t %zd %zu %zx %jd %ju %td %tx", (ptrdiff_t)-7, (size_t)123456789012, (size_t)0xffff, (intmax_t)-1,          \
    (uintmax_t)18446744073709551615ull, (ptrdiff_t)-99, (ptrdiff_t)255)                                              \
  X("pointer %p %p", (void *)0x1234, (void *)0)                                                                      \
  X("percent %% and %d%%", 50)                                                                                       \
  X("null string [%s] [%.3s] [%10s]", (const char *)0, (const char *)0, (const char *)0)                             \
  X("mixed %s=%d (%5.1f%%) %c %s", "x", 3, 99.5, '!', PRINTF_CONSTANT_TEXT)                                          \
  X("thousands flag in the C locale %'d", 1234567)                                                                   \
  X("a long line: %s %s %s %d", "Lorem ipsum dolor sit amet, consectetur adipiscing elit,",                          \
    "sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.", "Ut enim ad minim veniam.", 2024)
