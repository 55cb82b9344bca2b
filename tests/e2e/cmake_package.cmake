# e2e.cmake_package: the install tree and its CMake package (cmake/), relocated.
#   1. cmake --install <BUILD_DIR> --prefix <WORK>/stage, then move the prefix to
#      <WORK>/moved/hipvk (nothing may refer to the build tree or to the first location);
#   2. the moved prefix's hipvk-info runs and lists a device; hipcc --version reports a backend,
#      headers and library inside the moved prefix; libhipvk.so has no RUNPATH into the build;
#   3. tests/e2e/cmake_project is configured, built and run twice against the moved prefix:
#      with the build's C++ compiler (find_package(hip) + hipvk_add_executable/_library), and with
#      CMAKE_CXX_COMPILER=<moved>/bin/hipcc (plain add_executable, hip::device, hip::host),
#      and with CMake's HIP language (enable_language(HIP), -DCMAKE_TOOLCHAIN_FILE=
#      <moved>/lib/cmake/hip/hipvk-toolchain.cmake).
#      Each executable compares its device results with a host reference and prints PASS.
# -DBUILD_DIR= -DWORK= -DPROJECT= -DGENERATOR= [-DMAKE_PROGRAM=] -DCXX= [-DREADELF=]
foreach(v BUILD_DIR WORK PROJECT GENERATOR CXX)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "cmake_package.cmake: -D${v}= is required")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/moved")
set(stage "${WORK}/stage")
set(prefix "${WORK}/moved/hipvk")

# ---- 1. install, then move -------------------------------------------------------------------------
run("cmake --install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${stage}")
foreach(f bin/hipcc bin/hipvk-spirv bin/hipvk-info lib/libhipvk.so include/hip/hip_runtime.h
          include/hip/hip_version.h include/hipvk/offload_blob.h lib/cmake/hip/hip-config.cmake
          lib/cmake/hip/hip-config-version.cmake lib/cmake/hip/hip-targets.cmake
          lib/cmake/hip/hipvk-functions.cmake
          lib/cmake/hip/hipvk-toolchain.cmake lib/cmake/hip-lang/hip-lang-config.cmake
          bin/hipvk-hipcxx)
  if(NOT EXISTS "${stage}/${f}")
    message(FATAL_ERROR "the install tree lacks ${f}")
  endif()
endforeach()
file(RENAME "${stage}" "${prefix}")
message(STATUS "installed and moved to ${prefix}")

# ---- 2. the moved tools ----------------------------------------------------------------------------
run("hipvk-info" "${prefix}/bin/hipvk-info")
if(NOT run_output MATCHES "HIP device 0")
  message(FATAL_ERROR "hipvk-info from the moved prefix lists no device:\n${run_output}")
endif()
run("hipcc --version" "${prefix}/bin/hipcc" --version)
foreach(what backend include library)
  if(NOT run_output MATCHES "hipvk ${what}: ${prefix}/")
    message(FATAL_ERROR "the moved hipcc's ${what} is not inside ${prefix}:\n${run_output}")
  endif()
endforeach()
if(READELF)
  foreach(f lib/libhipvk.so bin/hipcc bin/hipvk-spirv bin/hipvk-info)
    run("readelf -d ${f}" ${READELF} -d "${prefix}/${f}")
    string(FIND "${run_output}" "${BUILD_DIR}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${f} refers to the build tree:\n${run_output}")
    endif()
  endforeach()
endif()

# ---- 3. a CMake project against the moved prefix, two ways ------------------------------------------
set(common -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${prefix}")
if(MAKE_PROGRAM)
  list(APPEND common "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
foreach(variant helper hipcc language)
  set(bin "${WORK}/build-${variant}")
  set(extra)
  if(variant STREQUAL "helper")
    set(compiler "${CXX}")
    set(expect "PASS (hipvk_add_executable)")
  elseif(variant STREQUAL "hipcc")
    set(compiler "${prefix}/bin/hipcc")
    set(expect "PASS (CMAKE_CXX_COMPILER=hipcc)")
  else()
    set(compiler "${CXX}")
    set(extra -DUSE_HIP_LANGUAGE=ON "-DCMAKE_TOOLCHAIN_FILE=${prefix}/lib/cmake/hip/hipvk-toolchain.cmake")
    set(expect "PASS (enable_language(HIP))")
  endif()
  run("configure (${variant})" ${CMAKE_COMMAND} -S "${PROJECT}" -B "${bin}" ${common}
      "-DCMAKE_CXX_COMPILER=${compiler}" ${extra})
  set(configure_output "${run_output}")
  if(NOT configure_output MATCHES "hip 6\\.2\\.0 \\(HIP_VERSION 6\\.2\\.0\\) from ${prefix}/lib/cmake/hip")
    message(FATAL_ERROR "find_package(hip) did not find the moved package:\n${configure_output}")
  endif()
  if(variant STREQUAL "hipcc" AND NOT configure_output MATCHES "The CXX compiler identification is Clang")
    message(FATAL_ERROR "CMake did not identify hipcc as Clang:\n${configure_output}")
  endif()
  if(variant STREQUAL "language" AND NOT configure_output MATCHES "The HIP compiler identification is Clang")
    message(FATAL_ERROR "CMake did not identify hipvk-hipcxx as Clang:\n${configure_output}")
  endif()
  run("build (${variant})" ${CMAKE_COMMAND} --build "${bin}")
  run("app (${variant})" "${bin}/app")
  message(STATUS "${variant}: ${run_output}")
  string(FIND "${run_output}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "app (${variant}) did not print '${expect}':\n${run_output}")
  endif()
endforeach()
message(STATUS "PASS")
