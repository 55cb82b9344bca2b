// Streams and events (runtime/execution/stream.h, streams.h, event.h). Handles are validated as ROCm does:
// a null event or an attempt to destroy the null / per-thread stream -> hipErrorInvalidHandle; a
// handle that is not (or no longer) a live stream or event -> hipErrorContextIsDestroyed, except
// in the getters (hipStreamGetFlags/GetPriority: hipErrorInvalidHandle).
#include "api/api.h"
#include "device/device.h"
#include "execution/event.h"
#include "execution/stream.h"
#include "execution/streams.h"

using namespace hipvk;

namespace {

StreamRef streamOf(hipStream_t stream) { return streamFor(Context::instance().currentDevice(), stream); }

// For the getters, whose answer to a dead handle is hipErrorInvalidHandle.
StreamRef streamForQuery(hipStream_t stream) {
  try {
    return streamOf(stream);
  } catch (const Error &e) {
    if (e.code() == hipErrorContextIsDestroyed) fail(hipErrorInvalidHandle, e.what());
    throw;
  }
}

void createStream(hipStream_t *stream, unsigned flags, int priority) {
  api::requireNonNull(stream);
  if (flags != hipStreamDefault && flags != hipStreamNonBlocking)
    fail(hipErrorInvalidValue, "stream flags must be hipStreamDefault or hipStreamNonBlocking");
  Device &device = Context::instance().currentDevice();
  StreamRef s = device.streams().create(flags == hipStreamNonBlocking ? Stream::Kind::NonBlocking : Stream::Kind::Blocking,
                                        std::clamp(priority, -1, 1));  // ROCm clamps to its range
  *stream = reinterpret_cast<hipStream_t>(s.get());
}

void createEvent(hipEvent_t *event, unsigned flags) {
  api::requireNonNull(event);
  constexpr unsigned kKnown = hipEventDefault | hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess |
                              hipEventReleaseToDevice | hipEventReleaseToSystem;
  if (flags & ~kKnown) fail(hipErrorInvalidValue, "unknown event flags");
  if ((flags & hipEventReleaseToDevice) && (flags & hipEventReleaseToSystem))
    fail(hipErrorInvalidValue, "at most one of hipEventReleaseToDevice and hipEventReleaseToSystem");
  if (flags & hipEventInterprocess) {
    if (!(flags & hipEventDisableTiming)) fail(hipErrorInvalidValue, "hipEventInterprocess needs hipEventDisableTiming");
    fail(hipErrorNotSupported, "interprocess events (Vulkan semaphores are not shared between processes here)");
  }
  // BlockingSync: the host wait is vkWaitSemaphores, which blocks rather than spins already.
  // Release flags: every semaphore signal makes the device's writes available to the host.
  std::shared_ptr<Event> e = Context::instance().currentDevice().streams().createEvent(flags);
  *event = reinterpret_cast<hipEvent_t>(e.get());
}

}  // namespace

extern "C" {

hipError_t hipStreamCreate(hipStream_t *stream) {
  return api::call(__func__, [&] { createStream(stream, hipStreamDefault, 0); });
}

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  return api::call(__func__, [&] { createStream(stream, flags, 0); });
}

hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority) {
  return api::call(__func__, [&] { createStream(stream, flags, priority); });
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  return api::call(__func__, [&] {
    if (!stream) fail(hipErrorInvalidHandle, "the null stream cannot be destroyed");
    if (stream == hipStreamPerThread) fail(hipErrorInvalidHandle, "hipStreamPerThread cannot be destroyed");
    for (const std::unique_ptr<Device> &device : Context::instance().existingDevices())
      if (device->hasLogical() && device->streams().destroy(stream)) return;
    fail(hipErrorContextIsDestroyed, "not a live stream (never created, or destroyed)");
  });
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  return api::call(__func__, [&] {
    StreamRef s = streamOf(stream);
    if (s->kind() == Stream::Kind::Null) {
      s->device().streams().synchronize(true);  // ROCm: the null stream and every blocking stream
    } else {
      s->device().streams().submitAll();
      s->synchronize();
    }
    Context::instance().exitOnValidationErrors();
  });
}

hipError_t hipStreamQuery(hipStream_t stream) {
  return api::call(__func__, [&] {
    if (!streamOf(stream)->idle()) fail(hipErrorNotReady, "the stream has work in flight");
  });
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  return api::call(__func__, [&] {
    if (flags != 0) fail(hipErrorInvalidValue, "flags must be 0");
    std::shared_ptr<Event> e = eventFor(event);
    StreamRef s = streamOf(stream);
    s->waitFor(e->point());
  });
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(flags);
    if (!stream) fail(hipErrorInvalidValue, "the null stream has no flags (ROCm)");
    *flags = streamForQuery(stream)->flags();
  });
}

hipError_t hipStreamGetPriority(hipStream_t stream, int *priority) {
  return api::call(__func__, [&] {
    api::requireNonNull(priority);
    *priority = stream ? streamForQuery(stream)->priority() : 0;
  });
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device) {
  return api::call(__func__, [&] {
    api::requireNonNull(device);
    *device = streamOf(stream)->device().ordinal();
  });
}

// Callbacks run on the stream's callback thread, never the caller's, in stream order; later work
// of the stream waits for them. The status is hipSuccess: errors of earlier work (traps) are
// reported by the next synchronising call.
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags) {
  return api::call(__func__, [&] {
    if (!callback || flags != 0) fail(hipErrorInvalidValue, "null callback, or flags other than 0");
    streamOf(stream)->addHostCall([=] { callback(stream, hipSuccess, userData); });
  });
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData) {
  return api::call(__func__, [&] {
    if (!fn) fail(hipErrorInvalidValue, "null host function");
    streamOf(stream)->addHostCall([=] { fn(userData); });
  });
}

// Attaching managed memory to a stream only narrows which streams may touch it; hipvk's managed
// memory is coherent for all of them, so the request is validated and accepted.
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *devPtr, size_t length, unsigned int flags) {
  return api::call(__func__, [&] {
    streamOf(stream);
    api::requireNonNull(devPtr);
    if (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle)
      fail(hipErrorInvalidValue, "flags must be one of hipMemAttachGlobal, Host, Single");
    (void)length;
  });
}

hipError_t hipEventCreate(hipEvent_t *event) {
  return api::call(__func__, [&] { createEvent(event, hipEventDefault); });
}

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  return api::call(__func__, [&] { createEvent(event, flags); });
}

hipError_t hipEventDestroy(hipEvent_t event) {
  return api::call(__func__, [&] {
    if (!event) fail(hipErrorInvalidHandle, "null event");
    for (const std::unique_ptr<Device> &device : Context::instance().existingDevices())
      if (device->hasLogical() && device->streams().destroyEvent(event)) return;
    fail(hipErrorContextIsDestroyed, "not a live event (never created, or destroyed)");
  });
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  return api::call(__func__, [&] {
    std::shared_ptr<Event> e = eventFor(event);
    StreamRef s = streamOf(stream);
    if (&s->device() != &e->device()) fail(hipErrorInvalidHandle, "event and stream belong to different devices");
    e->record(s);
  });
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  return api::call(__func__, [&] { eventFor(event)->synchronize(); });
}

hipError_t hipEventQuery(hipEvent_t event) {
  return api::call(__func__, [&] {
    if (!eventFor(event)->complete()) fail(hipErrorNotReady, "the event's work is in flight");
  });
}

hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  return api::call(__func__, [&] {
    api::requireNonNull(ms);
    if (!start || !stop) fail(hipErrorInvalidHandle, "null event");
    std::shared_ptr<Event> a = eventFor(start), b = eventFor(stop);
    if (&a->device() != &b->device()) fail(hipErrorInvalidHandle, "events of different devices");
    *ms = Event::elapsedMs(*a, *b);
  });
}

}  // extern "C"
