#!/bin/sh
# checks/csl.sh - formatted bibliographies beyond the cases in cases/csl:
#   - the CSL-JSON writer and the renderer read the model alike: every
#     input of cases/csl renders the same directly and through CSL-JSON;
#   - every style in styles/ loads and renders;
#   - a tagged rendering (-t tagged) is the text rendering with its spans
#     marked: without the tags it is the same text, for every style of
#     cases/csl and, when Debian's styles are installed, a sample of them;
#   - citex's own fixtures (tests/csl/own) and the CSL test suite
#     (../shared/corpora/csl-test-suite) through
#     csl-fixture, built beside citex: "csl fixtures: N of M passed", a
#     failure below a floor (the count this tree reached, less a margin).
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/csl" || exit 2
for f in *.bib *.ris; do
	# a macro a @preamble defines renders from its definition; CSL-JSON,
	# written entry by entry, carries the command's text
	[ "$f" = preamble.bib ] && continue
	"$CITEX" -q -t text "$f" >"$tmp/direct" 2>/dev/null
	"$CITEX" -q -t csl-json "$f" 2>/dev/null | "$CITEX" -q -f csl-json -t text >"$tmp/via" 2>/dev/null
	same "$f renders the same through csl-json" "$tmp/direct" "$tmp/via"
done
for style in "$ROOT"/styles/*.csl; do
	s=$(basename "$style")
	if "$CITEX" -q -t text --style "$style" basic.bib >"$tmp/out" 2>&1 && [ -s "$tmp/out" ]; then
		ok "style $s loads"
	else
		fail "style $s loads" "$tmp/out"
	fi
done
# --style asks for formatted output: alone, it renders text
"$CITEX" -q --style "$ROOT/styles/citex.csl" basic.bib >"$tmp/implied" 2>&1
"$CITEX" -q -t text --style "$ROOT/styles/citex.csl" basic.bib >"$tmp/text" 2>&1
same "--style without -t renders text" "$tmp/text" "$tmp/implied"
# the tags out and XML's three entities back: the text rendering
untag() { sed -e 's,</*[A-Za-z-]*>,,g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g'; }
debian=/usr/share/citation-style-language/styles
for style in *.csl $( [ -d $debian ] && ls $debian/*.csl | awk 'NR % 100 == 1'); do
	s=$(basename "$style")
	"$CITEX" -q -t text --style "$style" basic.bib >"$tmp/want" 2>/dev/null
	"$CITEX" -q -t tagged --style "$style" basic.bib 2>/dev/null | untag >"$tmp/got"
	same "tagged $s is the text" "$tmp/want" "$tmp/got"
done
FIXTURE=${CSL_FIXTURE:-$(dirname "$CITEX")/csl-fixture}
# citex's own fixtures in the suite's format (citations, which the command
# line does not print), each RESULT checked against citeproc-js
for f in "$TESTS"/csl/own/*.txt; do
	[ -x "$FIXTURE" ] || break
	n=$(basename "$f" .txt)
	awk '/^>>=+ RESULT =+>>/ { on = 1; next } /^<<=+ RESULT =+<</ { on = 0 } on' "$f" >"$tmp/want"
	"$FIXTURE" "$f" >"$tmp/got" 2>&1
	same "csl fixture $n" "$tmp/want" "$tmp/got"
done
if ! corpora || [ ! -d "$SHARED/corpora/csl-test-suite" ]; then
	skip "csl fixtures" "../shared/corpora not found"
elif [ ! -x "$FIXTURE" ]; then
	skip "csl fixtures" "no csl-fixture beside citex (make csl-fixture)"
else
	CSL_FIXTURE=$FIXTURE sh "$TESTS/csl/fixtures.sh" >"$tmp/fx" 2>&1
	line=$(grep '^csl fixtures:' "$tmp/fx")
	if grep -q '^FAIL' "$tmp/fx"; then fail "$line" "$tmp/fx"; else ok "$line"; fi
fi
[ "$nfail" -eq 0 ]
