#!/bin/sh
# checks/peers.sh - bibutils' ris2xml reads our RIS and gets the same items
# as our CSL-JSON: count, titles, first authors' family names, years
# (lib/items.py), for the inputs of tests/cases/bibtex, ris and csljson.
# Skipped when ris2xml (Debian package bibutils) is missing.  citation-js
# comes from npm, so it is checked in bench/peers-read.sh.
. "$(dirname "$0")/lib/common.sh"
if ! have ris2xml || [ -z "$PY" ]; then
	skip "ris2xml reads our RIS" "ris2xml (bibutils) is not installed"
	exit 0
fi
for in in "$CASES"/bibtex/*.bib "$CASES"/ris/*.ris "$CASES"/csljson/*.json; do
	n=$(basename "$in")
	"$CITEX" -q -t csl-json "$in" >"$tmp/ours.json" 2>/dev/null
	"$CITEX" -q -t ris "$in" >"$tmp/ours.ris" 2>/dev/null
	if ris2xml "$tmp/ours.ris" >"$tmp/peer.xml" 2>/dev/null &&
		$PY lib/items.py "$tmp/ours.json" mods "$tmp/peer.xml" >"$tmp/diff"; then
		ok "$n: ris2xml reads our RIS as we do"
	else
		fail "$n: ris2xml reads our RIS differently" "$tmp/diff"
	fi
done
done_checks
