#!/bin/sh
# tests/corpora.sh (make check-corpora): every .bib under ../shared/corpora
# (bibtex-tidy, biber-tdata, large-bib) converts to CSL-JSON that validates
# against the CSL 1.0.2 schema, and to BibTeX, BibLaTeX and RIS, without a
# crash or a sanitizer report (exit status 0 or 1; 1 means entries with
# reported errors).  Without ../shared/corpora it says so and passes.
# Prints a FAIL line for each failure (detail indented), then
# "N passed, M failed"; exits 1 on any failure.
CHECK=corpora
TESTS=$(cd "$(dirname "$0")" && pwd)
. "$TESTS/checks/lib/common.sh"
if ! corpora; then
	echo "skipped: ../shared/corpora not found"
	exit 0
fi
schema=$TESTS/data/csl-schema/csl-data.json
pass=0
find "$SHARED/corpora/bibtex-tidy" "$SHARED/corpora/biber-tdata" "$SHARED/corpora/large-bib" \
	-name '*.bib' | sort >"$tmp/list"
i=0
while IFS= read -r f; do
	i=$((i + 1))
	for fmt in csl-json bibtex biblatex ris; do
		timeout 120 "$CITEX" -q -t "$fmt" "$f" >"$tmp/out.$fmt" 2>"$tmp/err"
		rc=$?
		if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
			fail "$f -> $fmt: exit $rc" "$tmp/err"
		else
			pass=$((pass + 1))
		fi
	done
	cp "$tmp/out.csl-json" "$tmp/json.$i.json"
done <"$tmp/list"
if [ -n "$PY" ] && $PY -c 'import jsonschema' 2>/dev/null; then
	if $PY "$TESTS/checks/lib/validate.py" "$schema" "$tmp"/json.*.json >"$tmp/v" 2>&1; then
		pass=$((pass + 1))
	else
		fail "schema validation" "$tmp/v"
	fi
else
	skip "schema validation" "python3-jsonschema is not installed"
fi
echo "$i files"
echo "$pass passed, $nfail failed"
done_checks
