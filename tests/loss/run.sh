#!/bin/sh
# tests/loss/run.sh - --report-loss in every direction: in.bib, in.json
# and in.ris each hold fields some target cannot; in.SRC.TARGET.stderr is
# the hand-checked list of notes, one per field lost or moved, per entry.
cd "$(dirname "$0")" || exit 2
CITEX=${CITEX:-../../citex}
pass=0
fail=0
for want in in.*.stderr; do
	rest=${want#in.}
	src=${rest%%.*}
	to=${rest#*.}
	to=${to%.stderr}
	got=$("$CITEX" --report-loss -t "$to" "in.$src" 2>&1 >/dev/null)
	if [ "$got" = "$(cat "$want")" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $src -> $to"
		echo "$got" | diff "$want" - | head -10
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
