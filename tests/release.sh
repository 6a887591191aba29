#!/bin/sh
# tests/release.sh PLAIN RELEASE (make release-check): the profile-guided
# build writes what the plain build writes.  Profile-guided optimization
# changes how the code is laid out and inlined, never what it does, so
# any difference is a bug (undefined behaviour that the new layout
# exposes, or a compiler's).  Both builds convert every input of
# tests/cases and seeds/ to every output format, once plainly and once
# under each of the case's .args (run in the case's folder, as
# tests/run.sh runs them), and all the cases' BibTeX in one run; stdout,
# stderr and the exit status must be the same bytes.  Prints one line per
# difference with the command that shows it, then the totals; exits 1 on
# any difference.  JOBS workers (default 2) share the inputs.
set -u
[ $# -eq 2 ] || { echo "usage: sh tests/release.sh PLAIN RELEASE" >&2; exit 2; }
abs() { case $1 in /*) echo "$1" ;; *) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;; esac; }
plain=$(abs "$1")
release=$(abs "$2")
for b in "$plain" "$release"; do
	[ -x "$b" ] || { echo "release.sh: no citex at $b" >&2; exit 2; }
done
root=$(cd "$(dirname "$0")/.." && pwd)
targets="bibtex biblatex ris csl-json text html markdown latex"
JOBS=${JOBS:-2}
NO_COLOR=1
export NO_COLOR
d=$(mktemp -d "${TMPDIR:-/tmp}/citex-release.XXXXXX") || exit 2
trap 'rm -rf "$d"' EXIT

# run BUILD OUT DIR ARGS FILE...: in DIR, the build's stdout, stderr and
# exit status into OUT, with ARGS (shell words) before the files.  The
# subshell waits for citex (the "exit" after it), so that it, not this
# script, reports a crash, on the stderr that is compared.
# (Shell variables are global: each function has names of its own.)
run() {
	r_bin=$1
	r_out=$2
	r_dir=$3
	r_args=$4
	shift 4
	(
		exec </dev/null >"$r_out" 2>"$r_out.err"
		cd "$r_dir" && eval "set -- $r_args \"\$@\"" && "$r_bin" "$@"
		exit $?
	)
	rc=$?
	{ cat "$r_out.err"; echo "exit $rc"; } >>"$r_out"
}
# same W DIR ARGS FILE...: worker W runs both builds and compares.
same() {
	w=$1
	shift
	run "$plain" "$d/$w.plain" "$@"
	run "$release" "$d/$w.release" "$@"
	runs=$((runs + 1))
	s_dir=$1
	s_args=$2
	shift 2
	cmd=$(echo "(cd $s_dir && citex $s_args $*)" | sed "s|$root/||g; s|$root|.|g")
	if ! cmp -s "$d/$w.plain" "$d/$w.release"; then
		bad=$((bad + 1))
		echo "differs: $cmd"
	elif [ "$rc" -ge 128 ]; then
		# Not this check's business, which is equality, but worth a line.
		echo "note: both builds crash (exit $rc): $cmd"
	fi
}
# The option sets an input runs under, one a line: none, then the case's
# own (NAME.args, and NAME.args with each NAME.VARIANT.args); a seed also
# as a publication list.
option_sets() {
	o_dir=$(dirname "$1")
	o_name=$(basename "$1")
	o_name=${o_name%%.*}
	echo "-q"
	o_base=
	[ -f "$o_dir/$o_name.args" ] && o_base=$(cat "$o_dir/$o_name.args") && echo "$o_base"
	for v in "$o_dir/$o_name".*.args; do
		[ -f "$v" ] && echo "${o_base:+$o_base }$(cat "$v")"
	done
	case $1 in "$root"/seeds/*) echo "-f cv" ;; esac
}
# worker W: every JOBS-th input from the W-th; its counts into $d/W.count.
worker() {
	runs=0
	bad=0
	awk -v w="$1" -v n="$JOBS" 'NR % n == w' "$d/inputs" >"$d/$1.inputs"
	while IFS= read -r f; do
		option_sets "$f" >"$d/$1.sets"
		while IFS= read -r opts; do
			for t in $targets; do
				same "$1" "$(dirname "$f")" "$opts -t $t" "$(basename "$f")"
			done
		done <"$d/$1.sets"
	done <"$d/$1.inputs"
	# All the BibTeX inputs as one database, as a batch reads them.
	if [ "$1" = 0 ]; then
		for t in $targets; do
			same "$1" "$root" "-t $t" $(grep '\.bib$' "$d/inputs")
		done
	fi
	echo "$runs $bad" >"$d/$1.count"
}

# The inputs: every file of tests/cases that is not an expected output or
# an args file, and the seeds.
{
	find "$root/tests/cases" -type f ! -name '*.out.*' ! -name '*.err' ! -name '*.args' | sort
	for f in "$root"/seeds/*; do echo "$f"; done
} >"$d/inputs"
w=0
pids=
while [ "$w" -lt "$JOBS" ]; do
	worker "$w" >"$d/$w.log" &
	pids="$pids $!"
	w=$((w + 1))
done
wait $pids
runs=0
bad=0
w=0
while [ "$w" -lt "$JOBS" ]; do
	cat "$d/$w.log"
	read -r r b <"$d/$w.count" || { echo "release.sh: worker $w did not finish" >&2; exit 2; }
	runs=$((runs + r)) bad=$((bad + b))
	w=$((w + 1))
done
echo "release-check: $runs runs over $(wc -l <"$d/inputs") inputs, $((runs - bad)) identical, $bad different"
[ "$bad" -eq 0 ]
