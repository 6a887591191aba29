#!/bin/sh
# bench/speed.sh: citex's own BibTeX reading speed in CPU time, which other
# jobs on a shared machine disturb far less than wall time.  Not part of
# make check.
#
#   sh bench/speed.sh [FILE.bib]     default: ../shared/corpora/large-bib/big.bib
#   RUNS=9 sh bench/speed.sh         more runs (default 5; the best is kept)
#
# "two passes" is the file as it is: it uses crossref, so the reader first
# collects the referenced parents and then streams.  "one pass" is the same
# file with the words crossref and xdata spelled differently, so it streams
# at once.  For each it prints the best user+sys CPU seconds, MB/s of input
# per CPU second, and the peak RSS of that run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
IN=${1:-$here/../../shared/corpora/large-bib/big.bib}
RUNS=${RUNS:-5}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
sed 's/[Cc][Rr][Oo][Ss][Ss][Rr][Ee][Ff]/crossxef/g; s/[Xx][Dd][Aa][Tt][Aa]/xdxta/g' "$IN" >"$d/one.bib"
size=$(stat -c %s "$IN")
awk -v s="$size" 'BEGIN { printf "input: %.1f MB, best of '"$RUNS"' runs\n", s / 1048576 }'
printf '%-28s %8s %8s %10s\n' case "CPU s" "MB/s" "peak RSS"

measure() { # measure LABEL FILE TARGET
	best=
	rss=
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		i=$((i + 1))
		/usr/bin/time -f '%U %S %M' -o "$d/t" "$CITEX" -q -t "$3" "$2" >/dev/null 2>&1
		set -- "$1" "$2" "$3" $(tail -1 "$d/t")
		cpu=$(awk -v u="$4" -v s="$5" 'BEGIN { printf "%.2f", u + s }')
		if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$cpu
			rss=$6
		fi
	done
	awk -v l="$1" -v t="$best" -v s="$size" -v m="$rss" 'BEGIN {
		printf "%-28s %8.2f %8.1f %7.1f MB\n", l, t, (t > 0 ? s / 1048576 / t : 0), m / 1024 }'
}

for t in csl-json bibtex; do
	measure "bib -> $t, two passes" "$IN" "$t"
	measure "bib -> $t, one pass" "$d/one.bib" "$t"
done
