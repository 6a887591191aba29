#!/bin/sh
# checks/recovery.sh - break entry k of a 100-entry file in one of several
# ways; exactly 99 entries must come out, with exactly one error, reported
# at the line where the break is, and exit status 1.
. "$(dirname "$0")/lib/common.sh"
d=$tmp

# Entry i starts at line 7*(i-1)+1: @, author, title, journal, year, }, blank.
gen() { # gen K BREAK > file
	awk -v k="$1" -v brk="$2" 'BEGIN {
		for (i = 1; i <= 100; i++) {
			a = "  author = {Author " i " and Other, Person},"
			t = "  title = {Title number " i "},"
			j = "  journal = \"Journal " i "\","
			y = "  year = 2000,"
			c = "}"
			if (i == k) {
				if (brk == "value-brace") t = "  title = {Title number " i ","
				if (brk == "comma")       a = "  author = {Author " i " and Other, Person}"
				if (brk == "open-quote")  j = "  journal = Journal " i "\","
				if (brk == "close-quote") j = "  journal = \"Journal " i ","
				if (brk == "entry-brace") c = ""
				if (brk == "equals")      y = "  year 2000,"
			}
			printf "@article{key%d,\n%s\n%s\n%s\n%s\n%s\n\n", i, a, t, j, y, c
		}
	}'
}

for case in "value-brace 2" "comma 1" "open-quote 3" "close-quote 3" "entry-brace 4" "equals 4"; do
	set -- $case
	brk=$1
	off=$2
	for k in 1 37 100; do
		gen "$k" "$brk" >"$d/in.bib"
		"$CITEX" -t csl-json "$d/in.bib" >"$d/out.json" 2>"$d/err.txt"
		rc=$?
		n=$(grep -c '^    "id": ' "$d/out.json")
		nerr=$(grep -c ': error: ' "$d/err.txt")
		want=$((7 * (k - 1) + 1 + off))
		line=$(sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error: .*/\1/p' "$d/err.txt" | head -1)
		what="break '$brk' in entry $k"
		if [ "$n" != 99 ] || [ "$nerr" != 1 ] || [ "$line" != "$want" ] || [ "$rc" != 1 ]; then
			fail "$what: $n entries (want 99), $nerr errors (want 1), error at line $line (want $want), exit $rc (want 1)" "$d/err.txt"
		elif grep -q "\"key$k\"" "$d/out.json"; then
			fail "$what: the broken entry came out"
		else
			ok "$what: 99 entries, one error at line $want"
		fi
	done
done
done_checks
