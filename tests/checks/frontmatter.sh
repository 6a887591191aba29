#!/bin/sh
# checks/frontmatter.sh - a static site's publication page (YAML front
# matter) with the cite.bib its generator keeps beside it: the BibTeX
# record is the entry, and the reader says where it read it; the same
# page alone gives the entry its front matter describes, the owner's
# user name an "[owner]" slot with a warning.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/cv/front-bib" || exit 2

"$CITEX" -t bibtex index.md >"$tmp/out" 2>"$tmp/err"
same "cite.bib beside the page is its entry" index.out.bibtex "$tmp/out"
expect "cite.bib read with a note" grep -q "note: the publication.s BibTeX read from cite.bib" "$tmp/err"

mkdir "$tmp/alone" && cp index.md "$tmp/alone/"
(cd "$tmp/alone" && "$CITEX" -t bibtex index.md) >"$tmp/out" 2>"$tmp/err"
same "the page alone: its front matter" alone.out.bibtex "$tmp/out"
expect "the user name is the unknown owner" grep -q "give --owner" "$tmp/err"
done_checks
