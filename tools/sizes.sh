#!/bin/sh
# tools/sizes.sh: the rooms that are too big.  Lists every source file of
# src/ and grammar/ over 1,500 lines and every function over 150 lines
# (from its first line to its closing brace; functions open with '{' on a
# line of its own, as the tree writes them), generated code aside.  Exits
# 1 if there is any.  `make sizes` runs it; `tools/sizes.sh -a` lists the
# ten largest files and functions as well.
all=0
[ "${1:-}" = -a ] && all=1
files=$(find src grammar -name '*.c' -o -name '*.h' -o -name '*.y' -o -name '*.l' | sort)
over=0
for f in $files; do
	n=$(wc -l <"$f")
	[ "$n" -gt 1500 ] && { echo "$f: $n lines"; over=1; }
done
fns=$(for f in $files; do
	awk -v f="$f" '
		/^[A-Za-z_].*[^;]$/ && !/^(static )?(const )?(struct|enum|union) [a-z_]+ *\{?$/ { head = NR; sig = $0 }
		/^\{$/ && head { start = head; name = sig }
		/^\}/ && start { printf "%d %s:%d %s\n", NR - start + 1, f, start, name; start = 0; head = 0 }
	' "$f"
done | sort -rn)
echo "$fns" | awk '$1 > 150 { print $2 ": " $1 " lines: " substr($0, index($0, $3)); bad = 1 } END { exit bad }' || over=1
if [ $all = 1 ]; then
	echo "largest files:"
	wc -l $files | sort -rn | sed -n '2,11p'
	echo "largest functions:"
	echo "$fns" | head -10
fi
exit $over
