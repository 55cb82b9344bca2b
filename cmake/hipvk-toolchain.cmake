# CMake's HIP language (enable_language(HIP), project(... HIP)) with hipvk, on CMake 3.21+:
#   cmake -DCMAKE_TOOLCHAIN_FILE=<prefix>/lib/cmake/hip/hipvk-toolchain.cmake ...
# CMake 3.25 expects ROCm's clang and ROCm's layout; this file supplies what it would look for:
#   - the compiler is <prefix>/bin/hipvk-hipcxx, a link to hipcc: CMake refuses any compiler path
#     containing "hipcc" (it wants a bare clang), yet only hipcc compiles device code to SPIR-V;
#   - CMAKE_HIP_COMPILER_ROCM_ROOT = <prefix>, where CMake loads lib/cmake/hip-lang;
#   - CMAKE_HIP_ARCHITECTURES: required, no rocm_agent_enumerator here; hipcc ignores
#     --offload-arch (SPIR-V runs on every Vulkan device);
#   - CMAKE_HIP_COMPILER_FORCED: CMake's compiler check compiles with --cuda-host-only, which hipcc
#     refuses (it always compiles both sides); the compiler is still identified (Clang 19).
# Paths are relative to this file: the prefix can move.
get_filename_component(_hipvk_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(CMAKE_HIP_COMPILER "${_hipvk_prefix}/bin/hipvk-hipcxx" CACHE FILEPATH "hipvk's hipcc, for CMake's HIP language")
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_hipvk_prefix}" CACHE PATH "hipvk install prefix (holds lib/cmake/hip-lang)")
set(CMAKE_HIP_ARCHITECTURES "gfx900" CACHE STRING "ignored by hipvk's hipcc (SPIR-V)")
set(CMAKE_HIP_COMPILER_FORCED ON)
list(APPEND CMAKE_PREFIX_PATH "${_hipvk_prefix}")
unset(_hipvk_prefix)
