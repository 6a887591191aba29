#!/bin/sh
# checks/buffer.sh - values that cross the scanner's 1 MiB read boundary.
#
# The scanner reads 1 MiB at a time and takes a value's plain run straight
# from its buffer, so a value may end, or the lost-brace recovery may fire
# ("\n@misc{" inside an open value), at any offset of a read.  The first
# read is the 8 KiB that format detection peeked at; when a value runs to
# its end, the next read is 1 MiB - 1 bytes (flex keeps one byte for its
# sentinel), so the second boundary is at 8192 + 1 MiB - 1.  For offsets
# just before it (the recovery looks up to 139 bytes ahead), from a file
# and from a pipe:
#   - an open braced or quoted value that meets "\n  @misc{b" there gives
#     exactly one error naming that line, and entries b and c come out;
#   - a value that closes there keeps every byte.
# runner: slow
. "$(dirname "$0")/lib/common.sh"
[ -n "$PY" ] || { skip "read boundary" "python3 is missing"; exit 0; }

# gen KIND K: KIND open-brace, open-quote or closed; the byte at offset
# BOUNDARY - K is the newline before "@misc{b" (open) or the closing byte.
gen() {
	$PY - "$1" "$2" <<'PYEOF'
import sys
kind, k = sys.argv[1], int(sys.argv[2])
B = 8192 + (1 << 20) - 1
head = '@misc{a, note = ' + ('"' if kind == 'open-quote' else '{')
lines = (B - k - len(head)) // 74
body = head + ('x' * 69 + '\n    ') * lines
body += 'y' * (B - k - len(body))
tail = '\n  @misc{b, title = {ok}}\n@misc{c, title = "q {x} "}\n'
if kind == 'closed':
    tail = '}}' + tail[1:]
sys.stdout.write(body + tail)
PYEOF
}

printf '%s\n' '@misc{b,' '  title = {ok}' '}' '' '@misc{c,' '  title = {q {x} }' '}' '' >"$tmp/bc"
for kind in open-brace open-quote closed; do
	for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 17 20 31 40 63 64 65 66 70 73 74 75 80 127 128 138 139 140; do
		gen $kind $k >"$tmp/in.bib"
		line=$(grep -n '@misc{b' "$tmp/in.bib" | cut -d: -f1)
		for mode in file pipe; do
			if [ $mode = file ]; then
				"$CITEX" "$tmp/in.bib" >"$tmp/out" 2>"$tmp/err"
				name="$tmp/in.bib"
			else
				"$CITEX" <"$tmp/in.bib" >"$tmp/out" 2>"$tmp/err"
				name="<stdin>"
			fi
			case $kind in
			open-brace)
				want="$name:1:17: error: unbalanced braces: this value is still open where the next entry starts (line $line); entry 'a' skipped" ;;
			open-quote)
				want="$name:1:17: error: unterminated quoted value: still open where the next entry starts (line $line); entry 'a' skipped" ;;
			closed) want= ;;
			esac
			if [ "$(cat "$tmp/err")" != "$want" ]; then
				head -3 "$tmp/err" >"$tmp/detail"
				fail "$kind at boundary - $k ($mode): stderr" "$tmp/detail"
				continue
			fi
			if [ $kind = closed ]; then
				# a keeps every byte of its value: the x lines and the y run.
				n=$("$CITEX" -t csl-json <"$tmp/in.bib" | $PY -c 'import json,sys; print(len(json.load(sys.stdin)[0]["note"]))')
				m=$(head -c $((8192 + 1048575 - k)) "$tmp/in.bib" | tail -c +18 | tr -s ' \n' ' ' | sed 's/ $//' | tr -d '\n' | wc -c)
				[ "$n" = "$m" ] || { fail "closed at boundary - $k ($mode): note has $n characters, want $m"; continue; }
				tail -n 8 "$tmp/out" >"$tmp/got"
			else
				cp "$tmp/out" "$tmp/got"
			fi
			same "$kind at boundary - $k ($mode)" "$tmp/bc" "$tmp/got"
		done
	done
done
done_checks
