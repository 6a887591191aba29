/* csl/session.c - a rendering session: the items of one run, their
 * bibliography order and numbers, disambiguation, and the bibliography
 * entries themselves (second-field-align, subsequent-author-substitute). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucol.h>

#include "csl/csl.h"
#include "csl/session.h"

const char *csl_year_suffix(struct arena *a, int n)
{
	char b[16];
	size_t k = sizeof b - 1;
	b[k] = 0;
	/* 1 a, 26 z, 27 aa, ... */
	while (n > 0 && k > 0) {
		n--;
		b[--k] = (char)('a' + n % 26);
		n /= 26;
	}
	return arena_strndup(a, b + k, strlen(b + k));
}

static int is_year_suffix(const struct csl_node *n)
{
	return n->kind == CK_TEXT && n->var == CV_YEAR_SUFFIX;
}

void csl_render_init(struct csl_render *r, struct csl_session *S, const struct csl_context *ctx,
                     struct csl_item *it, const struct csl_cite *cite)
{
	memset(r, 0, sizeof *r);
	r->S = S;
	r->st = S->st;
	r->L = S->L;
	r->ctx = ctx;
	r->it = it;
	r->cite = cite;
	r->a = &S->tmp;
	r->uses_ys = S->uses_ys;
}

struct csl_session *csl_session_new(const struct csl_style *s, const struct csl_locale *L)
{
	struct csl_session *S = xcalloc(1, sizeof *S);
	S->st = s;
	S->L = L;
	int uses = csl_node_any(s->cit.layout, is_year_suffix) ||
	           csl_node_any(s->bib.layout, is_year_suffix);
	for (size_t i = 0; i < s->nmacros && !uses; i++)
		uses = csl_node_any(s->macros[i], is_year_suffix);
	S->uses_ys = uses;
	char loc[64];
	snprintf(loc, sizeof loc, "%s", L->lang ? L->lang : "en-US");
	for (char *p = loc; *p; p++)
		if (*p == '-')
			*p = '_';
	UErrorCode st = U_ZERO_ERROR;
	UCollator *c = ucol_open(loc, &st);
	if (U_FAILURE(st)) {
		c = NULL;
	} else {
		/* as citeproc-js compares (sensitivity "base"): "Voß" and "Voss",
		 * "é" and "e" are equal, and the next key decides */
		ucol_setStrength(c, UCOL_PRIMARY);
	}
	S->coll = (struct UCollator *)c;
	return S;
}

void csl_session_free(struct csl_session *S)
{
	if (!S)
		return;
	if (S->coll)
		ucol_close((UCollator *)S->coll);
	free(S->hist);
	buf_free(&S->sas_prev);
	buf_free(&S->sas_each);
	buf_free(&S->out);
	buf_free(&S->names);
	for (size_t i = 0; i < sizeof S->pool / sizeof S->pool[0]; i++)
		buf_free(&S->pool[i]);
	arena_destroy(&S->a);
	arena_destroy(&S->tmp);
	free(S);
}

void csl_session_items(struct csl_session *S, struct csl_item **items, size_t n)
{
	S->items = items;
	S->n = n;
	/* An item that names no language is in the locale's: title case
	 * is for English (CSL 1.0.2, "Title case conversion"; citeproc-js
	 * takes the style's default-locale, else the one asked for). */
	const char *ll = S->L->lang ? S->L->lang : "en-US";
	int english = ll[0] == 'e' && ll[1] == 'n' && (!ll[2] || ll[2] == '-' || ll[2] == '_');
	for (size_t i = 0; i < n; i++) {
		items[i]->index = i;
		if (!items[i]->s[CV_LANGUAGE])
			items[i]->english = english;
	}
}

void csl_session_cited(struct csl_session *S, struct csl_item **order, size_t n)
{
	S->cited = arena_alloc(&S->a, (n + 1) * sizeof *S->cited);
	if (n)
		memcpy(S->cited, order, n * sizeof *order);
	S->ncited = n;
}

void csl_session_highlight(struct csl_session *S, const char *who)
{
	if (!who || !*who)
		return;
	const char *comma = strchr(who, ','), *sp = strrchr(who, ' ');
	if (comma) {
		const char *g = comma + 1;
		while (*g == ' ')
			g++;
		S->hl_family = arena_strndup(&S->a, who, (size_t)(comma - who));
		S->hl_given = arena_strndup(&S->a, g, strlen(g));
	} else {
		const char *f = sp ? sp + 1 : who;
		S->hl_family = arena_strndup(&S->a, f, strlen(f));
		S->hl_given = arena_strndup(&S->a, who, sp ? (size_t)(sp - who) : 0);
	}
}

void csl_session_tagged(struct csl_session *S, int on)
{
	S->tagged = on;
}

static int renders_number(const struct csl_node *n)
{
	return (n->kind == CK_TEXT || n->kind == CK_NUMBER) && n->var == CV_CITATION_NUMBER;
}

/* Does a sort key read the citation number, by the variable or through a
 * macro that renders it?  Either way the numbers are the citation order
 * the key then sorts by, as citeproc-js numbers them. */
static int sorts_by_number(const struct csl_context *c)
{
	for (size_t i = 0; i < c->nkeys; i++)
		if (c->keys[i].var == CV_CITATION_NUMBER || csl_node_any(c->keys[i].macro, renders_number))
			return 1;
	return 0;
}

/* citeproc-js renders the citation of every item, in input order, before
 * any entry, as a subsequent cite in a near note: the first date range
 * rendered there takes the affixes of the style's range_end, and then no
 * entry's does.  Only an item with a range can render one. */
static void range_first(struct csl_session *S)
{
	const struct csl_node *e = S->st->range_end;
	S->range_fresh = e && e->f.has_affix;
	for (size_t i = 0; i < S->n && S->range_fresh && S->st->cit.layout; i++) {
		const struct csl_item *it = S->items[i];
		int range = 0;
		for (size_t k = 0; k < CV_NDATES; k++)
			range |= it->dates[k] && it->dates[k]->range;
		if (!range)
			continue;
		struct csl_cite c = {.item = S->items[i], .position = POS_SUBSEQUENT, .near_note = 1};
		struct csl_render r;
		csl_render_init(&r, S, &S->st->cit, S->items[i], &c);
		csl_render_kids(&r, S->st->cit.layout, NULL);
		arena_reset(&S->tmp);
	}
}

void csl_session_prepare(struct csl_session *S)
{
	struct csl_item **src = S->ncited ? S->cited : S->items;
	size_t n = S->ncited ? S->ncited : S->n;
	S->bib = arena_alloc(&S->a, (n + 1) * sizeof *S->bib);
	if (n)
		memcpy(S->bib, src, n * sizeof *src);
	S->nbib = n;
	for (size_t i = 0; i < S->n; i++) {
		struct csl_item *it = S->items[i];
		it->year_suffix = it->dis_names = it->dis_given = it->dis_cond = 0;
		it->dis_given_per = NULL;
	}
	for (size_t i = 0; i < n; i++)
		S->bib[i]->cite_number = (int)i + 1;
	/* without a bibliography, entries are notes sorted as cites are */
	const struct csl_context *bc = S->st->has_bib ? &S->st->bib : &S->st->cit;
	if (bc->nkeys) {
		csl_sort_items(S, bc, S->bib, n, NULL);
		if (S->st->has_bib && !sorts_by_number(bc))
			for (size_t i = 0; i < n; i++)
				S->bib[i]->cite_number = (int)i + 1;
	}
	csl_disambiguate(S);
	range_first(S);
	S->prepared = 1;
}

const struct csl_item *csl_bib_item(const struct csl_session *S, size_t i)
{
	return S->bib[i];
}

void csl_session_new_list(struct csl_session *S)
{
	S->sas_prev.n = 0;
	S->sas_each.n = 0;
	S->sas_neach = 0;
}

size_t csl_bib_count(const struct csl_session *S)
{
	return S->nbib;
}

/* The layout with the first field apart: second-field-align. */
static const char *aligned(struct csl_render *r, const struct csl_node *lay)
{
	size_t i = 0;
	const char *first = "";
	for (; i < lay->nkids && !*first; i++)
		first = csl_render_node(r, &lay->kids[i]);
	struct buf b = {0};
	int piq = r->L->punct_in_quote;
	for (; i < lay->nkids; i++)
		csl_cat(&b, csl_render_node(r, &lay->kids[i]), piq);
	/* punctuation that starts the rest ends the first field, as between
	 * blocks (display_punct): "141. ." and " Available at" */
	size_t lead = 0;
	while (lead < b.n && lead < 8 && strchr(".,;:!?", b.p[lead]) && b.p[lead])
		lead++;
	if (lead && lead < b.n) {
		struct buf f = {0};
		buf_put(&f, first, strlen(first));
		char mv[9];
		memcpy(mv, b.p, lead);
		mv[lead] = 0;
		csl_cat(&f, mv, piq);
		first = arena_strndup(r->a, f.p, f.n);
		buf_free(&f);
		memmove(b.p, b.p + lead, b.n - lead);
		b.n -= lead;
	}
	/* the layout's suffix ends the rest; trailing spaces go, from inside
	 * the spans of a tagged rendering that close after them too */
	if (lay->f.suffix && b.n) {
		if (csl_into_value(&b, lay->f.suffix[0]))
			csl_cat(&b, lay->f.suffix + 1, piq);
		else
			csl_cat(&b, lay->f.suffix, piq);
	}
	for (;;) {
		size_t e = b.n;
		while (e >= 2 && b.p[e - 2] == CM_ESC && b.p[e - 1] == CM_TAG_OFF)
			e -= 2;
		if (e && b.p[e - 1] == ' ') {
			memmove(b.p + e - 1, b.p + e, b.n - e);
			b.n--;
		} else if (e == b.n && e >= 2 && b.p[e - 2] == CM_ESC && b.p[e - 1] == CM_NOPUNCT) {
			b.n -= 2;
		} else {
			break;
		}
	}
	buf_putc(&b, 0);
	struct csl_fmt lf = {0}, rf = {0};
	lf.display = 2;
	lf.has_style = 1;
	/* the layout's prefix belongs to the first field, its suffix to the rest */
	lf.prefix = lay->f.prefix;
	lf.has_affix = lf.prefix && *lf.prefix;
	rf.display = 3;
	rf.has_style = 1;
	/* with nothing after it, the first field's trailing blanks go after
	 * its block, as citeproc-js writes them ("149.</div> ") */
	size_t nf = strlen(first), blanks = 0;
	/* the field stands alone: what its blank meets is decided */
	while (nf >= 2 && first[nf - 2] == CM_ESC && first[nf - 1] == CM_DECOBLANK)
		nf -= 2;
	if (b.n == 1)
		while (blanks < nf && first[nf - 1 - blanks] == ' ')
			blanks++;
	const char *l = csl_fmt_apply(r, arena_strndup(r->a, first, nf - blanks), &lf, 1);
	const char *rest = blanks ? arena_strndup(r->a, first + nf - blanks, blanks)
	                          : csl_fmt_apply(r, b.p, &rf, 1);
	buf_free(&b);
	size_t nl = strlen(l), nr = strlen(rest);
	char *s = arena_alloc(r->a, nl + nr + 1);
	memcpy(s, l, nl);
	memcpy(s + nl, rest, nr + 1);
	return s;
}

/* A layout whose first child has display gives its suffix to its last
 * child, as citeproc-js: inside that child's block, and lost when the
 * child is a group, macro call or block that rendered nothing.  Takes the
 * suffix out of f. */
static const char *suffix_inside(struct csl_render *r, const char *s, struct csl_fmt *f)
{
	const char *suf = f->suffix;
	f->suffix = NULL;
	f->has_affix = f->prefix && *f->prefix;
	if (r->last_empty)
		return s;
	size_t n = strlen(s), close = 0;
	if (n >= 2 && s[n - 2] == CM_ESC && s[n - 1] == CM_DISPLAY_OFF)
		close = 2;
	struct buf b = {0};
	buf_put(&b, s, n - close);
	csl_cat(&b, suf, r->L->punct_in_quote);
	buf_put(&b, s + n - close, close);
	const char *o = arena_strndup(r->a, b.p, b.n);
	buf_free(&b);
	return o;
}

/* A layout whose first child has display loses the suffix of the last
 * child that rendered, as citeproc-js gives that child the layout's
 * suffix in place of its own ("<div>T</div>Pub" of a last group with
 * suffix="."); a suffix that met the text before it is left alone. */
static const char *last_suffix_out(struct csl_render *r, const char *s)
{
	const struct csl_node *k = r->last_kid;
	if (!k || k->f.display || !k->f.suffix || !*k->f.suffix)
		return s;
	size_t n = strlen(s), e = n, sn = strlen(k->f.suffix);
	while (e >= 2 && s[e - 2] == CM_ESC && csl_mark_dir(s + e - 2) == 0)
		e -= 2;
	if (e < sn || memcmp(s + e - sn, k->f.suffix, sn))
		return s;
	char *o = arena_alloc(r->a, n - sn + 1);
	memcpy(o, s, e - sn);
	memcpy(o + e - sn, s + e, n - e + 1);
	return o;
}

/* Blanks that end the last block of an entry leave the block, as
 * citeproc-js moves a last child's trailing blank up to a parent
 * without font decorations: "p. 5</div>", not "p. 5 </div>".  Blanks
 * inside a decorated block end before its closing tag and stay. */
static const char *blanks_out(struct csl_render *r, const char *s)
{
	size_t n = strlen(s), e;
	if (n < 3 || s[n - 2] != CM_ESC || s[n - 1] != CM_DISPLAY_OFF || s[n - 3] != ' ')
		return s;
	for (e = n - 2; e && s[e - 1] == ' '; e--)
		;
	char *o = arena_alloc(r->a, n + 1);
	memcpy(o, s, e);
	memcpy(o + e, s + n - 2, 2);
	memcpy(o + e + 2, s + e, n - 2 - e);
	o[n] = 0;
	return o;
}

/* Punctuation that starts a block goes to the end of the block before it
 * ("Anon." and " http://..." for "Anon" and ". http://..."), as
 * citeproc-js merges a prefix's punctuation into the suffix before it. */
static const char *display_punct(struct csl_render *r, const char *s)
{
	static const char punct[] = ".,;:!?";
	size_t n = strlen(s), from = 0;
	struct buf b = {0};
	for (size_t i = 0; i + 4 < n; i++) {
		if (s[i] != CM_ESC || s[i + 1] != CM_DISPLAY_OFF || s[i + 2] != CM_ESC ||
		    !strchr("KMRI", s[i + 3]) || !s[i + 4] || !strchr(punct, s[i + 4]))
			continue;
		size_t p = i + 4;
		while (s[p] && strchr(punct, s[p]) && p - (i + 4) < 8)
			p++;
		char mv[9];
		memcpy(mv, s + i + 4, p - (i + 4));
		mv[p - (i + 4)] = 0;
		buf_put(&b, s + from, i - from);
		csl_cat(&b, mv, r->L->punct_in_quote);
		buf_put(&b, s + i, 4);
		from = p;
		i = p - 1;
	}
	if (!from)
		return s;
	buf_put(&b, s + from, n - from);
	const char *o = arena_strndup(r->a, b.p, b.n);
	buf_free(&b);
	return o;
}

const char *csl_bib_entry(struct csl_session *S, size_t i, const struct csl_item **item)
{
	struct csl_item *it = S->bib[i];
	if (item)
		*item = it;
	arena_reset(&S->tmp);
	const struct csl_node *lay = S->st->bib.layout;
	if (!lay) {
		/* a style with no bibliography (a note style): the entry is
		 * the item's first note, one note each */
		struct csl_cite c = {.item = it, .position = POS_UNSET};
		return csl_cite(S, &c, 1, (int)i + 1);
	}
	struct csl_render r;
	csl_render_init(&r, S, &S->st->bib, it, NULL);
	r.tag = S->tagged;
	r.cap_term = 1;
	r.ys_done = 0;
	memset(r.suppressed, 0, sizeof r.suppressed);
	const char *s;
	if (S->st->bib.second_field_align) {
		s = aligned(&r, lay);
	} else {
		r.last_empty = 0;
		r.last_kid = NULL;
		s = csl_render_kids(&r, lay, NULL);
		if (S->st->bib_first_display)
			s = last_suffix_out(&r, s);
		if (S->st->bib_display)
			s = display_punct(&r, s);
		if (S->st->bib_display && !(lay->f.suffix && *lay->f.suffix))
			s = blanks_out(&r, s);
		struct csl_fmt f = lay->f;
		f.delimiter = NULL;
		if (S->st->bib_first_display && f.suffix)
			s = suffix_inside(&r, s, &f);
		r.outer = 1;
		s = csl_fmt_apply(&r, s, &f, 1);
		r.outer = 0;
	}
	if (S->st->bib.sas) {
		S->sas_prev.n = 0;
		if (r.first_names)
			buf_put(&S->sas_prev, r.first_names, strlen(r.first_names) + 1);
		S->sas_each.n = 0;
		S->sas_neach = r.sas_neach;
		for (size_t k = 0; k < r.sas_neach; k++)
			buf_put(&S->sas_each, r.sas_each[k], strlen(r.sas_each[k]) + 1);
	}
	size_t n = strlen(s);
	S->out.n = 0;
	buf_put(&S->out, s, n);
	buf_putc(&S->out, 0);
	return S->out.p;
}
