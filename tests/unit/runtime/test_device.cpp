// Device enumeration, selection and properties, checked against what Vulkan itself reports.
#include <vulkan/vulkan.h>

#include <cstdlib>
#include <cstring>

#include "test_util.h"

namespace {

// The device's limits straight from Vulkan, through the test's own instance.
struct VulkanView {
  VkPhysicalDeviceProperties props{};
  VkPhysicalDeviceSubgroupProperties subgroup{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  bool found = false;

  explicit VulkanView(const char *name) {
    VkApplicationInfo app{.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_3};
    VkInstanceCreateInfo info{.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    VkInstance instance;
    REQUIRE_EQ(vkCreateInstance(&info, nullptr, &instance), VK_SUCCESS);
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    for (VkPhysicalDevice d : devices) {
      VkPhysicalDeviceProperties2 p2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &subgroup};
      vkGetPhysicalDeviceProperties2(d, &p2);
      if (std::strcmp(p2.properties.deviceName, name) == 0) {
        props = p2.properties;
        found = true;
        break;
      }
    }
    vkDestroyInstance(instance, nullptr);
  }
};

}  // namespace

TEST_CASE("device count, selection and bad ids") {
  int count = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  REQUIRE(count >= 1);
  CHECK_EQ(hipGetDeviceCount(nullptr), hipErrorInvalidValue);
  CHECK_EQ(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_EQ(hipSetDevice(count), hipErrorInvalidDevice);
  HIP_CHECK(hipSetDevice(count - 1));
  int device = -1;
  HIP_CHECK(hipGetDevice(&device));
  CHECK_EQ(device, count - 1);
  HIP_CHECK(hipSetDevice(0));
  CHECK_EQ(hipGetDevice(nullptr), hipErrorInvalidValue);
  hipDeviceProp_t props;
  CHECK_EQ(hipGetDeviceProperties(&props, count), hipErrorInvalidDevice);
  CHECK_EQ(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("init and versions") {
  HIP_CHECK(hipInit(0));
  CHECK_EQ(hipInit(1), hipErrorInvalidValue);
  int driver = 0, runtime = 0;
  HIP_CHECK(hipDriverGetVersion(&driver));
  HIP_CHECK(hipRuntimeGetVersion(&runtime));
  CHECK_EQ(runtime, HIP_VERSION);
  CHECK(driver > 0);
  CHECK_EQ(hipRuntimeGetVersion(nullptr), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("properties follow the Vulkan limits") {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  VulkanView vk(p.name);
  REQUIRE(vk.found);
  const VkPhysicalDeviceLimits &lim = vk.props.limits;
  CHECK_EQ(p.warpSize, int(vk.subgroup.subgroupSize));
  CHECK_EQ(p.maxThreadsPerBlock, int(lim.maxComputeWorkGroupInvocations));
  for (int i = 0; i < 3; ++i) CHECK_EQ(p.maxThreadsDim[i], int(lim.maxComputeWorkGroupSize[i]));
  CHECK_EQ(p.maxGridSize[0], 2147483647);
  CHECK_EQ(p.maxGridSize[1], 65535);
  CHECK_EQ(p.maxGridSize[2], 65535);
  CHECK_EQ(p.sharedMemPerBlock, size_t(lim.maxComputeSharedMemorySize));
  CHECK(p.totalGlobalMem > 0);
  CHECK(p.multiProcessorCount >= 1);
  CHECK(p.clockRate > 0);
  CHECK_EQ(p.major, 9);
  CHECK_EQ(p.minor, 0);
  CHECK(std::string(p.gcnArchName).rfind("gfx900:vulkan:", 0) == 0);
  CHECK(std::string(p.gcnArchName).find(p.name) != std::string::npos);
  CHECK_EQ(p.concurrentKernels, 1);
  // Managed memory needs host mappings at device addresses: CPU devices (lavapipe) only.
  CHECK_EQ(p.managedMemory, vk.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 1 : 0);
  CHECK_EQ(p.computeMode, 0);

  // lavapipe's subgroup size is its SIMD width in 32-bit lanes.
  if (const char *width = std::getenv("LP_NATIVE_VECTOR_WIDTH");
      width && std::string(p.name).find("llvmpipe") != std::string::npos)
    CHECK_EQ(p.warpSize, std::atoi(width) / 32);
  if (vk.props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
    if (const char *threads = std::getenv("LP_NUM_THREADS")) CHECK_EQ(p.multiProcessorCount, std::atoi(threads));
  }
}

TEST_CASE("attributes agree with the properties") {
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  auto attr = [](hipDeviceAttribute_t a) {
    int value = -1;
    HIP_CHECK(hipDeviceGetAttribute(&value, a, 0));
    return value;
  };
  CHECK_EQ(attr(hipDeviceAttributeWarpSize), p.warpSize);
  CHECK_EQ(attr(hipDeviceAttributeMaxThreadsPerBlock), p.maxThreadsPerBlock);
  CHECK_EQ(attr(hipDeviceAttributeMaxBlockDimX), p.maxThreadsDim[0]);
  CHECK_EQ(attr(hipDeviceAttributeMaxBlockDimZ), p.maxThreadsDim[2]);
  CHECK_EQ(attr(hipDeviceAttributeMaxGridDimX), p.maxGridSize[0]);
  CHECK_EQ(attr(hipDeviceAttributeMaxGridDimY), p.maxGridSize[1]);
  CHECK_EQ(attr(hipDeviceAttributeMaxSharedMemoryPerBlock), int(p.sharedMemPerBlock));
  CHECK_EQ(attr(hipDeviceAttributeMultiprocessorCount), p.multiProcessorCount);
  CHECK_EQ(attr(hipDeviceAttributeComputeCapabilityMajor), 9);
  CHECK_EQ(attr(hipDeviceAttributeClockRate), p.clockRate);
  CHECK_EQ(attr(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor), int(p.maxSharedMemoryPerMultiProcessor));
  CHECK_EQ(attr(hipDeviceAttributePciBusId), p.pciBusID);

  int value = 0;
  CHECK_EQ(hipDeviceGetAttribute(&value, hipDeviceAttribute_t(-5), 0), hipErrorInvalidValue);
  CHECK_EQ(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 99), hipErrorInvalidDevice);
  CHECK_EQ(hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("memory info") {
  size_t free = 0, total = 0;
  HIP_CHECK(hipMemGetInfo(&free, &total));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  CHECK_EQ(total, p.totalGlobalMem);
  CHECK(free <= total);
  CHECK(free > 0);
  CHECK_EQ(hipMemGetInfo(nullptr, &total), hipErrorInvalidValue);
  (void)hipGetLastError();
}

// Device filters from the environment; ctest runs this case under each setting (CMakeLists.txt).
TEST_CASE("environment: HIP_VISIBLE_DEVICES and HIPVK_DEVICE filter the devices") {
  const char *visible = std::getenv("HIP_VISIBLE_DEVICES");
  const char *selector = std::getenv("HIPVK_DEVICE");
  int count = -1;
  hipError_t result = hipGetDeviceCount(&count);
  if ((visible && *visible == '\0') || (selector && std::string(selector) == "no-such-device")) {
    CHECK_EQ(result, hipErrorNoDevice);
    CHECK_EQ(count, 0);
    void *p = nullptr;
    CHECK_EQ(hipMalloc(&p, 16), hipErrorNoDevice);
    CHECK_EQ(hipSetDevice(0), hipErrorNoDevice);
  } else if (selector || (visible && std::string(visible) == "0,7,0")) {
    // One device chosen, or a list that ends at the first invalid entry.
    HIP_CHECK(result);
    CHECK_EQ(count, 1);
  } else {
    HIP_CHECK(result);
    CHECK(count >= 1);
  }
  (void)hipGetLastError();
}
