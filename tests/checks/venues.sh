#!/bin/sh
# checks/venues.sh - properties of the venue policy (--venues=full|short|keep)
# over tests/cases/venues/from-bib.bib: under each mode a second run changes
# nothing (what was added reads back as given); keep is the default output
# less the short names recognition added; the short name goes through
# CSL-JSON and comes back as shortjournal; a bad mode is a usage error; and
# biber accepts shortjournal on @inproceedings.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/venues" || exit 2
for mode in default full short keep; do
	opt=
	[ "$mode" = default ] || opt=--venues=$mode
	"$CITEX" -q $opt from-bib.bib >"$tmp/$mode.bib"
	"$CITEX" -q $opt "$tmp/$mode.bib" >"$tmp/again.bib"
	same "bib $mode is a fixed point" "$tmp/$mode.bib" "$tmp/again.bib"
done

# keep is the default output less the short names recognition added (the
# 'own' entry keeps its own).
grep -v 'shortjournal = {\(OSDI\|TPDS\)}' "$tmp/default.bib" >"$tmp/want"
same "keep = default without the added short names" "$tmp/want" "$tmp/keep.bib"

# The short name goes through csl-json and comes back as shortjournal.
"$CITEX" -q -t csl-json from-bib.bib | "$CITEX" -q -f csl-json -t bibtex >"$tmp/via-json.bib"
grep shortjournal "$tmp/default.bib" >"$tmp/want"
grep shortjournal "$tmp/via-json.bib" >"$tmp/got"
same "shortjournal through csl-json" "$tmp/want" "$tmp/got"

"$CITEX" -q --venues=long from-bib.bib >/dev/null 2>&1
expect "--venues=long exits 2" [ $? -eq 2 ]

# biber's data model allows shortjournal in every entry type (where biber
# works with biblatex at all: biblatex_ok in lib/common.sh).
if biblatex_ok; then
	"$CITEX" -q -t biblatex from-bib.bib >"$tmp/out.bib"
	expect "biber reads the biblatex output" sh "$TESTS/checks/lib/biber_ok.sh" "$tmp/out.bib"
else
	skip "biber reads the biblatex output" "$blx_why"
fi
done_checks
