#!/bin/sh
# checks/statics.sh - no mutable variable with static storage in the
# library or the command line (tools/statics.sh, which make statics runs),
# over the objects of the build under test (the folder of $CITEX).  A
# sanitizer build is passed over: at its lower optimization a table that
# is never written stays in .data, where -O2 makes it read-only, so it
# would count what the plain build does not.
. "$(dirname "$0")/lib/common.sh"
B=$(dirname "$CITEX")
case $B in
*/asan | */tsan | */fuzz)
	skip "no mutable statics" "a sanitizer build (the plain build's make check counts them)"
	exit 0 ;;
esac
if [ ! -d "$B/core" ]; then
	skip "no mutable statics" "no objects in $B (make builds them)"
	exit 0
fi
if ! have objdump; then
	skip "no mutable statics" "objdump is missing (binutils)"
	exit 0
fi
if sh "$ROOT/tools/statics.sh" "$B" >"$tmp/out" 2>&1; then
	ok "no mutable static variable in the objects of $(basename "$B")/"
else
	fail "mutable static variables (tools/statics.sh)" "$tmp/out"
fi
done_checks
