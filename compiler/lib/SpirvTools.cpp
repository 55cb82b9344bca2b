// SPIRV-Tools in-process: validation for Vulkan 1.3 and a lean optimisation recipe.
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
  // spirv-opt's performance recipe without what has nothing to do on the emitter's SSA form, which
  // LLVM optimised: inlining (value functions stay calls here), memory-to-register, scalar
  // replacement, access-chain and store forwarding, loop unrolling. The modules come out the same,
  // in about two thirds of the time; fewer passes (no if-conversion, one redundancy elimination)
  // cost NVIDIA's float math 5-9 % (docs/PERFORMANCE.md, 2026-11-28, "Compile time").
  optimizer.RegisterPass(spvtools::CreateDeadBranchElimPass())
      .RegisterPass(spvtools::CreateEliminateDeadFunctionsPass())
      .RegisterPass(spvtools::CreateAggressiveDCEPass())
      .RegisterPass(spvtools::CreateCCPPass())
      .RegisterPass(spvtools::CreateAggressiveDCEPass())
      .RegisterPass(spvtools::CreateDeadBranchElimPass())
      .RegisterPass(spvtools::CreateRedundancyEliminationPass())
      .RegisterPass(spvtools::CreateCombineAccessChainsPass())
      .RegisterPass(spvtools::CreateSimplificationPass())
      .RegisterPass(spvtools::CreateVectorDCEPass())
      .RegisterPass(spvtools::CreateDeadInsertElimPass())
      .RegisterPass(spvtools::CreateDeadBranchElimPass())
      .RegisterPass(spvtools::CreateSimplificationPass())
      .RegisterPass(spvtools::CreateIfConversionPass())
      .RegisterPass(spvtools::CreateAggressiveDCEPass())
      .RegisterPass(spvtools::CreateBlockMergePass())
      .RegisterPass(spvtools::CreateRedundancyEliminationPass())
      .RegisterPass(spvtools::CreateDeadBranchElimPass())
      .RegisterPass(spvtools::CreateBlockMergePass())
      .RegisterPass(spvtools::CreateSimplificationPass());
  spvtools::OptimizerOptions options;
  options.set_run_validator(false); // finishKernelModule validated it just before
  std::vector<uint32_t> out;
  if (!optimizer.Run(words.data(), words.size(), &out, options)) return messages.empty() ? "unknown optimizer error" : messages;
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
