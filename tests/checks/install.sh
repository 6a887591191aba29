#!/bin/sh
# checks/install.sh - `make install PREFIX=...` into a temporary prefix
# installs the program, the header, the library, the pkg-config file and
# the manual; the example program tests/example/convert.c builds against
# the installed library through pkg-config and converts as the citex binary
# does; the installed manual formats without warnings and names every
# option `citex --help` names; `make uninstall` removes every file.
. "$(dirname "$0")/lib/common.sh"
cd "$ROOT" || exit 2

# Install from the build the tests run (build/ or build/asan/).
build=$(dirname "$CITEX")
case "$build" in "$PWD" | .) build=build ;; "$PWD"/*) build=${build#"$PWD"/} ;; esac
san=
case "$build" in *asan*) san="-fsanitize=address,undefined" ;; esac
prefix=$tmp/prefix
if ! have make; then
	skip "make install" "make is missing"
	exit 0
fi
make -s install BUILD="$build" PREFIX="$prefix" >"$tmp/make.log" 2>&1
if [ $? -eq 0 ]; then ok "make install exits 0"; else fail "make install exits 0" "$tmp/make.log"; fi
for f in bin/citex lib/libcitex.a include/citex/citex.h lib/pkgconfig/citex.pc share/man/man1/citex.1; do
	expect "installed $f" [ -s "$prefix/$f" ]
done
expect "the installed citex runs" sh -c "'$prefix/bin/citex' --version | grep -q '^citex '"

if have pkg-config && have cc; then
	export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
	expect "pkg-config knows citex" pkg-config --exists citex
	flags=$(pkg-config --cflags --libs citex)
	if cc -std=c11 -Wall -Wextra -Werror $san -o "$tmp/convert" tests/example/convert.c $flags \
		2>"$tmp/cc.log"; then
		ok "the example program builds against the installed library"
	else
		fail "the example program builds against the installed library" "$tmp/cc.log"
	fi
	for to in csl-json bibtex ris; do
		for in in tests/cases/bibtex/basic.bib tests/cases/bibtex/names.bib tests/cases/ris/zotero.ris; do
			"$tmp/convert" $to "$in" >"$tmp/lib.out" 2>"$tmp/lib.err"
			"$CITEX" -q -t $to "$in" >"$tmp/cli.out" 2>/dev/null
			same "library $in -> $to: same output as citex" "$tmp/cli.out" "$tmp/lib.out"
		done
	done
	expect "the library counts the entries and reads their fields" grep -qx '[1-9][0-9]* entries, [1-9][0-9]* fields' "$tmp/lib.err"
else
	skip "the example program" "pkg-config or cc is missing"
fi

man=$prefix/share/man/man1/citex.1
if have groff; then
	groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff.err"
	if [ -s "$tmp/groff.err" ]; then fail "the manual formats without warnings" "$tmp/groff.err"
	else ok "the manual formats without warnings"; fi
	groff -man -Tutf8 "$man" 2>/dev/null | sed 's/.\x08//g' >"$tmp/man.txt"
	for opt in $("$CITEX" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		expect "the manual documents $opt" grep -q -- "$opt" "$tmp/man.txt"
	done
else
	skip "the manual" "groff is missing"
fi

make -s uninstall PREFIX="$prefix" >/dev/null 2>&1
expect "make uninstall removes every file" [ -z "$(find "$prefix" -type f)" ]
done_checks
