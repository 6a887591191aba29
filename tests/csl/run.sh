#!/bin/sh
# tests/csl/run.sh - formatted bibliographies.
#
# 1. The cases in tests/cases/csl, by the test convention: NAME.EXT is the
#    input, NAME.args its options, NAME.out.TARGET the standard output of
#    `citex ARGS -t TARGET NAME.EXT` and NAME.err the standard error of
#    `citex ARGS NAME.EXT` then "exit N"; NAME.VARIANT.args gives a variant
#    with its own outputs.  Each expected output was checked against
#    citeproc-js (text, html) or by hand (markdown, latex).
# 2. Properties: the CSL-JSON writer and the renderer read the model
#    alike (bib -> text equals bib -> csl-json -> text), and every style in
#    styles/ loads.
# Prints "ok NAME" or "FAIL NAME" per check and exits non-zero on a failure.
set -u
CITEX=${CITEX:-./citex}
T=$(cd "$(dirname "$0")" && pwd)
CASES=$T/../cases/csl
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
ok() { echo "ok $1"; }
bad() { echo "FAIL $1"; sed 's/^/    /' "$TMP/diff" | head -20; fail=1; }

run_case() { # run_case INPUT ARGSFILE PREFIX
	input=$1 argsfile=$2 prefix=$3
	args=
	[ -f "$argsfile" ] && args=$(cat "$argsfile")
	for want in "$prefix".out.*; do
		[ -f "$want" ] || continue
		target=${want##*.out.}
		(cd "$CASES" && eval "\"$CITEX\" -q $args -t $target \"$(basename "$input")\"") >"$TMP/got" 2>/dev/null
		if diff -u "$want" "$TMP/got" >"$TMP/diff"; then ok "$(basename "$want")"; else bad "$(basename "$want")"; fi
	done
	if [ -f "$prefix.err" ]; then
		(cd "$CASES" && eval "\"$CITEX\" $args \"$(basename "$input")\"" >/dev/null 2>"$TMP/err"; echo "exit $?" >>"$TMP/err")
		sed "s|$CITEX|citex|g" "$TMP/err" >"$TMP/got"
		if diff -u "$prefix.err" "$TMP/got" >"$TMP/diff"; then ok "$(basename "$prefix").err"; else bad "$(basename "$prefix").err"; fi
	fi
}

for input in "$CASES"/*; do
	name=$(basename "$input")
	case "$name" in *.*.*|*.args|*.err|*.aux) continue ;; esac
	base=${name%.*}
	run_case "$input" "$CASES/$base.args" "$CASES/$base"
	for v in "$CASES/$base".*.args; do
		[ -f "$v" ] || continue
		run_case "$input" "$v" "${v%.args}"
	done
done

# 2. properties
for bib in "$CASES"/*.bib "$CASES"/*.ris; do
	b=$(basename "$bib")
	"$CITEX" -q -t text "$bib" >"$TMP/direct" 2>/dev/null
	"$CITEX" -q -t csl-json "$bib" 2>/dev/null | "$CITEX" -q -f csl-json -t text >"$TMP/via" 2>/dev/null
	if diff -u "$TMP/direct" "$TMP/via" >"$TMP/diff"; then ok "$b: text = via csl-json"; else bad "$b: text = via csl-json"; fi
done
for style in "$T"/../../styles/*.csl; do
	s=$(basename "$style")
	if "$CITEX" -q -t text --style "$style" "$CASES/basic.bib" >"$TMP/diff" 2>&1 && [ -s "$TMP/diff" ]; then
		ok "style $s loads"
	else
		bad "style $s loads"
	fi
done
exit $fail
