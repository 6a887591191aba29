/* csl/disamb.c - disambiguation (CSL 1.0.2, "Disambiguation").
 *
 * Cites are ambiguous when their renderings are equal while their items
 * differ.  As citeproc-js, each item is rendered for this as a later cite
 * in a near note (its own note: first-reference-note-number tells items
 * apart), so et-al-subsequent-min and a note style's short form decide
 * what is ambiguous; what the steps add shows in every cite and, for
 * names, in the bibliography (render.c, names.c).  For each set of
 * ambiguous items the steps run in the specification's order, each only
 * while the set stays ambiguous: add names (raise et-al-use-first), add
 * given names (initials, then full given names), set the disambiguate
 * condition, and give year suffixes in bibliography order.  The global given-name rules
 * (all-names, primary-name, with or without initials) expand names that
 * share a family name anywhere in the document first. */
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "csl/csl.h"
#include "csl/session.h"

struct rend {
	struct csl_item *it;
	char *s;
	size_t order;  /* bibliography position */
};

static void render_one(struct csl_session *S, struct rend *x)
{
	free(x->s);
	x->s = xstrdup(csl_cite_plain(S, x->it));
	arena_reset(&S->tmp);
}

static void render_all(struct csl_session *S, struct rend *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		render_one(S, &v[i]);
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

/* One set of ambiguous cites being resolved.  A step (one more name, or
 * one name's given name expanded) applies to the cites still ambiguous;
 * it is kept when it lowers the ambiguity of the set, and the cites it
 * made unique keep the form they had then.  A step that did not help is
 * undone: a given name at once, a name count at the end unless a later
 * step (that name expanded) made it help.  A cite's rendering depends on
 * its own item's state alone, so only the cites a step changes are
 * rendered again, and an undone step gives back the renderings it
 * replaced. */
struct dset {
	struct csl_session *S;
	struct rend *v;
	size_t n, most;
	unsigned char *act;      /* still ambiguous */
	unsigned char *dirty;    /* its state changed since it was rendered */
	int *saved;              /* committed state: names, then given levels */
	size_t best;             /* the ambiguity committed */
};

/* Render again the cites whose state changed. */
static void render_dirty(struct dset *d)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->dirty[i]) {
			d->dirty[i] = 0;
			render_one(d->S, &d->v[i]);
		}
}

/* Save the state of the ambiguous cites (save), or put it back. */
static void state(struct dset *d, int save)
{
	size_t w = d->most + 1;
	for (size_t i = 0; i < d->n; i++) {
		if (!d->act[i])
			continue;
		struct csl_item *it = d->v[i].it;
		int *at = d->saved + i * w;
		if (save) {
			at[0] = it->dis_names;
			memcpy(at + 1, it->dis_given_per, d->most * sizeof(int));
		} else {
			if (it->dis_names != at[0] ||
			    memcmp(it->dis_given_per, at + 1, d->most * sizeof(int)))
				d->dirty[i] = 1;
			it->dis_names = at[0];
			memcpy(it->dis_given_per, at + 1, d->most * sizeof(int));
		}
	}
}

/* Keep the step: the cites it made unique leave the set. */
static void commit(struct dset *d)
{
	state(d, 1);
	for (size_t i = 0; i < d->n; i++)
		if (d->act[i] && !clashes(d->v, d->n, i))
			d->act[i] = 0;
	d->best = count_clashes(d->v, d->n);
}

static void restore(struct dset *d)
{
	state(d, 0);
	render_dirty(d);
}

/* Try the given name of name k at a level on the ambiguous cites; undo
 * it (only it) when it does not help. */
static void try_given(struct dset *d, size_t k, int level)
{
	int changed = 0;
	int *old = xmalloc((d->n + 1) * sizeof *old);
	char **was = xmalloc((d->n + 1) * sizeof *was);
	for (size_t i = 0; i < d->n; i++) {
		int *g = &d->v[i].it->dis_given_per[k];
		old[i] = *g;
		was[i] = NULL;
		if (d->act[i] && clashes(d->v, d->n, i) && *g < level) {
			*g = level;
			d->dirty[i] = 1;
			changed = 1;
		}
	}
	if (changed) {
		for (size_t i = 0; i < d->n; i++)
			if (d->dirty[i]) {
				was[i] = d->v[i].s;
				d->v[i].s = NULL;
			}
		render_dirty(d);
		if (count_clashes(d->v, d->n) < d->best) {
			commit(d);
		} else {
			for (size_t i = 0; i < d->n; i++) {
				d->v[i].it->dis_given_per[k] = old[i];
				if (was[i]) {
					free(d->v[i].s);
					d->v[i].s = was[i];
					was[i] = NULL;
				}
			}
		}
	}
	for (size_t i = 0; i < d->n; i++)
		free(was[i]);
	free(was);
	free(old);
}

/* Show n names on the ambiguous cites. */
static void try_names(struct dset *d, int n)
{
	int changed = 0;
	for (size_t i = 0; i < d->n; i++) {
		struct csl_item *it = d->v[i].it;
		if (d->act[i] && it->dis_names < n && max_names(it) >= (size_t)n) {
			it->dis_names = n;
			d->dirty[i] = 1;
			changed = 1;
		}
	}
	if (!changed)
		return;
	render_dirty(d);
	if (count_clashes(d->v, d->n) < d->best)
		commit(d);
}

static void names_and_givens(struct csl_session *S, struct rend *v, size_t n)
{
	const struct csl_context *c = &S->st->cit;
	struct dset d = {S, v, n, 0, NULL, NULL, NULL, 0};
	for (size_t i = 0; i < n; i++)
		if (max_names(v[i].it) > d.most)
			d.most = max_names(v[i].it);
	for (size_t i = 0; i < n; i++) {
		struct csl_item *it = v[i].it;
		int *w = arena_calloc(&S->a, (d.most + 1) * sizeof(int));
		if (it->dis_given_per)
			memcpy(w, it->dis_given_per, max_names(it) * sizeof(int));
		it->dis_given_per = w;
	}
	d.act = xmalloc(n);
	memset(d.act, 1, n);
	d.dirty = xcalloc(n, 1);
	d.saved = xcalloc(n * (d.most + 1), sizeof(int));
	commit(&d);
	enum csl_gn_rule rule = c->gn_rule;
	int top = rule == GN_ALL_NAMES_INITIALS || rule == GN_PRIMARY_INITIALS ? 1 : 2;
	int primary = rule == GN_PRIMARY || rule == GN_PRIMARY_INITIALS;
	for (size_t k = 0; k < d.most && d.best; k++) {
		if (c->add_names && k > 0)
			try_names(&d, (int)k + 1);
		if (c->add_givenname && (!primary || k == 0))
			for (int level = 1; level <= top && d.best; level++)
				try_given(&d, k, level);
	}
	restore(&d);
	free(d.act);
	free(d.dirty);
	free(d.saved);
}

/* The steps for one set of items whose cites are equal. */
static void resolve(struct csl_session *S, struct rend *v, size_t n)
{
	const struct csl_context *c = &S->st->cit;
	if (c->add_names || c->add_givenname)
		names_and_givens(S, v, n);
	if (count_clashes(v, n)) {
		/* the cites that clash take the condition, and only theirs can
		 * render otherwise, when the style tests it at all */
		unsigned char *set = xcalloc(n + 1, 1);
		for (size_t i = 0; i < n; i++)
			if (clashes(v, n, i) && !v[i].it->dis_cond) {
				v[i].it->dis_cond = 1;
				set[i] = 1;
			}
		for (size_t i = 0; i < n && S->uses_dis_cond; i++)
			if (set[i])
				render_one(S, &v[i]);
		free(set);
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
	const char *ndp, *family, *given;
	int *level;      /* where the name's level goes */
};

/* Given names compare without their spaces and periods: "J. J." is
 * "J.J.". */
static int cmp_given(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '.')
			a++;
		while (*b == ' ' || *b == '.')
			b++;
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
}

static int cmp_family(const struct gname *x, const struct gname *y)
{
	int c = strcmp(x->ndp ? x->ndp : "", y->ndp ? y->ndp : "");
	return c ? c : strcmp(x->family, y->family);
}

/* The initial of the next word of *s (its first character), its length
 * in *n; NULL past the last word. */
static const char *next_initial(const char **s, size_t *n)
{
	const char *p = *s;
	while (*p == ' ' || *p == '.' || *p == '-')
		p++;
	if (!*p)
		return NULL;
	utf8_next(p, strlen(p), n);
	const char *q = p;
	while (*q && *q != ' ' && *q != '.' && *q != '-')
		q++;
	*s = q;
	return p;
}

/* Given names by their initials: "Elizabeth E." and "Elizabeth L."
 * differ, "John" and "J." do not. */
static int cmp_initials(const char *a, const char *b)
{
	for (;;) {
		size_t na = 0, nb = 0;
		const char *x = next_initial(&a, &na), *y = next_initial(&b, &nb);
		if (!x || !y)
			return !!x - !!y;
		int c = memcmp(x, y, na < nb ? na : nb);
		if (c || na != nb)
			return c ? c : (int)na - (int)nb;
	}
}

static int cmp_gname(const void *a, const void *b)
{
	const struct gname *x = a, *y = b;
	int c = cmp_family(x, y);
	if (!c)
		c = cmp_initials(x->given, y->given);
	return c ? c : cmp_given(x->given, y->given);
}

/* Given-name expansion over the whole document (all-names and
 * primary-name rules): a name gets initials when another name of the same
 * family (particles included) has another initial, and its full given
 * name when another has the same initials but another given name (not
 * under the rules limited to initials).  The names are sorted by family
 * and initials, so the comparison is one pass. */
static void global_names(struct csl_session *S)
{
	enum csl_gn_rule rule = S->st->cit.gn_rule;
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
				v[k++] = (struct gname){nl->v[j].ndp, nl->v[j].family, nl->v[j].given,
				                        &it->dis_given_per[j]};
	}
	qsort(v, k, sizeof *v, cmp_gname);
	for (size_t i = 0; i < k;) {
		size_t e = i; /* one family: [i, e) */
		while (e < k && !cmp_family(&v[e], &v[i]))
			e++;
		for (size_t j = i; j < e;) {
			size_t f = j; /* the same initials: [j, f) */
			while (f < e && !cmp_initials(v[f].given, v[j].given))
				f++;
			int same_initial_differs = cmp_given(v[j].given, v[f - 1].given) != 0;
			int initial_differs = f - j < e - i;
			int level = same_initial_differs && !initials_only ? 2 : initial_differs ? 1 : 0;
			for (size_t m = j; m < f; m++)
				*v[m].level = level;
			j = f;
		}
		i = e;
	}
	free(v);
}

static int uses_dis_cond(const struct csl_node *n)
{
	if (n->kind == CK_IF)
		for (size_t i = 0; i < n->nconds; i++)
			if (n->conds[i].test == CT_DISAMBIGUATE)
				return 1;
	for (size_t i = 0; i < n->nkids; i++)
		if (uses_dis_cond(&n->kids[i]))
			return 1;
	return 0;
}

/* Does the citation test cs:node n's kind of condition, in its layout or
 * a macro? */
static int style_tests(const struct csl_style *st, int (*test)(const struct csl_node *))
{
	if (test(st->cit.layout))
		return 1;
	for (size_t i = 0; i < st->nmacros; i++)
		if (test(st->macros[i]))
			return 1;
	return 0;
}

/* One pass: the cites of every item in position pos, and the steps for
 * each set of equal ones. */
static void disambiguate_in(struct csl_session *S, enum csl_pos pos)
{
	S->dis_pos = pos;
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
	S->dis_pos = POS_FIRST;
}

void csl_disambiguate(struct csl_session *S)
{
	const struct csl_context *c = &S->st->cit;
	S->dis_pos = POS_FIRST;
	if (!c->layout || S->nbib < 2)
		return;
	int cond = style_tests(S->st, uses_dis_cond);
	S->uses_dis_cond = cond;
	if (!c->add_names && !c->add_givenname && !c->add_year_suffix && !cond)
		return;
	global_names(S);
	disambiguate_in(S, POS_SUBSEQUENT);
}
