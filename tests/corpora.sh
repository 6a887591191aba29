#!/bin/sh
# corpora.sh: every .bib under ../shared/corpora (bibtex-tidy, biber-tdata,
# large-bib) converts to CSL-JSON that validates against the CSL 1.0.2
# schema, and to BibTeX, BibLaTeX and RIS, without a crash or a sanitizer
# report (exit status 0 or 1; 1 means entries with reported errors).
set -u
CITEX=${CITEX:-./citex}
T=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED:-$T/../../shared}
schema="$SHARED/corpora/csl-schema/schemas/input/csl-data.json"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
pass=0
fail=0
i=0
find "$SHARED/corpora/bibtex-tidy" "$SHARED/corpora/biber-tdata" "$SHARED/corpora/large-bib" \
	-name '*.bib' | sort >"$d/list"
while IFS= read -r f; do
	i=$((i + 1))
	for fmt in csl-json bibtex biblatex ris; do
		timeout 120 "$CITEX" -q -t "$fmt" "$f" >"$d/out.$fmt" 2>"$d/err"
		rc=$?
		if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$d/err"; then
			echo "FAIL: $f -> $fmt: exit $rc"
			head -5 "$d/err"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
	done
	cp "$d/out.csl-json" "$d/json.$i.json"
done <"$d/list"
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	if /usr/bin/python3 "$T/validate.py" "$schema" "$d"/json.*.json >"$d/v" 2>&1; then
		pass=$((pass + 1))
	else
		echo "FAIL: schema validation"
		head -20 "$d/v"
		fail=$((fail + 1))
	fi
fi
echo "$i files"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
