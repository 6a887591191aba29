#!/bin/sh
# bench/csl.sh: formatted bibliographies, citex against pandoc (citeproc,
# Haskell) and citeproc-js (npm citeproc), in the same run.  Not part of
# make check.
#
#   sh bench/csl.sh [N]     N entries (default 5000) from big.bib, in APA
#
# The entries are first written as CSL-JSON by citex, so that all three
# read the same items; then each makes the whole HTML bibliography.  Runs
# are interleaved (citex, pandoc, citeproc-js, repeated ROUNDS times, 3 by
# default) and the best and median wall times are reported, with peak RSS
# (GNU time's %M), and the CPU time (perf's task-clock, or user + system
# where perf does not run), which other load on the machine disturbs less.  The second table is style loading alone: an empty
# bibliography in the largest styles.  citeproc-js is looked up through
# NODE_PATH (default /work/node/node_modules); a missing peer is skipped.
# BEFORE=PATH adds a previous citex build to the same interleaved runs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
BEFORE=${BEFORE:-}
SHARED=${SHARED:-$here/../../shared}
N=${1:-5000}
ROUNDS=${ROUNDS:-3}
STYLES=$SHARED/corpora/csl-styles
LOC=$SHARED/corpora/csl-locales
export NODE_PATH=${NODE_PATH:-/work/node/node_modules}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# big.bib's records, as many as give N items (strings and crossref
# parents are no items), then exactly N of them
awk -v n="$((N * 2))" 'BEGIN { RS = "\n@" } NR > 1 && k < n { print "@" $0; k++ }' \
	"$SHARED/corpora/large-bib/big.bib" >"$d/in.bib"
"$CITEX" -q -t csl-json "$d/in.bib" 2>/dev/null |
	python3 -c "import json, sys; json.dump(json.load(sys.stdin)[:$N], sys.stdout)" >"$d/items.json"
items=$(python3 -c "import json; print(len(json.load(open('$d/items.json'))))")
printf -- '---\nnocite: "[@*]"\n---\n' >"$d/doc.md"
echo "input: $items CSL-JSON items from big.bib; style: APA ($STYLES/apa.csl)"

# CPU time is perf's task-clock (to the microsecond) where perf runs, and
# GNU time's user + system time (to 10 ms) elsewhere.
have_perf=0; perf stat -x, -e task-clock -o /dev/null true 2>/dev/null && have_perf=1
run() { # run LABEL CMD: one timed run; appends "wall cpu rss" to $d/LABEL
	if [ $have_perf = 1 ]; then
		perf stat -x, -e task-clock -o "$d/p" \
			/usr/bin/time -f '%e %U %S %M %x' -o "$d/t" sh -c "$2" >"$d/out" 2>"$d/err"
	else
		/usr/bin/time -f '%e %U %S %M %x' -o "$d/t" sh -c "$2" >"$d/out" 2>"$d/err"
	fi
	set -- "$1" $(tail -1 "$d/t")
	if [ "$6" != 0 ]; then
		echo "$1 FAILED (exit $6): $(head -c 120 "$d/err")" >&2
		echo "fail" >>"$d/$1"
		return
	fi
	cpu=$(echo "$3 + $4" | bc)
	[ $have_perf = 1 ] && cpu=$(awk -F, '/task-clock/ { printf "%.4f", $1 / 1000 }' "$d/p")
	echo "$2 $cpu $5" >>"$d/$1"
}

report() { # report LABEL: best and median of wall and CPU time, peak RSS
	[ -f "$d/$1" ] || return
	if grep -q fail "$d/$1"; then printf '%-28s %s\n' "$1" failed; return; fi
	w=$(cut -d' ' -f1 "$d/$1" | sort -n | awk '{ t[NR] = $1 } END { print t[1], t[int((NR + 1) / 2)] }')
	c=$(cut -d' ' -f2 "$d/$1" | sort -n | awk '{ t[NR] = $1 } END { print t[1], t[int((NR + 1) / 2)] }')
	m=$(cut -d' ' -f3 "$d/$1" | sort -n | tail -1)
	printf '%-28s %9.2f %9.2f %9.3f %9.3f %9.1f\n' "$1" $w $c "$(echo "$m / 1024" | bc -l)"
}

have_pandoc=0; command -v pandoc >/dev/null && have_pandoc=1
have_js=0; node -e 'require("citeproc")' 2>/dev/null && have_js=1
for r in $(seq "$ROUNDS"); do
	run citex "'$CITEX' -q -f csl-json -t html --style '$STYLES/apa.csl' --locales '$LOC' '$d/items.json'"
	[ -n "$BEFORE" ] && run citex-before "'$BEFORE' -q -f csl-json -t html --style '$STYLES/apa.csl' --locales '$LOC' '$d/items.json'"
	[ $have_pandoc = 1 ] && run pandoc "pandoc --citeproc --csl '$STYLES/apa.csl' --bibliography '$d/items.json' -t html '$d/doc.md'"
	[ $have_js = 1 ] && run citeproc-js "CSL_WHOLE=1 node '$here/../tests/csl/citeproc-js.js' '$STYLES/apa.csl' '$d/items.json' '$LOC' html"
done
printf '%-28s %9s %9s %9s %9s %9s\n' "$N entries, APA" "wall best" "median" "CPU best" "median" "peak MiB"
for l in citex citex-before pandoc citeproc-js; do report $l; done

echo
printf '%-28s %9s %9s %9s %9s %9s\n' "style loading (no entries)" "wall best" "median" "CPU best" "median" "peak MiB"
echo '[]' >"$d/empty.json"
for style in chicago-notes-bibliography chicago-author-date apa; do
	s=$STYLES/$style.csl
	rm -f "$d/citex-$style" "$d/pandoc-$style" "$d/citeproc-js-$style"
	for r in $(seq "$ROUNDS"); do
		run "citex-$style" "'$CITEX' -q -f csl-json -t html --style '$s' --locales '$LOC' '$d/empty.json'"
		[ $have_pandoc = 1 ] && run "pandoc-$style" "pandoc --citeproc --csl '$s' --bibliography '$d/empty.json' -t html '$d/doc.md'"
		[ $have_js = 1 ] && run "citeproc-js-$style" "node '$here/../tests/csl/citeproc-js.js' '$s' - '$LOC'"
	done
	for l in citex pandoc citeproc-js; do report "$l-$style"; done
done
