// Formatting of device printf messages on the host: the C format language of the device's format
// string, applied to the arguments the device recorded. The format string comes from the device,
// so it is parsed here and never handed to the C library as it is: each conversion is checked and
// rebuilt from its parsed parts, then formatted alone by snprintf with an argument of the type the
// rebuilt conversion names. glibc's printf is the reference for the output.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace hipvk {

// One argument as the device recorded it: the 64 bits Clang passed (integers zero- or
// sign-extended from their promoted type, floating-point values as double bits, pointers as
// addresses), or the string of a %s argument, which the device copied into the record (no text: a
// null pointer). The host never reads device memory for a string: it may not be host visible,
// and it may have changed since the kernel printed.
struct PrintfArgument {
  enum class Kind { Value, String, NullString };
  Kind kind = Kind::Value;
  uint64_t value = 0;
  std::string text;
};

// printf(format, args...) as glibc would print it, except: widths and precisions are capped at
// kMaxPrintfFieldWidth; %n consumes its argument and prints nothing (the device's variable is not
// written); conversions without a fitting argument and unknown ones (%m among them) print as
// written, and so does a %s whose argument is a value other than 0 (an integer the device did
// not know to be a string).
std::string formatPrintf(std::string_view format, std::span<const PrintfArgument> args);

inline constexpr int kMaxPrintfFieldWidth = 1 << 20;

}  // namespace hipvk
