#!/bin/sh
# tests/lint/run.sh - citex --check.  Each case runs citex --check on
# inputs here and compares stderr with NAME.stderr, written by hand, line
# for line; it also wants the exit status given and nothing on stdout.
set -u
CITEX=${CITEX:-../../citex}
T=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$T" || exit 2
case $CITEX in /*) ;; *) CITEX=$(cd "$(dirname "$CITEX")" && pwd)/$(basename "$CITEX") ;; esac
fail=0

# t NAME EXPECTED-STATUS ARGS...: stderr must equal NAME.stderr.
t() {
	name=$1 want=$2
	shift 2
	NO_COLOR=1 "$CITEX" "$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if ! cmp -s "$name.stderr" "$TMP/err"; then
		echo "FAIL: $name ($*): stderr differs"
		diff -u "$name.stderr" "$TMP/err" | head -20
		fail=1
	fi
	if [ "$got" != "$want" ]; then
		echo "FAIL: $name ($*): exit $got, want $want"
		fail=1
	fi
	if [ -s "$TMP/out" ]; then
		echo "FAIL: $name ($*): --check wrote to stdout"
		fail=1
	fi
}

t required 0 --check required.bib
t crossref 0 --check crossref.bib
t values 0 --check values.bib
t values 1 --check --strict values.bib
t reader 1 --check reader.bib
t dups 0 --check dup-a.bib dup-b.bib
t dups 0 --check -j 2 dup-a.bib dup-b.bib
t formats 0 --check formats.ris formats.json
t cv 0 --check formats.txt dup-cv.bib
# --aux: only the cited entries and their parents (an @inbook takes its
# title from the @book, as BibTeX's crossref does); 'uncited' is not checked.
t aux 0 --check --aux aux.aux aux.bib
t aux 1 --check --strict --aux aux.aux aux.bib
t clean 0 --check clean.bib
t clean 0 --check --strict clean.bib
t clean 0 --check --strict -t csl-json -o "$TMP/never" clean.bib
if [ -e "$TMP/never" ]; then
	echo "FAIL: --check -o wrote a file"
	fail=1
fi

# Without --check the same input converts as before: lint adds nothing.
NO_COLOR=1 "$CITEX" values.bib >/dev/null 2>"$TMP/err"
if [ -s "$TMP/err" ]; then
	echo "FAIL: lint warnings without --check"
	sed 's/^/    /' "$TMP/err" | head -5
	fail=1
fi
exit $fail
