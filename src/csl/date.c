/* csl/date.c - cs:date and cs:date-part: localized and non-localized
 * dates, ranges, seasons, eras, ordinal days, and the implicit year-suffix
 * after the year of "issued" when the style does not place it itself.
 * Sort keys are YYYYMMDD strings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/session.h"

struct part {
	struct csl_node n; /* the date-part with the style's overrides */
};

static size_t parts_of(const struct csl_node *d, const struct csl_locale *L, struct part *out)
{
	size_t k = 0;
	if (!d->date_form) {
		for (size_t i = 0; i < d->nkids && k < 3; i++)
			if (d->kids[i].kind == CK_DATE_PART)
				out[k++].n = d->kids[i];
		return k;
	}
	const struct csl_node *loc = L->date[d->date_form == DF_NUMERIC];
	if (!loc)
		return 0;
	for (size_t i = 0; i < loc->nkids && k < 3; i++) {
		const struct csl_node *p = &loc->kids[i];
		if (p->kind != CK_DATE_PART)
			continue;
		if ((p->part == 1 && d->date_parts < 2) || (p->part == 2 && d->date_parts < 3))
			continue;
		struct csl_node n = *p;
		for (size_t j = 0; j < d->nkids; j++) {
			const struct csl_node *o = &d->kids[j];
			if (o->kind != CK_DATE_PART || o->part != p->part)
				continue;
			/* the style's date-part overrides the attributes it sets
			 * (CSL 1.0.2, "Localized Date Formats"); the locale's
			 * affixes and the others it sets stay ("DEC." with the
			 * locale's upper case and the style's short form) */
			const struct csl_fmt *of = &o->f;
			struct csl_fmt *nf = &n.f;
			nf->font_style = of->font_style ? of->font_style : nf->font_style;
			nf->font_variant = of->font_variant ? of->font_variant : nf->font_variant;
			nf->font_weight = of->font_weight ? of->font_weight : nf->font_weight;
			nf->decoration = of->decoration ? of->decoration : nf->decoration;
			nf->valign = of->valign ? of->valign : nf->valign;
			nf->text_case = of->text_case ? of->text_case : nf->text_case;
			nf->quotes |= of->quotes;
			nf->strip_periods |= of->strip_periods;
			nf->has_style |= of->has_style;
			if (o->form >= 0)
				n.form = o->form;
			if (o->range_delim)
				n.range_delim = o->range_delim;
		}
		out[k++].n = n;
	}
	return k;
}

static const char *year_text(struct csl_render *r, int y, int form)
{
	char b[48];
	if (y < 0)
		snprintf(b, sizeof b, "%d%s", -y, csl_term_text(r->L, "bc", TF_LONG, 0) ?
		                               csl_term_text(r->L, "bc", TF_LONG, 0) : "BC");
	else if (y < 1000)
		snprintf(b, sizeof b, "%d%s", y, csl_term_text(r->L, "ad", TF_LONG, 0) ?
		                              csl_term_text(r->L, "ad", TF_LONG, 0) : "AD");
	else if (form == 1)
		snprintf(b, sizeof b, "%02d", y % 100);
	else
		snprintf(b, sizeof b, "%d", y);
	return arena_strndup(r->a, b, strlen(b));
}

/* The text of one date part; *ys is set to the implicit year-suffix when
 * it goes after this (year) part. */
/* s inside nocase marks, so no text-case changes it. */
static const char *uncased(struct csl_render *r, const char *s)
{
	return csl_marked(r->a, s, CX_M_NOCASE_ON, CX_M_NOCASE_OFF);
}

static const char *part_text(struct csl_render *r, const struct csl_node *p, const struct csl_date *d,
                             int side, int var, const char **ys)
{
	char b[64];
	int y = d->y[side], m = d->m[side], day = d->d[side];
	switch (p->part) {
	case 0: {
		if (!y)
			return "";
		/* in a range of years it follows the last ("1984–1986a"), as
		 * citeproc-js */
		int later = side == 0 && d->range && d->y[1] && d->y[1] != y;
		if (var == CV_ISSUED && !r->uses_ys && r->it->year_suffix && !r->ys_done && !r->sort &&
		    !later) {
			r->ys_done = 1;
			/* its letter keeps its case whatever text-case the date
			 * has ("2017a" in an upper-case date), as citeproc-js */
			*ys = uncased(r, csl_year_suffix(r->a, r->it->year_suffix));
		}
		return year_text(r, y, p->form);
	}
	case 1:
		if (m < 1)
			return "";
		if (m > 12) {
			/* a season in the month's place (EDTF 21..24, as the
			 * CSL-JSON writer gives it) shows only where the month
			 * is a word: citeproc-js writes no number for it */
			if (p->form == 2 || p->form == 3)
				return "";
			snprintf(b, sizeof b, "season-%02d", m - 12);
			const char *t = csl_term_text(r->L, b, TF_LONG, 0);
			return t ? t : "";
		}
		if (p->form == 2 || p->form == 3) {
			snprintf(b, sizeof b, p->form == 3 ? "%02d" : "%d", m);
			return arena_strndup(r->a, b, strlen(b));
		} else {
			snprintf(b, sizeof b, "month-%02d", m);
			const char *t = csl_term_text(r->L, b, p->form == 1 ? TF_SHORT : TF_LONG, 0);
			return t ? t : "";
		}
	default:
		if (day < 1 || m < 1 || m > 12)
			return "";
		if (p->form == 3) {
			snprintf(b, sizeof b, "%02d", day);
		} else if (p->form == 4 && !(r->L->limit_ordinals && day != 1)) {
			char mt[16];
			snprintf(mt, sizeof mt, "month-%02d", m);
			const struct csl_term *t = csl_term(r->L, mt, TF_LONG);
			snprintf(b, sizeof b, "%d%s", day, csl_ordinal(r->L, day, t ? t->gender : 0, 0));
		} else {
			snprintf(b, sizeof b, "%d", day);
		}
		return arena_strndup(r->a, b, strlen(b));
	}
}

/* Parts first..last of one side, joined.  Where the two sides of a range
 * meet, their affixes go: the last part's suffix on the first side
 * (drop_suffix), and on the second side (drop_prefix) the prefixes of
 * its parts but the last, or of its one part, as citeproc-js queues
 * them: "(8–9) November", "2000-11-08/09", "November 2000–January 2001". */
static void render_run(struct csl_render *r, struct buf *b, const struct part *p, size_t first,
                       size_t last, const struct csl_date *d, int side, int var, const char *delim,
                       int drop_suffix, int drop_prefix)
{
	int piq = r->L->punct_in_quote;
	int any = 0;
	const char *txt[3] = {"", "", ""}, *ys[3] = {NULL, NULL, NULL};
	size_t shown_last = first, nshown = 0;
	for (size_t i = first; i <= last && i < 3; i++)
		if (*(txt[i] = part_text(r, &p[i].n, d, side, var, &ys[i]))) {
			shown_last = i; /* the suffix a range drops is the last shown */
			nshown++;
		}
	for (size_t i = first; i <= last && i < 3; i++) {
		const char *s = txt[i];
		if (!*s)
			continue;
		struct csl_fmt f = p[i].n.f;
		if (drop_suffix && i == shown_last)
			f.suffix = NULL;
		if (drop_prefix && (i != shown_last || nshown == 1))
			f.prefix = NULL;
		f.has_affix = (f.prefix && *f.prefix) || (f.suffix && *f.suffix);
		s = csl_fmt_apply(r, s, &f, 1);
		if (any && delim)
			csl_cat(b, delim, piq);
		csl_cat(b, s, piq);
		/* the year-suffix follows the year with the year part's own
		 * affixes and formatting, as citeproc-js: "(1980)(a)"; a
		 * punctuation mark that starts the date's delimiter comes
		 * between, as citeproc-js gives it to every part but the
		 * last ("March, 1999,a" of delimiter ", "; "3/1999a") */
		if (ys[i]) {
			if (delim && *delim && strchr(".,;:!?", *delim)) {
				char mark[2] = {*delim, 0};
				csl_cat(b, mark, piq);
			}
			csl_cat(b, csl_fmt_apply(r, ys[i], &f, 1), piq);
		}
		any = 1;
	}
}

/* The second side of a range, parts first..last, as citeproc-js queues
 * it: inside the formatting of the style's range_end (the cs:date it
 * built last), and for the first range it renders, that date's affixes
 * ("1991–<i>1992</i>", "1991– (1992)."). */
static void range_end(struct csl_render *r, struct buf *b, const struct part *p, size_t first,
                      size_t last, const struct csl_date *d, int var, const char *delim)
{
	const struct csl_node *e = r->st->range_end;
	/* citeproc-js builds a localized date from the locale's cs:date
	 * with the style's affixes alone: its end takes no formatting */
	int deco = e && !e->date_form && (e->f.font_style || e->f.font_variant || e->f.font_weight ||
	                                  e->f.decoration || e->f.valign);
	if (!e || r->sort || r->plain || (!deco && !(r->S->range_fresh && e->f.has_affix))) {
		render_run(r, b, p, first, last, d, 1, var, delim, 0, 1);
		return;
	}
	struct buf own, *t = csl_buf_take(r, &own);
	render_run(r, t, p, first, last, d, 1, var, delim, 0, 1);
	if (!t->n) {
		csl_buf_drop(r, t, &own);
		return;
	}
	const char *s = csl_buf_str(r, t, &own);
	struct csl_fmt f = {0};
	if (deco) {
		f.font_style = e->f.font_style;
		f.font_variant = e->f.font_variant;
		f.font_weight = e->f.font_weight;
		f.decoration = e->f.decoration;
		f.valign = e->f.valign;
		f.has_style = 1;
	}
	if (r->S->range_fresh) {
		r->S->range_fresh = 0;
		f.prefix = e->f.prefix;
		f.suffix = e->f.suffix;
		f.has_affix = e->f.has_affix;
	}
	csl_cat(b, csl_fmt_apply(r, s, &f, 1), r->L->punct_in_quote);
}

static const char *sort_key(struct csl_render *r, const struct csl_node *n, const struct csl_date *d)
{
	char b[64];
	int has[3] = {1, 1, 1}; /* the parts rendered: only those sort */
	if (!n->date_form && n->nkids) {
		has[0] = has[1] = has[2] = 0;
		for (size_t i = 0; i < n->nkids; i++)
			if (n->kids[i].kind == CK_DATE_PART)
				has[n->kids[i].part] = 1;
	} else if (n->date_form) {
		has[1] = n->date_parts >= 2;
		has[2] = n->date_parts >= 3;
	}
	if (d->literal && !d->y[0]) {
		/* after every date with a year (keys are the digits of year +
		 * 10000, month and day, read as one number in a macro's key) */
		char *k = arena_alloc(r->a, strlen(d->literal) + 11);
		memcpy(k, "999999999 ", 10);
		strcpy(k + 10, d->literal);
		return k;
	}
	/* a season sorts as no month */
	int m0 = has[1] && d->m[0] <= 12 ? d->m[0] : 0, d0 = has[2] ? d->d[0] : 0;
	int m1 = has[1] && d->m[1] <= 12 ? d->m[1] : 0, d1 = has[2] ? d->d[1] : 0;
	/* a range sorts by its start, then by its end */
	if (d->range && (d->y[1] || m1))
		snprintf(b, sizeof b, "%05d%02d%02d%05d%02d%02d", d->y[0] + 10000, m0, d0,
		         (d->y[1] ? d->y[1] : d->y[0]) + 10000, m1, d1);
	else
		snprintf(b, sizeof b, "%05d%02d%02d", d->y[0] + 10000, m0, d0);
	return arena_strndup(r->a, b, strlen(b));
}

static const char *render_parts(struct csl_render *r, const struct csl_node *n,
                                const struct csl_date *d, int v)
{
	if (d->literal && !d->y[0]) {
		/* The year part renders a literal date, as in citeproc-js: a
		 * cs:date of months and days alone renders nothing of it. */
		const struct csl_node *yp = NULL;
		for (size_t i = 0; i < n->nkids; i++)
			if (n->kids[i].kind == CK_DATE_PART && n->kids[i].part == 0)
				yp = &n->kids[i];
		if (!yp && !n->date_form)
			return "";
		/* as written, whatever text-case the date has ("20xx") */
		const char *lit = uncased(r, d->literal);
		const char *s = yp ? csl_fmt_apply(r, lit, &yp->f, 1) : lit;
		return csl_fmt_apply(r, csl_tag(r, CM_TAG + v, s), &n->f, 1);
	}
	struct part p[3];
	size_t np = parts_of(n, r->L, p);
	if (!np)
		return "";
	const char *delim = n->f.delimiter;
	if (n->date_form && r->L->date[n->date_form == DF_NUMERIC])
		delim = r->L->date[n->date_form == DF_NUMERIC]->f.delimiter;
	struct buf own, *b = csl_buf_take(r, &own);
	int diff = -1; /* the largest part that differs: 0 year, 1 month, 2 day */
	if (d->range) {
		if (d->y[0] != d->y[1])
			diff = 0;
		else if (d->m[0] != d->m[1])
			diff = 1;
		else if (d->d[0] != d->d[1])
			diff = 2;
	}
	/* a range only shows when the differing part is rendered */
	int shown = 0;
	for (size_t i = 0; i < np; i++)
		if (diff >= 0 && p[i].n.part >= diff)
			shown = 1;
	for (size_t i = 0; i < np && diff >= 0; i++)
		if (p[i].n.part == diff)
			shown = 2;
	if (diff < 0 || shown < 2) {
		render_run(r, b, p, 0, np - 1, d, 0, v, delim, 0, 0);
	} else {
		size_t first = np, last = 0;
		for (size_t i = 0; i < np; i++)
			if (p[i].n.part >= diff) {
				if (first == np)
					first = i;
				last = i;
			}
		const char *rd = "\xE2\x80\x93";
		for (size_t i = 0; i < np; i++)
			if (p[i].n.part == diff && p[i].n.range_delim)
				rd = p[i].n.range_delim;
		if (diff == 0) {
			first = 0;
			last = np - 1;
		}
		if (first > 0) {
			render_run(r, b, p, 0, first - 1, d, 0, v, delim, 0, 0);
			if (b->n && delim)
				csl_cat(b, delim, r->L->punct_in_quote);
		}
		render_run(r, b, p, first, last, d, 0, v, delim, 1, 0);
		csl_cat(b, rd, 0);
		if (d->y[1] || d->m[1])
			range_end(r, b, p, first, last, d, v, delim);
		if (last + 1 < np) {
			struct buf town, *t = csl_buf_take(r, &town);
			render_run(r, t, p, last + 1, np - 1, d, 0, v, delim, 0, 0);
			if (t->n) {
				buf_putc(t, 0);
				if (delim)
					csl_cat(b, delim, r->L->punct_in_quote);
				csl_cat(b, t->p, r->L->punct_in_quote);
			}
			csl_buf_drop(r, t, &town);
		}
	}
	if (!b->n) {
		csl_buf_drop(r, b, &own);
		return "";
	}
	/* a tagged rendering marks the parts, inside the date's affixes */
	const char *s = csl_tag(r, CM_TAG + v, csl_buf_str(r, b, &own));
	struct csl_fmt f = n->f;
	return csl_fmt_apply(r, s, &f, 1);
}

const char *csl_render_date(struct csl_render *r, const struct csl_node *n)
{
	int v = n->var;
	if (v < CV_FIRST_DATE)
		return "";
	r->called++;
	const struct csl_date *d = r->it->dates[v - CV_FIRST_DATE];
	if (!d || r->suppressed[v])
		return "";
	if (r->sort) {
		r->found++;
		if (r->in_sub)
			r->suppressed[v] = 1;
		return sort_key(r, n, d);
	}
	/* a date counts as found for its group when it renders: a month
	 * alone of a date with a year only does not */
	const char *s = render_parts(r, n, d, v);
	if (!*s)
		return "";
	r->found++;
	if (r->in_sub)
		r->suppressed[v] = 1;
	return s;
}
