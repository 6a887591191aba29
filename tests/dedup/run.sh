#!/bin/sh
# tests/dedup/run.sh - --dedup and --dedup=report across mixed inputs.
#
# a.bib, b.ris, c.json and d.bib repeat each other: a DOI in another case
# and behind a resolver prefix, arXiv preprints beside their published
# versions (matched by title, by an arXiv id in a journal or URL, and by an
# old-style id in a note), a title that differs only in markup and accents,
# and a crossref to a record that is merged away.  smith2020b (same title,
# year and author, another DOI of the same prefix) and smith2021 (another
# year) only look like duplicates and must stay.
# dedup.bibtex and dedup.stderr are the hand-checked merge; report.stderr
# the reports of --dedup=report, whose output must be the plain conversion.
# Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
case $CITEX in /*) ;; *) CITEX=$(cd "$(dirname "$CITEX")" && pwd)/$(basename "$CITEX") ;; esac
tmp=${TMPDIR:-/tmp}/citex-dedup.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
same() { # same NAME EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then ok; else bad "$1"; diff "$2" "$3" | head -20; fi
}
inputs="a.bib b.ris c.json d.bib"

"$CITEX" --dedup $inputs >"$tmp/out" 2>"$tmp/err"
rc=$?
same "--dedup output" dedup.bibtex "$tmp/out"
same "--dedup reports" dedup.stderr "$tmp/err"
if [ "$rc" -eq 0 ]; then ok; else bad "--dedup: exit status $rc"; fi

# Merged output has no duplicates left: a second pass changes nothing.
"$CITEX" --dedup "$tmp/out" >"$tmp/again" 2>"$tmp/again.err"
same "--dedup is idempotent" "$tmp/out" "$tmp/again"
if [ -s "$tmp/again.err" ]; then bad "second --dedup reports"; head -5 "$tmp/again.err"; else ok; fi

# --dedup=report writes what a plain conversion writes.
"$CITEX" $inputs >"$tmp/plain" 2>/dev/null
"$CITEX" --dedup=report $inputs >"$tmp/rep" 2>"$tmp/rep.err"
same "--dedup=report output" "$tmp/plain" "$tmp/rep"
same "--dedup=report reports" report.stderr "$tmp/rep.err"

# The same merge reaches CSL-JSON: the survivors, in input order.
"$CITEX" -t csl-json --dedup $inputs 2>/dev/null | sed -n 's/^ *"id": "\(.*\)",$/\1/p' >"$tmp/ids"
printf '%s\n' smith2020 smith2020b smith2021 garcia2019 procA vaswani2017 lee2021 witten1999 \
	child >"$tmp/want"
same "--dedup to CSL-JSON" "$tmp/want" "$tmp/ids"

# Batch mode: each survivor stays in its own input's output file.
mkdir "$tmp/dir"
"$CITEX" --dedup -q -o "$tmp/dir" $inputs >/dev/null 2>&1
for f in a b c d; do printf '%s %s\n' $f "$(grep -c '^@' "$tmp/dir/$f.bib")"; done >"$tmp/counts"
printf 'a 5\nb 0\nc 3\nd 1\n' >"$tmp/want"
same "--dedup -o DIR" "$tmp/want" "$tmp/counts"

"$CITEX" --dedup=all a.bib >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--dedup=all is not a usage error"; fi

echo "dedup: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
