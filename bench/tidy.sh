#!/bin/sh
# bench/tidy.sh: citex tidy against bibtex-tidy 1.14.0 (Node.js), and a
# previous build of citex, in one run over the same files and options.  Not
# part of make check.
#
#   BIBTEX_TIDY=DIR [PREV=OLD/citex] sh bench/tidy.sh
#
# DIR is bibtex-tidy's package folder (npm install bibtex-tidy@1.14.0 in a
# scratch folder: DIR=that/node_modules/bibtex-tidy).  PREV is an older
# citex to measure alike; one without `tidy` is measured on what it has
# nearest, its own BibTeX to BibTeX conversion, and so labelled.
#
# Input: every .bib of ../shared/corpora/bibtex-tidy, biber-tdata,
# large-bib and pandoc-biblatex.  Each tool reads each file on standard
# input in a process of its own, as an editor, a hook or a script runs it:
# CPU time (user + system, GNU time over the whole loop, so Node.js's
# start-up counts as it does for a user) and wall time, under two option
# sets: bibtex-tidy's defaults, and a heavier set that sorts, merges and
# rewrites values.  Then big.bib alone, and bibtex-tidy over every file in
# one Node.js process (tests/checks/tidy/peer.js), its start-up paid once.
set -u
here=$(cd "$(dirname "$0")" && pwd)
CITEX=${CITEX:-$here/../citex}
PREV=${PREV:-}
C=$here/../../shared/corpora
BT=${BIBTEX_TIDY:-}
if [ -z "$BT" ] || [ ! -f "$BT/bin/bibtex-tidy" ] || ! command -v node >/dev/null 2>&1; then
	echo "bench/tidy.sh: needs node and BIBTEX_TIDY=DIR (bibtex-tidy 1.14.0's package folder)" >&2
	exit 2
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
find "$C/bibtex-tidy" "$C/biber-tdata" "$C/large-bib" "$C/pandoc-biblatex" -name '*.bib' | sort >"$d/list"
files=$(wc -l <"$d/list")
bytes=$(xargs stat -c %s <"$d/list" | awk '{ s += $1 } END { print s }')
awk -v n="$files" -v s="$bytes" 'BEGIN { printf "input: %d files, %.1f MB\n", n, s / 1048576 }'
HEAVY="--sort=-year,key --sort-fields --duplicates --merge --curly --numeric --months"

# run LABEL CMD...: CMD < each file, one process each; prints wall, CPU, peak RSS.
run() {
	label=$1
	shift
	printf '%s\n' "$@" >"$d/cmd"
	/usr/bin/time -f '%e %U %S' -o "$d/t" sh -c '
		while read -r f; do "$@" <"$f" >/dev/null 2>&1; done <"$0"' "$d/list" "$@"
	set -- $(tail -1 "$d/t")
	awk -v l="$label" -v w="$1" -v u="$2" -v s="$3" -v b="$bytes" 'BEGIN {
		printf "%-46s %8.2fs %8.2fs %8.1f\n", l, w, u + s, b / 1048576 / (u + s) }'
	echo "$2 $3" | awk '{ print $1 + $2 }' >"$d/cpu.$label"
}

prev_tidy=0
if [ -n "$PREV" ] && "$PREV" tidy --version 2>/dev/null </dev/null | grep -q '^citex tidy'; then
	prev_tidy=1
fi
for set in defaults heavy; do
	opts=
	[ $set = heavy ] && opts=$HEAVY
	echo
	echo "options: ${opts:-(bibtex-tidy's defaults)}"
	printf '%-46s %9s %9s %8s\n' "tool (one process a file)" wall CPU "MB/s CPU"
	# shellcheck disable=SC2086
	run "bibtex-tidy $set" node "$BT/bin/bibtex-tidy" $opts
	# shellcheck disable=SC2086
	run "citex tidy $set" "$CITEX" tidy $opts
	if [ -n "$PREV" ] && [ $prev_tidy = 1 ]; then
		# shellcheck disable=SC2086
		run "previous citex tidy $set" "$PREV" tidy $opts
	elif [ -n "$PREV" ]; then
		run "previous citex -t bibtex (no tidy) $set" "$PREV" -q -t bibtex
	fi
	awk -v a="$(cat "$d/cpu.bibtex-tidy $set")" -v b="$(cat "$d/cpu.citex tidy $set")" 'BEGIN {
		printf "citex tidy takes 1/%.0f of bibtex-tidy'"'"'s CPU time\n", a / b }'
done

big=$C/large-bib/big.bib
echo
echo "big.bib alone ($(stat -c %s "$big" | awk '{ printf "%.1f MB", $1 / 1048576 }')), defaults:"
for t in bt citex; do
	if [ $t = bt ]; then
		/usr/bin/time -f '%e %U %S %M' -o "$d/t" node "$BT/bin/bibtex-tidy" <"$big" >/dev/null 2>&1
		label=bibtex-tidy
	else
		/usr/bin/time -f '%e %U %S %M' -o "$d/t" "$CITEX" tidy <"$big" >/dev/null 2>&1
		label="citex tidy"
	fi
	set -- $(tail -1 "$d/t")
	awk -v l="$label" -v w="$1" -v u="$2" -v s="$3" -v m="$4" 'BEGIN {
		printf "%-46s %8.2fs %8.2fs %8.0f MB RSS\n", l, w, u + s, m / 1024 }'
done

echo
echo "one process over every file (start-up paid once), defaults:"
while read -r f; do printf '["%s", "/dev/null"]\n' "$f"; done <"$d/list" >"$d/req"
/usr/bin/time -f '%e %U %S' -o "$d/t" node "$here/../tests/checks/tidy/peer.js" "$BT" <"$d/req" >/dev/null
set -- $(tail -1 "$d/t")
bt=$(awk -v u="$2" -v s="$3" 'BEGIN { print u + s }')
awk -v w="$1" -v c="$bt" 'BEGIN { printf "%-46s %8.2fs %8.2fs\n", "bibtex-tidy (tests/checks/tidy/peer.js)", w, c }'
# citex tidy --check reads and tidies every file and writes nothing.
/usr/bin/time -f '%e %U %S' -o "$d/t" xargs "$CITEX" tidy --check --no-lint <"$d/list" >/dev/null 2>&1
set -- $(tail -1 "$d/t")
awk -v w="$1" -v u="$2" -v s="$3" -v b="$bt" 'BEGIN {
	printf "%-46s %8.2fs %8.2fs\n", "citex tidy --check --no-lint FILE...", w, u + s
	printf "citex tidy takes 1/%.0f of bibtex-tidy'"'"'s CPU time\n", b / (u + s) }'
