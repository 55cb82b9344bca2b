# Every public HIP header compiles on its own (twice: include guards), with <memory> and <future>
# after it (libstdc++ writes __attribute__((__noinline__)) there):
#   - as plain host C++ (no -x hip) with g++ and clang++, in C++17 and C++20, -Wall -Wextra -Werror;
#   - as HIP (clang++ -x hip, device and host passes, the way hipcc compiles), C++17 and C++20;
#   - as C (gcc and clang) for the headers ROCm also offers to C code.
# Inputs: -DINCLUDE=<include dir> -DWORK=<scratch dir> -DGXX= -DGCC= -DCLANGXX= -DCLANG=
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
    hip/hip_common.h)

set(failures 0)
function(try_compile_header label src)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "FAILED: ${label}\n${out}${err}")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
  endif()
endfunction()

set(index 0)
foreach(h IN LISTS headers)
  math(EXPR index "${index} + 1")
  set(cxx ${WORK}/h${index}.cpp)
  file(WRITE ${cxx} "#include <${h}>\n#include <${h}>\n#include <memory>\n#include <future>\nint main() { auto p = std::make_unique<int>(1); return *p - 1; }\n")
  foreach(std 17 20)
    foreach(compiler ${GXX} ${CLANGXX})
      try_compile_header("${compiler} -std=c++${std} ${h}" ${cxx}
        ${compiler} -std=c++${std} -Wall -Wextra -Werror -fsyntax-only -I${INCLUDE} ${cxx})
      set(failures ${failures})
    endforeach()
    set(passes --cuda-device-only)
    if(std EQUAL 17)
      list(APPEND passes --cuda-host-only)
    endif()
    foreach(pass IN LISTS passes)
      try_compile_header("${CLANGXX} -x hip ${pass} -std=c++${std} ${h}" ${cxx}
        ${CLANGXX} -x hip ${pass} --offload-arch=gfx900 -nogpulib -nogpuinc --rocm-path=${WORK}/no-rocm -D__HIPVK__=1
        -D__HIP_PLATFORM_AMD__=1 -std=c++${std} -Wall -Werror -fsyntax-only -I${INCLUDE} ${cxx})
    endforeach()
  endforeach()
  if(h IN_LIST c_headers)
    set(c ${WORK}/h${index}.c)
    file(WRITE ${c} "#include <${h}>\n#include <${h}>\nint main(void) { return 0; }\n")
    foreach(compiler ${GCC} ${CLANG})
      try_compile_header("${compiler} -std=c11 ${h}" ${c}
        ${compiler} -std=c11 -Wall -Wextra -Werror -fsyntax-only -I${INCLUDE} ${c})
    endforeach()
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} header compilations failed")
endif()
message(STATUS "${count} public headers compiled as C++17/20 (g++, clang++), HIP, and C where offered")
