#!/usr/bin/env bash
# Every end-to-end program compiled again at each optimisation level and run (issue 11): each level
# is appended to every hipcc command of the e2e build through HIPCC_COMPILE_FLAGS_APPEND (ROCm's
# variable, after the program's own flags, so it wins), then the programs run at subgroup 8, on the
# portable modules (.emulated) and through spirv-val. Each program checks its results against a host
# reference, so passing at every level means the same results at every level. The build directory
# is left at the default level. Too long for CI (about 15 minutes a level on 2 cores): run it when
# the backend's pipeline or the device headers change. Needs a configured build (scripts/test.sh).
#   scripts/opt-level-sweep.sh [build-dir] [level...]   (default levels: "-O0 -g" -O0 -O1 -O2 -O3)
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift $(($# > 0 ? 1 : 0))
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=("-O0 -g" -O0 -O1 -O2 -O3)
[ -f "$build/build.ninja" ] || { echo "opt-level-sweep: $build is not a configured Ninja build" >&2; exit 2; }

cmake --build "$build" || exit 1
# The e2e programs' targets (tests/e2e/CMakeLists.txt names each e2e_<program>).
mapfile -t targets < <(ninja -C "$build" -t targets all | sed -n 's/^\(e2e_[A-Za-z0-9_]*\): phony$/\1/p' | sort -u)
[ ${#targets[@]} -gt 0 ] || { echo "opt-level-sweep: no e2e targets in $build" >&2; exit 2; }
tests='\.(sg8|emulated)$|^e2e\.spirv_val$|^e2e\.optimization_levels\.'
logs="$build/opt-level-sweep"
mkdir -p "$logs"

# Every hipcc output is older than hipcc once it is touched: the programs rebuild, nothing else.
rebuild() {
  touch "$build/bin/hipcc"
  HIPCC_COMPILE_FLAGS_APPEND="$1" ninja -C "$build" "${targets[@]}"
}

failed=()
for level in "${levels[@]}"; do
  name=$(echo "$level" | tr -d ' -')
  echo "== opt-level-sweep: $level (${#targets[@]} programs)"
  start=$SECONDS
  if ! rebuild "$level" >"$logs/$name.build.log" 2>&1; then
    echo "   build FAILED (see $logs/$name.build.log)"
    grep -m5 "error" "$logs/$name.build.log"
    failed+=("$level: build")
    continue
  fi
  if ctest --test-dir "$build" -L e2e -R "$tests" -j "$(nproc)" --output-on-failure >"$logs/$name.ctest.log" 2>&1; then
    echo "   $(grep -E 'tests passed' "$logs/$name.ctest.log") in $((SECONDS - start)) s"
  else
    echo "   tests FAILED (see $logs/$name.ctest.log)"
    grep -E '^\s+[0-9]+ - ' "$logs/$name.ctest.log"
    failed+=("$level: tests")
  fi
done

echo "== opt-level-sweep: back to the default level"
rebuild "" >"$logs/default.build.log" 2>&1 || failed+=("default: build")
if [ ${#failed[@]} -gt 0 ]; then
  printf 'opt-level-sweep FAILED: %s\n' "${failed[@]}"
  exit 1
fi
echo "opt-level-sweep: every e2e program passed at: ${levels[*]}"
