#!/bin/sh
# tests/cv/run.sh - the cv reader against hand-checked expectations.
#
# For every document tests/cv/NAME.{txt,md,html,tex}:
#   NAME.bib    expected `citex -f cv -t bibtex NAME.ext` output
#   NAME.json   expected CSL-JSON output (optional)
#   NAME.exit   expected exit status (optional; default 0)
#   NAME.owner  the page owner's name, passed as --owner (optional)
# Prints "N passed, M failed" and exits 1 on any failure.
# CITEX names the binary (default: ./citex from the repository root).
dir=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$dir/../../citex}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for doc in "$dir"/*.txt "$dir"/*.md "$dir"/*.html "$dir"/*.tex; do
	[ -f "$doc" ] || continue
	base=${doc%.*}
	name=$(basename "$base")
	owner=
	[ -f "$base.owner" ] && owner=$(cat "$base.owner")
	want_rc=0
	[ -f "$base.exit" ] && want_rc=$(cat "$base.exit")
	for fmt in bibtex csl-json; do
		case $fmt in bibtex) exp=$base.bib ;; csl-json) exp=$base.json ;; esac
		[ -f "$exp" ] || [ "$fmt" = bibtex ] || continue
		"$CITEX" -q -f cv -t "$fmt" ${owner:+--owner "$owner"} "$doc" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		ok=1
		if [ "$rc" != "$want_rc" ]; then
			echo "FAIL $name ($fmt): exit status $rc, expected $want_rc"
			sed 's/^/    /' "$tmp/err"
			ok=0
		elif [ -f "$exp" ] && ! diff -u "$exp" "$tmp/out" >"$tmp/diff"; then
			echo "FAIL $name ($fmt): output differs"
			sed 's/^/    /' "$tmp/diff" | head -40
			ok=0
		elif [ ! -f "$exp" ] && [ -s "$tmp/out" ]; then
			echo "FAIL $name ($fmt): output where none was expected"
			ok=0
		fi
		if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
	done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
