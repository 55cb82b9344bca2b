// Streams and events. The null stream and hipStreamPerThread (run on the null stream's queue)
// work; creating streams and events is a later issue and answers hipErrorNotSupported (logged
// under HIPVK_LOG=1, listed in docs/HIP_ON_VULKAN.md).
#include "api.h"
#include "device.h"
#include "stream.h"

using namespace hipvk;

namespace {

Device &deviceOfStream(hipStream_t stream) {
  Device &device = Context::instance().currentDevice();
  streamFor(device, stream);  // validates the handle
  return device;
}

}  // namespace

extern "C" {

hipError_t hipStreamSynchronize(hipStream_t stream) {
  return api::call(__func__, [&] {
    deviceOfStream(stream).synchronize();
    Context::instance().exitOnValidationErrors();
  });
}

// Answers after waiting: the null stream has no cheap "idle?" query yet, and a finished stream
// is what hipSuccess means.
hipError_t hipStreamQuery(hipStream_t stream) {
  return api::call(__func__, [&] { deviceOfStream(stream).synchronize(); });
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(flags);
    deviceOfStream(stream);
    *flags = hipStreamDefault;
  });
}

hipError_t hipStreamGetPriority(hipStream_t stream, int *priority) {
  return api::call(__func__, [&] {
    api::requireNonNull(priority);
    deviceOfStream(stream);
    *priority = 0;
  });
}

hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device) {
  return api::call(__func__, [&] {
    api::requireNonNull(device);
    *device = deviceOfStream(stream).ordinal();
  });
}

// The callback runs on the calling thread once the stream's earlier work is done.
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(reinterpret_cast<const void *>(callback));
    if (flags != 0) fail(hipErrorInvalidValue, "flags must be 0");
    deviceOfStream(stream).synchronize();
    callback(stream, hipSuccess, userData);
  });
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData) {
  return api::call(__func__, [&] {
    api::requireNonNull(reinterpret_cast<const void *>(fn));
    deviceOfStream(stream).synchronize();
    fn(userData);
  });
}

HIPVK_NOT_SUPPORTED(hipStreamCreate, (hipStream_t *), "hipStreamCreate (streams other than the null stream)")
HIPVK_NOT_SUPPORTED(hipStreamCreateWithFlags, (hipStream_t *, unsigned int), "hipStreamCreateWithFlags")
HIPVK_NOT_SUPPORTED(hipStreamCreateWithPriority, (hipStream_t *, unsigned int, int), "hipStreamCreateWithPriority")
HIPVK_NOT_SUPPORTED(hipStreamWaitEvent, (hipStream_t, hipEvent_t, unsigned int), "events (hipStreamWaitEvent)")
HIPVK_NOT_SUPPORTED(hipEventCreate, (hipEvent_t *), "events (hipEventCreate)")
HIPVK_NOT_SUPPORTED(hipEventCreateWithFlags, (hipEvent_t *, unsigned), "events (hipEventCreateWithFlags)")
HIPVK_NOT_SUPPORTED(hipEventRecord, (hipEvent_t, hipStream_t), "events (hipEventRecord)")
HIPVK_NOT_SUPPORTED(hipEventSynchronize, (hipEvent_t), "events (hipEventSynchronize)")
HIPVK_NOT_SUPPORTED(hipEventQuery, (hipEvent_t), "events (hipEventQuery)")
HIPVK_NOT_SUPPORTED(hipEventElapsedTime, (float *, hipEvent_t, hipEvent_t), "events (hipEventElapsedTime)")

// Destroying: the null stream and hipStreamPerThread cannot be destroyed; nothing else exists.
hipError_t hipStreamDestroy(hipStream_t stream) {
  return api::call(__func__, [&] {
    if (!stream || stream == hipStreamPerThread) fail(hipErrorInvalidHandle, "the null stream cannot be destroyed");
    fail(hipErrorInvalidHandle, "unknown stream");
  });
}

hipError_t hipEventDestroy(hipEvent_t event) {
  return api::call(__func__, [&] {
    if (!event) fail(hipErrorInvalidHandle, "null event");
    fail(hipErrorInvalidHandle, "unknown event (events are not supported yet)");
  });
}

}  // extern "C"
