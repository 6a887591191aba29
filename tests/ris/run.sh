#!/bin/sh
# tests/ris/run.sh - the RIS reader's cases.
#
# Each NAME.ris is an export in one tool's dialect (Zotero, EndNote,
# Mendeley, Web of Science, PubMed) or an edge case.  NAME.bibtex is the
# hand-checked BibTeX it must give; NAME.stderr, when present, the
# diagnostics (and then the exit status must be 1 if they hold an error);
# without it stderr must be empty and the status 0.  Every case is also a
# property: the RIS written from it is a fixed point of ris -> ris.
# Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
tmp=${TMPDIR:-/tmp}/citex-ris.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

for in in *.ris; do
	name=${in%.ris}
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
	"$CITEX" -t ris "$in" >"$tmp/r1" 2>/dev/null
	"$CITEX" -f ris -t ris "$tmp/r1" >"$tmp/r2" 2>/dev/null
	if cmp -s "$tmp/r1" "$tmp/r2"; then ok
	else bad "$name: ris -> ris is not a fixed point"; diff "$tmp/r1" "$tmp/r2" | head -20; fi
done

# Detection from content (a pipe, no file name): each detect/NAME.in must
# be read by the reader NAME.from names, as forcing it with -f does.
for in in detect/*.in; do
	from=$(cat "${in%.in}.from")
	"$CITEX" -q <"$in" >"$tmp/auto" 2>&1
	"$CITEX" -q -f "$from" <"$in" >"$tmp/forced" 2>&1
	if [ -s "$tmp/forced" ] && cmp -s "$tmp/auto" "$tmp/forced"; then ok
	else bad "$in: not detected as $from"; diff "$tmp/forced" "$tmp/auto" | head -10; fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
