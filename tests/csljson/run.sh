#!/bin/sh
# tests/csljson/run.sh - the CSL-JSON reader's cases.
#
# Each NAME.json or NAME.jsonl is one input shape: a single object, an
# array, JSON Lines, every date form, names, custom, markup, and invalid
# items among valid ones.  NAME.bibtex is the hand-checked BibTeX it must
# give; NAME.stderr, when present, the diagnostics (and then the exit
# status must be 1 if they hold an error); without it stderr must be empty
# and the status 0.  Two properties per case: the CSL-JSON written from it
# is a fixed point of csl-json -> csl-json, and its BibTeX is a fixed point
# of bibtex -> csl-json -> bibtex (the reader inverts the writer).
# Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
tmp=${TMPDIR:-/tmp}/citex-csljson.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

for in in *.json *.jsonl; do
	[ -f "$in" ] || continue
	name=${in%.*}
	"$CITEX" -t bibtex "$in" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ -f "$name.bibtex" ] && cmp -s "$tmp/out" "$name.bibtex"; then ok
	else bad "$name: BibTeX differs"; diff "$name.bibtex" "$tmp/out" | head -20; fi
	want=0
	if [ -f "$name.stderr" ]; then
		grep -q ': error:' "$name.stderr" && want=1
		if cmp -s "$tmp/err" "$name.stderr"; then ok
		else bad "$name: diagnostics differ"; diff "$name.stderr" "$tmp/err" | head -20; fi
	elif [ -s "$tmp/err" ]; then
		bad "$name: unexpected diagnostics"; head -5 "$tmp/err"
	fi
	if [ "$rc" -eq "$want" ]; then ok; else bad "$name: exit status $rc, want $want"; fi
	"$CITEX" -t csl-json "$in" >"$tmp/c1" 2>/dev/null
	"$CITEX" -f csl-json -t csl-json "$tmp/c1" >"$tmp/c2" 2>/dev/null
	if cmp -s "$tmp/c1" "$tmp/c2"; then ok
	else bad "$name: csl-json -> csl-json is not a fixed point"; diff "$tmp/c1" "$tmp/c2" | head -20; fi
	"$CITEX" -f bibtex -t csl-json "$tmp/out" 2>/dev/null |
		"$CITEX" -f csl-json -t bibtex >"$tmp/b2" 2>/dev/null
	if cmp -s "$tmp/out" "$tmp/b2"; then ok
	else bad "$name: bibtex -> csl-json -> bibtex changed it"; diff "$tmp/out" "$tmp/b2" | head -20; fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
