#!/bin/sh
# checks/fuzzregress.sh - replay the inputs fuzzing once broke.
#
# Each tests/fuzz/regress/READER-NAME is an input that crashed, leaked, hung
# or ran out of memory in the READER harness (tests/fuzz) before its fix.
# It is converted to every format, from a file and from a pipe (BibTeX
# resolves crossrefs differently for each), with the options the harness
# uses.  Every run must exit 0 or 1 within 10 seconds (40 under ASan) and
# print no sanitizer report, so the suite means most under `make asan`.
. "$(dirname "$0")/lib/common.sh"

# run NAME FILE ARGS...: convert FILE from a file, then from a pipe.
run() {
	name=$1 file=$2
	shift 2
	for via in file pipe; do
		if [ $via = file ]; then
			timeout $((10 * SLOW)) "$CITEX" -q "$@" "$file" >/dev/null 2>"$tmp/err"
		else
			timeout $((10 * SLOW)) "$CITEX" -q "$@" <"$file" >/dev/null 2>"$tmp/err"
		fi
		rc=$?
		if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
			fail "$name ($via) $*: exit $rc" "$tmp/err"
		else
			ok "$name ($via) $*"
		fi
	done
}

for f in "$TESTS"/fuzz/regress/*-*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	reader=${name%%-*}
	case $reader in # the harness' name, the reader's
	csljson) reader=csl-json ;;
	cslyaml) reader=csl-yaml ;;
	endnotexml) reader=endnote-xml ;;
	pubmedxml) reader=pubmed-xml ;;
	esac
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
	run "$name" "$f" "$@" -t csl-yaml --report-loss
	run "$name" "$f" "$@" -t hayagriva --report-loss
	run "$name" "$f" "$@" -t mods --report-loss
done
done_checks
