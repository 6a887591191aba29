#!/bin/sh
# checks/fuzzregress.sh - replay the inputs fuzzing once broke.
#
# Each tests/fuzz/regress/READER-NAME is an input that crashed, leaked, hung
# or ran out of memory in the READER harness (tests/fuzz) before its fix
# (tidy-NAME: fuzz_tidy's, which also wants tidying to be idempotent).
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

# tidy NAME FILE: fuzz_tidy's input through citex tidy, twice, with the
# options its first byte picks there (each bit one group, as
# tests/fuzz/fuzz_tidy.c reads it) and with none: each run exits 0 or 2,
# and the second gives what the first did.
tidy() {
	name=$1 file=$2
	b=$(od -An -tu1 -N1 "$file" | tr -d ' ')
	tail -c +2 "$file" >"$tmp/in.bib"
	o=
	[ $((b & 1)) != 0 ] && o="$o --sort=-year,type,key,title"
	[ $((b & 2)) != 0 ] && o="$o --merge --duplicates=doi,citation,abstract"
	[ $((b & 4)) != 0 ] && o="$o --generate-keys"
	[ $((b & 8)) != 0 ] && o="$o --wrap=40 --enclosing-braces --remove-braces"
	[ $((b & 16)) != 0 ] && o="$o --curly --numeric --months --sort-fields=title,author,year"
	[ $((b & 32)) != 0 ] && o="$o --no-escape --drop-all-caps --strip-enclosing-braces --encode-urls --max-authors=2"
	[ $((b & 64)) != 0 ] && o="$o --no-tidy-comments --remove-empty-fields --trailing-commas --blank-lines --no-align --tab"
	for opts in "" "$o"; do
		# shellcheck disable=SC2086
		timeout $((10 * SLOW)) "$CITEX" tidy $opts <"$tmp/in.bib" >"$tmp/o1" 2>"$tmp/err"
		rc=$?
		# shellcheck disable=SC2086
		[ $rc = 0 ] && timeout $((10 * SLOW)) "$CITEX" tidy $opts <"$tmp/o1" >"$tmp/o2" 2>>"$tmp/err"
		if { [ $rc != 0 ] && [ $rc != 2 ]; } || grep -q 'Sanitizer\|runtime error' "$tmp/err" ||
			{ [ $rc = 0 ] && ! cmp -s "$tmp/o1" "$tmp/o2"; }; then
			fail "$name tidy$opts: exit $rc" "$tmp/err"
		else
			ok "$name tidy$opts"
		fi
	done
}

for f in "$TESTS"/fuzz/regress/*-*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	reader=${name%%-*}
	if [ "$reader" = tidy ]; then
		tidy "$name" "$f"
		continue
	fi
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
