#include "device/options.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <cstdlib>
#include <string>
#include <string_view>

namespace hipvk {
namespace {

// The first refusal stays: it is the one printed.
void refuse(Options &options, std::string why) {
  if (options.refused.empty()) options.refused = std::move(why);
}

std::optional<std::string_view> env(const char *name) {
  const char *value = std::getenv(name);
  if (!value) return std::nullopt;
  return std::string_view(value);
}

std::optional<int> parseIndex(std::string_view text) {
  int value = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

std::vector<int> parseDeviceList(std::string_view text) {
  std::vector<int> indices;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::optional<int> index = parseIndex(text.substr(0, comma));
    if (!index) break;  // ROCm ignores everything from the first invalid entry on
    indices.push_back(*index);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return indices;
}

bool flag(const char *name) {
  std::optional<std::string_view> value = env(name);
  return value && !value->empty() && *value != "0";
}

std::filesystem::path pipelineCacheDirFromEnvironment() {
  if (std::optional<std::string_view> dir = env("HIPVK_PIPELINE_CACHE")) {
    if (*dir == "0") return {};
    if (!dir->empty()) return std::filesystem::path(*dir);
  }
  if (std::optional<std::string_view> xdg = env("XDG_CACHE_HOME"); xdg && !xdg->empty())
    return std::filesystem::path(*xdg) / "hipvk";
  if (std::optional<std::string_view> home = env("HOME"); home && !home->empty())
    return std::filesystem::path(*home) / ".cache" / "hipvk";
  return {};
}

// HIPVK_DISABLE_FEATURES's names; sets `bad` to the first name that is none of them.
void parseDisabledFeatures(std::string_view text, Options &options) {
  struct Named {
    std::string_view name;
    unsigned feature;
  };
  constexpr Named kNames[] = {{"int64", Options::Int64}, {"float64", Options::Float64}, {"int16", Options::Int16},
                              {"int8", Options::Int8}, {"float16", Options::Float16},
                              {"fma", Options::FusedFma}, {"ieee-inverse-sqrt", Options::IeeeInverseSqrt},
                              {"verified-short-sqrt", Options::VerifiedShortSqrt},
                              {"verified-short-exp", Options::VerifiedShortExp}};
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view name = text.substr(0, comma);
    text.remove_prefix(comma == std::string_view::npos ? text.size() : comma + 1);
    if (name.empty()) continue;
    if (name == "float-atomics") {
      options.disableFloatAtomics = true;
      continue;
    }
    const Named *known = std::find_if(std::begin(kNames), std::end(kNames), [&](const Named &n) { return n.name == name; });
    if (known == std::end(kNames)) {
      refuse(options, "HIPVK_DISABLE_FEATURES: unknown feature '" + std::string(name) +
                          "' (known: int64, float64, int16, int8, float16, fma, ieee-inverse-sqrt, verified-short-sqrt, verified-short-exp, float-atomics)");
      continue;
    }
    options.disabledFeatures |= known->feature;
  }
}

}  // namespace

Options Options::fromEnvironment() {
  Options options;
  if (std::optional<std::string_view> visible = env("HIP_VISIBLE_DEVICES"))
    options.visibleDevices = parseDeviceList(*visible);
  options.deviceSelector = std::string(env("HIPVK_DEVICE").value_or(""));
  options.validation = flag("HIPVK_VALIDATION");
  options.pipelineCacheDir = pipelineCacheDirFromEnvironment();
  options.log = flag("HIPVK_LOG");
  options.disableFloatAtomics = flag("HIPVK_DISABLE_FLOAT_ATOMICS");
  if (std::optional<std::string_view> features = env("HIPVK_DISABLE_FEATURES")) parseDisabledFeatures(*features, options);
  if (std::optional<std::string_view> algorithms = env("HIPVK_FLOAT_ALGORITHMS"); algorithms && !algorithms->empty()) {
    if (*algorithms == "fma" || *algorithms == "double") options.fmaFloatAlgorithms = *algorithms == "fma";
    else refuse(options, "HIPVK_FLOAT_ALGORITHMS: unknown value '" + std::string(*algorithms) + "' (known: fma, double)");
  }
  if (std::optional<std::string_view> queue = env("HIPVK_COPY_QUEUE"); queue && !queue->empty()) {
    if (*queue == "transfer") options.copyQueue = CopyQueue::Transfer;
    else if (*queue == "compute") options.copyQueue = CopyQueue::Compute;
    else if (*queue == "off") options.copyQueue = CopyQueue::Off;
    else refuse(options, "HIPVK_COPY_QUEUE: unknown value '" + std::string(*queue) + "' (known: transfer, compute, off)");
  }
  options.forceStagedCopies = flag("HIPVK_FORCE_STAGED_COPIES");
  options.checkPointers = flag("HIPVK_CHECK_POINTERS");
  options.pipelineStats = flag("HIPVK_PIPELINE_STATS");
  if (std::optional<std::string_view> threads = env("LP_NUM_THREADS"))
    if (std::optional<int> n = parseIndex(*threads)) options.lavapipeThreads = unsigned(*n);
  if (std::optional<std::string_view> timeout = env("HIPVK_GRID_SYNC_TIMEOUT_MS"))
    if (std::optional<int> ms = parseIndex(*timeout); ms && *ms > 0) options.gridSyncTimeoutMs = unsigned(*ms);
  if (std::optional<std::string_view> timeout = env("HIPVK_KERNEL_TIMEOUT")) {
    // std::from_chars for double: not in every libstdc++ this builds with; strtod is exact enough.
    std::string text(*timeout);
    char *end = nullptr;
    double seconds = std::strtod(text.c_str(), &end);
    if (!text.empty() && end == text.c_str() + text.size() && seconds > 0) options.kernelTimeoutSeconds = seconds;
  }
  if (std::optional<std::string_view> spin = env("HIPVK_WAIT_SPIN_US"))
    if (std::optional<int> us = parseIndex(*spin)) options.waitSpinUs = unsigned(*us);
  return options;
}

}  // namespace hipvk
