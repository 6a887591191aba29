#!/bin/sh
# bench/batch.sh: batch conversion of a whole corpus in one command, with
# -j 1 and -j 2 (or -j N as given) in the same run.  Not part of make check.
#
#   sh bench/batch.sh [N]
#
# Input: every .bib of ../shared/corpora/bibtex-tidy (238 files) and
# large-bib (17 files, with big.bib), each converted to its own CSL-JSON file
# in a fresh directory.  Prints wall time (best of 3), CPU time, the peak RSS
# of the largest process, and checks that -j N wrote the same files as -j 1.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
C=$here/../../shared/corpora
N=${1:-2}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
find "$C/bibtex-tidy" "$C/large-bib" -name '*.bib' | sort >"$d/list"
files=$(wc -l <"$d/list")
bytes=$(xargs stat -c %s <"$d/list" | awk '{ s += $1 } END { print s }')
mb=$(awk -v s="$bytes" 'BEGIN { printf "%.1f", s / 1048576 }')
echo "input: $files files, $mb MB"
printf '%-22s %9s %9s %9s %10s\n' run wall CPU MB/s "peak RSS"
for j in 1 "$N"; do
	best=
	for i in 1 2 3; do
		rm -rf "$d/out$j"
		/usr/bin/time -f '%e %U %S %M' -o "$d/t" \
			xargs "$CITEX" -q -j "$j" -t csl-json -o "$d/out$j/" <"$d/list" 2>"$d/err$j"
		set -- $(tail -1 "$d/t")
		if [ -z "$best" ] || awk -v a="$1" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$1 cpu=$(awk -v u="$2" -v s="$3" 'BEGIN { print u + s }') rss=$4
		fi
	done
	awk -v l="citex -j $j" -v t="$best" -v c="$cpu" -v s="$bytes" -v m="$rss" 'BEGIN {
		printf "%-22s %8.2fs %8.2fs %9.1f %7.1f MB\n", l, t, c, s / 1048576 / t, m / 1024 }'
done
echo "outputs: $(ls "$d/out1" | wc -l) files; -j $N wrote the same: $(diff -rq "$d/out1" "$d/out$N" >/dev/null && echo yes || echo NO)"
