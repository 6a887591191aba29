#!/bin/sh
# checks/csljson.sh - the CSL-JSON reader inverts the writer: for each
# input of tests/cases/csljson, the CSL-JSON written from it is a fixed
# point of csl-json -> csl-json, and its BibTeX a fixed point of
# bibtex -> csl-json -> bibtex.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/csljson" || exit 2
for in in *.json *.jsonl; do
	[ -f "$in" ] || continue
	name=${in%.*}
	"$CITEX" -t csl-json "$in" >"$tmp/c1" 2>/dev/null
	"$CITEX" -f csl-json -t csl-json "$tmp/c1" >"$tmp/c2" 2>/dev/null
	same "$name: csl-json -> csl-json is a fixed point" "$tmp/c1" "$tmp/c2"
	"$CITEX" -t bibtex "$in" >"$tmp/b1" 2>/dev/null
	"$CITEX" -f bibtex -t csl-json "$tmp/b1" 2>/dev/null |
		"$CITEX" -f csl-json -t bibtex >"$tmp/b2" 2>/dev/null
	same "$name: bibtex -> csl-json -> bibtex keeps it" "$tmp/b1" "$tmp/b2"
done
done_checks
