# HIPVK_SANITIZE (top-level CMakeLists.txt): compile and link hipvk's own code with Clang's
# sanitizers. Not part of the install tree's package.
#
# The runtime is a shared library loaded by HIP programs that are not instrumented, so the
# sanitizer runtime is the shared one (-shared-libsan) for every target, and the tests of such
# programs preload it: HIPVK_SANITIZER_ENV holds the environment they run with.
set(HIPVK_SANITIZER_ENV "")
if(NOT HIPVK_SANITIZE AND NOT HIPVK_BUILD_FUZZERS)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "HIPVK_SANITIZE and HIPVK_BUILD_FUZZERS need Clang: configure with "
                      "-DCMAKE_C_COMPILER=clang-${HIPVK_LLVM_VERSION} -DCMAKE_CXX_COMPILER=clang++-${HIPVK_LLVM_VERSION}")
endif()
if(NOT HIPVK_SANITIZE)
  return()
endif()

add_compile_options(-fsanitize=${HIPVK_SANITIZE} -fno-omit-frame-pointer)
add_link_options(-fsanitize=${HIPVK_SANITIZE} -shared-libsan)
set(HIPVK_SANITIZER_SUPPRESSIONS ${PROJECT_SOURCE_DIR}/tests/sanitizers)
if(HIPVK_SANITIZE MATCHES "address")
  set(runtime_library libclang_rt.asan-x86_64.so)
  # Leaks of the Vulkan loader and the drivers (lavapipe keeps its LLVM JIT state to exit) are theirs.
  list(APPEND HIPVK_SANITIZER_ENV
       "ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=0"
       "LSAN_OPTIONS=suppressions=${HIPVK_SANITIZER_SUPPRESSIONS}/lsan.supp:print_suppressions=0")
elseif(HIPVK_SANITIZE MATCHES "thread")
  set(runtime_library libclang_rt.tsan-x86_64.so)
  list(APPEND HIPVK_SANITIZER_ENV
       "TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=${HIPVK_SANITIZER_SUPPRESSIONS}/tsan.supp")
else()
  set(runtime_library libclang_rt.ubsan_standalone-x86_64.so)
endif()
if(HIPVK_SANITIZE MATCHES "undefined")
  # Every finding ends the process: a test that runs into one fails.
  add_compile_options(-fno-sanitize-recover=undefined)
  list(APPEND HIPVK_SANITIZER_ENV "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1")
endif()
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${runtime_library}
                OUTPUT_VARIABLE HIPVK_SANITIZER_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT EXISTS "${HIPVK_SANITIZER_RUNTIME}")
  message(FATAL_ERROR "${runtime_library} not found (Debian: libclang-rt-${HIPVK_LLVM_VERSION}-dev)")
endif()
get_filename_component(runtime_dir ${HIPVK_SANITIZER_RUNTIME} DIRECTORY)
# Instrumented executables find the shared sanitizer runtime through their run path.
list(APPEND CMAKE_BUILD_RPATH ${runtime_dir})
# HIP programs (not instrumented) load it first, before libhipvk needs it.
list(APPEND HIPVK_SANITIZER_ENV "LD_PRELOAD=${HIPVK_SANITIZER_RUNTIME}")
message(STATUS "hipvk: sanitizers ${HIPVK_SANITIZE} (${HIPVK_SANITIZER_RUNTIME})")
