// Packs a compilation result into the offload blob that hipcc embeds (docs/ABI.md): one kernel
// module section per kernel (and per variant), the metadata, and the global segment's initial bytes.
#include "Compiler.h"

#include <hipvk/offload_blob.h>

namespace hipvk {

std::vector<uint8_t> CompileResult::blob() const {
  blob::Contents contents;
  contents.metadata = metadata;
  contents.globalInit = std::string_view(reinterpret_cast<const char *>(globalInit.data()), globalInit.size());
  // hipcc's modules need nothing beyond the hipvk baseline but the SPIR-V capabilities they
  // declare, which the runtime checks from the SPIR-V itself, and the launch condition of the
  // disjoint-pointer variants. Fixed-width modules come first, then the variants, the portable
  // modules last: the runtime takes a kernel's first module the device and the launch can run.
  auto add = [&](const KernelSpirv &m) {
    contents.modules.push_back({m.requiredFeatures, {m.kernel}, std::string_view(reinterpret_cast<const char *>(m.words.data()), m.words.size() * sizeof(uint32_t)), m.minSubgroupSize});
  };
  for (const KernelSpirv &m : fixedWidth) add(m);
  for (const KernelSpirv &m : variants) add(m);
  for (const KernelSpirv &m : modules) add(m);
  for (const KernelSpirv &m : portable) add(m);
  for (const KernelSpirv &m : logical) add(m);
  return blob::write(contents);
}

} // namespace hipvk
