#!/bin/sh
# runner: slow
# checks/typeset.sh - what bibtex (plain.bst, then pdflatex and pdftotext)
# typesets from citex's BibTeX is what it typesets from the input, and the
# same for biber and biblatex (typeset/typeset.py compares entry by entry:
# the .bbl, the text of each entry, and the order).  typeset/faithful.bib
# holds what a conversion must not change (logos, {\sf ...}, macros,
# hyphenation hints, name spacing, UTF-8 for --ascii, crossref); with
# ../shared/corpora, real bibliographies too: TeX's own (tugboat, texjourn,
# typeset), CryptoBib's macros in one file and entries in others, and the
# --aux subset of tugboat.  Skipped without the tools (make test-deps).
. "$(dirname "$0")/lib/common.sh"
T=$TESTS/checks/typeset
if [ -z "$PY" ] || ! bibtex_ok || ! have pdflatex || ! have pdftotext; then
	skip "bibtex and pdflatex typeset the same" "bibtex, pdflatex or pdftotext is not installed"
	exit 0
fi
# run NAME [typeset.py options] FILE...: one comparison, one line.
run() {
	name=$1
	shift
	if $PY "$T/typeset.py" --citex "$CITEX" --label "$name" --show 3 "$@" >"$tmp/out" 2>&1; then
		ok "$(head -1 "$tmp/out")"
	else
		fail "$name" "$tmp/out"
	fi
}
run "faithful.bib (bibtex)" "$T/faithful.bib"
run "faithful.bib --ascii (bibtex)" --opts=--ascii "$T/faithful.bib"
run "faithful.bib --aux (bibtex)" --subset 2 "$T/faithful.bib"
# The biblatex runs need biber and biblatex that work together (a
# one-line document builds: biblatex_ok in lib/common.sh).
if biblatex_ok; then
	run "faithful.bib (biber)" --mode biblatex "$T/faithful.bib"
	run "faithful.bib --ascii (biber)" --mode biblatex --opts=--ascii "$T/faithful.bib"
else
	skip "biber and biblatex typeset the same" "$blx_why"
fi
L=$SHARED/corpora/large-bib
if [ ! -d "$L" ]; then
	skip "real bibliographies" "../shared/corpora not found"
	done_checks
	exit $?
fi
run "tugboat.bib (bibtex)" "$L/beebe/tugboat.bib"
run "tugboat.bib --ascii (bibtex)" --opts=--ascii "$L/beebe/tugboat.bib"
run "tugboat.bib --aux every 7th (bibtex)" --subset 7 "$L/beebe/tugboat.bib"
run "texjourn.bib (bibtex)" "$L/beebe/texjourn.bib"
run "cryptobib: abbrev3.bib + crypto_misc.bib (bibtex)" \
	"$L/cryptobib/abbrev3.bib" "$L/cryptobib-db/crypto_misc.bib"
if biblatex_ok; then
	run "texjourn.bib (biber)" --mode biblatex "$L/beebe/texjourn.bib"
	run "typeset.bib (biber)" --mode biblatex "$L/beebe/typeset.bib"
else
	skip "texjourn.bib and typeset.bib (biber)" "$blx_why"
fi
done_checks
