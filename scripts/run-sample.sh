#!/usr/bin/env bash
# Installs the dependencies, builds hipcc, the hipvk backend and libhipvk, then compiles and runs
# the vector-add sample on the default Vulkan device (lavapipe when there is no GPU).
# Idempotent: a second run only rebuilds what changed.
#   scripts/run-sample.sh [sample]      (vector_add by default, or seed_example)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${HIPVK_BUILD_DIR:-build}  # build directory (default: build)
sample=${1:-vector_add}

scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja
cmake --build "$build" --target "sample_${sample}"
echo "+ ./$build/samples/${sample}"
./"$build"/samples/"${sample}"
