#!/bin/sh
# tests/refs/run.sh - the cases of tests/cases/refs/ (the refs reader and the
# labeller), in the test convention: NAME.txt with NAME.args beside
# NAME.out.TARGET (stdout of `citex ARGS -t TARGET NAME.txt`) and NAME.err
# (stderr of `citex ARGS NAME.txt` run in the case's folder, then "exit N").
# Prints "N passed, M failed" and exits 1 on any failure.
dir=$(cd "$(dirname "$0")/../cases/refs" && pwd)
CITEX=${CITEX:-$dir/../../../citex}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for doc in "$dir"/*.txt; do
	[ -f "$doc" ] || continue
	name=$(basename "$doc" .txt)
	args=
	[ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
	for exp in "$dir/$name".out.*; do
		[ -f "$exp" ] || continue
		target=${exp##*.out.}
		# shellcheck disable=SC2086
		(cd "$dir" && "$CITEX" $args -t "$target" "$name.txt" >"$tmp/out" 2>/dev/null)
		if cmp -s "$exp" "$tmp/out"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $name ($target)"
			diff -u "$exp" "$tmp/out" | head -30 | sed 's/^/    /'
		fi
	done
	if [ -f "$dir/$name.err" ]; then
		# shellcheck disable=SC2086
		(cd "$dir" && "$CITEX" $args "$name.txt" >/dev/null 2>"$tmp/err"; echo "exit $?" >>"$tmp/err")
		if cmp -s "$dir/$name.err" "$tmp/err"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $name (stderr)"
			diff -u "$dir/$name.err" "$tmp/err" | head -30 | sed 's/^/    /'
		fi
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
