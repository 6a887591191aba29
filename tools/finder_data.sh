#!/bin/sh
# tools/finder_data.sh: the finder's training pages and their block labels
# (make model, make eval-sites).
#
#   TRAIN=build/train_finder OUT=DIR DEV=... SPLIT=... [PAGES=DIR] sh tools/finder_data.sh
#
# Writes DIR/list.txt, the list train_finder reads ("FOLD PAGE LABELS" a
# line), and the labels beside it, from:
#   - the dev homepages SPLIT marks dev, each as its page and as the text
#     w3m makes of it (score_cv.py --text reads that), their fold the site;
#   - the generated pages in PAGES (tools/gen_pages.py --split train), each
#     as its page and as two of the text forms the generator wrote, always
#     trained on (fold "-");
#   - the five seed documents (seeds/), CVs of another kind than homepages,
#     with the items their hand-checked expected outputs hold
#     (tests/cases/cv/seed-NNN.out.csl-json), always trained on, four
#     times each.
# The dev sites are skipped when DEV is missing, the text forms when w3m
# is; the same inputs give the same list.
set -eu
: "${TRAIN:=build/train_finder}" "${OUT:=build/finder}" "${PYTHON:=/usr/bin/python3}"
: "${DEV:=../shared/corpora/homepages-dev}" "${SPLIT:=../shared/tools/homepages-split.txt}" "${PAGES:=}"
mkdir -p "$OUT/labels"
: >"$OUT/list.txt"
gold="$PYTHON tools/finder_gold.py --tool $TRAIN --out $OUT/labels"
if [ -d "$DEV" ] && [ -f "$SPLIT" ]; then
	sites=$(awk -v d="$DEV" '!/^#/ && $2 == "dev" { print d "/" $1 }' "$SPLIT")
	$gold $sites >>"$OUT/list.txt"
	if command -v w3m >/dev/null; then
		$gold --text $sites >>"$OUT/list.txt"
	fi
fi
if [ -n "$PAGES" ] && [ -d "$PAGES" ]; then
	find "$PAGES" -name gold.json | sed 's|/gold.json$||' | LC_ALL=C sort >"$OUT/synthetic.txt"
	xargs $gold --fold - --complete <"$OUT/synthetic.txt" >>"$OUT/list.txt"
	for form in page.w80.txt page.w200.txt; do
		xargs $gold --fold - --complete --form $form <"$OUT/synthetic.txt" >>"$OUT/list.txt"
	done
fi
# the seeds: a folder each, as the aligner reads a site
for s in seeds/[0-9][0-9][0-9]_*.txt; do
	n=$(basename "$s" | cut -c1-3)
	g=tests/cases/cv/seed-$n.out.csl-json
	[ -f "$g" ] || continue
	d=$OUT/seeds/seeds/seed-$n
	mkdir -p "$d"
	cp "$s" "$d/page.txt"
	cp "$g" "$d/gold.json"
	echo "$d"
done >"$OUT/seeds.txt"
# a seed counts four times: they are five, and unlike the pages around them
xargs $gold --fold - --complete <"$OUT/seeds.txt" >"$OUT/seeds-list.txt"
for i in 1 2 3 4; do cat "$OUT/seeds-list.txt"; done >>"$OUT/list.txt"
echo "finder data: $(wc -l <"$OUT/list.txt") pages in $OUT/list.txt"
