#!/bin/sh
# bench/builds.sh [REV]: citex against itself, in one run: this tree's
# plain build (make: build/citex), its profile-guided build (make release:
# build/release/citex), and the default build of REV (default HEAD~1: the
# previous commit), exported with git archive into a scratch folder and
# built there with its own Makefile.  Each is built first if it is out of
# date; ./citex is left as it is.  The runs are bench/versus.sh's: big.bib
# to CSL-JSON with and without crossref, interleaved, CPU time by perf's
# task-clock.  Not part of make check.
#
#   sh bench/builds.sh                 this tree and its previous commit
#   sh bench/builds.sh main            this tree and main
#   RUNS=21 IN=FILE.bib sh bench/builds.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
rev=${1:-HEAD~1}
name=$(git -C "$root" rev-parse --short "$rev")
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
echo "building: this tree (plain, release), $rev ($name, its default build)" >&2
make -C "$root" --no-print-directory -j2 build/citex >"$d/plain.log" 2>&1 ||
	{ tail -20 "$d/plain.log" >&2; exit 1; }
make -C "$root" --no-print-directory -j2 PGO=1 build/release/citex >"$d/release.log" 2>&1 ||
	{ tail -20 "$d/release.log" >&2; exit 1; }
mkdir "$d/rev"
git -C "$root" archive "$rev" | tar -x -C "$d/rev"
make -C "$d/rev" --no-print-directory -j2 citex >"$d/rev.log" 2>&1 ||
	{ tail -20 "$d/rev.log" >&2; exit 1; }
uname -srm
grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: /cpu: /' || true
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
sh "$here/versus.sh" "plain=$root/build/citex" "release=$root/build/release/citex" "$name=$d/rev/citex"
