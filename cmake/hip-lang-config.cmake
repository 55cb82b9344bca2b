# hip-lang-config.cmake of hipvk: what CMake's HIP language (enable_language(HIP)) loads from
# <CMAKE_HIP_COMPILER_ROCM_ROOT>/lib/cmake/hip-lang. Installed with hipvk-toolchain.cmake, which
# points CMake at it; the HIP runtime CMake links to HIP targets is libhipvk.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../hip/hip-targets.cmake")
if(NOT TARGET hip-lang::amdhip64)
  add_library(hip-lang::amdhip64 INTERFACE IMPORTED)
  set_target_properties(hip-lang::amdhip64 PROPERTIES INTERFACE_LINK_LIBRARIES hip::hipvk)
endif()
if(NOT TARGET hip-lang::device)
  # hipcc adds everything device compilation needs itself.
  add_library(hip-lang::device INTERFACE IMPORTED)
endif()
