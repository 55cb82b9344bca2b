#!/usr/bin/env bash
# The sanitizer legs of CI (run by scripts/test.sh after the main suite; each prints its time):
#  1. ASan+UBSan (halt on the first finding): the runtime, the compiler and their tests built with
#     Clang in build-asan; the unit tests, the codegen error inputs, a slice of the e2e programs
#     (compiled by the instrumented hipcc and hipvk-spirv, run against the instrumented libhipvk)
#     and a short deterministic run of each fuzz target (tests/fuzz).
#  2. TSan: the runtime and the multi-threaded stress program (tests/unit/runtime/thread_stress.cpp,
#     with the host copier's workers)
#     in build-tsan.
# Build directories: HIPVK_ASAN_BUILD_DIR / HIPVK_TSAN_BUILD_DIR (defaults build-asan, build-tsan).
set -euo pipefail
cd "$(dirname "$0")/.."
asan=${HIPVK_ASAN_BUILD_DIR:-build-asan}
tsan=${HIPVK_TSAN_BUILD_DIR:-build-tsan}
jobs=${CTEST_PARALLEL_LEVEL:-$(nproc)}
clang=(-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=RelWithDebInfo
       "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
       -DHIPVK_BUILD_SAMPLES=OFF -DHIPVK_BUILD_BENCH=OFF)

# The e2e programs of the ASan leg: launches, errors at every API path, the module API on
# caller-supplied bytes, every kind of memory, streams with host threads, checked pointers.
slice=(vector_add error_paths module_errors module_api dynamic_shared device_management memory streams check_pointers)

leg() {  # leg <name> <command...>: runs the command and prints how long it took
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "sanitizer-legs: $name took $((SECONDS - start)) s"
}

asan_leg() {
  cmake -S . -B "$asan" -G Ninja "${clang[@]}" -DHIPVK_SANITIZE=address,undefined -DHIPVK_BUILD_FUZZERS=ON >/dev/null
  cmake --build "$asan" --target hipvk hipvk_runtime_tests hipvk_compiler_tests hipvk-spirv hipcc \
    fuzz_offload_blob fuzz_module_load fuzz_backend_input e2e_module_kernels "${slice[@]/#/e2e_}"
  local programs
  programs=$(IFS='|'; echo "${slice[*]}")
  ctest --test-dir "$asan" --output-on-failure -j "$jobs" \
    -R "^(unit\.compiler|runtime\.lp256|codegen\.errors\..*|fuzz\..*|e2e\.($programs)\.sg8|e2e\.check_pointers\.default)$"
}

tsan_leg() {
  cmake -S . -B "$tsan" -G Ninja "${clang[@]}" -DHIPVK_SANITIZE=thread >/dev/null
  cmake --build "$tsan" --target hipvk hipvk_thread_stress
  ctest --test-dir "$tsan" --output-on-failure -R '^runtime\.thread_stress$'
}

leg "ASan+UBSan" asan_leg
leg "TSan" tsan_leg
