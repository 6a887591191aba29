/* csl/locale.c - CSL locales: terms, date formats and options.
 *
 * A locale source is one cs:locale element, from a locale file or from a
 * style.  A session renders with a merged view: sources in priority order
 * (the style's own cs:locale elements for the language, then the locale
 * file, then the built-in en-US) folded into one sorted term table, so a
 * lookup is one binary search.  As the specification says, ordinal terms
 * of a more important source replace all ordinal terms of the others. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/xml.h"

struct csl_node *csl_compile(struct arena *a, const struct xnode *x);

static const unsigned char builtin_en_us[] = {
#include "csl_locale_en_us.inc"
};

static const char *text_of(struct arena *a, const char *t)
{
	/* Terms keep their text as written, white space included; a
	 * straight apostrophe or a pair of straight quotes in one is read as
	 * in item text ("à l’adresse"), as citeproc-js does. */
	if (strchr(t, '\''))
		return csl_rich_parse(a, t, strlen(t));
	return arena_strndup(a, t, strlen(t));
}

static void add_terms(struct arena *a, struct csl_locale_src *L, const struct xnode *terms)
{
	static const char *const forms[] = {"long", "short", "verb", "verb-short", "symbol", NULL};
	static const char *const genders[] = {"", "masculine", "feminine", NULL};
	static const char *const matches[] = {"", "last-digit", "last-two-digits", "whole-number",
	                                      NULL};
	size_t k = L->nterms;
	for (const struct xnode *t = terms->kids; t; t = t->next)
		k++;
	struct csl_term *v = arena_alloc(a, (k + 1) * sizeof *v);
	if (L->nterms)
		memcpy(v, L->terms, L->nterms * sizeof *v);
	L->terms = v;
	for (const struct xnode *t = terms->kids; t; t = t->next) {
		const char *name = xml_attr(t, "name");
		if (strcmp(t->name, "term") || !name)
			continue;
		struct csl_term *e = &L->terms[L->nterms++];
		memset(e, 0, sizeof *e);
		e->name = name;
		e->form = csl_pick(xml_attr(t, "form"), forms, 0);
		e->gender = csl_pick(xml_attr(t, "gender"), genders, 0);
		e->gender_form = csl_pick(xml_attr(t, "gender-form"), genders, 0);
		e->match = csl_pick(xml_attr(t, "match"), matches, 0);
		const struct xnode *s = xml_child(t, "single"), *m = xml_child(t, "multiple");
		if (s || m) {
			e->single = text_of(a, s ? s->text : m->text);
			e->multiple = text_of(a, m ? m->text : s->text);
		} else {
			e->single = e->multiple = text_of(a, t->text);
		}
	}
}

struct csl_locale_src *csl_locale_from_xml(struct arena *a, const struct xnode *x)
{
	struct csl_locale_src *L = arena_calloc(a, sizeof *L);
	L->lang = xml_attr(x, "lang");
	L->punct_in_quote = -1;
	L->limit_ordinals = -1;
	for (const struct xnode *y = x->kids; y; y = y->next) {
		if (!strcmp(y->name, "terms")) {
			add_terms(a, L, y);
		} else if (!strcmp(y->name, "date")) {
			const char *f = xml_attr(y, "form");
			int i = f && !strcmp(f, "numeric");
			L->date[i] = csl_compile(a, y);
		} else if (!strcmp(y->name, "style-options")) {
			const char *p = xml_attr(y, "punctuation-in-quote");
			if (p)
				L->punct_in_quote = !strcmp(p, "true");
			p = xml_attr(y, "limit-day-ordinals-to-day-1");
			if (p)
				L->limit_ordinals = !strcmp(p, "true");
		}
	}
	return L;
}

struct csl_locale_src *csl_locale_parse(struct arena *a, const char *xml, size_t n, char *err,
                                        size_t errlen)
{
	struct xnode *root = xml_parse(a, xml, n, err, errlen);
	if (!root)
		return NULL;
	if (strcmp(root->name, "locale")) {
		snprintf(err, errlen, "not a CSL locale (root element <%s>)", root->name);
		return NULL;
	}
	return csl_locale_from_xml(a, root);
}

int csl_locale_is_builtin(const char *xml, size_t n)
{
	return n == sizeof builtin_en_us - 1 && !memcmp(xml, builtin_en_us, n);
}

struct csl_locale_src *csl_locale_builtin(struct arena *a)
{
	char err[128];
	return csl_locale_parse(a, (const char *)builtin_en_us, sizeof builtin_en_us - 1, err, sizeof err);
}

/* ---- the merged view ------------------------------------------------------ */

struct ranked {
	struct csl_term t;
	uint64_t rank;
};

static int cmp_term(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	int c = strcmp(x->t.name, y->t.name);
	if (c)
		return c;
	if (x->t.form != y->t.form)
		return (int)x->t.form - (int)y->t.form;
	if (x->t.gender_form != y->t.gender_form)
		return (int)x->t.gender_form - (int)y->t.gender_form;
	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* The hash a term is indexed under. */
static uint64_t term_key(const char *name, int form, int gender_form)
{
	return hash_mix(hash_bytes(name, strlen(name)), (uint64_t)form << 8 | (uint64_t)gender_form);
}

static int is_ordinal(const char *name)
{
	return !strncmp(name, "ordinal", 7);
}

void csl_locale_merge(struct csl_locale *L, const char *lang, struct csl_locale_src *const *srcs,
                      size_t n)
{
	memset(L, 0, sizeof *L);
	L->lang = lang ? arena_strndup(&L->a, lang, strlen(lang)) : "en-US";
	L->punct_in_quote = -1;
	L->limit_ordinals = -1;
	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += srcs[i] ? srcs[i]->nterms : 0;
	struct ranked *all = xmalloc((total + 1) * sizeof *all);
	size_t k = 0;
	int ordinals_from = -1; /* the first source that defines ordinals */
	for (size_t i = 0; i < n; i++) {
		const struct csl_locale_src *s = srcs[i];
		if (!s)
			continue;
		for (size_t j = 0; j < s->nterms; j++) {
			if (is_ordinal(s->terms[j].name)) {
				if (ordinals_from < 0)
					ordinals_from = (int)i;
				if ((int)i != ordinals_from)
					continue;
			}
			all[k].t = s->terms[j];
			/* the more important source first; in one source, a term
			 * defined twice is its last definition (citeproc-js) */
			all[k].rank = (uint64_t)i << 32 | (0xFFFFFFFFu - (uint32_t)j);
			k++;
		}
		for (int f = 0; f < 2; f++)
			if (!L->date[f] && s->date[f])
				L->date[f] = s->date[f];
		if (L->punct_in_quote < 0)
			L->punct_in_quote = s->punct_in_quote;
		if (L->limit_ordinals < 0)
			L->limit_ordinals = s->limit_ordinals;
	}
	qsort(all, k, sizeof *all, cmp_term);
	L->terms = arena_alloc(&L->a, (k + 1) * sizeof *L->terms);
	for (size_t i = 0; i < k; i++) {
		if (L->nterms && !cmp_term(&(struct ranked){L->terms[L->nterms - 1], 0},
		                           &(struct ranked){all[i].t, 0}))
			continue; /* a more important source has it */
		L->terms[L->nterms++] = all[i].t;
	}
	free(all);
	for (size_t i = 0; i < L->nterms; i++)
		hindex_put(&L->index, term_key(L->terms[i].name, L->terms[i].form, L->terms[i].gender_form), i);
	if (L->punct_in_quote < 0)
		L->punct_in_quote = 0;
	if (L->limit_ordinals < 0)
		L->limit_ordinals = 0;
}

void csl_locale_free(struct csl_locale *L)
{
	hindex_free(&L->index);
	arena_destroy(&L->a);
	arena_destroy(&L->src);
}

static const struct csl_term *find(const struct csl_locale *L, const char *name, int form,
                                   int gender)
{
	if (L->index.cap) {
		uint64_t h = term_key(name, form, gender);
		for (size_t i = hindex_first(&L->index, h); i != HINDEX_END; i = hindex_next(&L->index, h, i)) {
			const struct csl_term *t = &L->terms[hindex_value(&L->index, i)];
			if ((int)t->form == form && (int)t->gender_form == gender && !strcmp(t->name, name))
				return t;
		}
		return NULL;
	}
	size_t lo = 0, hi = L->nterms;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct csl_term *t = &L->terms[mid];
		int c = strcmp(t->name, name);
		if (!c)
			c = (int)t->form - form;
		if (!c)
			c = (int)t->gender_form - gender;
		if (!c)
			return t;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static const struct csl_term *find_g(const struct csl_locale *L, const char *name, int form,
                                     int gender)
{
	const struct csl_term *t = gender ? find(L, name, form, gender) : NULL;
	return t ? t : find(L, name, form, 0);
}

const struct csl_term *csl_term(const struct csl_locale *L, const char *name, int form)
{
	/* Fallbacks: verb-short > verb > long; symbol > short > long. */
	static const int next[TF__COUNT] = {-1, TF_LONG, TF_LONG, TF_VERB, TF_SHORT};
	for (int f = form; f >= 0; f = next[f]) {
		const struct csl_term *t = find_g(L, name, f, 0);
		if (t)
			return t;
	}
	return NULL;
}

const char *csl_term_text(const struct csl_locale *L, const char *name, int form, int plural)
{
	const struct csl_term *t = csl_term(L, name, form);
	if (!t)
		return NULL;
	return plural ? t->multiple : t->single;
}

const char *csl_ordinal(const struct csl_locale *L, long n, int gender, int longform)
{
	char name[32];
	if (longform) {
		if (n < 1 || n > 10)
			return NULL;
		snprintf(name, sizeof name, "long-ordinal-%02ld", n);
		const struct csl_term *t = find_g(L, name, TF_LONG, gender);
		return t ? t->single : NULL;
	}
	long two = n % 100, one = n % 10;
	if (two >= 10) {
		snprintf(name, sizeof name, "ordinal-%02ld", two);
		const struct csl_term *t = find_g(L, name, TF_LONG, gender);
		if (t && (t->match != ORD_WHOLE_NUMBER || n == two))
			return t->single;
	}
	snprintf(name, sizeof name, "ordinal-%02ld", one);
	const struct csl_term *t = find_g(L, name, TF_LONG, gender);
	if (t && (t->match != ORD_LAST_TWO_DIGITS || two == one) &&
	    (t->match != ORD_WHOLE_NUMBER || n == one))
		return t->single;
	t = find_g(L, "ordinal", TF_LONG, gender);
	return t ? t->single : "";
}
