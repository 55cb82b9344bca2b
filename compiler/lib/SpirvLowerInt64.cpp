// 64-bit integers as pairs of 32-bit words, on finished SPIR-V (SpirvEmitter.h, lowerInt64).
#include "SpirvEmitter.h"

namespace hipvk {

std::string lowerInt64(std::vector<uint32_t> &) { return "64-bit integer lowering is not implemented yet"; }

} // namespace hipvk
