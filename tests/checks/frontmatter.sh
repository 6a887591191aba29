#!/bin/sh
# checks/frontmatter.sh - BibTeX beside a page.  A static site's
# publication page (YAML front matter) with the cite.bib its generator
# keeps beside it: the BibTeX record is the entry, and the reader says
# where it read it; the same page alone gives the entry its front matter
# describes, the owner's user name an "[owner]" slot with a warning.  A
# publication list with a BibTeX file of its own name beside it: an item
# the file has takes its record, the file's other entries are left out.
# A biblatex CV of \fullcite keys: the entries of the files its
# \addbibresource names, in the order cited, a key no file has reported
# at its line, the CV's written items read beside them; a section of
# \fullcite keys is said to be skipped only when none of them was read.
# One that cites
# with \nocite and prints its bibliography: the cited entries in order,
# \nocite{*} the rest, a file it cannot read reported; a CV's own command
# over keys of the files it names (\pub{key}) lists those entries, and
# one over a .bib file (\publications{pubs.bib}) all of that file's.  A CV whose
# sections are files of their own (\input, \include, TeX's "\input
# file", a subfile's document body, \endinput): read in place, comments
# aside, a file it cannot read reported at its command's line.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/cv/front-bib" || exit 2

"$CITEX" -t bibtex index.md >"$tmp/out" 2>"$tmp/err"
same "cite.bib beside the page is its entry" index.out.bibtex "$tmp/out"
expect "cite.bib read with a note" grep -q "note: 1 BibTeX entry read from cite.bib, beside the page" "$tmp/err"

mkdir "$tmp/alone" && cp index.md "$tmp/alone/"
(cd "$tmp/alone" && "$CITEX" -t bibtex index.md) >"$tmp/out" 2>"$tmp/err"
same "the page alone: its front matter" alone.out.bibtex "$tmp/out"
expect "the user name is the unknown owner" grep -q "give --owner" "$tmp/err"
cd "$CASES/cv/beside-bib" || exit 2
"$CITEX" -t bibtex papers.md >"$tmp/out" 2>"$tmp/err"
same "papers.bib beside papers.md completes its items" papers.out.bibtex "$tmp/out"
expect "papers.bib read with a note" grep -q "note: 2 BibTeX entries read from papers.bib, beside the page" "$tmp/err"
mkdir "$tmp/list" && cp papers.md "$tmp/list/"
(cd "$tmp/list" && "$CITEX" -t bibtex papers.md) >"$tmp/out" 2>"$tmp/err"
if grep -q "volume = {13}" "$tmp/out"; then fail "the list alone has no BibTeX's fields" "$tmp/out"; else ok "the list alone has no BibTeX's fields"; fi
cd "$CASES/cv/fullcite" || exit 2
"$CITEX" -f cv -t bibtex cv.tex >"$tmp/out" 2>"$tmp/err"
same "fullcite keys read from pubs.bib, in order" cv.out.bibtex "$tmp/out"
same "a missing key is reported at its line" cv.warnings "$tmp/err"
mkdir "$tmp/cv" && cp cv.tex "$tmp/cv/"
(cd "$tmp/cv" && "$CITEX" -f cv -t bibtex cv.tex) >"$tmp/out" 2>"$tmp/err"
expect "without the .bib only the written item" test "$(grep -c '^@' "$tmp/out")" = 1
expect "without the .bib its section is said to be skipped" \
	grep -q 'cv.tex:7:1: warning: no item of the section "Journal articles"' "$tmp/err"
cd "$CASES/cv/nocite" || exit 2
"$CITEX" -f cv -t bibtex cv.tex >"$tmp/out" 2>"$tmp/err"
same "nocite keys, then nocite{*}, read from pubs.bib" cv.out.bibtex "$tmp/out"
same "a missing file and key are reported at their lines" cv.warnings "$tmp/err"
"$CITEX" -f cv -t bibtex refsection.tex >"$tmp/out" 2>"$tmp/err"
same "a refsection's file, bibentry in place, nocite{*} the rest" refsection.out.bibtex "$tmp/out"
same "a refsection's missing file is reported" refsection.warnings "$tmp/err"
"$CITEX" -f cv -t bibtex keymacro.tex >"$tmp/out" 2>"$tmp/err"
same "a CV's own command over a key of its nobibliography is that entry" keymacro.out.bibtex "$tmp/out"
"$CITEX" -f cv -t bibtex printfile.tex >"$tmp/out" 2>"$tmp/err"
same "a command of the body that names a .bib prints its entries" printfile.out.bibtex "$tmp/out"
same "a .bib the body names and that cannot be read is reported" printfile.warnings "$tmp/err"
cd "$CASES/cv/inputs" || exit 2
"$CITEX" -f cv -t bibtex cv.tex >"$tmp/out" 2>"$tmp/err"
same "sections in files of their own are read in place" cv.out.bibtex "$tmp/out"
same "a file the CV cannot input is reported at its line" cv.warnings "$tmp/err"
"$CITEX" -f cv -t bibtex <cv.tex >"$tmp/out" 2>"$tmp/err"
same "from standard input the files are taken from the current directory" cv.out.bibtex "$tmp/out"
printf '\\documentclass{article}\n\\begin{document}\n\\input{/dev/null}\n\\end{document}\n' >"$tmp/dev.tex"
"$CITEX" -f cv "$tmp/dev.tex" </dev/null >"$tmp/out" 2>"$tmp/err"
expect "a device is no file a CV inputs" grep -q 'input{/dev/null}: cannot read the file' "$tmp/err"
done_checks
