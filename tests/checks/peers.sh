#!/bin/sh
# checks/peers.sh - bibutils' ris2xml reads our RIS and gets the same items
# as our CSL-JSON: count, titles, first authors' family names, years
# (lib/items.py), for the inputs of tests/cases/bibtex, ris and csljson.
# Skipped when ris2xml (Debian package bibutils) is missing.  citation-js
# comes from npm, so it is checked in bench/peers-read.sh.
. "$(dirname "$0")/lib/common.sh"
# Agreement with the peers' own fixtures (peers/agree.py, peers/jabref.py,
# peers/formats.py): citation-js's plugin-bibtex mapping tests (MIT),
# JabRef's RIS importer tests (MIT), Zotero's import translators' tests
# (AGPL-3.0-or-later), citation-js's refer, enw, cff and hayagriva plugins'
# tests (MIT) and pandoc's EndNote XML test (GPL-2.0-or-later) are in
# tests/data, each with its README or licence; pandoc's biblatex
# tests come from ../shared/corpora.  Each figure must not fall
# below what citex reached; docs/conformance.md gives them and
# docs/decisions.md the reasons for what differs.
# floor NAME FIGURE MIN: FIGURE (a percentage) is at least MIN.
floor() {
	if awk "BEGIN { exit !($2 >= $3) }"; then ok "$1: $2 %"; else fail "$1: $2 %, below $3 %" "$tmp/agree"; fi
}
if [ -n "$PY" ]; then
	$PY peers/agree.py --policy cjs "$CITEX" "$TESTS/data/citation-js" >"$tmp/agree" 2>&1
	floor "citation-js fixtures, policies folded" "$(sed -n '1s/.*(\([0-9.]*\) %).*/\1/p' "$tmp/agree")" 98
	$PY peers/jabref.py --policy "$CITEX" "$TESTS/data/jabref" >"$tmp/agree" 2>&1
	floor "JabRef RIS fixtures" "$(sed -n '1s/.*(\([0-9.]*\) %).*/\1/p' "$tmp/agree")" 76.2
	floor "JabRef RIS fixtures, policies folded" "$(sed -n '2s/.*(\([0-9.]*\) %).*/\1/p' "$tmp/agree")" 95.2
	# The database and tool formats: Zotero's import translators',
	# citation-js's plugins' and pandoc's EndNote tests (peers/formats.py);
	# one floor per format, and one for all.
	$PY peers/formats.py "$CITEX" "$TESTS/data" >"$tmp/agree" 2>&1
	while read -r fmt min; do
		floor "$fmt fixtures" "$(sed -n "s/^$fmt: .*(\([0-9.]*\) %).*/\1/p" "$tmp/agree")" "$min"
	done <<-EOF
		endnote-xml 94
		pubmed-xml 93
		nbib 91
		isi 93
		mods 82
		endnote 89
		cff 94
		hayagriva 92
		all 91
	EOF
	P=$SHARED/corpora/pandoc-biblatex/test/command
	if [ -d "$P" ] && have pandoc; then
		$PY peers/agree.py --policy pandoc "$CITEX" "$P" >"$tmp/agree" 2>&1
		floor "pandoc biblatex fixtures, policies folded" "$(sed -n '1s/.*(\([0-9.]*\) %).*/\1/p' "$tmp/agree")" 98.9
	else
		skip "pandoc biblatex fixtures" "pandoc or ../shared/corpora not found"
	fi
fi
if ! have ris2xml || [ -z "$PY" ]; then
	skip "ris2xml reads our RIS" "ris2xml (bibutils) is not installed"
	done_checks
	exit $?
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
