#!/bin/sh
# checks/layers.sh - each layer of src/ includes only the layers below it,
# in the order of src/LAYERS (tools/layers.sh, which make layers runs).
. "$(dirname "$0")/lib/common.sh"
if sh "$ROOT/tools/layers.sh" >"$tmp/out" 2>&1; then
	ok "every include goes down the order of src/LAYERS"
else
	fail "includes against the order of src/LAYERS (tools/layers.sh)" "$tmp/out"
fi
done_checks
