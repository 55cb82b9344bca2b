#!/bin/sh
# Runs an e2e program on a device that may lack shader features its kernels need (SwiftShader, or
# lavapipe under HIPVK_DISABLE_FEATURES). A program exits with 77 when a HIP call returned
# hipErrorNoBinaryForGpu (test_common.h); that is a skip only when the runtime stated why, naming the
# kernel and the device feature it lacks, and that reason becomes the SKIP line. Any other exit
# status is the program's own verdict.
#   skip_on_missing_feature.sh <program> [arguments...]
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
"$@" >"$out" 2>&1
status=$?
cat "$out"
[ "$status" -eq 77 ] || exit "$status"
reason=$(grep -m1 -E "^hipvk: .* needs .*, which device [0-9]+ \(.*\) lacks$" "$out")
if [ -z "$reason" ]; then
  echo "FAIL: exit status 77 (no kernel image) without the runtime's reason"
  exit 1
fi
echo "SKIP: ${reason#hipvk: }"
exit 77
