/* csl/cite.c - citations: positions (first, subsequent, ibid,
 * ibid-with-locator, near-note), cite order, prefixes and suffixes,
 * collapsing (citation numbers into ranges, repeated authors, year
 * suffixes), suppress-author and author-only. */
#include <stdio.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/session.h"

static int same_str(const char *a, const char *b)
{
	if (!a || !*a)
		return !b || !*b;
	return b && !strcmp(a, b);
}

/* Positions from the history of the session.  In a note style, citations
 * in the text (note 0) and in notes are two streams for ibid; a note with
 * several citations is one citation for the next. */
static void positions(struct csl_session *S, struct csl_cite *c, size_t n, int note)
{
	struct posstream *ps = &S->stream[S->st->note && note == 0];
	for (size_t i = 0; i < n; i++) {
		struct csl_item *it = c[i].item;
		int first_note = 0, last_note = -1;
		for (size_t h = 0; h < S->nhist; h++)
			if (S->hist[h].it == it) {
				if (!first_note)
					first_note = S->hist[h].note;
				last_note = S->hist[h].note;
			}
		c[i].note = note;
		c[i].first_note = first_note;
		if (c[i].position < 0) {
			if (last_note < 0 && !(i > 0 && c[i - 1].item == it)) {
				c[i].position = POS_FIRST;
			} else {
				int prev_same;
				const char *ploc, *plab;
				if (i > 0) {
					prev_same = c[i - 1].item == it;
					ploc = c[i - 1].locator;
					plab = c[i - 1].label;
				} else {
					prev_same = ps->item == it && ps->single;
					ploc = ps->locator;
					plab = ps->label;
				}
				if (!prev_same)
					c[i].position = POS_SUBSEQUENT;
				else if (!c[i].locator || !*c[i].locator)
					c[i].position = ploc && *ploc ? POS_SUBSEQUENT : POS_IBID;
				else if (same_str(c[i].locator, ploc) && same_str(c[i].label, plab))
					c[i].position = POS_IBID;
				else
					c[i].position = POS_IBID_LOC;
			}
		}
		if (last_note >= 0 && note - last_note <= S->st->cit.near_note_distance)
			c[i].near_note = 1;
		else if (i > 0 && c[i - 1].item == it)
			c[i].near_note = 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (S->nhist == S->caphist) {
			S->caphist = S->caphist ? 2 * S->caphist : 64;
			S->hist = xrealloc(S->hist, S->caphist * sizeof *S->hist);
		}
		S->hist[S->nhist++] = (struct hist){c[i].item, note};
	}
	if (n) {
		int single = 1;
		for (size_t i = 1; i < n; i++)
			single &= c[i].item == c[0].item;
		if (note > 0 && note == ps->note && ps->item)
			single &= ps->single && ps->item == c[0].item;
		ps->item = c[n - 1].item;
		ps->locator = c[n - 1].locator;
		ps->label = c[n - 1].label;
		ps->single = single;
	}
	ps->note = note;
}

struct one {
	const char *s;       /* the cite, affixes included */
	const char *names;   /* its first names output, for collapsing */
	const char *year;    /* the cite without its names (collapse) */
	const char *noys;    /* that without the year-suffix */
	int number;
	int plain;           /* no prefix, suffix or locator */
};

static const char *with_affixes(struct csl_session *S, struct arena *a, const struct csl_cite *c,
                                const char *s)
{
	if (!*s || (!c->prefix && !c->suffix))
		return s;
	struct buf b = {0};
	int piq = S->L->punct_in_quote;
	if (c->prefix && *c->prefix) {
		const char *p = csl_rich_parse(a, c->prefix, strlen(c->prefix));
		buf_put(&b, p, strlen(p));
	}
	csl_cat(&b, s, piq);
	if (c->suffix && *c->suffix)
		csl_cat(&b, csl_rich_parse(a, c->suffix, strlen(c->suffix)), piq);
	buf_putc(&b, 0);
	const char *out = arena_strndup(a, b.p, b.n - 1);
	buf_free(&b);
	return out;
}

/* Does a term that starts the cite take a capital, as at the start of a
 * note (citeproc-js): in note styles, the first cite with no prefix, or a
 * cite whose prefix ends a sentence of more than one word ("See ibid.",
 * "Cf. ibid.", "As said before. Ibid."). */
static int caps_term(const struct csl_session *S, const struct csl_cite *c, size_t i)
{
	if (!S->st->note)
		return 0;
	const char *p = c->prefix;
	if (!p)
		return i == 0;
	size_t n = strlen(p);
	/* spaces and closing quotes after the sentence's end */
	for (;;) {
		if (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '"' || p[n - 1] == '\''))
			n--;
		else if (n >= 3 && (!memcmp(p + n - 3, "\xE2\x80\x9D", 3) || !memcmp(p + n - 3, "\xE2\x80\x99", 3)))
			n -= 3;
		else
			break;
	}
	if (!n)
		return 1;
	return (p[n - 1] == '.' || p[n - 1] == '!' || p[n - 1] == '?') && memchr(p, ' ', n);
}

static const char *render_cite(struct csl_session *S, const struct csl_cite *c, int no_names,
                               const char **names, int cap)
{
	struct csl_render r;
	csl_render_init(&r, S, &S->st->cit, c->item, c);
	r.cap_term = cap;
	if (no_names || c->suppress_author)
		r.names_done = -1; /* see csl_render_names: the first names are left out */
	const char *s = csl_render_kids(&r, S->st->cit.layout, NULL);
	if (names)
		*names = r.first_names;
	if (c->author_only)
		s = r.first_names ? r.first_names : "";
	return s;
}

static void join(struct buf *b, const char *delim, const char *s, int piq)
{
	if (b->n && delim)
		csl_cat(b, delim, piq);
	csl_cat(b, s, piq);
}

/* In a sorted citation, cites of the same names move up to the first of
 * them, so that they collapse together. */
static void regroup(struct csl_cite *c, struct one *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!v[i].names)
			continue;
		size_t at = i + 1;
		for (size_t j = i + 1; j < n; j++) {
			if (!v[j].names || strcmp(v[i].names, v[j].names))
				continue;
			if (j != at) {
				struct one t = v[j];
				struct csl_cite tc = c[j];
				memmove(v + at + 1, v + at, (j - at) * sizeof *v);
				memmove(c + at + 1, c + at, (j - at) * sizeof *c);
				v[at] = t;
				c[at] = tc;
			}
			at++;
		}
		i = at - 1;
	}
}

static int same_names(const struct one *x, const struct one *y)
{
	return x->names && y->names && !strcmp(x->names, y->names) && y->year;
}

/* collapse="year", "year-suffix", "year-suffix-ranged": adjacent cites of
 * the same names give their names once ("Doe 2000, 2001"); with the same
 * year too, only the suffix ("Doe 2000a, b", ranged "2000a–c"). */
static void collapse_years(struct csl_session *S, const struct csl_cite *c, const struct one *v,
                           size_t n, struct buf *b)
{
	const struct csl_context *ctx = &S->st->cit;
	const char *delim = ctx->layout->f.delimiter;
	/* within a group: cite-group-delimiter, by default ", " (in note
	 * styles the layout's delimiter, as citeproc-js); after a cite with a
	 * locator or affixes, as after a group, the after-collapse-delimiter */
	const char *gd = ctx->cite_group_delim ? ctx->cite_group_delim : S->st->note ? delim : ", ";
	const char *ad = ctx->after_collapse_delim ? ctx->after_collapse_delim : delim;
	const char *yd = ctx->year_suffix_delim  ? ctx->year_suffix_delim
	                 : ctx->cite_group_delim ? ctx->cite_group_delim
	                                         : delim;
	int piq = S->L->punct_in_quote;
	int prev_grouped = 0;
	for (size_t i = 0; i < n;) {
		struct buf g = {0};
		csl_cat(&g, v[i].s, piq);
		size_t j = i + 1, prev = i;
		while (j < n && same_names(&v[i], &v[j])) {
			int same_year = c[j].item->year_suffix && c[prev].item->year_suffix && v[j].noys &&
			                v[prev].noys && !strcmp(v[j].noys, v[prev].noys) && v[j].plain &&
			                v[prev].plain;
			if (!same_year || ctx->collapse < COL_YEAR_SUFFIX) {
				/* a cite with nothing but its names (no date) adds
				 * nothing to the group, delimiter neither */
				if (v[j].year && *v[j].year) {
					csl_cat(&g, v[prev].plain ? gd : ad, piq);
					csl_cat(&g, v[j].year, piq);
				}
				prev = j++;
				continue;
			}
			/* a run of suffixes of one year, after the one at prev */
			size_t k = j;
			while (k + 1 < n && same_names(&v[i], &v[k + 1]) && c[k + 1].item->year_suffix &&
			       v[k + 1].plain && v[k + 1].noys && !strcmp(v[k + 1].noys, v[k].noys))
				k++;
			int ranged = ctx->collapse == COL_YEAR_SUFFIX_RANGED;
			for (size_t m = prev; m <= k;) {
				size_t e = m;
				while (ranged && e + 1 <= k &&
				       c[e + 1].item->year_suffix == c[e].item->year_suffix + 1)
					e++;
				if (ranged && e - m >= 2) {
					if (m != prev) {
						csl_cat(&g, yd, piq);
						csl_cat(&g, csl_year_suffix(&S->tmp, c[m].item->year_suffix), piq);
					}
					csl_cat(&g, "\xE2\x80\x93", piq);
					csl_cat(&g, csl_year_suffix(&S->tmp, c[e].item->year_suffix), piq);
				} else {
					for (size_t q = m == prev ? m + 1 : m; q <= e; q++) {
						csl_cat(&g, yd, piq);
						csl_cat(&g, csl_year_suffix(&S->tmp, c[q].item->year_suffix), piq);
					}
				}
				m = e + 1;
			}
			prev = k;
			j = k + 1;
		}
		buf_putc(&g, 0);
		join(b, prev_grouped ? ad : delim, g.p, piq);
		prev_grouped = j > i + 1;
		buf_free(&g);
		i = j;
	}
}

const char *csl_cite(struct csl_session *S, struct csl_cite *c, size_t n, int note)
{
	arena_reset(&S->tmp);
	const struct csl_context *ctx = &S->st->cit;
	csl_sort_cites(S, c, n);
	positions(S, c, n, note);
	struct one *v = arena_calloc(&S->tmp, (n + 1) * sizeof *v);
	enum csl_collapse collapse = ctx->collapse;
	for (size_t i = 0; i < n; i++) {
		const char *names = NULL;
		int cap = caps_term(S, &c[i], i);
		const char *s = render_cite(S, &c[i], 0, &names, cap);
		v[i].names = names;
		v[i].number = c[i].item->cite_number;
		v[i].plain = !c[i].prefix && !c[i].suffix && !(c[i].locator && *c[i].locator);
		if (collapse >= COL_YEAR && names) {
			v[i].year = render_cite(S, &c[i], 1, NULL, cap);
			int ys = c[i].item->year_suffix;
			c[i].item->year_suffix = 0;
			v[i].noys = render_cite(S, &c[i], 1, NULL, cap);
			c[i].item->year_suffix = ys;
		}
		v[i].s = with_affixes(S, &S->tmp, &c[i], s);
		if (v[i].year)
			v[i].year = with_affixes(S, &S->tmp, &c[i], v[i].year);
	}
	const char *delim = ctx->layout->f.delimiter;
	int piq = S->L->punct_in_quote;
	struct buf b = {0};
	if (collapse == COL_NUMBER) {
		for (size_t i = 0; i < n;) {
			size_t j = i;
			while (j + 1 < n && v[j + 1].plain && v[j].plain && v[j + 1].number == v[j].number + 1)
				j++;
			if (j - i >= 2) {
				char t[64];
				snprintf(t, sizeof t, "%s\xE2\x80\x93%s", v[i].s, v[j].s);
				join(&b, delim, t, piq);
			} else {
				for (size_t k = i; k <= j; k++)
					join(&b, delim, v[k].s, piq);
			}
			i = j + 1;
		}
	} else if (collapse >= COL_YEAR) {
		if (ctx->nkeys)
			regroup(c, v, n);
		collapse_years(S, c, v, n, &b);
	} else {
		/* cite-group-delimiter alone groups the cites of the same names
		 * without collapsing them; a cite whose prefix starts with
		 * punctuation (", cited in") takes no delimiter before it, as
		 * citeproc-js */
		const char *gd = ctx->cite_group_delim;
		if (gd)
			regroup(c, v, n);
		for (size_t i = 0; i < n; i++) {
			if (!*v[i].s)
				continue;
			const char *d = delim;
			if (gd && i > 0 && v[i].names && v[i - 1].names && !strcmp(v[i].names, v[i - 1].names))
				d = gd;
			if (c[i].prefix && c[i].prefix[0] && strchr(",.;:", c[i].prefix[0]))
				d = NULL;
			join(&b, d, v[i].s, piq);
		}
	}
	buf_putc(&b, 0);
	struct csl_render r;
	csl_render_init(&r, S, ctx, n ? c[0].item : NULL, NULL);
	struct csl_fmt f = ctx->layout->f;
	f.delimiter = NULL;
	struct csl_item dummy = {.english = 1};
	if (!r.it)
		r.it = &dummy;
	/* the layout's affixes go inside its formatting, as citeproc-js */
	struct csl_fmt af = {0};
	af.prefix = f.prefix;
	af.suffix = f.suffix;
	af.has_affix = f.has_affix;
	f.prefix = f.suffix = NULL;
	f.has_affix = 0;
	const char *s = csl_fmt_apply(&r, arena_strndup(&S->tmp, b.p, b.n), &af, 1);
	s = csl_fmt_apply(&r, s, &f, 1);
	buf_free(&b);
	S->out.n = 0;
	buf_put(&S->out, s, strlen(s) + 1);
	return S->out.p;
}

/* The first-position cite of one item as plain text, for disambiguation. */
const char *csl_cite_plain(struct csl_session *S, struct csl_item *it)
{
	/* a later cite refers to a first note of its own: each item's is
	 * another, as two items first cited in two notes have */
	struct csl_cite c = {.item = it, .position = S->dis_pos, .near_note = S->dis_pos != POS_FIRST};
	if (S->dis_pos != POS_FIRST)
		c.first_note = c.note = (int)it->index + 1;
	struct csl_render r;
	csl_render_init(&r, S, &S->st->cit, it, &c);
	r.plain = 0;
	return csl_render_kids(&r, S->st->cit.layout, NULL);
}
