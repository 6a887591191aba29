#!/bin/sh
# tools/statics.sh [BUILD]: list every mutable variable with static storage
# in the library and the command line: objects the compiler placed in
# .data or .bss (const tables go to .rodata or .data.rel.ro and are not
# listed).  Prints one line per variable, "object: name (section)", and
# exits 1 if there is any.  `make statics` runs it.
B=${1:-build}
found=0
for o in $(find "$B" -name '*.o' -not -path '*/test_*' | sort); do
	case $o in */asan/* | */fuzz/* | */tsan/* | */pgo/*) [ "$B" = build ] && continue ;; esac
	objdump -t "$o" | awk -v o="$o" '
		/ O / {
			sec = ""
			for (i = 1; i <= NF; i++) if ($i ~ /^\./) { sec = $i; break }
			if (sec ~ /^\.(data|bss)(\.|$)/ && sec !~ /^\.data\.rel\.ro/)
				print o ": " $NF " (" sec ")"
		}'
done >"${TMPDIR:-/tmp}/statics.$$"
if [ -s "${TMPDIR:-/tmp}/statics.$$" ]; then
	cat "${TMPDIR:-/tmp}/statics.$$"
	found=1
fi
n=$(wc -l <"${TMPDIR:-/tmp}/statics.$$")
rm -f "${TMPDIR:-/tmp}/statics.$$"
echo "$n mutable static variables"
exit $found
