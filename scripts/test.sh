#!/usr/bin/env bash
# Installs the dependencies, builds everything (compiler, runtime, samples, tests) and runs the whole
# test suite: doctest unit tests and the end-to-end HIP programs on lavapipe at subgroup sizes 4, 8
# and 16 and under the Vulkan validation layer; then the sanitizer legs (scripts/sanitizer-legs.sh).
# Idempotent.
#   scripts/test.sh [extra ctest arguments, e.g. -R e2e.saxpy]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${HIPVK_BUILD_DIR:-build}  # build directory (default: build)

scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja
cmake --build "$build"
# Tests labelled `slow` (the whole math API on SwiftShader, 13 minutes; rocPRIM's device-wide
# algorithms on lavapipe) are left out unless asked for: scripts/test.sh -L slow (which builds their
# programs first).
if [ $# -eq 0 ]; then set -- -LE slow; fi
case " $* " in *" -L slow "*) cmake --build "$build" --target hipvk_slow_programs ;; esac
ctest --test-dir "$build" --output-on-failure -j "${CTEST_PARALLEL_LEVEL:-$(nproc)}" "$@"
# The sanitizer legs (ASan+UBSan, TSan, the fuzz targets' short runs) in their own build
# directories, after the whole suite (not when ctest arguments select tests); HIPVK_SANITIZER_LEGS=0
# leaves them out. About 4.5 minutes from cold on 2 cores (docs/RUNTIME.md).
if [ "$*" = "-LE slow" ] && [ "${HIPVK_SANITIZER_LEGS:-1}" = 1 ]; then
  scripts/sanitizer-legs.sh
fi
