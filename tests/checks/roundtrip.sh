#!/bin/sh
# checks/roundtrip.sh - round trips as properties (lib/roundtrip.py says
# what each one compares):
#   bib -> csl-json -> bib keeps every field value;
#   csl-json -> ris -> csl-json keeps every variable RIS can hold;
#   ris -> bib -> ris keeps every tag.
# Over the inputs of tests/cases/bibtex, ris and csljson, and over the .bib
# files of ../shared/corpora (bibtex-tidy, biber-tdata, large-bib without
# big.bib) when it is there; a .bib is also a CSL-JSON and a RIS source
# through citex.  lib/roundtrip-known.txt lists differences not fixed yet.
# runner: slow
. "$(dirname "$0")/lib/common.sh"
[ -n "$PY" ] || { skip "round trips" "python3 is missing"; exit 0; }
ls "$CASES"/bibtex/*.bib "$CASES"/ris/*.ris "$CASES"/csljson/*.json "$CASES"/csljson/*.jsonl >"$tmp/cases"
if corpora; then
	find "$SHARED/corpora/bibtex-tidy" "$SHARED/corpora/biber-tdata" \
		"$SHARED/corpora/large-bib" -name '*.bib' ! -name big.bib 2>/dev/null | sort >"$tmp/corpora"
fi
for set in cases corpora; do
	for mode in bib csl ris; do
		if [ ! -f "$tmp/$set" ]; then
			skip "$mode over the corpora" "../shared/corpora not found"
			continue
		fi
		if tr '\n' '\0' <"$tmp/$set" | xargs -0 $PY lib/roundtrip.py "$CITEX" "$mode" >"$tmp/out" 2>&1; then
			ok "$mode over the $set ($(wc -l <"$tmp/$set") files)"
		else
			fail "$mode over the $set" "$tmp/out"
		fi
	done
done
# Items identical after bib -> csl-json -> bib -> csl-json, per corpus of
# ../shared/corpora (lib/roundtrip_items.py; nothing excused but a family
# name alone coming back as a literal name).  The target is 99.5 %;
# biber-tdata, with its dates BC, circa and malformed on purpose, comes
# back whole, so its floor is 100 %.
floor_of() {
	case $1 in biber-tdata) echo 100 ;; *) echo 99.5 ;; esac
}
for c in biber-tdata bibtex-tidy csl-test-suite homepages-dev large-bib pandoc-biblatex pybtex; do
	d=$SHARED/corpora/$c
	if [ ! -d "$d" ]; then
		skip "items identical in $c" "../shared/corpora/$c not found"
		continue
	fi
	find "$d" \( -name '*.bib' -o -name '*.json' \) | sort | tr '\n' '\0' |
		xargs -0 $PY lib/roundtrip_items.py "$CITEX" >"$tmp/items" 2>&1
	pct=$(sed -n 's/.* items identical (\([0-9.]*\) %).*/\1/p' "$tmp/items" | tail -1)
	min=$(floor_of "$c")
	if [ -n "$pct" ] && awk "BEGIN { exit !($pct >= $min) }"; then
		ok "items identical in $c: $(tail -1 "$tmp/items")"
	else
		fail "items identical in $c: below $min %" "$tmp/items"
	fi
done
done_checks
