// SPIRV-Tools in-process: validation for Vulkan 1.3 and the performance optimisation recipe.
#include "Compiler.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <spirv/unified1/spirv.hpp>

#include <cstring>

namespace hipvk {

static constexpr spv_target_env kTargetEnv = SPV_ENV_VULKAN_1_3;

std::string validateSpirv(const std::vector<uint32_t> &words) {
  spvtools::SpirvTools tools(kTargetEnv);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *, const spv_position_t &, const char *m) { messages += std::string(m) + "\n"; });
  spvtools::ValidatorOptions options;
  return tools.Validate(words.data(), words.size(), options) ? "" : (messages.empty() ? "unknown validation error" : messages);
}

std::string optimizeSpirv(std::vector<uint32_t> &words) {
  spvtools::Optimizer optimizer(kTargetEnv);
  std::string messages;
  optimizer.SetMessageConsumer([&](spv_message_level_t level, const char *, const spv_position_t &, const char *m) {
    if (level <= SPV_MSG_ERROR) messages += std::string(m) + "\n";
  });
  optimizer.RegisterPerformancePasses();
  std::vector<uint32_t> out;
  if (!optimizer.Run(words.data(), words.size(), &out)) return messages.empty() ? "unknown optimizer error" : messages;
  words = std::move(out);
  return "";
}

void allowInlining(std::vector<uint32_t> &words) {
  constexpr size_t kHeaderWords = 5;
  for (size_t i = kHeaderWords; i < words.size(); i += words[i] >> 16)
    if ((words[i] & 0xffff) == spv::OpFunction) words[i + 3] &= ~uint32_t(spv::FunctionControlDontInlineMask);
}

std::string disassembleSpirv(const std::vector<uint32_t> &words) {
  spvtools::SpirvTools tools(kTargetEnv);
  std::string text;
  tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
  return text;
}


} // namespace hipvk
