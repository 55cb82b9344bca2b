// hiprtc (include/hip/hiprtc.h): runtime compilation. hipvk has no in-process compiler yet, so
// programs can be created and inspected, but compiling one fails honestly with
// HIPRTC_ERROR_COMPILATION and a program log that says why; linking fails with
// HIPRTC_ERROR_LINKING. Every failure is logged under HIPVK_LOG=1.
#include <hip/hip_version.h>
#include <hip/hiprtc.h>

#include <cstring>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "api/api.h"
#include "device/context.h"

struct _hiprtcProgram {
  std::string source, name, log;
  std::vector<std::string> nameExpressions;
  bool compileAttempted = false;
};

namespace {

std::mutex g_mutex;
std::set<const _hiprtcProgram *> g_programs;  // live programs: a stale handle is invalid, not a crash

bool valid(hiprtcProgram prog) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return prog && g_programs.count(prog);
}

hiprtcResult failWith(hiprtcResult result, const char *call, const char *why) {
  hipvk::log("%s: %s (%s)", call, hiprtcGetErrorString(result), why);
  return result;
}

constexpr const char *kNotSupported =
    "hipvk: runtime compilation (hiprtc) is not supported yet; compile kernels ahead of time "
    "with hipcc.\n";

}  // namespace

extern "C" {

const char *hiprtcGetErrorString(hiprtcResult result) {
  switch (hipvk::api::enumValue(result)) {
    case HIPRTC_SUCCESS: return "HIPRTC_SUCCESS";
    case HIPRTC_ERROR_OUT_OF_MEMORY: return "HIPRTC_ERROR_OUT_OF_MEMORY";
    case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE: return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case HIPRTC_ERROR_INVALID_INPUT: return "HIPRTC_ERROR_INVALID_INPUT";
    case HIPRTC_ERROR_INVALID_PROGRAM: return "HIPRTC_ERROR_INVALID_PROGRAM";
    case HIPRTC_ERROR_INVALID_OPTION: return "HIPRTC_ERROR_INVALID_OPTION";
    case HIPRTC_ERROR_COMPILATION: return "HIPRTC_ERROR_COMPILATION";
    case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE: return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
      return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
      return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID: return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case HIPRTC_ERROR_INTERNAL_ERROR: return "HIPRTC_ERROR_INTERNAL_ERROR";
    case HIPRTC_ERROR_LINKING: return "HIPRTC_ERROR_LINKING";
  }
  return "Invalid HIPRTC error code";
}

hiprtcResult hiprtcVersion(int *major, int *minor) {
  if (!major || !minor) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcVersion", "null pointer");
  *major = HIP_VERSION_MAJOR;
  *minor = HIP_VERSION_MINOR;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name, int numHeaders,
                                 const char **headers, const char **includeNames) {
  if (!prog || !src || numHeaders < 0 || (numHeaders > 0 && (!headers || !includeNames)))
    return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCreateProgram", "invalid argument");
  try {
    auto *p = new _hiprtcProgram;
    p->source = src;
    p->name = name ? name : "default_program";
    std::lock_guard<std::mutex> lock(g_mutex);
    g_programs.insert(p);
    *prog = p;
  } catch (const std::bad_alloc &) {
    return HIPRTC_ERROR_OUT_OF_MEMORY;
  }
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog) {
  if (!prog) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcDestroyProgram", "null pointer");
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!*prog || !g_programs.erase(*prog))
      return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcDestroyProgram", "unknown program");
  }
  delete *prog;
  *prog = nullptr;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression) {
  if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcAddNameExpression", "unknown program");
  if (!name_expression) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcAddNameExpression", "null name");
  if (prog->compileAttempted)
    return failWith(HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION, "hiprtcAddNameExpression",
                    "after compilation");
  prog->nameExpressions.push_back(name_expression);
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char **options) {
  if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcCompileProgram", "unknown program");
  if (numOptions < 0 || (numOptions > 0 && !options))
    return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCompileProgram", "invalid options");
  prog->compileAttempted = true;
  prog->log = kNotSupported;
  return failWith(HIPRTC_ERROR_COMPILATION, "hiprtcCompileProgram", "runtime compilation is not supported");
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression, const char **lowered_name) {
  if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcGetLoweredName", "unknown program");
  if (!name_expression || !lowered_name)
    return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetLoweredName", "null pointer");
  // No program is ever compiled successfully, so no name has been lowered.
  return failWith(HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION, "hiprtcGetLoweredName", "not compiled");
}

hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet) {
  if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcGetProgramLogSize", "unknown program");
  if (!logSizeRet) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetProgramLogSize", "null pointer");
  *logSizeRet = prog->log.size() + 1;
  return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log) {
  if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcGetProgramLog", "unknown program");
  if (!log) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetProgramLog", "null pointer");
  std::memcpy(log, prog->log.c_str(), prog->log.size() + 1);
  return HIPRTC_SUCCESS;
}

// No code exists without a successful compilation.
#define HIPVK_RTC_NO_CODE(NAME, T)                                                            \
  hiprtcResult NAME(hiprtcProgram prog, T out) {                                              \
    if (!valid(prog)) return failWith(HIPRTC_ERROR_INVALID_PROGRAM, #NAME, "unknown program"); \
    if (!out) return failWith(HIPRTC_ERROR_INVALID_INPUT, #NAME, "null pointer");             \
    return failWith(HIPRTC_ERROR_INVALID_PROGRAM, #NAME, "the program was not compiled");     \
  }
HIPVK_RTC_NO_CODE(hiprtcGetCodeSize, size_t *)
HIPVK_RTC_NO_CODE(hiprtcGetCode, char *)
HIPVK_RTC_NO_CODE(hiprtcGetBitcodeSize, size_t *)
HIPVK_RTC_NO_CODE(hiprtcGetBitcode, char *)
#undef HIPVK_RTC_NO_CODE

hiprtcResult hiprtcLinkCreate(unsigned int, hiprtcJIT_option *, void **, hiprtcLinkState *state) {
  if (!state) return failWith(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkCreate", "null pointer");
  *state = nullptr;
  return failWith(HIPRTC_ERROR_LINKING, "hiprtcLinkCreate", "runtime linking is not supported");
}
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState, hiprtcJITInputType, const char *, unsigned int,
                               hiprtcJIT_option *, void **) {
  return failWith(HIPRTC_ERROR_LINKING, "hiprtcLinkAddFile", "runtime linking is not supported");
}
hiprtcResult hiprtcLinkAddData(hiprtcLinkState, hiprtcJITInputType, void *, size_t, const char *,
                               unsigned int, hiprtcJIT_option *, void **) {
  return failWith(HIPRTC_ERROR_LINKING, "hiprtcLinkAddData", "runtime linking is not supported");
}
hiprtcResult hiprtcLinkComplete(hiprtcLinkState, void **bin_out, size_t *size_out) {
  if (bin_out) *bin_out = nullptr;
  if (size_out) *size_out = 0;
  return failWith(HIPRTC_ERROR_LINKING, "hiprtcLinkComplete", "runtime linking is not supported");
}
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState) {
  return failWith(HIPRTC_ERROR_LINKING, "hiprtcLinkDestroy", "runtime linking is not supported");
}

}  // extern "C"
