# Every public HIP header compiles, with <memory> and <future> after it (libstdc++ writes
# __attribute__((__noinline__)) there):
#   - on its own (twice: include guards), as plain host C++17 with g++ and as HIP C++17 (clang++
#     -x hip, the device pass): each header includes what it needs;
#   - all of them in one translation unit, in every configuration: as plain host C++ (no -x hip)
#     with g++ and clang++, C++17 and C++20, -Wall -Wextra -Werror, and as HIP (device and host
#     passes, the way hipcc compiles), C++17 and C++20. (The whole matrix per header cost three
#     minutes of CI for what one translation unit checks.)
#   - as C (gcc and clang) for the headers ROCm also offers to C code.
cmake_minimum_required(VERSION 3.20)
file(MAKE_DIRECTORY ${WORK})
file(GLOB_RECURSE headers RELATIVE ${INCLUDE} ${INCLUDE}/hip/*.h)
list(FILTER headers EXCLUDE REGEX "hipvk_detail/")  # detail headers are included through the public ones
list(LENGTH headers count)
if(count LESS 20)
  message(FATAL_ERROR "only ${count} public headers found under ${INCLUDE}/hip")
endif()
# Headers ROCm also lets C code include.
set(c_headers hip/hip_runtime_api.h hip/hip_vector_types.h hip/hip_version.h hip/hip_complex.h
    hip/hiprtc.h hip/library_types.h hip/texture_types.h hip/surface_types.h hip/hip_math_constants.h
    hip/hip_common.h hip/hip_bfloat16.h)

set(failures 0)
function(try_compile_header label src)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "FAILED: ${label}\n${out}${err}")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
  endif()
endfunction()

set(hip_flags -x hip --offload-arch=gfx900 -nogpulib -nogpuinc --rocm-path=${WORK}/no-rocm -D__HIPVK__=1
    -D__HIP_PLATFORM_AMD__=1 -Wall -Werror -fsyntax-only -I${INCLUDE})
set(cxx_flags -Wall -Wextra -Werror -fsyntax-only -I${INCLUDE})
set(uses_std "#include <memory>\n#include <future>\nint main() { auto p = std::make_unique<int>(1); return *p - 1; }\n")
set(index 0)
set(all_includes "")
foreach(h IN LISTS headers)
  math(EXPR index "${index} + 1")
  string(APPEND all_includes "#include <${h}>\n")
  set(cxx ${WORK}/h${index}.cpp)
  file(WRITE ${cxx} "#include <${h}>\n#include <${h}>\n${uses_std}")
  try_compile_header("${GXX} -std=c++17 ${h}" ${cxx} ${GXX} -std=c++17 ${cxx_flags} ${cxx})
  try_compile_header("${CLANGXX} -x hip --cuda-device-only -std=c++17 ${h}" ${cxx}
    ${CLANGXX} --cuda-device-only -std=c++17 ${hip_flags} ${cxx})
  if(h IN_LIST c_headers)
    set(c ${WORK}/h${index}.c)
    file(WRITE ${c} "#include <${h}>\n#include <${h}>\nint main(void) { return 0; }\n")
    foreach(compiler ${GCC} ${CLANG})
      try_compile_header("${compiler} -std=c11 ${h}" ${c}
        ${compiler} -std=c11 -Wall -Wextra -Werror -fsyntax-only -I${INCLUDE} ${c})
    endforeach()
  endif()
endforeach()

set(all ${WORK}/all_headers.cpp)
file(WRITE ${all} "${all_includes}${uses_std}")
foreach(std 17 20)
  foreach(compiler ${GXX} ${CLANGXX})
    try_compile_header("${compiler} -std=c++${std}, every header" ${all} ${compiler} -std=c++${std} ${cxx_flags} ${all})
  endforeach()
  foreach(pass --cuda-device-only --cuda-host-only)
    try_compile_header("${CLANGXX} -x hip ${pass} -std=c++${std}, every header" ${all}
      ${CLANGXX} ${pass} -std=c++${std} ${hip_flags} ${all})
  endforeach()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} header compilations failed")
endif()
message(STATUS "${count} public headers compiled each on its own (g++, HIP), all together as C++17/20 (g++, clang++) and HIP, and as C where offered")
