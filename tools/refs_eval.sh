#!/bin/sh
# tools/refs_eval.sh: the reference labeller's figures that its training
# cannot fit (make eval-refs).
#
#   sh tools/refs_eval.sh gold CITEX
#       anystyle's gold.xml, the development set, which training leaves out
#   sh tools/refs_eval.sh papers CITEX DIR
#       references from papers: GROBID's evaluation set and CORA, laid
#       out under DIR as score_refs.py's --corpora expects (make
#       eval-refs-papers REFS_PAPERS=DIR); skipped when absent
#   sh tools/refs_eval.sh heldout CITEX DIR
#       references rendered through the styles that data/refs-styles.tsv
#       holds out, from items, journals and venues held out too
#       (tools/gen_refs.c -set heldout -clean; DIR/anystyle/res/parser/
#       gold.xml, which make builds)
#
# Both are scored by ../shared/tools/score_refs.py, the numbered form:
# field precision, recall and F1 (author, editor, title, container, year,
# volume, issue, page, publisher, location, DOI, URL) and the micro
# average, printed as "refs-f1: X (SET, N refs)".  The third figure,
# K-fold cross-validation on anystyle's training sets, is make model-cv
# (tools/refs_cv.sh).  Prints "skip ..." when the scorer or the data is
# missing.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
SCORE=${SCORE:-$here/../shared/tools/score_refs.py}
what=${1:?usage: refs_eval.sh gold|heldout CITEX [DIR]}
citex=${2:?usage: refs_eval.sh gold|heldout CITEX [DIR]}
[ -f "$SCORE" ] || { echo "skip eval-refs $what: $SCORE not found"; exit 0; }
case $what in
gold)
	echo "== anystyle gold.xml (development set)"
	/usr/bin/python3 "$SCORE" "$citex" anystyle-gold
	;;
heldout)
	dir=${3:?usage: refs_eval.sh heldout CITEX DIR}
	[ -s "$dir/anystyle/res/parser/gold.xml" ] || { echo "skip eval-refs heldout: no $dir"; exit 0; }
	echo "== references of the held-out styles ($dir)"
	/usr/bin/python3 "$SCORE" "$citex" anystyle-gold --corpora "$dir" | sed 's/(anystyle-gold,/(held-out styles,/'
	;;
papers)
	# references as papers' PDF files give them: GROBID's evaluation set
	# (grobid-citations/..., Apache-2.0) and CORA (cora/crfpp/traindata,
	# as ParsCit ships it), when DIR holds them; never trained on
	dir=${3:?usage: refs_eval.sh papers CITEX DIR}
	for set in grobid-eval cora; do
		case $set in
		grobid-eval) probe=$dir/grobid-citations/grobid-trainer/resources/dataset/citation/evaluation ;;
		cora) probe=$dir/cora/crfpp/traindata/tagged_references.txt ;;
		esac
		[ -e "$probe" ] || { echo "skip eval-refs $set: no $probe"; continue; }
		echo "== $set ($dir)"
		/usr/bin/python3 "$SCORE" "$citex" "$set" --corpora "$dir"
	done
	;;
*)
	echo "usage: refs_eval.sh gold|heldout|papers CITEX [DIR]" >&2
	exit 2
	;;
esac
