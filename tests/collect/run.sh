#!/bin/sh
# tests/collect/run.sh - the crossref collection pass.
#
# A file that uses crossref is read twice: a byte scanner passes over the
# entries nobody refers to and the parser reads the rest.  The same bytes on
# a pipe are read once, every entry by the parser, and kept from the first
# child on: each file starts with a child of every entry, so both ways must
# give the same entries and the same errors: irregular*.bib put lost braces, open
# quotes, @comment blocks, '%' lines, '@' inside values and Latin-1 keys
# around the parents; leak.bib ends with a broken entry and starts with a
# stray comment, which the second pass must still keep.
set -u
CITEX=${CITEX:-./citex}
T=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
for f in "$T"/*.bib; do
	name=$(basename "$f")
	for t in bibtex biblatex csl-json; do
		(cd "$T" && "$CITEX" -t $t "$name" >"$TMP/file" 2>"$TMP/file.err"; echo "status $?" >>"$TMP/file")
		cat "$f" | "$CITEX" -f bibtex -t $t >"$TMP/pipe" 2>"$TMP/pipe.err"
		echo "status $?" >>"$TMP/pipe"
		# The errors, in any order: a pipe and a file do not warn alike
		# about crossref targets that are missing.
		grep ': error: ' "$TMP/file.err" | sort >"$TMP/file.sorted"
		sed "s#^<stdin>:#$name:#" "$TMP/pipe.err" | grep ': error: ' | sort >"$TMP/pipe.sorted"
		if cmp -s "$TMP/file" "$TMP/pipe" && cmp -s "$TMP/file.sorted" "$TMP/pipe.sorted"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL collect: $name -> $t: file and pipe differ"
			diff "$TMP/file" "$TMP/pipe" | head -5
			diff "$TMP/file.sorted" "$TMP/pipe.sorted" | head -5
		fi
	done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
