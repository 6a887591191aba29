#!/bin/sh
# tools/layers.sh: check that each layer of src/ includes only the layers
# below it.  The order, lowest first (a layer on the same line as another
# may not include it either):
#   core
#   model
#   norm
#   read   write
#   pass
#   cv     csl    tidy
#   cli
# citex.h, the public header, may be included anywhere; generated parser
# headers belong to the layer whose grammar made them.  Prints each
# include that breaks the order and exits 1 if there is any.
rank() {
	case $1 in
	core) echo 0 ;; model) echo 1 ;; norm) echo 2 ;; read | write) echo 3 ;;
	pass) echo 4 ;; cv | csl | tidy) echo 5 ;; cli) echo 6 ;; *) echo 99 ;;
	esac
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
cd "$(dirname "$0")/.." || exit 2
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
