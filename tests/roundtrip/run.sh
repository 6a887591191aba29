#!/bin/sh
# tests/roundtrip/run.sh - round trips as properties over every corpus file
# and every test input (check.py says what each one compares):
#   bib -> csl-json -> bib keeps every field value;
#   csl-json -> ris -> csl-json keeps every variable RIS can hold;
#   ris -> bib -> ris keeps every tag.
# Inputs: tests/cases, tests/ris, tests/csljson, and the .bib files of
# ../shared/corpora (bibtex-tidy, biber-tdata, large-bib without big.bib);
# a .bib is also a CSL-JSON and a RIS source through citex.  About 30 s, a
# few minutes under ASan.  known.txt lists differences not fixed yet.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
case "$CITEX" in /*) ;; *) CITEX=$(pwd)/$CITEX ;; esac
SHARED=${SHARED:-../../../shared}
PY=/usr/bin/python3
list=${TMPDIR:-/tmp}/citex-rt.$$
trap 'rm -f "$list"' EXIT
{
	ls ../cases/*.bib ../ris/*.ris ../csljson/*.json ../csljson/*.jsonl
	find "$SHARED/corpora/bibtex-tidy" "$SHARED/corpora/biber-tdata" \
		"$SHARED/corpora/large-bib" -name '*.bib' ! -name big.bib 2>/dev/null | sort
} >"$list"
fail=0
for mode in bib csl ris; do
	tr '\n' '\0' <"$list" | xargs -0 $PY check.py "$CITEX" "$mode" || fail=1
done
exit $fail
