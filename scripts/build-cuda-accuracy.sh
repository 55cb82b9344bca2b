#!/usr/bin/env bash
# Builds the math accuracy harness and the exhaustive check (tests/math) with nvcc instead of hipcc:
# the same sources, cases and inputs, CUDA's math library under them (tests/math/cuda/hip/
# hip_runtime.h maps the few runtime calls). Their results are docs/MATH.md's CUDA column; run them
# where the hipvk ones run (the e2e bundle's bin/ has the MPFR and GMP libraries they need).
#   scripts/build-cuda-accuracy.sh [output-dir]   (default build-h100: cuda_accuracy, cuda_exhaustive)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-h100}
objects=$(mktemp -d)
trap 'rm -rf "$objects"' EXIT
mkdir -p "$out"
flags=(-O3 -arch=sm_90 -std=c++20 -Itests/math/cuda -Itests/math)
for source in accuracy_main accuracy_kernels; do
  nvcc "${flags[@]}" -x cu -c "tests/math/$source.hip" -o "$objects/$source.o"
done
nvcc "${flags[@]}" -c tests/math/accuracy_reference.cpp -o "$objects/accuracy_reference.o"
nvcc -arch=sm_90 "$objects"/accuracy_*.o -lmpfr -lgmp -o "$out/cuda_accuracy"
nvcc "${flags[@]}" -x cu tests/math/exhaustive.hip -o "$out/cuda_exhaustive"
