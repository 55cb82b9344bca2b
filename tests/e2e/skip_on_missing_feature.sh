#!/bin/sh
# Runs an e2e program on a device that may lack shader features its kernels need (SwiftShader, or
# lavapipe under HIPVK_DISABLE_FEATURES). A program exits with 77 when a HIP call returned
# hipErrorNoBinaryForGpu (test_common.h), or when a device property it needs is missing
# (e2e::skip_missing_feature). That is a skip only with a stated reason naming the device feature,
# the runtime's "hipvk: kernel ... needs X, which device N (...) lacks" or the program's
# "SKIP: ... needs X, which device N (...) lacks", which becomes the SKIP line. Any other exit
# status is the program's own verdict.
#   skip_on_missing_feature.sh <program> [arguments...]
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
"$@" >"$out" 2>&1
status=$?
cat "$out"
[ "$status" -eq 77 ] || exit "$status"
reason=$(grep -m1 -E "^(hipvk|SKIP): .* needs .*, which device [0-9]+ \(.*\) lacks$" "$out")
if [ -z "$reason" ]; then
  echo "FAIL: exit status 77 (a skip) without a stated reason naming the missing device feature"
  exit 1
fi
reason=${reason#hipvk: }
echo "SKIP: ${reason#SKIP: }"
exit 77
