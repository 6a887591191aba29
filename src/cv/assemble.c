/* cv/assemble.c - the learned finder: labels to items.
 *
 * The finder's model gives each block of a page a label (blocks.c says
 * what it sees).  A chain of labels cannot see what an item must be as a
 * whole, so the labels are checked first (repair): an item holds a title,
 * an item with no title is the rest of the one before it, prose alone is
 * beside an item.  Then the items are put together block by block, by the
 * rule finder's hands (finder.c: a record's facts, a list item's badge,
 * lines wrapped at a width, links set apart), and the blocks beside an item
 * are attached to it.  An item that holds several references (its DOIs,
 * page ranges or quoted titles say so) is parted into one item each, or
 * reported and skipped; so is a publication section in which the finder
 * read no item, and a block that reads as a reference the finder set apart.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/utf8.h"
#include "cv/doc.h"

/* ---- the labels, checked ---------------------------------------------------------- */

/* The title a block of a title alone holds (its text before any bracket
 * or link), as plain text. */
static cx_str caption(struct cv *v, const struct cv_line *L)
{
	cx_str links = cvd_S("", 0), p = cvd_plain(&v->a, cvd_unlinked(&v->a, cvd_S(L->s, L->n), &links));
	size_t k = 0;
	while (k < p.n && p.p[k] != '[')
		k++;
	return cvd_trim_punct(cvd_S(p.p, k), ".,;:");
}

/* Does line L repeat, and say more than, the title line T holds alone?
 * The title, or "". */
static cx_str repeats_line(struct cv *v, const struct cv_line *T, const struct cv_line *L)
{
	cx_str t = caption(v, T);
	if (t.n < 12)
		return cvd_S("", 0);
	cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
	char *z = arena_strndup(&v->a, t.p, t.n);
	return p.n > t.n && str_ifind(p, z, 0) >= 0 ? cvd_S(z, t.n) : cvd_S("", 0);
}

/* Does block j's text repeat the title block i holds alone? */
static int repeats_title(struct cv *v, const struct cv_blocks *b, size_t i, size_t j)
{
	return repeats_line(v, &v->l[b->seq[i]], &v->l[b->seq[j]]).n != 0;
}

/* The words of p (runs between blanks); *lower: those that begin in a
 * small letter. */
static size_t words_lower(cx_str p, size_t *lower)
{
	size_t words = 0;
	*lower = 0;
	for (size_t i = 0; i < p.n; i++)
		if (p.p[i] != ' ' && (!i || p.p[i - 1] == ' ')) {
			words++;
			*lower += str_is_lower((unsigned char)p.p[i]) != 0;
		}
	return words;
}

/* Do blocks i and j open with the same sixteen characters or more, up to
 * a stop (an author list: "S. Yuen, T. H. G. Ezard, A. J. Sobey.")? */
static int opens_alike(struct cv *v, const struct cv_blocks *b, size_t i, size_t j)
{
	cx_str p = cvd_plain(&v->a, cvd_S(v->l[b->seq[i]].s, v->l[b->seq[i]].n));
	cx_str q = cvd_plain(&v->a, cvd_S(v->l[b->seq[j]].s, v->l[b->seq[j]].n));
	size_t k = 0;
	while (k < p.n && k < q.n && p.p[k] == q.p[k])
		k++;
	return k >= 16 && (k == p.n || k == q.n || memchr(p.p, ',', k) != NULL);
}

/* Sentences: two or more, of sixteen words and more, most of them in
 * small letters (an abstract; a reference's parts are capitalised). */
static int sentences(cx_str p)
{
	size_t n = 0, lower, words = words_lower(p, &lower);
	for (size_t i = 0; i < p.n; i++) {
		if (p.p[i] == '.' && (i + 1 == p.n || (p.p[i + 1] == ' ' && i + 2 < p.n && str_is_upper((unsigned char)p.p[i + 2]))) &&
		    i > 2 && str_is_lower((unsigned char)p.p[i - 1]) && str_is_lower((unsigned char)p.p[i - 2]))
			n++;
	}
	return n >= 2 && words >= 16 && 2 * lower >= words;
}

/* A heading naming works of the owner that are not papers but are cited
 * like them ("Conference Presentations", "Talks", "Patents"). */
static int names_works(cx_str t)
{
	static const char *const w[] = {"talk", "talks", "presentation", "presentations", "poster",
	                                "posters", "patent", "patents", "seminars", "lectures", NULL};
	for (size_t i = 0; w[i]; i++)
		if (cvd_find_ci(t, w[i], 1) >= 0)
			return 1;
	return 0;
}

/* A tag under an item in small letters, one or two words without
 * digits or stops ("featured", "oral"): a template's badge, no field. */
static int lower_tag(const struct cv *v, const struct cv_line *L, cx_str p)
{
	if (!p.n || p.n > 20 || cvd_words_in(p) > 2)
		return 0;
	for (size_t i = 0; i < p.n; i++)
		if (!str_is_lower((unsigned char)p.p[i]) && p.p[i] != ' ' && p.p[i] != '-')
			return 0;
	/* in a text dump, not the end of a paragraph the width wrapped: it
	 * would have fitted on the line before */
	if (!v->html && v->width >= 60 && L->idx && !v->l[L->idx - 1].blank &&
	    utf8_count(v->l[L->idx - 1].s, v->l[L->idx - 1].n) + v->l[L->idx - 1].indent + 1 + p.n > v->width)
		return 0;
	return 1;
}

/* An abstract as a card shows it, cut at a length: twenty words and more,
 * most in small letters, and a sentence that ends inside it. */
static int cut_abstract(cx_str p)
{
	size_t inner = 0, lower, words = words_lower(p, &lower);
	for (size_t i = 0; i < p.n; i++) {
		if (p.p[i] == '.' && i > 2 && i + 2 < p.n && p.p[i + 1] == ' ' && str_is_upper((unsigned char)p.p[i + 2]) &&
		    str_is_lower((unsigned char)p.p[i - 1]) && str_is_lower((unsigned char)p.p[i - 2]))
			inner++;
	}
	return words >= 20 && 2 * lower >= words && inner;
}

/* Where the chain read one block wrong, by what the block is and the item
 * it stands in, before the items are checked (repair):
 *   - a tag in small letters that ends an item is no part of it;
 *   - prose under a title alone, the authors next, is that title's
 *     abstract (a card's summary), not a new item. */
/* A line that names a journal alone: a venue the table knows
 * ("Nanotechnology"), or capitalised words of which half or more are the
 * abbreviations journals use ("Phys. Rev. B", "Nano Lett.").  No comma:
 * "Smith, J." is a name. */
static int journal_line(struct cv *v, cx_str p)
{
	if (!p.n || p.n > 80 || memchr(p.p, ',', p.n))
		return 0;
	if (venue_lookup(v->c->cx->venues, p.p, p.n))
		return 1;
	size_t words = 0, abbr = 0;
	for (size_t i = 0; i < p.n;) {
		size_t e = i;
		while (e < p.n && p.p[e] != ' ')
			e++;
		if (!str_is_upper((unsigned char)p.p[i]) && !str_digit((unsigned char)p.p[i]))
			return 0;
		words++;
		abbr += lab_abbrev_word(p.p + i, e - i) != 0;
		i = e + 1;
	}
	return words <= 8 && abbr && 2 * abbr >= words;
}

/* A short line under an item that names its journal or its status, with
 * its year or not: "Nano Lett.", "Phys. Rev. B, 2014", "Under review,
 * 2017". */
static int venue_line(struct cv *v, const struct cv_blocks *b, size_t k, cx_str p)
{
	size_t w = cvd_words_in(p);
	if (!p.n || w > 8 || (b->facts[k] & BF_PROSE))
		return 0;
	if (cvd_status_words(p))
		return 1;
	/* the year after the name goes */
	size_t e = p.n;
	while (e && (p.p[e - 1] == '.' || p.p[e - 1] == ' ' || p.p[e - 1] == ')'))
		e--;
	if (e >= 4 && str_digit((unsigned char)p.p[e - 1]) && str_digit((unsigned char)p.p[e - 4])) {
		e -= 4;
		while (e && (p.p[e - 1] == ',' || p.p[e - 1] == ' ' || p.p[e - 1] == '('))
			e--;
	} else
		e = p.n;
	if (journal_line(v, cvd_S(p.p, e)))
		return 1;
	/* one word alone under an item with authors and no venue yet, no
	 * link's label: a journal the table lacks ("Nanotechnology") */
	size_t i = 0;
	while (i < e && str_alpha((unsigned char)p.p[i]))
		i++;
	return w == 1 && i == e && e >= 4 && str_is_upper((unsigned char)p.p[0]) && !cvd_label_word(p.p, e) &&
	       k && (b->facts[k - 1] & BF_AUTHORS) && !(b->facts[k - 1] & BF_VENUE);
}

static void local_repairs(struct cv *v, const struct cv_blocks *b, uint8_t *lab)
{
	size_t item = (size_t)-1; /* the start of the item the last block is in */
	unsigned f = 0;           /* what that item holds */
	for (size_t k = 0; k < b->n; k++) {
		const struct cv_line *L = &v->l[b->seq[k]];
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		int ends = k + 1 >= b->n || (lab[k + 1] != BLK_CONT && lab[k + 1] != BLK_SIDE);
		if (lab[k] == BLK_CONT && ends && !L->heading && lower_tag(v, L, p))
			lab[k] = BLK_OTHER_PUB;
		else if ((lab[k] == BLK_OTHER || lab[k] == BLK_OTHER_PUB) && item != (size_t)-1 && ends &&
		         !L->heading && !L->marker && (f & (BF_TITLE | BF_AUTHORS)) && venue_line(v, b, k, p))
			lab[k] = BLK_CONT; /* the venue under an item's title and authors */
		else if (lab[k] == BLK_START && k && item == k - 1 &&
		         (f & (BF_TITLE | BF_AUTHORS | BF_YEAR | BF_PROSE)) == BF_TITLE &&
		         !v->l[b->seq[k - 1]].heading && !(b->facts[k] & (BF_AUTHORS | BF_YEAR)) &&
		         ((b->facts[k] & BF_PROSE) || sentences(p) || cut_abstract(p)) && k + 1 < b->n &&
		         lab[k + 1] == BLK_CONT && (b->facts[k + 1] & BF_AUTHORS))
			lab[k] = BLK_SIDE;
		if (lab[k] == BLK_START)
			item = k, f = b->facts[k];
		else if (lab[k] == BLK_CONT && item != (size_t)-1)
			f |= b->facts[k];
		else if (lab[k] != BLK_SIDE)
			item = (size_t)-1, f = 0;
	}
}

/* A section of the owner's talks, posters or patents that the chain set
 * apart, though each of its blocks reads as a reference of its own
 * ("Sabathil, M. (2009a). 'Light-Hole Exciton ...'"): a list of works,
 * as such a section under "Publications" is, each block an item. */
static void works_sections(struct cv *v, const struct cv_blocks *b, uint8_t *lab)
{
	for (size_t k = 0; k < b->n; k++) {
		const struct cv_line *H = &v->l[b->seq[k]];
		if (lab[k] != BLK_HEAD_OTHER || !names_works(caption(v, H)))
			continue;
		size_t e = k + 1, refs = 0;
		for (; e < b->n && lab[e] != BLK_HEAD_PUB && lab[e] != BLK_HEAD_OTHER && !v->l[b->seq[e]].heading; e++) {
			unsigned f = b->facts[e];
			if ((lab[e] != BLK_OTHER && lab[e] != BLK_OTHER_PUB) || (f & (BF_PROSE | BF_FIRST | BF_OTHERSEC)) ||
			    !((f & BF_REF) || (f & (BF_TITLE | BF_YEAR)) == (BF_TITLE | BF_YEAR)))
				break;
			refs++;
		}
		if (!refs || (e < b->n && lab[e] != BLK_HEAD_PUB && lab[e] != BLK_HEAD_OTHER && !v->l[b->seq[e]].heading))
			continue; /* a block that reads as none: the chain's reading stands */
		lab[k] = BLK_HEAD_PUB;
		for (size_t j = k + 1; j < e; j++)
			lab[j] = BLK_START;
		k = e - 1;
	}
}

/* The section of another kind open after heading L, given the one open
 * before (its heading's level, 0 for none): a heading of the page's
 * markup that names another section ("Teaching", "Awards") opens one, to
 * the next heading of its level or above, or one that names
 * publications.  Talks, posters and patents are the owner's works, which
 * a publication list often cites: they open none. */
static int other_after(struct cv *v, const struct cv_line *L, int open)
{
	enum cv_hint h;
	int level = L->heading ? L->heading : 7;
	cx_str t = caption(v, L);
	enum sec cls = cvd_sec_class(t, &h);
	if (open && level <= open)
		open = 0;
	if (cls == SEC_PUB)
		return 0;
	if (cls == SEC_OTHER && L->heading && !names_works(t) && !open)
		return level;
	return open;
}

/* What a chain of labels cannot see, and an item must keep: it has a
 * title.  Prose alone between two items is beside the one before it; an
 * item without a title that follows one that lacks what it brings (a title
 * on its line, the citation under it), or that repeats the title the one
 * before holds alone, is the rest of that item. */
static void repair(struct cv *v, const struct cv_blocks *b, uint8_t *lab)
{
	size_t prev_k = 0;
	size_t prev_e = (size_t)-1;
	unsigned prev_f = 0;
	for (size_t k = 0; k < b->n;) {
		/* a one-line summary ("TL;DR: ...") is beside an item, never
		 * its start: the title the chain set apart over it is */
		const struct cv_line *S = &v->l[b->seq[k]];
		if (lab[k] == BLK_START && cvd_tldr(cvd_plain(&v->a, cvd_S(S->s, S->n)))) {
			if (k && (lab[k - 1] == BLK_OTHER || lab[k - 1] == BLK_OTHER_PUB) && (b->facts[k - 1] & BF_TITLE) &&
			    !v->l[b->seq[k - 1]].heading) {
				lab[k - 1] = BLK_START;
				lab[k] = BLK_SIDE;
				k--;
				continue;
			}
			lab[k] = BLK_SIDE;
		}
		/* so is an abstract under a title the chain set apart, when no
		 * name nor year is in it and the title's item follows */
		if (lab[k] == BLK_START && ((b->facts[k] & BF_PROSE) || sentences(cvd_plain(&v->a, cvd_S(S->s, S->n)))) &&
		    !(b->facts[k] & (BF_AUTHORS | BF_YEAR)) && k &&
		    (lab[k - 1] == BLK_OTHER || lab[k - 1] == BLK_OTHER_PUB) && (b->facts[k - 1] & BF_TITLE) &&
		    !(b->facts[k - 1] & BF_PROSE) && !v->l[b->seq[k - 1]].heading && k + 1 < b->n &&
		    lab[k + 1] == BLK_CONT && (b->facts[k + 1] & BF_AUTHORS)) {
			lab[k - 1] = BLK_START;
			lab[k] = BLK_SIDE;
			k--;
			continue;
		}
		/* prose set beside an item goes on where the next block opens
		 * in small letters (a paragraph wrapped in a text dump) */
		if (k && lab[k - 1] == BLK_SIDE && (b->facts[k - 1] & BF_PROSE) && lab[k] == BLK_START && S->n &&
		    str_is_lower((unsigned char)S->s[0]))
			lab[k] = BLK_SIDE;
		/* the start of the title of the item before, again (an image's
		 * alternative text in a text dump): beside that item */
		size_t ts = k;
		while (ts && k - ts < 8 && (lab[ts - 1] == BLK_CONT || lab[ts - 1] == BLK_SIDE))
			ts--;
		if (lab[k] == BLK_START && ts && lab[ts - 1] == BLK_START) {
			cx_str p = cvd_plain(&v->a, cvd_S(S->s, S->n));
			const struct cv_line *T = &v->l[b->seq[ts - 1]];
			cx_str t = cvd_plain(&v->a, cvd_S(T->s, T->n));
			if (p.n >= 12 && p.n <= t.n && !memcmp(p.p, t.p, p.n)) {
				lab[k] = BLK_SIDE;
				prev_e = k + 1;
				k++;
				continue;
			}
		}
		/* a heading that names publications opens their section,
		 * whatever the chain read */
		enum cv_hint h;
		if (lab[k] == BLK_HEAD_OTHER && cvd_sec_class(caption(v, &v->l[b->seq[k]]), &h) == SEC_PUB)
			lab[k] = BLK_HEAD_PUB;
		/* and one that opens another section ("Teaching") opens that
		 * one: what stands under it is no item (other_after) */
		else if ((lab[k] == BLK_HEAD_PUB || lab[k] == BLK_HEAD_OTHER) &&
		         other_after(v, &v->l[b->seq[k]], 0)) {
			int level = other_after(v, &v->l[b->seq[k]], 0);
			lab[k] = BLK_HEAD_OTHER;
			for (size_t j = k + 1; j < b->n; j++) {
				const struct cv_line *J = &v->l[b->seq[j]];
				if ((J->heading || lab[j] == BLK_HEAD_PUB || lab[j] == BLK_HEAD_OTHER) &&
				    !other_after(v, J, level))
					break;
				if (lab[j] != BLK_HEAD_OTHER)
					lab[j] = BLK_OTHER;
			}
		}
		/* a heading whose title the item under it repeats is that item's
		 * caption ("## Title [paper]" over its citation) */
		if (lab[k] == BLK_HEAD_PUB && k + 1 < b->n && lab[k + 1] == BLK_START &&
		    cvd_sec_class(caption(v, &v->l[b->seq[k]]), &h) == SEC_NONE && repeats_title(v, b, k, k + 1))
			lab[k] = BLK_START, lab[k + 1] = BLK_CONT;
		/* the next item of the same list, when it reads as a reference
		 * (the chain may let a list end one item early) */
		if ((lab[k] == BLK_OTHER_PUB || lab[k] == BLK_OTHER) && k && prev_e == k &&
		    v->l[b->seq[k]].marker && v->l[b->seq[k]].marker == v->l[b->seq[prev_k]].marker &&
		    v->l[b->seq[k]].indent == v->l[b->seq[prev_k]].indent &&
		    (((b->facts[k] & BF_TITLE) && (b->facts[k] & (BF_AUTHORS | BF_YEAR))) ||
		     ((b->facts[k] & BF_AUTHORS) && (b->facts[k] & (BF_VENUE | BF_YEAR))) ||
		     /* a numbered list numbers its items */
		     (v->l[b->seq[k]].marker == 'n' && !(b->facts[k] & BF_PROSE) &&
		      cvd_words_in(cvd_plain(&v->a, cvd_S(v->l[b->seq[k]].s, v->l[b->seq[k]].n))) >= 4)))
			lab[k] = BLK_START;
		/* a citation under an item that is its title alone, and repeats
		 * it, is that item's rest, even where the chain set it apart */
		if ((lab[k] == BLK_OTHER_PUB || lab[k] == BLK_OTHER) && prev_e == k && prev_e == prev_k + 1 &&
		    (b->facts[k] & (BF_AUTHORS | BF_YEAR)) &&
		    !(prev_f & (BF_AUTHORS | BF_YEAR)) && repeats_title(v, b, prev_k, k))
			lab[k] = BLK_START; /* the merge below makes it the rest */
		/* the owner talking ("I have worked on ..."), a line that says it
		 * is of another section ("Blog: ...") are no item */
		if ((lab[k] == BLK_START || lab[k] == BLK_CONT) &&
		    (((b->facts[k] & BF_FIRST) && !(b->facts[k] & BF_AUTHORS)) || (b->facts[k] & BF_OTHERSEC)) &&
		    (k + 1 >= b->n || lab[k + 1] != BLK_CONT))
			lab[k] = BLK_OTHER_PUB;
		/* a line that is only a date, right over an item, is its date */
		struct ymd d;
		const struct cv_line *D = &v->l[b->seq[k]];
		if ((lab[k] == BLK_OTHER_PUB || lab[k] == BLK_OTHER || lab[k] == BLK_START) && k + 1 < b->n &&
		    lab[k + 1] == BLK_START &&
		    !v->l[b->seq[k + 1]].marker && cvd_date_line(cvd_plain(&v->a, cvd_S(D->s, D->n)), &d))
			lab[k] = BLK_START, lab[k + 1] = BLK_CONT;
		/* prose that opens an item after another one is that one's
		 * abstract, and the item starts after it */
		if (lab[k] == BLK_START && (b->facts[k] & BF_PROSE) && prev_e == k && k + 1 < b->n &&
		    lab[k + 1] == BLK_CONT && !(b->facts[k + 1] & BF_PROSE)) {
			lab[k] = BLK_SIDE, lab[k + 1] = BLK_START;
			prev_e = ++k;
			continue;
		}
		if (lab[k] != BLK_START && lab[k] != BLK_CONT) {
			k++;
			continue;
		}
		size_t e = k + 1;
		while (e < b->n && (lab[e] == BLK_CONT || lab[e] == BLK_SIDE))
			e++;
		/* a date the item ends with, right over the next item, is that
		 * item's */
		const struct cv_line *E = &v->l[b->seq[e - 1]];
		if (e - k > 1 && e < b->n && lab[e] == BLK_START && (lab[e - 1] == BLK_CONT || lab[e - 1] == BLK_SIDE) &&
		    !(E->rec && E->rec == v->l[b->seq[k]].rec) && cvd_date_line(cvd_plain(&v->a, cvd_S(E->s, E->n)), &d))
			lab[--e] = BLK_START, lab[e + 1] = BLK_CONT;
		unsigned f = 0, prose = 1;
		for (size_t j = k; j < e; j++) {
			/* set beside the item or run on from it, but opened
			 * with the mark its list opens each item with: the
			 * next item, when it reads as one (names and a year) */
			const struct cv_line *M = &v->l[b->seq[j]], *K0 = &v->l[b->seq[k]];
			if (j > k && (lab[j] == BLK_SIDE || lab[j] == BLK_CONT) && M->marker && M->marker == K0->marker &&
			    M->indent == K0->indent &&
			    ((lab[j] == BLK_SIDE && j + 1 < e && lab[j + 1] == BLK_CONT) || (b->facts[j] & BF_REF) ||
			     (b->facts[j] & (BF_AUTHORS | BF_YEAR)) == (BF_AUTHORS | BF_YEAR))) {
				lab[j] = BLK_START;
				e = j;
				break;
			}
			if (lab[j] == BLK_SIDE)
				continue;
			/* a paragraph of text that is a whole reference, after
			 * one: the next item, whatever the chain ran on */
			if (j > k && !v->html && lab[j] == BLK_CONT && b->seq[j] && v->l[b->seq[j] - 1].blank &&
			    ((f & (BF_TITLE | BF_AUTHORS)) == (BF_TITLE | BF_AUTHORS) || (f & BF_REF)) &&
			    (f & (BF_YEAR | BF_VENUE))) {
				unsigned pf = 0;
				size_t q = j;
				for (; q < b->n && (q == j || !v->l[b->seq[q] - 1].blank) && q - j < 12; q++)
					pf |= b->facts[q];
				if ((pf & (BF_TITLE | BF_AUTHORS)) == (BF_TITLE | BF_AUTHORS) && (pf & (BF_YEAR | BF_VENUE)) &&
				    !(pf & BF_PROSE)) {
					/* the paragraph is one item: a start the chain put
					 * inside it goes */
					for (size_t r = j + 1; r < q; r++)
						if (lab[r] == BLK_START)
							lab[r] = BLK_CONT;
					lab[j] = BLK_START;
					e = j;
					break;
				}
			}
			/* a title after a whole reference, its authors with it or
			 * next: the next item, which the chain ran on into (not
			 * a line wrapped at a width, which goes on in small
			 * letters) */
			unsigned whole = BF_TITLE | BF_AUTHORS;
			const struct cv_line *J = &v->l[b->seq[j]];
			/* a badge set beside the item before ("arXiv", "ICML"),
			 * right over a line with no year, over an author list:
			 * the next item's badge and its title */
			const struct cv_line *G = j > k + 1 && lab[j - 1] == BLK_SIDE ? &v->l[b->seq[j - 1]] : NULL;
			int badge = G && cvd_words_in(cvd_plain(&v->a, cvd_S(G->s, G->n))) <= 3 && G->n <= 40 &&
			            !(b->facts[j] & (BF_YEAR | BF_PROSE)) && j + 1 < e && (b->facts[j + 1] & BF_AUTHORS);
			if (j > k && (f & whole) == whole && (f & (BF_YEAR | BF_VENUE)) && !(J->n && str_upper((unsigned char)J->s[0]) != J->s[0]) &&
			    ((b->facts[j] & (BF_TITLE | BF_YEAR)) == BF_TITLE || badge) &&
			    ((b->facts[j] & BF_AUTHORS) || (j + 1 < e && (b->facts[j + 1] & BF_AUTHORS)))) {
				if (badge)
					lab[--j] = BLK_START, lab[j + 1] = BLK_CONT;
				else
					lab[j] = BLK_START;
				e = j;
				break;
			}
			f |= b->facts[j], prose &= (b->facts[j] & BF_PROSE) != 0;
		}
		unsigned brings = f & (BF_AUTHORS | BF_VENUE | BF_YEAR);
		/* an item of the same list as the one before, marked as it is,
		 * that reads as a whole reference is no rest of that one (a
		 * title alone before it is then reported) */
		const struct cv_line *K = &v->l[b->seq[k]], *P = &v->l[b->seq[prev_k]];
		int own_item = K->marker && K->marker == P->marker && K->indent == P->indent;
		/* a page record of its own that reads as a reference is an
		 * item, however long its sentences; so is such an item of the
		 * list (an abstract is not marked as the list's items are), and
		 * a paragraph with a title that opens as the item before does
		 * (the same authors: an abstract does not) */
		int own_rec = K->rec && K->rec != P->rec && (f & BF_REF);
		int alike = (f & BF_TITLE) && k && prev_k != k && opens_alike(v, b, prev_k, k);
		if (prev_e == k && prose && !own_rec && !(own_item && (f & BF_REF)) && !alike) {
			memset(lab + k, BLK_SIDE, e - k);
			prev_e = e;
		} else if (prose && !(f & (BF_AUTHORS | BF_YEAR)) && !alike) {
			/* prose alone, no name or year in it: an abstract under its
			 * heading, an introduction, no item */
			memset(lab + k, BLK_OTHER_PUB, e - k);
		} else if (prev_e == k &&
		           ((prev_f & BF_TITLE) || (f & (BF_AUTHORS | BF_TITLE)) == BF_AUTHORS ||
		            (P->heading && prev_e == prev_k + 1)) && /* "## Title" over its citation */
		           !(own_item && (f & BF_REF)) &&
		           ((!(f & BF_TITLE) && brings && !(prev_f & brings)) ||
		            (!(prev_f & BF_YEAR) && repeats_title(v, b, prev_k, k)))) {
			lab[k] = BLK_CONT;
			prev_f |= f;
			prev_e = e;
		} else {
			/* a reference of its own that the chain ran on from prose
			 * set beside the item before is an item */
			if (lab[k] == BLK_CONT && k && lab[k - 1] == BLK_SIDE && (f & BF_TITLE) && (f & (BF_AUTHORS | BF_YEAR)))
				lab[k] = BLK_START;
			prev_k = k, prev_e = e, prev_f = f;
		}
		k = e;
	}
}

/* The label a heading's own words give it, or 0xFF: a heading that names
 * publications opens their section, one that names another section
 * ("Teaching") opens that one, whatever the chain read (talks, posters
 * and patents are the owner's works, which a publication list often
 * cites: the chain decides those).  Inside another section opened by
 * a heading of the page's markup, a line that names nothing ("Software
 * Architect" in Experience) opens no publication section either: its
 * level is *other, while that section is open (0 when none is). */
static uint8_t heading_says(struct cv *v, const struct cv_blocks *b, size_t k, uint8_t read, int *other)
{
	enum cv_hint h;
	const struct cv_line *L = &v->l[b->seq[k]];
	if (read != BLK_HEAD_OTHER && read != BLK_HEAD_PUB && !L->heading)
		return 0xFF;
	int level = L->heading ? L->heading : 7;
	cx_str t = caption(v, L);
	enum sec cls = cvd_sec_class(t, &h);
	*other = other_after(v, L, *other);
	if (read == BLK_HEAD_OTHER && cls == SEC_PUB)
		return BLK_HEAD_PUB;
	if (read == BLK_HEAD_PUB && L->heading && cls == SEC_OTHER && !names_works(t))
		return BLK_HEAD_OTHER;
	if (read == BLK_HEAD_PUB && cls == SEC_NONE && *other && level > *other)
		return BLK_HEAD_OTHER;
	return 0xFF;
}

/* The first item under a publication heading, where the chain read the
 * blocks between the two as no item: the block that opens them with a
 * title, when it or the blocks up to the next item (or the end of the
 * section) bring a name, a venue or a year too, and the heading names
 * publications (not talks or posters).  An introduction (prose),
 * a topic's sub-heading, a line of another section are no such block. */
static size_t first_item(struct cv *v, const struct cv_blocks *b, const uint8_t *lab, size_t h)
{
	enum cv_hint hint;
	cx_str t = caption(v, &v->l[b->seq[h]]);
	if (cvd_sec_class(t, &hint) != SEC_PUB || names_works(t))
		return (size_t)-1; /* talks, posters: the chain decides */
	size_t k = h + 1;
	while (k < b->n && (lab[k] == BLK_OTHER || lab[k] == BLK_OTHER_PUB) && !v->l[b->seq[k]].heading &&
	       !(b->facts[k] & (BF_TITLE | BF_REF)))
		k++;
	if (k >= b->n || (lab[k] != BLK_OTHER && lab[k] != BLK_OTHER_PUB) || v->l[b->seq[k]].heading ||
	    (b->facts[k] & (BF_PROSE | BF_FIRST | BF_OTHERSEC)))
		return (size_t)-1;
	unsigned f = 0;
	for (size_t j = k; j < b->n && j < k + 5 && (lab[j] == BLK_OTHER || lab[j] == BLK_OTHER_PUB) &&
	                   !v->l[b->seq[j]].heading && !(b->facts[j] & BF_OTHERSEC); j++)
		f |= b->facts[j];
	return (b->facts[k] & BF_REF) || (f & (BF_AUTHORS | BF_VENUE | BF_YEAR)) ? k : (size_t)-1;
}

/* A block after an item of a publication section that the chain let the
 * list end before: one that reads as a whole reference, or holds what the
 * item before held (its title, names, venue, year) and no more, right
 * after that item's blocks or another such block. */
static int next_item(struct cv *v, const struct cv_blocks *b, const uint8_t *lab, const uint8_t *given, size_t k,
                     size_t start)
{
	const unsigned shape = BF_TITLE | BF_AUTHORS | BF_VENUE | BF_YEAR;
	unsigned f = b->facts[k];
	if (start == (size_t)-1 || !k || (lab[k] != BLK_OTHER && lab[k] != BLK_OTHER_PUB) || v->l[b->seq[k]].heading ||
	    (f & (BF_PROSE | BF_FIRST | BF_OTHERSEC)) || !(f & (BF_TITLE | BF_REF)))
		return 0;
	uint8_t before = given[k - 1] != 0xFF ? given[k - 1] : lab[k - 1];
	if (before != BLK_START && before != BLK_CONT && before != BLK_SIDE)
		return 0;
	return (f & BF_REF) || ((f & BF_TITLE) && (f & shape) == (b->facts[start] & shape));
}

/* Is block k the first of a page record shaped as the record before it
 * (its blocks' heading levels and list markers, one for one), which the
 * chain read as an item, while it read this one as none?  A record with
 * an author, venue or year line is then an item too: a page repeats one
 * template for its items ("Metals Under Stress" under an h3, as the
 * title before it).  Returns that record's first block plus one, or 0. */
static size_t record_alike(const struct cv *v, const struct cv_blocks *b, const uint8_t *lab, size_t k)
{
	const struct cv_line *L = &v->l[b->seq[k]];
	if (!L->rec || !k || (lab[k] != BLK_HEAD_PUB && lab[k] != BLK_HEAD_OTHER && lab[k] != BLK_OTHER_PUB &&
	                      lab[k] != BLK_OTHER))
		return 0;
	unsigned pr = v->l[b->seq[k - 1]].rec;
	if (!pr || pr == L->rec)
		return 0;
	size_t p = k - 1, e = k;
	while (p && v->l[b->seq[p - 1]].rec == pr)
		p--;
	while (e < b->n && v->l[b->seq[e]].rec == L->rec)
		e++;
	if (lab[p] != BLK_START || e - k != k - p)
		return 0;
	unsigned f = 0;
	for (size_t i = 0; i < k - p; i++) {
		const struct cv_line *A = &v->l[b->seq[p + i]], *B = &v->l[b->seq[k + i]];
		if (A->heading != B->heading || A->marker != B->marker)
			return 0;
		f |= i ? b->facts[k + i] : 0;
	}
	return f & (BF_AUTHORS | BF_VENUE | BF_YEAR) ? p + 1 : 0;
}

void cvd_label_blocks(struct cv *v, const struct lab_model *m, const struct cv_blocks *b, uint8_t *lab)
{
	int32_t *sc = xmalloc(lab_scratch(b->n) * sizeof *sc);
	lab_decode_stride(m, b->f, b->nf, b->n, BLK_FEAT, lab, sc);
	/* The chain reads what follows a heading in the light of the label
	 * it gave the heading: a publication heading it read as another
	 * section's leaves the items under it read as no items.  Where the
	 * heading's words say otherwise, the page is read again with the
	 * heading's label given; and then again with the first item of a
	 * publication section given, where the chain still read none
	 * between the heading and its items. */
	uint8_t *given = xmalloc(b->n);
	memset(given, 0xFF, b->n);
	for (int pass = 0; pass < 2; pass++) {
		int more = 0, other = 0, insec = 0;
		size_t start = (size_t)-1; /* the last item's first block */
		for (size_t k = 0; k < b->n; k++) {
			uint8_t say = pass ? 0xFF : heading_says(v, b, k, lab[k], &other);
			if (lab[k] == BLK_HEAD_PUB || lab[k] == BLK_HEAD_OTHER)
				insec = lab[k] == BLK_HEAD_PUB, start = (size_t)-1;
			else if (lab[k] == BLK_START)
				start = k;
			size_t p = pass ? record_alike(v, b, lab, k) : 0;
			if (p--) {
				/* its blocks read as those of the record before */
				given[k] = BLK_START, more = 1;
				for (size_t i = 1; p + i < k; i++)
					if (lab[p + i] == BLK_CONT || lab[p + i] == BLK_SIDE)
						given[k + i] = lab[p + i];
			} else if (pass && lab[k] == BLK_HEAD_PUB) {
				size_t q = first_item(v, b, lab, k);
				if (q != (size_t)-1)
					given[q] = BLK_START, more = 1;
			} else if (pass && insec && next_item(v, b, lab, given, k, start)) {
				/* the item before keeps its start */
				given[start] = BLK_START, given[k] = BLK_START, more = 1;
				start = k;
			} else if (say != 0xFF)
				given[k] = say, more = 1;
		}
		if (more)
			lab_decode_given(m, b->f, b->nf, b->n, BLK_FEAT, given, lab, sc);
	}
	free(given);
	free(sc);
	local_repairs(v, b, lab);
	repair(v, b, lab);
	works_sections(v, b, lab);
}

/* Do the rules read the page as the model does: items where the model's
 * are, one each?  Then their items, put together by rules tuned over many
 * pages, stand; where the two part (a section the rules do not see, a list
 * they run into one item, items they split), the model's reading is the
 * one that generalizes. */
static int rules_agree(const struct cv *v, const struct cv_blocks *b, const uint8_t *lab)
{
	size_t items[2] = {0, 0}, good[2] = {0, 0};
	for (int side = 0; side < 2; side++)
		for (size_t k = 0; k < b->n;) {
			unsigned r = v->rule[b->seq[k]] % RM_SEC;
			int start = side ? r == RM_START : lab[k] == BLK_START;
			if (!start) {
				k++;
				continue;
			}
			/* the item's blocks, and the other reading's starts in them */
			size_t e = k + 1, other = 0;
			for (;; e++) {
				unsigned re = e < b->n ? v->rule[b->seq[e]] % RM_SEC : RM_NONE;
				if (e >= b->n || (side ? re != RM_CONT && re != RM_SIDE
				                       : lab[e] != BLK_CONT && lab[e] != BLK_SIDE))
					break;
			}
			for (size_t j = k; j < e; j++)
				other += side ? lab[j] == BLK_START : v->rule[b->seq[j]] % RM_SEC == RM_START;
			items[side]++;
			good[side] += other == 1;
			k = e;
		}
	return items[0] && good[0] * 10 >= items[0] * 9 && good[1] * 10 >= items[1] * 9;
}



/* ---- items that hold several references --------------------------------------------- */

/* Does the text hold several references?  Two DOIs, or two page ranges or
 * quoted titles and two years: one reference has each once. */
static int several(struct cv *v, cx_str p)
{
	struct cv_marks m;
	cvd_ref_marks(&v->a, p, &m);
	return m.dois >= 2 || ((m.pages >= 2 || m.quoted >= 2) && m.years >= 2);
}

/* The item of lines C[0..nc) holds several references: parted at its lines,
 * after each line that ends one (its pages, its DOI), or else before each
 * line that opens one (a quoted title).  How many parts in cut[] (each
 * part's first line), or 0 when its lines do not part them. */
static size_t part_lines(struct cv *v, const cx_str *C, size_t nc, size_t *cut)
{
	size_t ends = 0, opens = 0, n = 0;
	uint8_t *e = arena_calloc(&v->a, nc + 1), *o = arena_calloc(&v->a, nc + 1);
	for (size_t i = 0; i < nc; i++) {
		if (!C[i].n)
			continue;
		struct cv_marks m;
		cx_str p = cvd_plain(&v->a, C[i]);
		if (several(v, p))
			return 0; /* two on one line: no line parts them */
		cvd_ref_marks(&v->a, p, &m);
		ends += e[i] = m.dois || m.pages;
		opens += o[i] = m.quoted != 0;
	}
	cut[n++] = 0;
	for (size_t i = 1; i < nc; i++)
		if ((ends >= 2 && e[i - 1]) || (ends < 2 && opens >= 2 && o[i]))
			cut[n++] = i;
	/* after the last reference's end, what follows is its own */
	while (ends >= 2 && n > 1 && !memchr(e + cut[n - 1], 1, nc - cut[n - 1]))
		n--;
	return n >= 2 ? n : 0;
}

/* The rule finder's items that hold several references, as the learned
 * finder's are: parted at their lines, or reported and skipped. */
static void split_raws(struct cv *v)
{
	struct cv_raw *out = arena_alloc(&v->a, (2 * v->nraw + 1) * sizeof *out);
	size_t n = 0, cap = 2 * v->nraw + 1;
	for (size_t i = 0; i < v->nraw; i++) {
		struct cv_raw *r = &v->raw[i];
		if (!several(v, cvd_plain(&v->a, r->text))) {
			if (n < cap)
				out[n++] = *r;
			continue;
		}
		size_t nl = 1;
		for (size_t k = 0; k < r->text.n; k++)
			nl += r->text.p[k] == '\n';
		cx_str *lines = arena_alloc(&v->a, (nl + 1) * sizeof *lines);
		size_t *cut = arena_alloc(&v->a, (nl + 1) * sizeof *cut);
		for (size_t k = 0, b = 0, m = 0; k <= r->text.n; k++)
			if (k == r->text.n || r->text.p[k] == '\n')
				lines[m++] = cvd_S(r->text.p + b, k - b), b = k + 1;
		size_t parts = part_lines(v, lines, nl, cut);
		if (!parts) {
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, r->line,
			           "a paragraph holds several references (DOIs, page ranges or quoted titles); "
			           "skipped: write each on a line of its own");
			continue;
		}
		cvd_v_diag(v, CX_NOTE, CX_E_VALUE, r->line, "an item holds %zu references: read as %zu items", parts,
		           parts);
		for (size_t p = 0; p < parts && n < cap; p++) {
			size_t e = p + 1 < parts ? cut[p + 1] : nl;
			struct cv_raw *q = &out[n++];
			*q = *r;
			q->text = cvd_S(lines[cut[p]].p, (size_t)(lines[e - 1].p + lines[e - 1].n - lines[cut[p]].p));
			q->roles = r->roles ? r->roles + cut[p] : NULL;
			if (p + 1 < parts) /* the links and abstract were the last one's */
				q->extra = q->abstract = cvd_S("", 0);
		}
	}
	v->raw = out;
	v->nraw = n;
	v->capraw = cap;
}

/* A line that is a venue's or a site's tag: three words at most, each
 * an acronym ("EMNLP", "CCF-A", "NeurIPS"), a year, or a link's label
 * ("arXiv"); a short title ("Fast Joins") is none. */
static int badge_line(cx_str p)
{
	if (!p.n || p.n > 24 || cvd_words_in(p) > 3 || memchr(p.p, ',', p.n) || p.p[p.n - 1] == '.')
		return 0;
	for (size_t i = 0; i < p.n;) {
		size_t e = i, caps = 0, digits = 0;
		while (e < p.n && p.p[e] != ' ') {
			caps += str_is_upper((unsigned char)p.p[e]) != 0;
			digits += str_digit((unsigned char)p.p[e]) != 0;
			e++;
		}
		if (caps < 2 && digits < 2 && !cvd_label_word(p.p + i, e - i))
			return 0;
		i = e + 1;
	}
	return 1;
}

/* One item the finder found: lines [from, to] of v, labelled lab (by line;
 * BLK_N for a blank line).  Its blocks beside it are attached after. */
static void learned_item(struct cv *v, struct grouper *g, size_t from, size_t to, const uint8_t *lab)
{
	struct cv_line *C = arena_alloc(&v->a, (to - from + 2) * sizeof *C);
	size_t nc = 0, before = v->nraw;
	for (size_t i = from; i <= to; i++)
		if (lab[i] != BLK_SIDE)
			C[nc++] = v->l[i];
	while (nc && C[nc - 1].blank)
		nc--;
	if (nc > 64) { /* no reference runs over 64 lines: a listing, a table */
		cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, C[0].line,
		           "%zu lines read as one item are no reference; skipped", nc);
		return;
	}
	/* a line that is only the item's date, before it ("Feb 17, 2025") */
	struct ymd d;
	cx_str date = cvd_S("", 0);
	if (nc > 1 && cvd_date_line(cvd_plain(&v->a, cvd_S(C[0].s, C[0].n)), &d))
		date = cvd_plain(&v->a, cvd_S(C[0].s, C[0].n)), C++, nc--;
	/* a venue badge on a line of its own before it ("arXiv", "EMNLP",
	 * "NeurIPS 2023"): set apart, as a badge beside a title is */
	cx_str badge = cvd_S("", 0);
	if (nc > 2 && badge_line(cvd_plain(&v->a, cvd_S(C[0].s, C[0].n))))
		badge = cvd_plain(&v->a, cvd_S(C[0].s, C[0].n)), C++, nc--;
	if (!nc)
		return;
	/* a later line that repeats the title the first line holds alone
	 * (Hugo's title, authors, "(2023). Title. Venue."): the title once (a
	 * whole citation under its title is the rule finder's to read) */
	for (size_t j = 1; j < nc; j++) {
		cx_str t = repeats_line(v, &C[0], &C[j]);
		long at = t.n && !cvd_cites(v, cvd_S(C[j].s, C[j].n)) ? str_ifind(cvd_S(C[j].s, C[j].n), t.p, 0) : -1;
		if (at < 0)
			continue;
		size_t e = (size_t)at + t.n;
		while (e < C[j].n && (C[j].s[e] == '.' || C[j].s[e] == ',' || C[j].s[e] == ' '))
			e++;
		char *r = arena_alloc(&v->a, C[j].n + 1);
		memcpy(r, C[j].s, (size_t)at);
		memcpy(r + at, C[j].s + e, C[j].n - e);
		C[j].n = (size_t)at + C[j].n - e;
		r[C[j].n] = 0;
		C[j].s = r;
		break;
	}
	size_t len = 0;
	for (size_t i = 0; i < nc; i++)
		len += C[i].n + 1;
	char *all = arena_alloc(&v->a, len + 1);
	size_t k = 0;
	for (size_t i = 0; i < nc; i++) {
		memcpy(all + k, C[i].s, C[i].n);
		k += C[i].n;
		all[k++] = ' ';
	}
	if (several(v, cvd_plain(&v->a, cvd_S(all, k)))) {
		cx_str *lines = arena_alloc(&v->a, (nc + 1) * sizeof *lines);
		for (size_t i = 0; i < nc; i++)
			lines[i] = C[i].blank ? cvd_S("", 0) : cvd_S(C[i].s, C[i].n);
		size_t *cut = arena_alloc(&v->a, (nc + 1) * sizeof *cut), parts = part_lines(v, lines, nc, cut);
		if (!parts) {
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, C[0].line,
			           "a paragraph holds several references (DOIs, page ranges or quoted titles); "
			           "skipped: write each on a line of its own");
			return;
		}
		cvd_v_diag(v, CX_NOTE, CX_E_VALUE, C[0].line, "an item holds %zu references: read as %zu items", parts,
		           parts);
		for (size_t p = 0; p < parts; p++) {
			size_t e = p + 1 < parts ? cut[p + 1] : nc;
			cvd_group_item(g, C + cut[p], e - cut[p]);
		}
	} else
		cvd_group_item(g, C, nc);
	if (v->nraw == before)
		return;
	if (date.n && !v->raw[before].date.n)
		v->raw[before].date = date;
	if (badge.n && !v->raw[before].badge.n)
		v->raw[before].badge = badge;
	for (size_t i = from; i <= to; i++)
		if (lab[i] == BLK_SIDE)
			cvd_side_text(v, &v->raw[v->nraw - 1], &v->l[i]);
}

/* ---- a page's items ---------------------------------------------------------------- */

/* A publication section's heading, to say when no item came of it. */
struct pubsec {
	const struct cv_line *L;   /* its heading, or NULL */
	int level;
	size_t nraw;               /* items before it */
};

static void close_section(struct cv *v, struct pubsec *ps, size_t items, unsigned to)
{
	if (ps->L && items == ps->nraw) {
		cx_str t = cvd_plain(&v->a, cvd_S(ps->L->s, ps->L->n));
		if (v->latex) { /* its entries may be \fullcite keys, read later */
			if (v->nempty == v->capempty) {
				size_t cap = v->capempty ? 2 * v->capempty : 8;
				v->empty = arena_grow(&v->a, v->empty, sizeof *v->empty, v->nempty, cap);
				v->capempty = cap;
			}
			char *msg = arena_alloc(&v->a, t.n + 1);
			memcpy(msg, t.p, t.n);
			msg[t.n] = 0;
			v->empty[v->nempty++] = (struct cv_empty_sec){ps->L->line, to, msg};
		} else
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, ps->L->line,
			           "no item of the section \"%.*s\" reads as a publication; the section is skipped",
			           (int)t.n, t.p);
	}
	ps->L = NULL;
}

/* The sections held by close_section, said now: each in which none of the
 * lines cited (sorted or not) is. */
void cvd_empty_sections(struct cv *v, const unsigned *cited, size_t ncited)
{
	for (size_t i = 0; i < v->nempty; i++) {
		const struct cv_empty_sec *s = &v->empty[i];
		size_t k = 0;
		while (k < ncited && !(cited[k] > s->from && (!s->to || cited[k] < s->to)))
			k++;
		if (k == ncited)
			cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, s->from,
			           "no item of the section \"%s\" reads as a publication; the section is skipped", s->msg);
	}
	v->nempty = 0;
}

/* A heading, as far as sections go: a new one closes the publication
 * section open at its level or above; one that names publications opens
 * one. */
static void heading_seen(struct cv *v, struct pubsec *ps, const struct cv_line *L, int label, size_t items)
{
	enum cv_hint h;
	int level = L->heading ? L->heading : 7;
	cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
	int pub = p.n < 80 && cvd_sec_class(p, &h) == SEC_PUB;
	/* a group inside the section (a year, a topic) leaves it open; a
	 * publication heading under one with no item yet ("Publications", then
	 * "Journal Articles") takes its place */
	int group = label == BLK_HEAD_PUB && !pub;
	if (ps->L && pub && label == BLK_HEAD_PUB && items == ps->nraw && !L->marker &&
	    (level > ps->level || level == 7)) /* under it, or a text's headings of no level */
		ps->L = NULL;
	if (ps->L && ((level <= ps->level && !group) || label == BLK_HEAD_OTHER))
		close_section(v, ps, items, L->line);
	if (pub && !L->marker && !ps->L)
		*ps = (struct pubsec){L, level, items};
}

/* Each section whose heading names publications, and in which no item was
 * found, is reported, whichever finder found the items. */
static void report_sections(struct cv *v, const struct cv_blocks *b, const uint8_t *lab)
{
	struct pubsec ps = {NULL, 0, 0};
	size_t r = 0;
	for (size_t k = 0; k < b->n; k++) {
		const struct cv_line *L = &v->l[b->seq[k]];
		while (r < v->nraw && v->raw[r].idx < b->seq[k])
			r++; /* the items found before this block */
		if (lab[k] == BLK_HEAD_PUB || lab[k] == BLK_HEAD_OTHER ||
		    (L->heading && (lab[k] == BLK_OTHER || lab[k] == BLK_OTHER_PUB)))
			heading_seen(v, &ps, L, lab[k], r);
	}
	close_section(v, &ps, v->nraw, 0);
}

/* The kind of work a heading of a publication list names, for the items
 * under it: "Books", "Book Chapters", "Chapters in Edited Volumes",
 * "Edited Volumes", "Journal Articles", "Monographs".  A chapter is
 * named before the book it is in; H_NONE when no word says. */
static enum cv_hint kind_hint(cx_str t)
{
	static const struct {
		const char *w;
		enum cv_hint h;
	} k[] = {{"chapter", H_CHAPTER}, {"chapters", H_CHAPTER}, {"edited", H_EDITED}, {"book", H_BOOK},
	         {"books", H_BOOK}, {"monograph", H_BOOK}, {"monographs", H_BOOK}, {"journal", H_JOURNAL},
	         {"journals", H_JOURNAL}, {"conference", H_CONFERENCE}, {"conferences", H_CONFERENCE},
	         {"proceedings", H_CONFERENCE}, {"workshop", H_WORKSHOP}, {"workshops", H_WORKSHOP},
	         {"thesis", H_THESIS}, {"theses", H_THESIS}, {"dissertation", H_THESIS}, {"preprint", H_PREPRINT},
	         {"preprints", H_PREPRINT}, {"report", H_REPORT}, {"reports", H_REPORT}, {"patent", H_PATENT},
	         {"patents", H_PATENT}};
	enum cv_hint best = H_NONE;
	size_t rank = sizeof k / sizeof *k;
	int volumes = 0;
	for (size_t i = 0; i < t.n;) {
		while (i < t.n && !str_alpha((unsigned char)t.p[i]))
			i++;
		size_t b = i;
		while (i < t.n && str_alpha((unsigned char)t.p[i]))
			i++;
		cx_str w = {t.p + b, i - b};
		volumes |= str_ieq(w, "volume") || str_ieq(w, "volumes") || str_ieq(w, "books") || str_ieq(w, "book");
		for (size_t j = 0; j < rank; j++)
			if (str_ieq(w, k[j].w))
				best = k[j].h, rank = j;
	}
	/* "Edited" alone is no kind; "Edited Volumes" is */
	if (best == H_EDITED && !volumes)
		return H_NONE;
	return best;
}

void cvd_assemble(struct cv *v, const struct cv_blocks *b, const uint8_t *blab)
{
	size_t n = b->n;
	const size_t *seq = b->seq;
	/* each line's label; blank lines take none */
	uint8_t *lab = arena_alloc(&v->a, v->nl + 1);
	memset(lab, BLK_N, v->nl + 1);
	for (size_t k = 0; k < n; k++)
		lab[seq[k]] = blab[k];
	struct grouper *g = cvd_grouper(v);
	int strict = 1;
	enum cv_hint hint = H_NONE;
	for (size_t k = 0; k < n; k++) {
		size_t i = seq[k];
		const struct cv_line *L = &v->l[i];
		enum cv_hint hh = H_NONE;
		int y = cvd_year_only(v, L);
		if (blab[k] == BLK_HEAD_PUB || blab[k] == BLK_HEAD_OTHER) {
			cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
			enum sec sc = p.n < 80 ? cvd_sec_class(p, &hh) : SEC_NONE;
			if (blab[k] == BLK_HEAD_OTHER)
				strict = 1, hint = H_NONE, y = 0;
			else if (sc == SEC_PUB || strict)
				strict = 0, hint = hh ? hh : kind_hint(p);
			else if (kind_hint(p))
				hint = kind_hint(p); /* a group that names its kind: "Books" */
			/* else a group of a publication section: a year, a topic */
			cvd_group_state(g, strict, hint, y);
			continue;
		}
		if (blab[k] == BLK_OTHER_PUB && y)
			cvd_group_state(g, strict, hint, y);
		if ((blab[k] == BLK_OTHER_PUB || (blab[k] == BLK_OTHER && !strict)) && (b->facts[k] & BF_REF))
			cvd_v_diag(v, CX_NOTE, CX_E_SYNTAX, L->line,
			           "a line reads as a reference but stands apart from the list around it; skipped");
		if (blab[k] != BLK_START && blab[k] != BLK_CONT)
			continue;
		/* the item runs on over the blocks that continue it, or are
		 * beside it */
		size_t e = k;
		while (e + 1 < n && (blab[e + 1] == BLK_CONT || blab[e + 1] == BLK_SIDE))
			e++;
		learned_item(v, g, i, seq[e], lab);
		k = e;
	}
}

/* The rules' items, when the model read none, but those under a heading
 * of the page's markup that names another section ("Experience",
 * "Honors"), to the next heading of its level or above or one that names
 * publications: the labels say no item stands there (repair), and the
 * rules' items there are said to be left. */
static void drop_other_sections(struct cv *v, const struct cv_blocks *b)
{
	size_t r = 0, kept = 0, left = 0;
	int level = 0; /* the open other section's, or 0 */
	unsigned first = 0;
	for (size_t k = 0; k <= b->n; k++) {
		size_t line = k < b->n ? b->seq[k] : v->nl;
		/* the items that begin before this block are in the section
		 * the blocks before it are in */
		for (; r < v->nraw && v->raw[r].idx < line; r++) {
			if (level) {
				if (!left++)
					first = v->l[v->raw[r].idx].line;
				continue;
			}
			v->raw[kept++] = v->raw[r];
		}
		if (k == b->n)
			break;
		if (v->l[line].heading)
			level = other_after(v, &v->l[line], level);
	}
	for (; r < v->nraw; r++)
		v->raw[kept++] = v->raw[r];
	v->nraw = kept;
	if (left)
		cvd_v_diag(v, CX_NOTE, CX_E_SYNTAX, first,
		           "%zu item%s under headings of other sections (experience, awards) not read as publications",
		           left, left == 1 ? "" : "s");
}

/* Past this many lines a document is no publication page (a program's
 * listing, a book): the rules read it, at a fraction of the cost. */
#define FINDER_LINES 10000

void cvd_find(struct cv *v)
{
	if (!v->finder || v->nl > FINDER_LINES) {
		cvd_segment(v);
		split_raws(v);
		return;
	}
	struct cv_blocks b;
	size_t n = cvd_blocks(v, &b);
	uint8_t *lab = xmalloc(n + 1);
	cvd_label_blocks(v, v->finder, &b, lab);
	int rules = rules_agree(v, &b, lab);
	if (!rules)
		cvd_assemble(v, &b, lab);
	/* the model read no item at all (a page unlike any it learnt from):
	 * what the rules find is better than nothing */
	if (rules || !v->nraw) {
		v->raw = v->rules_raw, v->nraw = v->rules_nraw, v->capraw = v->rules_capraw;
		cvd_v_replay(v); /* what the rules skipped, said now */
		if (!rules)
			drop_other_sections(v, &b);
		split_raws(v);
	}
	report_sections(v, &b, lab);
	free(lab);
	cvd_blocks_free(&b);
}
