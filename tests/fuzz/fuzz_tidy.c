/* fuzz_tidy.c - libFuzzer harness for citex tidy (src/tidy, read/bibsrc.c).
 *
 * The first byte of an input picks the options (each bit one or two of
 * them: sorting, merging, keys, wrapping, curly and numeric values,
 * escaping, comments, lossy); the rest is the .bib.  The input is tidied;
 * when it parses, the output is tidied again under the same options and
 * must parse and come out the same (citex tidy is idempotent), but under
 * --lossy, which writes what bibtex-tidy writes, and that may be neither.
 * Nothing else is checked here: the sanitizers watch the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tidy/tidy.h"

static void no_diag(void *ctx, const struct cx_diag *d)
{
	(void)ctx;
	(void)d;
}

static void options(struct cx_tidy_opts *o, unsigned char b)
{
	static const char *sort[] = {"-year", "type", "key", "title"};
	static const char *fields[] = {"title", "author", "year"};
	static const char *title[] = {"title"};
	cx_tidy_opts_default(o);
	if (b & 1)
		o->sort = (struct cx_tidy_list){sort, 4, 1};
	if (b & 2) {
		o->merge = CX_TIDY_MERGE_COMBINE;
		o->dups[0] = CX_TIDY_DUP_DOI;
		o->dups[1] = CX_TIDY_DUP_CITATION;
		o->dups[2] = CX_TIDY_DUP_ABSTRACT;
		o->ndups = 3;
	}
	if (b & 4)
		o->generate_keys = "[auth:required:lower][year:required][veryshorttitle:lower][duplicateNumber]";
	if (b & 8) {
		o->wrap = 40;
		o->enclosing_braces = (struct cx_tidy_list){title, 1, 1};
		o->remove_braces = (struct cx_tidy_list){title, 1, 1};
	}
	if (b & 16) {
		o->curly = o->numeric = o->months = 1;
		o->sort_fields = (struct cx_tidy_list){fields, 3, 1};
	}
	if (b & 32) {
		o->escape = 0;
		o->drop_all_caps = o->strip_enclosing_braces = o->encode_urls = 1;
		o->max_authors = 2;
	}
	if (b & 64) {
		o->tidy_comments = 0;
		o->remove_empty_fields = o->trailing_commas = o->blank_lines = 1;
		o->align = 1;
		o->tab = 1;
	}
	if (b & 128)
		o->lossy = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	if (!n)
		return 0;
	struct cx_tidy_opts o;
	options(&o, data[0]);
	struct cx_diags d = {no_diag, NULL, "fuzz", CX_NOTE, 0, 0};
	struct tidy_result r, again;
	if (tidy_run(&o, (const char *)data + 1, n - 1, &r, &d) == 0 && !o.lossy) {
		if (tidy_run(&o, r.out.p, r.out.n, &again, &d) != 0)
			abort(); /* the output does not parse */
		if (again.out.n != r.out.n || memcmp(again.out.p, r.out.p, r.out.n)) {
			fprintf(stderr, "not idempotent:\n%.*s\n----\n%.*s\n", (int)r.out.n, r.out.p,
			        (int)again.out.n, again.out.p);
			abort();
		}
		tidy_result_free(&again);
	}
	tidy_result_free(&r);
	return 0;
}
