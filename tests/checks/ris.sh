#!/bin/sh
# checks/ris.sh - the RIS reader's properties: the RIS written from each
# input of tests/cases/ris is a fixed point of ris -> ris; and detection
# from content (a pipe, no file name): each cases/ris/detect/NAME.in is
# read by the reader NAME.from names, as forcing it with -f does.
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/ris" || exit 2
for in in *.ris; do
	name=${in%.ris}
	"$CITEX" -t ris "$in" >"$tmp/r1" 2>/dev/null
	"$CITEX" -f ris -t ris "$tmp/r1" >"$tmp/r2" 2>/dev/null
	same "$name: ris -> ris is a fixed point" "$tmp/r1" "$tmp/r2"
done
for in in detect/*.in; do
	from=$(cat "${in%.in}.from")
	"$CITEX" -q <"$in" >"$tmp/auto" 2>&1
	"$CITEX" -q -f "$from" <"$in" >"$tmp/forced" 2>&1
	if [ -s "$tmp/forced" ]; then
		same "$in: detected as $from" "$tmp/forced" "$tmp/auto"
	else
		fail "$in: -f $from gives no output"
	fi
done
done_checks
