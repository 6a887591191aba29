#!/bin/sh
# bench/speed.sh: citex's own BibTeX reading speed in CPU time, which other
# jobs on a shared machine disturb far less than wall time.  Not part of
# make check.
#
#   sh bench/speed.sh [FILE.bib]     default: ../shared/corpora/large-bib/big.bib
#   RUNS=21 sh bench/speed.sh        more runs (default 11)
#
# "two passes" is the file as it is: it uses crossref and xdata, so the
# reader reads parents again, holds children back, and (for big.bib's
# missing xdata targets) looks ahead to the end of the file.  "one pass" is
# the same file with the words crossref and xdata spelled differently, so
# it only streams.  The names are those of the earlier rounds.  For each it prints the best and the median CPU seconds, MB/s
# (10^6 bytes) and MiB/s of input per CPU second at the best, and the peak
# RSS.  CPU time is perf's task-clock (to the microsecond) where perf runs,
# else GNU time's user + sys (to 10 ms).
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
IN=${1:-$here/../../shared/corpora/large-bib/big.bib}
RUNS=${RUNS:-11}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
sed 's/[Cc][Rr][Oo][Ss][Ss][Rr][Ee][Ff]/crossxef/g; s/[Xx][Dd][Aa][Tt][Aa]/xdxta/g' "$IN" >"$d/one.bib"
size=$(stat -c %s "$IN")
awk -v s="$size" 'BEGIN { printf "input: %.1f MB (%.1f MiB), '"$RUNS"' runs each\n", s / 1e6, s / 1048576 }'
printf '%-28s %8s %8s %8s %8s %10s\n' case "best s" "median s" "MB/s" "MiB/s" "peak RSS"
perf stat -x, -e task-clock true >/dev/null 2>&1 && use_perf=1 || use_perf=0

measure() { # measure LABEL FILE TARGET
	: >"$d/times"
	rss=0
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		i=$((i + 1))
		if [ "$use_perf" = 1 ]; then
			perf stat -x, -o "$d/p" -e task-clock "$CITEX" -q -t "$3" "$2" >/dev/null 2>&1
			awk -F, '$3 == "task-clock" { printf "%.4f\n", $1 / 1000 }' "$d/p" >>"$d/times"
		fi
		/usr/bin/time -f '%U %S %M' -o "$d/t" "$CITEX" -q -t "$3" "$2" >/dev/null 2>&1
		set -- "$1" "$2" "$3" $(tail -1 "$d/t")
		[ "$use_perf" = 1 ] || awk -v u="$4" -v s="$5" 'BEGIN { printf "%.2f\n", u + s }' >>"$d/times"
		[ "$6" -gt "$rss" ] && rss=$6
	done
	sort -n "$d/times" | awk -v l="$1" -v s="$size" -v m="$rss" '{ a[NR] = $1 } END {
		t = a[1]; med = a[int((NR + 1) / 2)]
		printf "%-28s %8.3f %8.3f %8.1f %8.1f %7.1f MB\n", l, t, med,
		       (t > 0 ? s / 1e6 / t : 0), (t > 0 ? s / 1048576 / t : 0), m / 1024 }'
}

for t in csl-json bibtex; do
	measure "bib -> $t, two passes" "$IN" "$t"
	measure "bib -> $t, one pass" "$d/one.bib" "$t"
done
