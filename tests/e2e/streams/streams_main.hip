// Streams and events as a program uses them: producer/consumer chains over several streams joined
// by events, callbacks (order, thread), the legacy null stream against blocking and non-blocking
// streams, event timing, destroying a stream with work pending, ROCm's errors for bad handles and
// arguments, several host threads driving their own streams, and a child that exits with work in
// flight. Ordering is proven by gates (host callbacks that hold a stream), never by timing: on a
// device with one queue (lavapipe) streams cannot overlap, but every wait must still be honoured.
#include <hip/hip_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <vector>

#include "streams.h"
#include "test_common.h"

namespace {

using Clock = std::chrono::steady_clock;
std::atomic<int> g_gate_timeouts{0};  // a gate nobody opened: something waited for it wrongly

void expect_error(const char *what, hipError_t got, hipError_t want) {
  if (got != want) std::fprintf(stderr, "%s: got %s, expected %s\n", what, hipGetErrorName(got), hipGetErrorName(want));
  e2e::check(got == want, what);
}

// A host callback that holds its stream until `open` is set (bounded: a broken runtime fails, not
// hangs, the test).
struct Gate {
  std::atomic<bool> entered{false}, open{false};
  std::thread::id thread;
  static void hold(void *self) {
    Gate &g = *static_cast<Gate *>(self);
    g.thread = std::this_thread::get_id();
    g.entered = true;
    auto until = Clock::now() + std::chrono::seconds(20);
    while (!g.open && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!g.open) ++g_gate_timeouts;
  }
};

template <typename T>
T affine(T x, T mul, T add) { return x * mul + add; }

// x -> s0: a = 2x+1 -> (event) s1: b = 3a+7 -> (event) s2: c = b*1+5, with s0 held by a gate at
// first: without the event waits s1/s2 would read stale data.
template <typename T>
void chain(const char *what, int n, std::vector<hipStream_t> streams) {
  std::vector<T> x(n);
  for (int i = 0; i < n; ++i) x[i] = T(i % 97) - T(13);
  T *dx, *da, *db, *dc;
  for (T **p : {&dx, &da, &db, &dc}) HIP_CHECK(hipMalloc(p, n * sizeof(T)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(T), hipMemcpyHostToDevice));
  for (T *p : {da, db, dc}) HIP_CHECK(hipMemset(p, 0, n * sizeof(T)));
  HIP_CHECK(hipDeviceSynchronize());
  hipEvent_t e0, e1;
  HIP_CHECK(hipEventCreateWithFlags(&e0, hipEventDisableTiming));
  HIP_CHECK(hipEventCreate(&e1));
  Gate gate;
  HIP_CHECK(hipLaunchHostFunc(streams[0], Gate::hold, &gate));
  launch_affine<T>(dx, da, T(2), T(1), n, streams[0]);
  HIP_CHECK(hipEventRecord(e0, streams[0]));
  HIP_CHECK(hipStreamWaitEvent(streams[1], e0, 0));
  launch_affine<T>(da, db, T(3), T(7), n, streams[1]);
  HIP_CHECK(hipEventRecord(e1, streams[1]));
  HIP_CHECK(hipStreamWaitEvent(streams[2], e1, 0));
  launch_affine<T>(db, dc, T(1), T(5), n, streams[2]);
  // Everything downstream of the gate is still pending.
  expect_error(what, hipEventQuery(e1), hipErrorNotReady);
  expect_error(what, hipStreamQuery(streams[2]), hipErrorNotReady);
  gate.open = true;
  std::vector<T> c(n);
  HIP_CHECK(hipMemcpyAsync(c.data(), dc, n * sizeof(T), hipMemcpyDeviceToHost, streams[2]));
  HIP_CHECK(hipStreamSynchronize(streams[2]));
  for (int i = 0; i < n; ++i) e2e::expect_eq(what, i, c[i], affine<T>(affine<T>(affine<T>(x[i], 2, 1), 3, 7), 1, 5));
  HIP_CHECK(hipEventQuery(e0));
  HIP_CHECK(hipEventQuery(e1));
  e2e::check(gate.thread != std::this_thread::get_id(), "callbacks run on a runtime thread");
  HIP_CHECK(hipEventDestroy(e0));
  HIP_CHECK(hipEventDestroy(e1));
  for (T *p : {dx, da, db, dc}) HIP_CHECK(hipFree(p));
}

// Callbacks run in stream order, on a thread that is not the caller's, and later work waits.
struct CallbackLog {
  std::atomic<int> next{0};
  int order[8] = {};
  std::thread::id threads[8];
};
struct CallbackArg {
  CallbackLog *log;
  int index;
};
void CALLBACK_record(hipStream_t, hipError_t status, void *p) {
  auto *a = static_cast<CallbackArg *>(p);
  if (a->index == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a slow first one
  a->log->order[a->log->next++] = status == hipSuccess ? a->index : -100;
  a->log->threads[a->index] = std::this_thread::get_id();
}
void host_record(void *p) { CALLBACK_record(nullptr, hipSuccess, p); }

void callbacks() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  CallbackLog log;
  CallbackArg args[6];
  const int n = 517;
  int *d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemsetAsync(d, 0, n * sizeof(int), s));
  for (int k = 0; k < 6; ++k) {
    args[k] = {&log, k};
    launch_affine<int>(d, d, 1, 1, n, s);
    if (k % 2) HIP_CHECK(hipStreamAddCallback(s, CALLBACK_record, &args[k], 0));
    else HIP_CHECK(hipLaunchHostFunc(s, host_record, &args[k]));
  }
  HIP_CHECK(hipStreamSynchronize(s));
  e2e::check(log.next == 6, "every callback ran");
  for (int k = 0; k < 6; ++k) {
    e2e::expect_eq("callback order", k, log.order[k], k);
    e2e::check(log.threads[k] != std::this_thread::get_id(), "callback thread");
  }
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("callback stream data", i, h[i], 6);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
}

// A host waiting for a stream while its callback completes, many times over: the waiter's
// vkWaitSemaphores races the signal of the callback's value. (Signalled from the host, that race
// stalled the Khronos layer for 10 s and failed the validation run in most runs of this loop.)
void callbacks_raced_by_waits() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  const int rounds = 300, n = 33;
  int *d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemsetAsync(d, 0, n * sizeof(int), s));
  std::atomic<int> calls{0};
  auto count = [](void *p) { ++*static_cast<std::atomic<int> *>(p); };
  int seen_before_sync = 0;
  for (int r = 0; r < rounds; ++r) {
    launch_affine<int>(d, d, 1, 1, n, s);
    HIP_CHECK(hipLaunchHostFunc(s, count, &calls));
    HIP_CHECK(hipStreamSynchronize(s));
    seen_before_sync += calls.load() == r + 1;  // the callback of this round has returned
  }
  e2e::expect_eq("callbacks complete before their stream's sync returns", 0, seen_before_sync, rounds);
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("raced callbacks data", i, h[i], rounds);
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
}

// The null stream waits for blocking streams; a non-blocking stream does not wait for it.
void legacy_null_stream() {
  const int n = 1031;
  std::vector<double> x(n);
  for (int i = 0; i < n; ++i) x[i] = i * 0.5 - 100;
  double *dx, *dy, *dz, *dw;
  for (double **p : {&dx, &dy, &dz, &dw}) HIP_CHECK(hipMalloc(p, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(double), hipMemcpyHostToDevice));
  for (double *p : {dy, dz, dw}) HIP_CHECK(hipMemset(p, 0, n * sizeof(double)));
  hipStream_t blocking, blocking2, nonblocking;
  HIP_CHECK(hipStreamCreate(&blocking));
  HIP_CHECK(hipStreamCreate(&blocking2));
  HIP_CHECK(hipStreamCreateWithFlags(&nonblocking, hipStreamNonBlocking));
  Gate gate;
  HIP_CHECK(hipLaunchHostFunc(blocking, Gate::hold, &gate));
  launch_affine<double>(dx, dy, 3.0, 1.0, n, nullptr);        // waits for `blocking` (the gate)
  launch_affine<double>(dy, dw, 2.0, 0.5, n, blocking2);      // waits for the null stream's work
  launch_affine<double>(dx, dz, -1.0, 4.0, n, nonblocking);   // waits for nothing
  // The non-blocking stream finishes while the gate still holds the null stream.
  HIP_CHECK(hipStreamSynchronize(nonblocking));
  e2e::check(!gate.open, "gate still closed");
  std::vector<double> z(n), y(n), w(n);
  HIP_CHECK(hipMemcpyAsync(z.data(), dz, n * sizeof(double), hipMemcpyDeviceToHost, nonblocking));
  for (int i = 0; i < n; ++i) e2e::expect_eq("non-blocking stream not blocked", i, z[i], -x[i] + 4.0);
  expect_error("null stream held by a blocking stream", hipStreamQuery(nullptr), hipErrorNotReady);
  expect_error("blocking stream held by the null stream", hipStreamQuery(blocking2), hipErrorNotReady);
  gate.open = true;
  HIP_CHECK(hipStreamSynchronize(blocking2));
  HIP_CHECK(hipMemcpy(y.data(), dy, n * sizeof(double), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(w.data(), dw, n * sizeof(double), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    e2e::expect_eq("null stream after blocking stream", i, y[i], x[i] * 3.0 + 1.0);
    e2e::expect_eq("blocking stream after null stream", i, w[i], (x[i] * 3.0 + 1.0) * 2.0 + 0.5);
  }
  for (hipStream_t s : {blocking, blocking2, nonblocking}) HIP_CHECK(hipStreamDestroy(s));
  for (double *p : {dx, dy, dz, dw}) HIP_CHECK(hipFree(p));
}

void event_timing() {
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const int n = 8191;
  uint32_t *d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(uint32_t)));
  HIP_CHECK(hipMemsetAsync(d, 0, n * sizeof(uint32_t), s));
  hipEvent_t e[3], untimed, never;
  for (hipEvent_t &ev : e) HIP_CHECK(hipEventCreate(&ev));
  HIP_CHECK(hipEventCreateWithFlags(&untimed, hipEventDisableTiming | hipEventBlockingSync));
  HIP_CHECK(hipEventCreate(&never));
  HIP_CHECK(hipStreamSynchronize(s));
  const auto before = Clock::now();
  HIP_CHECK(hipEventRecord(e[0], s));
  launch_busy(d, n, 2000, s);
  HIP_CHECK(hipEventRecord(e[1], s));
  HIP_CHECK(hipEventRecord(untimed, s));
  launch_busy(d, n, 2000, s);
  HIP_CHECK(hipEventRecord(e[2], s));
  HIP_CHECK(hipEventSynchronize(e[2]));
  const double hostMs = std::chrono::duration<double, std::milli>(Clock::now() - before).count();
  float t01 = -1, t02 = -1, t12 = -1, t00 = -1;
  HIP_CHECK(hipEventElapsedTime(&t01, e[0], e[1]));
  HIP_CHECK(hipEventElapsedTime(&t02, e[0], e[2]));
  HIP_CHECK(hipEventElapsedTime(&t12, e[1], e[2]));
  HIP_CHECK(hipEventElapsedTime(&t00, e[0], e[0]));
  e2e::check(t01 > 0 && t12 > 0 && t02 >= t01 && t02 >= t12, "event times monotonic");
  e2e::check(t02 <= hostMs * 1.05 + 1.0, "event time within host time");
  e2e::check(std::abs(t01 + t12 - t02) <= 0.01 * t02 + 0.01, "event times add up");
  e2e::check(t00 == 0.0f, "elapsed time of an event to itself");
  float ms;
  expect_error("never recorded", hipEventElapsedTime(&ms, e[0], never), hipErrorInvalidHandle);
  expect_error("without timing", hipEventElapsedTime(&ms, e[0], untimed), hipErrorInvalidHandle);
  expect_error("null ms", hipEventElapsedTime(nullptr, e[0], e[1]), hipErrorInvalidValue);
  expect_error("null event", hipEventElapsedTime(&ms, nullptr, e[1]), hipErrorInvalidHandle);
  HIP_CHECK(hipEventQuery(never));        // never recorded: complete
  HIP_CHECK(hipEventSynchronize(never));
  // Re-recorded behind a gate: not ready until it opens.
  Gate gate;
  HIP_CHECK(hipLaunchHostFunc(s, Gate::hold, &gate));
  HIP_CHECK(hipEventRecord(e[1], s));
  expect_error("re-recorded event pending", hipEventQuery(e[1]), hipErrorNotReady);
  (void)hipGetLastError();  // the expected errors above
  expect_error("elapsed of a pending event", hipEventElapsedTime(&ms, e[0], e[1]), hipErrorNotReady);
  // Not ready is an answer, not an error: the last error stays clear (CUDA, HIP 7).
  e2e::check(hipGetLastError() == hipSuccess, "hipErrorNotReady leaves the last error alone");
  gate.open = true;
  HIP_CHECK(hipEventSynchronize(e[1]));
  HIP_CHECK(hipEventElapsedTime(&ms, e[0], e[1]));
  e2e::check(ms >= t02, "re-recorded event later");
  for (hipEvent_t ev : {e[0], e[1], e[2], untimed, never}) HIP_CHECK(hipEventDestroy(ev));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipStreamDestroy(s));
}

void destroy_pending_and_bad_handles() {
  const int n = 333;
  int *d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithPriority(&s, hipStreamDefault, -5));
  int priority = 0;
  HIP_CHECK(hipStreamGetPriority(s, &priority));
  e2e::expect_eq("priority clamped", 0, priority, -1);
  Gate gate;
  HIP_CHECK(hipLaunchHostFunc(s, Gate::hold, &gate));
  HIP_CHECK(hipMemsetD32Async(d, 41, n, s));
  launch_affine<int>(d, d, 1, 1, n, s);
  HIP_CHECK(hipStreamDestroy(s));  // returns at once; the work still completes
  gate.open = true;
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("destroyed stream's work", i, h[i], 42);

  // s is destroyed now.
  expect_error("destroy twice", hipStreamDestroy(s), hipErrorContextIsDestroyed);
  expect_error("sync destroyed", hipStreamSynchronize(s), hipErrorContextIsDestroyed);
  expect_error("query destroyed", hipStreamQuery(s), hipErrorContextIsDestroyed);
  unsigned flags = 99;
  expect_error("flags of destroyed", hipStreamGetFlags(s, &flags), hipErrorInvalidHandle);
  launch_affine<int>(d, d, 1, 1, n, s);
  expect_error("launch on destroyed", hipGetLastError(), hipErrorContextIsDestroyed);
  expect_error("memset on destroyed", hipMemsetAsync(d, 0, 4, s), hipErrorContextIsDestroyed);
  expect_error("destroy null stream", hipStreamDestroy(nullptr), hipErrorInvalidHandle);
  expect_error("destroy per-thread stream", hipStreamDestroy(hipStreamPerThread), hipErrorInvalidHandle);
  expect_error("bad stream flags", hipStreamCreateWithFlags(&s, 7), hipErrorInvalidValue);
  expect_error("flags of null stream", hipStreamGetFlags(nullptr, &flags), hipErrorInvalidValue);
  HIP_CHECK(hipStreamGetFlags(hipStreamPerThread, &flags));
  e2e::expect_eq("per-thread stream flags", 0, flags, 0u);
  hipStream_t nb;
  HIP_CHECK(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking));
  HIP_CHECK(hipStreamGetFlags(nb, &flags));
  e2e::expect_eq("non-blocking flags", 0, flags, unsigned(hipStreamNonBlocking));
  int device = -1;
  HIP_CHECK(hipStreamGetDevice(nb, &device));
  e2e::expect_eq("stream device", 0, device, 0);
  HIP_CHECK(hipStreamAttachMemAsync(nb, d, 0, hipMemAttachSingle));
  hipEvent_t e;
  expect_error("interprocess without DisableTiming", hipEventCreateWithFlags(&e, hipEventInterprocess), hipErrorInvalidValue);
  expect_error("interprocess events", hipEventCreateWithFlags(&e, hipEventInterprocess | hipEventDisableTiming),
               hipErrorNotSupported);
  expect_error("both release flags", hipEventCreateWithFlags(&e, hipEventReleaseToDevice | hipEventReleaseToSystem),
               hipErrorInvalidValue);
  HIP_CHECK(hipEventCreateWithFlags(&e, hipEventReleaseToSystem));
  expect_error("wait flags", hipStreamWaitEvent(nb, e, 1), hipErrorInvalidValue);
  HIP_CHECK(hipStreamWaitEvent(nb, e, 0));  // never recorded: nothing to wait for
  expect_error("record null event", hipEventRecord(nullptr, nb), hipErrorInvalidHandle);
  expect_error("destroy null event", hipEventDestroy(nullptr), hipErrorInvalidHandle);
  HIP_CHECK(hipEventDestroy(e));
  expect_error("destroy event twice", hipEventDestroy(e), hipErrorContextIsDestroyed);
  expect_error("record destroyed event", hipEventRecord(e, nb), hipErrorContextIsDestroyed);
  expect_error("null callback", hipLaunchHostFunc(nb, nullptr, nullptr), hipErrorInvalidValue);
  expect_error("callback flags", hipStreamAddCallback(nb, CALLBACK_record, nullptr, 1), hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(nb));
  HIP_CHECK(hipFree(d));
}

// Several host threads, each with its own streams (and hipStreamPerThread), every result checked.
void stress() {
  const int threads = 4, rounds = 12;
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      const int n = 1000 + 37 * t;
      hipStream_t a, b;
      hipEvent_t e;
      uint64_t *d0, *d1;
      if (hipStreamCreate(&a) || hipStreamCreateWithFlags(&b, hipStreamNonBlocking) || hipEventCreate(&e) ||
          hipMalloc(&d0, n * 8) || hipMalloc(&d1, n * 8)) {
        ++failures;
        return;
      }
      std::vector<uint64_t> in(n), out(n);
      for (int r = 0; r < rounds; ++r) {
        for (int i = 0; i < n; ++i) in[i] = uint64_t(t) << 40 | uint64_t(r) << 20 | uint64_t(i);
        hipStream_t first = r % 3 == 2 ? hipStreamPerThread : a;
        if (hipMemcpyAsync(d0, in.data(), n * 8, hipMemcpyHostToDevice, first)) ++failures;
        launch_affine<uint64_t>(d0, d1, 3, uint64_t(t), n, first);
        if (hipEventRecord(e, first) || hipStreamWaitEvent(b, e, 0)) ++failures;
        launch_affine<uint64_t>(d1, d0, 5, uint64_t(r), n, b);
        if (hipMemcpyAsync(out.data(), d0, n * 8, hipMemcpyDeviceToHost, b) || hipStreamSynchronize(b)) ++failures;
        for (int i = 0; i < n; ++i)
          if (out[i] != (in[i] * 3 + uint64_t(t)) * 5 + uint64_t(r)) {
            ++failures;
            break;
          }
      }
      if (hipStreamDestroy(a) || hipStreamDestroy(b) || hipEventDestroy(e) || hipFree(d0) || hipFree(d1)) ++failures;
    });
  for (std::thread &t : pool) t.join();
  e2e::expect_eq("stress failures", 0, failures.load(), 0);
}

// Short-lived streams, as a library creates them per call. A producer stream uploads pinned input
// (above the copy lane's threshold: under HIPVK_COPY_QUEUE=compute the upload runs on another
// queue, which the producer's kernel waits for) and transforms it; a consumer, the legacy null
// stream or a non-blocking stream waiting for the producer's event, transforms the result and is
// synchronised; then the producer is destroyed at once, while the driver may still be retiring
// the consumer's (or the producer's own kernel's) wait for the producer's timeline
// (runtime/execution/queue.h, TimelinePool: lavapipe crashed there now and then). New streams take over the
// destroyed ones' timelines, going on from their values; the last round's event, kept (its timeline
// stays out of the pool meanwhile), must stay complete after its stream is gone.
void stream_churn() {
  const int n = (1 << 18) + 3, rounds = 120;
  e2e::DeviceBuffer<int> first(n), second(n);
  int *input;
  HIP_CHECK(hipHostMalloc(reinterpret_cast<void **>(&input), n * sizeof(int), hipHostMallocDefault));
  std::vector<int> out(n);
  int wrong = 0, incomplete = 0;
  hipEvent_t previous = nullptr;  // recorded on the last round's producer
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < n; ++i) input[i] = i ^ r;
    hipStream_t producer, consumer = nullptr;
    hipEvent_t produced;
    HIP_CHECK(hipStreamCreate(&producer));
    HIP_CHECK(hipEventCreateWithFlags(&produced, hipEventDisableTiming));
    if (previous) {
      incomplete += hipEventQuery(previous) != hipSuccess;
      HIP_CHECK(hipStreamWaitEvent(producer, previous, 0));
      HIP_CHECK(hipEventDestroy(previous));
    }
    HIP_CHECK(hipMemcpyAsync(first.ptr, input, n * sizeof(int), hipMemcpyHostToDevice, producer));
    launch_affine<int>(first.ptr, second.ptr, 2, 1, n, producer);
    if (r % 2) {
      HIP_CHECK(hipStreamCreateWithFlags(&consumer, hipStreamNonBlocking));
      HIP_CHECK(hipEventRecord(produced, producer));
      HIP_CHECK(hipStreamWaitEvent(consumer, produced, 0));
    }
    launch_affine<int>(second.ptr, first.ptr, 3, r, n, consumer);
    HIP_CHECK(hipStreamSynchronize(consumer));
    HIP_CHECK(hipEventRecord(produced, producer));
    previous = produced;
    HIP_CHECK(hipStreamDestroy(producer));
    if (consumer) HIP_CHECK(hipStreamDestroy(consumer));
    HIP_CHECK(hipMemcpy(out.data(), first.ptr, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) wrong += out[i] != (2 * (i ^ r) + 1) * 3 + r;
  }
  HIP_CHECK(hipEventSynchronize(previous));
  HIP_CHECK(hipEventDestroy(previous));
  HIP_CHECK(hipHostFree(input));
  e2e::expect_eq("churned streams' wrong results", 0, wrong, 0);
  e2e::expect_eq("events of destroyed streams not complete", 0, incomplete, 0);
}

// A child returning from main with work in flight exits with its own status.
void exit_with_work_in_flight(const char *self) {
  std::string dir(self);
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  for (const char *mode : {"", " reset"}) {
    std::string command = dir + "streams_exit 7" + mode + " > /dev/null";
    int status = std::system(command.c_str());
    e2e::check(WIFEXITED(status) && WEXITSTATUS(status) == 7, ("exit status of: " + command).c_str());
  }
}

}  // namespace

// Each kernel once, checked: the checks below launch without looking (as programs do), so a device
// that cannot run them (hipErrorNoBinaryForGpu: a skip) is found here.
void launch_each_kernel_once() {
  e2e::DeviceBuffer<uint64_t> words(64);
  HIP_CHECK(hipMemset(words.ptr, 0, words.bytes()));
  launch_affine<int>(reinterpret_cast<int *>(words.ptr), reinterpret_cast<int *>(words.ptr), 1, 1, 64, nullptr);
  HIP_CHECK(hipGetLastError());
  launch_affine<double>(reinterpret_cast<double *>(words.ptr), reinterpret_cast<double *>(words.ptr), 1, 1, 64, nullptr);
  HIP_CHECK(hipGetLastError());
  launch_affine<uint64_t>(words.ptr, words.ptr, 1, 1, 64, nullptr);
  HIP_CHECK(hipGetLastError());
  launch_busy(reinterpret_cast<uint32_t *>(words.ptr), 64, 1, nullptr);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
}

int main(int, char **argv) {
  launch_each_kernel_once();
  hipStream_t s[4];
  HIP_CHECK(hipStreamCreate(&s[0]));
  HIP_CHECK(hipStreamCreateWithFlags(&s[1], hipStreamNonBlocking));
  HIP_CHECK(hipStreamCreateWithPriority(&s[2], hipStreamNonBlocking, -1));
  HIP_CHECK(hipStreamCreate(&s[3]));
  chain<int>("chain int", 1001, {s[0], s[1], s[2]});
  chain<double>("chain double", 777, {s[1], s[2], s[3]});
  chain<uint64_t>("chain u64", 4097, {s[3], hipStreamPerThread, s[0]});
  for (hipStream_t x : s) HIP_CHECK(hipStreamDestroy(x));
  callbacks();
  callbacks_raced_by_waits();
  legacy_null_stream();
  event_timing();
  destroy_pending_and_bad_handles();
  stress();
  stream_churn();
  exit_with_work_in_flight(argv[0]);
  e2e::expect_eq("gates that timed out", 0, g_gate_timeouts.load(), 0);
  return e2e::finish("streams");
}
