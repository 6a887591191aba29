#!/bin/sh
# checks/dedup.sh - what --dedup does beyond the cases of tests/cases/dedup
# (d.dedup: the merge of a.bib b.ris c.json d.bib; d.report: its reports):
# a second --dedup changes nothing and reports nothing; --dedup=report
# writes what a plain conversion writes; the merge reaches CSL-JSON; in
# batch mode each survivor stays in its own input's file; --dedup=all is a
# usage error.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/dedup" || exit 2
inputs="a.bib b.ris c.json d.bib"

# Merged output has no duplicates left: a second pass changes nothing.
"$CITEX" --dedup $inputs >"$tmp/out" 2>/dev/null
"$CITEX" --dedup "$tmp/out" >"$tmp/again" 2>"$tmp/again.err"
same "--dedup is idempotent" "$tmp/out" "$tmp/again"
if [ -s "$tmp/again.err" ]; then fail "second --dedup reports" "$tmp/again.err"; else ok "second --dedup reports nothing"; fi

# --dedup=report writes what a plain conversion writes.
"$CITEX" $inputs >"$tmp/plain" 2>/dev/null
"$CITEX" --dedup=report $inputs >"$tmp/rep" 2>/dev/null
same "--dedup=report output" "$tmp/plain" "$tmp/rep"

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
expect "--dedup=all is a usage error" [ $? -eq 2 ]
done_checks
