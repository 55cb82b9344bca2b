// lavapipe_wide: does lavapipe compute subgroup operations correctly at LP_NATIVE_VECTOR_WIDTH
// 1024/2048 (subgroup size 32/64)? A plain Vulkan program, no hipvk. subgroup_minimal.comp is the
// minimal reproducer (one workgroup that must be one full subgroup); subgroup_ops.comp writes what
// every invocation sees of its subgroup, the host recomputes each value under three models of what
// the subgroups are (see enum Model) and prints PASS/FAIL per op, workgroup size and pipeline
// variant, with expected vs got for the first mismatching invocation. Findings: README.md.
//
//   ./lavapipe_wide                 runs itself once per width 128 256 512 1024 2048
//   LP_NATIVE_VECTOR_WIDTH=1024 ./lavapipe_wide    one width only
//   -v         the first mismatch of every failing op, model, variant and workgroup size
//              (default: of each failing op under model L, first variant, first workgroup size)
//   --all      every workgroup size for every pipeline variant (default: a subset; slower)
//   --dump     the raw values of the first 64 invocations of a workgroup of 64
//   --minimal  only the minimal reproducer (subgroup_minimal.comp)
//
// The child runs get MESA_SHADER_CACHE_DISABLE=true unless the environment sets it: Mesa's shader
// cache does not key lavapipe's code on LP_NATIVE_VECTOR_WIDTH.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "subgroup_ops_spv13.h"  // glslangValidator --target-env vulkan1.1 (SPIR-V 1.3)
#include "subgroup_ops_spv16.h"  // glslangValidator --target-env vulkan1.3 (SPIR-V 1.6)
#include "subgroup_minimal_spv16.h"  // subgroup_minimal.comp, vulkan1.3

namespace {

constexpr uint32_t kFields = 48;  // F_COUNT in subgroup_ops.comp
constexpr uint32_t kGroups = 3;   // workgroups per dispatch
enum Field : uint32_t {
  LI = 0, SIZE, LANE, SGID, NSG, CNT, MINLI, MAXLI,
  SHUF_NEXT, SHUF_REV, XOR1, XOR2, XOR4, XOR8, XOR16, XOR32, SHUF_IDX16,
  BAL0, BAL1, BAL2, BAL3, BALP0, BALP1, BALP2, BALP3, BITCOUNT,
  ADD, IADD, EADD, MAX, BFIRST, BCAST0, ELECT, ANY, ALL,
  DBAL0, DBAL1, DADD, DFIRST, SMEM_XOR16, LT0, LT1, EQ0, EQ1, XOR16_B, ADD_B,
};

bool verbose = false, dump = false, all_cases = false, minimal_only = false;

#define VK_CHECK(x)                                                                   \
  do {                                                                                \
    VkResult r_ = (x);                                                                \
    if (r_ != VK_SUCCESS) {                                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #x, (int)r_); \
      std::exit(2);                                                                   \
    }                                                                                 \
  } while (0)

uint32_t value_of(uint32_t g) { return g * 3u + 1u; }  // value() in the shader

struct Rec {
  const uint32_t *f;
  uint32_t g;  // global invocation index
  uint32_t operator[](uint32_t i) const { return f[i]; }
};

// One check: name, and for a record in its subgroup (as the model forms it) the expected value and
// the value got, or nullopt where the value is undefined (e.g. shuffle from an inactive lane).
struct Ctx {
  uint32_t wg, size_prop;  // the model's subgroup size
  bool reported;  // Model::Reported
  const Rec *r;
  uint32_t lane;  // r's lane in the model
  std::map<uint32_t, const Rec *> by_lane;  // the same subgroup, by the model's lane
  std::vector<const Rec *> members;
  uint32_t v(const Rec *x) const { return value_of(x->g); }
  std::optional<uint32_t> v_lane(uint32_t lane) const {
    auto it = by_lane.find(lane);
    if (it == by_lane.end()) return std::nullopt;
    return v(it->second);
  }
};
struct Check {
  std::string name;
  std::function<std::optional<std::pair<uint64_t, uint64_t>>(const Ctx &)> fn;  // (expected, got)
};

using Res = std::optional<std::pair<uint64_t, uint64_t>>;
Res eq(uint64_t e, uint64_t g) { return std::make_pair(e, g); }
uint64_t u64(const Rec &r, uint32_t lo) { return uint64_t(r[lo]) | (uint64_t(r[lo + 1]) << 32); }

std::vector<Check> make_checks() {
  std::vector<Check> c;
  c.push_back({"SubgroupSize", [](const Ctx &x) { return eq(x.size_prop, (*x.r)[SIZE]); }});
  c.push_back({"NumSubgroups", [](const Ctx &x) { return eq((x.wg + x.size_prop - 1) / x.size_prop, (*x.r)[NSG]); }});
  c.push_back({"ids-linear(SubgroupID*size+InvocationID==LocalIndex)", [](const Ctx &x) {
                 return eq((*x.r)[LI], uint64_t((*x.r)[SGID]) * x.size_prop + (*x.r)[LANE]);
               }});
  c.push_back({"ids-unique(lane<size, no duplicate (SubgroupID,lane))", [](const Ctx &x) {
                 const Rec &r = *x.r;
                 if (!x.reported) return Res{};
                 bool ok = r[LANE] < x.size_prop && x.by_lane.at(r[LANE]) == x.r;
                 return eq(1, ok ? 1 : 0);
               }});
  c.push_back({"span:subgroupAdd(1)", [](const Ctx &x) { return eq(x.members.size(), (*x.r)[CNT]); }});
  c.push_back({"span:subgroupMin(LocalIndex)", [](const Ctx &x) {
                 uint32_t m = ~0u;
                 for (auto *o : x.members) m = std::min(m, (*o)[LI]);
                 return eq(m, (*x.r)[MINLI]);
               }});
  c.push_back({"span:subgroupMax(LocalIndex)", [](const Ctx &x) {
                 uint32_t m = 0;
                 for (auto *o : x.members) m = std::max(m, (*o)[LI]);
                 return eq(m, (*x.r)[MAXLI]);
               }});
  c.push_back({"subgroupShuffle(v,(lane+1)%size)", [](const Ctx &x) -> Res {
                 auto e = x.v_lane((x.lane + 1) % x.size_prop);
                 if (!e) return std::nullopt;
                 return eq(*e, (*x.r)[SHUF_NEXT]);
               }});
  c.push_back({"subgroupShuffle(v,size-1-lane)", [](const Ctx &x) -> Res {
                 auto e = x.v_lane(x.size_prop - 1 - x.lane);
                 if (!e) return std::nullopt;
                 return eq(*e, (*x.r)[SHUF_REV]);
               }});
  const uint32_t masks[] = {1, 2, 4, 8, 16, 32};
  for (int k = 0; k < 6; ++k) {
    uint32_t m = masks[k];
    uint32_t field = XOR1 + k;
    c.push_back({"subgroupShuffleXor(v," + std::to_string(m) + ")", [m, field](const Ctx &x) -> Res {
                   if (m >= x.size_prop) return std::nullopt;
                   auto e = x.v_lane(x.lane ^ m);
                   if (!e) return std::nullopt;
                   return eq(*e, (*x.r)[field]);
                 }});
  }
  c.push_back({"subgroupShuffle(v,lane^16) dynamic", [](const Ctx &x) -> Res {
                 if (16 >= x.size_prop) return std::nullopt;
                 auto e = x.v_lane(x.lane ^ 16);
                 if (!e) return std::nullopt;
                 return eq(*e, (*x.r)[SHUF_IDX16]);
               }});
  auto ballot = [](const Ctx &x, auto pred) {
    uint64_t m = 0;
    for (auto &[lane, o] : x.by_lane)
      if (lane < 64 && pred(*o)) m |= 1ull << lane;
    return m;
  };
  c.push_back({"subgroupBallot(true)", [ballot](const Ctx &x) {
                 const Rec &r = *x.r;
                 if (r[BAL2] | r[BAL3]) return eq(0, ~0ull);  // lanes >= 64 cannot exist here
                 return eq(ballot(x, [](const Rec &) { return true; }), u64(r, BAL0));
               }});
  c.push_back({"subgroupBallot(LocalIndex%3==0)", [ballot](const Ctx &x) {
                 const Rec &r = *x.r;
                 if (r[BALP2] | r[BALP3]) return eq(0, ~0ull);
                 return eq(ballot(x, [](const Rec &o) { return o[LI] % 3 == 0; }), u64(r, BALP0));
               }});
  c.push_back({"subgroupBallotBitCount(ballot(true))", [](const Ctx &x) { return eq(x.members.size(), (*x.r)[BITCOUNT]); }});
  c.push_back({"subgroupAdd(v)", [](const Ctx &x) {
                 uint32_t s = 0;
                 for (auto *o : x.members) s += x.v(o);
                 return eq(s, (*x.r)[ADD]);
               }});
  c.push_back({"subgroupInclusiveAdd(v)", [](const Ctx &x) {
                 uint32_t s = 0;
                 for (auto &[lane, o] : x.by_lane)
                   if (lane <= x.lane) s += x.v(o);
                 return eq(s, (*x.r)[IADD]);
               }});
  c.push_back({"subgroupExclusiveAdd(v)", [](const Ctx &x) {
                 uint32_t s = 0;
                 for (auto &[lane, o] : x.by_lane)
                   if (lane < x.lane) s += x.v(o);
                 return eq(s, (*x.r)[EADD]);
               }});
  c.push_back({"subgroupMax(v)", [](const Ctx &x) {
                 uint32_t s = 0;
                 for (auto *o : x.members) s = std::max(s, x.v(o));
                 return eq(s, (*x.r)[MAX]);
               }});
  c.push_back({"subgroupBroadcastFirst(v)", [](const Ctx &x) { return eq(x.v(x.by_lane.begin()->second), (*x.r)[BFIRST]); }});
  c.push_back({"subgroupBroadcast(v,0)", [](const Ctx &x) -> Res {
                 auto e = x.v_lane(0);
                 if (!e) return std::nullopt;
                 return eq(*e, (*x.r)[BCAST0]);
               }});
  c.push_back({"subgroupElect()", [](const Ctx &x) {
                 return eq(x.by_lane.begin()->second == x.r ? 1 : 0, (*x.r)[ELECT]);
               }});
  c.push_back({"subgroupAny(LocalIndex%32==20)", [](const Ctx &x) {
                 bool a = false;
                 for (auto *o : x.members) a |= (*o)[LI] % 32 == 20;
                 return eq(a, (*x.r)[ANY]);
               }});
  c.push_back({"subgroupAll(LocalIndex%32!=20)", [](const Ctx &x) {
                 bool a = true;
                 for (auto *o : x.members) a &= (*o)[LI] % 32 != 20;
                 return eq(a, (*x.r)[ALL]);
               }});
  auto div = [](const Rec &o) { return o[LI] % 3 != 0; };
  c.push_back({"divergent subgroupBallot(true)", [ballot, div](const Ctx &x) -> Res {
                 if (!div(*x.r)) return std::nullopt;
                 return eq(ballot(x, div), u64(*x.r, DBAL0));
               }});
  c.push_back({"divergent subgroupAdd(v)", [div](const Ctx &x) -> Res {
                 if (!div(*x.r)) return std::nullopt;
                 uint32_t s = 0;
                 for (auto *o : x.members)
                   if (div(*o)) s += x.v(o);
                 return eq(s, (*x.r)[DADD]);
               }});
  c.push_back({"divergent subgroupBroadcastFirst(v)", [div](const Ctx &x) -> Res {
                 if (!div(*x.r)) return std::nullopt;
                 for (auto &[lane, o] : x.by_lane)
                   if (div(*o)) return eq(x.v(o), (*x.r)[DFIRST]);
                 return std::nullopt;
               }});
  c.push_back({"shared-memory xor 16 (workaround)", [](const Ctx &x) {
                 uint32_t li = (*x.r)[LI], src = li ^ 16;
                 uint32_t e = src < x.wg ? value_of(x.r->g - li + src) : x.v(x.r);
                 return eq(e, (*x.r)[SMEM_XOR16]);
               }});
  c.push_back({"gl_SubgroupLtMask", [](const Ctx &x) {
                 uint32_t lane = x.lane;
                 uint64_t e = lane >= 64 ? ~0ull : (1ull << lane) - 1;
                 return eq(e, u64(*x.r, LT0));
               }});
  c.push_back({"gl_SubgroupEqMask", [](const Ctx &x) {
                 uint32_t lane = x.lane;
                 return eq(lane >= 64 ? 0 : 1ull << lane, u64(*x.r, EQ0));
               }});
  c.push_back({"subgroupShuffleXor(v,16) after barrier", [](const Ctx &x) -> Res {
                 if (16 >= x.size_prop) return std::nullopt;
                 auto e = x.v_lane(x.lane ^ 16);
                 if (!e) return std::nullopt;
                 return eq(*e, (*x.r)[XOR16_B]);
               }});
  c.push_back({"subgroupAdd(v) after barrier", [](const Ctx &x) {
                 uint32_t s = 0;
                 for (auto *o : x.members) s += x.v(o);
                 return eq(s, (*x.r)[ADD_B]);
               }});
  return c;
}

struct Vk {
  VkInstance inst{};
  VkPhysicalDevice pd{};
  VkDevice dev{};
  VkQueue q{};
  uint32_t qf = 0;
  VkPhysicalDeviceSubgroupProperties sg{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceSubgroupSizeControlProperties ssc{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceProperties props{};
  VkBuffer buf{};
  VkDeviceMemory mem{};
  void *map = nullptr;
  VkDescriptorSetLayout dsl{};
  VkPipelineLayout pl{};
  VkDescriptorPool dp{};
  VkDescriptorSet ds{};
  VkCommandPool cp{};
  VkCommandBuffer cb{};
  VkFence fence{};
};

void init(Vk &vk, VkDeviceSize bytes) {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "lavapipe_wide";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  VK_CHECK(vkCreateInstance(&ici, nullptr, &vk.inst));
  uint32_t n = 0;
  vkEnumeratePhysicalDevices(vk.inst, &n, nullptr);
  std::vector<VkPhysicalDevice> pds(n);
  vkEnumeratePhysicalDevices(vk.inst, &n, pds.data());
  for (auto p : pds) {
    VkPhysicalDeviceProperties pr;
    vkGetPhysicalDeviceProperties(p, &pr);
    if (!vk.pd || std::strncmp(pr.deviceName, "llvmpipe", 8) == 0) vk.pd = p;
  }
  if (!vk.pd) {
    std::fprintf(stderr, "no Vulkan device\n");
    std::exit(2);
  }
  vk.sg.pNext = &vk.ssc;
  VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &vk.sg};
  vkGetPhysicalDeviceProperties2(vk.pd, &p2);
  vk.props = p2.properties;
  VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &vk.f13};
  vkGetPhysicalDeviceFeatures2(vk.pd, &f2);

  vkGetPhysicalDeviceQueueFamilyProperties(vk.pd, &n, nullptr);
  std::vector<VkQueueFamilyProperties> qfs(n);
  vkGetPhysicalDeviceQueueFamilyProperties(vk.pd, &n, qfs.data());
  for (uint32_t i = 0; i < n; ++i)
    if (qfs[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { vk.qf = i; break; }
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = vk.qf;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;
  VkPhysicalDeviceVulkan13Features en13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  en13.subgroupSizeControl = vk.f13.subgroupSizeControl;
  en13.computeFullSubgroups = vk.f13.computeFullSubgroups;
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &en13};
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  VK_CHECK(vkCreateDevice(vk.pd, &dci, nullptr, &vk.dev));
  vkGetDeviceQueue(vk.dev, vk.qf, 0, &vk.q);

  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = bytes;
  bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VK_CHECK(vkCreateBuffer(vk.dev, &bci, nullptr, &vk.buf));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vk.dev, vk.buf, &req);
  VkPhysicalDeviceMemoryProperties mp;
  vkGetPhysicalDeviceMemoryProperties(vk.pd, &mp);
  uint32_t type = ~0u;
  const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (uint32_t i = 0; i < mp.memoryTypeCount; ++i)
    if ((req.memoryTypeBits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want) { type = i; break; }
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = type;
  VK_CHECK(vkAllocateMemory(vk.dev, &mai, nullptr, &vk.mem));
  VK_CHECK(vkBindBufferMemory(vk.dev, vk.buf, vk.mem, 0));
  VK_CHECK(vkMapMemory(vk.dev, vk.mem, 0, VK_WHOLE_SIZE, 0, &vk.map));

  VkDescriptorSetLayoutBinding b{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo dlci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  dlci.bindingCount = 1;
  dlci.pBindings = &b;
  VK_CHECK(vkCreateDescriptorSetLayout(vk.dev, &dlci, nullptr, &vk.dsl));
  VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = 1;
  plci.pSetLayouts = &vk.dsl;
  VK_CHECK(vkCreatePipelineLayout(vk.dev, &plci, nullptr, &vk.pl));
  VkDescriptorPoolSize ps{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
  VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.maxSets = 1;
  dpci.poolSizeCount = 1;
  dpci.pPoolSizes = &ps;
  VK_CHECK(vkCreateDescriptorPool(vk.dev, &dpci, nullptr, &vk.dp));
  VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsai.descriptorPool = vk.dp;
  dsai.descriptorSetCount = 1;
  dsai.pSetLayouts = &vk.dsl;
  VK_CHECK(vkAllocateDescriptorSets(vk.dev, &dsai, &vk.ds));
  VkDescriptorBufferInfo dbi{vk.buf, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  w.dstSet = vk.ds;
  w.descriptorCount = 1;
  w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  w.pBufferInfo = &dbi;
  vkUpdateDescriptorSets(vk.dev, 1, &w, 0, nullptr);

  VkCommandPoolCreateInfo cpci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  cpci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  cpci.queueFamilyIndex = vk.qf;
  VK_CHECK(vkCreateCommandPool(vk.dev, &cpci, nullptr, &vk.cp));
  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = vk.cp;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VK_CHECK(vkAllocateCommandBuffers(vk.dev, &cbai, &vk.cb));
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VK_CHECK(vkCreateFence(vk.dev, &fci, nullptr, &vk.fence));
}

uint32_t wg_bit(uint32_t wg) { return wg == 100 ? 16 : wg / 32; }  // 32 64 128 256 100 -> 1 2 4 8 16

struct Variant {
  const char *name;
  uint32_t wg_mask;  // which workgroup sizes run (wg_bit); the full matrix with --all
  VkPipelineShaderStageCreateFlags flags;
  bool require_size;  // chain VkPipelineShaderStageRequiredSubgroupSizeCreateInfo(size)
  bool spv16;
};

// Runs one dispatch; returns false if the variant is not valid for this workgroup size.
bool run(Vk &vk, const Variant &var, uint32_t wg, const uint32_t *code = nullptr, size_t code_bytes = 0) {
  const uint32_t size = vk.sg.subgroupSize;
  if ((var.flags & VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT) && wg % vk.ssc.maxSubgroupSize != 0)
    return false;
  if ((var.flags & VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT) && !vk.f13.computeFullSubgroups)
    return false;
  if (var.require_size && !vk.f13.subgroupSizeControl) return false;
  if (var.require_size && wg > size * vk.ssc.maxComputeWorkgroupSubgroups) return false;
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = code ? code_bytes : var.spv16 ? sizeof(subgroup_ops_spv16) : sizeof(subgroup_ops_spv13);
  smci.pCode = code ? code : var.spv16 ? subgroup_ops_spv16 : subgroup_ops_spv13;
  VkShaderModule sm;
  VK_CHECK(vkCreateShaderModule(vk.dev, &smci, nullptr, &sm));
  VkSpecializationMapEntry me{0, 0, 4};
  VkSpecializationInfo si{1, &me, 4, &wg};
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO};
  rs.requiredSubgroupSize = size;
  VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.pNext = var.require_size ? &rs : nullptr;
  cpci.stage.flags = var.flags;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = sm;
  cpci.stage.pName = "main";
  cpci.stage.pSpecializationInfo = &si;
  cpci.layout = vk.pl;
  VkPipeline pipe;
  auto t0 = std::chrono::steady_clock::now();
  VK_CHECK(vkCreateComputePipelines(vk.dev, VK_NULL_HANDLE, 1, &cpci, nullptr, &pipe));

  std::memset(vk.map, 0xEE, size_t(kGroups) * wg * kFields * 4);  // more than the minimal shader writes
  VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkResetCommandBuffer(vk.cb, 0));
  VK_CHECK(vkBeginCommandBuffer(vk.cb, &bi));
  vkCmdBindPipeline(vk.cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
  vkCmdBindDescriptorSets(vk.cb, VK_PIPELINE_BIND_POINT_COMPUTE, vk.pl, 0, 1, &vk.ds, 0, nullptr);
  vkCmdDispatch(vk.cb, kGroups, 1, 1);
  VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_HOST_READ_BIT};
  vkCmdPipelineBarrier(vk.cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0,
                       nullptr);
  VK_CHECK(vkEndCommandBuffer(vk.cb));
  VkSubmitInfo sub{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  sub.commandBufferCount = 1;
  sub.pCommandBuffers = &vk.cb;
  VK_CHECK(vkResetFences(vk.dev, 1, &vk.fence));
  VK_CHECK(vkQueueSubmit(vk.q, 1, &sub, vk.fence));
  VK_CHECK(vkWaitForFences(vk.dev, 1, &vk.fence, VK_TRUE, UINT64_MAX));
  if (verbose)  // lavapipe compiles the shader on first use: this is mostly compile time
    std::printf("  (%s, wg %u: pipeline + dispatch %.0f ms)\n", var.name, wg,
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  vkDestroyPipeline(vk.dev, pipe, nullptr);
  vkDestroyShaderModule(vk.dev, sm, nullptr);
  return true;
}

struct Outcome {
  bool ran = false;
  int checked = 0, failed = 0;
  std::string first;  // first mismatch, described
};

// Three ways of forming the subgroups the expected values are computed from:
//  L (Linear)    subgroup k = LocalIndex [k*S, (k+1)*S), lane = LocalIndex % S, with S = the device's
//                VkPhysicalDeviceSubgroupProperties::subgroupSize: full subgroups of the advertised
//                size, numbered in order. This is the HIP warp model, what REQUIRE_FULL_SUBGROUPS
//                promises, and what lavapipe does at 128/256/512.
//  R (Reported)  the (gl_SubgroupID, gl_SubgroupInvocationID) the shader reported, S = subgroupSize;
//                lanes not present count as inactive and values read from them are not checked:
//                is the driver consistent with the ids it reports?
//  M (Measured)  like L, with S = the size the driver really executes: the largest subgroupAdd(1)
//                seen in a workgroup of 64. Where M passes and L fails, code that uses this measured
//                size as its warp size (and not gl_SubgroupSize) gets correct results.
enum class Model { Linear, Reported, Measured };
constexpr int kModels = 3;

std::vector<Outcome> evaluate(const std::vector<uint32_t> &data, const std::vector<Check> &checks, uint32_t wg,
                              Model model, uint32_t size) {
  std::vector<Outcome> out(checks.size());
  for (auto &o : out) o.ran = true;
  const bool reported = model == Model::Reported;
  for (uint32_t w = 0; w < kGroups; ++w) {
    std::vector<Rec> recs(wg);
    for (uint32_t i = 0; i < wg; ++i) {
      uint32_t g = w * wg + i;
      recs[i] = Rec{data.data() + size_t(g) * kFields, g};
    }
    std::map<uint32_t, std::vector<const Rec *>> groups;
    for (auto &r : recs) groups[reported ? r[SGID] : r[LI] / size].push_back(&r);
    for (auto &[sgid, members] : groups) {
      Ctx x{wg, size, reported, nullptr, 0, {}, members};
      for (auto *m : members) x.by_lane.emplace(reported ? (*m)[LANE] : (*m)[LI] % size, m);
      for (auto *m : members) {
        x.r = m;
        x.lane = reported ? (*m)[LANE] : (*m)[LI] % size;
        for (size_t c = 0; c < checks.size(); ++c) {
          Res res = checks[c].fn(x);
          if (!res) continue;
          ++out[c].checked;
          if (res->first == res->second) continue;
          if (out[c].failed++ == 0) {
            const Rec &r = *m;
            char buf[320];
            std::snprintf(buf, sizeof buf,
                          "workgroup %u LocalIndex %u (gl_SubgroupID %u, gl_SubgroupInvocationID %u): expected %llu "
                          "(0x%llx) got %llu (0x%llx)  [its subgroupAdd(1)=%u, subgroupMin/Max(LocalIndex)=%u..%u]",
                          w, r[LI], r[SGID], r[LANE], (unsigned long long)res->first,
                          (unsigned long long)res->first, (unsigned long long)res->second,
                          (unsigned long long)res->second, r[CNT], r[MINLI], r[MAXLI]);
            out[c].first = buf;
          }
        }
      }
    }
  }
  return out;
}

// --dump: the raw words of the first 64 invocations of workgroup 0.
void dump_records(const std::vector<uint32_t> &d, uint32_t wg) {
  std::printf("\n  --dump: first variant, workgroup size %u, workgroup 0; v = 3*LocalIndex+1\n", wg);
  std::printf("  %4s %4s %4s %4s %4s | %5s %5s %5s | %6s %6s %6s %6s %6s | %8s %16s %6s %5s\n", "LI", "size", "lane",
              "sgid", "nsg", "add1", "minLI", "maxLI", "xor1", "xor8", "xor16", "shf^16", "shf+1", "add(v)",
              "ballot(true)", "bfirst", "elect");
  for (uint32_t i = 0; i < std::min(wg, 64u); ++i) {
    const uint32_t *r = d.data() + size_t(i) * kFields;
    std::printf("  %4u %4u %4u %4u %4u | %5u %5u %5u | %6u %6u %6u %6u %6u | %8u %08x%08x %6u %5u\n", r[LI], r[SIZE],
                r[LANE], r[SGID], r[NSG], r[CNT], r[MINLI], r[MAXLI], r[XOR1], r[XOR8], r[XOR16], r[SHUF_IDX16],
                r[SHUF_NEXT], r[ADD], r[BAL1], r[BAL0], r[BFIRST], r[ELECT]);
  }
}

int run_width() {
  const char *width = std::getenv("LP_NATIVE_VECTOR_WIDTH");
  if (!width) width = "(unset)";
  const uint32_t wgs[] = {32, 64, 128, 256, 100};
  const size_t nwg = sizeof wgs / sizeof wgs[0];
  const uint32_t max_wg = 256;
  Vk vk;
  init(vk, VkDeviceSize(kGroups) * max_wg * kFields * 4);
  std::printf("==== LP_NATIVE_VECTOR_WIDTH=%s: \"%s\"\n     subgroupSize %u, min/maxSubgroupSize %u/%u, "
              "maxComputeWorkgroupSubgroups %u, requiredSubgroupSizeStages 0x%x, subgroupSizeControl %u, "
              "computeFullSubgroups %u, subgroupSupportedOperations 0x%x\n",
              width, vk.props.deviceName, vk.sg.subgroupSize, vk.ssc.minSubgroupSize, vk.ssc.maxSubgroupSize,
              vk.ssc.maxComputeWorkgroupSubgroups, vk.ssc.requiredSubgroupSizeStages, vk.f13.subgroupSizeControl,
              vk.f13.computeFullSubgroups, vk.sg.supportedOperations);
  // The minimal reproducer (subgroup_minimal.comp): one workgroup that must be one full subgroup.
  bool minimal_ok = true;
  {
    const uint32_t S = vk.sg.subgroupSize;
    const Variant full{"minimal", 0, VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT, true, true};
    if (!run(vk, full, S, subgroup_minimal_spv16, sizeof(subgroup_minimal_spv16))) {
      std::printf("     the device lacks computeFullSubgroups or subgroupSizeControl: no minimal reproducer\n");
      return 2;
    }
    const uint32_t *o = static_cast<const uint32_t *>(vk.map);
    int bad = 0, first = -1;
    for (uint32_t g = 0; g < kGroups * S; ++g) {  // run() dispatches kGroups workgroups
      const uint32_t *q = o + 4 * g, i = g % S;
      if (q[0] != S || q[1] != 1 || q[2] != S || q[3] != (i ^ (S / 2))) {
        if (first < 0) first = int(g);
        ++bad;
      }
    }
    minimal_ok = bad == 0;
    const uint32_t g = first < 0 ? S - 1 : uint32_t(first), i = g % S;
    const uint32_t *q = o + 4 * g;
    std::printf("     minimal reproducer (subgroup_minimal.comp; one workgroup of subgroupSize=%u invocations, "
                "REQUIRE_FULL_SUBGROUPS + requiredSubgroupSize %u): %s, %d of %u invocations wrong\n"
                "       workgroup %u LocalIndex %u: gl_SubgroupSize %u (expected %u), gl_NumSubgroups %u (expected 1), "
                "subgroupAdd(1) %u (expected %u), subgroupShuffleXor(LocalIndex, %u) %u (expected %u)\n",
                S, S, minimal_ok ? "PASS" : "FAIL", bad, kGroups * S, g / S, i, q[0], S, q[1], q[2], S, S / 2, q[3], i ^ (S / 2));
  }
  if (minimal_only) {
    std::printf("==== LP_NATIVE_VECTOR_WIDTH=%s: minimal reproducer %s\n", width, minimal_ok ? "PASS" : "FAIL");
    return minimal_ok ? 0 : 1;
  }
  const uint32_t all = all_cases ? 31u : 0u;
  // Default: every workgroup size for the plain pipeline and one size for each other variant
  // (lavapipe compiles each pipeline in roughly a second at 16 lanes); --all: every size for all.
  const Variant variants[] = {
      {"SPIR-V 1.6, no subgroup-size control", 31, 0, false, true},
      {"SPIR-V 1.3, no subgroup-size control", all | 2, 0, false, false},
      {"SPIR-V 1.6, requiredSubgroupSize = subgroupSize", all | 16, 0, true, true},
      {"SPIR-V 1.6, requiredSubgroupSize + REQUIRE_FULL_SUBGROUPS", all | 2,
       VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT, true, true},
  };
  const size_t nvar = sizeof variants / sizeof variants[0];
  // Run everything first: the measured size comes from the first variant's workgroup of 64.
  std::vector<std::vector<std::optional<std::vector<uint32_t>>>> raw(nvar, std::vector<std::optional<std::vector<uint32_t>>>(nwg));
  for (size_t v = 0; v < nvar; ++v)
    for (size_t k = 0; k < nwg; ++k) {
      if (!(variants[v].wg_mask & wg_bit(wgs[k])) || !run(vk, variants[v], wgs[k])) continue;
      const uint32_t *p = static_cast<const uint32_t *>(vk.map);
      raw[v][k].emplace(p, p + size_t(kGroups) * wgs[k] * kFields);
    }
  uint32_t measured = 0;
  for (size_t i = 0; i < 64; ++i) measured = std::max(measured, (*raw[0][1])[i * kFields + CNT]);
  std::printf("     measured: subgroupAdd(1) in a workgroup of 64 reaches at most %u invocations; gl_SubgroupSize "
              "says %u -> %s\n",
              measured, (*raw[0][1])[SIZE],
              measured == vk.sg.subgroupSize ? "subgroups are as wide as advertised"
                                             : "SUBGROUPS ARE NARROWER THAN ADVERTISED");
  if (dump) dump_records(*raw[0][1], 64);

  const auto checks = make_checks();
  int fails[kModels] = {0, 0, 0};
  std::printf("\n  cell = three results, one per expectation model (P pass, F fail, . nothing defined to check, - not run):\n"
              "    L: full linear subgroups of subgroupSize=%u   R: the reported SubgroupID/InvocationID   "
              "M: full linear subgroups of the measured size %u\n",
              vk.sg.subgroupSize, measured);
  for (size_t v = 0; v < nvar; ++v) {
    std::vector<std::vector<Outcome>> res[kModels];  // [model][wg]
    for (size_t k = 0; k < nwg; ++k)
      for (int m = 0; m < kModels; ++m) {
        if (!raw[v][k]) {
          res[m].emplace_back(checks.size());
          continue;
        }
        const uint32_t size = m == int(Model::Measured) ? measured : vk.sg.subgroupSize;
        res[m].push_back(evaluate(*raw[v][k], checks, wgs[k], Model(m), size));
      }
    std::printf("\n-- width %s (subgroupSize %u), %s\n", width, vk.sg.subgroupSize, variants[v].name);
    std::printf("  %-54s", "op \\ workgroup size:  L R M");
    for (uint32_t wg : wgs) std::printf("%6u", wg);
    std::printf("\n");
    for (size_t c = 0; c < checks.size(); ++c) {
      std::printf("  %-54s", checks[c].name.c_str());
      for (size_t k = 0; k < nwg; ++k) {
        char cell[4] = {0};
        for (int m = 0; m < kModels; ++m) {
          const Outcome &o = res[m][k][c];
          cell[m] = !o.ran ? '-' : o.checked == 0 ? '.' : o.failed ? 'F' : 'P';
          fails[m] += o.failed ? 1 : 0;
        }
        std::printf("%6s", cell);
      }
      std::printf("\n");
    }
    // The first mismatch of each failing op under L (all models with -v), for the first variant only
    // unless -v.
    if (v != 0 && !verbose) continue;
    for (int m = 0; m < kModels; ++m) {
      if (m != 0 && !verbose) continue;
      for (size_t c = 0; c < checks.size(); ++c)
        for (size_t k = 0; k < nwg; ++k) {
          const Outcome &o = res[m][k][c];
          if (!o.failed) continue;
          std::printf("    %c FAIL %s, workgroup size %u: %d of %d invocations wrong; first: %s\n", "LRM"[m],
                      checks[c].name.c_str(), wgs[k], o.failed, o.checked, o.first.c_str());
          if (!verbose) break;
        }
    }
  }
  const bool ok = minimal_ok && fails[0] == 0;
  std::printf("\n==== LP_NATIVE_VECTOR_WIDTH=%s: %s  (minimal reproducer %s; failing op x workgroup-size x variant "
              "cells: L %d, R %d, M %d)\n",
              width, ok ? "PASS" : "FAIL", minimal_ok ? "PASS" : "FAIL", fails[0], fails[1], fails[2]);
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "-v")) verbose = true;
    else if (!std::strcmp(argv[i], "--dump")) dump = true;
    else if (!std::strcmp(argv[i], "--all")) all_cases = true;
    else if (!std::strcmp(argv[i], "--minimal")) minimal_only = true;
    else {
      std::fprintf(stderr, "usage: %s [-v] [--dump] [--all] [--minimal]\n", argv[0]);
      return 2;
    }
  if (std::getenv("LP_NATIVE_VECTOR_WIDTH")) return run_width();
  // No width given: run this program once per width, each in its own process (lavapipe reads the
  // variable once per process) with Mesa's shader cache off unless the caller configured it.
  const char *widths[] = {"128", "256", "512", "1024", "2048"};
  std::string summary;
  int rc = 0;
  for (const char *w : widths) {
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      setenv("LP_NATIVE_VECTOR_WIDTH", w, 1);
      setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
      execv("/proc/self/exe", argv);
      std::perror("execv");
      _exit(2);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    summary += std::string("  width ") + w + ": " + (ok ? "PASS" : "FAIL") + "\n";
    if (!ok) rc = 1;
  }
  std::printf("\n==== summary\n%s", summary.c_str());
  return rc;
}
