#!/bin/sh
# checks/aux.sh - --aux: only the entries a LaTeX run cited.
#
# 1. The hand-written .aux files of tests/cases/aux/hand (their
#    diagnostics are the cases refs.main, refs.star and refs.nociteall):
#    hand/NAME.keys is the hand-checked list of entries citex keeps, one
#    "type key" line each; --strict counts a missing citation; an
#    unreadable .aux is an I/O error and writes no output file.
# 2. End to end: paper.tex built with pdflatex + bibtex, paper-blx.tex with
#    pdflatex + biblatex/biber.  Each is built twice: once against refs.bib,
#    once against the subset citex writes from the first LaTeX run's .aux.
#    The subset build must report no missing entry in its .blg or .log and
#    give the same .bbl as the full build.  Skipped when pdflatex and
#    bibtex are missing, or pdflatex, biblatex and biber cannot build a
#    one-line document (biblatex_ok in lib/common.sh).
# runner: slow
. "$(dirname "$0")/lib/common.sh"
cd "$CASES/aux" || exit 2
A=$(pwd)
# The kept entries, one "type key" line each.
keys() { sed -n 's/^@\([a-z]*\){\([^ ,]*\)[ ,].*/\1 \2/p' "$1"; }

# ---- 1. hand-written .aux files ------------------------------------------------
hand() { # hand AUX KEYS [BIB]: citex keeps the entries of hand/KEYS.keys
	"$CITEX" --aux "hand/$1.aux" "${3:-refs.bib}" >"$tmp/$1.bib" 2>/dev/null
	expect "$1: exit status 0" [ $? -eq 0 ]
	keys "$tmp/$1.bib" >"$tmp/$1.keys"
	same "$1: the kept entries" "hand/$2.keys" "$tmp/$1.keys"
}
hand main main
hand star all
hand nociteall all
hand sets sets hand/sets.bib

# Missing citations are warnings: --strict makes them count.
"$CITEX" --strict --aux hand/star.aux refs.bib >/dev/null 2>&1
expect "--strict with a missing citation: exit 1" [ $? -eq 1 ]

# An unreadable .aux is an I/O error, and no output file appears.
"$CITEX" --aux hand/nosuch.aux -o "$tmp/none.bib" refs.bib 2>"$tmp/nosuch.err"
expect "unreadable .aux: exit 2" [ $? -eq 2 ]
expect "unreadable .aux: no output file" [ ! -e "$tmp/none.bib" ]
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
	latex "$2" || { echo "first LaTeX run failed"; cd "$A"; return 1; }
	if [ "$4" = 1 ]; then
		"$CITEX" --aux "$2.aux" -o subset.bib refs.bib 2>citex.err || { cat citex.err; cd "$A"; return 1; }
		[ -s citex.err ] && { echo "citex said:"; cat citex.err; cd "$A"; return 1; }
		mv subset.bib refs.bib
	fi
	"$3" "$2" >/dev/null 2>&1
	latex "$2" && latex "$2"
	rc=$?
	cd "$A"
	return $rc
}

# e2e NAME DOC DRIVER: the subset build is as clean as the full one and
# gives the same bibliography.
e2e() {
	name=$1
	if build "$name-full" "$2" "$3" 0 >"$tmp/log" 2>&1; then ok "$name: the full build"; else
		fail "$name: the full build fails" "$tmp/log"; return; fi
	if build "$name-sub" "$2" "$3" 1 >"$tmp/log" 2>&1; then ok "$name: the subset build"; else
		fail "$name: the subset build fails" "$tmp/log"; return; fi
	keys "$tmp/$name-sub/refs.bib" >"$tmp/$name.keys"
	same "$name: the subset holds the cited entries and their parents" paper.keys "$tmp/$name.keys"
	for b in full sub; do
		d=$tmp/$name-$b
		if grep -E "didn't find|Warning--|WARN|ERROR|bad cross reference" "$d/$2.blg" >"$tmp/log"; then
			fail "$name ($b): $3 reports problems in $2.blg" "$tmp/log"
		else ok "$name ($b): $3 reports no problem"; fi
		if grep -E "undefined|could not be found|Please \(re\)run|rerun" "$d/$2.log" >"$tmp/log"; then
			fail "$name ($b): LaTeX reports missing citations in $2.log" "$tmp/log"
		else ok "$name ($b): LaTeX reports no missing citation"; fi
	done
	same "$name: the subset gives the same .bbl" "$tmp/$name-full/$2.bbl" "$tmp/$name-sub/$2.bbl"
}

if have pdflatex && bibtex_ok; then
	e2e bibtex paper bibtex
else
	skip "pdflatex + bibtex" "needs texlive-latex-base"
fi
if biblatex_ok; then
	e2e biber paper-blx biber
else
	skip "pdflatex + biblatex + biber" "$blx_why"
fi
done_checks
