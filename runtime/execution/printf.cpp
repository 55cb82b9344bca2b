#include "execution/printf.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cwchar>
#include <optional>
#include <vector>

namespace hipvk {
namespace {

// The length modifiers of C's format language.
enum class Length { None, Char, Short, Long, LongLong, LongDouble, IntMax, Size, PtrDiff };

// One parsed conversion specification.
struct Conversion {
  std::string flags;  // from "-+ #0'", each at most once, in the order written
  std::optional<int> width;
  std::optional<int> precision;
  Length length = Length::None;
  char conversion = 0;
};

// The spec's parts as a format string for snprintf, with `hostLength` as its length modifier.
std::string rebuild(const Conversion &c, std::string_view hostLength, char conversion) {
  std::string spec = "%" + c.flags;
  if (c.width) spec += std::to_string(*c.width);
  if (c.precision) spec += "." + std::to_string(*c.precision);
  spec += hostLength;
  spec += conversion;
  return spec;
}

// snprintf of one rebuilt conversion and one argument.
template <typename Value>
void appendFormatted(std::string &out, const std::string &spec, Value value) {
  char small[256];
  int n = std::snprintf(small, sizeof small, spec.c_str(), value);
  if (n < 0) return;  // e.g. %lc of a character the C locale cannot encode: glibc prints nothing either
  if (size_t(n) < sizeof small) {
    out.append(small, size_t(n));
    return;
  }
  std::vector<char> large(size_t(n) + 1);
  std::snprintf(large.data(), large.size(), spec.c_str(), value);
  out.append(large.data(), size_t(n));
}

// The value an integer conversion prints, from the 64 bits the device sent.
long long signedValue(uint64_t bits, Length length) {
  switch (length) {
  case Length::Char: return static_cast<signed char>(bits);
  case Length::Short: return static_cast<short>(bits);
  case Length::None: return static_cast<int>(bits);
  default: return static_cast<long long>(bits);  // l, ll, j, z, t: 64 bits on the device
  }
}

unsigned long long unsignedValue(uint64_t bits, Length length) {
  switch (length) {
  case Length::Char: return static_cast<unsigned char>(bits);
  case Length::Short: return static_cast<unsigned short>(bits);
  case Length::None: return static_cast<unsigned>(bits);
  default: return bits;
  }
}

class Formatter {
 public:
  Formatter(std::string_view format, std::span<const PrintfArgument> args) : format_(format), args_(args) {}

  std::string run() {
    for (size_t i = 0; i < format_.size();) {
      size_t percent = format_.find('%', i);
      out_.append(format_.substr(i, percent == std::string_view::npos ? std::string_view::npos : percent - i));
      if (percent == std::string_view::npos) break;
      i = conversionAt(percent);
    }
    return std::move(out_);
  }

 private:
  const PrintfArgument *nextArgument() { return next_ < args_.size() ? &args_[next_++] : nullptr; }

  // A `*` width or precision: an int argument.
  std::optional<int> starArgument() {
    const PrintfArgument *arg = nextArgument();
    if (!arg || arg->kind != PrintfArgument::Kind::Value) return std::nullopt;
    return static_cast<int>(arg->value);
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  int digitsAt(size_t &i) const {
    long long v = 0;
    for (; i < format_.size() && isDigit(format_[i]); ++i) v = std::min<long long>(v * 10 + (format_[i] - '0'), kMaxPrintfFieldWidth);
    return int(v);
  }

  // Formats the conversion starting at format_[start] == '%'; returns the index after it.
  size_t conversionAt(size_t start) {
    size_t i = start + 1;
    Conversion c;
    bool valid = true;
    for (; i < format_.size() && std::string_view("-+ #0'").find(format_[i]) != std::string_view::npos; ++i)
      if (c.flags.find(format_[i]) == std::string::npos) c.flags += format_[i];
    if (i < format_.size() && format_[i] == '*') {
      ++i;
      std::optional<int> w = starArgument();
      valid &= w.has_value();
      if (w && *w < 0) {  // a negative width is the '-' flag and its magnitude
        if (c.flags.find('-') == std::string::npos) c.flags += '-';
        c.width = int(std::min<long long>(-static_cast<long long>(*w), kMaxPrintfFieldWidth));
      } else if (w) {
        c.width = std::min(*w, kMaxPrintfFieldWidth);
      }
    } else if (i < format_.size() && isDigit(format_[i])) {
      c.width = digitsAt(i);
    }
    if (i < format_.size() && format_[i] == '.') {
      ++i;
      if (i < format_.size() && format_[i] == '*') {
        ++i;
        std::optional<int> p = starArgument();
        valid &= p.has_value();
        if (p && *p >= 0) c.precision = std::min(*p, kMaxPrintfFieldWidth);  // negative: as if omitted
      } else {
        c.precision = digitsAt(i);
      }
    }
    i = lengthAt(i, c.length);
    if (i >= format_.size()) {  // a format ending inside a conversion prints it as written
      out_.append(format_.substr(start));
      return format_.size();
    }
    c.conversion = format_[i++];
    if (!valid || !convert(c)) out_.append(format_.substr(start, i - start));
    return i;
  }

  size_t lengthAt(size_t i, Length &length) const {
    auto at = [&](size_t k) { return i + k < format_.size() ? format_[i + k] : '\0'; };
    switch (at(0)) {
    case 'h': length = at(1) == 'h' ? Length::Char : Length::Short; return i + (at(1) == 'h' ? 2 : 1);
    case 'l': length = at(1) == 'l' ? Length::LongLong : Length::Long; return i + (at(1) == 'l' ? 2 : 1);
    case 'q': length = Length::LongLong; return i + 1;
    case 'L': length = Length::LongDouble; return i + 1;
    case 'j': length = Length::IntMax; return i + 1;
    case 'z': case 'Z': length = Length::Size; return i + 1;
    case 't': length = Length::PtrDiff; return i + 1;
    default: return i;
    }
  }

  // Appends one conversion; false when it cannot be formatted (printed as written instead).
  bool convert(const Conversion &c) {
    switch (c.conversion) {
    case '%': out_ += '%'; return true;
    case 'd': case 'i': {
      const PrintfArgument *arg = valueArgument();
      if (!arg) return false;
      appendFormatted(out_, rebuild(c, "ll", c.conversion), signedValue(arg->value, c.length));
      return true;
    }
    case 'u': case 'o': case 'x': case 'X': {
      const PrintfArgument *arg = valueArgument();
      if (!arg) return false;
      appendFormatted(out_, rebuild(c, "ll", c.conversion), unsignedValue(arg->value, c.length));
      return true;
    }
    case 'c': {
      const PrintfArgument *arg = valueArgument();
      if (!arg) return false;
      if (c.length == Length::Long) appendFormatted(out_, rebuild(c, "l", 'c'), static_cast<wint_t>(arg->value));
      else appendFormatted(out_, rebuild(c, "", 'c'), static_cast<int>(static_cast<unsigned char>(arg->value)));
      return true;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      const PrintfArgument *arg = valueArgument();
      if (!arg) return false;
      double value = std::bit_cast<double>(arg->value);
      if (c.length == Length::LongDouble) appendFormatted(out_, rebuild(c, "L", c.conversion), static_cast<long double>(value));
      else appendFormatted(out_, rebuild(c, "", c.conversion), value);
      return true;
    }
    case 'p': {
      const PrintfArgument *arg = valueArgument();
      if (!arg) return false;
      appendFormatted(out_, rebuild(c, "", 'p'), reinterpret_cast<const void *>(static_cast<uintptr_t>(arg->value)));
      return true;
    }
    case 's': return convertString(c);
    case 'n': return nextArgument() != nullptr;  // nothing to print; the device pointer is not written
    default: return false;
    }
  }

  const PrintfArgument *valueArgument() {
    const PrintfArgument *arg = nextArgument();
    return arg && arg->kind == PrintfArgument::Kind::Value ? arg : nullptr;
  }

  // %s (and %ls, whose bytes Clang sends as they are).
  bool convertString(const Conversion &c) {
    const PrintfArgument *arg = nextArgument();
    if (!arg) return false;
    std::optional<std::string> text;
    switch (arg->kind) {
    case PrintfArgument::Kind::String: text = arg->text; break;
    case PrintfArgument::Kind::NullString: break;
    case PrintfArgument::Kind::Value:
      if (arg->value != 0) return false;  // not a pointer the device saw: no string to print
      break;
    }
    // A null pointer prints as glibc prints it: "(null)", or nothing when the precision would
    // cut that short.
    if (!text) text = c.precision && *c.precision < 6 ? "" : "(null)";
    appendFormatted(out_, rebuild(c, "", 's'), text->c_str());
    return true;
  }

  std::string_view format_;
  std::span<const PrintfArgument> args_;
  size_t next_ = 0;
  std::string out_;
};

}  // namespace

std::string formatPrintf(std::string_view format, std::span<const PrintfArgument> args) {
  return Formatter(format, args).run();
}

}  // namespace hipvk
