/* csl/sort.c - cs:sort: keys from variables and macros, compared with
 * ICU collation for the session's locale (README: dependencies), numbers
 * by value and dates as YYYYMMDD; an empty key sorts last in either
 * direction, and ties keep input order. */
#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <utf8proc.h>

#include "core/utf8.h"
#include "csl/csl.h"
#include "csl/session.h"

/* The text of a rendered key without markup and without punctuation
 * ("[F]linders" sorts with the Fs, "Title, A" before "Title B"), as
 * citeproc-js compares keys; spaces stay ("D. W." before "David"). */
static const unsigned char ascii_punct[128] = {
	['!'] = 1, ['"'] = 1, ['#'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1, ['('] = 1, [')'] = 1,
	['*'] = 1, [','] = 1, ['-'] = 1, ['.'] = 1, ['/'] = 1, [':'] = 1, [';'] = 1, ['?'] = 1,
	['@'] = 1, ['['] = 1, ['\\'] = 1, [']'] = 1, ['_'] = 1, ['{'] = 1, ['}'] = 1,
};

static char *plain(const char *s)
{
	size_t n = strlen(s);
	char *r = xmalloc(n + 1), *o = r;
	for (size_t i = 0; i < n;) {
		size_t m = csl_mark_len(s + i);
		if (m) {
			i += m;
			continue;
		}
		unsigned char c = (unsigned char)s[i];
		if (c && c < 0x80) {
			/* ASCII: its punctuation (categories Pc to Po) by hand */
			if (!ascii_punct[c])
				*o++ = (char)c;
			i++;
			continue;
		}
		int32_t cp;
		size_t l = utf8_decode(s + i, n - i, &cp);
		if (!l)
			l = 1; /* a bad byte, kept: cp is -1, of no category */
		utf8proc_category_t cat = utf8proc_category(cp);
		if (cat >= UTF8PROC_CATEGORY_PC && cat <= UTF8PROC_CATEGORY_PO) {
			i += l;
			continue;
		}
		memcpy(o, s + i, l);
		o += l;
		i += l;
	}
	*o = 0;
	return r;
}

/* Numbers sort by value: a key of digits is padded to a fixed width. */
static char *pad_number(char *s)
{
	size_t n = strlen(s), i = 0;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (!n || i == 0 || n > 18)
		return s;
	char *r = xmalloc(n + 20);
	size_t pad = 18 - i;
	memset(r, '0', pad);
	memcpy(r + pad, s, n + 1);
	free(s);
	return r;
}

static char *key_of(struct csl_session *S, const struct csl_context *ctx, struct csl_item *it,
                    const struct csl_sortkey *k, const struct csl_cite *cite)
{
	struct csl_render r;
	csl_render_init(&r, S, ctx, it, cite);
	r.sort = 1;
	r.key = k;
	const char *s = "";
	if (k->macro) {
		s = csl_render_kids(&r, k->macro, NULL);
		/* the macro is empty like a group when it calls variables
		 * and finds none, as when it is rendered */
		if (r.called > 0 && r.found == 0)
			s = "";
		/* a count of no names is 0, first, as citeproc-js sorts it */
		if (!*s && r.counted)
			s = "0";
	} else if (k->var >= CV_FIRST_DATE) {
		struct csl_node n = {.kind = CK_DATE, .var = k->var, .date_parts = 3};
		s = csl_render_date(&r, &n);
	} else if (k->var >= CV_FIRST_NAME) {
		int vars[1] = {k->var};
		struct csl_node n = {.kind = CK_NAMES, .vars = vars, .nvars = 1};
		s = csl_render_names(&r, &n);
	} else {
		const char *v = csl_var_value(&r, k->var, 0);
		s = v ? v : "";
		if (csl_var_kind(k->var) == CVK_NUMBER && *s) {
			char *p = plain(s);
			char *q = pad_number(p);
			arena_reset(&S->tmp);
			return q;
		}
	}
	char *p = plain(s);
	arena_reset(&S->tmp);
	if (k->macro)
		p = pad_number(p);
	return p;
}

int csl_collate(struct csl_session *S, const char *a, const char *b)
{
	if (!S->coll)
		return strcmp(a, b);
	UErrorCode st = U_ZERO_ERROR;
	UCollationResult r = ucol_strcollUTF8((UCollator *)S->coll, a, -1, b, -1, &st);
	if (U_FAILURE(st))
		return strcmp(a, b);
	return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

struct sortrec {
	struct csl_item *it;
	char **keys;
	size_t idx;
	const struct csl_cite *cite;
};

/* Key i of a record, rendered when a comparison first needs it: most
 * records differ on the first key, and the later ones are never made. */
static const char *key_at(struct csl_session *S, const struct csl_context *ctx, struct sortrec *x,
                          size_t i)
{
	if (!x->keys[i])
		x->keys[i] = key_of(S, ctx, x->it, &ctx->keys[i], x->cite);
	return x->keys[i];
}

static int compare(struct csl_session *S, const struct csl_context *ctx, struct sortrec *x,
                   struct sortrec *y)
{
	for (size_t i = 0; i < ctx->nkeys; i++) {
		const char *a = key_at(S, ctx, x, i), *b = key_at(S, ctx, y, i);
		int ea = !*a, eb = !*b;
		if (ea || eb) {
			if (ea != eb)
				return ea ? 1 : -1;
			continue;
		}
		int c = csl_collate(S, a, b);
		if (c)
			return ctx->keys[i].desc ? -c : c;
	}
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* A merge sort: qsort has no context argument in C11. */
static void msort(struct csl_session *S, const struct csl_context *ctx, struct sortrec *v,
                  struct sortrec *tmp, size_t n)
{
	if (n < 2)
		return;
	size_t h = n / 2;
	msort(S, ctx, v, tmp, h);
	msort(S, ctx, v + h, tmp, n - h);
	size_t i = 0, j = h, k = 0;
	while (i < h && j < n)
		tmp[k++] = compare(S, ctx, &v[i], &v[j]) <= 0 ? v[i++] : v[j++];
	while (i < h)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof *v);
}

static void sort_recs(struct csl_session *S, const struct csl_context *ctx, struct sortrec *v,
                      size_t n)
{
	for (size_t i = 0; i < n; i++) {
		v[i].keys = xmalloc((ctx->nkeys + 1) * sizeof *v[i].keys);
		for (size_t k = 0; k < ctx->nkeys; k++)
			v[i].keys[k] = NULL;
	}
	struct sortrec *tmp = xmalloc((n + 1) * sizeof *tmp);
	msort(S, ctx, v, tmp, n);
	free(tmp);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < ctx->nkeys; k++)
			free(v[i].keys[k]);
		free(v[i].keys);
	}
}

void csl_sort_items(struct csl_session *S, const struct csl_context *ctx, struct csl_item **items,
                    size_t n, const struct csl_cite *cites)
{
	if (!ctx->nkeys || n < 2)
		return;
	struct sortrec *v = xmalloc(n * sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = (struct sortrec){items[i], NULL, i, cites ? &cites[i] : NULL};
	sort_recs(S, ctx, v, n);
	for (size_t i = 0; i < n; i++)
		items[i] = v[i].it;
	free(v);
}

void csl_sort_cites(struct csl_session *S, struct csl_cite *c, size_t n)
{
	const struct csl_context *ctx = &S->st->cit;
	if (!ctx->nkeys || n < 2)
		return;
	struct sortrec *v = xmalloc(n * sizeof *v);
	struct csl_cite *copy = xmalloc(n * sizeof *copy);
	memcpy(copy, c, n * sizeof *c);
	for (size_t i = 0; i < n; i++)
		v[i] = (struct sortrec){c[i].item, NULL, i, &copy[i]};
	sort_recs(S, ctx, v, n);
	for (size_t i = 0; i < n; i++)
		c[i] = copy[v[i].idx];
	free(copy);
	free(v);
}
