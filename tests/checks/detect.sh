#!/bin/sh
# checks/detect.sh - the database and tool formats are found by content as
# well as by name.  Every input of their cases (tests/cases/FORMAT) is
# read from a pipe, with no name to go by, as -f FORMAT reads it, and
# from its file as -f FORMAT reads that (the extension names the format,
# or .xml, .yaml, .txt and .md leave it to the content).  What citex
# writes as CSL-YAML, Hayagriva and MODS is found again in a pipe too.
# Each comparison holds the CSL-JSON and the diagnostics.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES" || exit 2

# conv OUT ARGS...: CSL-JSON and diagnostics of citex ARGS.
conv() {
	out=$1
	shift
	"$CITEX" -t csl-json "$@" >"$out" 2>&1
	echo "exit $?" >>"$out"
}

for fmt in endnote-xml pubmed-xml nbib isi mods endnote cff csl-yaml hayagriva; do
	n=0 bad=0
	: >"$tmp/bad"
	for f in "$fmt"/*; do
		case $f in *.err | *.out.* | *.args) continue ;; esac
		n=$((n + 1))
		conv "$tmp/forced" -f "$fmt" <"$f"
		conv "$tmp/auto" <"$f"
		if ! cmp -s "$tmp/forced" "$tmp/auto"; then
			bad=$((bad + 1))
			echo "$f from a pipe: $(head -1 "$tmp/auto")" >>"$tmp/bad"
		fi
		conv "$tmp/forced" -f "$fmt" "$f"
		conv "$tmp/auto" "$f"
		if ! cmp -s "$tmp/forced" "$tmp/auto"; then
			bad=$((bad + 1))
			echo "$f by its name: $(head -1 "$tmp/auto")" >>"$tmp/bad"
		fi
	done
	if [ "$n" -eq 0 ]; then
		fail "$fmt: no case inputs"
	elif [ "$bad" -eq 0 ]; then
		ok "$fmt: $n inputs found from a pipe and by name"
	else
		fail "$fmt: $bad of $((2 * n)) readings not found as $fmt" "$tmp/bad"
	fi
done

# What citex writes in the YAML and MODS formats is read back by content.
for to in csl-yaml hayagriva mods; do
	n=0 bad=0
	: >"$tmp/bad"
	for f in bibtex/latex.bib csljson/dates.json ris/zotero.ris pubmed-xml/book.xml; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		"$CITEX" -q -t "$to" "$f" >"$tmp/w" 2>/dev/null
		conv "$tmp/forced" -f "$to" <"$tmp/w"
		conv "$tmp/auto" <"$tmp/w"
		if ! cmp -s "$tmp/forced" "$tmp/auto"; then
			bad=$((bad + 1))
			echo "$f as $to: $(head -1 "$tmp/auto")" >>"$tmp/bad"
		fi
	done
	if [ "$bad" -eq 0 ]; then ok "$to output of $n inputs found as $to from a pipe"; else
		fail "$to output found as $to from a pipe ($bad of $n not)" "$tmp/bad"
	fi
done
done_checks
