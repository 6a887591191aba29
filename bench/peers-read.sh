#!/bin/sh
# bench/peers-read.sh - citation-js (npm, so not in make check) reads our
# CSL-JSON and our RIS for every test input and must get the same items as
# our CSL-JSON: count, titles, first authors' family names, years
# (tests/checks/lib/items.py).  Needs node and citation-js in /opt/citex-peers
# (npm install --prefix /opt/citex-peers citation-js).
cd "$(dirname "$0")/.." || exit 2
CITEX=${CITEX:-./citex}
export NODE_PATH=${NODE_PATH:-/opt/citex-peers/node_modules}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for in in tests/cases/bibtex/*.bib tests/cases/ris/*.ris tests/cases/csljson/*.json; do
	n=$(basename "$in")
	"$CITEX" -q -t csl-json "$in" >"$tmp/ours.json" 2>/dev/null
	"$CITEX" -q -t ris "$in" >"$tmp/ours.ris" 2>/dev/null
	for fmt in csl ris; do
		src=$tmp/ours.json
		[ $fmt = ris ] && src=$tmp/ours.ris
		if node bench/peers-read.js $fmt "$src" >"$tmp/peer.json" 2>"$tmp/err" &&
			/usr/bin/python3 tests/checks/lib/items.py "$tmp/ours.json" csl "$tmp/peer.json" >"$tmp/diff"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $n: citation-js reads our $fmt differently"
			head -4 "$tmp/diff" "$tmp/err" | grep -v '^==' | head -4
		fi
	done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
