#!/bin/sh
# tests/peers/run.sh - bibutils' ris2xml reads our RIS and gets the same
# items as our CSL-JSON: count, titles, first authors' family names, years
# (items.py).  Skipped when ris2xml (Debian package bibutils) is missing.
# citation-js comes from npm, so it is checked in bench/peers-read.sh.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
command -v ris2xml >/dev/null 2>&1 || { echo "note: ris2xml not installed; skipped"; exit 0; }
tmp=${TMPDIR:-/tmp}/citex-peers.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for in in ../cases/*.bib ../ris/*.ris ../csljson/*.json; do
	n=$(basename "$in")
	"$CITEX" -q -t csl-json "$in" >"$tmp/ours.json" 2>/dev/null
	"$CITEX" -q -t ris "$in" >"$tmp/ours.ris" 2>/dev/null
	if ris2xml "$tmp/ours.ris" >"$tmp/peer.xml" 2>/dev/null &&
		/usr/bin/python3 items.py "$tmp/ours.json" mods "$tmp/peer.xml" >"$tmp/diff"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $n: ris2xml reads our RIS differently"
		head -5 "$tmp/diff"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
