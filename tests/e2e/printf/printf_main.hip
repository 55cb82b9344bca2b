// Device printf against glibc: every conversion, flag, width/precision/`*` and length modifier
// (printf_cases.h, formatted by the host's snprintf for the reference), %s of strings in each kind
// of device memory, formats in device memory (strings copied by the device when it prints), many
// threads and blocks (each thread's lines in order, launches in launch order), the synchronising
// calls that print, hipDeviceSetLimit(hipLimitPrintfFifoSize), and a launch beyond the default
// buffer (the dropped messages are counted, the buffer grows, the same launch then prints all).
#include "capture.h"
#include "printf_cases.h"
#include "printf_test.h"
#include "test_common.h"

#include <cstdarg>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

namespace {

std::string formatted(const char *format, ...) __attribute__((format(printf, 1, 2)));
std::string formatted(const char *format, ...) {
  va_list args, copy;
  va_start(args, format);
  va_copy(copy, args);
  std::string text(size_t(std::vsnprintf(nullptr, 0, format, copy)), '\0');
  va_end(copy);
  std::vsnprintf(text.data(), text.size() + 1, format, args);
  va_end(args);
  return text;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line + "\n");
  return lines;
}

// Runs `launch` and the synchronisation that prints its output, capturing stdout and stderr.
template <typename Launch>
std::tuple<hipError_t, std::string, std::string> printed_by(Launch &&launch) {
  CapturedOutput capture;
  launch();
  hipError_t launched = hipGetLastError();
  hipError_t synchronized = hipDeviceSynchronize();
  capture.finish();
  return {launched != hipSuccess ? launched : synchronized, capture.out(), capture.err()};
}

void expect_text(const char *what, const std::string &got, const std::string &want) {
  if (got == want) return;
  size_t at = std::mismatch(got.begin(), got.end(), want.begin(), want.end()).first - got.begin();
  std::string context = "at byte " + std::to_string(at) + ": got \"" + got.substr(at > 40 ? at - 40 : 0, 120) +
                        "\"\n  expected \"" + want.substr(at > 40 ? at - 40 : 0, 120) + "\"";
  e2e::report_mismatch(what, (long long)at, context.c_str(), "the host's snprintf");
}

void test_format_cases() {
  std::string want;
#define HOST_CASE(format, ...) want += formatted(format "\n", ##__VA_ARGS__);
  PRINTF_CASES(HOST_CASE)
#undef HOST_CASE
  auto [status, out, err] = printed_by(launch_format_cases);
  HIP_CHECK(status);
  expect_text("format cases", out, want);
  e2e::check(err.empty(), "format cases print nothing on stderr");
}

void test_string_sources() {
  const char global_text[] = "from hipMalloc'ed memory";
  const char format[] = "format in device memory: %d %s\n";
  char *d_text = nullptr, *d_format = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_text), sizeof global_text));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_format), sizeof format));
  HIP_CHECK(hipMemcpy(d_text, global_text, sizeof global_text, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_format, format, sizeof format, hipMemcpyHostToDevice));
  auto [status, out, err] = printed_by([&] { launch_string_sources(d_text, d_format); });
  HIP_CHECK(status);
  std::string want = formatted("constant: %s|%.4s|\n", PRINTF_CONSTANT_TEXT, PRINTF_CONSTANT_TEXT) +
                     formatted("device: %s|%30s|\n", PRINTF_DEVICE_TEXT, PRINTF_DEVICE_TEXT) +
                     formatted("global: %s|%.5s|%-30s|\n", global_text, global_text, global_text) +
                     "shared: abcdefghijklmno\n" + formatted(format, 42, global_text);
  expect_text("string sources", out, want);
  HIP_CHECK(hipFree(d_text));
  HIP_CHECK(hipFree(d_format));
}

// Formats the compiler cannot see, in global and __shared__ memory, with %s of strings in every
// kind of memory: the device copies each string when it prints. Both the kernel (after printing)
// and the host (with copies queued behind the kernel, before the synchronisation that prints)
// overwrite the strings and formats: a host that read device memory when it formats the messages
// would print the new contents, and could not read device memory at all where it is not host
// visible (a discrete GPU).
void test_strings_through_memory_formats() {
  const char global_text[] = "global text";
  const char memory_format[] = PRINTF_MEMORY_FORMAT;
  char shared_format[64] = PRINTF_SHARED_FORMAT;
  static_assert(sizeof PRINTF_SHARED_FORMAT <= sizeof shared_format);
  char *d_text = nullptr, *d_memory_format = nullptr, *d_shared_format = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_text), sizeof global_text));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_memory_format), sizeof memory_format));
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_shared_format), sizeof shared_format));
  HIP_CHECK(hipMemcpy(d_text, global_text, sizeof global_text, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_memory_format, memory_format, sizeof memory_format, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_shared_format, shared_format, sizeof shared_format, hipMemcpyHostToDevice));
  constexpr int kWidth = 14;
  auto [status, out, err] = printed_by([&] {
    launch_strings_through_memory_formats(d_memory_format, d_shared_format, d_text, nullptr, kWidth);
    HIP_CHECK(hipMemsetAsync(d_text, '?', sizeof global_text - 1, nullptr));
    HIP_CHECK(hipMemsetAsync(d_memory_format, '%', sizeof memory_format - 1, nullptr));
    HIP_CHECK(hipMemcpyAsync(d_shared_format, d_memory_format, sizeof shared_format, hipMemcpyDeviceToDevice, nullptr));
  });
  HIP_CHECK(status);
  const char *shared_text = "abcdefghijklmno";
  std::string want = formatted(PRINTF_MEMORY_FORMAT, 7, PRINTF_CONSTANT_TEXT, PRINTF_DEVICE_TEXT, global_text,
                               shared_text, "ABCDEFG", "(null)", kWidth, global_text, global_text,
                               static_cast<void *>(d_text), 'Z') +
                     formatted(PRINTF_SHARED_FORMAT, shared_text, shared_text, (signed char)-5);
  expect_text("strings through formats in memory", out, want);
  e2e::check(err.empty(), "formats in memory print nothing on stderr");
  // The overwrite really happened before the output was printed (else the test proves nothing).
  char first = 0;
  HIP_CHECK(hipMemcpy(&first, d_text, 1, hipMemcpyDeviceToHost));
  e2e::expect_eq("the global string overwritten", 0, first, '?');
  HIP_CHECK(hipFree(d_text));
  HIP_CHECK(hipFree(d_memory_format));
  HIP_CHECK(hipFree(d_shared_format));
}

// Every synchronising call ROCm's output is complete after prints what the launches before it
// printed, in launch order, whichever of the null stream and hipStreamPerThread (a blocking stream:
// legacy ordering with the null stream) they ran on. The last launch is on the stream each call
// waits for, so that all three have completed when it returns.
void test_flush_points() {
  int *d_value = nullptr;
  HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&d_value), sizeof(int)));
  int host_value = 0;
  const std::vector<std::pair<const char *, std::function<hipError_t()>>> points = {
      {"hipDeviceSynchronize", [] { return hipDeviceSynchronize(); }},
      {"hipStreamSynchronize(null stream)", [] { return hipStreamSynchronize(nullptr); }},
      {"hipStreamSynchronize(hipStreamPerThread)", [] { return hipStreamSynchronize(hipStreamPerThread); }},
      {"hipMemcpy device to host",
       [&] { return hipMemcpy(&host_value, d_value, sizeof host_value, hipMemcpyDeviceToHost); }},
      {"hipMemcpy host to device",
       [&] { return hipMemcpy(d_value, &host_value, sizeof host_value, hipMemcpyHostToDevice); }},
  };
  int tag = 0;
  for (const auto &[name, synchronize] : points) {
    std::string want;
    CapturedOutput capture;
    const bool perThreadLast = std::string(name).find("PerThread") != std::string::npos;
    for (hipStream_t stream : {hipStream_t(nullptr), perThreadLast ? hipStream_t(nullptr) : hipStreamPerThread,
                               perThreadLast ? hipStreamPerThread : hipStream_t(nullptr)}) {
      launch_tagged(tag, stream);
      want += "tag " + std::to_string(tag++) + "\n";
    }
    hipError_t launched = hipGetLastError(), synchronized = synchronize();
    capture.finish();
    HIP_CHECK(launched);
    HIP_CHECK(synchronized);
    expect_text(name, capture.out(), want);
  }
  HIP_CHECK(hipFree(d_value));
}

// The lines of launch `launch` in `printed`, per (block, thread), in the order printed.
using ThreadLines = std::map<std::pair<int, int>, std::vector<std::string>>;

template <typename T>
void test_rows(std::vector<std::string> &printed, ThreadLines &want, int launch, int blocks, int threads, int rows) {
  std::vector<T> values(size_t(blocks) * threads * rows);
  for (size_t i = 0; i < values.size(); ++i) values[i] = T((i * 2654435761u) % 100003) / T(7) - T(5000);
  e2e::DeviceBuffer<T> d_values(values.size());
  d_values.upload(values);
  auto [status, out, err] = printed_by([&] { launch_rows<T>(d_values, launch, blocks, threads, rows); });
  HIP_CHECK(status);
  for (const std::string &line : lines_of(out)) printed.push_back(line);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t)
      for (int r = 0; r < rows; ++r)
        want[{b, t}].push_back(row_line<T>(launch, b, t, r, values[(size_t(b) * threads + t) * rows + r]));
}

// Rows from many threads: lines interleave across threads, but each thread's come in its order
// and every launch's come before the next launch's (printed with one synchronisation each, and
// once with three launches and one synchronisation).
void test_ordering() {
  constexpr int kBlocks = 6, kThreads = 96, kRows = 5;
  std::vector<ThreadLines> want(4);
  std::vector<std::string> printed;
  test_rows<int>(printed, want[0], 0, kBlocks, kThreads, kRows);
  test_rows<float>(printed, want[1], 1, kBlocks, kThreads, kRows);
  // Two launches, one synchronisation: still in launch order.
  {
    std::vector<double> values(size_t(kBlocks) * kThreads * kRows);
    for (size_t i = 0; i < values.size(); ++i) values[i] = std::sqrt(double(i)) * 1e10;
    std::vector<int> ints(values.size());
    for (size_t i = 0; i < ints.size(); ++i) ints[i] = int(i) * -3;
    e2e::DeviceBuffer<double> d_values(values.size());
    e2e::DeviceBuffer<int> d_ints(ints.size());
    d_values.upload(values);
    d_ints.upload(ints);
    auto [status, out, err] = printed_by([&] {
      launch_rows<double>(d_values, 2, kBlocks, kThreads, kRows);
      launch_rows<int>(d_ints, 3, kBlocks, kThreads, kRows);
    });
    HIP_CHECK(status);
    for (const std::string &line : lines_of(out)) printed.push_back(line);
    for (int b = 0; b < kBlocks; ++b)
      for (int t = 0; t < kThreads; ++t)
        for (int r = 0; r < kRows; ++r) {
          size_t i = (size_t(b) * kThreads + t) * kRows + r;
          want[2][{b, t}].push_back(row_line<double>(2, b, t, r, values[i]));
          want[3][{b, t}].push_back(row_line<int>(3, b, t, r, ints[i]));
        }
  }
  std::vector<ThreadLines> got(4);
  int previous_launch = 0;
  for (const std::string &line : printed) {
    int launch = -1, block = -1, thread = -1;
    if (std::sscanf(line.c_str(), "L%d b%d t%d", &launch, &block, &thread) != 3 || launch < 0 || launch > 3) {
      e2e::check(false, ("a well-formed row line: " + line).c_str());
      continue;
    }
    e2e::check(launch >= previous_launch, "launches print in launch order");
    previous_launch = launch;
    got[launch][{block, thread}].push_back(line);
  }
  for (int launch = 0; launch < 4; ++launch) {
    int thread_index = 0;
    for (const auto &[key, lines] : want[launch]) {
      auto it = got[launch].find(key);
      e2e::expect_eq("rows: each thread's lines, in its order", launch * 100000 + thread_index++,
                     int(it != got[launch].end() && it->second == lines), 1);
    }
  }
}

// "hipvk: <n> device printf messages were dropped ..." on stderr: n, or 0 without the notice.
long long dropped_in(const std::string &err) {
  const char *notice = std::strstr(err.c_str(), "hipvk: ");
  long long n = 0;
  if (notice && std::strstr(notice, "dropped")) std::sscanf(notice, "hipvk: %lld", &n);
  return n;
}

// Checks a flood's output: well-formed, distinct lines in each thread's order; returns how many.
long long check_flood(const std::string &out, int lines_per_thread) {
  std::map<std::pair<int, int>, int> next_line;
  std::set<std::tuple<int, int, int>> seen;
  long long count = 0;
  for (const std::string &line : lines_of(out)) {
    int b = -1, t = -1, i = -1;
    char filler[64] = {};
    bool ok = std::sscanf(line.c_str(), "flood b%d t%d i%d %63s", &b, &t, &i, filler) == 4 &&
              std::strcmp(filler, "0123456789abcdefghijklmnopqrstuvwxyz") == 0 && i < lines_per_thread;
    e2e::check(ok, "flood lines are well formed");
    e2e::check(seen.insert({b, t, i}).second, "flood lines are printed once");
    e2e::check(i >= next_line[{b, t}], "flood lines keep each thread's order");
    next_line[{b, t}] = i + 1;
    ++count;
  }
  return count;
}

// A launch printing ~10 MiB into the default 1 MiB buffer: what fits is printed, the rest is
// counted on stderr, never lost silently; the buffer then grows and the same launch prints all.
void test_overflow() {
  size_t fifo = 0;
  HIP_CHECK(hipDeviceGetLimit(&fifo, hipLimitPrintfFifoSize));
  e2e::expect_eq("default printf FIFO size", 0, fifo, size_t(1) << 20);
  constexpr int kBlocks = 64, kThreads = 128, kLines = 8;
  constexpr long long kTotal = 1ll * kBlocks * kThreads * kLines;
  auto [status, out, err] = printed_by([&] { launch_flood(kBlocks, kThreads, kLines); });
  HIP_CHECK(status);
  long long printed = check_flood(out, kLines), dropped = dropped_in(err);
  e2e::check(printed > 0 && dropped > 0, "the first flood overflows the default buffer");
  e2e::expect_eq("printed + dropped flood lines", 0, printed + dropped, kTotal);
  auto [status2, out2, err2] = printed_by([&] { launch_flood(kBlocks, kThreads, kLines); });
  HIP_CHECK(status2);
  e2e::expect_eq("flood lines printed after the buffer grew", 0, check_flood(out2, kLines), kTotal);
  e2e::expect_eq("no notice after the buffer grew", 0, dropped_in(err2), 0);
}

// hipLimitPrintfFifoSize: reported back, applied to the next launches, bounded.
void test_fifo_limit() {
  constexpr size_t kSmall = 4096;
  HIP_CHECK(hipDeviceSetLimit(hipLimitPrintfFifoSize, kSmall));
  size_t fifo = 0;
  HIP_CHECK(hipDeviceGetLimit(&fifo, hipLimitPrintfFifoSize));
  e2e::expect_eq("printf FIFO size set", 0, fifo, kSmall);
  auto [status, out, err] = printed_by([] { launch_flood(1, 64, 2); });
  HIP_CHECK(status);
  long long printed = check_flood(out, 2), dropped = dropped_in(err);
  e2e::check(dropped > 0 && printed < 128, "a 4 KiB buffer drops part of 128 lines");
  e2e::expect_eq("printed + dropped with a 4 KiB buffer", 0, printed + dropped, 128);
  e2e::check(err.find("4096-byte") != std::string::npos, "the notice names the buffer size");
  e2e::expect_eq("a printf FIFO beyond 2 GiB", 0, hipDeviceSetLimit(hipLimitPrintfFifoSize, size_t(1) << 40),
                 hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipDeviceSetLimit(hipLimitPrintfFifoSize, size_t(1) << 20));
  auto [status2, out2, err2] = printed_by([] { launch_flood(1, 64, 2); });
  HIP_CHECK(status2);
  e2e::expect_eq("all 128 lines with 1 MiB", 0, check_flood(out2, 2), 128);
}

}  // namespace

int main() {
  test_format_cases();
  test_string_sources();
  test_strings_through_memory_formats();
  test_flush_points();
  test_ordering();
  test_overflow();
  test_fifo_limit();
  return e2e::finish("printf");
}
