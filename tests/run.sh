#!/bin/sh
# tests/run.sh [PATH...] - citex's one test runner.
#
# Runs three kinds of tests and prints one line for each check:
#   unit/test_NAME   a program built from tests/unit/test_NAME.c; it prints
#                    "N passed, M failed" last, and both counts join the total.
#   cases/AREA/NAME  an input beside its expected outputs (tests/README.md):
#                    each NAME[.VARIANT].out.TARGET and NAME[.VARIANT].err
#                    is one check.
#   checks/NAME.sh   a script for what is not an input/output pair; it
#                    prints "ok NAME", "FAIL NAME" (with indented detail
#                    lines) or "skip NAME: why", one line per check.
# Each line is "ok ...", "FAIL ..." with the difference indented under it,
# or "skip ...: why"; the last line is "N passed, M failed, K skipped".
# Exits 1 when a check failed.
#
# With no PATH, everything runs.  A PATH picks part of the suite: a folder
# or file under tests/ (tests/cases/ris, tests/cases/ris/zotero,
# tests/cases/ris/zotero.out.bibtex, tests/checks/batch.sh), or "unit",
# "cases", "checks" and their parts (unit/test_names, cases/ris).
#
# CITEX is the binary under test (default build/citex); the unit programs
# are taken from the same folder.  Tests run JOBS at a time (default: the
# number of processors); the output keeps its order.  Each test has a
# scratch folder; a failed test's is kept, and its path printed under the
# FAIL line ("kept: ..."), with what the test left there: a case's actual
# output under the expected file's name, a check's own scratch files.
set -u
T=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$T")
CITEX=${CITEX:-$ROOT/build/citex}
case $CITEX in /*) ;; *) CITEX=$(cd "$(dirname "$CITEX")" && pwd)/$(basename "$CITEX") ;; esac
BIN=$(dirname "$CITEX")
SHARED=${SHARED:-$ROOT/../shared}
NO_COLOR=1
TESTS=$T
export CITEX SHARED NO_COLOR TESTS ROOT
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
TO=
command -v timeout >/dev/null 2>&1 && TO="timeout ${CASE_TIMEOUT:-120}"
if [ ! -x "$CITEX" ]; then
	echo "run.sh: no citex at $CITEX (run make first, or set CITEX)" >&2
	exit 2
fi

W=$(mktemp -d "${TMPDIR:-/tmp}/citex-tests.XXXXXX") || exit 2
pids=
# What the checks find out about the machine once for the whole run (such
# as whether biblatex and biber work: checks/lib/common.sh).
CITEX_PROBES=$W/probes
mkdir "$CITEX_PROBES" || exit 2
export CITEX_PROBES
# On exit everything goes but the scratch folders of failed tests
# (marked keep.N by run_job).
cleanup() {
	for x in "$W"/keep.*; do
		[ -e "$x" ] || { rm -rf "$W"; return; }
		break
	done
	for x in "$W"/*; do
		b=${x##*/}
		case $b in
		keep.*) continue ;;
		tmp.*) [ -e "$W/keep.${b#tmp.}" ] && continue ;;
		esac
		rm -rf "$x"
	done
	rm -f "$W"/keep.*
}
trap cleanup EXIT
trap '[ -n "$pids" ] && kill $pids 2>/dev/null; exit 130' INT TERM

# ---- what to run: one job a line, "unit NAME", "case AREA/NAME [FILE]",
# "check NAME" ------------------------------------------------------------
units() { # units [NAME]: the unit programs, all or one
	for s in "$T"/unit/test_${1:-*}.c; do
		[ -f "$s" ] && echo "unit $(basename "$s" .c)"
	done
}
case_names() { # case_names AREA: the cases of an area, one NAME a line
	for f in "$T/cases/$1"/*.out.* "$T/cases/$1"/*.err; do
		[ -f "$f" ] || continue
		f=$(basename "$f")
		echo "${f%%.*}"
	done | sort -u
}
cases() { # cases [AREA [NAME [FILE]]]
	if [ $# -eq 0 ]; then
		for a in "$T"/cases/*/; do cases "$(basename "$a")"; done
	elif [ $# -eq 1 ]; then
		for n in $(case_names "$1"); do echo "case $1/$n"; done
	else
		echo "case $1/$2${3:+ $3}"
	fi
}
checks() { # checks [NAME]
	for s in "$T"/checks/${1:-*}.sh; do
		[ -f "$s" ] && echo "check $(basename "$s" .sh)"
	done
}
pick() { # pick PATH: the jobs a command-line PATH names
	p=$1
	# A path from the current folder, if it lies in the repository;
	# otherwise relative to tests/ (unit, cases/ris, checks/batch.sh).
	case $p in /*) a=$p ;; *) a=$(cd "$(dirname "$p")" 2>/dev/null && pwd)/$(basename "$p") ;; esac
	case $a in "$ROOT" | "$ROOT"/*) p=${a#"$ROOT"} ;; esac
	p=${p#/}
	p=${p#tests}
	p=${p#/}
	p=${p%/}
	case $p in
	"") units; cases; checks ;;
	unit) units ;;
	unit/*) n=$(basename "$p"); n=${n#test_}; units "${n%.c}" ;;
	cases) cases ;;
	cases/*/*)
		a=${p#cases/}
		f=${a#*/}
		a=${a%%/*}
		n=${f%%.*}
		[ -d "$T/cases/$a" ] || { echo "run.sh: no area tests/cases/$a" >&2; return 1; }
		case $f in *.out.* | *.err) cases "$a" "$n" "$f" ;; *) cases "$a" "$n" ;; esac ;;
	cases/*)
		[ -d "$T/$p" ] || { echo "run.sh: no area tests/$p" >&2; return 1; }
		cases "${p#cases/}" ;;
	checks) checks ;;
	checks/*) n=$(basename "$p"); checks "${n%.sh}" ;;
	*) echo "run.sh: no test named $1" >&2; return 1 ;;
	esac
}
if [ $# -eq 0 ]; then
	pick "" >"$W/jobs"
else
	for p in "$@"; do pick "$p" || exit 2; done >"$W/jobs"
fi
awk '!seen[$0]++' "$W/jobs" >"$W/jobs.1" && mv "$W/jobs.1" "$W/jobs"
n=$(wc -l <"$W/jobs")
if [ "$n" -eq 0 ]; then
	echo "run.sh: nothing to run for: $*" >&2
	exit 2
fi

# ---- running one job -------------------------------------------------------
indent() { sed 's/^/    /'; }

# run_unit NAME: the program's last "N passed, M failed" line is its count.
# tests/unit/NAME.args holds its arguments; it runs in tests/unit.
run_unit() {
	bin=$BIN/$1
	if [ ! -x "$bin" ]; then
		echo "FAIL unit/$1: not built ($bin)"
		echo "0 1 0" >"$cnt"
		return
	fi
	set -- "$1"
	[ -f "$T/unit/$1.args" ] && eval "set -- \"\$1\" $(cat "$T/unit/$1.args")"
	shift
	(cd "$T/unit" && $TO "$bin" "$@") >"$tmp/out" 2>&1
	rc=$?
	name=$(basename "$bin")
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/out" | tail -1)
	p=${line%% *}
	f=${line#*, }
	f=${f%% *}
	if [ -z "$line" ]; then
		echo "FAIL unit/$name: exit $rc and no \"N passed, M failed\" line"
		head -40 "$tmp/out" | indent
		echo "0 1 0" >"$cnt"
	elif [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		echo "FAIL unit/$name: $p passed, $f failed (exit $rc)"
		grep -v -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/out" | head -40 | indent
		[ "$f" -eq 0 ] && f=1
		echo "$p $f 0" >"$cnt"
	else
		echo "ok unit/$name: $p passed"
		echo "$p 0 0" >"$cnt"
	fi
}

# case_input AREA NAME: the case's input, the one file NAME.EXT that its
# args files do not name (an .aux beside its .bib is named there).
case_input() {
	found=
	for f in "$T/cases/$1/$2".*; do
		b=${f##*/}
		e=${b#"$2".}
		case $e in *.* | args | err) continue ;; esac
		[ -f "$f" ] || continue
		if cat "$T/cases/$1/$2".args "$T/cases/$1/$2".*.args 2>/dev/null |
			tr ' \t' '\n\n' | tr -d "'\"" | grep -qxF "$b"; then
			continue
		fi
		[ -n "$found" ] && { echo "$found $b"; return 1; }
		found=$b
	done
	[ -n "$found" ] && echo "$found"
}

# run_case AREA/NAME [FILE]: every expected file of the case, or FILE.
run_case() {
	area=${1%%/*}
	name=${1#*/}
	dir=$T/cases/$area
	pass=0 fail=0 skipped=0
	if ! in=$(case_input "$area" "$name") || [ -z "$in" ]; then
		echo "FAIL $1: one input $name.EXT wanted, found: ${in:-none}"
		echo "0 1 0" >"$cnt"
		return
	fi
	if [ $# -gt 1 ]; then
		list=$2
		[ -f "$dir/$2" ] || { echo "FAIL $area/$2: no such file"; echo "0 1 0" >"$cnt"; return; }
	else
		list=$(cd "$dir" && ls "$name".out.* "$name".*.out.* "$name".err "$name".*.err 2>/dev/null)
	fi
	for exp in $list; do
		rest=${exp#"$name".}
		var=
		case $rest in
		out.* | err) ;;
		*) var=${rest%%.*}; rest=${rest#*.} ;;
		esac
		args=
		[ -f "$dir/$name.args" ] && args=$(cat "$dir/$name.args")
		if [ -n "$var" ]; then
			if [ ! -f "$dir/$name.$var.args" ]; then
				echo "FAIL $area/$exp: no $name.$var.args for the variant"
				fail=$((fail + 1))
				continue
			fi
			args="${args:+$args }$(cat "$dir/$name.$var.args")"
		fi
		case $rest in
		out.*)
			cmd="citex${args:+ $args} -t ${rest#out.} $in"
			(cd "$dir" && eval "set -- $args" && $TO "$CITEX" "$@" -t "${rest#out.}" "$in") \
				</dev/null >"$tmp/got" 2>"$tmp/stderr" ;;
		err)
			cmd="citex${args:+ $args} $in"
			(cd "$dir" && eval "set -- $args" && $TO "$CITEX" "$@" "$in") \
				</dev/null >/dev/null 2>"$tmp/got"
			echo "exit $?" >>"$tmp/got"
			cp "$tmp/got" "$tmp/stderr" ;;
		*)
			echo "FAIL $area/$exp: not NAME[.VARIANT].out.TARGET or NAME[.VARIANT].err"
			fail=$((fail + 1))
			continue ;;
		esac
		if cmp -s "$dir/$exp" "$tmp/got"; then
			echo "ok $area/$exp"
			pass=$((pass + 1))
		elif style=$(missing_style "$dir/$exp"); then
			echo "skip $area/$exp: CSL style '$style' is not installed (citation-style-language-styles)"
			skipped=$((skipped + 1))
		else
			cp "$tmp/got" "$tmp/$exp"
			echo "FAIL $area/$exp"
			echo "    (cd tests/cases/$area && $cmd)"
			diff -u "$dir/$exp" "$tmp/got" | sed '1,2d' | head -40 | indent
			fail=$((fail + 1))
		fi
	done
	echo "$pass $fail $skipped" >"$cnt"
}

# missing_style EXPECTED: citex said that a style named in the case's
# options was not found ($tmp/stderr), and EXPECTED does not want that
# message: the case needs a CSL style this machine lacks (Debian's
# citation-style-language-styles, which make test-deps installs), so it
# is skipped, not failed.  Prints the style's name.
missing_style() {
	ms=$(sed -n "s/^citex: style '\([^']*\)' not found.*/\1/p" "$tmp/stderr" | head -1)
	[ -n "$ms" ] && ! grep -qF "style '$ms' not found" "$1" && echo "$ms"
}

# run_check NAME: the script's own lines, counted; anything else it prints
# is indented as detail, and a failing exit without a FAIL line is one.
run_check() {
	(cd "$T/checks" && CHECK=$1 sh "./$1.sh") </dev/null >"$tmp/out" 2>&1
	rc=$?
	awk -v name="$1" -v rc="$rc" -v cnt="$cnt" '
		/^ok / { p++; print; next }
		/^FAIL / { f++; print; next }
		/^skip / { s++; print; next }
		/^    / { print; next }
		{ print "    " $0 }
		END {
			if (rc != 0 && f == 0) { print "FAIL checks/" name ": exit " rc; f++ }
			if (p + f + s == 0) { print "FAIL checks/" name ": no checks ran"; f++ }
			print p + 0, f + 0, s + 0 > cnt
		}' "$tmp/out"
}

run_job() { # run_job I: job I of the list, into out.I, counts into cnt.I
	idx=$1
	cnt=$W/cnt.$idx
	tmp=$W/tmp.$idx
	mkdir -p "$tmp"
	set -- $(sed -n "${idx}p" "$W/jobs")
	case $1 in
	unit) run_unit "$2" ;;
	case) run_case "$2" ${3:+"$3"} ;;
	check) TMPDIR=$tmp run_check "$2" ;;
	esac >"$W/out.$idx" 2>&1
	if read -r p f s <"$cnt" 2>/dev/null && [ "$f" -eq 0 ]; then
		chmod -R u+w "$tmp" 2>/dev/null
		rm -rf "$tmp"
	else
		echo "    kept: $tmp" >>"$W/out.$idx"
		: >"$W/keep.$idx"
	fi
	: >"$W/done.$idx"
}

# ---- the pool: a worker claims a job by creating its directory (mkdir is
# atomic).  Every second worker takes the slow checks first (a script says
# "# runner: slow"), the others the jobs in list order, so the output
# starts at once and the slow checks do not all wait for the end -----------
i=0
while IFS= read -r job; do
	i=$((i + 1))
	set -- $job
	rank=2
	[ "$1" = check ] && grep -q '^# runner: slow' "$T/checks/$2.sh" && rank=1
	echo "$rank $i"
done <"$W/jobs" | sort -n -k1,1 -k2,2 | cut -d' ' -f2 >"$W/slow-first"
seq_list() { i=0; while [ "$i" -lt "$n" ]; do i=$((i + 1)); echo "$i"; done; }
seq_list >"$W/in-order"
worker() { # worker ORDER-FILE
	while read -r i; do
		mkdir "$W/claim.$i" 2>/dev/null && run_job "$i"
	done <"$1"
}
k=0
while [ "$k" -lt "$JOBS" ]; do
	if [ $((k % 2)) -eq 1 ]; then worker "$W/slow-first" & else worker "$W/in-order" & fi
	pids="$pids $!"
	k=$((k + 1))
done

# ---- print in list order as jobs finish ------------------------------------
pass=0 fail=0 skip=0
i=0
while [ "$i" -lt "$n" ]; do
	i=$((i + 1))
	while [ ! -e "$W/done.$i" ]; do
		alive=
		for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive=1; done
		[ -n "$alive" ] || [ -e "$W/done.$i" ] || break
		sleep 0.05 2>/dev/null || sleep 1
	done
	[ -e "$W/out.$i" ] && cat "$W/out.$i"
	if ! read -r p f s <"$W/cnt.$i" 2>/dev/null; then
		p=0 f=1 s=0
		echo "FAIL $(sed -n "${i}p" "$W/jobs"): no result"
	fi
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
done
wait
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
