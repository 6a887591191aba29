#!/bin/sh
# checks/collect.sh - the crossref collection pass.
#
# A file that uses crossref is read twice: a byte scanner passes over the
# entries nobody refers to and the parser reads the rest.  The same bytes on
# a pipe are read once, every entry by the parser, and kept from the first
# child on: each file starts with a child of every entry, so both ways must
# give the same entries and the same errors: irregular*.bib put lost braces, open
# quotes, @comment blocks, '%' lines, '@' inside values and Latin-1 keys
# around the parents; leak.bib ends with a broken entry and starts with a
# stray comment, which the second pass must still keep.  hops*.bib are for
# the first pass's walk from '@' to '@': entries that start a line, or not,
# after a bare "@word", in comment blocks and in values left open, with keys
# after a '%' line or past 64 blanks.
. "$(dirname "$0")/lib/common.sh"
T=$TESTS/checks/collect
TMP=$tmp
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
			ok "$name -> $t: file and pipe agree"
		else
			{
				diff "$TMP/file" "$TMP/pipe" | head -5
				diff "$TMP/file.sorted" "$TMP/pipe.sorted" | head -5
			} >"$TMP/detail"
			fail "$name -> $t: file and pipe differ" "$TMP/detail"
		fi
	done
done

# The word search before the first pass reads 64 KiB at a time and looks at
# the last 512 bytes of each chunk again.  A "CrossRef" or "XData" (any
# case) that starts on either edge, or a few bytes either side, is found
# (the file goes on past the first 64 KiB).
# A first child at the top makes the file take two passes whatever that
# search finds; had it missed the word on the edge, the first pass would
# not keep that child's parent, and the child would lack the parent's
# fields, which the pipe still gives it.
for word in CrossRef XDATA; do
	for edge in 65536 65024; do
		for back in 0 1 2 3 4 5 6 7 9 -1 -3; do
			if [ $word = CrossRef ]; then
				child="@inproceedings{child, title = {T}, $word = {parent}}"
				parent="@proceedings{parent, booktitle = {Parent Proceedings}, year = 1999}"
			else
				child="@inproceedings{child, title = {T}, $word = {parent}}"
				parent="@xdata{parent, booktitle = {Parent Proceedings}, year = 1999}"
			fi
			at=$(awk -v s="$child" -v w="$word" 'BEGIN { print index(s, w) - 1 }')
			pad=$((edge - back - at))
			first='@inproceedings{first, title = {F}, crossref = {top}}'
			pad=$((pad - ${#first} - 1))
			{
				printf '%s\n' "$first"
				awk -v n="$pad" 'BEGIN { while (n > 0) { k = n > 79 ? 79 : n - 1; if (k < 0) k = 0; s = ""; for (i = 0; i < k; i++) s = s "."; if (n - k >= 1) { print s; n -= k + 1 } else { printf "%s", s; n -= k } } }'
				printf '%s\n%s\n%s\n' "$child" "$parent" '@proceedings{top, booktitle = {Top}}'
				awk 'BEGIN { for (i = 0; i < 40; i++) print "..........................................................." }'
			} >"$TMP/edge.bib"
			got=$(awk -v w="$word" '{ i = index($0, w); if (i) { print off + i - 1; exit } off += length($0) + 1 }' "$TMP/edge.bib")
			"$CITEX" -t csl-json "$TMP/edge.bib" >"$TMP/file" 2>"$TMP/file.err"
			cat "$TMP/edge.bib" | "$CITEX" -f bibtex -t csl-json >"$TMP/pipe" 2>"$TMP/pipe.err"
			if [ "$got" -eq $((edge - back)) ] && cmp -s "$TMP/file" "$TMP/pipe" &&
				grep -q 'Parent Proceedings' "$TMP/file"; then
				ok "$word at byte $((edge - back)) (edge $edge): found"
			else
				diff "$TMP/file" "$TMP/pipe" | head -5 >"$TMP/detail"
				fail "$word at byte $got (edge $edge): file and pipe differ" "$TMP/detail"
			fi
		done
	done
done
done_checks
