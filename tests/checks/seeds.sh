#!/bin/sh
# checks/seeds.sh - the main job: every seed publication list to one .bib,
# with the 44 publications under unique keys, which bibtex must accept.
. "$(dirname "$0")/lib/common.sh"
"$CITEX" -q -f cv -t bibtex "$ROOT"/seeds/* >"$tmp/seeds.bib" 2>/dev/null
expect "44 publications, unique keys" sh -c \
	"test \$(grep -c '^@' '$tmp/seeds.bib') = 44 && test \$(grep '^@' '$tmp/seeds.bib' | sort -u | wc -l) = 44"
if bibtex_ok; then
	expect "bibtex accepts the main job's output" bibtex_accepts "$tmp/seeds.bib"
else
	skip "bibtex accepts the main job's output" "bibtex with plain.bst is not installed"
fi
done_checks
