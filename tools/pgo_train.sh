#!/bin/sh
# tools/pgo_train.sh CITEX: the training run of a profile-guided build
# (make PGO=1, the Makefile says more).  CITEX is the instrumented build;
# each run adds to its profile.  The inputs are the test cases' own, so
# the run needs nothing outside the repository: every BibTeX input to
# every output format (most of the weight, as in use), RIS and CSL-JSON
# to BibTeX and CSL-JSON, the seeds as publication lists, and the BibTeX
# inputs rendered through the default style.  Bad inputs among them are
# wanted (the error paths are profiled as rare); exit statuses are not
# looked at, but a crash stops the build.
set -u
citex=$1
root=$(cd "$(dirname "$0")/.." && pwd)
run() {
	"$citex" -q "$@" >/dev/null 2>&1
	[ $? -lt 128 ] || { echo "citex: pgo_train.sh: $citex $* crashed" >&2; exit 1; }
}
bibs=$(find "$root/tests/cases" "$root/seeds" -name '*.bib' | sort)
for f in $bibs; do
	for t in csl-json bibtex biblatex ris; do
		run -t "$t" "$f"
	done
done
# One run over them all, as a batch conversion reads them.
run -t csl-json $bibs
for f in $(find "$root/tests/cases" -name '*.ris' -o -name '*.json' | sort); do
	for t in csl-json bibtex; do
		run -t "$t" "$f"
	done
done
run -f cv -t bibtex "$root"/seeds/*
# Entries shaped as large bibliographies are (tools/pgo_corpus.awk): the
# most bytes of the run, so that the reader's branches are weighed as on
# real files, not as on the cases' small and odd inputs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v n=3000 -f "$root/tools/pgo_corpus.awk" "$root/styles/venues.tsv" "$root/README.md" >"$tmp/corpus.bib" ||
	{ echo "citex: pgo_train.sh: tools/pgo_corpus.awk failed" >&2; exit 1; }
for t in csl-json csl-json bibtex ris; do
	run -t "$t" "$tmp/corpus.bib"
done
for f in $(find "$root/tests/cases/csl" -name '*.bib' | sort); do
	run -t text "$f"
	run -t html "$f"
done
exit 0
