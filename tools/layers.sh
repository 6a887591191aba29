#!/bin/sh
# tools/layers.sh: check that each layer of src/ includes only the layers
# below it.  The order is src/LAYERS, lowest first (a layer on the same
# line as another may not include it either), the one list of the layers,
# which the Makefile reads too.  citex.h, the public header, may be
# included anywhere; generated parser headers belong to the layer whose
# grammar made them.  Prints each include that breaks the order, and each
# folder of src/ that src/LAYERS does not name, and exits 1 if there is
# any.
cd "$(dirname "$0")/.." || exit 2
# " core=1 model=2 ... ": each layer and its line in src/LAYERS.
ranks=" $(sed -n 's/^\([a-z][a-z ]*\):.*/\1/p' src/LAYERS |
	awk '{ for (i = 1; i <= NF; i++) printf "%s=%d ", $i, NR }')"
# rank LAYER: its line (1 the lowest), or 99 for a folder not listed.
rank() {
	r=${ranks#* "$1"=}
	if [ "$r" = "$ranks" ]; then echo 99; else echo "${r%% *}"; fi
}
gen_layer() { # the layer of a generated header
	case $1 in
	bibtex.tab.h | bibtex.lex.h | ris.lex.h) echo read ;;
	venue.tab.h) echo norm ;;
	authors.tab.h) echo cv ;;
	*index.inc) echo model ;;
	*) echo "" ;;
	esac
}
bad=0
for d in src/*/; do
	d=$(basename "$d")
	[ "$(rank "$d")" != 99 ] || { echo "src/$d is not a layer of src/LAYERS"; bad=1; }
done
for f in $(find src -name '*.c' -o -name '*.h' | sort) grammar/*.y grammar/*.l; do
	case $f in
	src/*/*) layer=$(echo "$f" | cut -d/ -f2) ;;
	grammar/venue.y) layer=norm ;;
	grammar/authors.y) layer=cv ;;
	grammar/*) layer=read ;;
	*) continue ;;
	esac
	me=$(rank "$layer")
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		case $inc in
		citex.h | *.def | *.inc) [ -z "$(gen_layer "$inc")" ] && continue ;;
		esac
		case $inc in
		*/*) to=${inc%%/*} ;;
		*) to=$(gen_layer "$inc"); [ -z "$to" ] && continue ;;
		esac
		them=$(rank "$to")
		if [ "$to" != "$layer" ] && [ "$them" -ge "$me" ]; then
			echo "$f ($layer) includes $inc ($to)"
			bad=1
		fi
	done
done
[ $bad = 0 ] && echo "layers: every include goes down"
exit $bad
