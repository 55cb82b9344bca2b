// Packs a compilation result into the offload blob that hipcc embeds (docs/ABI.md).
#include "Compiler.h"

#include <hipvk/offload_blob.h>

namespace hipvk {

std::vector<uint8_t> CompileResult::blob() const {
  std::string_view spirvBytes(reinterpret_cast<const char *>(spirv.data()), spirv.size() * sizeof(uint32_t));
  std::string_view initBytes(reinterpret_cast<const char *>(globalInit.data()), globalInit.size());
  std::vector<blob::Section> sections;
  if (!spirv.empty()) sections.push_back({blob::SectionKind::SpirV, spirvBytes}); // none without kernels
  sections.push_back({blob::SectionKind::Metadata, metadata});
  sections.push_back({blob::SectionKind::GlobalInit, initBytes});
  return blob::write(sections);
}

} // namespace hipvk
