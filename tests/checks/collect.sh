#!/bin/sh
# checks/collect.sh - crossref and xdata, from a file and from a pipe.
#
# The reader resolves crossref in one pass: a parent before its child is
# read again from the input (a pipe is kept in a spool for that), and a
# child whose parent comes later is held back, or the reader looks ahead.
# Each file starts with a child of every entry, so both ways hold back
# everything: file and pipe must give the same entries and the same
# errors.  irregular*.bib put lost braces, open quotes, @comment blocks,
# '%' lines, '@' inside values and Latin-1 keys around the parents; leak.bib
# ends with a broken entry and starts with a stray comment; hops*.bib have
# entries that start a line, or not, after a bare "@word", in comment blocks
# and in values left open, with keys after a '%' line or past 64 blanks.
# Then the crossref cases of cases/bibtex are read from a pipe: the output
# and the diagnostics are the case's (the runner checks the file).
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

# A child at the top, then its parent just before or after the 64 KiB and
# 65,024-byte marks (where an earlier reader cut its word search), with
# more children and parents on either side: every child gets its parent's
# fields, from a file and from a pipe alike.
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
for f in "$CASES"/bibtex/crossref*.bib; do
	b=$(basename "$f" .bib)
	(cd "$CASES/bibtex" && cat "$b.bib" | "$CITEX" -f bibtex -t csl-json >"$TMP/pout" 2>/dev/null)
	(cd "$CASES/bibtex" && cat "$b.bib" | "$CITEX" -f bibtex >/dev/null 2>"$TMP/perr"; echo "exit $?" >>"$TMP/perr")
	sed "s#^<stdin>:#$b.bib:#" "$TMP/perr" >"$TMP/perr2"
	[ -f "$CASES/bibtex/$b.out.csl-json" ] && same "$b from a pipe: output" "$CASES/bibtex/$b.out.csl-json" "$TMP/pout"
	[ -f "$CASES/bibtex/$b.err" ] && same "$b from a pipe: diagnostics" "$CASES/bibtex/$b.err" "$TMP/perr2"
done
done_checks
