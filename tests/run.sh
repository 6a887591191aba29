#!/bin/sh
# tests/run.sh - citex's end-to-end tests.
#
# 1. Golden files: tests/cases/NAME.bib beside its expected outputs
#    NAME.bibtex, NAME.biblatex, NAME.ris, NAME.json, NAME.ascii (bibtex
#    --ascii), NAME.expanded (bibtex --expand-macros) and NAME.stderr (the
#    diagnostics, where they are the point) and NAME.status (exit status).
#    Every pair that exists is diffed.
# 2. Properties over every case: BibTeX output is a fixed point;
#    bib -> csl-json equals bib -> bibtex -> csl-json; CSL-JSON validates
#    against the CSL 1.0.2 schema.
# 3. Real tools (when installed): bibtex with plain.bst reports 0 errors on
#    our UTF-8 and --ascii output, biber --tool reads our BibLaTeX, pandoc
#    reads our CSL-JSON back item for item.
# 4. Recovery: a 100-entry file with entry k broken in several ways gives
#    exactly 99 entries and one error at the right line.
# 5. Pathological inputs under a hard timeout, and the sub-suites of the
#    other readers (tests/*/run.sh).
#
# Prints "N passed, M failed" and exits non-zero on any failure.
set -u
CITEX=${CITEX:-./citex}
T=$(cd "$(dirname "$0")" && pwd)
SHARED=${SHARED:-$T/../../shared}
PY=/usr/bin/python3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { # check NAME COMMAND...: passes when the command succeeds
	name=$1
	shift
	if "$@" >"$TMP/out" 2>&1; then ok; else bad "$name"; sed 's/^/    /' "$TMP/out" | head -20; fi
}
same() { # same NAME EXPECTED ACTUAL
	if cmp -s "$2" "$3"; then ok; else bad "$1"; diff -u "$2" "$3" | head -30; fi
}
have() { command -v "$1" >/dev/null 2>&1; }

# ---- 1. golden files ------------------------------------------------------
for bib in "$T"/cases/*.bib; do
	n=${bib%.bib}
	b=$(basename "$n")
	for pair in bibtex:bibtex biblatex:biblatex ris:ris json:csl-json; do
		ext=${pair%%:*}
		fmt=${pair#*:}
		[ -f "$n.$ext" ] || continue
		"$CITEX" -q -t "$fmt" "$bib" >"$TMP/$b.$ext" 2>/dev/null
		same "$b.$ext" "$n.$ext" "$TMP/$b.$ext"
	done
	if [ -f "$n.ascii" ]; then
		"$CITEX" -q --ascii "$bib" >"$TMP/$b.ascii" 2>/dev/null
		same "$b.ascii" "$n.ascii" "$TMP/$b.ascii"
	fi
	if [ -f "$n.expanded" ]; then
		"$CITEX" -q --expand-macros "$bib" >"$TMP/$b.expanded" 2>/dev/null
		same "$b.expanded" "$n.expanded" "$TMP/$b.expanded"
	fi
	if [ -f "$n.stderr" ]; then
		(cd "$T/cases" && "$CITEX" "$b.bib" >/dev/null 2>"$TMP/$b.stderr"; echo "exit $?" >>"$TMP/$b.stderr")
		same "$b.stderr" "$n.stderr" "$TMP/$b.stderr"
	fi
done

# ---- 2. properties ----------------------------------------------------------
schema="$SHARED/corpora/csl-schema/schemas/input/csl-data.json"
for bib in "$T"/cases/*.bib; do
	b=$(basename "$bib" .bib)
	"$CITEX" -q "$bib" >"$TMP/p1.bib" 2>/dev/null
	"$CITEX" -q "$TMP/p1.bib" >"$TMP/p2.bib" 2>/dev/null
	same "$b: bibtex output is a fixed point" "$TMP/p1.bib" "$TMP/p2.bib"
	"$CITEX" -q -t csl-json "$bib" >"$TMP/j1.json" 2>/dev/null
	"$CITEX" -q -t csl-json "$TMP/p1.bib" >"$TMP/j2.json" 2>/dev/null
	same "$b: bib->json equals bib->bib->json" "$TMP/j1.json" "$TMP/j2.json"
	if [ -f "$schema" ] && $PY -c 'import jsonschema' 2>/dev/null; then
		check "$b: CSL-JSON validates against the schema" \
			$PY "$T/validate.py" "$schema" "$TMP/j1.json"
	fi
done

# ---- 3. real tools -------------------------------------------------------------
bibtex_accepts() { # bibtex_accepts FILE.bib: 0 errors with plain.bst, \nocite{*}
	d=$(mktemp -d "$TMP/bt.XXXXXX")
	cp "$1" "$d/refs.bib"
	printf '\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n' >"$d/doc.aux"
	(cd "$d" && bibtex -terse doc >log.txt 2>&1)
	if grep -q 'error message' "$d/log.txt" || grep -qi '^I was expecting\|---line' "$d/log.txt"; then
		cat "$d/log.txt"
		return 1
	fi
	return 0
}
if have bibtex && kpsewhich plain.bst >/dev/null 2>&1; then
	for bib in "$T"/cases/*.bib "$SHARED/corpora/large-bib/beebe/tugboat.bib"; do
		[ -f "$bib" ] || continue
		b=$(basename "$bib" .bib)
		case "$b" in err-*|latin1*) continue ;; esac
		"$CITEX" -q "$bib" >"$TMP/u.bib" 2>/dev/null
		check "$b: bibtex accepts UTF-8 output" bibtex_accepts "$TMP/u.bib"
		"$CITEX" -q --ascii "$bib" >"$TMP/a.bib" 2>/dev/null
		check "$b: bibtex accepts --ascii output" bibtex_accepts "$TMP/a.bib"
	done
	# The main job: every seed to one .bib, which bibtex must accept.
	"$CITEX" -q -f cv -t bibtex "$T"/../seeds/* >"$TMP/seeds.bib" 2>/dev/null
	check "seeds: bibtex accepts the main job's output" bibtex_accepts "$TMP/seeds.bib"
	check "seeds: 44 publications, unique keys" sh -c \
		"test \$(grep -c '^@' '$TMP/seeds.bib') = 44 && test \$(grep '^@' '$TMP/seeds.bib' | sort -u | wc -l) = 44"
else
	echo "note: bibtex not installed; skipping bibtex acceptance"
fi
if have biber; then
	for bib in "$T"/cases/*.bib; do
		b=$(basename "$bib" .bib)
		case "$b" in err-*|latin1*) continue ;; esac
		"$CITEX" -q -t biblatex "$bib" >"$TMP/bl.bib" 2>/dev/null
		check "$b: biber --tool reads our BibLaTeX" sh "$T/biber_ok.sh" "$TMP/bl.bib"
	done
fi
if have pandoc; then
	for bib in "$T"/cases/*.bib; do
		b=$(basename "$bib" .bib)
		"$CITEX" -q -t csl-json "$bib" >"$TMP/pj.json" 2>/dev/null
		check "$b: pandoc reads our CSL-JSON item for item" \
			sh -c "pandoc -f csljson -t csljson '$TMP/pj.json' >'$TMP/pj2.json' && $PY '$T/same_items.py' '$TMP/pj.json' '$TMP/pj2.json'"
	done
fi

# ---- 4. recovery -----------------------------------------------------------------
check "recovery: break entry k, get 99 entries and one error at its line" \
	sh "$T/recovery.sh" "$CITEX"

# ---- 5. pathological input and sub-suites ------------------------------------------
check "pathological inputs finish under a hard limit" sh "$T/pathological.sh" "$CITEX"
for sub in "$T"/*/run.sh; do
	[ -f "$sub" ] || continue
	d=$(basename "$(dirname "$sub")")
	case "$d" in cases|unit|fuzz) continue ;; esac
	check "suite $d" env CITEX="$CITEX" SHARED="$SHARED" sh "$sub"
	grep '^SKIP' "$TMP/out" # a passing suite's output is hidden, its skips are not
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
