#!/bin/sh
# tests/csl/fixtures.sh [-v] [DIR]: run ./csl-fixture over every fixture of
# the CSL test suite and print how many passed ("csl fixtures: N of M
# passed"); -v lists the failing fixtures.  Without ../shared it prints
# "skipped: ../shared/corpora not found".  Fewer passes than MIN (the
# count this tree reached, less a margin) is a failure: a regression.
set -u
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
T=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$T/../.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
DIR=${1:-$SHARED/corpora/csl-test-suite/processor-tests/humans}
BIN=${CSL_FIXTURE:-$ROOT/csl-fixture}
if [ ! -d "$DIR" ]; then
	echo "skipped: ../shared/corpora not found"
	exit 0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
total=0
for f in "$DIR"/*.txt; do
	total=$((total + 1))
	awk '/^>>=+ RESULT =+>>/ { on = 1; next } /^<<=+ RESULT =+<</ { on = 0 } on' "$f" >"$TMP/want"
	timeout 10 "$BIN" --locales "$SHARED/corpora/csl-locales" "$f" >"$TMP/got" 2>/dev/null
	# the suite's results carry no trailing newline distinctions
	if cmp -s "$TMP/want" "$TMP/got" ||
	   [ "$(sed -e 's/[[:space:]]*$//' "$TMP/want")" = "$(sed -e 's/[[:space:]]*$//' "$TMP/got")" ]; then
		pass=$((pass + 1))
	elif [ $verbose = 1 ]; then
		echo "FAIL $(basename "$f" .txt)"
	fi
done
echo "csl fixtures: $pass of $total passed"
MIN=${MIN:-791}
if [ "$total" -ge 800 ] && [ "$pass" -lt "$MIN" ]; then
	echo "FAIL: fewer than $MIN fixtures pass"
	exit 1
fi
