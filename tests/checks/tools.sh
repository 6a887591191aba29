#!/bin/sh
# checks/tools.sh - real tools read citex's output: bibtex with plain.bst
# reports no error on the UTF-8 and the --ascii BibTeX of every input of
# tests/cases/bibtex (and of tugboat.bib from ../shared/corpora when it is
# there), biber --tool reads the BibLaTeX, and pandoc reads the CSL-JSON
# back item for item.  A missing tool is a skip (make test-deps installs
# them).
# runner: slow
. "$(dirname "$0")/lib/common.sh"
lib=$(pwd)/lib

inputs() { # the cases' inputs that are valid BibTeX
	for bib in "$CASES"/bibtex/*.bib; do
		case $(basename "$bib") in err-* | latin1*) continue ;; esac
		echo "$bib"
	done
}

if bibtex_ok; then
	tug=$SHARED/corpora/large-bib/beebe/tugboat.bib
	corpora || skip "tugboat: bibtex accepts our output" "../shared/corpora not found"
	for bib in $(inputs) $(corpora && [ -f "$tug" ] && echo "$tug"); do
		b=$(basename "$bib" .bib)
		"$CITEX" -q "$bib" >"$tmp/u.bib" 2>/dev/null
		expect "$b: bibtex accepts UTF-8 output" bibtex_accepts "$tmp/u.bib"
		"$CITEX" -q --ascii "$bib" >"$tmp/a.bib" 2>/dev/null
		expect "$b: bibtex accepts --ascii output" bibtex_accepts "$tmp/a.bib"
	done
else
	skip "bibtex accepts our output" "bibtex with plain.bst is not installed"
fi
# biber only where it works with biblatex (biblatex_ok in lib/common.sh).
if biblatex_ok; then
	for bib in $(inputs); do
		b=$(basename "$bib" .bib)
		"$CITEX" -q -t biblatex "$bib" >"$tmp/bl.bib" 2>/dev/null
		expect "$b: biber --tool reads our BibLaTeX" sh "$lib/biber_ok.sh" "$tmp/bl.bib"
	done
else
	skip "biber reads our BibLaTeX" "$blx_why"
fi
if have pandoc && [ -n "$PY" ]; then
	for bib in "$CASES"/bibtex/*.bib; do
		b=$(basename "$bib" .bib)
		"$CITEX" -q -t csl-json "$bib" >"$tmp/pj.json" 2>/dev/null
		expect "$b: pandoc reads our CSL-JSON item for item" \
			sh -c "pandoc -f csljson -t csljson '$tmp/pj.json' >'$tmp/pj2.json' && $PY '$lib/same_items.py' '$tmp/pj.json' '$tmp/pj2.json'"
	done
else
	skip "pandoc reads our CSL-JSON" "pandoc is not installed"
fi
done_checks
