#!/bin/sh
# bench/versus.sh: two or more builds of citex on the same input, runs
# interleaved (A B A B ...) so that a busy machine slows them alike.  Not
# part of make check.
#
#   sh bench/versus.sh OLD NEW [...]       builds to compare (paths)
#   sh bench/versus.sh main=../main/citex plain=build/citex   LABEL=PATH names one
#   RUNS=21 IN=FILE.bib sh bench/versus.sh OLD NEW
#
# Cases as in bench/speed.sh: BibTeX -> CSL-JSON of the file as it is
# ("two passes": big.bib uses crossref and xdata) and of the file with the
# words crossref and xdata respelled ("one pass").  For each build and case
# it prints the fastest and the median CPU time (perf's task-clock), MB/s
# (10^6 bytes of input per CPU second) at both, and the peak RSS (GNU time).
set -u
[ $# -ge 2 ] || { echo "usage: sh bench/versus.sh OLD NEW [...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
IN=${IN:-$here/../../shared/corpora/large-bib/big.bib}
RUNS=${RUNS:-21}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
sed 's/[Cc][Rr][Oo][Ss][Ss][Rr][Ee][Ff]/crossxef/g; s/[Xx][Dd][Aa][Tt][Aa]/xdxta/g' "$IN" >"$d/one.bib"
size=$(stat -c %s "$IN")
awk -v s="$size" -v r="$RUNS" 'BEGIN { printf "input: %.1f MB (%.1f MiB), %d runs of each, interleaved\n", s / 1e6, s / 1048576, r }'
i=0
while [ "$i" -lt "$RUNS" ]; do
	i=$((i + 1))
	n=0
	for a in "$@"; do
		n=$((n + 1))
		b=${a#*=}
		for c in two one; do
			f=$IN
			[ $c = one ] && f=$d/one.bib
			perf stat -x, -o "$d/p" -e task-clock "$b" -q -t csl-json "$f" >/dev/null 2>&1
			awk -F, '$3 == "task-clock" { printf "%.4f\n", $1 / 1000 }' "$d/p" >>"$d/t.$n.$c"
			if [ "$i" -le 3 ]; then
				/usr/bin/time -f '%M' -o "$d/m" "$b" -q -t csl-json "$f" >/dev/null 2>&1
				tail -1 "$d/m" >>"$d/m.$n.$c"
			fi
		done
	done
done
printf '%-40s %-10s %9s %9s %8s %8s %9s\n' build case "best ms" "median ms" "MB/s" "MB/s med" "peak RSS"
n=0
for a in "$@"; do
	n=$((n + 1))
	b=${a%%=*}
	for c in two one; do
		label="two passes"
		[ $c = one ] && label="one pass"
		rss=$(sort -n "$d/m.$n.$c" | tail -1)
		sort -n "$d/t.$n.$c" | awk -v b="$b" -v l="$label" -v s="$size" -v m="$rss" '{ a[NR] = $1 } END {
			t = a[1]; med = a[int((NR + 1) / 2)]
			printf "%-40s %-10s %9.1f %9.1f %8.1f %8.1f %6.1f MB\n", b, l, t * 1000, med * 1000,
			       s / 1e6 / t, s / 1e6 / med, m / 1024 }'
	done
done
