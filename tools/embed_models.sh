#!/bin/sh
# tools/embed_models.sh SYMBOL=FILE...: the labeller's models as C byte
# arrays (build/gen/refs_model.c, and the folds of tools/refs_cv.sh): for
# each pair, `const unsigned char SYMBOL[]` with the file's bytes and
# `const size_t SYMBOL_size`.  A file that is missing gives an empty
# model, which the library refuses to open.
echo '#include <stddef.h>'
for pair; do
	sym=${pair%%=*}
	f=${pair#*=}
	echo "const unsigned char $sym[] = {"
	[ -f "$f" ] && od -An -v -tu1 "$f" | sed -e 's/^ *//' -e 's/  */,/g' -e 's/$/,/'
	echo '0};'
	echo "const size_t ${sym}_size = $([ -f "$f" ] && wc -c <"$f" || echo 0);"
done
