#!/bin/sh
# checks/batch.sh - batch mode, parallel runs and faults.
#
# -o DIR writes one output per input and never overwrites an input; -j N
# gives the same bytes as -j 1 (also where a worker loads the macros of
# inputs it skipped); an unreadable input among many is one error
# and the others still convert; a full disk exits 2 and leaves no partial
# file; a closed pipe ends quietly; without a terminal nothing but
# diagnostics reaches stderr, and on one there is a progress line and a
# summary.  Inputs are cases of tests/cases.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES" || exit 2
INPUTS="bibtex/basic.bib bibtex/names.bib bibtex/arxiv.bib bibtex/crossref.bib ris/zotero.ris csljson/array.json"
for f in $INPUTS; do [ -f "$f" ] || { echo "missing input $f"; exit 2; }; done

# ---- -o DIR: one output per input, each the same as converting it alone
for to in csl-json bibtex ris; do
	rm -rf "$tmp/out"
	"$CITEX" -q -t $to -o "$tmp/out/" $INPUTS 2>"$tmp/err"
	expect "-o DIR -t $to: exit 0" [ $? -eq 0 ]
	for f in $INPUTS; do
		b=$(basename "$f"); b=${b%.*}
		case $to in csl-json) ext=json ;; bibtex) ext=bib ;; *) ext=ris ;; esac
		"$CITEX" -q -t $to "$f" >"$tmp/alone" 2>/dev/null
		expect "-o DIR -t $to: $b.$ext is $f converted alone" cmp -s "$tmp/out/$b.$ext" "$tmp/alone"
	done
	expect "-o DIR -t $to: nothing else in DIR" [ "$(ls "$tmp/out" | wc -l)" -eq 6 ]
done

# ---- -j 2 gives the bytes -j 1 gives, concatenated and in DIR
for to in csl-json bibtex ris; do
	"$CITEX" -q -t $to $INPUTS >"$tmp/j1" 2>/dev/null
	"$CITEX" -q -j 2 -t $to $INPUTS >"$tmp/j2" 2>/dev/null
	expect "-j 2 -t $to concatenated: same bytes as -j 1" cmp -s "$tmp/j1" "$tmp/j2"
	"$CITEX" -q -j 3 -t $to -o "$tmp/j3.out" $INPUTS 2>/dev/null
	expect "-j 3 -t $to -o FILE: same bytes as -j 1" cmp -s "$tmp/j1" "$tmp/j3.out"
done
"$CITEX" -q -j 2 -t csl-json $INPUTS >"$tmp/j2" 2>/dev/null
for f in $INPUTS; do "$CITEX" -q -t csl-json "$f" >"$tmp/one.$(basename "$f").json" 2>/dev/null; done
$PY -c '
import json, sys
whole = json.load(open(sys.argv[1]))
parts = [json.load(open(p)) for p in sys.argv[2:]]
sys.exit(0 if whole == [i for p in parts for i in p] else 1)' "$tmp/j2" $(for f in $INPUTS; do echo "$tmp/one.$(basename "$f").json"; done)
expect "-j 2 CSL-JSON is one array: every input's items, in input order" [ $? -eq 0 ]
rm -rf "$tmp/d1" "$tmp/d2"
"$CITEX" -q -t csl-json -o "$tmp/d1/" $INPUTS 2>/dev/null
"$CITEX" -q -j 2 -t csl-json -o "$tmp/d2/" $INPUTS 2>/dev/null
expect "-j 2 -o DIR: same files as -j 1" diff -r "$tmp/d1" "$tmp/d2"
# An empty run is still a valid document.
expect "-j 2 over empty inputs: []" sh -c "[ \"\$('$CITEX' -j 2 -t csl-json /dev/null /dev/null)\" = '[]' ]"

# ---- modes that hold every entry write each one back to its own input's file
rm -rf "$tmp/k"
"$CITEX" -q --keys -t bibtex -o "$tmp/k/" bibtex/basic.bib bibtex/names.bib 2>/dev/null
"$CITEX" -q --keys -t bibtex bibtex/basic.bib bibtex/names.bib >"$tmp/k.cat" 2>/dev/null
cat "$tmp/k/basic.bib" "$tmp/k/names.bib" >"$tmp/k.dir"
expect "--keys -o DIR: the files joined are the concatenated output" cmp -s "$tmp/k.cat" "$tmp/k.dir"
expect "--keys -o DIR: each file holds its own input's entries" \
	[ "$(grep -c '^@' "$tmp/k/basic.bib")" -eq "$(grep -c '^@' bibtex/basic.bib)" ]
"$CITEX" --keys -j 2 -t bibtex bibtex/basic.bib bibtex/names.bib >/dev/null 2>"$tmp/err"
expect "--keys with -j 2: one process, and a note says so" grep -q 'ignored' "$tmp/err"

# ---- inputs are never overwritten
mkdir -p "$tmp/in"
cp bibtex/basic.bib "$tmp/in/basic.bib"
"$CITEX" -q -t bibtex -o "$tmp/in" "$tmp/in/basic.bib" 2>"$tmp/err"
expect "-o DIR onto its own input: exit 2" [ $? -eq 2 ]
expect "-o DIR onto its own input: the input is untouched" cmp -s "$tmp/in/basic.bib" bibtex/basic.bib
expect "-o DIR onto its own input: says so" grep -q 'refusing to overwrite the input' "$tmp/err"
"$CITEX" -q -t bibtex -o "$tmp/in/basic.bib" "$tmp/in/basic.bib" 2>/dev/null
expect "-o FILE onto its input: exit 2" [ $? -eq 2 ]
expect "-o FILE onto its input: untouched" cmp -s "$tmp/in/basic.bib" bibtex/basic.bib
mkdir -p "$tmp/a" "$tmp/b"
cp bibtex/basic.bib "$tmp/a/x.bib"; cp bibtex/names.bib "$tmp/b/x.bib"
rm -rf "$tmp/clash"
"$CITEX" -q -t csl-json -o "$tmp/clash/" "$tmp/a/x.bib" "$tmp/b/x.bib" 2>"$tmp/err"
expect "two inputs, one output name: exit 2" [ $? -eq 2 ]
expect "two inputs, one output name: nothing written" [ -z "$(ls "$tmp/clash")" ]
"$CITEX" -q -t csl-json -o "$tmp/clash/" - </dev/null 2>/dev/null
expect "stdin into a directory: exit 2" [ $? -eq 2 ]

# ---- an unreadable input among many: one error, the others convert
for j in 1 2; do
	rm -rf "$tmp/u"
	"$CITEX" -j $j -t csl-json -o "$tmp/u/" bibtex/basic.bib "$tmp/no-such.bib" bibtex/names.bib \
		2>"$tmp/err"
	expect "-j $j missing input: exit 2" [ $? -eq 2 ]
	expect "-j $j missing input: one diagnostic" [ "$(wc -l <"$tmp/err")" -eq 1 ]
	expect "-j $j missing input: it names the file" grep -q "no-such.bib: error: cannot open" "$tmp/err"
	expect "-j $j missing input: the others converted" \
		sh -c "[ -s '$tmp/u/basic.json' ] && [ -s '$tmp/u/names.json' ] && [ ! -e '$tmp/u/no-such.json' ]"
	"$CITEX" -j $j -t bibtex bibtex/basic.bib "$tmp/no-such.bib" bibtex/names.bib >"$tmp/cat" 2>/dev/null
	"$CITEX" -t bibtex bibtex/basic.bib bibtex/names.bib >"$tmp/cat2" 2>/dev/null
	expect "-j $j missing input, concatenated: the others are all there" cmp -s "$tmp/cat" "$tmp/cat2"
done

# ---- exit status is aggregated over workers
"$CITEX" -q -j 2 -t csl-json bibtex/basic.bib bibtex/err-recovery.bib >/dev/null 2>&1
expect "-j 2 with entry errors in one input: exit 1" [ $? -eq 1 ]

# ---- faults: full disk, file-size limit, closed pipe
"$CITEX" -t csl-json -o /dev/full bibtex/basic.bib 2>"$tmp/err"
expect "-o /dev/full: exit 2" [ $? -eq 2 ]
expect "-o /dev/full: a message" grep -q 'write error' "$tmp/err"
"$CITEX" -t csl-json bibtex/basic.bib >/dev/full 2>"$tmp/err"
expect "stdout on /dev/full: exit 2" [ $? -eq 2 ]
expect "stdout on /dev/full: a message" grep -q 'write error' "$tmp/err"
i=0
while [ $i -lt 3000 ]; do
	echo "@article{k$i, author = {A. Author and B. Author}, title = {Title number $i}, journal = {J}, year = 2020}"
	i=$((i + 1))
done >"$tmp/many.bib"
rm -rf "$tmp/fs"; mkdir -p "$tmp/fs"
echo "old" >"$tmp/fs/out.json"
(ulimit -f 8; "$CITEX" -t csl-json -o "$tmp/fs/out.json" "$tmp/many.bib") 2>"$tmp/err"
expect "file-size limit hit: exit 2" [ $? -eq 2 ]
expect "file-size limit hit: the old file is kept whole" [ "$(cat "$tmp/fs/out.json")" = old ]
expect "file-size limit hit: no temporary file is left" [ "$(ls "$tmp/fs" | wc -l)" -eq 1 ]
(ulimit -f 8; "$CITEX" -j 2 -t csl-json -o "$tmp/fs/" "$tmp/many.bib" bibtex/basic.bib) 2>/dev/null
expect "file-size limit in batch: exit 2" [ $? -eq 2 ]
expect "file-size limit in batch: no partial many.json" [ ! -e "$tmp/fs/many.json" ]
expect "file-size limit in batch: the small one converted" [ -s "$tmp/fs/basic.json" ]
expect "file-size limit in batch: no temporary file is left" [ -z "$(ls "$tmp/fs" | grep tmp)" ]
for j in 1 2; do
	"$CITEX" -j $j -t csl-json "$tmp/many.bib" "$tmp/many.bib" 2>"$tmp/err" | head -c 100 >/dev/null
	expect "-j $j into a closed pipe: quiet" [ ! -s "$tmp/err" ]
done

# ---- -j 2: macros of the inputs before, in a worker that skipped them.  The
# first input is long, so the second worker takes the second one; both use
# a macro no input defines, and the second redefines one of the first's.
{
	printf '@string{m = "A"}\n@misc{a0, title = undefa}\n'
	cat "$tmp/many.bib"
} >"$tmp/first.bib"
printf '@string{m = "B"}\n@misc{b1, title = m}\n@misc{b2, title = undefb}\n@misc{b3, title = m}\n' \
	>"$tmp/second.bib"
"$CITEX" -q -t ris "$tmp/first.bib" "$tmp/second.bib" >"$tmp/m1" 2>/dev/null
"$CITEX" -q -j 2 -t ris "$tmp/first.bib" "$tmp/second.bib" >"$tmp/m2" 2>"$tmp/err"
expect "-j 2, undefined macros in both inputs: exit 0" [ $? -eq 0 ]
expect "-j 2, undefined macros in both inputs: same bytes as -j 1" cmp -s "$tmp/m1" "$tmp/m2"
expect "-j 2: an input's own @string holds after the macros before it are loaded" \
	[ "$(grep -A1 'ID  - b3' "$tmp/m2" | tail -1)" = "TI  - B" ]

# ---- stderr: diagnostics only without a terminal; progress and summary on one
"$CITEX" -j 2 -t csl-json -o "$tmp/q/" $INPUTS 2>"$tmp/err"
expect "no terminal: nothing on stderr" [ ! -s "$tmp/err" ]
"$CITEX" --progress -t csl-json -o "$tmp/q/" $INPUTS 2>"$tmp/err"
expect "--progress: a summary of files and entries" \
	grep -Eq '^citex: 6 files, [0-9]+ entries, 0 errors, 0 warnings; ' "$tmp/err"
if command -v script >/dev/null 2>&1; then
	script -qec "'$CITEX' -j 2 -t csl-json -o '$tmp/t/' $INPUTS '$tmp/many.bib'" /dev/null \
		>"$tmp/tty" 2>&1
	expect "terminal: a progress line" grep -q 'files, [0-9]* entries, .* MB/s' "$tmp/tty"
	expect "terminal: the summary" grep -q 'citex: 7 files, ' "$tmp/tty"
else
	skip "terminal" "script(1) is missing"
fi

# ---- -q: warnings are not shown, but --strict still counts them
printf '@misc{w1, title = nomacro}\n' >"$tmp/warn.bib"
"$CITEX" -t csl-json "$tmp/warn.bib" >/dev/null 2>"$tmp/err"
expect "a warning: exit 0" [ $? -eq 0 ]
expect "a warning: shown" grep -q "warn.bib:1:11: warning: undefined macro 'nomacro'" "$tmp/err"
"$CITEX" -q -t csl-json "$tmp/warn.bib" >/dev/null 2>"$tmp/err"
expect "-q, a warning: exit 0" [ $? -eq 0 ]
expect "-q, a warning: nothing on stderr" [ ! -s "$tmp/err" ]
"$CITEX" -q --strict -t csl-json "$tmp/warn.bib" >/dev/null 2>"$tmp/err"
expect "-q --strict, a warning: exit 1" [ $? -eq 1 ]
expect "-q --strict, a warning: nothing on stderr" [ ! -s "$tmp/err" ]
done_checks
