/* tidy/sort.c - --sort and --sort-fields, as bibtex-tidy's sortEntries and
 * sortEntryFields do them.
 *
 * Entries sort on the keys asked for, each ascending or (with a leading
 * '-') descending, by what JavaScript's localeCompare says of the values
 * in lower case: ICU's root collation here, the collation Node.js uses.
 * A value is the entry's key ("key"), its type ("type"), its month's
 * number ("month", when the month is written as jan to dec), whether it
 * is @string, @preamble, @set or @xdata ("special") or a field's value as
 * written out; numbers compare as 50 digits.  What comes before an entry
 * (comments, and @string and the like unless "special" is a key) moves
 * with it; what comes after the last entry has no values (it goes first in
 * a descending sort), but stays at the end when it ends in an unclosed
 * "@word".  The sort is stable, and so is the field sort.
 */
#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/ustring.h>

#include "core/str.h"
#include "tidy/tidy_int.h"

/* One item's collation key for each sort key (len 0: none, which sorts as
 * U+FFF0 would). */
struct skey {
	uint8_t *k;
	int32_t n;
};

struct sorter {
	struct titem *items;
	size_t nkeys;
	const int *desc;
	struct skey *keys; /* nkeys per item */
	size_t *order;     /* original positions */
};

static struct skey collate(UCollator *c, struct arena *a, const char *s, size_t n)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = 0;
	u_strFromUTF8WithSub(NULL, 0, &len, s, (int32_t)n, 0xFFFD, NULL, &st);
	st = U_ZERO_ERROR;
	UChar *u = xmalloc(((size_t)len + 1) * sizeof *u);
	u_strFromUTF8WithSub(u, len + 1, NULL, s, (int32_t)n, 0xFFFD, NULL, &st);
	int32_t kn = ucol_getSortKey(c, u, len, NULL, 0);
	uint8_t *k = arena_alloc(a, (size_t)kn + 1);
	ucol_getSortKey(c, u, len, k, kn + 1);
	free(u);
	return (struct skey){k, kn};
}

static int special(const struct titem *it)
{
	cx_str c = it->node->command;
	return str_ieq(c, "string") || str_ieq(c, "preamble") || str_ieq(c, "set") ||
	       str_ieq(c, "xdata");
}

/* The value of sort key name for an item, in *s (lower case), or 0 when it
 * has none. */
static int sort_value(struct tidy_ctx *t, struct titem *it, const char *name, struct buf *s)
{
	static const char *const months[12] = {"jan", "feb", "mar", "apr", "may", "jun",
	                                       "jul", "aug", "sep", "oct", "nov", "dec"};
	int entry = titem_entry(it);
	buf_clear(s);
	if (!strcmp(name, "key")) {
		if (!entry)
			return 0;
		if (it->has_key)
			text_lower(it->key.p, it->key.n, s);
	} else if (!strcmp(name, "type")) {
		text_lower(it->node->command.p, it->node->command.n, s);
	} else if (!strcmp(name, "month")) {
		if (!entry)
			return 0;
		const cx_str *v = tidy_value(t, it, "month");
		for (int i = 0; v && i < 12; i++)
			if (str_eq(*v, months[i]))
				buf_printf(s, "%050d", i);
	} else if (!strcmp(name, "special")) {
		buf_printf(s, "%050d", special(it) ? 0 : 1);
	} else {
		if (!entry)
			return 0;
		const cx_str *v = tidy_value(t, it, name);
		if (v)
			text_lower(v->p, v->n, s);
	}
	return 1;
}

static int cmp_items(const void *x, const void *y, void *ctx)
{
	const struct sorter *S = ctx;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	for (size_t k = 0; k < S->nkeys; k++) {
		const struct skey *p = &S->keys[a * S->nkeys + k], *q = &S->keys[b * S->nkeys + k];
		if (S->desc[k]) {
			const struct skey *r = p;
			p = q;
			q = r;
		}
		int32_t n = p->n < q->n ? p->n : q->n;
		int c = memcmp(p->k, q->k, (size_t)n);
		if (!c)
			c = (p->n > q->n) - (p->n < q->n);
		if (c)
			return c;
	}
	return (a > b) - (a < b);
}

/* A stable sort of idx[0..n) by cmp (merge sort). */
static void merge_sort(size_t *idx, size_t *tmp, size_t n, const struct sorter *S)
{
	if (n < 2)
		return;
	size_t h = n / 2;
	merge_sort(idx, tmp, h, S);
	merge_sort(idx + h, tmp, n - h, S);
	size_t i = 0, j = h, k = 0;
	while (i < h && j < n)
		tmp[k++] = cmp_items(&idx[j], &idx[i], (void *)S) < 0 ? idx[j++] : idx[i++];
	while (i < h)
		tmp[k++] = idx[i++];
	while (j < n)
		tmp[k++] = idx[j++];
	memcpy(idx, tmp, n * sizeof *idx);
}

void sort_entries(struct tidy_ctx *t)
{
	const struct cx_tidy_list *L = &t->o->sort;
	if (!L->n)
		return;
	int with_special = 0;
	for (size_t k = 0; k < L->n; k++)
		with_special |= !strcmp(L->v[k], "special");
	UErrorCode st = U_ZERO_ERROR;
	UCollator *c = ucol_open("", &st);
	if (U_FAILURE(st))
		return;
	/* As V8 opens it for localeCompare. */
	ucol_setAttribute(c, UCOL_NORMALIZATION_MODE, UCOL_ON, &st);
	struct sorter S = {t->items, L->n, NULL, NULL, NULL};
	int *desc = xcalloc(L->n, sizeof *desc);
	S.desc = desc;
	S.keys = xcalloc(t->nitems * L->n + 1, sizeof *S.keys);
	struct skey none = collate(c, &t->arena, "\xEF\xBF\xB0", 3); /* U+FFF0 */
	for (size_t i = 0; i < t->nitems * L->n; i++)
		S.keys[i] = none;
	struct buf s = {0};
	size_t meta = 0; /* items before the next entry take its values */
	for (size_t i = 0; i < t->nitems; i++) {
		struct titem *it = &t->items[i];
		if (it->node->kind == BSRC_TEXT || (!titem_entry(it) && !with_special))
			continue;
		for (size_t k = 0; k < L->n; k++) {
			const char *name = L->v[k];
			desc[k] = name[0] == '-';
			if (sort_value(t, it, name + desc[k], &s))
				S.keys[i * L->n + k] = collate(c, &t->arena, s.p ? s.p : "", s.n);
		}
		for (; meta < i; meta++)
			memcpy(&S.keys[meta * L->n], &S.keys[i * L->n], L->n * sizeof *S.keys);
		meta = i + 1;
	}
	for (size_t k = 0; k < L->n; k++)
		desc[k] = L->v[k][0] == '-';
	size_t *idx = xmalloc(t->nitems * sizeof *idx), *tmp = xmalloc(t->nitems * sizeof *tmp);
	for (size_t i = 0; i < t->nitems; i++)
		idx[i] = i;
	/* What comes after the last entry sorts as having no values: first in
	 * a descending sort.  But text that ends in a block's word ("@word",
	 * which only the end of the input made text) would take what came
	 * first into that word: then it stays at the end. */
	size_t n = t->nitems;
	const struct bsrc_node *last = n ? t->items[n - 1].node : NULL;
	if (meta < n && last->kind == BSRC_TEXT && text_dangles(last->text))
		n = meta;
	merge_sort(idx, tmp, n, &S);
	struct titem *sorted = xmalloc(t->nitems * sizeof *sorted);
	for (size_t i = 0; i < t->nitems; i++)
		sorted[i] = t->items[idx[i]];
	memcpy(t->items, sorted, t->nitems * sizeof *sorted);
	free(sorted);
	free(idx);
	free(tmp);
	free(S.keys);
	free(desc);
	buf_free(&s);
	ucol_close(c);
}

/* Where a field's name stands in the list (lower case, as the list is
 * written), or the list's length for one it does not name. */
static size_t field_rank(const struct cx_tidy_list *L, cx_str lname)
{
	for (size_t i = 0; i < L->n; i++)
		if (str_eq(lname, L->v[i]))
			return i;
	return L->n;
}

void sort_fields(struct tidy_ctx *t)
{
	const struct cx_tidy_list *L = &t->o->sort_fields;
	for (size_t i = 0; i < t->nitems; i++) {
		struct titem *it = &t->items[i];
		if (!titem_entry(it) || it->nfields < 2)
			continue;
		/* An insertion sort: stable, and entries have few fields. */
		struct tfield *f = arena_alloc(&t->arena, it->nfields * sizeof *f);
		memcpy(f, it->fields, it->nfields * sizeof *f);
		for (size_t j = 1; j < it->nfields; j++) {
			struct tfield x = f[j];
			size_t r = field_rank(L, x.lname), k = j;
			while (k > 0 && field_rank(L, f[k - 1].lname) > r) {
				f[k] = f[k - 1];
				k--;
			}
			f[k] = x;
		}
		it->fields = f;
		it->capfields = 0;
	}
}
