/* cv/citation.c - one-line citations and the page owner. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "cv/doc.h"

/* ---- one-line citations ------------------------------------------------------ */

static const char *const abbrevs[] = {"proc", "conf", "int", "intl", "symp", "trans", "j", "vol",
                                      "no", "pp", "vs", "al", "e.g", "i.e", "jr", "st", "dr",
                                      "inc", "ltd", "univ", "dept", "assoc", "comput", "sci",
                                      "eng", "appl", "syst", "netw", "res", "rev", "lett", "mach",
                                      "learn", "inf", "inform", "process", "commun", "technol",
                                      "natl", "ann", "annu", "adv", "mag", "ed", "eds", "ch",
                                      "sec", "fig", "no", "nos", "art", NULL};

/* Is the '.', '?' or '!' at i the end of a sentence (not an initial or an
 * abbreviation), followed by white space? */
static int sentence_end(cx_str s, size_t i)
{
	char c = s.p[i];
	if (c != '.' && c != '?' && c != '!')
		return 0;
	size_t j = i + 1;
	while (j < s.n && CX_IS_MARK(s.p[j]))
		j++;
	if (j < s.n && !cvd_is_sp((unsigned char)s.p[j]))
		return 0;
	if (c != '.')
		return 1;
	size_t b = i;
	while (b && !cvd_is_sp((unsigned char)s.p[b - 1]) && !CX_IS_MARK(s.p[b - 1]) && s.p[b - 1] != '(')
		b--;
	size_t wl = i - b;
	if (wl == 1 && isupper((unsigned char)s.p[b]))
		return 0; /* an initial */
	for (size_t k = 0; abbrevs[k]; k++)
		if (strlen(abbrevs[k]) == wl && cvd_ieqn(s.p + b, abbrevs[k], wl))
			return 0;
	return 1;
}

/* Split "Title. Venue..." at the end of the title's sentence. */
static void split_title_venue(cx_str rest, cx_str *title, cx_str *venue)
{
	rest = cvd_trim(rest);
	for (size_t i = 0; i < rest.n; i++) {
		if (sentence_end(rest, i)) {
			*title = cvd_S(rest.p, rest.p[i] == '.' ? i : i + 1);
			*venue = cvd_trim(cvd_S(rest.p + i + 1, rest.n - i - 1));
			return;
		}
	}
	*title = rest;
	*venue = cvd_S("", 0);
}

static int valid_authors_prefix(struct cv *v, cx_str s)
{
	s = cvd_trim_punct(s, ",;:.");
	if (!s.n)
		return 0;
	struct au_list L;
	if (au_parse(&v->a, s.p, s.n, &L) || !L.n)
		return 0;
	int names = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *nm = &L.v[i];
		if (nm->empty)
			continue; /* the owner's dropped name: ", Bob Jones." */
		if (nm->others && !nm->text.n)
			continue;
		if (!nm->family_first && !au_name_like(nm->text.p, nm->text.n))
			return 0;
		cx_str w = nm->text;
		int full = 0;
		size_t lastb = 0;
		for (size_t k = 0, b = 0; k <= w.n; k++)
			if (k == w.n || w.p[k] == ' ' || w.p[k] == ',') {
				if (k > b && !au_is_initials(cvd_S(w.p + b, k - b)))
					full = 1;
				lastb = b;
				b = k + 1;
			}
		if (!full)
			return 0;
		/* "L. Zhao, A" would leave a lone initial: the list goes on */
		if (i == L.n - 1 && !nm->family_first && !L.vancouver && w.n - lastb <= 2 &&
		    au_is_initials(cvd_S(w.p + lastb, w.n - lastb)))
			return -1; /* not yet: the caller may read further */
		names++;
		if (L.n == 1 && !nm->family_first && cvd_words_in(w) < 2 && !L.vancouver)
			return 0; /* "Proc." is no author */
	}
	return names;
}

/* The author part without its closing punctuation, but with the period of
 * a final initial ("White, C.") kept. */
static cx_str authors_trim(struct cv *v, cx_str au)
{
	struct au_list L;
	cx_str t = cvd_trim_punct(au, ",;:"), r;
	if (au_parse(&v->a, t.p, t.n, &L) == 0 && L.n && L.v[L.n - 1].family_first)
		r = t;
	else
		r = cvd_trim_punct(au, ",;:.");
	/* a leading comma is an empty slot: keep it */
	cx_str a0 = cvd_trim(au);
	while (a0.n && CX_IS_MARK(a0.p[0]))
		a0.p++, a0.n--;
	if (a0.n && a0.p[0] == ',')
		r = cv_cat(&v->a, CX_STR(","), " ", r);
	return r;
}

static size_t skip_marks_fwd(cx_str s, size_t i)
{
	while (i < s.n && (CX_IS_MARK(s.p[i]) || cvd_is_sp((unsigned char)s.p[i])))
		i++;
	return i;
}

/* Read one citation: "A, B, and C, "Title," in Venue, 2020." (IEEE),
 * "A, B: Title. Venue 2020" (DBLP), "Zhao, L., & Ng, E. (2020). Title.
 * Venue." (APA), "A, B. Title. Venue, 2020." and "A, B. *Title*. Venue".
 * Returns 1 when authors and a title were found. */
static int rules_citation(struct cv *v, cx_str s, struct cv_raw *r)
{
	s = cvd_trim(s);
	/* a year in front, as tables and year-grouped lists write it */
	if (s.n > 6 && cvd_year_at(s.p, s.n, 0) && (s.p[4] == ' ' || s.p[4] == '.' || s.p[4] == ':' || s.p[4] == '\t')) {
		r->date = cvd_S(s.p, 4);
		s = cvd_trim_punct(cvd_S(s.p + 5, s.n - 5), ".:-");
	}
	/* quoted title */
	static const char *const q_open[] = {"\"", "\xE2\x80\x9C", "\xE2\x80\x98", "``"};
	static const char *const q_close[] = {"\"", "\xE2\x80\x9D", "\xE2\x80\x99", "''"};
	for (int k = 0; k < 4; k++) {
		long o = cvd_find_ci(s, q_open[k], 0);
		if (o <= 0)
			continue;
		size_t ol = strlen(q_open[k]);
		cx_str after = cvd_S(s.p + o + ol, s.n - (size_t)o - ol);
		long c = cvd_find_ci(after, q_close[k], 0);
		if (c <= 0)
			continue;
		cx_str au = cvd_S(s.p, (size_t)o);
		if (valid_authors_prefix(v, au) <= 0)
			continue;
		r->authors = cvd_trim_punct(au, ",;:.");
		r->title = cvd_trim_punct(cvd_S(after.p, (size_t)c), ",.");
		cx_str rest = cvd_S(after.p + c + strlen(q_close[k]), after.n - (size_t)c - strlen(q_close[k]));
		r->venue = cvd_trim_punct(rest, ",.;");
		return 1;
	}
	/* APA: authors (2020). Title. Venue */
	for (size_t i = 0; i + 6 <= s.n; i++) {
		if (s.p[i] != '(' || !cvd_year_at(s.p, s.n, i + 1))
			continue;
		size_t j = i + 5;
		while (j < s.n && isalpha((unsigned char)s.p[j]))
			j++;
		if (j >= s.n || s.p[j] != ')')
			continue;
		cx_str au = cvd_S(s.p, i);
		if (valid_authors_prefix(v, au) <= 0)
			break;
		r->authors = authors_trim(v, au);
		r->date = cvd_S(s.p + i + 1, 4);
		split_title_venue(cvd_trim_punct(cvd_S(s.p + j + 1, s.n - j - 1), "."), &r->title, &r->venue);
		return r->title.n > 0;
	}
	/* Markup: an emphasised span after the authors */
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c != CX_M_ITALIC_ON && c != CX_M_BOLD_ON)
			continue;
		const char *e = memchr(s.p + i, c + 1, s.n - i);
		if (!e)
			break;
		cx_str span = cvd_S(s.p + i + 1, (size_t)(e - s.p - i - 1));
		cx_str au = cvd_S(s.p, i);
		cx_str sp = cvd_plain(&v->a, span);
		if (au_name_like(sp.p, sp.n) && cvd_words_in(sp) <= 4) {
			i = (size_t)(e - s.p); /* the owner's bold name */
			continue;
		}
		if (!i || valid_authors_prefix(v, au) <= 0) {
			if (c == CX_M_BOLD_ON) { /* a bold owner name: look further */
				i = (size_t)(e - s.p);
				continue;
			}
			break;
		}
		cx_str rest = cvd_S(e + 1, (size_t)(s.p + s.n - e - 1));
		if (cvd_venue_score(v, span) == 2 || cvd_venue_words(cvd_plain(&v->a, span))) {
			/* "A, B. Title. *Venue*, 2020" */
			cx_str mid = cvd_trim_punct(au, ",.");
			(void)mid;
			break;
		}
		r->authors = authors_trim(v, au);
		r->title = cvd_trim_punct(span, ",.");
		r->venue = cvd_trim_punct(rest, ",.;");
		return 1;
	}
	/* DBLP: "A, B: Title. Venue" */
	for (size_t i = 0; i + 1 < s.n; i++) {
		if (s.p[i] != ':' || !cvd_is_sp((unsigned char)s.p[i + 1]))
			continue;
		cx_str au = cvd_S(s.p, i);
		if (valid_authors_prefix(v, au) > 0 && (cvd_words_in(au) >= 2)) {
			r->authors = cvd_trim_punct(au, ",;:.");
			split_title_venue(cvd_S(s.p + i + 1, s.n - i - 1), &r->title, &r->venue);
			r->title = cvd_trim_punct(r->title, ".");
			return r->title.n > 0;
		}
		break;
	}
	/* "Authors. Title. Venue": the longest author list before a period */
	long best = -1;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] != '.' || (i + 1 < s.n && !cvd_is_sp((unsigned char)s.p[i + 1]) && !CX_IS_MARK(s.p[i + 1])))
			continue;
		int ok = valid_authors_prefix(v, cvd_S(s.p, i + (i && s.p[i - 1] != ' ' ? 1 : 0)));
		if (ok > 0)
			best = (long)i;
		else if (ok == 0 && best >= 0)
			break;
	}
	if (best > 0) {
		cx_str au = cvd_S(s.p, (size_t)best + 1);
		r->authors = authors_trim(v, au); /* "Ng, T. S. E." keeps its period */
		size_t j = skip_marks_fwd(s, (size_t)best + 1);
		cx_str rest = cvd_S(s.p + j, s.n - j);
		split_title_venue(rest, &r->title, &r->venue);
		r->title = cvd_trim_punct(r->title, ".");
		r->venue = cvd_trim_punct(r->venue, ".");
		return r->title.n > 0 && (r->venue.n || cvd_find_year(cvd_plain(&v->a, rest), NULL));
	}
	/* "Title. Authors. Venue": the second sentence is the author list */
	cx_str t1, rest1;
	split_title_venue(s, &t1, &rest1);
	if (t1.n && rest1.n) {
		cx_str au, ven;
		split_title_venue(rest1, &au, &ven);
		if (valid_authors_prefix(v, au) > 0 && ven.n) {
			r->title = cvd_trim_punct(t1, ".");
			r->authors = authors_trim(v, au);
			r->venue = cvd_trim_punct(ven, ".");
			return 1;
		}
	}
	return 0;
}

/* In a publication list, what follows the title alone with a year is the
 * venue: a "publisher" with no place, edition, ISBN or editor, and no
 * word of a publisher's name, is the container. */
static void publisher_as_venue(struct cv_item *it)
{
	static const char *const pub[] = {"press", "publishing", "publishers", "publisher", "verlag", "springer",
	                                  "elsevier", "wiley", "books", "university", "routledge", "sage",
	                                  "francis", "academic", "editions", "mit", "oxford", "cambridge",
	                                  "pearson", "mcgraw", "o'reilly", "addison", "nature", "de gruyter",
	                                  "birkhäuser", "brill", "palgrave", "ieee", "acm", "siam", "ams",
	                                  "inc", "ltd", "gmbh", "llc", NULL};
	cx_str p = it->seg[LAB_PUBLISHER];
	if (!p.n || it->seg[LAB_CONTAINER].n || it->seg[LAB_LOCATION].n || it->seg[LAB_EDITION].n ||
	    it->seg[LAB_ISBN].n || it->seg[LAB_EDITOR].n)
		return;
	for (size_t i = 0; pub[i]; i++)
		if (cvd_has_ci(p, pub[i]))
			return;
	it->seg[LAB_CONTAINER] = p;
	it->seg[LAB_PUBLISHER] = cvd_S("", 0);
}

/* Link labels in brackets ("[PDF] [Code]", "[Paper/Slides]") are no part
 * of a citation. */
static cx_str drop_labels(struct cv *v, cx_str s)
{
	char *p = arena_strndup(&v->a, s.p, s.n);
	size_t n = s.n;
	for (size_t i = 0; i < n; i++) {
		if (p[i] != '[')
			continue;
		char *e = memchr(p + i, ']', n - i);
		if (e && cvd_is_label(p + i + 1, (size_t)(e - p - i - 1)))
			cvd_cut(p, &n, i, (size_t)(e - p) + 1 - i), i--;
	}
	return cvd_S(p, n);
}

/* The labeller's reading of a citation the rules above do not take: an
 * item with a title and authors or a container.  The labelled item rides
 * on the raw item, and the entry is built from its labels. */
static int labelled_citation(struct cv *v, cx_str s, struct cv_raw *r, int author_date)
{
	if (!v->model)
		return 0;
	struct cv_ctx x = {.a = &v->a, .c = v->c, .owner = v->owner, .model = v->model};
	struct cv_item *it = arena_calloc(&v->a, sizeof *it);
	s = drop_labels(v, s);
	cv_label(&x, s.p, s.n, it);
	cx_str p0 = cvd_plain(&v->a, s);
	publisher_as_venue(it);
	if (p0.n && p0.p[0] == ',' && it->seg[LAB_AUTHOR].n && it->seg[LAB_AUTHOR].p[0] != ',')
		it->seg[LAB_AUTHOR] = cv_cat(&v->a, CX_STR(","), " ", it->seg[LAB_AUTHOR]); /* the owner's slot */
	cx_str t = cvd_trim_punct(it->seg[LAB_TITLE], ".,;:");
	cx_str au = it->seg[LAB_AUTHOR];
	/* a whole citation, author first: the line starts with the authors
	 * (after a number), holds a year, and the title is more than a word */
	if (cvd_words_in(t) < 3 || !au.n || !cvd_find_year(it->seg[LAB_DATE], NULL))
		return 0;
	if (!memchr(au.p, ',', au.n) && !memchr(au.p, '&', au.n) && !cvd_has_ci(au, " and "))
		return 0;
	/* the author-date styles (APA, Harvard, Chicago): the date follows the
	 * authors; the rules read the others */
	size_t k = 0;
	while (k < it->norder && it->order[k] == LAB_NUMBER)
		k++;
	if (author_date && (k + 1 >= it->norder || it->order[k] != LAB_AUTHOR || it->order[k + 1] != LAB_DATE))
		return 0;
	cx_str ps = cvd_plain(&v->a, s);
	const char *first = ps.p;
	while (first < ps.p + ps.n && (isdigit((unsigned char)*first) || strchr("[]().- ", *first)))
		first++;
	if (first + 4 > ps.p + ps.n || memcmp(first, au.p, 4))
		return 0;
	memset(r, 0, sizeof *r);
	r->item = it;
	r->title = t;
	r->authors = it->seg[LAB_AUTHOR];
	r->venue = it->seg[LAB_CONTAINER];
	r->date = it->seg[LAB_DATE];
	return 1;
}

/* Is the labelled title the rules' title with a name in front of it
 * ("Arvind Krishnamurthy. ForestColl: ...")? */
static int name_before_title(struct cv *v, cx_str lab, cx_str rul)
{
	cx_str a = cvd_plain(&v->a, lab), b = cvd_plain(&v->a, rul);
	if (b.n < 8 || a.n <= b.n + 3)
		return 0;
	long at = cvd_find_ci(a, arena_strndup(&v->a, b.p, b.n < 40 ? b.n : 40), 0);
	if (at <= 0)
		return 0;
	cx_str pre = cvd_trim(cvd_S(a.p, (size_t)at));
	if (!pre.n || pre.p[pre.n - 1] != '.')
		return 0;
	pre.n--;
	return au_name_like(pre.p, pre.n);
}

/* "A, B: Title": an author list up to the first colon. */
static int dblp_like(struct cv *v, cx_str s)
{
	cx_str p = cvd_plain(&v->a, s);
	const char *c = memchr(p.p, ':', p.n);
	if (!c || c + 1 >= p.p + p.n || c[1] != ' ')
		return 0;
	cx_str au = cvd_S(p.p, (size_t)(c - p.p));
	return memchr(au.p, ',', au.n) && valid_authors_prefix(v, au) > 0;
}

int cvd_parse_citation(struct cv *v, cx_str s, struct cv_raw *r)
{
	struct cv_raw keep = *r;
	/* DBLP's "A, B: Title. Venue" is the rules' own; and where the rules
	 * read more names before the title than the labeller ("A, B. Title:
	 * Subtitle", a name taken for the title), theirs is the reading */
	if (labelled_citation(v, cvd_trim(s), r, dblp_like(v, s))) {
		struct cv_raw lab = *r, rul = keep;
		if (rules_citation(v, s, &rul) && name_before_title(v, lab.title, rul.title)) {
			*r = rul;
			return 1;
		}
		*r = lab;
		return 1;
	}
	*r = keep;
	if (rules_citation(v, s, r))
		return 1;
	*r = keep;
	return labelled_citation(v, cvd_trim(s), r, 0);
}

/* ---- owner ---------------------------------------------------------------- */

/* Names compare by ASCII letters only, case-folded: "Yihao ZHAO" is
 * "Yihao Zhao", "Zhao, Yihao" is not (order matters less than safety). */
static size_t name_key(cx_str s, char *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < s.n && k + 1 < cap; i++)
		if (isalpha((unsigned char)s.p[i]) || (unsigned char)s.p[i] >= 0x80)
			out[k++] = (char)tolower((unsigned char)s.p[i]);
	out[k] = 0;
	return k;
}

int cvd_owner_match(struct cv *v, cx_str name)
{
	if (!v->owner.n || !name.n)
		return 0;
	char a[256], b[256];
	name_key(v->owner, a, sizeof a);
	name_key(name, b, sizeof b);
	return a[0] && !strcmp(a, b);
}

static int two_word_name(cx_str p)
{
	size_t w = cvd_words_in(p);
	return w >= 2 && w <= 4 && p.n <= 40 && au_name_like(p.p, p.n);
}

void cvd_detect_owner(struct cv *v)
{
	const char *o = cvd_opt_owner(v->c);
	if (o) {
		v->owner = arena_str(&v->a, o, strlen(o));
		v->owner_from_option = 1;
		return;
	}
	/* 1. a bold name that recurs in the author lists */
	struct cand {
		cx_str name;
		int n;
	} cand[16];
	int nc = 0;
	for (size_t i = 0; i < v->nraw; i++) {
		cx_str au = v->raw[i].authors.n ? v->raw[i].authors : v->raw[i].cite;
		struct au_list L;
		if (!au.n || au_parse(&v->a, au.p, au.n, &L))
			continue;
		for (size_t k = 0; k < L.n; k++) {
			if (!L.v[k].bold || !two_word_name(L.v[k].text))
				continue;
			int f = 0;
			for (int c = 0; c < nc && !f; c++) {
				char x[256], y[256];
				name_key(cand[c].name, x, sizeof x);
				name_key(L.v[k].text, y, sizeof y);
				if (!strcmp(x, y))
					cand[c].n++, f = 1;
			}
			if (!f && nc < 16)
				cand[nc++] = (struct cand){L.v[k].text, 1};
		}
	}
	int best = -1;
	for (int c = 0; c < nc; c++)
		if (cand[c].n >= 2 && (best < 0 || cand[c].n > cand[best].n))
			best = c;
	if (best >= 0) {
		v->owner = cand[best].name;
		return;
	}
	if (v->owner.n)
		return; /* found at the top already */
	/* 2. the name at the top, or "I am Given Family" in the preamble */
	for (size_t i = 0; i < v->nl && i < 40; i++) {
		const struct cv_line *L = &v->l[i];
		if (L->blank)
			continue;
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		enum cv_hint h;
		if (cvd_sec_class(p, &h) != SEC_NONE)
			break;
		if (two_word_name(p)) {
			v->owner = p;
			return;
		}
		static const char *const intro[] = {"I am ", "I'm ", "My name is ", "This is "};
		for (size_t k = 0; k < 4; k++) {
			long at = cvd_find_ci(p, intro[k], 0);
			if (at < 0)
				continue;
			const char *q = p.p + at + strlen(intro[k]);
			const char *e = q;
			int w = 0;
			while (e < p.p + p.n && w < 4) {
				const char *ws = e;
				if (!(isupper((unsigned char)*e)))
					break;
				while (e < p.p + p.n && (isalpha((unsigned char)*e) || *e == '-' || *e == '.'))
					e++;
				if (e == ws)
					break;
				w++;
				if (e < p.p + p.n && *e == ' ' && e + 1 < p.p + p.n && isupper((unsigned char)e[1]))
					e++;
				else
					break;
			}
			cx_str nm = cvd_trim_punct(cvd_S(q, (size_t)(e - q)), ".,");
			if (w >= 2 && two_word_name(nm)) {
				v->owner = nm;
				return;
			}
		}
	}
}
