/* csl/disamb.c - disambiguation (CSL 1.0.2, "Disambiguation").
 *
 * Cites are ambiguous when their first-position renderings are equal
 * while their items differ.  For each set of ambiguous items the steps
 * run in the specification's order, each only while the set stays
 * ambiguous: add names (raise et-al-use-first), add given names (initials,
 * then full given names), set the disambiguate condition, and give year
 * suffixes in bibliography order.  The global given-name rules
 * (all-names, primary-name, with or without initials) expand names that
 * share a family name anywhere in the document first. */
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/session.h"

struct rend {
	struct csl_item *it;
	char *s;
	size_t order;  /* bibliography position */
};

static void render_all(struct csl_session *S, struct rend *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].s);
		v[i].s = xstrdup(csl_cite_plain(S, v[i].it));
		arena_reset(&S->tmp);
	}
}

static int cmp_rend(const void *a, const void *b)
{
	const struct rend *x = a, *y = b;
	int c = strcmp(x->s, y->s);
	if (c)
		return c;
	return (x->order > y->order) - (x->order < y->order);
}

/* Is v[i] equal to another rendering of the set? */
static int clashes(const struct rend *v, size_t n, size_t i)
{
	for (size_t j = 0; j < n; j++)
		if (j != i && !strcmp(v[i].s, v[j].s))
			return 1;
	return 0;
}

/* The ambiguity of a set: items minus distinct renderings. */
static size_t count_clashes(const struct rend *v, size_t n)
{
	size_t distinct = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < i && strcmp(v[i].s, v[j].s))
			j++;
		distinct += j == i;
	}
	return n - distinct;
}

static size_t max_names(const struct csl_item *it)
{
	size_t m = 0;
	for (int v = 0; v < CV_NNAMES; v++)
		if (it->names[v].n > m)
			m = it->names[v].n;
	return m;
}

/* Expand given names one name at a time, and only where it helps: the
 * first name of the clashing cites first, to initials then in full. */
static void add_givennames(struct csl_session *S, struct rend *v, size_t n)
{
	size_t most = 0;
	for (size_t i = 0; i < n; i++)
		if (max_names(v[i].it) > most)
			most = max_names(v[i].it);
	for (size_t i = 0; i < n; i++) {
		struct csl_item *it = v[i].it;
		if (!it->dis_given_per)
			it->dis_given_per = arena_calloc(&S->a, (most + 1) * sizeof(int));
		else if (max_names(it) < most) {
			int *w = arena_calloc(&S->a, (most + 1) * sizeof(int));
			memcpy(w, it->dis_given_per, max_names(it) * sizeof(int));
			it->dis_given_per = w;
		}
	}
	int rule = S->st->cit.gn_rule;
	int top = rule == GN_ALL_NAMES_INITIALS || rule == GN_PRIMARY_INITIALS ? 1 : 2;
	if (rule == GN_PRIMARY || rule == GN_PRIMARY_INITIALS)
		most = most ? 1 : 0;
	for (size_t k = 0; k < most && count_clashes(v, n); k++) {
		for (int level = 1; level <= top && count_clashes(v, n); level++) {
			size_t before = count_clashes(v, n);
			int old[64];
			for (size_t i = 0; i < n && i < 64; i++) {
				old[i] = v[i].it->dis_given_per[k];
				if (clashes(v, n, i) && old[i] < level)
					v[i].it->dis_given_per[k] = level;
			}
			render_all(S, v, n);
			if (count_clashes(v, n) >= before) {
				for (size_t i = 0; i < n && i < 64; i++)
					v[i].it->dis_given_per[k] = old[i];
				render_all(S, v, n);
			}
		}
	}
}

/* The steps for one set of items whose cites are equal. */
static void resolve(struct csl_session *S, struct rend *v, size_t n)
{
	const struct csl_context *c = &S->st->cit;
	if (c->add_names) {
		/* add names while that lowers the ambiguity; keep the count
		 * that did best, none if nothing helped */
		size_t most = 0;
		for (size_t i = 0; i < n; i++)
			if (max_names(v[i].it) > most)
				most = max_names(v[i].it);
		size_t best = count_clashes(v, n);
		int best_k = 0;
		for (size_t k = 1; k <= most && best; k++) {
			for (size_t i = 0; i < n; i++)
				v[i].it->dis_names = (int)k;
			render_all(S, v, n);
			size_t now = count_clashes(v, n);
			if (now < best) {
				best = now;
				best_k = (int)k;
			}
		}
		for (size_t i = 0; i < n; i++)
			v[i].it->dis_names = best_k;
		render_all(S, v, n);
	}
	if (c->add_givenname && count_clashes(v, n))
		add_givennames(S, v, n);
	if (count_clashes(v, n)) {
		int any = 0;
		for (size_t i = 0; i < n; i++)
			if (clashes(v, n, i)) {
				v[i].it->dis_cond = 1;
				any = 1;
			}
		if (any)
			render_all(S, v, n);
	}
	if (c->add_year_suffix && count_clashes(v, n)) {
		/* suffixes count within each group of equal cites, in
		 * bibliography order */
		for (size_t i = 0; i < n; i++) {
			if (v[i].it->year_suffix || !clashes(v, n, i))
				continue;
			int next = 1;
			for (size_t j = i; j < n; j++)
				if (!strcmp(v[i].s, v[j].s))
					v[j].it->year_suffix = next++;
		}
	}
}

struct gname {
	const char *family, *given;
	int *level;      /* where the name's level goes */
};

static int cmp_gname(const void *a, const void *b)
{
	const struct gname *x = a, *y = b;
	int c = strcmp(x->family, y->family);
	if (!c)
		c = (unsigned char)x->given[0] - (unsigned char)y->given[0];
	return c ? c : strcmp(x->given, y->given);
}

/* Given-name expansion over the whole document (all-names and
 * primary-name rules): a name gets initials when another name of the same
 * family has other given names, and its full given name when even the
 * initials are the same.  The names are sorted by family and initial, so
 * the comparison is one pass. */
static void global_names(struct csl_session *S)
{
	int rule = S->st->cit.gn_rule;
	if (!S->st->cit.add_givenname || rule == GN_BY_CITE)
		return;
	int primary = rule == GN_PRIMARY || rule == GN_PRIMARY_INITIALS;
	int initials_only = rule == GN_ALL_NAMES_INITIALS || rule == GN_PRIMARY_INITIALS;
	size_t total = 0;
	for (size_t i = 0; i < S->nbib; i++)
		total += S->bib[i]->names[CV_AUTHOR - CV_FIRST_NAME].n;
	struct gname *v = xmalloc((total + 1) * sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < S->nbib; i++) {
		struct csl_item *it = S->bib[i];
		const struct csl_names *nl = &it->names[CV_AUTHOR - CV_FIRST_NAME];
		if (!nl->n)
			continue;
		it->dis_given_per = arena_calloc(&S->a, (nl->n + 1) * sizeof(int));
		for (size_t j = 0; j < nl->n && (!primary || j == 0); j++)
			if (nl->v[j].family && nl->v[j].given)
				v[k++] = (struct gname){nl->v[j].family, nl->v[j].given,
				                        &it->dis_given_per[j]};
	}
	qsort(v, k, sizeof *v, cmp_gname);
	for (size_t i = 0; i < k;) {
		size_t e = i; /* one family: [i, e) */
		while (e < k && !strcmp(v[e].family, v[i].family))
			e++;
		for (size_t j = i; j < e;) {
			size_t f = j; /* one initial: [j, f) */
			while (f < e && v[f].given[0] == v[j].given[0])
				f++;
			int same_initial_differs = strcmp(v[j].given, v[f - 1].given) != 0;
			int family_differs = strcmp(v[i].given, v[e - 1].given) != 0;
			int level = same_initial_differs ? 2 : family_differs ? 1 : 0;
			if (initials_only && level > 1)
				level = 1;
			for (size_t m = j; m < f; m++)
				*v[m].level = level;
			j = f;
		}
		i = e;
	}
	free(v);
}

void csl_disambiguate(struct csl_session *S)
{
	const struct csl_context *c = &S->st->cit;
	if (!c->layout || S->nbib < 2)
		return;
	if (!c->add_names && !c->add_givenname && !c->add_year_suffix)
		return;
	global_names(S);
	size_t n = S->nbib;
	struct rend *v = xcalloc(n, sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = (struct rend){S->bib[i], NULL, i};
	render_all(S, v, n);
	qsort(v, n, sizeof *v, cmp_rend);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && !strcmp(v[i].s, v[j].s))
			j++;
		if (j - i > 1)
			resolve(S, v + i, j - i);
		i = j;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].s);
	free(v);
}
