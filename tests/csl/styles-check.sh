#!/bin/sh
# tests/csl/styles-check.sh [STYLE...]: every official style renders.
#
# Renders tests/csl/styles-sample.json (37 items: every kind of item,
# names in several scripts, particles, institutions, ranges, circa,
# literal and BC dates, labels typed into numbers, note fields) through
# each style of Debian's citation-style-language-styles (default: every
# independent style and every dependent one, which renders as its
# parent), as HTML, and fails a style that
#   - is refused or exits with an error, crashes or takes over 20 s;
#   - prints anything on stderr under -q (an error);
#   - gives fewer entries than items, or an entry with no text, but as
#     tests/csl/styles-expected.txt lists (what the style asks for, as
#     citeproc-js renders it).
# Prints one line per failure and a summary "styles-check: N styles (I
# independent, D dependent), F failed, in S s"; exits 1 on a failure.
# `make styles-check` runs it (not part of make check: it takes minutes).
set -u
T=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$T/../.." && pwd)
CITEX=${CITEX:-$ROOT/build/citex}
DIR=${CSL_STYLES:-/usr/share/citation-style-language/styles}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
SAMPLE=$T/styles-sample.json
EXPECTED=$T/styles-expected.txt
if [ ! -d "$DIR" ]; then
	echo "styles-check: skipped: no styles in $DIR"
	exit 0
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
nitems=$(grep -c '^ *{"id"' "$SAMPLE") # one item a line
if [ $# -gt 0 ]; then
	printf '%s\n' "$@"
else
	ls "$DIR"/*.csl "$DIR"/dependent/*.csl 2>/dev/null
fi >"$TMP/list"
start=$(date +%s)
# one style: "FAIL style: why" on failure, nothing otherwise
cat >"$TMP/one.sh" <<'ONE'
style=$1
out=$TMP/$(basename "$style").html
timeout 20 "$CITEX" -q -f csl-json -t html --style "$style" "$SAMPLE" >"$out" 2>"$out.err"
rc=$?
name=$(basename "$style" .csl)
case $style in */dependent/*) name="dependent/$name" ;; esac
if [ $rc -ge 124 ]; then
	echo "FAIL $name: exit $rc (crash or timeout)"
elif [ $rc -ne 0 ]; then
	echo "FAIL $name: exit $rc: $(head -c 300 "$out.err")"
elif [ -s "$out.err" ]; then
	echo "FAIL $name: $(head -c 300 "$out.err")"
else
	# each entry on its lines, its tags and blanks out: none may be empty
	n=$(perl -0777 -ne 'my $n = 0; my $e = 0;
		for (split /(?=<div class="csl-entry">)/) {
			next unless /^<div class="csl-entry">/; $n++;
			(my $t = $_) =~ s/<[^>]*>//g; $t =~ s/\s|&#160;//g; $e++ unless length $t }
		print "$n $e"' "$out")
	got=${n% *}
	empty=${n#* }
	want=$(awk -v s="$name" '$1 == s { print $2 " " $3 }' "$EXPECTED")
	[ -n "$want" ] || want="$NITEMS 0"
	if [ "$got $empty" != "$want" ]; then
		echo "FAIL $name: $got entries of $NITEMS, $empty empty (want ${want% *}, ${want#* } empty)"
	fi
fi
rm -f "$out" "$out.err"
ONE
export CITEX SAMPLE TMP EXPECTED
NITEMS=$nitems
export NITEMS
xargs -P "$JOBS" -n 1 sh "$TMP/one.sh" <"$TMP/list" >"$TMP/fails"
sort "$TMP/fails"
total=$(wc -l <"$TMP/list")
dep=$(grep -c /dependent/ "$TMP/list")
nfail=$(wc -l <"$TMP/fails")
echo "styles-check: $total styles ($((total - dep)) independent, $dep dependent), $nfail failed, in $(($(date +%s) - start)) s"
[ "$nfail" -eq 0 ]
