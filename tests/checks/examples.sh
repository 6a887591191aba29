#!/bin/sh
# checks/examples.sh - the example programs of tests/example, one for each
# service of citex.h, built against the installed library through
# pkg-config (`make install` into a temporary prefix) and run beside the
# citex command that does the same: the same output (and, for lint and
# dedup, the same diagnostics).  install.sh checks convert.c.
. "$(dirname "$0")/lib/common.sh"
cd "$ROOT" || exit 2

# Install from the build the tests run (build/ or build/asan/).
build=$(dirname "$CITEX")
case "$build" in "$PWD" | .) build=build ;; "$PWD"/*) build=${build#"$PWD"/} ;; esac
san=
case "$build" in *asan*) san="-fsanitize=address,undefined" ;; esac
if ! have make || ! have pkg-config || ! have cc; then
	skip "the example programs" "make, pkg-config or cc is missing"
	exit 0
fi
prefix=$tmp/prefix
if ! make -s install BUILD="$build" PREFIX="$prefix" >"$tmp/make.log" 2>&1; then
	fail "make install" "$tmp/make.log"
	exit 1
fi
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs citex)
for ex in bib keys dedup aux lint; do
	if cc -std=c11 -Wall -Wextra -Werror $san -o "$tmp/$ex" tests/example/$ex.c $flags \
		>"$tmp/cc.log" 2>&1; then
		ok "tests/example/$ex.c builds against the installed library"
	else
		fail "tests/example/$ex.c builds against the installed library" "$tmp/cc.log"
	fi
done

# example NAME ARGS -- CITEX-ARGS: stdout of both, compared.
example() {
	what=$1
	shift
	args=
	while [ "$1" != -- ]; do args="$args $1"; shift; done
	shift
	(cd "$CASES" && "$tmp/$what" $args) >"$tmp/ex.out" 2>"$tmp/ex.err"
	echo "exit $?" >>"$tmp/ex.err"
	(cd "$CASES" && "$CITEX" "$@") >"$tmp/cli.out" 2>"$tmp/cli.err"
	echo "exit $?" >>"$tmp/cli.err"
}

for to in text html markdown latex; do
	example bib $to csl/basic.bib -- -q -t $to csl/basic.bib
	same "bib $to csl/basic.bib: as citex -t $to" "$tmp/cli.out" "$tmp/ex.out"
done
example bib html bibtex/names.bib apa -- -q -t html --style apa bibtex/names.bib
if grep -q "no style 'apa'\|cannot" "$tmp/ex.err"; then
	skip "bib with the style apa" "citation-style-language-styles is not installed"
else
	same "bib html bibtex/names.bib apa: as citex --style apa" "$tmp/cli.out" "$tmp/ex.out"
fi

example keys keys/input.bib -- -q --keys -t bibtex keys/input.bib
same "keys keys/input.bib: as citex --keys" "$tmp/cli.out" "$tmp/ex.out"
example keys keys/aliases.bib '[auth][year]' -- -q --keys='[auth][year]' -t bibtex keys/aliases.bib
same "keys with a pattern: as citex --keys=PATTERN" "$tmp/cli.out" "$tmp/ex.out"

example dedup dedup/a.bib dedup/b.ris dedup/c.json -- --dedup -t csl-json dedup/a.bib dedup/b.ris dedup/c.json
same "dedup of a .bib, a .ris and a .json: as citex --dedup" "$tmp/cli.out" "$tmp/ex.out"
# The same notes, then the count and the status.
grep -v '^exit' "$tmp/cli.err" >"$tmp/want.err"
n=$(grep -c ': note: duplicate of' "$tmp/want.err")
printf '%s merged\nexit 0\n' "$n" >>"$tmp/want.err"
same "dedup reports each merge as citex does" "$tmp/want.err" "$tmp/ex.err"

example aux aux/hand/main.aux aux/refs.bib -- -q --aux aux/hand/main.aux -t bibtex aux/refs.bib
same "aux aux/hand/main.aux: as citex --aux" "$tmp/cli.out" "$tmp/ex.out"

for f in lint/values.bib lint/required.bib lint/reader.bib lint/crossref.bib; do
	[ -f "$CASES/$f" ] || continue
	example lint $f -- --check $f
	same "lint $f: the diagnostics and status of citex --check" "$tmp/cli.err" "$tmp/ex.err"
done
done_checks
