#!/bin/sh
# checks/lint.sh - --check writes no file, even when -o names one (the
# cases of tests/cases/lint hold its diagnostics and exit statuses).
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/lint" || exit 2
"$CITEX" --check --strict -t csl-json -o "$tmp/never" clean.bib >"$tmp/out" 2>"$tmp/err"
expect "--check -o: exit 0" [ $? -eq 0 ]
expect "--check -o: no file written" [ ! -e "$tmp/never" ]
expect "--check -o: nothing on stdout" [ ! -s "$tmp/out" ]
expect "--check -o: nothing on stderr" [ ! -s "$tmp/err" ]
done_checks
