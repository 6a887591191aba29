/* csl/render.c - rendering elements: text, number, label, group, choose,
 * formatting and affixes.  Names and dates have their own files.
 *
 * Every element renders to a string in the render arena (markup as in
 * csl.h), "" when it renders nothing.  cs:group suppression follows the
 * specification: a group that calls variables and finds none of them is
 * empty; r->called and r->found count the calls. */
#include <stdio.h>
#include <string.h>

#include "csl/csl.h"
#include "csl/session.h"
#include "core/str.h"
#include "core/utf8.h"

static const char *num_split(struct csl_render *r, const struct csl_node *n, const char *s);
static int num_pieces(const char *s);

/* Scratch buffers, one per nesting level, kept by the session: rendering
 * makes many small strings, and a buffer of each level is reused rather
 * than allocated for each. */
static struct buf *scratch(struct csl_render *r)
{
	struct csl_session *S = r->S;
	if (S->depth >= sizeof S->pool / sizeof S->pool[0])
		return NULL;
	struct buf *b = &S->pool[S->depth++];
	b->n = 0;
	return b;
}

static const char *done(struct csl_render *r, struct buf *b)
{
	const char *s = arena_strndup(r->a, b->p ? b->p : "", b->n);
	r->S->depth--;
	return s;
}

struct buf *csl_buf_take(struct csl_render *r, struct buf *own)
{
	struct buf *b = scratch(r);
	if (b)
		return b;
	*own = (struct buf){0};
	return own;
}

const char *csl_buf_str(struct csl_render *r, struct buf *b, struct buf *own)
{
	if (b != own)
		return done(r, b);
	const char *s = arena_strndup(r->a, b->p ? b->p : "", b->n);
	buf_free(b);
	return s;
}

void csl_buf_drop(struct csl_render *r, struct buf *b, struct buf *own)
{
	if (b != own)
		r->S->depth--;
	else
		buf_free(b);
}

/* The marks of each formatting value: the model's own inline marks where
 * it has one, else CSL's, after CM_ESC.  attr: 0 quotes, 1 font-style,
 * 2 font-variant, 3 font-weight, 4 text-decoration, 5 vertical-align.
 * A later row wraps an earlier one: quotes come last, outside the font
 * formatting of the same element ("“<i>Title</i>”"), as citeproc-js. */
static const struct {
	unsigned char attr, val;
	char on, off;
	unsigned char esc;
} style_mark[] = {
	{1, 1, CM_NORMAL, CM_NORMAL_OFF, 1},
	{1, 2, CM_ITALIC, CM_ITALIC_OFF, 1},       {1, 3, CM_OBLIQUE, CM_OBLIQUE_OFF, 1},
	{2, 1, CM_VNORMAL, CM_VNORMAL_OFF, 1},     {2, 2, CM_SC, CM_SC_OFF, 1},
	{3, 1, CM_WNORMAL, CM_WNORMAL_OFF, 1},     {3, 2, CM_BOLD, CM_BOLD_OFF, 1},
	{3, 3, CM_LIGHT, CM_LIGHT_OFF, 1},         {4, 1, CM_UNONE, CM_UNONE_OFF, 1},
	{4, 2, CM_UNDER, CM_UNDER_OFF, 1},
	{5, 1, CM_BASE, CM_BASE_OFF, 1},           {5, 2, CX_M_SUP_ON, CX_M_SUP_OFF, 0},
	{5, 3, CX_M_SUB_ON, CX_M_SUB_OFF, 0},      {0, 1, CM_QUOTE, CM_QUOTE_OFF, 1},
};

/* The markup a formatting puts around its text: opening marks outermost
 * first, closing marks innermost first. */
static void style_marks(const struct csl_fmt *f, char *on, size_t *non, char *off, size_t *noff)
{
	const unsigned char v[] = {f->quotes, f->font_style, f->font_variant, f->font_weight,
	                           f->decoration, f->valign};
	size_t used[sizeof style_mark / sizeof *style_mark], k = 0;
	for (size_t i = 0; i < sizeof style_mark / sizeof *style_mark; i++)
		if (v[style_mark[i].attr] == style_mark[i].val)
			used[k++] = i;
	*non = *noff = 0;
	for (size_t i = k; i-- > 0;) {
		if (style_mark[used[i]].esc)
			on[(*non)++] = CM_ESC;
		char c = style_mark[used[i]].on;
		if (f->normal_shown)
			c = c == CM_NORMAL ? CM_NORMALF : c == CM_WNORMAL ? CM_WNORMALF
			  : c == CM_VNORMAL ? CM_VNORMALF : c;
		on[(*non)++] = c;
	}
	for (size_t i = 0; i < k; i++) {
		if (style_mark[used[i]].esc)
			off[(*noff)++] = CM_ESC;
		off[(*noff)++] = style_mark[used[i]].off;
	}
}

/* A decorated text's suffix punctuation at the end of b meets the suffix
 * of a node around it: its CM_DECOBLANK goes. */
static void drop_decopunct(struct buf *b)
{
	size_t k = b->n;
	while (k >= 2 && b->p[k - 2] == CM_ESC && b->p[k - 1] != CM_DECOBLANK)
		k -= 2;
	if (k < 3 || b->p[k - 2] != CM_ESC || b->p[k - 1] != CM_DECOBLANK)
		return;
	size_t j = k - 2;
	while (j >= 2 && b->p[j - 2] == CM_ESC)
		j -= 2;
	if (!j || !strchr(".,;:!?", b->p[j - 1]) || !b->p[j - 1])
		return;
	memmove(b->p + k - 2, b->p + k, b->n - k);
	b->n -= 2;
}

/* Has f a font style, variant, weight, decoration or vertical-align? */
static int decorated(const struct csl_fmt *f)
{
	return f->font_style || f->font_variant || f->font_weight || f->decoration || f->valign;
}

/* Does f decorate a variable's text so that citeproc-js keeps the
 * value's last mark apart from the punctuation after it: a font style,
 * variant, weight, decoration or vertical-align ("normal" too) or a
 * quotes="false" (quotes="true" has rules of its own)?  Only a plain
 * value: one with markup is pieces, and the mark goes down to the last
 * (rich_leaf, last_rich). */
static int keeps_marks(const struct csl_fmt *f)
{
	return (f->font_style || f->font_variant || f->font_weight || f->decoration || f->valign ||
	        f->quotes_set) && !f->quotes;
}

/* Punctuation s starts with after such a text at the end of b: the two
 * meet only when they are the same mark ("<i>Ltd.</i>" and "." give
 * "<i>Ltd.</i>", but "<i>Why?</i>." and "<i>Tit;</i>:" stay). */
static int marks_apart(const struct buf *b, const char *s)
{
	int l = csl_tail(b);
	return *s && strchr(".,;:!?", *s) && l > 0 && strchr(".,;:!?", l) && l != *s;
}

/* Does s end in a number's suffix punctuation (CM_NUMEND among the
 * markup after its last text) other than next? */
static int after_number(const char *s, char next)
{
	size_t i = strlen(s);
	int num = 0;
	while (i >= 2 && s[i - 2] == CM_ESC) {
		num |= s[i - 1] == CM_NUMEND;
		i -= 2;
	}
	while (i && CX_IS_MARK((unsigned char)s[i - 1]))
		i--;
	/* a repeated mark still goes: "137." and "." */
	return num && i && s[i - 1] != next;
}

/* s after b without the mark its markup opens with (a prefix's mark that
 * went into the value ending b). */
static void cat_without_lead(struct csl_render *r, struct buf *b, const char *s, int piq)
{
	size_t i0 = 0;
	while (s[i0] && csl_mark_len(s + i0) && csl_mark_dir(s + i0) >= 0)
		i0 += csl_mark_len(s + i0);
	char *t = arena_strndup(r->a, s, strlen(s));
	memmove(t + i0, t + i0 + 1, strlen(t + i0));
	csl_cat(b, t, piq);
}

/* OUT followed by the mark MARK, in the arena. */
static const char *with_mark(struct csl_render *r, const char *out, char mark)
{
	size_t n = strlen(out);
	char *o = arena_alloc(r->a, n + 3);
	memcpy(o, out, n);
	o[n] = CM_ESC;
	o[n + 1] = mark;
	o[n + 2] = 0;
	return o;
}

/* A number variable's value that is numeric and ends in a digit, with a
 * suffix that ends in punctuation: marked, so that a suffix around it keeps its
 * own punctuation (after_number). */
static const char *number_end(struct csl_render *r, const char *value, const char *out,
                              const struct csl_fmt *f)
{
	size_t vn = strlen(value), sn = f->suffix ? strlen(f->suffix) : 0;
	if (!r->sort && !r->plain && sn && f->suffix[sn - 1] == ' ' && *out && vn &&
	    strspn(value, "0123456789") == vn) {
		/* a number variable's suffix blank stays beside the blank of
		 * a prefix after it ("(8)  (1985)"), as citeproc-js merges no
		 * blanks of a number's piece with its sibling's; a delimiter
		 * still meets it (CM_DECOBLANK, as a decorated text's).  A
		 * value that is more than one number ("5-7", "iv", "12a") is
		 * text to citeproc-js, whose blanks meet */
		size_t n = strlen(out);
		if (n >= 2 && out[n - 2] == CM_ESC && out[n - 1] == CM_DECOBLANK)
			return out;
		return with_mark(r, out, CM_DECOBLANK);
	}
	if (r->sort || r->plain || !vn || value[vn - 1] < '0' || value[vn - 1] > '9' ||
	    !csl_is_numeric(value) || !sn ||
	    !strchr(".:;!?", f->suffix[sn - 1]) || !*out)
		return out;
	return with_mark(r, out, CM_NUMEND);
}

const char *csl_fmt_apply(struct csl_render *r, const char *s, const struct csl_fmt *f, int affixes)
{
	if (!s || !*s)
		return "";
	if (f->strip_periods)
		s = csl_strip_periods(r->a, s);
	if (f->text_case && !r->sort) {
		enum csl_case tc = f->text_case;
		if (tc == TC_TITLE && !r->it->english)
			tc = TC_NONE;
		s = csl_text_case_lang(r->a, s, tc, r->L ? r->L->lang : NULL);
	}
	if (!f->has_style && !(affixes && f->has_affix))
		return s;
	if (r->sort || r->plain) {
		if (!affixes || !f->has_affix || r->sort)
			return s;
	}
	char on[32], off[32];
	size_t non = 0, noff = 0;
	if (!r->sort && !r->plain)
		style_marks(f, on, &non, off, &noff);
	size_t n = strlen(s);
	int disp = f->display && !r->sort && !r->plain;
	if (!(affixes && f->has_affix) && !disp) {
		char *o = arena_alloc(r->a, non + n + noff + 1);
		memcpy(o, on, non);
		memcpy(o + non, s, n);
		memcpy(o + non + n, off, noff);
		o[non + n + noff] = 0;
		return o;
	}
	struct buf *b = scratch(r), *c = scratch(r);
	if (!b || !c) {
		if (b)
			r->S->depth--;
		return s; /* nested too deeply: the text plain */
	}
	buf_put(c, on, non);
	buf_put(c, s, n);
	size_t sfn = affixes && f->suffix ? strlen(f->suffix) : 0;
	if (r->plain_leaf && sfn && strchr(":;!?", f->suffix[sfn - 1]) && !f->quotes && !r->plain &&
	    !r->sort) {
		/* a plain value's end, where a mark from around it may go
		 * (csl_into_value) */
		buf_putc(c, CM_ESC);
		buf_putc(c, CM_VALEND);
	}
	buf_put(c, off, noff);
	buf_putc(c, 0);
	if (disp) {
		static const char d[] = {0, CM_BLOCK, CM_LEFT, CM_RIGHT, CM_INDENT};
		buf_putc(b, CM_ESC);
		buf_putc(b, d[f->display]);
	}
	int piq = r->L->punct_in_quote;
	if (affixes && f->prefix && *f->prefix) {
		buf_put(b, f->prefix, strlen(f->prefix));
		csl_cat_prefixed(b, c->p);
	} else {
		csl_cat(b, c->p, piq);
	}
	if (affixes && f->suffix) {
		size_t sn = strlen(f->suffix);
		if (sn && strchr(".,;:!?", f->suffix[0]) && after_number(c->p, f->suffix[0])) {
			/* citeproc-js merges no punctuation into the suffix of a
			 * number's piece: "<b>90</b>:." */
			buf_put(b, f->suffix, sn);
		} else if (sn >= 2 && f->suffix[sn - 1] == ' ' && f->suffix[sn - 2] == ' ' && !r->plain &&
		    !r->sort && !f->font_style && !f->font_variant && !f->font_weight &&
		    !f->decoration && !f->valign && !f->quotes && !f->display) {
			/* citeproc-js moves an undecorated suffix's last blank up
			 * to the parent's suffix and escapes the two apart: two
			 * spaces, not the no-break space and space that a pair
			 * of blanks in one string gives in HTML */
			char *head = arena_strndup(r->a, f->suffix, sn - 1);
			csl_cat(b, head, piq);
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_PIECE);
			buf_putc(b, ' ');
		} else if ((r->around || r->outer) && !f->quotes && !r->plain && !r->sort &&
		           csl_into_value(b, f->suffix[0])) {
			/* the suffix's mark went down into the last value */
			csl_cat(b, f->suffix + 1, piq);
		} else if (r->around && !f->quotes && !r->plain && !r->sort &&
		           csl_cat_around_quote(b, f->suffix, piq)) {
			/* a group's or macro call's suffix after a quoted text */
		} else if (r->around == 2 && !r->plain && !r->sort && sn >= 2 && strchr(".,;:!?", f->suffix[0]) &&
		           strspn(f->suffix + 1, " ") == sn - 1 && csl_ends_in_suffix_mark(b, f->suffix[0])) {
			/* a child's suffix that ends in the mark a group's
			 * suffix starts with takes its place, as citeproc-js
			 * ("‘Title’." and ". " give "‘Title’."); a macro call's
			 * suffix meets it as usual.  The blank goes only when
			 * a piece follows (CM_LASTBLANK, kids_into): citeproc-js
			 * moves the blank of the last piece up, out of reach */
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_LASTBLANK);
			buf_put(b, f->suffix + 1, sn - 1);
		} else if (r->var_leaf && !r->rich_leaf && !r->plain && !r->sort && keeps_marks(f) &&
		           marks_apart(b, f->suffix)) {
			buf_put(b, f->suffix, sn);
		} else {
			if (sn && strchr(".,;:!?", f->suffix[0]))
				drop_decopunct(b);
			csl_cat(b, f->suffix, piq);
		}
		if (sn && strchr(".,;:!?", f->suffix[sn - 1]) && !r->plain) {
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_SUFEND);
		}
		/* a decorated text's suffix blank stays beside the blank of a
		 * prefix after it ("<i>J</i>  1980"), as citeproc-js, which
		 * merges blanks only out of undecorated nodes; a delimiter
		 * still meets it */
		if (sn && f->suffix[sn - 1] == ' ' && !r->plain && !r->sort &&
		    (f->font_style || f->font_variant || f->font_weight || f->decoration || f->valign ||
		     f->quotes)) {
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_DECOBLANK);
		}
		/* and so does its suffix's punctuation beside a prefix's after
		 * it ("<i>J</i>,, p. 5"): citeproc-js merges no punctuation of
		 * a decorated node with its sibling's; a delimiter and the
		 * suffix of a node around it still meet it */
		if (sn && strchr(".,;:!?", f->suffix[sn - 1]) && !r->plain && !r->sort &&
		    (f->font_style || f->font_variant || f->font_weight || f->decoration || f->valign)) {
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_DECOBLANK);
		}
	}
	if (disp) {
		buf_putc(b, CM_ESC);
		buf_putc(b, CM_DISPLAY_OFF);
	}
	r->S->depth--; /* c */
	return done(r, b);
}

/* Count f's non-normal font style, variant and weight in (d 1) or out
 * (d -1) of the enclosing formatting. */
void csl_outer_fmt(struct csl_render *r, const struct csl_fmt *f, int d)
{
	if (!f->has_style)
		return;
	r->outer_style += (unsigned)(f->font_style > 1 ? d : 0);
	r->outer_variant += (unsigned)(f->font_variant > 1 ? d : 0);
	r->outer_weight += (unsigned)(f->font_weight > 1 ? d : 0);
}

/* f of a cs:name, cs:et-al or cs:name-part, without a "normal" that has
 * no enclosing group or macro call to undo: citeproc-js builds the names
 * apart from cs:names' own formatting, so the normal prints nothing
 * there (<names font-weight="bold"><name font-weight="normal"/>: bold
 * names).  A non-normal value in `with` counts as enclosing too: the
 * name's around "et al.", "et al." inside the list that the name's
 * formatting wraps once more. */
struct csl_fmt csl_name_fmt(const struct csl_render *r, const struct csl_fmt *f,
                            const struct csl_fmt *with)
{
	struct csl_fmt g = *f, w = with ? *with : (struct csl_fmt){0};
	unsigned char *mine[] = {&g.font_style, &g.font_variant, &g.font_weight};
	const unsigned char theirs[] = {w.font_style, w.font_variant, w.font_weight};
	const unsigned outer[] = {r->outer_style, r->outer_variant, r->outer_weight};
	for (int i = 0; i < 3; i++) {
		if (*mine[i] != 1 || outer[i])
			continue;
		if (theirs[i] > 1)
			g.normal_shown = 1;
		else
			*mine[i] = 0;
	}
	g.has_style = g.font_style || g.font_variant || g.font_weight || g.decoration || g.valign ||
	              g.quotes || g.display;
	return g;
}

/* f without its text-case, in *own: citeproc-js applies a text case
 * to the text it renders only, so one on a macro call, a cs:group or a
 * cs:names changes nothing. */
const struct csl_fmt *csl_fmt_uncased(const struct csl_fmt *f, struct csl_fmt *own)
{
	if (!f->text_case)
		return f;
	*own = *f;
	own->text_case = 0;
	return own;
}

/* Terms and values are the locale's text, not the item's: text case
 * applies whatever the item's language. */
const char *csl_fmt_term(struct csl_render *r, const char *s, const struct csl_fmt *f)
{
	int english = r->it->english;
	r->it->english = 1;
	r->plain_leaf = csl_plain_value(s);
	s = csl_fmt_apply(r, s, f, 1);
	r->plain_leaf = 0;
	r->it->english = english;
	return s;
}

const char *csl_tag(struct csl_render *r, int what, const char *s)
{
	if (!r->tag || !s || !*s)
		return s;
	size_t n = strlen(s);
	char *o = arena_alloc(r->a, n + 5);
	o[0] = CM_ESC;
	o[1] = (char)what;
	memcpy(o + 2, s, n);
	o[n + 2] = CM_ESC;
	o[n + 3] = CM_TAG_OFF;
	o[n + 4] = 0;
	return o;
}

/* ---- variables ----------------------------------------------------------------- */

/* The first k letters of s (markup skipped). */
static void letters(struct buf *b, const char *s, int k)
{
	size_t n = strlen(s);
	for (size_t i = 0; i < n && k > 0;) {
		size_t m = csl_mark_len(s + i);
		if (m) {
			i += m;
			continue;
		}
		size_t len;
		utf8_next(s + i, n - i, &len);
		buf_put(b, s + i, len);
		i += len;
		k--;
	}
}

/* citation-label when the item has none: a trigraph as citeproc-js makes
 * it, letters of the family names (4 of one, 2 and 2 of two, 2, 1 and 1
 * of three, 1 of each of the first four) and the year's last two digits. */
static const char *trigraph(struct csl_render *r)
{
	static const int vars[] = {CV_AUTHOR, CV_EDITOR, CV_TRANSLATOR};
	const struct csl_names *nl = NULL;
	for (size_t i = 0; i < sizeof vars / sizeof *vars && !nl; i++)
		if (r->it->names[vars[i] - CV_FIRST_NAME].n)
			nl = &r->it->names[vars[i] - CV_FIRST_NAME];
	struct buf b = {0};
	static const int widths[4][4] = {{4}, {2, 2}, {2, 1, 1}, {1, 1, 1, 1}};
	size_t k = nl ? (nl->n < 4 ? nl->n : 4) : 0;
	for (size_t i = 0; i < k; i++) {
		const struct csl_name *nm = &nl->v[i];
		const char *f = nm->family ? nm->family : nm->literal;
		if (f)
			letters(&b, f, widths[k - 1][i]);
	}
	const struct csl_date *d = r->it->dates[CV_ISSUED - CV_FIRST_DATE];
	if (d && d->y[0] > 0) {
		char y[8];
		snprintf(y, sizeof y, "%02d", d->y[0] % 100);
		buf_put(&b, y, strlen(y));
	}
	const char *s = arena_strndup(r->a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return *s ? s : NULL;
}

/* The value of a string or number variable for this item and cite. */
/* A number's value without the label typed before it ("pp. 5-7" is
 * 5-7), which a cs:label renders in the style's words. */
static const char *number_value(struct csl_render *r, int v, const char *s)
{
	const char *rest;
	if (s && csl_var_kind(v) == CVK_NUMBER && csl_embedded_label(s, v, r->L, &rest))
		return rest;
	return s;
}

const char *csl_var_value(struct csl_render *r, int v, int form_short)
{
	struct csl_item *it = r->it;
	char b[32];
	switch (v) {
	case CV_CITATION_NUMBER:
		if (!it->cite_number)
			return NULL;
		snprintf(b, sizeof b, "%d", it->cite_number);
		return arena_strndup(r->a, b, strlen(b));
	case CV_YEAR_SUFFIX:
		if (!it->year_suffix)
			return NULL;
		return csl_year_suffix(r->a, it->year_suffix);
	case CV_LOCATOR: {
		/* the locator without the spaces around it */
		const char *l = r->cite ? r->cite->locator : NULL;
		while (l && *l == ' ')
			l++;
		if (!l || !*l)
			return NULL;
		size_t n = strlen(l);
		while (n && l[n - 1] == ' ')
			n--;
		return number_value(r, v, l[n] ? arena_strndup(r->a, l, n) : l);
	}
	case CV_FIRST_REFERENCE_NOTE_NUMBER:
		if (!r->cite || !r->cite->first_note || r->cite->position == POS_FIRST)
			return NULL;
		snprintf(b, sizeof b, "%d", r->cite->first_note);
		return arena_strndup(r->a, b, strlen(b));
	case CV_TITLE:
		if (form_short && it->s[CV_TITLE_SHORT])
			return it->s[CV_TITLE_SHORT];
		break;
	case CV_CONTAINER_TITLE:
		if (form_short && it->s[CV_CONTAINER_TITLE_SHORT])
			return it->s[CV_CONTAINER_TITLE_SHORT];
		break;
	case CV_CITATION_LABEL:
		return it->s[CV_CITATION_LABEL] ? it->s[CV_CITATION_LABEL] : trigraph(r);
	case CV_PAGE_FIRST:
		if (!it->s[CV_PAGE_FIRST] && it->s[CV_PAGE]) {
			/* the page up to the first "&", ", ", "-" or en dash, as
			 * citeproc-js cuts it ("xix + 372" stays whole) */
			const char *p = it->s[CV_PAGE];
			size_t k = 0;
			while (p[k] && p[k] != '-' && !(p[k] == ',' && p[k + 1] == ' ') && p[k] != '&' &&
			       strncmp(p + k, "\xE2\x80\x93", 3))
				k++;
			while (k && p[k] && p[k - 1] == ' ')
				k--;
			return arena_strndup(r->a, p, k);
		}
		break;
	default:
		break;
	}
	if (v < 0 || v >= CV_NSTR)
		return NULL;
	return number_value(r, v, it->s[v]);
}

static int var_present(struct csl_render *r, int v)
{
	if (v < 0)
		return 0;
	if (v < CV_NSTR) {
		const char *s = csl_var_value(r, v, 0);
		return s && *s;
	}
	if (v < CV_FIRST_DATE)
		return r->it->names[v - CV_FIRST_NAME].n > 0 ||
		       (v == CV_EDITOR_TRANSLATOR && r->it->names[CV_EDITOR - CV_FIRST_NAME].n &&
		        r->it->names[CV_TRANSLATOR - CV_FIRST_NAME].n);
	return r->it->dates[v - CV_FIRST_DATE] != NULL;
}

static const char *concat(struct arena *a, const char *x, const char *y)
{
	size_t nx = strlen(x), ny = strlen(y);
	char *o = arena_alloc(a, nx + ny + 1);
	memcpy(o, x, nx);
	memcpy(o + nx, y, ny + 1);
	return o;
}

/* "213 & 235": the ampersand as the locale writes the "and" symbol. */
static const char *and_symbol(struct csl_render *r, const char *s)
{
	const char *amp = strstr(s, " & ");
	const char *sym = amp ? csl_term_text(r->L, "and", TF_SYMBOL, 0) : NULL;
	if (!sym || !*sym || !strcmp(sym, "&"))
		return s;
	struct buf b = {0};
	for (const char *p = s; *p;) {
		const char *q = strstr(p, " & ");
		if (!q) {
			buf_put(&b, p, strlen(p));
			break;
		}
		buf_put(&b, p, (size_t)(q - p) + 1);
		buf_put(&b, sym, strlen(sym));
		p = q + 2;
	}
	const char *o = arena_strndup(r->a, b.p, b.n);
	buf_free(&b);
	return o;
}

/* citeproc-js writes each text it renders (not affixes) with a narrow
 * no-break space for a space before : ; ? ! or » and after «
 * ("Adresse :"). */
static const char *narrow_spaces(struct csl_render *r, const char *s)
{
	static const char nnbsp[] = "\xE2\x80\xAF";
	/* the marks are rare: look for them, then at the space beside */
	const char *p = s;
	for (; (p = strpbrk(p, ":;?!\xC2")) != NULL; p++)
		if ((p > s && p[-1] == ' ' && (*p != '\xC2' || p[1] == '\xBB')) ||
		    !strncmp(p, "\xC2\xAB ", 3))
			break;
	if (!p || r->sort)
		return s;
	struct buf own, *b = csl_buf_take(r, &own);
	for (size_t i = 0; s[i];) {
		if (s[i] == ' ' && (strchr(":;?!", s[i + 1]) || !strncmp(s + i + 1, "\xC2\xBB", 2))) {
			buf_put(b, nnbsp, 3);
			i++;
		} else if (!strncmp(s + i, "\xC2\xAB ", 3)) {
			buf_put(b, s + i, 2);
			buf_put(b, nnbsp, 3);
			i += 3;
		} else {
			buf_putc(b, s[i++]);
		}
	}
	return csl_buf_str(r, b, &own);
}

/* s, the text of a group or macro call formatted by f: when f does not
 * decorate, a decorated text's suffix blank that ends s moves up out of
 * it, as citeproc-js moves trailing blanks out of undecorated nodes, and
 * meets a prefix's blank after it as any joining (CM_DECOBLANK goes). */
static const char *undecorated_tail(struct csl_render *r, const char *s, const struct csl_fmt *f)
{
	if (f->font_style || f->font_variant || f->font_weight || f->decoration || f->valign || f->quotes)
		return s;
	size_t n = strlen(s), k = n;
	while (k >= 2 && s[k - 2] == CM_ESC && s[k - 1] != CM_DECOBLANK)
		k -= 2;
	if (k < 2 || s[k - 2] != CM_ESC || s[k - 1] != CM_DECOBLANK)
		return s;
	char *o = arena_alloc(r->a, n - 1);
	memcpy(o, s, k - 2);
	memcpy(o + k - 2, s + k, n - k + 1);
	return o;
}

/* s, the text of a group or macro call formatted by f: a blank that
 * starts it (a child's prefix) stays beside a blank before it when f
 * decorates (font style, variant, weight, decoration, vertical-align,
 * quotes; "normal" too), as citeproc-js moves such a blank up to the
 * parent's prefix, where it merges, only out of undecorated nodes. */
static const char *decorated_lead(struct csl_render *r, const char *s, const struct csl_fmt *f)
{
	if (r->sort || r->plain || !(f->font_style || f->font_variant || f->font_weight ||
	                             f->decoration || f->valign || f->quotes))
		return s;
	size_t i = 0;
	while (s[i] && csl_mark_len(s + i) && csl_mark_dir(s + i) >= 0) {
		if (s[i] == CM_ESC && s[i + 1] == CM_NOPUNCT)
			return s;
		i += csl_mark_len(s + i);
	}
	if (s[i] != ' ')
		return s;
	size_t n = strlen(s);
	char *o = arena_alloc(r->a, n + 3);
	o[0] = CM_ESC;
	o[1] = CM_NOPUNCT;
	memcpy(o + 2, s, n + 1);
	return o;
}

/* A URL's short form as citeproc-js makes it (the spec has none): the
 * URL up to the slash after its last dotted name, (.*\.[^/]+)/.*, and
 * without its http:// or https:// when what is left holds "//www.". */
static const char *url_short(struct arena *a, const char *s)
{
	size_t n = strlen(s), cut = n;
	for (size_t k = n; k-- > 0;) {
		if (s[k] != '.')
			continue;
		const char *sl = strchr(s + k + 1, '/');
		if (sl && sl > s + k + 1) {
			cut = (size_t)(sl - s);
			break;
		}
	}
	char *o = arena_strndup(a, s, cut);
	if (!strstr(o, "//www."))
		return o;
	char *p = strstr(o, "http");
	while (p && strncmp(p, "http://", 7) && strncmp(p, "https://", 8))
		p = strstr(p + 1, "http");
	if (p) {
		size_t skip = p[4] == 's' ? 8 : 7;
		memmove(p, p + skip, strlen(p + skip) + 1);
	}
	return o;
}

static const char *render_text(struct csl_render *r, const struct csl_node *n)
{
	if (n->macro) {
		/* a macro is suppressed like a group when it calls variables and
		 * all are empty, as citeproc-js does */
		int called = r->called, found = r->found;
		r->called = r->found = 0;
		csl_outer_fmt(r, &n->f, 1);
		r->macro_blank = 0;
		const char *s = csl_render_kids(r, n->macro, NULL);
		csl_outer_fmt(r, &n->f, -1);
		int c = r->called, f = r->found;
		/* a macro is a group to citeproc-js (render_group) */
		if (r->macro_blank)
			c = 0;
		if (c > 0 && f == 0)
			s = "";
		/* what a suppressed macro rendered (a label's term) is nothing
		 * found for the group around it */
		r->called = called + c;
		r->found = found + f + (f == 0 && *s);
		r->macro_blank = c == 0;
		if (!*s)
			return "";
		struct csl_fmt own;
		s = undecorated_tail(r, s, &n->f);
		r->around = 1;
		s = csl_fmt_apply(r, decorated_lead(r, s, &n->f), csl_fmt_uncased(&n->f, &own), 1);
		r->around = 0;
		return s;
	}
	if (n->macro_name)
		return "";
	const char *s = NULL;
	if (n->var != CV_NONE) {
		int v = n->var;
		if (v >= CV_NSTR)
			return "";
		/* year-suffix is filled in by disambiguation: citeproc-js does
		 * not let it empty a group ("n.d." beside it stays) */
		if (v != CV_YEAR_SUFFIX)
			r->called++;
		if (r->suppressed[v])
			return "";
		s = csl_var_value(r, v, n->form == TF_SHORT);
		if (!s || !*s)
			return "";
		if (v == CV_URL && n->form == TF_SHORT)
			s = url_short(r->a, s);
		if (v == CV_YEAR_SUFFIX)
			r->called++;
		r->found++;
		if (r->in_sub)
			r->suppressed[v] = 1; /* substituted: not again */
		if (v == CV_PAGE || v == CV_LOCATOR) {
			/* ranges take the range dash; page-range-format applies to
			 * pages (a locator's too) */
			int page = v == CV_PAGE || !r->cite || !r->cite->label ||
			           !strcmp(r->cite->label, "page");
			s = csl_page_range(r->a, s, page ? r->st->page_range : PRF_AS_GIVEN,
			                   csl_term_text(r->L, "page-range-delimiter", TF_LONG, 0));
			s = and_symbol(r, s);
		}
		else if (csl_var_kind(v) == CVK_NUMBER && v != CV_CITATION_NUMBER && !r->sort)
			s = csl_number(r->a, s, 0, r->L, 0, v); /* "99-102" takes the range dash */
		if (v == CV_YEAR_SUFFIX)
			r->ys_done = 1;
		/* a citation-label takes the year-suffix when the style does not
		 * place it, as citeproc-js */
		if (v == CV_CITATION_LABEL && !r->uses_ys && r->it->year_suffix && !r->ys_done && !r->sort) {
			r->ys_done = 1;
			s = concat(r->a, s, csl_year_suffix(r->a, r->it->year_suffix));
		}
		if (v == CV_CITATION_NUMBER && r->sort)
			return s;
	} else if (n->term) {
		s = csl_term_text(r->L, n->term, n->form, n->plural);
		if (!s)
			return "";
		if (r->cap_term && !r->emitted && *s)
			s = csl_text_case(r->a, s, TC_CAPFIRST);
		return csl_fmt_term(r, csl_tag(r, CM_TAG_TERM, narrow_spaces(r, s)), &n->f);
	} else if (n->value) {
		s = n->value;
		return csl_fmt_term(r, narrow_spaces(r, s), &n->f);
	}
	r->var_leaf = 1;
	/* citeproc-js renders a number variable apart from other text */
	r->plain_leaf = n->var != CV_PAGE && n->var != CV_LOCATOR && csl_var_kind(n->var) != CVK_NUMBER &&
	                csl_plain_value(s);
	/* a number variable is pieces to citeproc-js (its values), as a
	 * value with markup is */
	r->rich_leaf = r->last_rich = !csl_plain_value(s) || n->var == CV_PAGE || n->var == CV_LOCATOR ||
	                              csl_var_kind(n->var) == CVK_NUMBER;
	/* values rendered apart (num_split) are each too short to hold a
	 * space before a mark: no narrow spaces across them */
	if ((n->var == CV_PAGE || n->var == CV_LOCATOR || csl_var_kind(n->var) == CVK_NUMBER) &&
	    !strchr(s, CM_ESC) && num_pieces(s))
		s = num_split(r, n, s);
	else
		s = narrow_spaces(r, s);
	const char *o = csl_fmt_apply(r, csl_tag(r, CM_TAG + n->var, s), &n->f, 1);
	r->var_leaf = r->plain_leaf = r->rich_leaf = 0;
	int v = n->var;
	if (v == CV_PAGE || v == CV_LOCATOR || csl_var_kind(v) == CVK_NUMBER)
		o = number_end(r, csl_var_value(r, v, n->form == TF_SHORT), o, &n->f);
	return o;
}

/* The length of a joiner of a number's values at p, as citeproc-js
 * splits them: a run of hyphens or en dashes with the blanks around it,
 * "&" with its blanks, ", ", "; ", " and "; 0 for none. */
static size_t num_joiner(const char *p, int first)
{
	const char *q = p;
	while (*q == ' ')
		q++;
	const char *e = q;
	while (*e == '-' || !strncmp(e, "\xE2\x80\x93", 3) || !strncmp(e, "\xE2\x80\x91", 3))
		e += *e == '-' ? 1 : 3;
	if (e == q && *q == '&')
		e = q + 1;
	if (e > q) {
		while (*e == ' ')
			e++;
		return (size_t)(e - p);
	}
	if ((*p == ',' || *p == ';') && p[1] == ' ')
		return 2;
	if (!first && !strncmp(p, " and ", 5))
		return 5;
	return 0;
}

/* Is v[0..n) a value citeproc-js keeps as a number: digits, one to nine
 * first, after a prefix of letters ("S12")? */
static int num_whole(const char *v, size_t n)
{
	size_t i = 0;
	while (i < n && str_alpha((unsigned char)v[i]))
		i++;
	if (i && i < n && v[i] == '0') /* "NPS012": the zeros go with the prefix */
		while (i < n && v[i] == '0')
			i++;
	if (i == n || v[i] < '1' || v[i] > '9')
		return 0;
	while (i < n && str_digit((unsigned char)v[i]))
		i++;
	return i == n;
}

/* Is s a number's value that citeproc-js renders as several values: a
 * joiner in it, the first value a number (letters before it, or a
 * roman numeral)? */
static int num_pieces(const char *s)
{
	size_t i = 0;
	while (str_alpha((unsigned char)s[i]))
		i++;
	if (!str_digit((unsigned char)s[i]) && !(*s && strchr("ivxlcmIVXLCM", s[0])))
		return 0;
	for (const char *p = s + 1; *p; p++)
		if (num_joiner(p, 0) && p[num_joiner(p, 0)])
			return 1;
	return 0;
}

/* The value s of a number variable that a text or cs:number n renders
 * with a prefix and nothing else around it, in a group whose delimiter
 * is delim (a suffix the value's last mark takes is nothing around
 * it): citeproc-js, which renders each of several values of a
 * number ("1682-??") apart, leaves those after the prefix to the group,
 * and its delimiter (less a leading mark) comes between a value that is
 * a whole number and one after it that is not ("p. 1682-_??" of
 * delimiter "_", "p. 1682- ??" of ", "). */
static const char *num_split(struct csl_render *r, const struct csl_node *n, const char *s)
{
	const char *delim = r->kid_delim;
	if (!delim || !*delim || r->sort || r->plain || !n->f.prefix || !*n->f.prefix ||
	    decorated(&n->f) || n->f.quotes || strchr(s, CM_ESC) || !*s)
		return s;
	/* a prefix that is only the blank or mark the delimiter ends in is
	 * none: citeproc-js takes it off */
	size_t dl = strlen(delim);
	if (strchr(" .,;:!?", delim[dl - 1]) && n->f.prefix[0] == delim[dl - 1] && !n->f.prefix[1])
		return s;
	/* a suffix keeps the values together, unless it is a mark that the
	 * value's last mark takes ("??" and "."); before another node, a
	 * delimiter's leading mark is the suffix (citeproc-js moves it there) */
	const char *sf = n->f.suffix;
	char dm[2] = {0, 0};
	if ((!sf || !*sf) && r->kid_more && strchr(".,;:!?", *delim)) {
		dm[0] = *delim;
		sf = dm;
	}
	if (sf && *sf && (sf[1] || !csl_collide((unsigned char)s[strlen(s) - 1], (unsigned char)*sf)))
		return s;
	/* the first value: a number with letters before it, or a roman
	 * numeral, makes the values numbers (citeproc-js "collapsible") */
	if (!num_pieces(s))
		return s;
	/* the delimiter less the mark it starts with, which citeproc-js
	 * has moved to the pieces' suffixes by then */
	if (strchr(".,;:!?", *delim))
		delim++;
	size_t dn = strlen(delim);
	if (!dn)
		return s;
	struct buf own, *b = csl_buf_take(r, &own);
	int prev_whole = 0, any = 0;
	for (const char *p = s; *p;) {
		const char *v = p;
		size_t j;
		while (*p && !(j = num_joiner(p, p == s)))
			p++;
		size_t vn = (size_t)(p - v);
		if (!vn || memchr(v, ' ', vn)) {
			csl_buf_drop(r, b, &own);
			return s; /* words, labels: left as they are */
		}
		int whole = num_whole(v, vn);
		if (prev_whole && !whole) {
			/* escaped apart from the joiner, as two strings */
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_PIECE);
			buf_put(b, delim, dn);
			any = 1;
		}
		buf_put(b, v, vn);
		if (*p) {
			buf_put(b, p, j);
			p += j;
		}
		prev_whole = whole;
	}
	if (!any) {
		csl_buf_drop(r, b, &own);
		return s;
	}
	return csl_buf_str(r, b, &own);
}

static const char *render_number(struct csl_render *r, const struct csl_node *n)
{
	int v = n->var;
	if (v < 0 || v >= CV_NSTR)
		return "";
	r->called++;
	if (r->suppressed[v])
		return "";
	const char *s = csl_var_value(r, v, 0);
	if (!s || !*s)
		return "";
	r->found++;
	if (r->in_sub)
		r->suppressed[v] = 1;
	if (r->sort)
		return s;
	int gender = 0;
	const struct csl_term *t = csl_term(r->L, csl_var_name(v), TF_LONG);
	if (t)
		gender = t->gender;
	if (v == CV_PAGE)
		s = csl_page_range(r->a, s, r->st->page_range, csl_term_text(r->L, "page-range-delimiter", TF_LONG, 0));
	s = num_split(r, n, csl_number(r->a, s, n->form, r->L, gender, v));
	return number_end(r, csl_var_value(r, v, 0), csl_fmt_apply(r, csl_tag(r, CM_TAG + v, s), &n->f, 1),
	                  &n->f);
}

/* The label term of a variable: its text in the right number. */
const char *csl_label_text(struct csl_render *r, int var, int form, int plural_attr,
                           const char *value)
{
	const char *term = csl_var_name(var);
	if (var == CV_LOCATOR)
		term = r->cite && r->cite->label ? r->cite->label : "page";
	/* the label typed in the value: "ch. 1-3" is chapters */
	const char *raw = var == CV_LOCATOR ? (r->cite ? r->cite->locator : NULL)
	                  : var < CV_NSTR ? r->it->s[var] : NULL, *rest;
	const char *typed = csl_var_kind(var) == CVK_NUMBER ? csl_embedded_label(raw, var, r->L, &rest)
	                                                     : NULL;
	if (typed && (var == CV_NUMBER || var == CV_LOCATOR))
		term = typed;
	int plural;
	if (plural_attr == 1)
		plural = 1;
	else if (plural_attr == 2)
		plural = 0;
	else if (var == CV_NUMBER_OF_PAGES || var == CV_NUMBER_OF_VOLUMES)
		plural = csl_leading_int(value) > 1;
	else
		plural = csl_plural(value, csl_term_text(r->L, "and", TF_LONG, 0));
	return csl_term_text(r->L, term, form, plural);
}

static const char *render_label(struct csl_render *r, const struct csl_node *n)
{
	int v = n->var;
	/* a variable substituted before is not labelled again; inside the
	 * substitute that renders it, its label goes with it */
	if (v < 0 || v >= CV_NSTR || (r->suppressed[v] && !r->in_sub))
		return "";
	const char *s = csl_var_value(r, v, 0);
	/* citeproc-js prints the label of an empty variable too, singular
	 * unless plural="always": "p." for the locator of a bibliography
	 * entry; it is a term, so it keeps no group */
	if (!s || !*s)
		s = "";
	const char *t = csl_label_text(r, v, n->form, n->plural, s);
	return t ? csl_fmt_term(r, csl_tag(r, CM_TAG + v, csl_tag(r, CM_TAG_LABEL, t)), &n->f) : "";
}

/* ---- choose ----------------------------------------------------------------- */

static int test_one(struct csl_render *r, const struct csl_cond *c, int val)
{
	const struct csl_cite *ci = r->cite;
	switch (c->test) {
	case CT_TYPE:
		return r->it->type == val;
	case CT_VARIABLE:
		return var_present(r, val);
	case CT_IS_NUMERIC: {
		if (val >= CV_NSTR)
			return 0;
		const char *s = csl_var_value(r, val, 0);
		return s && csl_is_numeric(s);
	}
	case CT_IS_UNCERTAIN:
		return val >= CV_FIRST_DATE && r->it->dates[val - CV_FIRST_DATE] &&
		       r->it->dates[val - CV_FIRST_DATE]->circa;
	case CT_LOCATOR:
		if (!ci || !ci->locator)
			return 0;
		return !strcmp(ci->label ? ci->label : "page", csl_locator_name(val)) ||
		       (val == csl_locator_lookup("sub-verbo") && ci->label &&
		        !strcmp(ci->label, "sub verbo"));
	case CT_POSITION:
		if (!ci)
			return 0;
		switch (val) {
		case POS_FIRST: return ci->position == POS_FIRST;
		case POS_SUBSEQUENT: return ci->position != POS_FIRST;
		case POS_IBID: return ci->position == POS_IBID || ci->position == POS_IBID_LOC;
		case POS_IBID_LOC: return ci->position == POS_IBID_LOC;
		case POS_NEAR_NOTE: return ci->position != POS_FIRST && ci->near_note;
		}
		return 0;
	default:
		return 0;
	}
}

/* The item's variables as a set, for the variables that only its data
 * decides (as var_present finds them). */
static void present_set(struct csl_item *it)
{
	unsigned long long m[2] = {0, 0};
	for (int v = 0; v < CV_NSTR; v++)
		if (it->s[v] && *it->s[v])
			m[v >> 6] |= 1ull << (v & 63);
	for (int v = CV_FIRST_NAME; v < CV_FIRST_DATE; v++)
		if (it->names[v - CV_FIRST_NAME].n)
			m[v >> 6] |= 1ull << (v & 63);
	for (int v = CV_FIRST_DATE; v < CV__COUNT; v++)
		if (it->dates[v - CV_FIRST_DATE])
			m[v >> 6] |= 1ull << (v & 63);
	it->present[0] = m[0];
	it->present[1] = m[1];
	it->has_present = 1;
}

int csl_item_has(struct csl_item *it, int v)
{
	if (!it->has_present)
		present_set(it);
	return v >= 0 && v < CV__COUNT && (it->present[v >> 6] >> (v & 63) & 1);
}

static int test_node(struct csl_render *r, const struct csl_node *n)
{
	if (n->is_else)
		return 1;
	int any = 0, all = 1, count = 0;
	for (size_t i = 0; i < n->nconds; i++) {
		const struct csl_cond *c = &n->conds[i];
		if (c->test == CT_DISAMBIGUATE) {
			int t = (r->it->dis_cond != 0) == (c->nvals != 0);
			any |= t;
			all &= t;
			count++;
			continue;
		}
		if (c->test == CT_TYPE && c->nvals) {
			/* the item's type among the listed: the values of one type
			 * attribute are alternatives under every match, as
			 * citeproc-js composes them (an item has one type) */
			int t = r->it->type >= 0 && (c->types >> r->it->type & 1);
			any |= t;
			all &= t;
			count++;
			continue;
		}
		if (c->test == CT_VARIABLE) {
			if (!r->it->has_present)
				present_set(r->it);
			if (c->vmask[0] | c->vmask[1]) {
				unsigned long long h0 = r->it->present[0] & c->vmask[0];
				unsigned long long h1 = r->it->present[1] & c->vmask[1];
				any |= (h0 | h1) != 0;
				all &= h0 == c->vmask[0] && h1 == c->vmask[1];
			}
			for (size_t k = 0; k < c->ndvals; k++) {
				int t = var_present(r, c->dvals[k]);
				any |= t;
				all &= t;
			}
			count += (int)c->nvals;
			continue;
		}
		for (size_t k = 0; k < c->nvals; k++) {
			int t = test_one(r, c, c->vals[k]);
			any |= t;
			all &= t;
			count++;
		}
	}
	if (!count)
		return 0;
	switch (n->match) {
	case MATCH_ANY: return any;
	case MATCH_NONE: return !any;
	default: return all;
	}
}


static const char *render_choose(struct csl_render *r, const struct csl_node *n)
{
	const struct csl_node *k = csl_chosen(r, n);
	return k ? csl_render_kids(r, k, NULL) : "";
}

/* ---- groups ----------------------------------------------------------------- */

/* test_node for a branch of one_test. */
static int test_one_cond(struct csl_render *r, const struct csl_node *n)
{
	const struct csl_cond *c = n->conds;
	struct csl_item *it = r->it;
	int any, all;
	if (c->test == CT_TYPE) {
		any = it->type >= 0 && (c->types >> it->type & 1);
		all = any;
	} else {
		if (!it->has_present)
			present_set(it);
		unsigned long long h0 = it->present[0] & c->vmask[0];
		unsigned long long h1 = it->present[1] & c->vmask[1];
		any = (h0 | h1) != 0;
		all = h0 == c->vmask[0] && h1 == c->vmask[1];
	}
	return n->match == MATCH_ANY ? any : n->match == MATCH_NONE ? !any : all;
}

const struct csl_node *csl_chosen(struct csl_render *r, const struct csl_node *n)
{
	for (size_t i = 0; i < n->nkids; i++) {
		const struct csl_node *k = &n->kids[i];
		if (k->kind != CK_IF)
			continue;
		if (k->is_else || (k->one_test ? test_one_cond(r, k) : test_node(r, k)))
			return k;
	}
	return NULL;
}

/* A delimiter after a piece: its punctuation meets the piece's own
 * suffix only when it repeats it ("A." and ". " give "A. "; "In:" and
 * ". " give "In:. "), as citeproc-js, which appends the delimiter's mark
 * to that suffix.  A suffix nested deeper in the piece (nested: a macro's
 * group, "Press;") meets it as punctuation does ("Press; 1985"), and the
 * text itself as any joining. */
static void join_delim(struct buf *b, const char *delim, int piq, int nested)
{
	for (size_t k = b->n; k >= 2 && b->p[k - 2] == CM_ESC; k -= 2)
		if (b->p[k - 1] == CM_DECOBLANK) { /* a delimiter meets the blank */
			memmove(b->p + k - 2, b->p + k, b->n - k);
			b->n -= 2;
		}
	size_t i = b->n;
	while (i >= 2 && b->p[i - 2] == CM_ESC && b->p[i - 1] != CM_SUFEND)
		i -= 2;
	/* a suffix whose punctuation went inside a closing quote meets the
	 * delimiter as any joining ("Title.” ", "why?” "); one that met the
	 * punctuation ending a styled text, the text's last character
	 * ("<i>eds.</i> " but "<i>why?</i>. ") */
	size_t j = i >= 2 ? i - 2 : 0;
	int quoted = 0;
	for (;;) {
		if (j >= 2 && b->p[j - 2] == CM_ESC && !strchr(".,;:!? ", b->p[j - 1])) {
			quoted |= b->p[j - 1] == CM_QUOTE_OFF || b->p[j - 1] == CM_DQUOTE_OFF;
			j -= 2;
		} else if (j >= 1 && CX_IS_MARK((unsigned char)b->p[j - 1])) {
			j--;
		} else {
			break;
		}
	}
	if (i >= 3 && b->p[i - 2] == CM_ESC && strchr(".,;:!?", *delim) && *delim && j &&
	    b->p[j - 1] != *delim && !(quoted && piq)) {
		int num = 0; /* a number's suffix merges with nothing */
		for (size_t k = j; k + 1 < b->n; k++)
			num |= b->p[k] == CM_ESC && b->p[k + 1] == CM_NUMEND;
		int c = (nested & 1) && !quoted && !num
		            ? csl_collide((unsigned char)b->p[j - 1], *delim) : 0;
		if (c == 2)
			b->p[j - 1] = *delim;
		buf_put(b, delim + (c != 0), strlen(delim) - (c != 0));
		return;
	}
	if (i >= 3 && b->p[i - 2] == CM_ESC && quoted && (*delim == ':' || *delim == ';')) {
		/* a colon or semicolon stays outside the quote a suffix's
		 * punctuation went into, and meets none of it ("excl!”: ") */
		buf_put(b, delim, strlen(delim));
		return;
	}
	csl_cat(b, delim, piq);
}

/* The children of n joined by delim; cs:choose is transparent, so the
 * children of its branch are joined as the parent's own.  Returns how
 * many pieces went into b, with the last in *last. */
/* Does s's text start with a no-break space (past its opening markup and
 * a blank)? */
static int nbsp_first(const char *s)
{
	while (*s && csl_mark_len(s) && csl_mark_dir(s) >= 0)
		s += csl_mark_len(s);
	if (s[0] == ' ')
		s++; /* a blank that the blank before it takes */
	return (unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0;
}

/* The punctuation mark s's text starts with (past its opening markup), or 0. */
static int punct_first(const char *s)
{
	while (*s && csl_mark_len(s) && csl_mark_dir(s) >= 0)
		s += csl_mark_len(s);
	return *s && strchr(".,;:!?", *s) ? *s : 0;
}

/* b ending in CM_LASTBLANK and blanks: with the blanks when a piece
 * follows (blanks), else the mark alone goes. */
static void drop_last_blank(struct buf *b, int blanks)
{
	size_t k = b->n;
	while (k && b->p[k - 1] == ' ')
		k--;
	if (k < 2 || b->p[k - 2] != CM_ESC || b->p[k - 1] != CM_LASTBLANK)
		return;
	if (blanks) {
		b->n = k - 2;
	} else {
		memmove(b->p + k - 2, b->p + k, b->n - k);
		b->n -= 2;
	}
}

static size_t kids_into(struct csl_render *r, const struct csl_node *n, const char *delim,
                        struct buf *b, const char **last, int *nested)
{
	int piq = r->L->punct_in_quote;
	size_t pieces = 0, split = (size_t)-1;
	for (size_t i = 0; i < n->nkids; i++) {
		const struct csl_node *k = &n->kids[i];
		if (k->kind == CK_CHOOSE) {
			const struct csl_node *br = csl_chosen(r, k);
			if (i + 1 == n->nkids)
				r->last_empty = 0;
			int more = r->more_after;
			r->more_after = more || i + 1 < n->nkids;
			if (br)
				pieces += kids_into(r, br, delim, b, last, nested);
			r->more_after = more;
			continue;
		}
		r->last_rich = 0;
		r->kid_delim = delim;
		r->kid_more = i + 1 < n->nkids || r->more_after;
		r->macro_blank = 0;
		const char *s = csl_render_node(r, k);
		if (!s || !*s) {
			/* a group, macro call or block leaves an empty piece
			 * for the layout's suffix (see suffix_inside) */
			if (i + 1 == n->nkids)
				r->last_empty = k->kind == CK_GROUP || k->macro || k->f.display;
			continue;
		}
		if (i + 1 == n->nkids)
			r->last_empty = 0;
		drop_last_blank(b, 1);
		if (split != (size_t)-1) {
			/* the suffix of a piece with one after it keeps its two
			 * blanks in one string (CM_PIECE) */
			memmove(b->p + split, b->p + split + 2, b->n - split - 2);
			b->n -= 2;
		}
		int after = 0; /* the delimiter's last mark, when it ends in one */
		if (b->n && delim && *delim && strchr(".,;:!?", *delim) && (*nested >> 8) == *delim &&
		    !r->plain && !r->sort) {
			/* the piece's own suffix ends in the delimiter's mark:
			 * citeproc-js gives the suffix no second one, though
			 * the suffix met the text's last mark ("??-??" and "."
			 * give "??-??", then ". " gives "??-?? ") */
			join_delim(b, delim + 1, piq, *nested);
			size_t dn = strlen(delim);
			after = dn > 1 && strchr(".,;:!?", delim[dn - 1]) ? delim[dn - 1] : 0;
		} else if (b->n && delim && (*nested & 4) && !r->plain && !r->sort && csl_into_value(b, *delim)) {
			/* the delimiter's mark went down into the value that
			 * ends the group or macro call before it */
			join_delim(b, delim + 1, piq, *nested);
			size_t dn = strlen(delim);
			after = dn && strchr(".,;:!?", delim[dn - 1]) ? delim[dn - 1] : 0;
		} else if (b->n && delim && (*nested & 4) && !r->plain && !r->sort &&
		    csl_cat_around_quote(b, delim, piq)) {
			/* a delimiter after a group or macro call that ends in a
			 * quoted text */
			size_t dn = strlen(delim);
			after = dn && strchr(".,;:!?", delim[dn - 1]) ? delim[dn - 1] : 0;
		} else if (b->n && delim && (*nested & 8) && !r->plain && !r->sort && marks_apart(b, delim)) {
			/* after a decorated variable's text, a delimiter's mark
			 * meets only the same mark */
			buf_put(b, delim, strlen(delim));
			size_t dn = strlen(delim);
			after = dn && strchr(".,;:!?", delim[dn - 1]) ? delim[dn - 1] : 0;
		} else if (b->n && delim) {
			join_delim(b, delim, piq, *nested);
			size_t dn = strlen(delim);
			after = dn && strchr(".,;:!?", delim[dn - 1]) ? delim[dn - 1] : 0;
		}
		int nb = b->n >= 2 && (unsigned char)b->p[b->n - 2] == 0xC2 &&
		         (unsigned char)b->p[b->n - 1] == 0xA0;
		if (nb && (*nested & 2) && k->f.prefix && !strncmp(k->f.prefix, "\xC2\xA0", 2)) {
			/* a sibling's suffix and prefix that both bring a no-break
			 * space give one, as two blanks (citeproc-js) */
			b->n -= 2;
		} else if (b->n && (b->p[b->n - 1] == ' ' || nb) && nbsp_first(s)) {
			/* a blank or a no-break space, then a piece that starts with a no-break
			 * space: citeproc-js escapes the two apart */
			buf_putc(b, CM_ESC);
			buf_putc(b, CM_PIECE);
		}
		int lead = punct_first(s);
		/* a decorated piece, or one after a decorated piece, with no
		 * delimiter between */
		int deco_pair = !(delim && *delim) && b->n && !r->plain && !r->sort &&
		                (decorated(&k->f) || (*nested & 32));
		if (after && lead && lead != after) {
			/* a piece's leading punctuation meets a delimiter's
			 * only when it repeats it (";" and ":x" give ";:x"),
			 * as citeproc-js */
			buf_put(b, s, strlen(s));
		} else if (lead && !(delim && *delim) && (*nested & 16) && !r->plain && !r->sort &&
		           !decorated(&k->f) &&
		           ((k->f.prefix && *k->f.prefix == lead) ||
		            (!(k->f.prefix && *k->f.prefix) && (k->macro || k->kind == CK_GROUP))) &&
		           csl_into_value(b, lead)) {
			/* a prefix's mark after an undecorated group or macro
			 * call went down into the value that ends it, as
			 * citeproc-js moves it to the suffix there ("in.: Pub") */
			cat_without_lead(r, b, s, piq);
		} else if (lead && !(delim && *delim) && (*nested & 16) && !r->plain && !r->sort &&
		           !decorated(&k->f) && (buf_putc(b, 0), b->n--, after_number(b->p, (char)lead))) {
			/* and after a number's suffix it stays ("12:. Pub"), as
			 * citeproc-js merges nothing into a number's piece */
			buf_put(b, s, strlen(s));
		} else if (lead && !(delim && *delim) && (*nested & 16) && !r->plain && !r->sort &&
		           !piq && !decorated(&k->f) && k->f.prefix && *k->f.prefix == lead &&
		           csl_mark_into_quote(b, lead)) {
			/* and one that ends in a quoted text takes it inside
			 * the quote, where it meets the value's last mark */
			cat_without_lead(r, b, s, piq);
		} else if (lead && deco_pair && k->f.prefix && *k->f.prefix == lead) {
			/* a prefix's mark meets no mark before it when either
			 * piece is decorated, as citeproc-js moves a prefix's
			 * punctuation to the piece before only between
			 * undecorated siblings ("<i>Why?</i>. Pub", "Why.. <i>J</i>");
			 * the same mark ending an undecorated suffix still goes */
			size_t i0 = 0;
			while (s[i0] && csl_mark_len(s + i0) && csl_mark_dir(s + i0) >= 0)
				i0 += csl_mark_len(s + i0);
			if (!(*nested & 32) && (*nested >> 8) == lead) {
				char *t = arena_strndup(r->a, s, strlen(s));
				memmove(t + i0, t + i0 + 1, strlen(t + i0));
				s = t;
			}
			buf_put(b, s, strlen(s));
		} else {
			csl_cat(b, s, piq);
		}
		*last = s;
		r->last_kid = k;
		pieces++;
		size_t sn = k->f.suffix ? strlen(k->f.suffix) : 0;
		*nested = (!(sn && strchr(".,;:!?", k->f.suffix[sn - 1]))) |
		          (sn >= 2 && !strcmp(k->f.suffix + sn - 2, "\xC2\xA0")) << 1 |
		          ((k->macro || k->kind == CK_GROUP) && !sn && !k->f.quotes) << 2 |
		          (k->kind == CK_TEXT && k->var != CV_NONE && !k->macro && !sn && keeps_marks(&k->f) &&
		           !r->last_rich) << 3 |
		          ((k->macro || k->kind == CK_GROUP) && !sn && !k->f.quotes && !decorated(&k->f)) << 4 |
		          decorated(&k->f) << 5 |
		          (sn ? (unsigned char)k->f.suffix[sn - 1] : 0) << 8;
		split = (size_t)-1;
		/* past a number's or decorated text's marks after its suffix */
		size_t e = b->n;
		while (e >= 2 && b->p[e - 2] == CM_ESC &&
		       (b->p[e - 1] == CM_DECOBLANK || b->p[e - 1] == CM_NUMEND || b->p[e - 1] == CM_SUFEND))
			e -= 2;
		if (e >= 3 && b->p[e - 3] == CM_ESC && b->p[e - 2] == CM_PIECE &&
		    b->p[e - 1] == ' ' && k->f.suffix && strlen(k->f.suffix) >= 2)
			split = e - 3;
	}
	return pieces;
}

const char *csl_render_kids(struct csl_render *r, const struct csl_node *n, const char *delim)
{
	struct buf *b = scratch(r);
	if (!b)
		return "";
	const char *last = NULL;
	int nested = 0;
	int more = r->more_after;
	r->more_after = 0;
	size_t pieces = kids_into(r, n, delim, b, &last, &nested);
	r->more_after = more;
	/* the last piece's blank that a following piece would have taken
	 * stays (CM_LASTBLANK) */
	drop_last_blank(b, 0);
	if (!b->n || pieces == 1) {
		/* one piece joined to nothing is that piece, as it was */
		r->S->depth--;
		if (!b->n)
			return "";
		size_t ln = strlen(last);
		if (ln == b->n && !memcmp(last, b->p, ln))
			return last;
		return arena_strndup(r->a, b->p, b->n);
	}
	return done(r, b);
}

static const char *render_group(struct csl_render *r, const struct csl_node *n)
{
	int called = r->called, found = r->found;
	r->called = r->found = 0;
	csl_outer_fmt(r, &n->f, 1);
	r->macro_blank = 0;
	const char *s = csl_render_kids(r, n, n->f.delimiter);
	csl_outer_fmt(r, &n->f, -1);
	int c = r->called, f = r->found;
	/* a macro call that calls no variable (its cs:choose takes no
	 * branch) as the group's last node makes citeproc-js forget the
	 * variables the group called: an empty one does not suppress it */
	int blank = r->macro_blank;
	if (blank)
		c = 0;
	if (c > 0 && f == 0)
		s = "";
	/* a nested group that renders counts as found for its parent, as in
	 * citeproc-js: "[Online]" beside an empty "Accessed" group */
	r->called = called + c;
	r->found = found + f + (f == 0 && *s);
	/* and so does such a group for the group around it */
	r->macro_blank = blank;
	struct csl_fmt own;
	s = undecorated_tail(r, s, &n->f);
	/* 2: the group's last piece has a suffix of its own (the rule of a
	 * child's suffix that takes the group's, csl_fmt_apply) */
	const struct csl_node *lk = r->last_kid;
	size_t ln = lk && lk->f.suffix ? strlen(lk->f.suffix) : 0;
	r->around = *s && ln && n->f.suffix && lk->f.suffix[ln - 1] == n->f.suffix[0] ? 2 : 1;
	s = csl_fmt_apply(r, decorated_lead(r, s, &n->f), csl_fmt_uncased(&n->f, &own), 1);
	r->around = 0;
	return s;
}

static const char *leaf(struct csl_render *r, const char *s)
{
	if (s && *s)
		r->emitted = 1;
	return s;
}

const char *csl_render_node(struct csl_render *r, const struct csl_node *n)
{
	switch (n->kind) {
	/* a number (the citation number too) is no predecessor that keeps a
	 * term after it lower-case ("1. N.d."), as in citeproc-js */
	case CK_TEXT: return n->var == CV_CITATION_NUMBER ? render_text(r, n) : leaf(r, render_text(r, n));
	case CK_NUMBER: return render_number(r, n);
	case CK_LABEL: return leaf(r, render_label(r, n));
	case CK_GROUP: return render_group(r, n);
	case CK_CHOOSE: return render_choose(r, n);
	case CK_NAMES: return leaf(r, csl_render_names(r, n));
	case CK_DATE: return leaf(r, csl_render_date(r, n));
	default: return "";
	}
}

const char *csl_render_item(struct csl_render *r, const struct csl_node *layout)
{
	r->ys_done = 0;
	r->names_done = 0;
	r->first_names = NULL;
	memset(r->suppressed, 0, sizeof r->suppressed);
	r->called = r->found = 0;
	return csl_render_kids(r, layout, NULL);
}
