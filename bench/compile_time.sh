#!/bin/bash
# Compile time per source file (issue 31; docs/PERFORMANCE.md, "Compile time"): wall seconds of
# `hipcc -O2 -c` (hipvk), of `clang++ -x hip` for an AMD target with ROCm's device libraries, and
# of `nvcc -O3 -c` for sm_90 on the same source (HIP names mapped by compile/cuda_shim) or its CUDA
# twin, each pinned to two cores. A compiler that is not installed gets "-".
#   bench/compile_time.sh [--hipcc <path>] [<file.hip>[:<cuda twin.cu>]]...
# Without files: the math-heavy programs and the benchmarks.
set -u
here=$(cd "$(dirname "$0")" && pwd)
hipcc=$here/../build/bin/hipcc
if [ "${1:-}" = --hipcc ]; then hipcc=$2; shift 2; fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(
  "$here/compile/math_mix.hip"
  "$here/../tests/math/accuracy_kernels.hip"
  "$here/math_bench.hip:$here/cuda/math_bench.cu"
  "$here/patterns.hip:$here/cuda/patterns.cu"
  "$here/hipvk_bench.hip:$here/cuda/bench.cu")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pin() { if command -v taskset >/dev/null; then taskset -c 0,1 "$@"; else "$@"; fi; }
# Seconds the command took, or "-" (not installed) / "failed".
seconds() {
  command -v "$1" >/dev/null 2>&1 || [ -x "$1" ] || { echo -; return; }
  local start end
  start=$(date +%s.%N)
  pin "$@" >"$out/log" 2>&1 || { echo failed; return; }
  end=$(date +%s.%N)
  printf '%.1f\n' "$(echo "$end - $start" | bc)"
}
rocm_bitcode=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
printf '%-28s %10s %10s %10s\n' file hipcc clang-amd nvcc
for entry in "${files[@]}"; do
  src=${entry%%:*}
  twin=${entry#*:}
  [ "$twin" = "$entry" ] && twin=
  includes=(-I"$here" -I"$(dirname "$src")")
  # The GLSL twins some benchmarks embed (built by CMake next to hipcc's build tree).
  hip=$(seconds "$hipcc" -O2 "${includes[@]}" -I"$(dirname "$hipcc")/../bench/embedded_spirv" -c "$src" -o "$out/hipvk.o")
  amd=-
  if [ -d "$rocm_bitcode" ] && command -v clang++-19 >/dev/null; then
    # Device and host halves (Debian's LLVM has no clang-offload-bundler to join them).
    amd=$(seconds bash -c "clang++-19 -x hip --offload-arch=gfx1030 -O2 --rocm-device-lib-path=$rocm_bitcode --cuda-device-only \
      --no-gpu-bundle-output ${includes[*]} -c '$src' -o '$out/amd_dev.o' && clang++-19 -x hip --offload-arch=gfx1030 -O2 \
      --rocm-device-lib-path=$rocm_bitcode --cuda-host-only ${includes[*]} -c '$src' -o '$out/amd_host.o'")
  fi
  if [ -n "$twin" ]; then
    cuda=$(seconds nvcc -O3 -arch=sm_90 "${includes[@]}" -c "$twin" -o "$out/cuda.o")
  else
    cuda=$(seconds nvcc -O3 -arch=sm_90 -std=c++17 -I"$here/compile/cuda_shim" "${includes[@]}" -x cu -c "$src" -o "$out/cuda.o")
  fi
  printf '%-28s %10s %10s %10s\n' "$(basename "$src")" "$hip" "$amd" "$cuda"
done
