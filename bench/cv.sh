#!/bin/sh
# bench/cv.sh: time the cv reader on about 1 MB of publication-list text,
# made by repeating the seed documents (each copy under its own heading, so
# every copy is read; duplicates merge, which the reader must still check).
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
i=0
while [ "$(stat -c %s "$d/cv.txt" 2>/dev/null || echo 0)" -lt 1048576 ]; do
	i=$((i + 1))
	for s in "$here"/../seeds/*; do
		printf '\nPublications\n\n' >>"$d/cv.txt"
		sed "s/^\([A-Z][A-Za-z]*\):/\1 $i:/" "$s" >>"$d/cv.txt"
	done
done
size=$(stat -c %s "$d/cv.txt")
/usr/bin/time -f '%e %U %M' -o "$d/t" "$CITEX" -q -f cv "$d/cv.txt" >"$d/out.bib" 2>/dev/null
set -- $(cat "$d/t")
n=$(grep -c '^@' "$d/out.bib")
awk -v s="$size" -v t="$1" -v u="$2" -v m="$3" -v n="$n" 'BEGIN {
	printf "cv: %.2f MB of text -> %d entries in %.2f s wall (%.2f s CPU), peak RSS %.1f MB\n",
	       s / 1048576, n, t, u, m / 1024 }'
