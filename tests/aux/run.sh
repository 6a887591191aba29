#!/bin/sh
# tests/aux/run.sh - --aux: only the entries a LaTeX run cited.
#
# 1. Hand-written .aux files (no TeX needed): hand/main.aux cites in every
#    form LaTeX writes (\citation lists, biblatex's \abx@aux@cite with one
#    and two arguments, \@input of a chapter's .aux that includes itself),
#    with missing keys and a case mismatch; star.aux and nociteall.aux
#    cite everything; sets.aux needs set members, related entries and a
#    crossref chain.  NAME.keys is the hand-checked list of entries citex
#    must keep, NAME.stderr its diagnostics.
# 2. End to end: paper.tex built with pdflatex + bibtex, paper-blx.tex with
#    pdflatex + biblatex/biber.  Each is built twice: once against refs.bib,
#    once against the subset citex writes from the first LaTeX run's .aux.
#    The subset build must report no missing entry in its .blg or .log and
#    give the same .bbl as the full build.  Skipped, with a SKIP line, when
#    pdflatex, bibtex, biber or biblatex.sty is missing.
# Prints "N passed, M failed"; exits 1 on any failure.
cd "$(dirname "$0")" || exit 2
T=$(pwd)
CITEX=${CITEX:-../../citex}
case $CITEX in /*) ;; *) CITEX=$T/$CITEX ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/citex-aux.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
# The kept entries, one "type key" line each.
keys() { sed -n 's/^@\([a-z]*\){\([^ ,]*\)[ ,].*/\1 \2/p' "$1"; }
same() { # same NAME EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then ok; else bad "$1"; diff "$2" "$3" | head -20; fi
}

# ---- 1. hand-written .aux files ------------------------------------------------
hand() { # hand AUX KEYS [STDERR [BIB]]: citex keeps KEYS and says STDERR
	aux=$1 # (nothing when STDERR is empty; anything when it is "-")
	"$CITEX" --aux "hand/$aux.aux" "${4:-refs.bib}" >"$tmp/$aux.bib" 2>"$tmp/$aux.err"
	rc=$?
	if [ "$rc" -eq 0 ]; then ok; else bad "$aux: exit status $rc, want 0"; fi
	keys "$tmp/$aux.bib" >"$tmp/$aux.keys"
	same "$aux: the kept entries" "hand/$2.keys" "$tmp/$aux.keys"
	if [ "${3:-}" = - ]; then
		:
	elif [ -n "${3:-}" ]; then
		same "$aux: the diagnostics" "hand/$3.stderr" "$tmp/$aux.err"
	elif [ -s "$tmp/$aux.err" ]; then
		bad "$aux: unexpected diagnostics"
		head -5 "$tmp/$aux.err"
	fi
}
hand main main main
hand star all star
hand nociteall all
# The reader's own warnings about @set are not the point here.
hand sets sets - hand/sets.bib

# Missing citations are warnings: --strict makes them count.
"$CITEX" --strict --aux hand/star.aux refs.bib >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 1 ]; then ok; else bad "--strict with a missing citation: exit status $rc, want 1"; fi

# An unreadable .aux is an I/O error, and no output file appears.
"$CITEX" --aux hand/nosuch.aux -o "$tmp/none.bib" refs.bib 2>"$tmp/nosuch.err"
rc=$?
if [ "$rc" -eq 2 ] && [ ! -e "$tmp/none.bib" ]; then ok
else bad "unreadable .aux: exit status $rc (want 2), or an output file was written"; fi
echo "hand/nosuch.aux: error: cannot read: No such file or directory" >"$tmp/nosuch.want"
same "unreadable .aux: the diagnostic" "$tmp/nosuch.want" "$tmp/nosuch.err"

# ---- 2. end to end with LaTeX ------------------------------------------------------
latex() { pdflatex -interaction=nonstopmode -halt-on-error "$1" >/dev/null 2>&1; }

# build DIR DOC DRIVER SUBSET: latex, DRIVER (bibtex or biber), latex twice.
# With SUBSET=1, refs.bib is replaced by citex's subset after the first run.
build() {
	dir=$tmp/$1
	mkdir -p "$dir" && cp paper.tex paper-blx.tex chapter.tex refs.bib "$dir" || return 1
	cd "$dir" || return 1
	latex "$2" || { echo "first LaTeX run failed"; cd "$T"; return 1; }
	if [ "$4" = 1 ]; then
		"$CITEX" --aux "$2.aux" -o subset.bib refs.bib 2>citex.err || { cat citex.err; cd "$T"; return 1; }
		[ -s citex.err ] && { echo "citex said:"; cat citex.err; cd "$T"; return 1; }
		mv subset.bib refs.bib
	fi
	"$3" "$2" >/dev/null 2>&1
	latex "$2" && latex "$2"
	rc=$?
	cd "$T"
	return $rc
}

# e2e NAME DOC DRIVER: the subset build is as clean as the full one and
# gives the same bibliography.
e2e() {
	name=$1
	if build "$name-full" "$2" "$3" 0; then ok; else bad "$name: the full build fails"; return; fi
	if build "$name-sub" "$2" "$3" 1; then ok; else bad "$name: the subset build fails"; return; fi
	keys "$tmp/$name-sub/refs.bib" >"$tmp/$name.keys"
	same "$name: the subset holds the cited entries and their parents" paper.keys "$tmp/$name.keys"
	for b in full sub; do
		d=$tmp/$name-$b
		if grep -E "didn't find|Warning--|WARN|ERROR|bad cross reference" "$d/$2.blg"; then
			bad "$name ($b): $3 reports problems in $2.blg"
		else ok; fi
		if grep -E "undefined|could not be found|Please \(re\)run|rerun" "$d/$2.log"; then
			bad "$name ($b): LaTeX reports missing citations in $2.log"
		else ok; fi
	done
	same "$name: the subset gives the same .bbl" "$tmp/$name-full/$2.bbl" "$tmp/$name-sub/$2.bbl"
}

have() { command -v "$1" >/dev/null 2>&1; }
if have pdflatex && have bibtex && [ -n "$(kpsewhich plain.bst 2>/dev/null)" ]; then
	e2e bibtex paper bibtex
else
	echo "SKIP: tests/aux pdflatex + bibtex (needs texlive-latex-base)"
fi
if have pdflatex && have biber && [ -n "$(kpsewhich biblatex.sty 2>/dev/null)" ]; then
	e2e biber paper-blx biber
else
	echo "SKIP: tests/aux pdflatex + biblatex + biber (needs texlive-latex-base," \
		"texlive-latex-recommended, texlive-bibtex-extra and biber)"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
