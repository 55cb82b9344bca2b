// libFuzzer target: the offload blob parser (include/hipvk/offload_blob.h), which the runtime runs
// on every registered or loaded image. Any bytes must parse or be refused with a reason, reading
// nothing outside [data, data + size). A blob that parses is written again and must read back the
// same.
#include <hipvk/offload_blob.h>

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  std::optional<hipvk::blob::Contents> contents = hipvk::blob::read(data, size, error);
  if (!contents) {
    if (error.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  std::vector<uint8_t> again = hipvk::blob::write(*contents);
  std::optional<hipvk::blob::Contents> reread = hipvk::blob::read(again.data(), again.size(), error);
  if (!reread || reread->metadata != contents->metadata || reread->globalInit != contents->globalInit ||
      reread->modules.size() != contents->modules.size())
    std::abort();
  return 0;
}
