#!/bin/sh
# bench/run.sh: throughput and peak memory of citex and its peers on the
# same input, in the same run.  Not part of make check.
#
#   sh bench/run.sh [FILE.bib]      default: ../shared/corpora/large-bib/big.bib
#
# For each tool and target it prints wall time in milliseconds (best of 5;
# a peer slower than 5 s runs once), the input's MB (10^6 bytes) and MiB
# per second, and peak RSS (GNU time's %M).  The time is taken around GNU
# time and the shell that runs the command, so it includes their start-up.  Peers that are not
# installed are skipped: bibtool, bibutils (bib2xml | xml2ris), pandoc from
# Debian; citation-js and bibtex-tidy from npm (set PEERS to the npm prefix;
# default /opt/citex-peers).  Memory flatness: citex runs again on 2x and 4x
# concatenations of the input.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
IN=${1:-$here/../../shared/corpora/large-bib/big.bib}
PEERS=${PEERS:-/opt/citex-peers}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
size=$(stat -c %s "$IN")
mb=$(awk -v s="$size" 'BEGIN { printf "%.1f MB, %.1f MiB", s / 1e6, s / 1048576 }')
echo "input: $IN ($mb)"
printf '%-34s %9s %9s %9s %10s\n' tool seconds MB/s MiB/s "peak RSS"

measure() { # measure LABEL CMD (a shell command reading $IN)
	label=$1
	cmd=$2
	best=
	rss=
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M %x' -o "$d/t" sh -c "$cmd" >"$d/out" 2>"$d/err"
		t1=$(date +%s%N)
		set -- $(tail -1 "$d/t")
		# A peer that rejects the input has no speed to report.
		if [ ! -s "$d/out" ] || { [ "$2" != 0 ] && [ "$2" != 1 ]; }; then
			printf '%-34s %s\n' "$label" "FAILED (exit $2): $(grep -m1 -v '^$' "$d/err" | cut -c1-60)"
			return
		fi
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
		m=$1
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
		rss=$m
		# Slow peers run once.
		awk -v a="$t" 'BEGIN { exit !(a > 5) }' && break
	done
	awk -v l="$label" -v t="$best" -v s="$size" -v m="$rss" 'BEGIN {
		mbs = (t > 0) ? s / 1e6 / t : 0
		mibs = (t > 0) ? s / 1048576 / t : 0
		printf "%-34s %9.3f %9.1f %9.1f %8.1f MB\n", l, t, mbs, mibs, m / 1024 }'
}

measure "citex bib -> csl-json" "'$CITEX' -q -t csl-json '$IN'"
measure "citex bib -> bibtex" "'$CITEX' -q -t bibtex '$IN'"
measure "citex bib -> ris" "'$CITEX' -q -t ris '$IN'"
measure "citex bib -> biblatex" "'$CITEX' -q -t biblatex '$IN'"
command -v bibtool >/dev/null && measure "bibtool (bib -> bib)" "bibtool -q '$IN'"
command -v bib2xml >/dev/null && measure "bibutils bib2xml | xml2ris" "bib2xml '$IN' 2>/dev/null | xml2ris"
command -v pandoc >/dev/null && measure "pandoc bib -> csljson" "pandoc -f bibtex -t csljson '$IN'"
if [ -x "$PEERS/node_modules/.bin/citation-js" ]; then
	measure "citation-js bib -> csl-json" "'$PEERS/node_modules/.bin/citation-js' -i '$IN' -f string -s data"
fi
if [ -x "$PEERS/node_modules/.bin/bibtex-tidy" ]; then
	# Given a file name, bibtex-tidy 1.14 reports "tidied 0 entries"; it reads stdin.
	measure "bibtex-tidy (bib -> bib)" "'$PEERS/node_modules/.bin/bibtex-tidy' --v2 <'$IN'"
fi

echo
echo "memory flatness (citex bib -> csl-json):"
cat "$IN" "$IN" >"$d/x2.bib"
cat "$d/x2.bib" "$d/x2.bib" >"$d/x4.bib"
IN2=$IN
for f in "$IN2" "$d/x2.bib" "$d/x4.bib"; do
	s=$(stat -c %s "$f")
	/usr/bin/time -f '%e %M' -o "$d/t" "$CITEX" -q -t csl-json "$f" >/dev/null 2>&1
	set -- $(tail -1 "$d/t")
	awk -v s="$s" -v t="$1" -v m="$2" 'BEGIN { printf "  %7.1f MB input: %6.2f s, peak RSS %6.1f MB\n", s / 1e6, t, m / 1024 }'
done
