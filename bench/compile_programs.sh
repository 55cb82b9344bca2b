#!/bin/bash
# Build time of whole programs (issue 31): public benchmark programs that come as a HIP and a CUDA
# version side by side, each with its own Makefile (HeCBench's layout: src/<name>-hip and
# src/<name>-cuda). Each program is built twice from clean, pinned to two cores: its HIP version
# with hipvk's hipcc (`make CC=<hipcc>`), its CUDA version with nvcc (`make ARCH=sm_90`). Prints
# wall seconds per program, the ratio, and the geometric mean over the programs both compilers built.
#   bench/compile_programs.sh [--hipcc <path>] [--every N] <src dir> [<name>...]
# Without names: every program with both versions (every Nth of them with --every N).
set -u
here=$(cd "$(dirname "$0")" && pwd)
hipcc=$here/../build/bin/hipcc
every=1
while [ $# -gt 0 ]; do
  case $1 in
  --hipcc) hipcc=$2; shift 2 ;;
  --every) every=$2; shift 2 ;;
  *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: $0 [--hipcc <path>] [--every N] <src dir> [<name>...]" >&2; exit 2; }
src=$(cd "$1" && pwd); shift
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  i=0
  for d in "$src"/*-hip; do
    name=$(basename "$d" -hip)
    [ -f "$d/Makefile" ] && [ -f "$src/$name-cuda/Makefile" ] || continue
    [ $((i++ % every)) -eq 0 ] && names+=("$name")
  done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin() { if command -v taskset >/dev/null; then taskset -c 0,1 "$@"; else "$@"; fi; }
# Seconds a clean build of program directory $1 took with make arguments $2..., or "failed".
build() {
  local dir=$work/$(basename "$1") start end
  rm -rf "$dir"; cp -r "$1" "$dir"
  # Some programs include headers of their sibling versions (../<name>-cuda/...).
  for sibling in "$src/$(basename "$1" | sed 's/-[a-z]*$//')"-*; do [ -e "$work/$(basename "$sibling")" ] || ln -s "$sibling" "$work/"; done
  start=$(date +%s.%N)
  pin make -C "$dir" -j2 "${@:2}" >"$dir.log" 2>&1 || { echo failed; return; }
  end=$(date +%s.%N)
  printf '%.1f\n' "$(echo "$end - $start" | bc)"
}
printf '%-26s %8s %8s %7s\n' program hipcc nvcc ratio
sum=0; n=0
for name in "${names[@]}"; do
  hip=$(build "$src/$name-hip" CC="$hipcc")
  cuda=$(build "$src/$name-cuda" ARCH=sm_90)
  ratio=-
  if [ "$hip" != failed ] && [ "$cuda" != failed ]; then
    ratio=$(echo "scale=2; $hip / $cuda" | bc)
    sum=$(echo "$sum + l($hip / $cuda)" | bc -l); n=$((n + 1))
  fi
  printf '%-26s %8s %8s %7s\n' "$name" "$hip" "$cuda" "$ratio"
done
[ $n -gt 0 ] && printf 'geometric mean of hipcc / nvcc over %d programs: %.2f\n' $n "$(echo "e($sum / $n)" | bc -l)"
