#!/bin/sh
# checks/symbols.sh - what the installed libcitex.a exports.  `make
# install` into a temporary directory; nm on the installed archive finds
# no global symbol outside the cx_ prefix, and exactly the functions the
# installed citex.h declares; a program that defines its own xmalloc,
# utf8_next, text_nfc and lang_tag (symbols/clash.c) links against it, and
# converts as citex does without the library calling any of them.
. "$(dirname "$0")/lib/common.sh"
cd "$ROOT" || exit 2

# Install from the build the tests run (build/ or build/asan/).
build=$(dirname "$CITEX")
case "$build" in "$PWD" | .) build=build ;; "$PWD"/*) build=${build#"$PWD"/} ;; esac
san=
case "$build" in *asan*) san="-fsanitize=address,undefined" ;; esac
if ! have make || ! have nm; then
	skip "the installed library" "make or nm is missing"
	exit 0
fi
dest=$tmp/dest
prefix=/usr/local
if ! make -s install BUILD="$build" DESTDIR="$dest" PREFIX="$prefix" >"$tmp/make.log" 2>&1; then
	fail "make install DESTDIR=..." "$tmp/make.log"
	exit 1
fi
lib=$dest$prefix/lib/libcitex.a
inc=$dest$prefix/include/citex

# Global symbols the archive defines (nm -g --defined-only: "ADDR TYPE NAME").
nm -g --defined-only "$lib" 2>"$tmp/nm.err" | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/exported"
if [ ! -s "$tmp/exported" ]; then
	fail "nm reads the installed libcitex.a" "$tmp/nm.err"
	exit 1
fi
grep -v '^cx_' "$tmp/exported" >"$tmp/foreign"
if [ -s "$tmp/foreign" ]; then
	fail "every global symbol of libcitex.a starts with cx_ ($(wc -l <"$tmp/foreign") do not)" "$tmp/foreign"
else
	ok "every global symbol of libcitex.a starts with cx_ ($(wc -l <"$tmp/exported") symbols)"
fi
# The functions citex.h declares: "CX_EXPORT ... cx_name(" on one line.
sed -n 's/^CX_EXPORT .*[ *]\(cx_[a-z0-9_]*\)(.*/\1/p' "$inc/citex.h" | sort -u >"$tmp/declared"
comm -23 "$tmp/exported" "$tmp/declared" >"$tmp/undeclared"
comm -13 "$tmp/exported" "$tmp/declared" >"$tmp/missing"
if [ -s "$tmp/undeclared" ]; then fail "libcitex.a exports nothing citex.h does not declare" "$tmp/undeclared"
else ok "libcitex.a exports nothing citex.h does not declare"; fi
if [ -s "$tmp/missing" ]; then fail "libcitex.a exports every function citex.h declares" "$tmp/missing"
else ok "libcitex.a exports every function citex.h declares"; fi

# A program with functions named as the library's internal ones.
if have cc && have pkg-config; then
	# The libraries it needs, from the citex.pc that was installed with it:
	# its Requires must name every one.
	libs=$(PKG_CONFIG_PATH=$dest$prefix/lib/pkgconfig pkg-config --libs citex 2>"$tmp/pc.err" |
		sed 's/ -lcitex / /; s/^-L[^ ]* //')
	if cc -std=c11 -Wall -Wextra -Werror $san -I"$inc" -o "$tmp/clash" tests/checks/symbols/clash.c \
		"$lib" $libs >"$tmp/cc.log" 2>&1; then
		ok "a program defining xmalloc, utf8_next, text_nfc and lang_tag links against libcitex.a"
	else
		fail "a program defining xmalloc, utf8_next, text_nfc and lang_tag links against libcitex.a" "$tmp/cc.log"
	fi
	in=tests/cases/bibtex/latex.bib
	"$tmp/clash" csl-json "$in" >"$tmp/lib.out" 2>"$tmp/lib.err"
	echo "exit $?" >>"$tmp/lib.err"
	"$CITEX" -q -t csl-json "$in" >"$tmp/cli.out" 2>/dev/null
	same "that program converts $in as citex does" "$tmp/cli.out" "$tmp/lib.out"
	printf 'own functions: 4\nexit 0\n' >"$tmp/want.err"
	same "the library calls none of the program's functions; the program's own calls reach them" \
		"$tmp/want.err" "$tmp/lib.err"
else
	skip "a program with its own xmalloc" "cc or pkg-config is missing"
fi
done_checks
