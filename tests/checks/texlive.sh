#!/bin/sh
# checks/texlive.sh - the .bib files TeX Live installs (biblatex and its
# contributed styles' examples, xampl.bib, btxdoc.bib, beebe's
# bibliographies, bib2gls's examples, the economic styles...), which no
# case was written from: every one converts to every format without a
# crash, and with an error exit only over an error the file holds (all of them in one run with -j 2 too), its
# CSL-JSON validates against the CSL schema and holds no LaTeX group
# outside math, and the three round trips of lib/roundtrip.py hold (bib,
# csl, ris); xampl.bib typesets the same with bibtex and plain.bst, also with
# --ascii, and biblatex-examples.bib with biber.  Skipped where TeX Live's
# files are not installed.
# runner: slow
. "$(dirname "$0")/lib/common.sh"
: >"$tmp/files"
for d in /usr/share/texlive/texmf-dist /usr/share/doc/texlive-doc; do
	[ -d "$d" ] && find "$d" -name '*.bib' -type f >>"$tmp/files" 2>/dev/null
done
sort -o "$tmp/files" "$tmp/files"
n=$(wc -l <"$tmp/files")
if [ "$n" -eq 0 ]; then
	skip "TeX Live's .bib files" "none installed under /usr/share/texlive or /usr/share/doc/texlive-doc"
	exit 0
fi
# Every file to every format: no crash (exit 2 is a failure to run, and a
# sanitizer's report under make asan).  Exit 1 is right only for a file
# with an error of its own (an '@' in a comment that starts no entry, a
# quote left open), and then every error names its place in the file.
: >"$tmp/bad"
i=0
while IFS= read -r f; do
	i=$((i + 1))
	for t in bibtex biblatex ris csl-json; do
		"$CITEX" -q -t $t "$f" >"$tmp/out.$t" 2>"$tmp/err"
		rc=$?
		if [ $rc -eq 1 ]; then
			grep -q "^$f:[0-9]*:[0-9]*: error: " "$tmp/err" ||
				echo "$f -t $t: exit 1 without an error at a place in the file" >>"$tmp/bad"
		elif [ $rc -ne 0 ]; then
			echo "$f -t $t: exit $rc" >>"$tmp/bad"
		fi
		grep -q 'Sanitizer\|runtime error' "$tmp/err" && echo "$f -t $t: $(head -1 "$tmp/err")" >>"$tmp/bad"
	done
	cp "$tmp/out.csl-json" "$tmp/json.$i.json"
done <"$tmp/files"
if [ -s "$tmp/bad" ]; then fail "$n files convert to every format" "$tmp/bad"; else
	ok "$n files convert to every format"
fi
# All of them as one database, as bibtex reads \bibliography{a,b,...}:
# -j 2 gives the bytes -j 1 gives.
tr '\n' '\0' <"$tmp/files" | xargs -0 "$CITEX" -q -t ris >"$tmp/j1" 2>/dev/null
tr '\n' '\0' <"$tmp/files" | xargs -0 "$CITEX" -q -j 2 -t ris >"$tmp/j2" 2>"$tmp/err"
expect "$n files in one run: -j 2 writes what -j 1 writes" cmp -s "$tmp/j1" "$tmp/j2"
if [ -n "$PY" ] && $PY -c 'import jsonschema' 2>/dev/null; then
	expect "$n files: CSL-JSON validates against the schema" \
		$PY "$TESTS/checks/lib/validate.py" "$TESTS/data/csl-schema/csl-data.json" "$tmp"/json.*.json
else
	skip "CSL-JSON validates against the schema" "python3-jsonschema is not installed"
fi
# No LaTeX group is left in a CSL-JSON value, math aside ("custom" keeps
# unknown fields verbatim).
if [ -n "$PY" ]; then
	expect "$n files: no LaTeX group left in a CSL-JSON value outside math" $PY -c '
import json, re, sys
bad = 0
for path in sys.argv[1:]:
    for item in json.load(open(path, encoding="utf-8")):
        for k, v in item.items():
            s = re.sub(r"\$[^$]*\$", "", json.dumps(v, ensure_ascii=False))
            if k != "custom" and re.search(r"\{\\\\[A-Za-z]", s):
                bad += 1
                print(item.get("id"), k, s[:200])
sys.exit(1 if bad else 0)' "$tmp"/json.*.json
fi
if [ -z "$PY" ]; then
	skip "round trips" "python3 is missing"
	done_checks
	exit $?
fi
for mode in bib csl ris; do
	if tr '\n' '\0' <"$tmp/files" | xargs -0 $PY "$TESTS/checks/lib/roundtrip.py" "$CITEX" "$mode" \
		>"$tmp/out" 2>&1; then
		ok "$mode round trip over $n files"
	else
		fail "$mode round trip over $n files" "$tmp/out"
	fi
done
# Typesetting, on two files: all of them take minutes (docs/conformance.md
# gives those figures).
x=$(grep '/xampl\.bib$' "$tmp/files" | head -1)
e=$(grep '/biblatex-examples\.bib$' "$tmp/files" | head -1)
T="$TESTS/checks/typeset/typeset.py"
typeset() {
	name=$1
	shift
	if $PY "$T" --citex "$CITEX" --label "$name" --show 3 --timeout $((60 * SLOW)) "$@" \
		>"$tmp/ts" 2>&1; then
		ok "$(head -1 "$tmp/ts")"
	else
		fail "$name" "$tmp/ts"
	fi
}
if [ -z "$x" ] || ! bibtex_ok || ! have pdflatex || ! have pdftotext; then
	skip "xampl.bib typesets the same" "xampl.bib, bibtex, pdflatex or pdftotext is missing"
else
	typeset "xampl.bib (bibtex)" "$x"
	typeset "xampl.bib --ascii (bibtex)" --opts=--ascii "$x"
fi
if [ -z "$e" ]; then
	skip "biblatex-examples.bib typesets the same" "biblatex-examples.bib is not installed"
elif ! biblatex_ok; then
	skip "biblatex-examples.bib typesets the same" "$blx_why"
else
	typeset "biblatex-examples.bib (biber)" --mode biblatex "$e"
fi
done_checks
