#!/bin/sh
# Builds lavapipe_wide by hand into ${1:-build}/ (no CMake needed): glslangValidator three times, g++ once.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/build}   # build/ is git-ignored
mkdir -p "$out"
glslangValidator -V --target-env vulkan1.1 --vn subgroup_ops_spv13 -o "$out/subgroup_ops_spv13.h" "$here/subgroup_ops.comp"
glslangValidator -V --target-env vulkan1.3 --vn subgroup_ops_spv16 -o "$out/subgroup_ops_spv16.h" "$here/subgroup_ops.comp"
glslangValidator -V --target-env vulkan1.3 --vn subgroup_minimal_spv16 -o "$out/subgroup_minimal_spv16.h" "$here/subgroup_minimal.comp"
${CXX:-g++} -std=c++17 -O1 -Wall -I"$out" "$here/lavapipe_wide.cpp" -o "$out/lavapipe_wide" -lvulkan
echo "built $out/lavapipe_wide"
