// HIP runtime compilation (hiprtc): types, ROCm 6.2's enum values and entry points.
//
// hipvk status: hiprtcVersion, hiprtcGetErrorString and the program objects (create, destroy,
// name expressions, logs) work; hiprtcCompileProgram does not compile yet: it returns
// HIPRTC_ERROR_COMPILATION with a program log saying that runtime compilation is not supported
// by hipvk, and the link API returns HIPRTC_ERROR_LINKING. The entry points live in libhipvk
// (runtime/api/hip_api_rtc.cpp), so hipcc's default link finds them.
#ifndef HIP_INCLUDE_HIP_HIPRTC_H
#define HIP_INCLUDE_HIP_HIPRTC_H

#ifdef __cplusplus
#include <cstddef>
#else
#include <stddef.h>
#endif

#include <hip/hipvk_detail/host_defines.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef enum hiprtcJIT_option {
  HIPRTC_JIT_MAX_REGISTERS = 0,
  HIPRTC_JIT_THREADS_PER_BLOCK = 1,
  HIPRTC_JIT_WALL_TIME = 2,
  HIPRTC_JIT_INFO_LOG_BUFFER = 3,
  HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  HIPRTC_JIT_ERROR_LOG_BUFFER = 5,
  HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  HIPRTC_JIT_OPTIMIZATION_LEVEL = 7,
  HIPRTC_JIT_TARGET_FROM_HIPCONTEXT = 8,
  HIPRTC_JIT_TARGET = 9,
  HIPRTC_JIT_FALLBACK_STRATEGY = 10,
  HIPRTC_JIT_GENERATE_DEBUG_INFO = 11,
  HIPRTC_JIT_LOG_VERBOSE = 12,
  HIPRTC_JIT_GENERATE_LINE_INFO = 13,
  HIPRTC_JIT_CACHE_MODE = 14,
  HIPRTC_JIT_NEW_SM3X_OPT = 15,
  HIPRTC_JIT_FAST_COMPILE = 16,
  HIPRTC_JIT_GLOBAL_SYMBOL_NAMES = 17,
  HIPRTC_JIT_GLOBAL_SYMBOL_ADDRESS = 18,
  HIPRTC_JIT_GLOBAL_SYMBOL_COUNT = 19,
  HIPRTC_JIT_LTO = 20,
  HIPRTC_JIT_FTZ = 21,
  HIPRTC_JIT_PREC_DIV = 22,
  HIPRTC_JIT_PREC_SQRT = 23,
  HIPRTC_JIT_FMA = 24,
  HIPRTC_JIT_NUM_OPTIONS = 25,
  HIPRTC_JIT_IR_TO_ISA_OPT_EXT = 10000,
  HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT = 10001
} hiprtcJIT_option;

typedef enum hiprtcJITInputType {
  HIPRTC_JIT_INPUT_CUBIN = 0,
  HIPRTC_JIT_INPUT_PTX = 1,
  HIPRTC_JIT_INPUT_FATBINARY = 2,
  HIPRTC_JIT_INPUT_OBJECT = 3,
  HIPRTC_JIT_INPUT_LIBRARY = 4,
  HIPRTC_JIT_INPUT_NVVM = 5,
  HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES = 6,
  HIPRTC_JIT_INPUT_LLVM_BITCODE = 100,
  HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE = 101,
  HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE = 102,
  HIPRTC_JIT_NUM_INPUT_TYPES = (HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES + 3)
} hiprtcJITInputType;

typedef struct _hiprtcProgram *hiprtcProgram;
typedef struct ihiprtcLinkState *hiprtcLinkState;

#pragma GCC visibility push(default)

const char *hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int *major, int *minor);
hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
                                 int numHeaders, const char **headers, const char **includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char **options);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
                                  const char **lowered_name);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);
hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option *option_ptr,
                              void **option_vals_pptr, hiprtcLinkState *hip_link_state_ptr);
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               const char *file_path, unsigned int num_options,
                               hiprtcJIT_option *options_ptr, void **option_values);
hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               void *image, size_t image_size, const char *name,
                               unsigned int num_options, hiprtcJIT_option *options_ptr,
                               void **option_values);
hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void **bin_out, size_t *size_out);
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state);

#pragma GCC visibility pop

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // HIP_INCLUDE_HIP_HIPRTC_H
