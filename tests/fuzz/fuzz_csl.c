/* fuzz_csl.c - libFuzzer harness for the CSL processor: a style, a locale
 * and items, all three from the input.
 *
 * The input is the style, a NUL, a locale file and a NUL, then CSL-JSON
 * items; a part left out takes a default (no locale file but the built-in
 * en-US; a few items of every kind of variable).  A style the check
 * refuses (csl/check.c) is the end of the run, as for the command line.
 * One that loads renders the bibliography in all four outputs, a citation
 * of every item, and each item cited alone with a locator in note
 * positions, as a document would: so the renderer, sorting,
 * disambiguation and the outputs all see what a style can ask. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "model/model.h"
#include "read/reader.h"

static const char default_items[] =
	"[{\"id\":\"a\",\"type\":\"article-journal\",\"title\":\"A <i>Title</i>: \\\"quoted\\\"\","
	"\"author\":[{\"family\":\"Doe\",\"given\":\"Jane Q.\"},{\"family\":\"Roe\",\"given\":\"R.\","
	"\"non-dropping-particle\":\"van\"},{\"literal\":\"Org\"}],\"container-title\":\"J\","
	"\"volume\":\"12\",\"issue\":\"3\",\"page\":\"100-120\",\"issued\":{\"date-parts\":[[2020,5,1]]},"
	"\"DOI\":\"10.1/x\",\"URL\":\"https://example.org\",\"note\":\"original-date: 1900\"},"
	"{\"id\":\"b\",\"type\":\"book\",\"title\":\"B\",\"editor\":[{\"family\":\"Doe\",\"given\":\"J.\"}],"
	"\"publisher\":\"P\",\"publisher-place\":\"X\",\"edition\":\"2\",\"number-of-pages\":\"xii+300\","
	"\"issued\":{\"date-parts\":[[2020],[2021]]},\"accessed\":{\"raw\":\"Spring 1999\"}},"
	"{\"id\":\"c\",\"type\":\"chapter\",\"title\":\"C\",\"author\":[{\"family\":\"Doe\",\"given\":\"Jane\"}],"
	"\"issued\":{\"literal\":\"198?\"},\"page\":\"iv-ix\",\"chapter-number\":\"ch. 3\"},"
	"{\"id\":\"d\",\"type\":\"thesis\",\"issued\":{\"date-parts\":[[2020]],\"circa\":true}}]";

struct items {
	struct arena a;
	struct csl_item **v;
	size_t n, cap;
	const struct cx_options *opt;
};

static void on_entry(void *ctx, const struct cx_entry *e)
{
	struct items *I = ctx;
	if (e->kind != CX_ENTRY_RECORD || I->n >= 64)
		return;
	if (I->n == I->cap) {
		I->cap = I->cap ? 2 * I->cap : 8;
		I->v = realloc(I->v, I->cap * sizeof *I->v);
		if (!I->v)
			abort();
	}
	struct csl_item *it = arena_alloc(&I->a, sizeof *it);
	csl_item_from_entry(&I->a, it, e, I->opt);
	it->entry = NULL; /* e goes when this returns */
	I->v[I->n++] = it;
}

/* The next part of data, up to a NUL or the end. */
static const char *part(const uint8_t **data, size_t *n, size_t *len)
{
	const char *p = (const char *)*data;
	const uint8_t *nul = memchr(*data, 0, *n);
	*len = nul ? (size_t)(nul - *data) : *n;
	*data += *len + (nul != NULL);
	*n -= *len + (nul != NULL);
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	size_t ns, nl, ni;
	const char *style = part(&data, &n, &ns);
	const char *loc = part(&data, &n, &nl);
	const char *items = part(&data, &n, &ni);
	if (!ni) {
		items = default_items;
		ni = sizeof default_items - 1;
	}
	char err[2048];
	struct csl_style *st = csl_style_load(style, ns, "fuzz.csl", err, sizeof err);
	if (!st)
		return 0;

	/* the locale: the style's own, then the file given, then en-US */
	struct csl_locale L;
	struct arena src = {0};
	struct csl_locale_src *srcs[32];
	size_t k = 0;
	for (size_t i = 0; i < st->nlocales && k < 24; i++)
		srcs[k++] = st->locales[i];
	struct csl_locale_src *f = nl ? csl_locale_parse(&src, loc, nl, err, sizeof err) : NULL;
	if (f)
		srcs[k++] = f;
	srcs[k++] = csl_locale_builtin(&src);
	csl_locale_merge(&L, f && f->lang ? f->lang : "en-US", srcs, k);
	L.src = src;

	struct cx_options opt = {0};
	struct items I = {.opt = &opt};
	struct cx_context *cx = cx_context_new(&opt);
	cx_read(cx, cx_reader_find("csl-json"), NULL, "fuzz.json", items, ni, on_entry, &I, NULL);
	cx_context_free(cx);

	struct csl_session *S = csl_session_new(st, &L);
	csl_session_items(S, I.v, I.n);
	csl_session_cited(S, I.v, I.n);
	csl_session_prepare(S);
	struct buf out = {0};
	for (size_t i = 0; i < csl_bib_count(S); i++) {
		const char *s = csl_bib_entry(S, i, NULL);
		for (int fmt = OF_TEXT; fmt <= OF_LATEX; fmt++) {
			out.n = 0;
			csl_out_buf(&out, s, (enum csl_outfmt)fmt, &L);
		}
	}
	/* one citation of everything, then each item alone, twice, in notes */
	struct csl_cite cites[64];
	for (size_t i = 0; i < I.n; i++)
		cites[i] = (struct csl_cite){.item = I.v[i], .position = POS_UNSET};
	if (I.n)
		csl_out_buf(&out, csl_cite(S, cites, I.n, 1), OF_HTML, &L);
	for (size_t r = 0; r < 2; r++)
		for (size_t i = 0; i < I.n; i++) {
			struct csl_cite c = {.item = I.v[i], .locator = r ? "12-14" : "iv",
			                     .label = r ? "page" : "chapter", .position = POS_UNSET};
			out.n = 0;
			csl_out_buf(&out, csl_cite(S, &c, 1, (int)(2 + r * I.n + i)), OF_TEXT, &L);
		}
	buf_free(&out);
	csl_session_free(S);
	free(I.v);
	arena_destroy(&I.a);
	csl_locale_free(&L);
	csl_style_free(st);
	return 0;
}
