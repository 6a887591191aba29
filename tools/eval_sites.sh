#!/bin/sh
# tools/eval_sites.sh: the publication-list reader scored on sites it never
# saw (make eval-sites).
#
#   CITEX=build/citex TRAIN=build/train_finder OUT=build/eval-sites \
#   DEV=../shared/corpora/homepages-dev SPLIT=../shared/tools/homepages-split.txt \
#   SCORE=../shared/tools/score_cv.py [PAGES=DIR] sh tools/eval_sites.sh
#
# Each dev site is scored by a citex whose finder model was trained without
# that site's pages (leave one site out): tools/finder_data.sh labels the
# blocks of every dev page (as the page, and as the text a browser dump
# makes of it) and of the generated pages in PAGES, train_finder -L trains
# one model per site from the others and the synthetic pages, and a
# wrapper hands score_cv.py a citex that reads each page with its site's
# model.  score_cv.py prints the rows, per template and overall (micro and
# macro), in HTML form and in text form.  The rule-based finder, which
# learns nothing, is scored alongside ("rules").  HELDOUT, generated pages
# whose styles, items, owners and layout variants the training pages never
# have (tools/gen_pages.py --split heldout), are scored by the model
# trained on everything else.
set -eu
: "${CITEX:=build/citex}" "${TRAIN:=build/train_finder}" "${OUT:=build/eval-sites}"
: "${DEV:=../shared/corpora/homepages-dev}" "${SPLIT:=../shared/tools/homepages-split.txt}"
: "${SCORE:=../shared/tools/score_cv.py}" "${PAGES:=}" "${HELDOUT:=}" "${PYTHON:=/usr/bin/python3}"
: "${EPOCHS:=24}"
for f in "$DEV" "$SPLIT" "$SCORE"; do
	[ -e "$f" ] || { echo "eval-sites: $f is missing: skipped"; exit 0; }
done
command -v w3m >/dev/null || { echo "eval-sites: w3m is missing (apt-get install w3m): skipped"; exit 0; }
CITEX=$(cd "$(dirname "$CITEX")" && pwd)/$(basename "$CITEX")
mkdir -p "$OUT/loso"
OUT=$(cd "$OUT" && pwd) # the wrappers below name its models from anywhere
# (REUSE=1: the labels of the last run, when only the features changed)
[ "${REUSE:-}" = 1 ] && [ -s "$OUT/list.txt" ] ||
	TRAIN=$TRAIN OUT=$OUT DEV=$DEV SPLIT=$SPLIT PAGES=$PAGES PYTHON=$PYTHON sh tools/finder_data.sh
sites=$(awk -v d="$DEV" '!/^#/ && $2 == "dev" { print d "/" $1 }' "$SPLIT")
nice "$TRAIN" -e "$EPOCHS" -L "$OUT/loso" -o "$OUT/all.model" "$OUT/list.txt" 2>"$OUT/train.log"
tail -n 1 "$OUT/train.log"
# citex with the model of the site a page belongs to: score_cv.py names a
# page SITE/page.* or, as text, /tmp/score_cv_hp_<template>_<owner>.txt
wrap="$OUT/citex-loso"
{
	echo '#!/bin/sh'
	echo 'for a; do p=$a; done'
	echo 'case $p in'
	for s in $sites; do
		key=$(echo "$s" | awk -F/ '{ print $(NF-1) "/" $NF }')
		m="$OUT/loso/$(echo "$key" | tr / +).model"
		txt=$(echo "$key" | sed 's/[^A-Za-z0-9_]/_/g')
		echo "*/$key/page.*|*/score_cv_hp_$txt.txt) exec \"$CITEX\" --finder-model \"$m\" \"\$@\" ;;"
	done
	echo "esac"
	echo "exec \"$CITEX\" \"\$@\""
} >"$wrap"
chmod +x "$wrap"
rules="$OUT/citex-rules"
printf '#!/bin/sh\nexec "%s" --finder-model rules "$@"\n' "$CITEX" >"$rules"
chmod +x "$rules"
for form in html text; do
	flag=$([ $form = text ] && echo --text || echo --html)
	echo "== leave one site out, $form"
	$PYTHON "$SCORE" homepages "$wrap" "$DEV" --set dev $flag | tee "$OUT/loso-$form.txt"
	echo "== rules, $form"
	$PYTHON "$SCORE" homepages "$rules" "$DEV" --set dev $flag >"$OUT/rules-$form.txt"
	tail -n 2 "$OUT/rules-$form.txt"
done
# pages that gave less than half their items
echo "== pages under half their items (leave one site out)"
under() {
	awk -v form="$1" '$1 !~ /^=/ && $2 == "items" && $3 > 0 && $5 * 2 < $3 { print "  " form " " $1 ": " $5 " of " $3; n++ }
		END { if (!n) print "  " form ": none" }' "$2"
}
under html "$OUT/loso-html.txt"
under text "$OUT/loso-text.txt"
if [ -n "$HELDOUT" ] && [ -d "$HELDOUT" ]; then
	m="$OUT/all.model"
	printf '#!/bin/sh\nexec "%s" --finder-model "%s" "$@"\n' "$CITEX" "$m" >"$OUT/citex-all"
	chmod +x "$OUT/citex-all"
	for form in html text; do
		flag=$([ $form = text ] && echo --text || echo --html)
		echo "== held-out generated pages, $form"
		$PYTHON "$SCORE" homepages "$OUT/citex-all" "$HELDOUT" $flag >"$OUT/held-out-$form.txt"
		grep '^  = \|^sites\|^cv-score' "$OUT/held-out-$form.txt"
		echo "   pages under half their items: $(under $form "$OUT/held-out-$form.txt" | grep -vc ': none$')"
		echo "   (rules)"
		$PYTHON "$SCORE" homepages "$rules" "$HELDOUT" $flag | grep '^sites\|^cv-score'
	done
fi
