#!/bin/sh
# tests/csl/bbl-bibtex.sh FILE.bib [STEP...]: the .bbl citex writes
# against bibtex's for the same run.  For each STEP (default 1 3 7), an
# .aux cites every STEPth entry of FILE (\bibstyle{plain}); bibtex and
# `citex --aux X.aux --style ieee -t latex` each write a .bbl, and a line
# says how many \bibitem keys each lists, how many both do (the keys
# spelled as the .aux spells them), and whether the preambles before
# \begin{thebibliography} are the same text (blanks aside).  A key that
# the .aux cites and no entry has is left out of the count: bibtex
# lists nothing for it, citex a visible stand-in.
# Needs bibtex (make test-deps).  CITEX picks the binary.
set -u
T=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$T/../../build/citex}
case $CITEX in /*) ;; *) CITEX=$(pwd)/$CITEX ;; esac
bib=$1
shift
[ $# -gt 0 ] || set -- 1 3 7
command -v bibtex >/dev/null || { echo "bbl-bibtex: skipped: no bibtex"; exit 0; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
b=$(basename "$bib" .bib)
cp "$bib" "$TMP/$b.bib"
cd "$TMP" || exit 2
# the entries' keys, as written (the .aux reader trims blanks)
grep -o '^@[A-Za-z]*[{(][^,]*' "$b.bib" | grep -vi '^@\(string\|preamble\|comment\)' |
	sed 's/^@[A-Za-z]*[{(] *//; s/ *$//' >all
keys() { grep -o '\\bibitem\(\[[^]]*\]\)\?{[^}]*}' "$1" | sed 's/.*{//; s/}//' | sort; }
pre() { awk '/\\begin\{thebibliography\}/ { exit } { print }' "$1" | tr -s ' \n\t' '   ' | sed 's/^ //; s/ $//'; }
for step in "$@"; do
	awk -v s="$step" 'NR % s == 0' all >cited
	{ sed 's/^/\\citation{/; s/$/}/' cited; printf '%s\n' '\bibstyle{plain}' "\\bibdata{$b}"; } >"$b.aux"
	rm -f "$b.bbl"
	bibtex -terse "$b" >/dev/null 2>&1
	"$CITEX" -q --aux "$b.aux" --style ieee -t latex "$b.bib" >citex.bbl 2>/dev/null
	keys "$b.bbl" >kb
	# citex's stand-ins for keys no entry has ("\textbf{??} key") left out
	awk '/^\\bibitem/ { k = $0; sub(/.*\{/, "", k); sub(/\}.*/, "", k); next }
	     k != "" && /^\\textbf\{\?\?\}/ { print k } { k = "" }' citex.bbl | sort >missing
	keys citex.bbl | comm -23 - missing >kc
	pre "$b.bbl" >pb
	pre citex.bbl >pc
	cmp -s pb pc && p=same || p=different
	echo "$b, 1 in $step of $(wc -l <all) entries cited: bibtex $(wc -l <kb) items, citex $(wc -l <kc), both $(comm -12 kb kc | wc -l); preamble $p"
done
