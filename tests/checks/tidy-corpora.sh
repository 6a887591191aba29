#!/bin/sh
# runner: slow
# checks/tidy-corpora.sh - citex tidy over real bibliographies: every .bib of
# ../shared/corpora (bibtex-tidy's test files, biber's, pandoc's, large-bib)
# under the ten option sets of tidy/matrix.py.
#
# Idempotence: each output, tidied again under the same options, comes out
# the same.  Files that do not parse are counted (bibtex-tidy refuses them
# too, or leaves them open at the end).
#
# Against bibtex-tidy 1.14.0 itself, as a peer, when node and bibtex-tidy
# are there (BIBTEX_TIDY=DIR, the package folder, or a global npm install):
# the files up to 2 MB, each option set, must agree byte for byte (or both
# refuse the file) for at least the share citex reached, plain and with
# --lossy.  bench/RESULTS.md has the figures for every file, and the
# classes of what differs.
. "$(dirname "$0")/lib/common.sh"
D=$TESTS/checks/tidy
C=$SHARED/corpora
if ! corpora || [ -z "$PY" ]; then
	skip "corpora" "../shared/corpora or python3 not found"
	exit 0
fi
find "$C/bibtex-tidy" "$C/biber-tdata" "$C/large-bib" "$C/pandoc-biblatex" -name '*.bib' 2>/dev/null |
	sort >"$tmp/all"
$PY "$D/matrix.py" "$CITEX" - "$tmp/m" $(cat "$tmp/all") >"$tmp/idem" 2>&1
n=$(sed -n 's/^idempotent \([0-9]*\) of \([0-9]*\)$/\1 \2/p' "$tmp/idem")
set -- $n
if [ $# = 2 ] && [ "$1" = "$2" ]; then
	ok "idempotent on $(wc -l <"$tmp/all") files under 10 option sets ($2 runs, $(sed -n 's/^refused //p' "$tmp/idem") refused)"
else
	fail "idempotent on every corpus file" "$tmp/idem"
fi

P=${BIBTEX_TIDY:-}
if [ -z "$P" ] && have npm; then
	P=$(npm root -g 2>/dev/null)/bibtex-tidy
fi
if ! have node || [ ! -f "$P/bin/bibtex-tidy" ]; then
	skip "against bibtex-tidy" "node or bibtex-tidy 1.14.0 not found (BIBTEX_TIDY=DIR)"
	done_checks
	exit $?
fi
# Files up to 2 MB: bibtex-tidy takes minutes over the larger ones.
while read -r f; do
	[ "$(wc -c <"$f")" -le 2097152 ] && echo "$f"
done <"$tmp/all" >"$tmp/small"
# floor NAME FIGURE MIN
floor() {
	if awk "BEGIN { exit !($2 >= $3) }"; then ok "$1: $2 %"; else fail "$1: $2 %, below $3 %" "$tmp/peer"; fi
}
# bibtex-tidy's outputs are kept between runs, by content and options.
cache=$ROOT/build/tidy-peer
mkdir -p "$cache" 2>/dev/null || cache=$tmp/p
$PY "$D/matrix.py" "$CITEX" "$P" "$cache" $(cat "$tmp/small") >"$tmp/peer" 2>&1
floor "against bibtex-tidy, $(wc -l <"$tmp/small") files x 10 option sets" \
	"$(sed -n 's/^agree .*(\([0-9.]*\) %)$/\1/p' "$tmp/peer")" 92
$PY "$D/matrix.py" "$CITEX" "$P" "$cache" --lossy $(cat "$tmp/small") >"$tmp/peer" 2>&1
floor "against bibtex-tidy with --lossy" "$(sed -n 's/^agree .*(\([0-9.]*\) %)$/\1/p' "$tmp/peer")" 100
done_checks
