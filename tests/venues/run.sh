#!/bin/sh
# tests/venues/run.sh - the venue policy (--venues=full|short|keep).
#
# input.bib, input.ris, input.json and input.cv each hold recognised venues
# in several spellings (full name, "Proceedings of the 18th ... (OSDI '24)",
# DBLP's "..., OSDI 2024, Santa Clara", an ISO abbreviation, the acronym),
# a workshop held at a known venue, an entry with its own short name, and
# venues the table does not know.  MODE.bib, MODE.ris, MODE.json and
# MODE.cv.bib are the expected output of each mode (default = no option),
# checked by hand against the README: by default a container is kept as
# given and a recognised venue adds its acronym as the short container;
# full writes the table's name, short the short name, keep looks nothing up.
# Prints "N passed, M failed" and exits 1 on any failure.
dir=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$dir/../../citex}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
same() { # same NAME EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then ok; else bad "$1"; diff -u "$2" "$3" | head -30; fi
}

for mode in default full short keep; do
	opt=
	[ "$mode" = default ] || opt=--venues=$mode
	"$CITEX" -q $opt "$dir/input.bib" >"$tmp/$mode.bib"
	same "bib $mode" "$dir/$mode.bib" "$tmp/$mode.bib"
	"$CITEX" -q $opt -t ris "$dir/input.ris" >"$tmp/$mode.ris"
	same "ris $mode" "$dir/$mode.ris" "$tmp/$mode.ris"
	"$CITEX" -q $opt -t csl-json "$dir/input.json" >"$tmp/$mode.json"
	same "csl-json $mode" "$dir/$mode.json" "$tmp/$mode.json"
	"$CITEX" -q $opt -f cv "$dir/input.cv" >"$tmp/$mode.cv.bib"
	same "cv $mode" "$dir/$mode.cv.bib" "$tmp/$mode.cv.bib"
	# A second run changes nothing: what was added reads back as given.
	"$CITEX" -q $opt "$tmp/$mode.bib" >"$tmp/again.bib"
	same "bib $mode is a fixed point" "$tmp/$mode.bib" "$tmp/again.bib"
done

# keep is the default output less the short names recognition added (the
# 'own' entry keeps its own).
grep -v 'shortjournal = {\(OSDI\|TPDS\)}' "$tmp/default.bib" >"$tmp/want"
same "keep = default without the added short names" "$tmp/want" "$tmp/keep.bib"

# The short name goes through csl-json and comes back as shortjournal.
"$CITEX" -q -t csl-json "$dir/input.bib" | "$CITEX" -q -f csl-json -t bibtex >"$tmp/via-json.bib"
grep shortjournal "$tmp/default.bib" >"$tmp/want"
grep shortjournal "$tmp/via-json.bib" >"$tmp/got"
same "shortjournal through csl-json" "$tmp/want" "$tmp/got"

# A bad mode is a usage error.
"$CITEX" -q --venues=long "$dir/input.bib" >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--venues=long exits 2"; fi

# biber accepts shortjournal on @inproceedings (its data model allows it
# in every entry type).
if command -v biber >/dev/null 2>&1; then
	"$CITEX" -q -t biblatex "$dir/input.bib" >"$tmp/out.bib"
	if sh "$dir/../biber_ok.sh" "$tmp/out.bib" >"$tmp/biber.log" 2>&1; then ok; else
		bad "biber reads the biblatex output"; cat "$tmp/biber.log"
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
