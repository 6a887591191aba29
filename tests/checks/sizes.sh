#!/bin/sh
# checks/sizes.sh - no source file of src/ or grammar/ over 1,500 lines and
# no function over 150 (tools/sizes.sh, which make sizes runs).
. "$(dirname "$0")/lib/common.sh"
if sh "$ROOT/tools/sizes.sh" >"$tmp/out" 2>&1; then
	ok "no file over 1,500 lines, no function over 150"
else
	fail "files or functions over the limits (tools/sizes.sh -a lists the largest)" "$tmp/out"
fi
done_checks
