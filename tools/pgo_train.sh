#!/bin/sh
# tools/pgo_train.sh CITEX LIST: the training run of a profile-guided build
# (make release; the Makefile says more).  CITEX is the instrumented build;
# each run adds to its profile.  LIST names every file the run reads, one
# "ROLE FILE" line each (the Makefile writes it from PGO_INPUTS and makes
# the profile depend on it and on every file in it), so nothing else, and
# nothing outside the repository, shapes the profile:
#   bib FILE     BibTeX, to every writer (most of the weight, as in use),
#                and all of them in one batch run
#   data FILE    RIS or CSL-JSON, to BibTeX and CSL-JSON
#   csl FILE     BibTeX, through the default style to text and HTML
#   cv FILE      a publication list, all of them in one run
#   words FILE   text that tools/pgo_corpus.awk takes words and sentences from
#   venues FILE  the venue table, for the corpus's journals and conferences
# Bad inputs among them are wanted (the error paths are profiled as rare);
# exit statuses are not looked at, but a crash stops the build.
set -u
citex=$1
list=$2
run() {
	"$citex" -q "$@" >/dev/null 2>&1
	[ $? -lt 128 ] || { echo "citex: pgo_train.sh: $citex $* crashed" >&2; exit 1; }
}
of() { # of ROLE: the files of that role, in the list's order
	awk -v r="$1" '$1 == r { print $2 }' "$list"
}
bibs=$(of bib)
for f in $bibs; do
	for t in csl-json bibtex biblatex ris; do
		run -t "$t" "$f"
	done
done
# One run over them all, as a batch conversion reads them.
run -t csl-json $bibs
for f in $(of data); do
	for t in csl-json bibtex; do
		run -t "$t" "$f"
	done
done
run -f cv -t bibtex $(of cv)
# Entries shaped as large bibliographies are (tools/pgo_corpus.awk): the
# most bytes of the run, so that the reader's branches are weighed as on
# real files, not as on the cases' small and odd inputs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$(cd "$(dirname "$0")/.." && pwd)
awk -v n=3000 -f "$root/tools/pgo_corpus.awk" $(of venues) $(of words) >"$tmp/corpus.bib" ||
	{ echo "citex: pgo_train.sh: tools/pgo_corpus.awk failed" >&2; exit 1; }
for t in csl-json csl-json bibtex ris; do
	run -t "$t" "$tmp/corpus.bib"
done
for f in $(of csl); do
	run -t text "$f"
	run -t html "$f"
done
exit 0
