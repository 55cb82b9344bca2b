// assert(), __trap(), abort() and __builtin_trap() in device code: ROCm's assertion message on
// stderr for each failing thread, hipvk's report naming the kernel, block and thread, the error
// ROCm's HIP returns at the next synchronising call (hipErrorAssert, hipErrorLaunchFailure; once,
// then the device works on), no hang when a thread stops before a barrier its block waits at, and
// correct results from the launches that follow.
#include "assert_trap.h"
#include "capture.h"
#include "test_common.h"

#include <cstring>
#include <string>
#include <vector>

namespace {

int occurrences(const std::string &text, const std::string &what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

void expect_contains(const char *what, const std::string &text, const std::string &part) {
  if (text.find(part) != std::string::npos) return;
  e2e::report_mismatch(what, 0, text.substr(0, 400).c_str(), part.c_str());
}

// A failed assert() in 3 of 1000 elements, 256-thread blocks: one message per failing thread, the
// report, hipErrorAssert from hipDeviceSynchronize and from hipGetLastError (once each).
void test_assert() {
  constexpr int n = 1000;
  std::vector<float> data(n);
  for (int i = 0; i < n; ++i) data[i] = float(i % 100) / 10.0f;  // within [0, 10)
  const int bad[] = {3, 517, 999};  // blocks 0, 2 and 3
  for (int i : bad) data[i] = -1.0f;
  e2e::DeviceBuffer<float> d_data(n);
  e2e::DeviceBuffer<int> d_accepted(n);
  d_data.upload(data);
  HIP_CHECK(hipMemset(d_accepted, 0, d_accepted.bytes()));

  CapturedOutput capture;
  launch_validate_range<float>(d_data, n, 0.0f, 10.0f, d_accepted, 256);
  hipError_t launched = hipGetLastError();
  hipError_t synchronized = hipDeviceSynchronize();
  hipError_t last = hipGetLastError(), after = hipGetLastError();
  capture.finish();
  HIP_CHECK(launched);
  e2e::expect_eq("hipDeviceSynchronize after a failed assert", 0, synchronized, hipErrorAssert);
  e2e::expect_eq("hipGetLastError after a failed assert", 0, last, hipErrorAssert);
  e2e::expect_eq("hipGetLastError once more", 0, after, hipSuccess);
  e2e::check(std::strcmp(hipGetErrorName(hipErrorAssert), "hipErrorAssert") == 0, "hipGetErrorName(hipErrorAssert)");

  // ROCm's text: "<file>:<line>: <function>: Device-side assertion `<expression>' failed."
  const std::string message = std::string(ASSERT_TRAP_KERNELS_FILE) + ":" + std::to_string(kValidateAssertLine) +
                              ": void validate_range(const T *, int, T, T, int *) [T = float]: Device-side assertion "
                              "`in_range(data[i], lo, hi)' failed.\n";
  e2e::expect_eq("assertion messages (one per failing thread)", 0, occurrences(capture.err(), message), 3);
  expect_contains("report", capture.err(), "hipvk: kernel 'void validate_range<float>(float const*, int, float, float, int*)' "
                                            "stopped: device-side assertion failed in block [");
  e2e::check(capture.out().empty(), "nothing on stdout");
  // The failing threads stopped; the others ran to completion.
  std::vector<int> accepted(n);
  d_accepted.download(accepted);
  for (int i = 0; i < n; ++i)
    e2e::expect_eq("accepted", i, accepted[i], i == bad[0] || i == bad[1] || i == bad[2] ? 0 : 1);

  // The device works on: the same kernel on good data, and another instantiation.
  data[3] = data[517] = data[999] = 5.0f;
  d_data.upload(data);
  HIP_CHECK(hipMemset(d_accepted, 0, d_accepted.bytes()));
  launch_validate_range<float>(d_data, n, 0.0f, 10.0f, d_accepted, 128);
  HIP_CHECK_LAUNCH();
  d_accepted.download(accepted);
  for (int i = 0; i < n; ++i) e2e::expect_eq("accepted after the failed launch", i, accepted[i], 1);
  std::vector<int> ints(n);
  for (int i = 0; i < n; ++i) ints[i] = i;
  e2e::DeviceBuffer<int> d_ints(n);
  d_ints.upload(ints);
  launch_validate_range<int>(d_ints, n, 0, n - 1, d_accepted, 64);
  HIP_CHECK_LAUNCH();
}

// __trap() on bad input: hipErrorLaunchFailure at the blocking copy that follows (any
// synchronising call reports it), then good launches work.
// Four threads of a 300-record launch fail four different checks of one kernel.
void test_several_assertions() {
  constexpr int n = 300;
  std::vector<int> keys(n), values(n);
  for (int i = 0; i < n; ++i) keys[i] = i * 3, values[i] = i + 1 + (i % 3 == 0 ? 1000 : 0);
  for (int i = 0; i < n; ++i)
    if (keys[i] == values[i] || keys[i] == values[i] + 1) values[i] += 5000;
  keys[5] = -4;                  // assert(keys[i] >= 0)
  values[130] = 0;               // check_positive
  keys[200] = values[200] + 1;   // the loop's assert, second round
  keys[299] = kReservedKey;      // the run-time message
  e2e::DeviceBuffer<int> d_keys(n), d_values(n), d_checked(n);
  d_keys.upload(keys);
  d_values.upload(values);
  HIP_CHECK(hipMemset(d_checked, 0, d_checked.bytes()));
  CapturedOutput capture;
  launch_check_records(d_keys, d_values, n, d_checked);
  hipError_t synchronized = hipDeviceSynchronize();
  (void)hipGetLastError();
  capture.finish();
  e2e::expect_eq("hipDeviceSynchronize after failed assertions", 0, synchronized, hipErrorAssert);
  const std::string file = ASSERT_TRAP_KERNELS_FILE;
  const std::string records = ": void check_records(const int *, const int *, int, int *): Device-side assertion `";
  const std::pair<std::string, const char *> messages[] = {
      {file + ":" + std::to_string(kRecordsLine) + records + "keys[i] >= 0' failed.\n", "keys[i] >= 0"},
      {file + ":" + std::to_string(kPositiveLine) + ": void check_positive(int): Device-side assertion `value > 0' failed.\n",
       "value > 0 (device function)"},
      {file + ":" + std::to_string(kRecordsLine + 2) + records + "keys[i] != values[i] + j' failed.\n", "the loop's assert"},
      {file + ":" + std::to_string(kRecordsLine + 6) + ": check_records: Device-side assertion `key 9 is reserved' failed.\n",
       "the run-time message"},
  };
  for (const auto &[message, what] : messages) e2e::expect_eq(what, 0, occurrences(capture.err(), message), 1);
  e2e::expect_eq("assertion messages", 0, occurrences(capture.err(), "Device-side assertion"), 4);
  std::vector<int> checked(n);
  d_checked.download(checked);
  for (int i = 0; i < n; ++i) e2e::expect_eq("checked", i, checked[i], i == 5 || i == 130 || i == 200 || i == 299 ? 0 : 1);
}

void test_trap() {
  constexpr int n = 500;
  std::vector<float> data(n), out(n);
  for (int i = 0; i < n; ++i) data[i] = float(i);
  e2e::DeviceBuffer<float> d_data(n), d_out(n);
  d_data.upload(data);

  CapturedOutput capture;
  launch_normalize(d_data, d_out, n, 0.0f);
  hipError_t launched = hipGetLastError();
  hipError_t copied = hipMemcpy(out.data(), d_out, d_out.bytes(), hipMemcpyDeviceToHost);
  hipError_t again = hipStreamSynchronize(nullptr);
  hipError_t last = hipGetLastError();
  capture.finish();
  HIP_CHECK(launched);
  e2e::expect_eq("blocking copy after __trap()", 0, copied, hipErrorLaunchFailure);
  e2e::expect_eq("the error is reported once", 0, again, hipSuccess);
  e2e::expect_eq("hipGetLastError after the trap", 0, last, hipErrorLaunchFailure);
  expect_contains("trap report", capture.err(),
                  "hipvk: kernel 'normalize(float const*, float*, int, float)' stopped: device-side trap");

  launch_normalize(d_data, d_out, n, 4.0f);
  HIP_CHECK_LAUNCH();
  d_out.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_eq("normalize after the trap", i, out[i], data[i] / 4.0f);
}

// Threads that stop in front of __syncthreads() in 256-thread blocks (one thread, a whole block;
// each way of stopping): the launch ends (no hang), the error is reported, and the next launch
// reverses every block correctly.
void test_stop_before_barrier() {
  constexpr int blocks = 8, n = blocks * 256;
  std::vector<int> data(n), out(n);
  for (int i = 0; i < n; ++i) data[i] = i * 7 + 1;
  e2e::DeviceBuffer<int> d_data(n), d_out(n);
  d_data.upload(data);
  struct Case {
    Stop how;
    int block, thread;
    const char *report;
  };
  const Case cases[] = {{Stop::Trap, 3, 17, "in block [3,0,0], thread [17,0,0]"},
                        {Stop::Abort, 0, 255, "in block [0,0,0], thread [255,0,0]"},
                        {Stop::BuiltinTrap, 7, 0, "in block [7,0,0], thread [0,0,0]"},
                        {Stop::Trap, 5, -1, "in block [5,0,0], thread ["}};
  for (const Case &c : cases) {
    CapturedOutput capture;
    launch_reverse_blocks(d_data, d_out, blocks, c.block, c.thread, c.how);
    hipError_t synchronized = hipDeviceSynchronize();
    capture.finish();
    e2e::expect_eq("hipDeviceSynchronize after a stop before a barrier", c.block * 1000 + c.thread, synchronized,
                   hipErrorLaunchFailure);
    expect_contains("stop report", capture.err(), std::string("device-side trap (abort, __trap) ") + c.report);
    (void)hipGetLastError();

    launch_reverse_blocks(d_data, d_out, blocks, -1, 0, Stop::Trap);
    HIP_CHECK_LAUNCH();
    d_out.download(out);
    for (int i = 0; i < n; ++i) e2e::expect_eq("reversed after the stop", i, out[i], data[(i / 256) * 256 + 255 - i % 256]);
  }
}

// Two failing launches before one synchronisation: one error, for the first of them.
void test_first_trap_wins() {
  constexpr int n = 256;
  std::vector<float> data(n, 20.0f);
  e2e::DeviceBuffer<float> d_data(n), d_out(n);
  e2e::DeviceBuffer<int> d_accepted(n);
  d_data.upload(data);
  CapturedOutput capture;
  launch_normalize(d_data, d_out, n, 0.0f);
  launch_validate_range<float>(d_data, n, 0.0f, 10.0f, d_accepted, 256);
  hipError_t synchronized = hipDeviceSynchronize();
  capture.finish();
  e2e::expect_eq("two failing launches: the first one's error", 0, synchronized, hipErrorLaunchFailure);
  expect_contains("the first failing launch is reported", capture.err(), "hipvk: kernel 'normalize(");
  e2e::expect_eq("the second launch's asserts still print", 0,
                 occurrences(capture.err(), "Device-side assertion `in_range(data[i], lo, hi)' failed."), n);
  (void)hipGetLastError();
  HIP_CHECK(hipDeviceSynchronize());
}

}  // namespace

int main() {
  test_assert();
  test_several_assertions();
  test_trap();
  test_stop_before_barrier();
  test_first_trap_wins();
  return e2e::finish("assert_trap");
}
