#!/bin/sh
# checks/bibnames.sh - names written to BibTeX come back as the same names,
# from citex and from bibtex itself.  For each expected BibTeX output of
# tests/cases/bibnames (NAME[.VARIANT].out.bibtex), citex's output is a
# fixed point under the same options, and with bibtex installed
# parts/parts.bst writes every name of it as bibtex splits it
# ("von|Last|Jr|First"), which must equal parts/NAME[.VARIANT].parts and,
# for a .bib input (whose names are written as they were written), what
# bibtex makes of the input itself.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/bibnames" || exit 2
bibtex_ok || skip "bibtex reads the names back" "bibtex is not installed"
for exp in *.out.bibtex; do
	stem=${exp%.out.bibtex}
	name=${stem%%.*}
	in=$(ls "$name".* | grep -v '\..*\.' | grep -v '\.args$' | grep -v '\.err$')
	args=$(cat "$name.args" 2>/dev/null)
	[ "$stem" != "$name" ] && args="$args $(cat "$stem.args")"
	eval "set -- $args"
	"$CITEX" "$@" -t bibtex "$in" >"$tmp/out.bib" 2>/dev/null
	"$CITEX" "$@" -t bibtex "$tmp/out.bib" >"$tmp/again.bib" 2>/dev/null
	same "$stem: fixed point" "$tmp/out.bib" "$tmp/again.bib"
	bibtex_ok && [ -f "parts/$stem.parts" ] || continue
	cp parts/parts.bst "$tmp/"
	printf '\\citation{*}\n\\bibstyle{parts}\n\\bibdata{out}\n' >"$tmp/out.aux"
	(cd "$tmp" && bibtex -terse out >/dev/null 2>&1)
	same "$stem: bibtex reads the names back" "parts/$stem.parts" "$tmp/out.bbl"
	case "$in" in *.bib) ;; *) continue ;; esac
	# A BibTeX source: bibtex splits our names as it splits the input's.
	cp "$in" "$tmp/src.bib"
	printf '\\citation{*}\n\\bibstyle{parts}\n\\bibdata{src}\n' >"$tmp/src.aux"
	(cd "$tmp" && bibtex -terse src >/dev/null 2>&1)
	same "$stem: bibtex splits the names as in the input" "$tmp/src.bbl" "$tmp/out.bbl"
done
done_checks
