# tests/checks/lib/common.sh - sourced by every check script.
#
# A check script prints one line per check: "ok NAME", "FAIL NAME" with
# detail lines indented under it, or "skip NAME: why".  tests/run.sh counts
# those lines; a script also runs alone (sh tests/checks/batch.sh) and then
# exits 1 if a check failed.  NAME starts with the script's name.
#
# Set here: CITEX (the binary under test, absolute), TESTS (tests/), CASES
# (tests/cases), ROOT (the repository), SHARED (../shared beside it, which
# may be missing), PY (python3 or empty), tmp (a scratch folder, removed on
# exit unless a check failed: then it is kept and its path printed) and
# CHECK (the script's name).
set -u
TESTS=${TESTS:-$(cd "$(dirname "$0")/.." && pwd)}
ROOT=${ROOT:-$(dirname "$TESTS")}
CASES=$TESTS/cases
CITEX=${CITEX:-$ROOT/build/citex}
case $CITEX in /*) ;; *) CITEX=$(cd "$(dirname "$CITEX")" && pwd)/$(basename "$CITEX") ;; esac
SHARED=${SHARED:-$ROOT/../shared}
CHECK=${CHECK:-$(basename "$0" .sh)}
PY=
for p in /usr/bin/python3 python3; do
	command -v "$p" >/dev/null 2>&1 && { PY=$p; break; }
done
NO_COLOR=1
export NO_COLOR
tmp=$(mktemp -d "${TMPDIR:-/tmp}/citex-$CHECK.XXXXXX") || exit 2
nfail=0
# A failed check's scratch files are what explains it: they stay.
scratch_done() {
	rc=$?
	if [ "$nfail" -eq 0 ] && [ "$rc" -eq 0 ]; then
		chmod -R u+w "$tmp" 2>/dev/null
		rm -rf "$tmp"
	else
		echo "    scratch kept: $tmp"
	fi
}
trap scratch_done EXIT
# Time limits guard against hangs, not speed: a sanitized build runs
# several times slower, so its limits are four times as long.
SLOW=1
case $CITEX in *asan*) SLOW=4 ;; esac

indent() { sed 's/^/    /'; }
ok() { echo "ok $CHECK: $1"; }
skip() { echo "skip $CHECK: $1: $2"; }
# fail NAME [FILE]: a failure, with the first lines of FILE as its detail.
fail() {
	echo "FAIL $CHECK: $1"
	nfail=$((nfail + 1))
	[ $# -gt 1 ] && [ -f "$2" ] && head -20 "$2" | indent
	return 0
}
# same NAME EXPECTED ACTUAL: the two files hold the same bytes.
same() {
	if cmp -s "$2" "$3"; then ok "$1"; else
		diff -u "$2" "$3" | sed '1,2d' | head -30 >"$tmp/.diff"
		fail "$1" "$tmp/.diff"
	fi
}
# expect NAME COMMAND...: the command succeeds (its output is the detail).
expect() {
	what=$1
	shift
	if "$@" >"$tmp/.out" 2>&1; then ok "$what"; else fail "$what" "$tmp/.out"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }
# corpora: ../shared/corpora is there (corpus sweeps run only then).
corpora() { [ -d "$SHARED/corpora" ]; }
# bibtex_ok: bibtex with plain.bst is installed.
bibtex_ok() { have bibtex && kpsewhich plain.bst >/dev/null 2>&1; }
# bibtex_accepts FILE.bib: bibtex with plain.bst reads every entry
# (\nocite{*}) and reports no error; its log is the output otherwise.
bibtex_accepts() {
	d=$(mktemp -d "$tmp/bt.XXXXXX")
	cp "$1" "$d/refs.bib"
	printf '\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n' >"$d/doc.aux"
	(cd "$d" && bibtex -terse doc >log.txt 2>&1)
	if grep -q 'error message' "$d/log.txt" || grep -qi '^I was expecting\|---line' "$d/log.txt"; then
		cat "$d/log.txt"
		return 1
	fi
	return 0
}
# biblatex_ok: pdflatex, biblatex and biber build a one-line document
# (pdflatex, biber, pdflatex twice; the \cite is resolved), the whole chain
# the biblatex checks lean on.  Looking for biblatex.sty and a biber
# program is not enough: biber may be broken, or of another version than
# biblatex (biber refuses the other's control file), and then every
# check built on them fails for a reason that is not citex's.  Without a
# working chain those checks print skip, with $blx_why as the reason.
# tests/run.sh probes once for the whole run ($CITEX_PROBES); a script
# run alone probes once.
biblatex_ok() {
	cache=
	[ -n "${CITEX_PROBES:-}" ] && [ -d "$CITEX_PROBES" ] && cache=$CITEX_PROBES/biblatex
	if [ -n "$cache" ] && [ -s "$cache" ]; then
		blx_why=$(cat "$cache")
	else
		blx_why=$(blx_probe)
		if [ -n "$cache" ]; then
			echo "$blx_why" >"$cache.$$" && mv "$cache.$$" "$cache"
		fi
	fi
	[ "$blx_why" = ok ]
}
blx_probe() { # prints "ok", or why not
	have pdflatex || { echo "pdflatex is not installed"; return; }
	have biber || { echo "biber is not installed"; return; }
	kpsewhich biblatex.sty >/dev/null 2>&1 || { echo "biblatex.sty is not installed"; return; }
	d=$(mktemp -d "$tmp/blx.XXXXXX")
	echo '@misc{probe, author = {Probe, Ann}, title = {Probe}, year = {2000}}' >"$d/probe.bib"
	printf '%s\n' '\documentclass{article}\usepackage[backend=biber]{biblatex}\addbibresource{probe.bib}\begin{document}\cite{probe}\printbibliography\end{document}' >"$d/doc.tex"
	to=
	have timeout && to="timeout 120"
	if ! (cd "$d" && $to pdflatex -interaction=nonstopmode -halt-on-error doc) >/dev/null 2>&1; then
		echo "pdflatex cannot load biblatex (a one-line document does not compile)"
	elif ! (cd "$d" && $to biber doc) >"$d/biber.out" 2>&1; then
		echo "biber fails on a one-line biblatex document: $(grep -m1 'ERROR' "$d/biber.out" | cut -c1-100)"
	elif ! (cd "$d" && $to pdflatex -interaction=nonstopmode -halt-on-error doc &&
		$to pdflatex -interaction=nonstopmode -halt-on-error doc) >/dev/null 2>&1 ||
		! grep -q 'entry{probe}' "$d/doc.bbl" 2>/dev/null || grep -q 'undefined\|wrong format' "$d/doc.log"; then
		echo "biblatex does not read what biber wrote for a one-line document"
	else
		echo ok
	fi
}
# done_checks: the script's exit status.
done_checks() { [ "$nfail" -eq 0 ]; }
