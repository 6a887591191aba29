/* cv/page.c - a web page's tree to the line model, with its records.
 *
 * Pages list publications as repeated elements: <li> of an <ol>, <tr> of a
 * bibtex2html table, one <p> or <div class="csl-entry"> each, Hugo's
 * <div class="pub-list-item">, academicpages' <div class="list__item">.
 * The repetition is the signal: among the children of one element, those
 * with the same tag and class (numbers left out, so "year-2023" and
 * "year-2021" are one kind) that each hold a sentence's worth of visible
 * text are records, the deepest such level winning.  Every line rendered
 * from inside a record carries the record's number, so the finder takes the
 * record whole as one item.
 *
 * Inside a record the template's own names tell what a block is: a class
 * word "title", "author(s)", "periodical"/"venue"/"journal", "year"/"date",
 * "abbr"/"badge" (al-folio's venue badge), "links"; a link to the site's own
 * publication page is the title.  The record's classes also carry Hugo's
 * publication type and year ("pubtype-2", "pubtype-article-journal",
 * "year-2023"), and its element ids the key of the BibTeX block the page
 * embeds for it.
 *
 * What the page hides is not text: <script>, <style>, <head>, buttons,
 * forms, SVG, figures, elements with class "hidden", "collapse", "abstract",
 * "bibtex", "modal" or "d-none", display:none, aria-hidden and the hidden
 * attribute.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/arena.h"
#include "core/hash.h"
#include "core/str.h"
#include "cv/doc.h"
#include "cv/dom.h"

struct pinfo {
	uint32_t len;      /* visible non-space bytes in the subtree */
	uint32_t sig;      /* tag and class, numbers left out */
	uint8_t hidden;    /* the element (or an ancestor) is not shown */
	uint8_t year;      /* a year in the visible text */
	uint8_t has_rec;   /* a record below */
	uint32_t rec;      /* record number (1-based), or 0 */
	uint32_t lead;     /* in a record of sibling blocks: its first block */
	uint8_t joined;    /* the next sibling block is of the same record */
};

/* ---- what is shown ----------------------------------------------------------- */

static int hidden_el(struct arena *a, const struct dnode *x)
{
	static const char *const gone[] = {"script", "style", "head", "noscript", "template", "svg",
	                                   "button", "select", "textarea", "form", "figure", "iframe",
	                                   "canvas", "video", "audio", "object", "map", NULL};
	for (size_t i = 0; gone[i]; i++)
		if (dom_is(x, gone[i]))
			return 1;
	if (!x->attrs.n)
		return 0;
	static const char *const cls[] = {"hidden", "collapse", "abstract", "bibtex", "modal", "d-none",
	                                  "sr-only", "visually-hidden", "tooltip", "dropdown-menu", NULL};
	for (size_t i = 0; cls[i]; i++)
		if (dom_class(x, cls[i]))
			return 1;
	cx_str st = dom_attr(a, x, "style");
	if (st.n && (str_ifind(st, "display:none", 0) >= 0 || str_ifind(st, "display: none", 0) >= 0))
		return 1;
	cx_str ah = dom_attr(a, x, "aria-hidden");
	if (ah.n && str_ieq(ah, "true"))
		return 1;
	return dom_attr(a, x, "hidden").p != NULL;
}

/* A year 1950..2039 standing alone in s. */
static int has_year(cx_str s)
{
	for (size_t i = 0; i + 4 <= s.n; i++)
		if (cvd_year_at(s.p, s.n, i) >= 1950 && cvd_year_at(s.p, s.n, i) <= 2039)
			return 1;
	return 0;
}

static uint32_t signature(const struct dnode *x)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < x->name.n; i++)
		h = (h ^ (unsigned char)x->name.p[i]) * 16777619u;
	/* class words without digits, in order */
	const char *p = x->attrs.p, *end = p + x->attrs.n;
	long at = str_ifind(x->attrs, "class", 0);
	if (at < 0)
		return h;
	p += at + 5;
	while (p < end && (str_space((unsigned char)*p) || *p == '='))
		p++;
	char q = p < end && (*p == '"' || *p == '\'') ? *p++ : 0;
	while (p < end && (q ? *p != q : !str_space((unsigned char)*p) && *p != '>')) {
		const char *w = p;
		int digit = 0;
		while (p < end && !str_space((unsigned char)*p) && (q ? *p != q : *p != '>'))
			digit |= str_digit((unsigned char)*p++);
		if (!digit)
			for (const char *c = w; c < p; c++)
				h = (h ^ (unsigned char)*c) * 16777619u;
		h = (h ^ ' ') * 16777619u;
		while (p < end && str_space((unsigned char)*p))
			p++;
	}
	return h;
}

/* Visible length, years and signatures; hidden subtrees. */
static void measure(struct cv *v, const struct dom *d, struct pinfo *pi)
{
	for (size_t i = 1; i < d->nn; i++) {
		const struct dnode *x = &d->n[i];
		pi[i].hidden = pi[x->parent].hidden || (!dom_is_text(x) && hidden_el(&v->a, x));
		if (!dom_is_text(x))
			pi[i].sig = signature(x);
	}
	for (size_t i = d->nn; i-- > 1;) {
		const struct dnode *x = &d->n[i];
		if (pi[i].hidden)
			continue;
		if (dom_is_text(x) && !dom_is(&d->n[x->parent], "title")) {
			for (size_t k = 0; k < x->text.n; k++)
				pi[i].len += !str_space((unsigned char)x->text.p[k]);
			pi[i].year = (uint8_t)has_year(x->text);
		}
		pi[x->parent].len += pi[i].len;
		pi[x->parent].year |= pi[i].year;
	}
}

/* ---- records ---------------------------------------------------------------- */

static int record_tag(const struct dnode *x)
{
	static const char *const ok[] = {"li", "tr", "p", "div", "dd", "dt", "article", "section",
	                                 "blockquote", "td", "span", NULL};
	for (size_t i = 0; ok[i]; i++)
		if (dom_is(x, ok[i]))
			return 1;
	return 0;
}

static int record_size(const struct pinfo *p)
{
	return p->len >= 25 && p->len <= 6000;
}

static void mark_record(const struct dom *d, struct pinfo *pi, uint32_t c, uint32_t *nrec)
{
	pi[c].rec = ++*nrec;
	for (uint32_t p = d->n[c].parent; p && !pi[p].has_rec; p = d->n[p].parent)
		pi[p].has_rec = 1;
	pi[0].has_rec = 1;
}

/* The node after the subtree of node i. */
static size_t subtree_end(const struct dom *d, size_t i)
{
	size_t e = i + 1;
	while (e < d->nn) {
		uint32_t p = d->n[e].parent;
		while (p > i)
			p = d->n[p].parent;
		if (p != i)
			break;
		e++;
	}
	return e;
}

/* Does the heading at k name a section ("Featured Publications",
 * "Talks"), not an item? */
static int section_heading(const struct dom *d, size_t k, size_t end)
{
	char t[96];
	size_t n = 0;
	for (size_t j = k + 1; j < end && n + 1 < sizeof t; j++) {
		uint32_t p = d->n[j].parent;
		while (p > k)
			p = d->n[p].parent;
		if (p != k)
			break;
		cx_str x = d->n[j].text;
		for (size_t c = 0; c < x.n && n + 1 < sizeof t; c++)
			t[n++] = x.p[c];
	}
	enum cv_hint h;
	return cvd_sec_class(cvd_trim(cvd_S(t, n)), &h) != SEC_NONE;
}

static int block_role(const struct dnode *x);
static int is_block(const struct dnode *x);

/* Is x a heading, or a block its class names a title (<p class="title">)? */
static int title_el(const struct dnode *x)
{
	return (x->name.n == 2 && x->name.p[0] == 'h' && x->name.p[1] >= '1' && x->name.p[1] <= '6') ||
	       (is_block(x) && block_role(x) == R_TITLE);
}

/* Does the subtree [i, end) hold a heading or a block marked a title,
 * with more than a year in it, outside the records found in it, that
 * names no section? */
static int titled(const struct dom *d, const struct pinfo *pi, size_t i, size_t end)
{
	for (size_t k = i + 1; k < end; k++) {
		const struct dnode *x = &d->n[k];
		if (pi[k].hidden || !title_el(x) || pi[k].len <= 6 || section_heading(d, k, end))
			continue;
		uint32_t p = (uint32_t)k;
		while (p > i && !pi[p].rec)
			p = d->n[p].parent;
		if (p == i)
			return 1;
	}
	return 0;
}

/* The signatures of a parent's children that count as a record's size
 * (not hidden; with free set, holding no record either), sorted: how many
 * siblings share a child's signature is a search, not another walk over
 * the siblings, which a page with thousands of them would make quadratic. */
struct sigs {
	uint32_t *v;
	size_t n, cap;
};

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void sigs_of(struct sigs *S, const struct dom *d, const struct pinfo *pi, uint32_t parent,
                    int free)
{
	S->n = 0;
	for (uint32_t o = d->n[parent].first; o; o = d->n[o].next) {
		if (pi[o].hidden || (free && pi[o].has_rec) || !record_size(&pi[o]))
			continue;
		if (S->n == S->cap) {
			S->cap = S->cap ? 2 * S->cap : 64;
			S->v = xrealloc(S->v, S->cap * sizeof *S->v);
		}
		S->v[S->n++] = pi[o].sig;
	}
	if (S->n > 1)
		qsort(S->v, S->n, sizeof *S->v, cmp_u32);
}

/* Where the first signature above sig (past set) or not below it stands. */
static size_t sigs_bound(const struct sigs *S, uint32_t sig, int past)
{
	size_t lo = 0, hi = S->n;
	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (S->v[m] < sig || (past && S->v[m] == sig))
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

static size_t sigs_count(const struct sigs *S, uint32_t sig)
{
	return sigs_bound(S, sig, 1) - sigs_bound(S, sig, 0);
}

/* A node's signature and its parent's, as one key (the multiplier is odd,
 * so keys that differ stay apart). */
static uint64_t kind_pair(const struct dom *d, const struct pinfo *pi, size_t k)
{
	return ((uint64_t)pi[k].sig << 32 | pi[d->n[k].parent].sig) * 0x9E3779B97F4A7C15u;
}

/* Records inside an element that repeats and carries the item's title as
 * a heading are parts of one item (academicpages' archive: a title, then
 * "Published in", "Recommended citation" paragraphs): the element is the
 * record. */
static void lift_records(const struct dom *d, struct pinfo *pi, uint32_t *nrec)
{
	struct sigs S = {0};
	uint32_t at = 0; /* the parent whose children S holds */
	for (size_t i = 1; i < d->nn; i++) {
		const struct dnode *E = &d->n[i];
		if (dom_is_text(E) || pi[i].hidden || pi[i].rec || !pi[i].has_rec || !record_tag(E) ||
		    !record_size(&pi[i]) || !E->parent)
			continue;
		if (!S.n || at != E->parent)
			sigs_of(&S, d, pi, at = E->parent, 0);
		size_t same = sigs_count(&S, pi[i].sig);
		size_t end = subtree_end(d, i);
		if (same < 2 || !titled(d, pi, i, end))
			continue;
		size_t inside = 0; /* an item's parts are few; a section's items many */
		for (size_t k = i + 1; k < end; k++)
			inside += pi[k].rec != 0;
		if (inside > 4)
			continue;

		for (size_t k = i + 1; k < end; k++)
			pi[k].rec = 0;
		pi[i].rec = ++*nrec;
	}
	free(S.v);
}

static int is_block(const struct dnode *x)
{
	static const char *const b[] = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "td", "th",
	                                "table", "tbody", "thead", "h1", "h2", "h3", "h4", "h5", "h6",
	                                "pre", "blockquote", "section", "article", "header", "footer",
	                                "nav", "main", "aside", "hr", "body", "address", "details",
	                                "summary", "center", "caption", NULL};
	for (size_t i = 0; b[i]; i++)
		if (dom_is(x, b[i]))
			return 1;
	return 0;
}

/* ---- records of sibling blocks ------------------------------------------------- */

/* A block's signature with its shape: the tag of the one element that
 * wraps all its text ("<p><b>Title</b></p>" is not "<p>Authors</p>"). */
static uint32_t shape_sig(const struct dom *d, const struct pinfo *pi, uint32_t c)
{
	uint32_t h = pi[c].sig, only = 0;
	int text = 0, elems = 0;
	for (uint32_t k = d->n[c].first; k; k = d->n[k].next) {
		if (pi[k].hidden || !pi[k].len)
			continue;
		if (dom_is_text(&d->n[k]))
			text = 1;
		else
			elems++, only = k;
	}
	if (!text && elems == 1)
		for (size_t i = 0; i < d->n[only].name.n; i++)
			h = (h ^ (unsigned char)d->n[only].name.p[i]) * 16777619u;
	return h;
}

static int heading_el(const struct dnode *x)
{
	return x->name.n == 2 && x->name.p[0] == 'h' && x->name.p[1] >= '1' && x->name.p[1] <= '6';
}

#define FB_MAX 6 /* blocks of one record at most */

/* How a child of the parent takes part in records of sibling blocks. */
enum fb { FB_SKIP, FB_BREAK, FB_BLOCK };

static enum fb fb_kind(const struct dom *d, const struct pinfo *pi, uint32_t c)
{
	const struct dnode *C = &d->n[c];
	if (pi[c].hidden || (!pi[c].len && !dom_is(C, "hr")))
		return FB_SKIP;
	if (dom_is_text(C) || !is_block(C) || pi[c].has_rec || heading_el(C) || dom_is(C, "hr") ||
	    dom_is(C, "ul") || dom_is(C, "ol") || dom_is(C, "table"))
		return FB_BREAK; /* loose text, a heading, a rule, a list: no field of a record */
	return FB_BLOCK;
}

/* Do two records' kinds of blocks make one pattern: the same, or one
 * with a block more at its end (a row of links not every paper has)? */
static int fb_same(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
	size_t n = na < nb ? na : nb;
	if (na > FB_MAX || nb > FB_MAX || na > n + 1 || nb > n + 1)
		return 0;
	return !memcmp(a, b, n * sizeof *a);
}

/* The records of the parent's blocks that start at blocks of kind lead:
 * how many, or 0 when they do not make a pattern (two records or more,
 * each of two to FB_MAX blocks, three in four of one pattern of kinds:
 * fb_same). */
static size_t fb_records(const struct dom *d, const struct pinfo *pi, uint32_t parent, uint32_t lead)
{
	uint32_t pat[FB_MAX], cur[FB_MAX];
	size_t npat = 0, ncur = 0, groups = 0, same = 0, bad = 0, len = 0;
	for (uint32_t c = d->n[parent].first;; c = d->n[c].next) {
		enum fb k = c ? fb_kind(d, pi, c) : FB_BREAK;
		if (k == FB_SKIP)
			continue;
		uint32_t sig = k == FB_BLOCK ? shape_sig(d, pi, c) : 0;
		if (ncur && (k == FB_BREAK || sig == lead)) {
			groups++;
			bad += ncur < 2 || ncur > FB_MAX || len < 25;
			if (!npat && ncur <= FB_MAX)
				memcpy(pat, cur, (npat = ncur) * sizeof *pat);
			same += fb_same(cur, ncur, pat, npat);
			ncur = len = 0;
		}
		if (!c)
			break;
		if (k == FB_BREAK || (!ncur && sig != lead))
			continue; /* blocks before a segment's first record */
		if (ncur < FB_MAX)
			cur[ncur] = sig;
		ncur++;
		len += pi[c].len;
	}
	return groups >= 2 && !bad && 4 * same >= 3 * groups ? groups : 0;
}

/* Records of sibling blocks: a page that gives each field a block of its
 * own and no wrapper (<dt> title, <dd> authors and venue; a <p> for the
 * title, one for the authors, one for the venue) repeats a pattern of
 * blocks.  Among the children of parent, cut at headings, rules, lists
 * and loose text, each block of one kind starts a record; the kind that
 * makes the most records of a pattern wins.  Its blocks, records each or
 * none before, become one record each. */
static void field_blocks(const struct dom *d, struct pinfo *pi, uint32_t parent, uint32_t *nrec)
{
	uint32_t tried[16], lead = 0;
	size_t ntried = 0, best = 0;
	for (uint32_t c = d->n[parent].first; c && ntried < 16; c = d->n[c].next) {
		if (fb_kind(d, pi, c) != FB_BLOCK)
			continue;
		uint32_t sig = shape_sig(d, pi, c);
		size_t t = 0;
		while (t < ntried && tried[t] != sig)
			t++;
		if (t < ntried)
			continue;
		tried[ntried++] = sig;
		size_t g = fb_records(d, pi, parent, sig);
		if (g > best)
			best = g, lead = sig;
	}
	if (!best)
		return;
	uint32_t first = 0; /* the block that starts the record being cut */
	for (uint32_t c = d->n[parent].first; c; c = d->n[c].next) {
		enum fb k = fb_kind(d, pi, c);
		if (k == FB_SKIP)
			continue;
		if (k == FB_BREAK) {
			first = 0;
			continue;
		}
		if (shape_sig(d, pi, c) == lead)
			first = c;
		else if (!first)
			continue;
		size_t end = subtree_end(d, c);
		for (size_t i = c + 1; i < end; i++)
			pi[i].rec = 0;
		pi[c].rec = ++*nrec;
		pi[c].lead = first;
		pi[c].joined = 0;
		for (uint32_t p = first; p != c; p = d->n[p].next)
			pi[p].joined = 1;
	}
}

/* Children of each element, deepest first, grouped by signature: a group
 * with two members or more that hold text (or a list item on its own) are
 * records. */
static uint32_t find_records(const struct dom *d, struct pinfo *pi)
{
	uint32_t nrec = 0;
	struct sigs S = {0};
	for (size_t i = d->nn; i-- > 0;) {
		const struct dnode *P = &d->n[i];
		if (dom_is_text(P) || pi[i].hidden || !P->first)
			continue;
		/* Marking a child changes nothing the counts of its siblings
		 * look at (it marks the child's ancestors). */
		sigs_of(&S, d, pi, (uint32_t)i, 1);
		for (uint32_t c = P->first; c; c = d->n[c].next) {
			const struct dnode *C = &d->n[c];
			if (dom_is_text(C) || pi[c].hidden || pi[c].rec || pi[c].has_rec || !record_tag(C) ||
			    !record_size(&pi[c]))
				continue;
			if (sigs_count(&S, pi[c].sig) >= 2 || (dom_is(C, "li") && pi[c].year))
				mark_record(d, pi, c, &nrec);
		}
	}
	free(S.v);
	/* an element of a record's kind under a parent of its parent's kind
	 * is one too, alone as it may be (a year's list with one paper): the
	 * pairs of kinds that records have are kept in a set, which grows as
	 * records are found */
	struct hindex kinds = {0};
	for (size_t k = 1; k < d->nn; k++) {
		uint64_t h = kind_pair(d, pi, k);
		if (pi[k].rec && hindex_first(&kinds, h) == HINDEX_END)
			hindex_put(&kinds, h, 0); /* each pair once */
	}
	for (size_t i = 1; i < d->nn; i++) {
		const struct dnode *C = &d->n[i];
		if (dom_is_text(C) || pi[i].hidden || pi[i].rec || pi[i].has_rec || !record_tag(C) ||
		    !record_size(&pi[i]))
			continue;
		if (hindex_first(&kinds, kind_pair(d, pi, i)) != HINDEX_END)
			mark_record(d, pi, (uint32_t)i, &nrec); /* its pair is in the set */
	}
	hindex_free(&kinds);
	lift_records(d, pi, &nrec);
	for (size_t i = 0; i < d->nn; i++)
		if (!dom_is_text(&d->n[i]) && !pi[i].hidden && d->n[i].first)
			field_blocks(d, pi, (uint32_t)i, &nrec);
	/* numbered in document order; the blocks of one record share its
	 * first block's number */
	uint32_t k = 0;
	for (size_t i = 0; i < d->nn; i++)
		if (pi[i].rec)
			pi[i].rec = pi[i].lead && pi[i].lead != i ? pi[pi[i].lead].rec : ++k;
	return k;
}

/* ---- rendering -------------------------------------------------------------- */

struct render {
	struct cv *v;
	const struct dom *d;
	const struct pinfo *pi;
	struct buf line;
	unsigned src;        /* source line of the line's start */
	int heading, marker;
	uint32_t rec;        /* the record being rendered */
	uint32_t rec_len;    /* its visible length */
	int in_field;        /* rendering an inline field (render_field) */
	int role;            /* the role of the block being rendered */
	uint32_t box;        /* the block's element and its parent, hashed */
};

static void flush(struct render *r)
{
	cvd_add_line(r->v, r->line.p ? r->line.p : "", r->line.n, r->src, r->heading, r->marker, r->rec,
	             r->role, r->box);
	r->line.n = 0;
	r->heading = r->marker = 0;
}

static void put_text(struct render *r, cx_str t, unsigned line)
{
	for (size_t i = 0; i < t.n; i++) {
		unsigned char c = (unsigned char)t.p[i];
		if (c == 0xC2 && i + 1 < t.n && (unsigned char)t.p[i + 1] == 0xA0)
			c = ' ', i++; /* no-break space */
		if (str_space(c) || c < 0x20) {
			if (r->line.n && r->line.p[r->line.n - 1] != ' ')
				buf_putc(&r->line, ' ');
			continue;
		}
		if (!r->line.n || (r->line.n == 1 && r->line.p[0] == ' '))
			r->src = line;
		buf_putc(&r->line, (char)c);
	}
}

static int class_word(const struct dnode *x, const char *w)
{
	/* a class name that is w or has w as one of its -/_ parts */
	long at = str_ifind(x->attrs, "class", 0);
	if (at < 0)
		return 0;
	cx_str c = {x->attrs.p + at, x->attrs.n - (size_t)at};
	size_t k = strlen(w);
	for (size_t i = 0; i + k <= c.n; i++) {
		if (!str_ieqn(c.p + i, w, k))
			continue;
		unsigned char b = i ? (unsigned char)c.p[i - 1] : ' ', e = i + k < c.n ? (unsigned char)c.p[i + k] : ' ';
		if ((b == ' ' || b == '-' || b == '_' || b == '"' || b == '\'') &&
		    (e == ' ' || e == '-' || e == '_' || e == '"' || e == '\''))
			return 1;
	}
	return 0;
}

/* The role a block's class names give it inside a record. */
static int block_role(const struct dnode *x)
{
	if (!x->attrs.n)
		return R_NONE;
	if (class_word(x, "title"))
		return R_TITLE;
	if (class_word(x, "author") || class_word(x, "authors"))
		return R_AUTHOR;
	if (class_word(x, "periodical") || class_word(x, "venue") || class_word(x, "journal") ||
	    class_word(x, "booktitle") || class_word(x, "conference"))
		return R_VENUE;
	if (class_word(x, "abbr") || class_word(x, "badge"))
		return R_BADGE;
	if (class_word(x, "links") || class_word(x, "buttons") || class_word(x, "btn"))
		return R_LINKS;
	return R_NONE;
}


static void render_node(struct render *r, uint32_t k);

static void render_children(struct render *r, uint32_t k)
{
	for (uint32_t c = r->d->n[k].first; c; c = r->d->n[c].next)
		render_node(r, c);
}

/* Is the link's text only a label (PDF, Code, arXiv)? */
static int label_text(const char *p, size_t n)
{
	cx_str t = cvd_trim((cx_str){p, n});
	if (t.n >= 2 && t.p[0] == '[' && t.p[t.n - 1] == ']')
		t = cvd_trim((cx_str){t.p + 1, t.n - 2});
	return t.n && cvd_is_label(t.p, t.n);
}

static void render_link(struct render *r, uint32_t k)
{
	const struct dnode *x = &r->d->n[k];
	cx_str href = dom_attr(&r->v->a, x, "href");
	int button = class_word(x, "btn") || class_word(x, "button");
	size_t at = r->line.n;
	if (!button)
		render_children(r, k);
	if (r->line.n > at && label_text(r->line.p + at, r->line.n - at)) {
		r->line.n = at; /* "[PDF]", "Code": a label, not text */
		while (r->line.n && r->line.p[r->line.n - 1] == ' ')
			r->line.n--;
	}
	if (href.n > 4 && (str_istarts(href, "http") || str_istarts(href, "doi:"))) {
		buf_putc(&r->line, ' ');
		buf_putc(&r->line, CX_M_URL_ON);
		buf_put(&r->line, href.p, href.n);
		buf_putc(&r->line, CX_M_URL_OFF);
		buf_putc(&r->line, ' ');
	}
}

/* A summary or teaser a template sets beside a record's reference:
 * Hugo's "article-style" (the summary of a list view), "summary",
 * "excerpt", "teaser", "tldr". */
static int summary_block(const struct dnode *x)
{
	return x->attrs.n && (class_word(x, "summary") || class_word(x, "excerpt") || class_word(x, "teaser") ||
	                      class_word(x, "tldr") || class_word(x, "article-style"));
}

/* A field a record's template marks inside a line (Hugo's cards: <span
 * class="article-date">, <span class="pub-publication">): R_VENUE, -1
 * for a date, 0 when it marks neither. */
static int inline_field(const struct dnode *x)
{
	if (!x->attrs.n)
		return 0;
	/* authors and titles marked inline sit in a citation's sentence
	 * (Hugo's citation view), which reads best whole */
	if (block_role(x) == R_VENUE || class_word(x, "publication"))
		return R_VENUE;
	return class_word(x, "date") || class_word(x, "year") ? -1 : 0;
}

/* Is the line being put together only punctuation and spaces? */
static int line_punct(const struct buf *b)
{
	for (size_t i = 0; i < b->n; i++)
		if (!strchr(" ,.;:|-", b->p[i]) && !CX_IS_MARK(b->p[i]))
			return 0;
	return 1;
}

/* An inline field as a line of its own, with its role. */
static void render_field(struct render *r, uint32_t k, int role)
{
	int was = r->role;
	if (line_punct(&r->line))
		r->line.n = 0; /* ", " between two fields */
	else
		flush(r);
	if (role > 0)
		r->role = role;
	r->in_field = 1; /* a name marked inside an author list is no field */
	render_children(r, k);
	r->in_field = 0;
	if (!line_punct(&r->line))
		flush(r);
	r->line.n = 0;
	r->role = was;
}

static void render_block(struct render *r, uint32_t k)
{
	const struct dnode *x = &r->d->n[k];
	int role = r->role;
	uint32_t rec = r->rec, box = r->box;
	if (r->line.n)
		flush(r);
	/* where the block sits, for the finder's features: lines of one list
	 * share it, and a heading beside the list has its own */
	r->box = (r->pi[k].sig * 16777619u) ^ r->pi[x->parent].sig;
	if (r->pi[k].rec) {
		r->rec = r->pi[k].rec;
		r->role = r->pi[k].lead ? block_role(x) : R_NONE; /* a record of blocks: each a field */
		if (!rec)
			r->rec_len = r->pi[r->pi[k].lead ? r->pi[k].lead : k].len;
	} else if (r->rec && summary_block(x) && r->rec_len >= r->pi[k].len + 25) {
		r->rec = rec; /* a teaser beside the reference, as long as there is one */
		return;
	} else if (r->rec && block_role(x))
		r->role = block_role(x);
	if (x->name.n == 2 && x->name.p[0] == 'h' && x->name.p[1] >= '1' && x->name.p[1] <= '6')
		r->heading = x->name.p[1] - '0';
	else if (dom_is(x, "li") && !r->rec)
		r->marker = 'b';
	r->src = x->line;
	render_children(r, k);
	if (r->line.n || r->heading)
		flush(r);
	r->heading = r->marker = 0;
	if (r->pi[k].rec && !r->pi[k].joined)
		cvd_add_line(r->v, "", 0, x->line, 0, 0, 0, R_NONE, 0); /* the record ends */
	r->rec = rec;
	r->role = role;
	r->box = box;
}

/* al-folio folds a long author list into "and 4 more authors", with the
 * names in the element's onclick script: "... ? 'A, B, C, D' : ...". */
static int more_authors(struct render *r, const struct dnode *x)
{
	cx_str js = dom_attr(&r->v->a, x, "onclick");
	long q = str_ifind(js, "? '", 0);
	if (q < 0)
		return 0;
	const char *b = js.p + q + 3, *e = memchr(b, '\'', (size_t)(js.p + js.n - b));
	if (!e || e == b)
		return 0;
	/* "A, B, and <span>2 more authors</span>": the names join the list */
	while (r->line.n && r->line.p[r->line.n - 1] == ' ')
		r->line.n--;
	if (r->line.n >= 3 && !memcmp(r->line.p + r->line.n - 3, "and", 3) &&
	    (r->line.n == 3 || r->line.p[r->line.n - 4] == ' ' || r->line.p[r->line.n - 4] == ','))
		r->line.n -= 3;
	while (r->line.n && (r->line.p[r->line.n - 1] == ' ' || r->line.p[r->line.n - 1] == ','))
		r->line.n--;
	if (r->line.n)
		buf_put(&r->line, ", ", 2);
	put_text(r, (cx_str){b, (size_t)(e - b)}, x->line);
	return 1;
}

static void render_node(struct render *r, uint32_t k)
{
	const struct dnode *x = &r->d->n[k];
	if (r->pi[k].hidden)
		return;
	if (dom_is_text(x)) {
		put_text(r, x->text, x->line);
		return;
	}
	if (dom_is(x, "br")) {
		flush(r);
		return;
	}
	if (dom_is(x, "a")) {
		render_link(r, k);
		return;
	}
	if (dom_is(x, "img"))
		return; /* image alt text and file names are no item text */
	if (dom_class(x, "more-authors") && more_authors(r, x))
		return;
	/* Hugo's '<span class="author-highlighted">' is the owner's name in bold */
	int b = dom_is(x, "b") || dom_is(x, "strong") || (dom_is(x, "span") && class_word(x, "highlighted")),
	    it = dom_is(x, "i") || dom_is(x, "em") || dom_is(x, "cite");
	if (b || it) {
		buf_putc(&r->line, b ? CX_M_BOLD_ON : CX_M_ITALIC_ON);
		render_children(r, k);
		buf_putc(&r->line, b ? CX_M_BOLD_OFF : CX_M_ITALIC_OFF);
		return;
	}
	if (dom_is(x, "td") || dom_is(x, "th") || is_block(x)) {
		render_block(r, k);
		return;
	}
	int f = r->rec && !r->in_field ? inline_field(x) : 0;
	if (f) {
		render_field(r, k, f);
		return;
	}
	render_children(r, k);
}

/* ---- record facts ------------------------------------------------------------ */

/* Hugo's "pubtype-N" (0 uncategorised, 1 conference paper, 2 journal
 * article, 3 preprint, 4 report, 5 book, 6 book section, 7 thesis, 8
 * patent) or "pubtype-<CSL type>", and "year-YYYY", on a record's classes. */
static void record_classes(cx_str cls, const enum cv_hint *own, struct cv_rec *o)
{
	static const enum cv_hint num[] = {H_NONE, H_CONFERENCE, H_JOURNAL, H_PREPRINT, H_REPORT,
	                                   H_BOOK, H_CHAPTER, H_THESIS, H_PATENT};
	static const struct {
		const char *csl;
		enum cv_hint h;
	} csl[] = {{"article-journal", H_JOURNAL}, {"paper-conference", H_CONFERENCE},
	           {"article", H_PREPRINT}, {"report", H_REPORT}, {"book", H_BOOK},
	           {"chapter", H_CHAPTER}, {"thesis", H_THESIS}, {"patent", H_PATENT},
	           {"manuscript", H_PREPRINT}};
	for (size_t i = 0; i < cls.n; i++) {
		if (i && !str_space((unsigned char)cls.p[i - 1]))
			continue;
		cx_str w = {cls.p + i, 0};
		while (i + w.n < cls.n && !str_space((unsigned char)cls.p[i + w.n]))
			w.n++;
		if (w.n == 9 && str_istarts(w, "year-") && cvd_year_at(w.p, w.n, 5))
			o->year = cvd_year_at(w.p, w.n, 5);
		if (w.n > 8 && str_istarts(w, "pubtype-")) {
			cx_str t = {w.p + 8, w.n - 8};
			if (t.n == 1 && str_digit((unsigned char)t.p[0]))
				o->hint = own[t.p[0] - '0'] ? own[t.p[0] - '0'] : t.p[0] - '0' <= 8 ? num[t.p[0] - '0'] : H_NONE;
			for (size_t k = 0; k < sizeof csl / sizeof *csl; k++)
				if (str_eq(t, csl[k].csl))
					o->hint = csl[k].h;
		}
	}
}

/* The types a page's own filter names its "pubtype-N" classes with
 * ('<option value=".pubtype-4">Journal article</option>'): own[N], or
 * H_NONE where the page names none and Hugo's numbering stands. */
static void own_pubtypes(struct cv *v, const struct dom *d, enum cv_hint own[10])
{
	static const struct {
		const char *name;
		enum cv_hint h;
	} names[] = {{"conference paper", H_CONFERENCE}, {"journal article", H_JOURNAL}, {"preprint", H_PREPRINT},
	             {"report", H_REPORT}, {"book", H_BOOK}, {"book section", H_CHAPTER}, {"book chapter", H_CHAPTER},
	             {"thesis", H_THESIS}, {"patent", H_PATENT}};
	for (size_t i = 0; i < 10; i++)
		own[i] = H_NONE;
	for (size_t i = 0; i < d->nn; i++) {
		const struct dnode *x = &d->n[i];
		if (!dom_is(x, "option") || !x->first || !dom_is_text(&d->n[x->first]))
			continue;
		cx_str val = dom_attr(&v->a, x, "value");
		if (val.n != 10 || !str_istarts(val, ".pubtype-") || !str_digit((unsigned char)val.p[9]))
			continue;
		cx_str t = str_trim(d->n[x->first].text);
		for (size_t k = 0; k < sizeof names / sizeof *names; k++)
			if (str_ieq(t, names[k].name))
				own[val.p[9] - '0'] = names[k].h;
	}
}

static void record_facts(struct cv *v, const struct dom *d, const struct pinfo *pi, uint32_t nrec)
{
	v->rec = arena_calloc(&v->a, (nrec + 1) * sizeof *v->rec);
	v->nrec = nrec;
	enum cv_hint own[10];
	own_pubtypes(v, d, own);
	for (size_t i = 0; i < d->nn; i++) {
		if (!pi[i].rec)
			continue;
		struct cv_rec *o = &v->rec[pi[i].rec];
		record_classes(dom_attr(&v->a, &d->n[i], "class"), own, o);
		/* the first id inside it: al-folio names the div after the BibTeX key */
		size_t end = i + 1;
		while (end < d->nn) {
			uint32_t p = d->n[end].parent;
			while (p && p != i && p > i)
				p = d->n[p].parent;
			if (p != i)
				break;
			end++;
		}
		for (size_t k = i; k < end && !o->id.n; k++)
			if (!dom_is_text(&d->n[k]))
				o->id = dom_attr(&v->a, &d->n[k], "id");
	}
}

/* ---- structured data ------------------------------------------------------------ */

void cvd_strs_push(struct arena *a, struct cv_strs *s, cx_str t, unsigned line)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		s->v = arena_grow(a, s->v, sizeof *s->v, s->n, cap);
		s->line = arena_grow(a, s->line, sizeof *s->line, s->n, cap);
		s->cap = cap;
	}
	s->v[s->n] = t;
	s->line[s->n++] = line;
}

/* The page's COinS spans, citation_* meta tags and JSON-LD scripts, for
 * meta.c (they are hidden, so the rendering never sees them). */
static void collect_data(struct cv *v, const struct dom *d)
{
	for (size_t i = 1; i < d->nn; i++) {
		const struct dnode *x = &d->n[i];
		if (dom_is_text(x))
			continue;
		if (dom_is(x, "meta")) {
			cx_str nm = dom_attr(&v->a, x, "name");
			if (!nm.n)
				nm = dom_attr(&v->a, x, "property");
			if (nm.n > 9 && str_istarts(nm, "citation_")) {
				cvd_strs_push(&v->a, &v->meta, arena_str(&v->a, nm.p, nm.n), x->line);
				cvd_strs_push(&v->a, &v->meta, dom_attr(&v->a, x, "content"), x->line);
			}
		} else if (dom_class(x, "Z3988")) {
			cx_str t = dom_attr(&v->a, x, "title");
			if (t.n)
				cvd_strs_push(&v->a, &v->coins, t, x->line);
		} else if (dom_is(x, "script") && x->first && dom_is_text(&d->n[x->first])) {
			cx_str ty = dom_attr(&v->a, x, "type");
			if (str_ieq(ty, "application/ld+json"))
				cvd_strs_push(&v->a, &v->jsonld, d->n[x->first].text, x->line);
		}
	}
}

/* ---- entry point -------------------------------------------------------------- */

void cvd_page_lines(struct cv *v, const char *s, size_t n)
{
	struct dom d = {0};
	dom_parse(&d, &v->a, s, n);
	struct pinfo *pi = xcalloc(d.nn + 1, sizeof *pi);
	measure(v, &d, pi);
	collect_data(v, &d);
	uint32_t nrec = find_records(&d, pi);
	record_facts(v, &d, pi, nrec);
	struct render r = {.v = v, .d = &d, .pi = pi};
	render_children(&r, 0);
	if (r.line.n)
		flush(&r);
	buf_free(&r.line);
	free(pi);
	dom_free(&d);
}
