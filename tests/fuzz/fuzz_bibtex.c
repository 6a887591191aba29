/* fuzz_bibtex.c - libFuzzer harness for the BibTeX reader.
 *
 * Every input is read as from a pipe.  An input that names "crossref" or
 * "xdata" is read five ways, which must give the same records and
 * diagnostics: from the pipe (the reader keeps a spool of it), from a
 * regular file, from the file with every entry kept as a possible parent
 * (FUZZ_KEPT: no parent is read again from its offset), from the file
 * with a hold cap of one byte (the reader looks ahead for a parent at once
 * instead of holding entries back), and from the file with a hold cap of
 * 4 KiB (past 128 bytes held the reader searches the rest of the input for
 * the keys it waits for).  Inputs this small are too small for a search at
 * the default cap, so the file and the pipe hold children to the end: a
 * search that rules out a key that comes makes the ways differ.
 *
 * Macro expansions are capped at 1 MiB (--max-expansion) instead of the
 * default 64 MiB: a few bytes of doubling @string definitions reach any
 * cap, and at the default the sanitized writers would spend minutes on
 * one such input, as the command line would spend a second. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "fuzz.h"

static int has_word(const uint8_t *d, size_t n, const char *w)
{
	size_t wl = strlen(w);
	for (size_t i = 0; i + wl <= n; i++) {
		size_t k = 0;
		while (k < wl && str_lower(d[i + k]) == w[k])
			k++;
		if (k == wl)
			return 1;
	}
	return 0;
}

/* The trace of one way of reading, in memory (free it). */
static char *trace(const uint8_t *data, size_t n, enum fuzz_via via, const struct cx_options *opt,
                   size_t *len)
{
	char *t = NULL;
	FILE *f = open_memstream(&t, len);
	if (!f)
		abort();
	fuzz_trace("bibtex", data, n, via, opt, f);
	fclose(f);
	return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct cx_options opt = {.macro_cap = 1 << 20};
	if (!has_word(data, n, "crossref") && !has_word(data, n, "xdata")) {
		fuzz_convert("bibtex", data, n, FUZZ_PIPE, &opt);
		return 0;
	}
	struct cx_options ahead = opt, search = opt;
	ahead.hold_cap = 1;
	search.hold_cap = 4096;
	static const char *const name[] = {"file", "pipe", "kept", "ahead", "search"};
	size_t len[5];
	char *t[5] = {
		trace(data, n, FUZZ_FILE, &opt, &len[0]),
		trace(data, n, FUZZ_PIPE, &opt, &len[1]),
		trace(data, n, FUZZ_KEPT, &opt, &len[2]),
		trace(data, n, FUZZ_FILE, &ahead, &len[3]),
		trace(data, n, FUZZ_FILE, &search, &len[4]),
	};
	for (int i = 1; i < 5; i++) {
		if (len[i] != len[0] || memcmp(t[i], t[0], len[0])) {
			fprintf(stderr, "reading from the %s differs from the file:\n--- file\n%s--- %s\n%s",
			        name[i], t[0], name[i], t[i]);
			abort();
		}
	}
	for (int i = 0; i < 5; i++)
		free(t[i]);
	return 0;
}
