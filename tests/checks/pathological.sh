#!/bin/sh
# checks/pathological.sh - inputs built to hurt, each under a hard time
# limit (a guard against hangs and blow-ups, not a speed test; four times
# as long under ASan).  Every run must end without a crash (exit status
# below 124) and within the limit.
# runner: slow
. "$(dirname "$0")/lib/common.sh"
d=$tmp
run() { # run NAME LIMIT_SECONDS ARGS...
	name=$1
	lim=$2
	shift 2
	timeout $((lim * SLOW)) "$CITEX" "$@" >"$d/out" 2>"$d/err"
	rc=$?
	if [ $rc -ge 124 ]; then
		fail "$name: exit $rc (timeout or crash)" "$d/err"
		return 1
	fi
	ok "$name: ends within $((lim * SLOW))s"
}
# Braces nested 100k deep, in a value and bare.
awk 'BEGIN { printf "@misc{deep, title = "; for (i = 0; i < 100000; i++) printf "{"; printf "x"; for (i = 0; i < 100000; i++) printf "}"; print "}" }' >"$d/deep.bib"
run "100k-deep braces" 20 -t csl-json "$d/deep.bib"
run "100k-deep braces, bibtex" 20 "$d/deep.bib"
# Unclosed deep braces.
awk 'BEGIN { printf "@misc{open, title = "; for (i = 0; i < 100000; i++) printf "{"; print "" }' >"$d/open.bib"
run "unclosed braces" 20 "$d/open.bib"
# One 50 MB field.
awk 'BEGIN { printf "@misc{big, abstract = {"; s = "lorem ipsum dolor sit amet "; for (i = 0; i < 1900000; i++) printf "%s", s; print "}}" }' >"$d/bigfield.bib"
run "50 MB field" 60 -t csl-json "$d/bigfield.bib"
# 100k authors.
awk 'BEGIN { printf "@article{many, author = {"; for (i = 0; i < 100000; i++) printf "%sAuthor%d, First", (i ? " and " : ""), i; print "}, title = {T}}" }' >"$d/authors.bib"
run "100k authors" 30 -t csl-json "$d/authors.bib"
run "100k authors, ris" 30 -t ris "$d/authors.bib"
# Long # chains.
awk 'BEGIN { print "@string{a = {x}}"; printf "@misc{chain, title = a"; for (i = 0; i < 100000; i++) printf " # a"; print "}" }' >"$d/chain.bib"
run "100k-part # chain" 20 -t csl-json "$d/chain.bib"
# @string amplification: forty levels of a = b # b must be refused.
awk 'BEGIN { print "@string{s0 = {xxxxxxxx}}"; for (i = 1; i <= 40; i++) printf "@string{s%d = s%d # s%d}\n", i, i - 1, i - 1; print "@misc{boom, title = s40}" }' >"$d/amp.bib"
timeout $((20 * SLOW)) "$CITEX" --max-expansion 1000000 "$d/amp.bib" >"$d/out" 2>"$d/err"
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'exceeds the cap' "$d/err"; then
	fail "@string amplification: exit $rc, want 1 with a cap error" "$d/err"
else
	ok "@string amplification is refused"
fi
# NUL bytes, invalid UTF-8, CRLF, no final newline.
printf '@misc{n, title = {a\000b}}\n@misc{l, title = {caf\351}}\r\n@misc{c,\r\n title = {crlf}}' >"$d/bytes.bib"
run "NUL, Latin-1, CRLF, no final newline" 10 -t csl-json "$d/bytes.bib"
if [ -z "$PY" ]; then
	skip "NUL, Latin-1, CRLF: valid JSON" "python3 is missing"
elif $PY -c 'import json,sys; json.load(open(sys.argv[1]))' "$d/out" 2>/dev/null; then
	ok "NUL, Latin-1, CRLF: valid JSON"
else
	fail "NUL, Latin-1, CRLF: output is not valid JSON"
fi
# crossref at scale: 200k children before their 200k parents, from a file
# (two passes) and from a pipe (kept until the end); the parents are found
# through an index, not a scan per child.  Every child inherits its title.
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "@inproceedings{c%d, author = {A. B%d}, title = {T%d}, crossref = {p%d}}\n", i, i, i, i
	for (i = 0; i < 200000; i++) printf "@proceedings{p%d, title = {Proc %d}, year = 2000}\n", i, i }' >"$d/cr.bib"
run "200k crossref children" 60 -t ris "$d/cr.bib"
n=$(grep -c '^T2  - Proc' "$d/out")
expect "200k crossref children: $n inherited titles, want 200000" [ "$n" = 200000 ]
timeout $((60 * SLOW)) "$CITEX" -t ris <"$d/cr.bib" >"$d/out" 2>"$d/err"
n=$(grep -c '^T2  - Proc' "$d/out")
expect "200k crossref children, pipe: $n inherited titles, want 200000" [ "$n" = 200000 ]
rm -f "$d/cr.bib"
# A million entries: every one comes out, in memory that does not grow with
# the input (the peak RSS guard is skipped under ASan, whose shadow memory
# and quarantine are not citex's).
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "@misc{k%d, title = {Title %d}, year = 2000}\n", i, i }' >"$d/million.bib"
meter=
[ -x /usr/bin/time ] && meter="/usr/bin/time -f %M -o $d/rss"
$meter timeout $((300 * SLOW)) "$CITEX" -t ris "$d/million.bib" 2>"$d/err" | grep -c '^ER  - ' >"$d/count"
if [ "$(cat "$d/count")" != 1000000 ]; then
	fail "1M entries: $(cat "$d/count") records out, want 1000000" "$d/err"
else
	ok "1M entries: every record out"
fi
case "$CITEX" in
*asan*) skip "1M entries: peak RSS under 48 MB" "not measured under ASan" ;;
*) [ -z "$meter" ] && skip "1M entries: peak RSS under 48 MB" "/usr/bin/time (package time) is missing" ;;
esac
case "$CITEX$meter" in
*asan* | "$CITEX") ;;
*)
	rss=$(tail -1 "$d/rss")
	if [ "${rss:-999999}" -gt 49152 ]; then
		fail "1M entries: peak RSS ${rss} KB, want under 48 MB"
	else
		ok "1M entries: peak RSS ${rss} KB, under 48 MB"
	fi ;;
esac
rm -f "$d/million.bib"
# Publication lists that never break: 40,000 lines of one paragraph, each
# line going on the one before (author lists end with a comma), and one
# list item with 40,000 LaTeX commands in it.  Text gathered line by line
# or piece by piece must not be copied again for each piece.
awk 'BEGIN { print "Publications\n"; for (i = 0; i < 40000; i++) printf "A. Author%d, B. Writer%d,\n", i, i }' >"$d/authors.txt"
run "cv: 40k lines of one author list" 20 -f cv -t csl-json "$d/authors.txt"
awk 'BEGIN { print "Publications\n"; for (i = 0; i < 40000; i++) printf "some words of a line %d that runs on\n", i }' >"$d/prose.txt"
run "cv: 40k lines of one paragraph" 20 -f cv -t csl-json "$d/prose.txt"
awk 'BEGIN { printf "<html><body><h2>Publications</h2><ul><li>A. Author, B. Author. "; for (i = 0; i < 40000; i++) printf "{\\emph{x%d}} ", i; print "In Proc. X, 2020.</li></ul></body></html>" }' >"$d/commands.html"
run "cv: a list item with 40k LaTeX commands" 20 -f cv -t csl-json "$d/commands.html"
# A page of 100,000 sibling elements of one kind (a program listed line by
# line): how many siblings share a kind is counted once a parent.
awk 'BEGIN { printf "<html><body><h2>Publications</h2><div>"; for (i = 0; i < 100000; i++) printf "<span class=\"l\">let value_%d = compute(%d) + other;</span>\n", i, i; print "</div></body></html>" }' >"$d/spans.html"
run "cv: 100k sibling elements" 20 -f cv -t csl-json "$d/spans.html"
# Garbage.
head -c 2000000 /dev/urandom >"$d/random.bib" 2>/dev/null
run "random bytes" 20 -t csl-json "$d/random.bib"
done_checks
