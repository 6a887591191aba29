#!/bin/sh
# tools/statics.sh [BUILD]: list every mutable variable with static storage
# in the library and the command line: objects the compiler placed in
# .data or .bss (const tables go to .rodata or .data.rel.ro and are not
# listed).  Prints one line per variable, "object: name (section)", and
# exits 1 if there is any.  `make statics` runs it, and make check
# (tests/checks/statics.sh).  The objects are those of the layers'
# folders of BUILD (src/LAYERS) and its gen/, not those of other builds
# kept under it (build/release, build/asan...).  What a sanitizer or a
# profiler adds (__odr_asan..., __gcov...) is not citex's and is passed
# over.
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}
found=0
layers=$(sed -n 's/^\([a-z][a-z ]*\):.*/\1/p' src/LAYERS)
for l in $layers gen; do
	[ -d "$B/$l" ] && find "$B/$l" -maxdepth 1 -name '*.o'
done | sort | while IFS= read -r o; do
	objdump -t "$o" | awk -v o="$o" '
		/ O / {
			sec = ""
			for (i = 1; i <= NF; i++) if ($i ~ /^\./) { sec = $i; break }
			if ($NF ~ /^__(odr_asan|asan|tsan|ubsan|sancov|gcov|llvm)/)
				next
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
