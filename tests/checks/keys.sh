#!/bin/sh
# checks/keys.sh - --keys[=PATTERN] beyond the cases of tests/cases/keys
# (input.VARIANT: the default, explicit and custom patterns; aliases: old
# keys as ids): a file after --keys is an input; the ids aliases reach
# biblatex output and no other; biber resolves the old keys of a document
# through ids; keys never change without --keys; collisions get a, b, c in
# input order; CSL-JSON sees the new keys; a bad pattern is a usage error;
# cv keys are replaced; bibtex finds every renamed entry and parent.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/keys" || exit 2

# The pattern may follow as the next word only when it holds a [field] and
# names no file; otherwise the next word stays an input.
"$CITEX" -q --keys input.bib >"$tmp/default.bib"
same "--keys FILE: the file is an input" input.default.out.bibtex "$tmp/default.bib"

"$CITEX" -q --keys -t biblatex aliases.bib | grep 'ids' >"$tmp/ids"
printf '%s\n' '  ids = {Jones-trees, S1}' >"$tmp/want"
same "ids aliases in biblatex output" "$tmp/want" "$tmp/ids"
if "$CITEX" -q --keys -t csl-json aliases.bib | grep -q 'S1'; then
	fail "no ids aliases outside .bib output"
else
	ok "no ids aliases outside .bib output"
fi

# End to end: a biblatex document that cites the old keys builds against
# the renamed file with biber, which must find every one (through ids).
if biblatex_ok; then
	mkdir "$tmp/tex"
	"$CITEX" -q --keys -t biblatex input.bib >"$tmp/tex/renamed.bib"
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
		grep 'WARN\|ERROR' "$tmp/tex/doc.blg" >"$tmp/blg" 2>&1
		fail "biber resolves the old keys through ids" "$tmp/blg"
	else
		ok "biber resolves the old keys through ids"
	fi
else
	skip "biber resolves the old keys through ids" "$blx_why"
fi

# Keys never change without --keys.
"$CITEX" -q input.bib | grep '^@' | grep -v '^@string\|^@comment' >"$tmp/keys"
printf '%s\n' '@inproceedings{child1,' '@inproceedings{child2,' '@inproceedings{child3,' \
	'@proceedings{osdi25,' '@article{garcia,' '@article{muller,' '@manual{who,' >"$tmp/want"
same "no --keys, no new keys" "$tmp/want" "$tmp/keys"

# Collisions: a, b, c in input order, and a crossref follows its target.
"$CITEX" -q --keys collide.bib | grep '^@\|crossref' >"$tmp/collide"
printf '%s\n' '@article{smith2020graphs,' '@article{smith2020graphsa,' '@article{smith2020graphsb,' \
	'@article{smith2020graphsc,' '  crossref = {smith2020graphsa},' >"$tmp/want"
same "collisions get a, b, c in input order" "$tmp/want" "$tmp/collide"
"$CITEX" -q --keys collide.bib | grep '^@\|crossref' >"$tmp/collide2"
same "collisions are deterministic" "$tmp/collide" "$tmp/collide2"

# Other writers see the new keys too.
"$CITEX" -q --keys -t csl-json input.bib | grep '"id"' | head -2 >"$tmp/ids"
printf '%s\n' '    "id": "zhao2025forestcoll",' '    "id": "zhao2025forestcolla",' >"$tmp/want"
same "CSL-JSON ids" "$tmp/want" "$tmp/ids"

# A bad pattern is a usage error: exit 2 and nothing on stdout.
for p in '--keys=' '--keys=[nope]' '--keys=[auth' '--keys=[auth:title]' '--keys=a b[year]' '--keys=x]'; do
	"$CITEX" -q "$p" input.bib >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] && grep -q -- '--keys' "$tmp/err"; then
		ok "'$p' is a usage error"
	else
		fail "'$p': exit $rc, expected 2 with a message and no output" "$tmp/err"
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
if bibtex_ok; then
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
		fail "bibtex reads the renamed keys" "$tmp/log.txt"
	elif grep -q 'berg2025proceedings' "$tmp/doc.bbl" || grep -q 'Proceedings of the 19th' "$tmp/doc.bbl"; then
		ok "bibtex reads the renamed keys and their parents"
	else
		fail "bibtex: the crossref parent's fields did not reach the children" "$tmp/doc.bbl"
	fi
else
	skip "bibtex reads the renamed keys" "bibtex with plain.bst is not installed"
fi
done_checks
