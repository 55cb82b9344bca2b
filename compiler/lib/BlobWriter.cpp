// Packs a compilation result into the offload blob that hipcc embeds (docs/ABI.md).
#include "Compiler.h"

#include <hipvk/offload_blob.h>

namespace hipvk {

std::vector<uint8_t> CompileResult::blob() const {
  std::string_view spirvBytes(reinterpret_cast<const char *>(spirv.data()), spirv.size() * sizeof(uint32_t));
  std::string_view initBytes(reinterpret_cast<const char *>(globalInit.data()), globalInit.size());
  return blob::write({{blob::SectionKind::SpirV, spirvBytes},
                      {blob::SectionKind::Metadata, metadata},
                      {blob::SectionKind::GlobalInit, initBytes}});
}

} // namespace hipvk
