#!/bin/sh
# tests/csl/compare.sh [-v] FMT ITEMS.json STYLE...: render ITEMS (CSL-JSON)
# with citex and with citeproc-js (npm citeproc, NODE_PATH) in each style
# and print, per style, how many bibliography entries are identical.
# -v shows the first differing entries.
set -u
verbose=0
[ "$1" = -v ] && { verbose=1; shift; }
fmt=$1; items=$2; shift 2
T=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$T/../.." && pwd)
CITEX=${CITEX:-$ROOT/citex}
LOC=${LOCALES:-$ROOT/../shared/corpora/csl-locales}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for style in "$@"; do
	name=$(basename "$style" .csl)
	node "$T/citeproc-js.js" "$style" "$items" "$LOC" "$fmt" 2>"$TMP/err" |
		sed 's/^<div class="csl-entry">\(.*\)<\/div>$/\1/' >"$TMP/want" || {
		echo "$name: citeproc-js failed: $(head -c 200 "$TMP/err")"; continue; }
	# each HTML entry as citeproc-js.js writes it: its line breaks and the
	# blanks after them taken out
	"$CITEX" -q -f csl-json -t "$fmt" --style "$style" --locales "$LOC" "$items" |
		if [ "$fmt" = html ]; then
			perl -CSD -0777 -ne 's/^<div class="csl-bib-body">\n//; s/<\/div>\n\z//;
				for (split /^(?=  <div class="csl-entry">)/m) {
					s/\n\s*//g; s/^\s+|\s+$//g;
					s/^<div class="csl-entry">(.*)<\/div>$/$1/s; print "$_\n" if length }'
		else
			cat
		fi >"$TMP/got"
	n=$(wc -l <"$TMP/want")
	# entries are matched as a multiset: the two may order ties differently
	same=$(sort "$TMP/want" >"$TMP/w"; sort "$TMP/got" >"$TMP/g"; comm -12 "$TMP/w" "$TMP/g" | wc -l)
	echo "$name: $same of $n identical"
	if [ $verbose = 1 ]; then
		diff "$TMP/want" "$TMP/got" | head -${DIFFLINES:-12}
	fi
done
