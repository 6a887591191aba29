/* fuzz_bibtex.c - libFuzzer harness for the BibTeX reader.
 *
 * Every input is read as from a pipe.  An input that names "crossref" or
 * "xdata" is read a second time as a regular file: the reader then prescans
 * the file and resolves in two passes instead of buffering, and both ways
 * must hold up.  (Without either word the prescan finds nothing and the
 * file read would repeat the pipe read.)
 *
 * Macro expansions are capped at 1 MiB (--max-expansion) instead of the
 * default 64 MiB: a few bytes of doubling @string definitions reach any
 * cap, and at the default the sanitized writers would spend minutes on
 * one such input, as the command line would spend a second. */
#include <ctype.h>
#include <string.h>

#include "fuzz.h"

static int has_word(const uint8_t *d, size_t n, const char *w)
{
	size_t wl = strlen(w);
	for (size_t i = 0; i + wl <= n; i++) {
		size_t k = 0;
		while (k < wl && tolower(d[i + k]) == w[k])
			k++;
		if (k == wl)
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {.macro_cap = 1 << 20};
	fuzz_convert("bibtex", data, n, FUZZ_PIPE, &opt);
	if (has_word(data, n, "crossref") || has_word(data, n, "xdata"))
		fuzz_convert("bibtex", data, n, FUZZ_FILE, &opt);
	return 0;
}
