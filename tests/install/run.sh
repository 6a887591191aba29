#!/bin/sh
# tests/install/run.sh - `make install PREFIX=...` into a temporary prefix,
# then a program built against the installed library through pkg-config
# must convert as the citex binary does, and the installed manual must
# format without warnings and name every option `citex --help` names.
# Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")/../.." || exit 2
CITEX=${CITEX:-$PWD/citex}
tmp=${TMPDIR:-/tmp}/citex-install.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
expect() {
	what=$1; shift
	if "$@"; then ok; else bad "$what"; fi
}

# Install from the build the tests run (build/ or build/asan/); ./citex is
# a copy of build/citex.
build=$(dirname "$CITEX")
case "$build" in "$PWD" | .) build=build ;; "$PWD"/*) build=${build#"$PWD"/} ;; esac
san=
case "$build" in *asan*) san="-fsanitize=address,undefined" ;; esac
prefix=$tmp/prefix
make -s install BUILD="$build" PREFIX="$prefix" >"$tmp/make.log" 2>&1
expect "make install exits 0" [ $? -eq 0 ] || cat "$tmp/make.log"
for f in bin/citex lib/libcitex.a include/citex/citex.h lib/pkgconfig/citex.pc share/man/man1/citex.1; do
	expect "installed $f" [ -s "$prefix/$f" ]
done
expect "the installed citex runs" sh -c "'$prefix/bin/citex' --version | grep -q '^citex '"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
expect "pkg-config knows citex" pkg-config --exists citex
flags=$(pkg-config --cflags --libs citex)
cc -std=c11 -Wall -Wextra -Werror $san -o "$tmp/convert" tests/install/convert.c $flags \
	2>"$tmp/cc.log"
expect "a program builds against the installed library" [ $? -eq 0 ] || cat "$tmp/cc.log"
for to in csl-json bibtex ris; do
	for in in tests/cases/basic.bib tests/cases/names.bib tests/ris/zotero.ris; do
		"$tmp/convert" $to "$in" >"$tmp/lib.out" 2>"$tmp/lib.err"
		"$CITEX" -q -t $to "$in" >"$tmp/cli.out" 2>/dev/null
		expect "library $in -> $to: same output as citex" cmp -s "$tmp/lib.out" "$tmp/cli.out"
	done
done
expect "the library counts the entries and reads their fields" grep -qx '[1-9][0-9]* entries, [1-9][0-9]* fields' "$tmp/lib.err"

man=$prefix/share/man/man1/citex.1
if command -v groff >/dev/null 2>&1; then
	groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff.err"
	expect "the manual formats without warnings" [ ! -s "$tmp/groff.err" ]
	groff -man -Tutf8 "$man" 2>/dev/null | sed 's/.\x08//g' >"$tmp/man.txt"
	for opt in $("$CITEX" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		expect "the manual documents $opt" grep -q -- "$opt" "$tmp/man.txt"
	done
else
	echo "SKIP: groff is missing: the manual was not checked"
fi

make -s uninstall PREFIX="$prefix" >/dev/null 2>&1
expect "make uninstall removes every file" [ -z "$(find "$prefix" -type f)" ]

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
