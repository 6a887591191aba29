#!/bin/sh
# bench/refs.sh [BASELINE]: references a second of the labeller, model load
# included, on the full anystyle set (core, good, bad, ugly and gold: every
# sequence as one plain reference a line), one core.  Each run is a fresh
# process, so opening the model counts.  Runs are interleaved with BASELINE
# (another citex, e.g. the previous build reading the same lines with -f cv)
# when given; prints the best and the median of RUNS (default 7) runs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
BASE=${1:-}
RUNS=${RUNS:-7}
P=${REFS_TRAIN:-$here/../../shared/corpora/refs-train/anystyle/res/parser}
[ -d "$P" ] || { echo "skip refs bench: $P not found"; exit 0; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
/usr/bin/python3 - "$P" "$d/refs.txt" <<'PY'
import sys, xml.etree.ElementTree as ET
out = open(sys.argv[2], "w")
for f in ("core", "good", "bad", "ugly", "gold"):
    for s in ET.parse("%s/%s.xml" % (sys.argv[1], f)).getroot().iter("sequence"):
        out.write(" ".join(" ".join("".join(e.itertext()).split()) for e in s) + "\n")
PY
n=$(wc -l <"$d/refs.txt")
one() { # one BINARY FORMAT: wall seconds of one run
	s=$(date +%s.%N)
	taskset -c 0 "$1" -q -f "$2" -t csl-json "$d/refs.txt" >/dev/null 2>&1
	e=$(date +%s.%N)
	echo "$e - $s" | bc -l
}
: >"$d/new"
: >"$d/base"
i=0
while [ $i -lt "$RUNS" ]; do
	one "$CITEX" refs >>"$d/new"
	[ -n "$BASE" ] && one "$BASE" cv >>"$d/base"
	i=$((i + 1))
done
report() { # report NAME FILE
	sort -n "$2" | awk -v n="$n" -v name="$1" '{ t[NR] = $1 } END {
		m = t[int((NR + 1) / 2)]
		printf "%s: %d references, best %.3f s (%.0f refs/s), median %.3f s (%.0f refs/s)\n",
		       name, n, t[1], n / t[1], m, n / m }'
}
report "citex -f refs" "$d/new"
[ -n "$BASE" ] && report "baseline -f cv" "$d/base"
exit 0
