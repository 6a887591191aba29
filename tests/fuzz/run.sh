#!/bin/sh
# tests/fuzz/run.sh - build the libFuzzer harnesses and run each one.
#
# usage: sh tests/fuzz/run.sh [SECONDS [READER...]]
#
# `make fuzz SECONDS=N` builds build/fuzz/libcitex-internal.a (the
# harnesses use the library's own headers) with clang and the
# sanitizers and calls this script.  Each harness (tests/fuzz/fuzz_*.c) runs
# for SECONDS (default 60) with its dictionary; its corpus grows in
# build/fuzz/corpus-READER, seeded afresh each run from the test inputs and
# seeds/.  A crash, leak, timeout or out-of-memory input is saved as
# build/fuzz/artifacts/READER-* and makes the script fail; replay it with
# build/fuzz/fuzz_READER FILE.  Not run by tests/run.sh: it needs clang.
set -u
cd "$(dirname "$0")/../.."
B=${FUZZ_BUILD:-build/fuzz}
CLANG=${CLANG:-clang}
SECS=${1:-60}
[ $# -gt 0 ] && shift
READERS=${*:-bibtex ris csljson cv csl tidy nbib isi endnote endnotexml pubmedxml mods cff cslyaml hayagriva}
SAN="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
UTF8PROC_LIBS=$(pkg-config --libs libutf8proc 2>/dev/null || echo -lutf8proc)
# the CSL processor's and the readers' too: expat, ICU and libyaml
LIBS="$UTF8PROC_LIBS $(make -s print-ldlibs 2>/dev/null | sed 's/-lutf8proc//')"

# seeds READER: the inputs a reader starts from, one file name a line.
seeds() {
	case $1 in
	bibtex) ls tests/cases/*/*.bib tests/cases/*/*.out.bibtex tests/cases/*/*.out.biblatex \
		tests/checks/collect/*.bib ;;
	ris) ls tests/cases/*/*.ris tests/cases/*/*.out.ris ;;
	csljson) ls tests/cases/*/*.json tests/cases/*/*.jsonl tests/cases/*/*.out.csl-json ;;
	cv) ls seeds/* tests/cases/cv/*.txt tests/cases/cv/*.md tests/cases/cv/*.html \
		tests/cases/cv/*.tex ;;
	nbib) ls tests/cases/nbib/*.nbib tests/cases/ris/medline.ris ;;
	isi) ls tests/cases/isi/*.txt tests/cases/dedup/xdb-wos.txt tests/cases/ris/wos-tagged.ris ;;
	endnote) ls tests/cases/endnote/*.enw tests/cases/endnote/*.refer ;;
	endnotexml) ls tests/cases/endnote-xml/*.xml tests/cases/dedup/xdb-endnote.xml ;;
	pubmedxml) ls tests/cases/pubmed-xml/*.xml tests/cases/dedup/xdb-pubmed.xml ;;
	mods) ls tests/cases/mods/*.xml tests/cases/*/*.out.mods ;;
	cff) ls tests/cases/cff/*.cff ;;
	cslyaml) ls tests/cases/csl-yaml/*.md tests/cases/*/*.out.csl-yaml ;;
	hayagriva) ls tests/cases/hayagriva/*.yml tests/cases/*/*.out.hayagriva ;;
	csl) ls styles/*.csl tests/cases/csl/*.csl tests/cases/csl/styles/*.csl ;;
	tidy) ls tests/checks/tidy/spec/*.bib tests/cases/bibtex/*.bib ;;
	esac 2>/dev/null
	ls tests/fuzz/regress/"$1"-* 2>/dev/null
}

mkdir -p "$B/artifacts"
failed=
for r in $READERS; do
	src=tests/fuzz/fuzz_$r.c
	[ -f "$src" ] || { echo "fuzz: no harness $src" >&2; exit 2; }
	bin=$B/fuzz_$r
	$CLANG -std=c11 -O1 -g -fno-omit-frame-pointer $SAN -Isrc -Itests/fuzz -I"$B/gen" \
		-o "$bin" "$src" tests/fuzz/fuzz.c "$B/libcitex-internal.a" $LIBS || exit 2
	rm -rf "$B/seeds-$r"
	mkdir -p "$B/seeds-$r" "$B/corpus-$r"
	seeds "$r" | while read -r f; do
		[ "$(wc -c <"$f")" -le 65536 ] && cp "$f" "$B/seeds-$r/$(echo "$f" | tr / _)"
	done
	# fuzz_csl reads a style, a NUL, a locale, a NUL and items: some
	# published styles with the en-US locale and the cases' items
	if [ "$r" = csl ]; then
		for s in apa ieee chicago-author-date modern-language-association nature \
			chicago-note-bibliography american-chemical-society; do
			f=/usr/share/citation-style-language/styles/$s.csl
			[ -f "$f" ] || continue
			for items in tests/cases/csl/classes.json tests/cases/csl/conform.json; do
				{ cat "$f"; printf '\000'; cat styles/locales-en-US.xml; printf '\000'
				  cat "$items"; } >"$B/seeds-csl/$s-$(basename "$items" .json)"
			done
		done
	fi
	echo "== fuzz_$r for ${SECS}s"
	if ! "$bin" -dict="tests/fuzz/$r.dict" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
		-max_total_time="$SECS" -print_final_stats=1 -artifact_prefix="$B/artifacts/$r-" \
		"$B/corpus-$r" "$B/seeds-$r" 2>"$B/fuzz_$r.log"; then
		failed="$failed $r"
	fi
	grep -E '^(stat::|==[0-9]+==ERROR|SUMMARY)' "$B/fuzz_$r.log"
	grep -E '^#[0-9]+.*DONE' "$B/fuzz_$r.log" | tail -1
done
if [ -n "$failed" ]; then
	echo "fuzz: findings for$failed (see $B/artifacts and $B/fuzz_*.log)" >&2
	exit 1
fi
