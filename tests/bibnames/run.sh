#!/bin/sh
# tests/bibnames/run.sh - names written to BibTeX must come back as the
# same names, from citex and from bibtex itself.
#
# NAME.bib or NAME.json is the input; NAME.bibtex (and NAME.ascii, for
# --ascii) the hand-checked BibTeX it must give, which must be a fixed
# point, and NAME.csl the CSL-JSON a NAME.bib must give.  With bibtex installed, parts.bst writes every name of that
# output as bibtex splits it ("von|Last|Jr|First"), which must equal
# NAME.bibtex.parts (NAME.ascii.parts).  Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
case "$CITEX" in /*) ;; *) CITEX=$(pwd)/$CITEX ;; esac
tmp=${TMPDIR:-/tmp}/citex-bibnames.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
same() { # same NAME EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then ok; else bad "$1"; diff "$2" "$3" | head -10; fi
}
have_bibtex=0
command -v bibtex >/dev/null 2>&1 && have_bibtex=1

for in in *.bib *.json; do
	name=${in%.*}
	if [ -f "$name.csl" ]; then
		"$CITEX" -q -t csl-json "$in" >"$tmp/out.json"
		same "$name.csl" "$name.csl" "$tmp/out.json"
	fi
	for v in bibtex ascii; do
		[ -f "$name.$v" ] || continue
		opt=
		[ $v = ascii ] && opt=--ascii
		"$CITEX" -q $opt -t bibtex "$in" >"$tmp/out.bib"
		same "$name.$v" "$name.$v" "$tmp/out.bib"
		"$CITEX" -q $opt -t bibtex "$tmp/out.bib" >"$tmp/again.bib"
		same "$name.$v: fixed point" "$tmp/out.bib" "$tmp/again.bib"
		[ $have_bibtex = 1 ] && [ -f "$name.$v.parts" ] || continue
		cp parts.bst "$tmp/"
		printf '\\citation{*}\n\\bibstyle{parts}\n\\bibdata{out}\n' >"$tmp/out.aux"
		(cd "$tmp" && bibtex -terse out >/dev/null 2>&1)
		same "$name.$v: bibtex reads the names back" "$name.$v.parts" "$tmp/out.bbl"
	done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
