#!/bin/sh
# checks/threads.sh - libcitex converts different inputs in several threads
# at once, each with a context of its own, and every output is
# byte-identical to the same conversion run alone (tests/threads/threads.c,
# built beside citex; `make tsan` runs it under ThreadSanitizer).  The
# inputs are the seeds and the small inputs of the suite, at most 80;
# `threads.sh --inputs` lists them (the Makefile's THREAD_INPUTS).
if [ "${1:-}" = --inputs ]; then
	cd "$(dirname "$0")/../.." || exit 2
	find seeds tests -path tests/data -prune -o -type f \( -name '*.bib' -o -name '*.ris' \
		-o -name '*.json' -o -name '*.txt' \) -size -32k -print 2>/dev/null | LC_ALL=C sort | head -80
	exit 0
fi
. "$(dirname "$0")/lib/common.sh"
bin=$(dirname "$CITEX")/threads
if [ ! -x "$bin" ]; then
	fail "not built: $bin (make $(basename "$(dirname "$bin")")/threads)"
	exit 1
fi
cd "$ROOT" || exit 2
sh "$TESTS/checks/threads.sh" --inputs >"$tmp/inputs"
tr '\n' '\0' <"$tmp/inputs" | xargs -0 "$bin"
