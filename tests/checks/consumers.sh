#!/bin/sh
# checks/consumers.sh - the tools that read citex's new outputs take them:
#   - CSL-YAML holds what CSL-JSON holds: citex's CSL-JSON of each input,
#     through CSL-YAML and back, is what one more CSL-JSON hop gives, for
#     the case inputs and, with ../shared, the CSL test suite's items and
#     every .bib of the corpora (all of them, or the check fails);
#   - pandoc renders citex's CSL-YAML as it renders its CSL-JSON, item for
#     item (pandoc 2 from Debian; pandoc 3 from npm's pandoc-wasm);
#   - Typst compiles a document whose #bibliography() reads citex's
#     Hayagriva, and one that reads citex's BibLaTeX, for every case input
#     that converts without an error and, with ../shared, biber's date
#     tests (a year of Y-17000002 among them).
# pandoc-wasm and typst-ts-node-compiler are test peers from npm, never
# part of citex: `make test-deps` installs them under $CITEX_PEERS
# (default ~/.cache/citex-peers); each check is skipped without its peer.
# runner: slow
. "$(dirname "$0")/lib/common.sh"
PEERS=${CITEX_PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/citex-peers}
export CITEX_PEERS=$PEERS
HERE=$TESTS/checks/consumers

# The case inputs of the formats CSL-YAML, Hayagriva and BibLaTeX are
# written from, one path a line.
inputs() {
	for d in bibtex csljson ris nbib isi endnote endnote-xml pubmed-xml mods cff csl-yaml hayagriva; do
		for f in "$CASES/$d"/*; do
			case $f in *.out.* | *.err | *.args | */README*) continue ;; esac
			[ -f "$f" ] && echo "$f"
		done
	done
}

# ---- CSL-YAML holds what CSL-JSON holds ---------------------------------------
# yaml_hop FILE FROM: 0 when FILE's CSL-JSON through CSL-YAML equals it
# through one more CSL-JSON hop.
yaml_hop() {
	"$CITEX" -q ${2:+-f "$2"} -t csl-json "$1" >"$tmp/j0" 2>/dev/null
	"$CITEX" -q -f csl-json -t csl-json "$tmp/j0" >"$tmp/j1" 2>/dev/null
	"$CITEX" -q -f csl-json -t csl-yaml "$tmp/j0" 2>/dev/null |
		"$CITEX" -q -f csl-yaml -t csl-json >"$tmp/y1" 2>/dev/null
	cmp -s "$tmp/j1" "$tmp/y1"
}
# hops NAME: count the files of $tmp/list (FILE [FROM] a line) that keep.
hops() {
	n=0 bad=0
	: >"$tmp/bad"
	while read -r f from; do
		n=$((n + 1))
		yaml_hop "$f" "$from" || { bad=$((bad + 1)); echo "$f" >>"$tmp/bad"; }
	done <"$tmp/list"
	if [ "$bad" -eq 0 ]; then ok "$1: $n of $n through CSL-YAML as through CSL-JSON"; else
		fail "$1: $((n - bad)) of $n through CSL-YAML as through CSL-JSON" "$tmp/bad"
	fi
}
inputs >"$tmp/list"
hops "case inputs"
if corpora && [ -d "$SHARED/corpora/csl-test-suite/processor-tests/humans" ]; then
	mkdir -p "$tmp/suite"
	for f in "$SHARED"/corpora/csl-test-suite/processor-tests/humans/*.txt; do
		awk '/^>>=+ INPUT =+>>/ { on = 1; next } /^<<=+ INPUT =+<</ { on = 0 } on' "$f" \
			>"$tmp/suite/$(basename "$f" .txt).json"
	done
	find "$tmp/suite" -name '*.json' -size +0 | sort | sed 's/$/ csl-json/' >"$tmp/list"
	hops "CSL test suite items"
	find "$SHARED/corpora" -name '*.bib' -size -3M | sort >"$tmp/list"
	hops "corpora .bib files"
else
	skip "CSL test suite items and corpora" "../shared/corpora not found"
fi

# ---- pandoc renders CSL-YAML as CSL-JSON ----------------------------------------------
printf -- '---\nnocite: "[@*]"\n---\n' >"$tmp/doc.md"
# render TOOL BIB OUT: the bibliography TOOL renders of BIB, as HTML.
# Pandoc 3 reads curly quotes in CSL-JSON as a quotation, which it wraps
# in a bare <span> that no style dresses; Markdown has no form for such
# quotes that reads back as curly quotes, so bare spans are dropped
# (bare_spans.py) before the two renderings are compared.
render() {
	case $1 in
	pandoc) (cd "$tmp" && timeout 120 pandoc --citeproc --bibliography "$2" -t html doc.md) >"$3" 2>/dev/null ;;
	pandoc3)
		timeout 300 node "$HERE/pandoc3.mjs" "$2" html 2>/dev/null | $PY "$HERE/bare_spans.py" >"$3" ;;
	esac
}
# same_rendering TOOL NAME FILES...: TOOL renders the CSL-YAML of each FILE
# as the CSL-JSON.
same_rendering() {
	tool=$1 name=$2
	shift 2
	n=0 bad=0
	: >"$tmp/bad"
	for f in "$@"; do
		n=$((n + 1))
		"$CITEX" -q -t csl-json "$f" >"$tmp/r.json" 2>/dev/null
		"$CITEX" -q -t csl-yaml "$f" >"$tmp/r.yaml" 2>/dev/null
		# Pandoc 3 reads CSL 1.0.2's newer name roles (narrator,
		# performer, executive-producer, ...) from CSL-JSON but not from
		# YAML metadata, whatever the YAML says: they are left out of
		# the CSL-JSON it renders (docs/conformance.md).
		if [ "$tool" = pandoc3 ]; then
			$PY -c 'import json, sys
roles = {"chair", "compiler", "contributor", "curator", "executive-producer", "guest",
         "host", "narrator", "organizer", "performer", "producer", "series-creator"}
items = json.load(open(sys.argv[1]))
json.dump([{k: v for k, v in it.items() if k not in roles} for it in items],
          open(sys.argv[1], "w"))' "$tmp/r.json"
		fi
		render "$tool" "$tmp/r.json" "$tmp/r1.html"
		render "$tool" "$tmp/r.yaml" "$tmp/r2.html"
		if ! cmp -s "$tmp/r1.html" "$tmp/r2.html"; then
			bad=$((bad + 1))
			{ echo "$f"; diff "$tmp/r1.html" "$tmp/r2.html" | head -6; } >>"$tmp/bad"
		fi
	done
	if [ "$bad" -eq 0 ]; then ok "$name: renders CSL-YAML as CSL-JSON for $n of $n inputs"; else
		fail "$name: renders CSL-YAML as CSL-JSON for $((n - bad)) of $n inputs" "$tmp/bad"
	fi
}
inputs >"$tmp/list"
if have pandoc; then
	# shellcheck disable=SC2046
	same_rendering pandoc "pandoc $(pandoc --version | sed -n '1s/^pandoc //p')" $(cat "$tmp/list")
else
	skip "pandoc renders CSL-YAML as CSL-JSON" "pandoc is not installed"
fi
if have node && [ -n "$PY" ] && [ -f "$PEERS/node_modules/pandoc-wasm/src/index.node.js" ]; then
	# pandoc 3 runs as WebAssembly, seconds a run: the inputs of the new
	# formats and the BibTeX cases that hold markup.
	same_rendering pandoc3 "pandoc $(cat "$PEERS/node_modules/pandoc-wasm/pandoc-version.txt")" \
		$(grep -E '/(csl-yaml|hayagriva|pubmed-xml|endnote-xml)/|/bibtex/(latex|protect|nocasewords|strings)\.bib' "$tmp/list")
else
	skip "pandoc 3 renders CSL-YAML as CSL-JSON" "pandoc-wasm is not installed (make test-deps)"
fi

# ---- Typst reads Hayagriva and BibLaTeX ------------------------------------------------
if have node && [ -d "$PEERS/node_modules/@myriaddreamin/typst-ts-node-compiler" ]; then
	mkdir -p "$tmp/typst"
	inputs >"$tmp/list"
	corpora && echo "$SHARED/corpora/biber-tdata/t/tdata/dateformats.bib" >>"$tmp/list"
	i=0
	while read -r f; do
		i=$((i + 1))
		# Inputs with errors (a duplicate key, an undefined macro) are
		# no bibliography any tool need read.
		if ! "$CITEX" -t biblatex "$f" >"$tmp/typst/b$i.bib" 2>"$tmp/typst/err" ||
			grep -q 'undefined macro' "$tmp/typst/err"; then
			rm -f "$tmp/typst/b$i.bib"
			continue
		fi
		"$CITEX" -q -t hayagriva "$f" >"$tmp/typst/h$i.yml" 2>/dev/null
		[ -s "$tmp/typst/h$i.yml" ] || rm -f "$tmp/typst/h$i.yml"
		echo "b$i.bib $f" >>"$tmp/typst/names"
		[ -f "$tmp/typst/h$i.yml" ] && echo "h$i.yml $f" >>"$tmp/typst/names"
	done <"$tmp/list"
	# The Y-17000002 case: CSL-JSON whose issued date is no date citex reads.
	if corpora; then
		"$CITEX" -q -t csl-json "$SHARED/corpora/biber-tdata/t/tdata/dateformats.bib" >"$tmp/df.json" 2>/dev/null
		"$CITEX" -q -f csl-json -t biblatex "$tmp/df.json" >"$tmp/typst/ydf.bib" 2>/dev/null
		"$CITEX" -q -f csl-json -t hayagriva "$tmp/df.json" >"$tmp/typst/ydf.yml" 2>/dev/null
		printf 'ydf.bib dateformats.bib through CSL-JSON\nydf.yml dateformats.bib through CSL-JSON\n' >>"$tmp/typst/names"
	fi
	(cd "$tmp/typst" && node "$HERE/typst.js" "$tmp/typst" $(cut -d' ' -f1 names)) >"$tmp/typst.out" 2>&1
	for kind in bib yml; do
		n=$(grep -c "^ok .*\.$kind$" "$tmp/typst.out")
		bad=$(grep -c "^FAIL .*\.$kind$" "$tmp/typst.out")
		what=$([ $kind = bib ] && echo BibLaTeX || echo Hayagriva)
		if [ "$bad" -eq 0 ] && [ "$n" -gt 0 ]; then ok "Typst compiles citex's $what of $n inputs"; else
			grep -A8 "^FAIL .*\.$kind$" "$tmp/typst.out" >"$tmp/bad"
			fail "Typst compiles citex's $what of $n of $((n + bad)) inputs" "$tmp/bad"
		fi
	done
else
	skip "Typst reads citex's Hayagriva and BibLaTeX" "typst-ts-node-compiler is not installed (make test-deps)"
fi
done_checks
