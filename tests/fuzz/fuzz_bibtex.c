/* fuzz_bibtex.c - libFuzzer harness for the BibTeX reader.
 *
 * Every input is read as from a pipe.  An input that names "crossref" or
 * "xdata" is read a second time as a regular file: the reader then prescans
 * the file and resolves in two passes instead of buffering, and both ways
 * must hold up.  (Without either word the prescan finds nothing and the
 * file read would repeat the pipe read.)  The file is read twice: the
 * first pass goes by hops to the entries it keeps, or reads every entry
 * (full_first_pass), and both must give the same records and diagnostics.
 *
 * Macro expansions are capped at 1 MiB (--max-expansion) instead of the
 * default 64 MiB: a few bytes of doubling @string definitions reach any
 * cap, and at the default the sanitized writers would spend minutes on
 * one such input, as the command line would spend a second. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
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
	if (!has_word(data, n, "crossref") && !has_word(data, n, "xdata"))
		return 0;
	char *hops = NULL, *full = NULL;
	size_t nhops = 0, nfull = 0;
	FILE *th = open_memstream(&hops, &nhops), *tf = open_memstream(&full, &nfull);
	if (!th || !tf)
		abort();
	fuzz_trace("bibtex", data, n, FUZZ_FILE, &opt, th);
	struct cx_options all = opt;
	all.full_first_pass = 1;
	fuzz_trace("bibtex", data, n, FUZZ_FILE, &all, tf);
	fclose(th);
	fclose(tf);
	if (nhops != nfull || memcmp(hops, full, nhops)) {
		fprintf(stderr, "first pass by hops differs from the full one:\n--- hops\n%s--- full\n%s",
		        hops, full);
		abort();
	}
	free(hops);
	free(full);
	return 0;
}
