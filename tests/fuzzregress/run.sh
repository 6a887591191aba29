#!/bin/sh
# tests/fuzzregress/run.sh - replay the inputs fuzzing once broke.
#
# Each tests/fuzz/regress/READER-NAME is an input that crashed, leaked, hung
# or ran out of memory in the READER harness (tests/fuzz) before its fix.
# It is converted to every format, from a file and from a pipe (BibTeX
# resolves crossrefs differently for each), with the options the harness
# uses.  Every run must exit 0 or 1 within 10 seconds and print no
# sanitizer report, so the suite means most under `make asan`.
# Prints "N passed, M failed" and exits 1 on any failure.
dir=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$dir/../../citex}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME FILE ARGS...: convert FILE from a file, then from a pipe.
run() {
	name=$1 file=$2
	shift 2
	for via in file pipe; do
		if [ $via = file ]; then
			timeout 10 "$CITEX" -q "$@" "$file" >/dev/null 2>"$tmp/err"
		else
			timeout 10 "$CITEX" -q "$@" <"$file" >/dev/null 2>"$tmp/err"
		fi
		rc=$?
		if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
			fail=$((fail + 1))
			echo "FAIL: $name ($via) $*: exit $rc"
			head -20 "$tmp/err" | sed 's/^/    /'
		else
			pass=$((pass + 1))
		fi
	done
}

for f in "$dir"/../fuzz/regress/*-*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	reader=${name%%-*}
	[ "$reader" = csljson ] && reader=csl-json
	set -- -f "$reader"
	[ "$reader" = cv ] && set -- "$@" --owner "Jane Q. Doe"
	run "$name" "$f" "$@" -t bibtex --report-loss
	run "$name" "$f" "$@" -t bibtex --ascii --expand-macros
	run "$name" "$f" "$@" -t biblatex --expand-macros
	run "$name" "$f" "$@" -t biblatex --ascii --report-loss
	run "$name" "$f" "$@" -t ris --report-loss
	run "$name" "$f" "$@" -t ris --particles=dropping
	run "$name" "$f" "$@" -t csl-json --report-loss
	run "$name" "$f" -f "$reader" -t csl-json --particles=dropping
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
