// Initialisation, versions and device management.
#include "api.h"
#include "device.h"

using namespace hipvk;

extern "C" {

hipError_t hipInit(unsigned int flags) {
  return api::call(__func__, [&] {
    if (flags != 0) fail(hipErrorInvalidValue, "hipInit flags must be 0");
    if (Context::instance().devices().empty()) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
  });
}

hipError_t hipDriverGetVersion(int *driverVersion) {
  return api::call(__func__, [&] {
    api::requireNonNull(driverVersion);
    *driverVersion = HIP_VERSION;
  });
}

hipError_t hipRuntimeGetVersion(int *runtimeVersion) {
  return api::call(__func__, [&] {
    api::requireNonNull(runtimeVersion);
    *runtimeVersion = HIP_VERSION;
  });
}

hipError_t hipGetDeviceCount(int *count) {
  return api::call(__func__, [&] {
    api::requireNonNull(count);
    *count = int(Context::instance().devices().size());
    if (*count == 0) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
  });
}

hipError_t hipSetDevice(int deviceId) {
  return api::call(__func__, [&] {
    Context::instance().device(deviceId);  // validates the id
    Context::thread().device = deviceId;
  });
}

hipError_t hipGetDevice(int *deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(deviceId);
    *deviceId = Context::instance().currentDevice().ordinal();
  });
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(prop);
    *prop = Context::instance().device(deviceId).hipProperties();
  });
}

// ROCm 6 headers rename hipGetDeviceProperties to this; our struct has the same layout.
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_t *prop, int deviceId)
    __attribute__((alias("hipGetDeviceProperties")));

hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(pi);
    *pi = Context::instance().device(deviceId).attribute(attr);
  });
}

hipError_t hipDeviceSynchronize(void) {
  return api::call(__func__, [&] {
    Context &context = Context::instance();
    context.currentDevice().synchronize();
    context.exitOnValidationErrors();
  });
}

hipError_t hipDeviceReset(void) {
  return api::call(__func__, [&] { Context::instance().currentDevice().reset(); });
}

}  // extern "C"
