#!/bin/sh
# tools/refs_cv.sh: K-fold cross-validation of the reference labeller on
# anystyle's training sets (make model-cv; K=5 folds by default, FOLDS=N
# runs only the first N of them).
#
# The sequences of core.xml, good.xml, bad.xml and ugly.xml (less every one
# that gold.xml, the development set, also holds) are dealt into K folds in
# file order.  For each fold the reference strings' model is trained as
# `make model` trains it, on the other folds (less any sequence whose text
# the held-out fold also holds) and, when SYNTH names it, the references
# rendered through the training styles (build/refs-synth.xml:
# tools/gen_refs.c); a citex linked with that model (and data/cv.model for
# pages) reads the held-out fold, and ../shared/tools/score_refs.py scores
# it in its numbered and its one-a-line form.  Prints each fold's micro F1 and the
# mean; the per-field tables go to $OUT (default build/refs-cv).
#
# Needs build/train_refs and the objects of a build (make model-cv builds
# them) and python3.  Deterministic: the same tree gives the same figures.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
K=${K:-5}
FOLDS=${FOLDS:-$K}
EPOCHS=${EPOCHS:-20}
BUILD=${BUILD:-$here/build}
OUT=${OUT:-$BUILD/refs-cv}
CC=${CC:-cc}
P=${REFS_TRAIN:-$here/../shared/corpora/refs-train/anystyle/res/parser}
SCORE=${SCORE:-$here/../shared/tools/score_refs.py}
[ -d "$P" ] || { echo "skip refs-cv: $P not found"; exit 0; }
[ -f "$SCORE" ] || { echo "skip refs-cv: $SCORE not found"; exit 0; }
rm -rf "$OUT"
mkdir -p "$OUT"
/usr/bin/python3 - "$P" "$OUT" "$K" <<'PY'
import re, sys, xml.etree.ElementTree as ET
src, out, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
def text(s):
    return " ".join(" ".join("".join(e.itertext()).split()) for e in s)
def raw(path):
    body = open(path, encoding="utf-8").read()
    return re.findall(r"<sequence>.*?</sequence>", body, re.S)
gold = {text(s) for s in ET.parse(src + "/gold.xml").getroot().iter("sequence")}
seqs = []
for f in ("core", "good", "bad", "ugly"):
    for r in raw("%s/%s.xml" % (src, f)):
        t = text(ET.fromstring(r))
        if t not in gold:
            seqs.append((t, r))
head = '<?xml version="1.0" encoding="UTF-8"?>\n<dataset>\n'
for i in range(k):
    test = [s for j, s in enumerate(seqs) if j % k == i]
    held = {t for t, _ in test}
    train = [s for j, s in enumerate(seqs) if j % k != i and s[0] not in held]
    for name, part in (("test", test), ("train", train)):
        with open("%s/%s%d.xml" % (out, name, i), "w", encoding="utf-8") as f:
            f.write(head + "\n".join(r for _, r in part) + "\n</dataset>\n")
PY
LIBS=$(cd "$here" && make -s --no-print-directory print-ldlibs 2>/dev/null || echo "-lutf8proc -lexpat -licui18n -licuuc -licudata")
synth=
for f in ${SYNTH:-}; do
	[ -f "$f" ] && synth="$synth -s $f -k ${SHARE:-6}"
done
sum() { awk '{ s += $1; n++ } END { if (n) printf "%.4f", s / n }'; }
: >"$OUT/numbered" && : >"$OUT/lines"
i=0
while [ $i -lt "$FOLDS" ]; do
	d=$OUT/fold$i
	mkdir -p "$d/corpora/anystyle/res/parser"
	mv "$OUT/test$i.xml" "$d/corpora/anystyle/res/parser/gold.xml"
	# shellcheck disable=SC2086
	"$BUILD/train_refs" -r -o "$d/refs.model" -e "$EPOCHS" -p "${PRUNE:-384}" -x "$P/gold.xml" $synth \
		"$OUT/train$i.xml" 2>"$d/train.log"
	sh "$here/tools/embed_models.sh" cv_refs_model="$d/refs.model" cv_pages_model="$here/data/cv.model" \
		>"$d/model.c"
	$CC -c -o "$d/model.o" "$d/model.c"
	# shellcheck disable=SC2086
	$CC -o "$d/citex" "$BUILD"/cli/*.o "$d/model.o" "$BUILD/libcitex-internal.a" $LIBS
	for form in numbered lines; do
		/usr/bin/python3 "$SCORE" "$d/citex" anystyle-gold --corpora "$d/corpora" --form $form \
			>"$d/score.$form" 2>&1
		f1=$(sed -n 's/^refs-f1: \([0-9.]*\).*/\1/p' "$d/score.$form")
		echo "$f1" >>"$OUT/$form"
		echo "fold $i $form: $f1"
	done
	rm -f "$d/model.c" "$d/model.o" "$OUT/train$i.xml"
	i=$((i + 1))
done
# every fold's field table pooled: correct = P x predicted, R x gold
for form in numbered lines; do
	echo "pooled, $form:"
	cat "$OUT"/fold*/score.$form | awk '
	$1 ~ /^(author|editor|title|container|year|volume|issue|page|publisher|location|doi|url)$/ && NF == 6 {
		if (!($1 in g)) o[n++] = $1
		cp[$1] += $2 * $6; cr[$1] += $3 * $5; g[$1] += $5; p[$1] += $6 }
	function row(name, a, b, c, d) {
		P = d ? a / d : 0; R = c ? b / c : 0
		printf "  %-10s %6.3f %6.3f %6.3f %6d %6d\n", name, P, R, P + R ? 2 * P * R / (P + R) : 0, c, d }
	END { for (i = 0; i < n; i++) { f = o[i]; row(f, cp[f], cr[f], g[f], p[f])
		A += cp[f]; B += cr[f]; C += g[f]; D += p[f] }
		row("micro", A, B, C, D) }'
done
echo "refs-cv: numbered $(sum <"$OUT/numbered") lines $(sum <"$OUT/lines") (mean of $FOLDS of $K folds)"
