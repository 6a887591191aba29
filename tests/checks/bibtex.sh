#!/bin/sh
# checks/bibtex.sh - properties of every input of tests/cases/bibtex:
# the BibTeX output is a fixed point; bib -> csl-json equals
# bib -> bibtex -> csl-json; the CSL-JSON validates against the CSL 1.0.2
# data schema (tests/data/csl-schema, needs python3-jsonschema).
. "$(dirname "$0")/lib/common.sh"
schema=$TESTS/data/csl-schema/csl-data.json
validate=1
if [ -z "$PY" ] || ! $PY -c 'import jsonschema' 2>/dev/null; then
	skip "CSL-JSON validates against the schema" "python3-jsonschema is not installed"
	validate=0
fi
for bib in "$CASES"/bibtex/*.bib; do
	b=$(basename "$bib" .bib)
	"$CITEX" -q "$bib" >"$tmp/p1.bib" 2>/dev/null
	"$CITEX" -q "$tmp/p1.bib" >"$tmp/p2.bib" 2>/dev/null
	same "$b: bibtex output is a fixed point" "$tmp/p1.bib" "$tmp/p2.bib"
	"$CITEX" -q -t csl-json "$bib" >"$tmp/j1.json" 2>/dev/null
	"$CITEX" -q -t csl-json "$tmp/p1.bib" >"$tmp/j2.json" 2>/dev/null
	same "$b: bib->json equals bib->bib->json" "$tmp/j1.json" "$tmp/j2.json"
	[ $validate = 1 ] &&
		expect "$b: CSL-JSON validates against the schema" $PY lib/validate.py "$schema" "$tmp/j1.json"
done
done_checks
