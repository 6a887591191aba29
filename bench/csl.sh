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
# (GNU time's %M).  The second table is style loading alone: an empty
# bibliography in the largest styles.  citeproc-js is looked up through
# NODE_PATH (default /work/node/node_modules); a missing peer is skipped.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
SHARED=${SHARED:-$here/../../shared}
N=${1:-5000}
ROUNDS=${ROUNDS:-3}
STYLES=$SHARED/corpora/csl-styles
LOC=$SHARED/corpora/csl-locales
export NODE_PATH=${NODE_PATH:-/work/node/node_modules}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

awk -v n="$N" 'BEGIN { RS = "\n@" } NR > 1 && k < n { print "@" $0; k++ }' \
	"$SHARED/corpora/large-bib/big.bib" >"$d/in.bib"
"$CITEX" -q -t csl-json "$d/in.bib" >"$d/items.json" 2>/dev/null
items=$(grep -c '^  {' "$d/items.json")
printf -- '---\nnocite: "[@*]"\n---\n' >"$d/doc.md"
echo "input: $items CSL-JSON items from big.bib; style: APA ($STYLES/apa.csl)"

run() { # run LABEL CMD: one timed run; appends "ms rss" to $d/LABEL
	/usr/bin/time -f '%e %M %x' -o "$d/t" sh -c "$2" >"$d/out" 2>"$d/err"
	set -- "$1" $(tail -1 "$d/t")
	if [ "$4" != 0 ]; then
		echo "$1 FAILED (exit $4): $(head -c 120 "$d/err")" >&2
		echo "fail" >>"$d/$1"
		return
	fi
	echo "$2 $3" >>"$d/$1"
}

report() { # report LABEL
	[ -f "$d/$1" ] || return
	if grep -q fail "$d/$1"; then printf '%-28s %s\n' "$1" failed; return; fi
	sort -n "$d/$1" | awk -v l="$1" '{ t[NR] = $1; r[NR] = $2 }
		END { m = t[int((NR + 1) / 2)]; rss = 0; for (i = 1; i <= NR; i++) if (r[i] > rss) rss = r[i]
		      printf "%-28s %9.2f %9.2f %9.1f\n", l, t[1], m, rss / 1024 }'
}

have_pandoc=0; command -v pandoc >/dev/null && have_pandoc=1
have_js=0; node -e 'require("citeproc")' 2>/dev/null && have_js=1
for r in $(seq "$ROUNDS"); do
	run citex "'$CITEX' -q -f csl-json -t html --style '$STYLES/apa.csl' --locales '$LOC' '$d/items.json'"
	[ $have_pandoc = 1 ] && run pandoc "pandoc --citeproc --csl '$STYLES/apa.csl' --bibliography '$d/items.json' -t html '$d/doc.md'"
	[ $have_js = 1 ] && run citeproc-js "node '$here/csl-bib.js' '$STYLES/apa.csl' '$d/items.json' '$LOC'"
done
printf '%-28s %9s %9s %9s\n' "5,000 entries, APA" "best s" "median s" "peak MiB"
for l in citex pandoc citeproc-js; do report $l; done

echo
printf '%-28s %9s %9s %9s\n' "style loading (no entries)" "best s" "median s" "peak MiB"
echo '[]' >"$d/empty.json"
for style in chicago-notes-bibliography chicago-author-date apa; do
	s=$STYLES/$style.csl
	rm -f "$d/citex-$style" "$d/pandoc-$style" "$d/citeproc-js-$style"
	for r in $(seq "$ROUNDS"); do
		run "citex-$style" "'$CITEX' -q -f csl-json -t html --style '$s' --locales '$LOC' '$d/empty.json'"
		[ $have_pandoc = 1 ] && run "pandoc-$style" "pandoc --citeproc --csl '$s' --bibliography '$d/empty.json' -t html '$d/doc.md'"
		[ $have_js = 1 ] && run "citeproc-js-$style" "node '$here/csl-bib.js' '$s' - '$LOC'"
	done
	for l in citex pandoc citeproc-js; do report "$l-$style"; done
done
