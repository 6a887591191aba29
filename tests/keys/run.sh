#!/bin/sh
# tests/keys/run.sh - --keys[=PATTERN] from the command line.
#
# input.bib has a crossref family (children first, as BibTeX wants), a
# related list, @string and @comment entries, accented names and an entry
# with no author.  default.bib and custom.bib are its expected output under
# the default pattern and under [authors2]_[venue]_[shorttitle]_[firstpage],
# each checked by hand against the rules in the README.
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

"$CITEX" -q --keys "$dir/input.bib" >"$tmp/default.bib"
same "default pattern" "$dir/default.bib" "$tmp/default.bib"
"$CITEX" -q --keys='[auth:lower][year][veryshorttitle:lower]' "$dir/input.bib" >"$tmp/explicit.bib"
same "the default pattern spelt out" "$dir/default.bib" "$tmp/explicit.bib"
"$CITEX" -q --keys='[authors2]_[venue]_[shorttitle]_[firstpage]' "$dir/input.bib" >"$tmp/custom.bib"
same "custom pattern" "$dir/custom.bib" "$tmp/custom.bib"

# The pattern may also follow as the next word, when it holds a [field]
# and names no file; otherwise the next word stays an input.
"$CITEX" -q --keys '[authors2]_[venue]_[shorttitle]_[firstpage]' "$dir/input.bib" >"$tmp/custom2.bib"
same "--keys PATTERN as the next word" "$dir/custom.bib" "$tmp/custom2.bib"
(cd "$dir" && "$CITEX" -q --keys input.bib) >"$tmp/default2.bib"
same "--keys FILE: the file is an input" "$dir/default.bib" "$tmp/default2.bib"

# Old keys stay citable in .bib output: biblatex aliases in ids, after any
# ids the entry has; none for a key that is unchanged, that is now another
# entry's key (even in another case), or that two entries had.
"$CITEX" -q --keys "$dir/aliases.bib" >"$tmp/aliases.out"
same "old keys as ids aliases" "$dir/aliases.out" "$tmp/aliases.out"
"$CITEX" -q --keys -t biblatex "$dir/aliases.bib" | grep 'ids' >"$tmp/ids"
printf '%s\n' '  ids = {Jones-trees, S1}' >"$tmp/want"
same "ids aliases in biblatex output" "$tmp/want" "$tmp/ids"
if "$CITEX" -q --keys -t csl-json "$dir/aliases.bib" | grep -q 'S1'; then
	bad "no ids aliases outside .bib output"
else
	ok
fi

# End to end: a biblatex document that cites the old keys builds against
# the renamed file with biber, which must find every one (through ids).
if command -v pdflatex >/dev/null && command -v biber >/dev/null &&
	[ -n "$(kpsewhich biblatex.sty 2>/dev/null)" ]; then
	mkdir "$tmp/tex"
	"$CITEX" -q --keys -t biblatex "$dir/input.bib" >"$tmp/tex/renamed.bib"
	printf '%s\n' '\documentclass{article}' '\usepackage[backend=biber]{biblatex}' \
		'\addbibresource{renamed.bib}' '\begin{document}' \
		'\cite{child1,child2,garcia,muller,who,osdi25}' '\printbibliography' '\end{document}' \
		>"$tmp/tex/doc.tex"
	(cd "$tmp/tex" && pdflatex -interaction=nonstopmode doc >/dev/null 2>&1 &&
		biber doc >/dev/null 2>&1 && pdflatex -interaction=nonstopmode doc >/dev/null 2>&1 &&
		pdflatex -interaction=nonstopmode doc >/dev/null 2>&1)
	if grep -q 'WARN\|ERROR' "$tmp/tex/doc.blg" 2>/dev/null ||
		grep -q 'undefined\|Warning' "$tmp/tex/doc.log" ||
		[ "$(grep '\\entry{' "$tmp/tex/doc.bbl" | grep -vc skipbib)" != 6 ]; then
		bad "biber resolves the old keys through ids"
		grep 'WARN\|ERROR' "$tmp/tex/doc.blg" | head -5
	else
		ok
	fi
else
	echo "SKIP: tests/keys biber (needs pdflatex, biber and biblatex.sty)"
fi

# Keys never change without --keys.
"$CITEX" -q "$dir/input.bib" | grep '^@' | grep -v '^@string\|^@comment' >"$tmp/keys"
printf '%s\n' '@inproceedings{child1,' '@inproceedings{child2,' '@inproceedings{child3,' \
	'@proceedings{osdi25,' '@article{garcia,' '@article{muller,' '@manual{who,' >"$tmp/want"
same "no --keys, no new keys" "$tmp/want" "$tmp/keys"

# Collisions: a, b, c in input order, and a crossref follows its target.
"$CITEX" -q --keys "$dir/collide.bib" | grep '^@\|crossref' >"$tmp/collide"
printf '%s\n' '@article{smith2020graphs,' '@article{smith2020graphsa,' '@article{smith2020graphsb,' \
	'@article{smith2020graphsc,' '  crossref = {smith2020graphsa},' >"$tmp/want"
same "collisions get a, b, c in input order" "$tmp/want" "$tmp/collide"
"$CITEX" -q --keys "$dir/collide.bib" | grep '^@\|crossref' >"$tmp/collide2"
same "collisions are deterministic" "$tmp/collide" "$tmp/collide2"

# Other writers see the new keys too.
"$CITEX" -q --keys -t csl-json "$dir/input.bib" | grep '"id"' | head -2 >"$tmp/ids"
printf '%s\n' '    "id": "zhao2025forestcoll",' '    "id": "zhao2025forestcolla",' >"$tmp/want"
same "CSL-JSON ids" "$tmp/want" "$tmp/ids"

# A bad pattern is a usage error: exit 2 and nothing on stdout.
for p in '--keys=' '--keys=[nope]' '--keys=[auth' '--keys=[auth:title]' '--keys=a b[year]' '--keys=x]'; do
	"$CITEX" -q "$p" "$dir/input.bib" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] && grep -q -- '--keys' "$tmp/err"; then ok; else
		bad "'$p': exit $rc, expected 2 with a message and no output"
	fi
done

# cv input has keys already; --keys replaces them.
printf 'Publications\n\n1. Liangyu Zhao, Arvind Krishnamurthy. ForestColl: Fast Collectives. NSDI 2025.\n' \
	>"$tmp/cv.txt"
"$CITEX" -q -f cv "$tmp/cv.txt" | grep '^@' >"$tmp/cvkey"
"$CITEX" -q -f cv --keys='[auth:upper][venue][year]' "$tmp/cv.txt" | grep '^@' >>"$tmp/cvkey"
printf '%s\n' '@inproceedings{zhao2025forestcoll,' '@inproceedings{ZHAONSDI2025,' >"$tmp/want"
same "cv keys: the default pattern, replaced under --keys" "$tmp/want" "$tmp/cvkey"

# bibtex itself finds every cited entry and every crossref parent.
if command -v bibtex >/dev/null 2>&1 && kpsewhich plain.bst >/dev/null 2>&1; then
	cp "$tmp/default.bib" "$tmp/refs.bib"
	{
		printf '\\relax\n'
		for k in zhao2025forestcoll zhao2025forestcolla zhao2025forestcollb garcia2020strasse \
			muller2020oresund worldhealthorganizationguidelines; do
			printf '\\citation{%s}\n' "$k"
		done
		printf '\\bibstyle{plain}\n\\bibdata{refs}\n'
	} >"$tmp/doc.aux"
	(cd "$tmp" && bibtex -terse doc >log.txt 2>&1)
	if grep -qi "didn't find\|couldn't find\|bad cross reference\|error message" "$tmp/log.txt"; then
		bad "bibtex reads the renamed keys"
		cat "$tmp/log.txt"
	elif grep -q 'berg2025proceedings' "$tmp/doc.bbl" || grep -q 'Proceedings of the 19th' "$tmp/doc.bbl"; then
		ok
	else
		bad "bibtex: the crossref parent's fields did not reach the children"
		cat "$tmp/doc.bbl"
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
