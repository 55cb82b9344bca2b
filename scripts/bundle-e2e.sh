#!/usr/bin/env bash
# Packs the built end-to-end test programs, libhipvk, the Vulkan loader and the validation layer
# into one directory that runs on another x86-64 Linux machine with a Vulkan driver but without
# the toolchain (e.g. a GPU machine):
#   scripts/bundle-e2e.sh [build-dir] [bundle-dir]      (defaults: build, build-bundle)
#   <bundle-dir>/run.sh                                 (on the other machine)
# run.sh runs every program twice (plain and with HIPVK_VALIDATION=1), the copy-lane programs once
# more with HIPVK_COPY_QUEUE=compute, and prints PASSED/FAILED.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
bundle=${2:-build-bundle}
e2e=$build/tests/e2e
# The programs left out of the default build (slow on CPU drivers) run on the GPU too.
cmake --build "$build" --target hipvk_slow_programs

rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/e2e/O0" "$bundle/layers"
cp "$build/bin/libhipvk.so" "$bundle/bin/"
loader=$(ldconfig -p | awk '!found && /libvulkan\.so\.1 .*x86-64/ {print $NF; found = 1}')
[ -n "$loader" ] && cp -L "$loader" "$bundle/bin/libvulkan.so.1"
layer=$(ldconfig -p | awk '!found && /libVkLayer_khronos_validation\.so/ {print $NF; found = 1}')
if [ -n "$layer" ] && [ -f /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json ]; then
  cp -L "$layer" "$bundle/bin/"
  cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$bundle/layers/"
fi
for f in "$e2e"/* "$e2e"/O0/*; do
  [ -f "$f" ] || continue
  case "$f" in
    *.co|*.so) ;;  # code objects and libraries the programs load from their own directory
    *.o|*.a|*.bc|*.ll|*.s|*.spv|*.hipfb|*.offload|*.cmake|*.sh) continue ;;
    *) [ -x "$f" ] || continue ;;
  esac
  rel=${f#"$e2e"/}
  cp "$f" "$bundle/e2e/$rel"
done
# The OpenMP runtime of programs built with -fopenmp (not on a machine without the toolchain).
for lib in $(ldd "$bundle"/e2e/* 2>/dev/null | awk '/libomp/ {print $3}' | sort -u); do
  cp -L "$lib" "$bundle/bin/"
done

# The math accuracy harness (tests/math) and the MPFR/GMP it links; run.sh runs it once and keeps
# its table (docs/MATH.md's columns) in math-accuracy.md.
if [ -x "$build/tests/math/accuracy" ]; then
  mkdir -p "$bundle/math"
  cp "$build/tests/math/accuracy" "$build/tests/math/exhaustive" "$bundle/math/"
  for lib in $(ldd "$build/tests/math/accuracy" | awk '/libmpfr|libgmp/ {print $3}' | sort -u); do
    cp -L "$lib" "$bundle/bin/"
  done
fi
cat > "$bundle/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the bundled end-to-end programs on this machine's default Vulkan device.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export VK_LAYER_PATH=$PWD/layers
if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ]; then
  for icd in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json \
             /etc/vulkan/icd.d/nvidia_icd.json; do
    [ -f "$icd" ] && { export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd; break; }
  done
fi
pass=0 fail=0
# run_one <program> <VAR=value>... [-- <argument>...]: runs it with those settings and counts the verdict.
run_one() {
  local t=$1 out rc settings=() arguments=()
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then shift; arguments=("$@"); break; fi
    settings+=("$1"); shift
  done
  out=$(env "${settings[@]}" timeout 300 "$t" "${arguments[@]}" 2>&1); rc=$?
  if [ $rc = 0 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "--- FAIL $t ($*, exit $rc)"
    echo "$out" | tail -15
  fi
  echo "$out" | grep "^overlap timing" | sed "s|^|$t ($*): |"
}
for t in e2e/* e2e/O0/*; do
  [ -f "$t" ] && [ -x "$t" ] || continue
  case "$t" in *.so|*.co) continue ;; esac
  for v in 0 1; do run_one "$t" HIPVK_VALIDATION=$v; done
done
# Programs with a second mode (ctest runs it as a test of its own).
for v in 0 1; do run_one e2e/rocrand HIPVK_VALIDATION=$v -- --distributions; done
# Streams' copy lanes on another queue of the compute family, ordered across queues as on the copy
# engine's (CI runs this leg on lavapipe's one queue).
for t in e2e/copy_lane e2e/streams e2e/memory; do run_one "$t" HIPVK_COPY_QUEUE=compute HIPVK_VALIDATION=1; done
if [ -x math/accuracy ]; then
  if math/accuracy > math-accuracy.md 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "--- FAIL math/accuracy (table in math-accuracy.md)"
    grep FAIL math-accuracy.md | tail -15
  fi
  # Every float through sqrtf and the float exponentials (the check behind the device's
  # verified-short-sqrt setting, docs/MATH.md).
  if math/exhaustive > math-exhaustive.txt 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "--- FAIL math/exhaustive"
  fi
  cat math-exhaustive.txt
fi
echo "PASSED $pass FAILED $fail"
[ $fail = 0 ]
RUN
chmod +x "$bundle/run.sh"
du -sh "$bundle"
