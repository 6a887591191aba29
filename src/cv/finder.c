/* cv/finder.c - the finder: publication sections, and lines grouped into items. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "cv/doc.h"

/* ---- sections ------------------------------------------------------------ */

static int in_list(const char *w, size_t n, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && cvd_ieqn(w, list[i], n))
			return 1;
	return 0;
}

static const char *const pub_words[] = {
	"publications", "publication", "papers", "paper", "preprints", "articles", "theses",
	"thesis", "dissertation", "dissertations", "manuscripts", "chapters", "bibliography",
	"reports", "proceedings", "writings", NULL};
static const char *const other_words[] = {
	"education", "talks", "talk", "presentations", "awards", "award", "honors", "honours",
	"honor", "teaching", "service", "services", "experience", "experiences", "employment",
	"skills", "interests", "contact", "grants", "funding", "students", "mentoring",
	"advising", "projects", "news", "activities", "reviewing", "reviewer", "positions",
	"appointments", "biography", "bio", "about", "hobbies", "languages", "leadership",
	"outreach", "media", "press", "fellowships", "scholarships", "courses", "coursework",
	"volunteer", "memberships", "references", "referees", "patents", "misc",
	"miscellaneous", "personal", "summary", "profile", "objective", "achievements",
	"certifications", "internships", "seminars", "lectures", "committees", "affiliations",
	"supervision", "collaborators", "visits", "workshops organized", "hobby", NULL};
static const char *const connector_words[] = {
	"and", "&", "selected", "recent", "other", "invited", "research", "working", "academic",
	"professional", "peer", "reviewed", "peer-reviewed", "refereed", "conference",
	"conferences", "journal", "journals", "workshop", "international", "book", "full", "list",
	"of", "my", "in", "submission", "under", "review", "technical", "industry", "current",
	"past", "previous", "ongoing", "major", "key", "relevant", "additional", "the", "national",
	"first", "author", "co", "authored", "student", "related", "posters", "demos", "abstracts",
	"extended", "short", "long", "work", "works", "scholarly", "archival", "non-archival",
	"main", "top", "tier", "venue", "venues", "i", "ii", "iii", "highlighted", "featured",
	"all", "complete", "honors", "symposium", "magazine", "to", "appear", "forthcoming",
	"preprint", "submitted", "doctoral", "masters", "master's", "phd", "ph.d.", "a", "an",
	"with", "at", "for", "on", NULL};

/* Classify a heading's text: SEC_PUB, SEC_OTHER, or SEC_NONE when it is not
 * a section title at all (an item's title, a name). */
enum sec cvd_sec_class(cx_str t, enum cv_hint *hint)
{
	int words = 0, pub = 0, other = 0;
	*hint = H_NONE;
	size_t i = 0;
	while (i < t.n) {
		if (t.p[i] == '(') { /* "Publications (* equal contribution)" */
			const char *e = memchr(t.p + i, ')', t.n - i);
			i = e ? (size_t)(e - t.p) + 1 : t.n;
			continue;
		}
		while (i < t.n && !isalpha((unsigned char)t.p[i]) && t.p[i] != '&' && t.p[i] != '(' &&
		       (unsigned char)t.p[i] < 0x80) {
			if (isdigit((unsigned char)t.p[i]) && words)
				return SEC_NONE; /* "Papers 2023" is fine below */
			i++;
		}
		if (i >= t.n)
			break;
		size_t b = i;
		while (i < t.n && (isalpha((unsigned char)t.p[i]) || t.p[i] == '-' || t.p[i] == '\'' ||
		                   t.p[i] == '.' || t.p[i] == '&'))
			i++;
		if (i == b) {
			if (i < t.n && t.p[i] == '(')
				continue;
			return SEC_NONE; /* non-ASCII letters: not one of our titles */
		}
		size_t n = i - b;
		while (n && (t.p[b + n - 1] == '.' || t.p[b + n - 1] == '-'))
			n--;
		if (!n)
			continue;
		words++;
		const char *w = t.p + b;
		if (in_list(w, n, pub_words))
			pub++;
		else if (in_list(w, n, other_words))
			other++;
		else if (!in_list(w, n, connector_words))
			return SEC_NONE;
		if (n == 7 && cvd_ieqn(w, "journal", 7))
			*hint = H_JOURNAL;
		else if ((n == 10 || n == 11) && cvd_ieqn(w, "conference", 10))
			*hint = H_CONFERENCE;
		else if ((n == 8 || n == 9) && cvd_ieqn(w, "preprint", 8))
			*hint = H_PREPRINT;
		else if ((n == 6 || n == 6) && (cvd_ieqn(w, "thesis", 6) || cvd_ieqn(w, "theses", 6)))
			*hint = H_THESIS;
		else if (n == 8 && cvd_ieqn(w, "workshop", 8))
			*hint = H_WORKSHOP;
	}
	if (words == 0 || words > 7)
		return SEC_NONE;
	if (pub)
		return SEC_PUB;
	if (other)
		return SEC_OTHER;
	return SEC_NONE;
}

/* ---- recognisers ---------------------------------------------------------- */

int cvd_year_at(const char *p, size_t n, size_t i)
{
	if (i + 4 > n)
		return 0;
	if (!((p[i] == '1' && p[i + 1] == '9') || (p[i] == '2' && p[i + 1] == '0')))
		return 0;
	if (!isdigit((unsigned char)p[i + 2]) || !isdigit((unsigned char)p[i + 3]))
		return 0;
	if (i && (isalnum((unsigned char)p[i - 1]) || p[i - 1] == '.' || p[i - 1] == '/'))
		return 0;
	if (i + 4 < n && (isdigit((unsigned char)p[i + 4]) || (p[i + 4] == '.' && i + 5 < n && isdigit((unsigned char)p[i + 5]))))
		return 0;
	return (p[i] - '0') * 1000 + (p[i + 1] - '0') * 100 + (p[i + 2] - '0') * 10 + (p[i + 3] - '0');
}

/* The last plausible year in s (1950..2039), or 0. */
int cvd_find_year(cx_str s, size_t *at)
{
	int y = 0;
	for (size_t i = 0; i + 4 <= s.n; i++) {
		int v = cvd_year_at(s.p, s.n, i);
		if (v >= 1950 && v <= 2039) {
			y = v;
			if (at)
				*at = i;
		}
	}
	return y;
}

/* 'YY after an acronym: OSDI '25, NSDI'24, ATC'25 (apostrophe or right
 * single quote). */
int cvd_find_short_year(cx_str s)
{
	for (size_t i = 0; i < s.n; i++) {
		size_t q = 0;
		if (s.p[i] == '\'')
			q = 1;
		else if ((unsigned char)s.p[i] == 0xE2 && i + 2 < s.n && (unsigned char)s.p[i + 1] == 0x80 &&
		         ((unsigned char)s.p[i + 2] == 0x99 || (unsigned char)s.p[i + 2] == 0x98))
			q = 3;
		if (!q || i + q + 2 > s.n)
			continue;
		const char *d = s.p + i + q;
		if (isdigit((unsigned char)d[0]) && isdigit((unsigned char)d[1]) &&
		    (i + q + 2 == s.n || !isalnum((unsigned char)d[2])) && i &&
		    (isalpha((unsigned char)s.p[i - 1]) || s.p[i - 1] == ' ')) {
			int v = (d[0] - '0') * 10 + (d[1] - '0');
			return v <= 39 ? 2000 + v : 1900 + v;
		}
	}
	return 0;
}

static const char *const months[] = {"january", "february", "march", "april", "may", "june",
                                     "july", "august", "september", "october", "november",
                                     "december"};

/* A month name at p (full or three-letter, optional '.'); returns length. */
size_t cvd_month_at(const char *p, size_t n, int *m)
{
	for (int i = 0; i < 12; i++) {
		size_t fl = strlen(months[i]);
		if (n >= fl && cvd_ieqn(p, months[i], fl) && (n == fl || !isalpha((unsigned char)p[fl]))) {
			*m = i + 1;
			return fl;
		}
		if (n >= 4 && i == 8 && cvd_ieqn(p, "sept", 4) && (n == 4 || !isalpha((unsigned char)p[4]))) {
			*m = 9;
			return n > 4 && p[4] == '.' ? 5 : 4;
		}
		if (n >= 3 && cvd_ieqn(p, months[i], 3) && (n == 3 || !isalpha((unsigned char)p[3]))) {
			*m = i + 1;
			return n > 3 && p[3] == '.' ? 4 : 3;
		}
	}
	return 0;
}


/* A line that is only a date, maybe fused to a short subject code as a
 * scraped listing writes it ("LGFeb 17, 2025", "Feb 2025", "2025-02-17"). */
int cvd_date_line(cx_str s, struct ymd *out)
{
	s = cvd_trim(s);
	for (size_t k = 0; k <= 4 && k < s.n; k++) {
		if (k && !isupper((unsigned char)s.p[k - 1]))
			break;
		const char *p = s.p + k;
		size_t n = s.n - k;
		int m = 0;
		size_t ml = cvd_month_at(p, n, &m);
		struct ymd r = {0, 0, 0};
		if (ml) {
			if (k && !isupper((unsigned char)p[0]))
				continue;
			size_t i = ml;
			while (i < n && p[i] == ' ')
				i++;
			int d = 0;
			size_t j = i;
			while (j < n && isdigit((unsigned char)p[j]) && j - i < 2)
				d = d * 10 + (p[j++] - '0');
			if (j > i && j < n && (p[j] == ',' || p[j] == ' ')) {
				r.d = d;
				i = j;
				while (i < n && (p[i] == ',' || p[i] == ' '))
					i++;
			}
			int y = cvd_year_at(p, n, i);
			if (y && i + 4 == n) {
				r.y = y;
				r.m = m;
				*out = r;
				return 1;
			}
			continue;
		}
		if (!k && n == 10 && cvd_year_at(p, n, 0) && p[4] == '-' && p[7] == '-') {
			r.y = cvd_year_at(p, n, 0);
			r.m = atoi(p + 5);
			r.d = atoi(p + 8);
			*out = r;
			return 1;
		}
	}
	return 0;
}

/* Words that tell a venue from a title. */
int cvd_venue_words(cx_str s)
{
	static const char *const w[] = {
		"conference", "proceedings", "proc.", "symposium", "workshop", "journal", "transactions",
		"trans.", "letters", "arxiv", "preprint", "corr", "submitted", "submission",
		"to appear", "under review", "dissertation", "thesis", "magazine", "annual meeting",
		"congress", "in:", "vol.", "pp.", "biorxiv", "medrxiv", "ssrn", "accepted",
		"forthcoming", "in press", "ccf-a", "ccf-b", "ccf-c", "core a", "findings of",
		"technical report", "tech. rep", "colloquium", "review", "conf.", "symp.", "j.",
		"international", "ieee", "acm", "usenix", "springer", "elsevier", "volume", "issue",
		"pages", "chapter", "lecture notes", "lncs", "book", NULL};
	int k = 0;
	for (size_t i = 0; w[i]; i++)
		if (cvd_find_ci(s, w[i], !strchr(w[i], '.') && !strchr(w[i], ':')) >= 0)
			k++;
	return k;
}

/* Is there an acronym in s that the venue table knows? */
static int known_acronym(cx_str s)
{
	size_t i = 0;
	while (i < s.n) {
		while (i < s.n && !isalpha((unsigned char)s.p[i]))
			i++;
		size_t b = i;
		while (i < s.n && (isalnum((unsigned char)s.p[i]) || s.p[i] == '-' || s.p[i] == '/'))
			i++;
		if (i - b < 2)
			continue;
		int upper = 0;
		for (size_t k = b; k < i; k++)
			upper += isupper((unsigned char)s.p[k]) != 0;
		if (upper >= 2 && venue_lookup(NULL, s.p + b, i - b))
			return 1;
	}
	return 0;
}

/* How strongly the line reads as a venue: 0 not, 1 weak, 2 strong. */
int cvd_venue_score(struct cv *v, cx_str line)
{
	cx_str p = cvd_plain(&v->a, line);
	int kw = cvd_venue_words(p);
	int y = cvd_find_year(p, NULL) || cvd_find_short_year(p);
	int acr = known_acronym(p);
	if ((y && (kw || acr)) || (acr && p.n < 40) || cvd_has_ci(p, "arxiv") || cvd_has_ci(p, "submitted to") ||
	    cvd_has_ci(p, "in submission") || cvd_has_ci(p, "under review") || cvd_has_ci(p, "dissertation"))
		return 2;
	if (kw || y || acr)
		return 1;
	return 0;
}

/* A paragraph in the first person is the page talking about its owner,
 * never an abstract. */
static int first_person(cx_str s)
{
	return cvd_has_ci(s, "I") || cvd_has_ci(s, "my") || cvd_has_ci(s, "I'm") || cvd_has_ci(s, "me");
}


/* The number of names when s reads as an author list, else 0. */
static int authors_score(struct cv *v, cx_str s)
{
	cx_str t = cvd_trim(s);
	if (!t.n)
		return 0;
	struct au_list L;
	if (au_parse(&v->a, t.p, t.n, &L) || !L.n)
		return 0;
	int names = 0, strong = t.p[0] == ',' || L.equal_note;
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *nm = &L.v[i];
		if (nm->empty) {
			strong = 1;
			continue;
		}
		if (nm->others) {
			strong = 1;
			if (!nm->text.n)
				continue;
		}
		if (!nm->family_first && !au_name_like(nm->text.p, nm->text.n))
			return 0;
		/* every name needs one word that is more than an initial */
		cx_str w = nm->text;
		int full = 0;
		for (size_t k = 0, b = 0; k <= w.n; k++) {
			if (k == w.n || w.p[k] == ' ' || w.p[k] == ',') {
				if (k > b && !au_is_initials(cvd_S(w.p + b, k - b)))
					full = 1;
				b = k + 1;
			}
		}
		if (!full)
			return 0;
		names++;
		if (nm->bold || nm->equal || cvd_owner_match(v, nm->text))
			strong = 1;
	}
	if (names + (strong ? 1 : 0) >= 2 || (names >= 1 && strong))
		return names ? names : 1;
	return 0;
}

/* A line that is only link labels, URLs and separators. */
int cvd_links_only(cx_str s)
{
	int any = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '[') {
			const char *e = memchr(s.p + i, ']', s.n - i);
			if (!e || !cvd_is_label(s.p + i + 1, (size_t)(e - s.p - i - 1)))
				return 0;
			any = 1;
			i = (size_t)(e - s.p) + 1;
		} else if (c == CX_M_URL_ON) {
			const char *e = memchr(s.p + i, CX_M_URL_OFF, s.n - i);
			i = e ? (size_t)(e - s.p) + 1 : s.n;
			any = 1;
		} else if (cvd_is_sp(c) || c == '-' || c == '|' || c == '/' || c == ',' || CX_IS_MARK(c) ||
		           c == 0xC2 || c == 0xB7) {
			i++;
		} else if (c == 0xE2 && i + 2 < s.n) { /* dashes and bullets */
			i += 3;
		} else {
			size_t b = i;
			while (i < s.n && isalpha((unsigned char)s.p[i]))
				i++;
			if (i == b || !cvd_label_word(s.p + b, i - b))
				return 0;
			any = 1;
		}
	}
	return any;
}

/* ---- grouping lines into items -------------------------------------------- */

enum cls { C_TITLE, C_AUTHORS, C_VENUE, C_LINKS, C_PAREN, C_DATE, C_ABSTRACT, C_CITE };



static enum cls classify(struct cv *v, cx_str s, int *vscore)
{
	cx_str p = cvd_plain(&v->a, s);
	struct ymd d;
	*vscore = 0;
	if (cvd_links_only(s))
		return C_LINKS;
	if (p.n > 1 && p.p[0] == '(' && p.p[p.n - 1] == ')')
		return C_PAREN;
	if (cvd_date_line(p, &d))
		return C_DATE;
	if (p.n && p.p[0] == ',')
		return C_AUTHORS;
	/* "[OSDI '24] Title of the paper": a title with its venue tag */
	if (p.n && p.p[0] == '[') {
		const char *e = memchr(p.p, ']', p.n);
		if (e && cvd_words_in(cvd_S(e + 1, (size_t)(p.p + p.n - e - 1))) >= 3 &&
		    cvd_venue_score(v, cvd_S(p.p + 1, (size_t)(e - p.p - 1))))
			return C_TITLE;
	}
	*vscore = cvd_venue_score(v, s);
	/* before the length test: a long author list is still one */
	if (authors_score(v, s) && *vscore < 2)
		return C_AUTHORS;
	if (p.n > 200 ||
	    (p.n > 80 && p.p[p.n - 1] == '.' &&
	     (cvd_has_ci(p, "we") || cvd_has_ci(p, "our") || cvd_has_ci(p, "this paper"))) ||
	    !strncmp(p.p, "Abstract", 8))
		return C_ABSTRACT;
	if (*vscore == 2)
		return C_VENUE;
	return C_TITLE;
}

static struct cv_raw *new_raw(struct cv *v)
{
	if (v->nraw == v->capraw) {
		size_t cap = v->capraw ? v->capraw * 2 : 32;
		v->raw = arena_grow(&v->a, v->raw, sizeof *v->raw, v->nraw, cap);
		v->capraw = cap;
	}
	struct cv_raw *r = &v->raw[v->nraw];
	memset(r, 0, sizeof *r);
	return r;
}

static int ends_with_comma(cx_str s)
{
	s = cvd_trim(s);
	while (s.n && CX_IS_MARK(s.p[s.n - 1]))
		s.n--;
	return s.n && s.p[s.n - 1] == ',';
}

struct grouper {
	struct cv *v;
	struct cv_raw cur;
	int have;          /* cur holds something */
	enum cv_hint hint;
	int last;          /* class of the last line taken */
	int strict;        /* outside a publication heading: items need more */
	int stop;          /* the section's list has ended (a bio paragraph) */
	int year;          /* the year heading the items stand under, or 0 */
};

/* A line that is only a year: a heading of a list grouped by year. */
static int year_only(struct cv *v, const struct cv_line *L)
{
	cx_str p = cvd_trim_punct(cvd_plain(&v->a, cvd_S(L->s, L->n)), ":-#*");
	return p.n == 4 ? cvd_find_year(p, NULL) : 0;
}

static int raw_valid(const struct cv_raw *r, int strict)
{
	if (r->cite.n)
		return 1;
	if (!r->title.n)
		return 0;
	if (strict)
		return r->authors.n && r->venue.n;
	return r->authors.n || r->venue.n || r->date.n;
}

static void flush(struct grouper *g)
{
	if (g->have && raw_valid(&g->cur, g->strict)) {
		struct cv_raw *r = new_raw(g->v);
		*r = g->cur;
		if (!r->hint)
			r->hint = g->hint;
		if (!r->rec_year)
			r->rec_year = g->year; /* a heading's year belongs to the items under it */
		g->v->nraw++;
	}
	memset(&g->cur, 0, sizeof g->cur);
	g->have = 0;
	g->last = -1;
}

/* A line that is only a year: the item's year inside an item, else the
 * heading of the items that follow.  1 when taken. */
static int year_line(struct grouper *g, cx_str ps0, int in_marker_item)
{
	struct cv_raw *c = &g->cur;
	if (ps0.n != 4 || !cvd_find_year(ps0, NULL))
		return 0;
	if (in_marker_item && (c->title.n || c->authors.n)) {
		c->date = ps0; /* the item's year on a line of its own */
		return 1;
	}
	flush(g); /* a year heading in a list grouped by year */
	g->year = cvd_find_year(ps0, NULL);
	return 1;
}

/* A line that is a whole citation is one item.  1 when taken. */
static int one_citation(struct grouper *g, const struct cv_line *L, cx_str s)
{
	struct cv_raw tmp;
	memset(&tmp, 0, sizeof tmp);
	if (!cvd_parse_citation(g->v, s, &tmp))
		return 0;
	flush(g);
	tmp.line = L->line;
	tmp.cite = s;
	g->cur = tmp;
	g->have = 1;
	flush(g);
	return 1;
}

static void take_line(struct grouper *g, const struct cv_line *L, int in_marker_item)
{
	struct cv *v = g->v;
	cx_str s = cvd_S(L->s, L->n);
	struct cv_raw *c = &g->cur;
	int vs;
	if (g->stop)
		return;
	/* a wrapped author line continues whatever comes next */
	if (g->last == C_AUTHORS && ends_with_comma(c->authors)) {
		int k = classify(v, s, &vs);
		if (k == C_AUTHORS || (k == C_TITLE && authors_score(v, cv_cat(&v->a, c->authors, " ", s)))) {
			c->authors = cv_cat(&v->a, c->authors, " ", s);
			return;
		}
	}
	enum cls k = classify(v, s, &vs);
	cx_str ps0 = cvd_plain(&v->a, s);
	if (year_line(g, ps0, in_marker_item))
		return;
	if ((k == C_TITLE || k == C_VENUE || (k == C_ABSTRACT && !first_person(ps0)) ||
	     (k == C_AUTHORS && ps0.n > 80)) &&
	    !in_marker_item && s.n > 40 && (vs || cvd_find_year(ps0, NULL)) && one_citation(g, L, s))
		return;
	if (!g->have)
		c->line = L->line;
	switch (k) {
	case C_LINKS:
		if (g->have)
			c->extra = cv_cat(&v->a, c->extra, " ", s);
		else if (v->nraw && !g->strict)
			v->raw[v->nraw - 1].extra = cv_cat(&v->a, v->raw[v->nraw - 1].extra, " ", s);
		return;
	case C_PAREN:
		if (c->title.n)
			c->extra = cv_cat(&v->a, c->extra, " ", s);
		return;
	case C_DATE:
		if (!in_marker_item && (c->title.n || c->authors.n))
			flush(g);
		c->date = cvd_plain(&v->a, s);
		if (!g->have)
			c->line = L->line;
		g->have = 1;
		g->last = k;
		return;
	case C_ABSTRACT:
		if (first_person(cvd_plain(&v->a, s)) && !in_marker_item) {
			flush(g);
			g->stop = 1; /* the page has gone back to talking about its owner */
			return;
		}
		if (c->title.n)
			c->abstract = cv_cat(&v->a, c->abstract, " ", s);
		else if (!g->have && v->nraw && !in_marker_item &&
		         !v->raw[v->nraw - 1].abstract.n)
			v->raw[v->nraw - 1].abstract = s; /* abstracts between entries */
		g->last = k;
		return;
	case C_AUTHORS:
		if (c->authors.n && !in_marker_item && (c->venue.n || c->abstract.n)) {
			flush(g);
			c->line = L->line;
		} else if (c->authors.n && !c->title.n) {
			c->title = c->authors;
			c->authors = cvd_S("", 0);
		} else if (c->authors.n) {
			c->extra = cv_cat(&v->a, c->extra, " ", s);
			return;
		}
		c->authors = s;
		g->have = 1;
		g->last = k;
		return;
	case C_VENUE:
		if (!c->title.n && !c->authors.n && !in_marker_item && vs < 2)
			goto title;
		if (c->venue.n) {
			if (!in_marker_item && c->title.n && c->authors.n && c->abstract.n) {
				/* a second venue after an abstract: a new block began */
				goto title;
			}
			c->extra = cv_cat(&v->a, c->extra, ", ", s);
		} else if (!c->title.n && !c->authors.n && !in_marker_item) {
			goto title;
		} else
			c->venue = s;
		g->have = 1;
		g->last = k;
		return;
	case C_CITE:
	case C_TITLE:
	title:
		if (in_marker_item) {
			if (!c->title.n)
				c->title = s;
			else if (!c->authors.n && !c->venue.n)
				c->title = cv_cat(&v->a, c->title, " ", s);
			else if (!c->venue.n && c->authors.n)
				c->venue = s;
			else
				c->extra = cv_cat(&v->a, c->extra, ", ", s);
			g->have = 1;
			g->last = C_TITLE;
			return;
		}
		if (c->title.n && (c->authors.n || c->venue.n) && cvd_award_words(ps0) && ps0.n < 60) {
			c->extra = cv_cat(&v->a, c->extra, ", ", s); /* "Oral presentation" */
			return;
		}
		if (c->title.n && !c->authors.n && !c->venue.n) {
			cx_str pt = cvd_plain(&v->a, c->title);
			char e = pt.n ? pt.p[pt.n - 1] : '.';
			cx_str ps = cvd_plain(&v->a, s);
			if (g->last == C_TITLE && !strchr(".?!", e) && ps.n && (islower((unsigned char)ps.p[0]) || e == ':' || e == '-'))
				c->title = cv_cat(&v->a, c->title, " ", s);
			else {
				c->title = s; /* the earlier line was no item ("See the full list ...") */
				c->line = L->line;
			}
		} else if (!c->title.n && c->authors.n && !c->venue.n && g->last == C_AUTHORS) {
			c->title = s; /* authors first, then the title */
		} else {
			if (c->title.n || c->authors.n || c->venue.n)
				flush(g);
			if (!g->have)
				c->line = L->line;
			c->title = s;
		}
		g->have = 1;
		g->last = C_TITLE;
		return;
	}
}

/* Hard-wrapped text (a PDF turned into text): a line ends in a hyphen or
 * "and", or the next starts in lower case or with a quote. */
static int lines_wrapped(struct cv *v, const struct cv_line *L, size_t n)
{
	/* text wrapped at a width: every line but the last about as long as
	 * the longest */
	size_t max = 0, k = 0, full = 0, last = 0;
	for (size_t i = 0; i < n; i++)
		if (!L[i].blank) {
			size_t len = cvd_plain(&v->a, cvd_S(L[i].s, L[i].n)).n;
			max = len > max ? len : max;
			last = i;
		}
	for (size_t i = 0; i < last; i++)
		if (!L[i].blank) {
			size_t len = cvd_plain(&v->a, cvd_S(L[i].s, L[i].n)).n;
			k++;
			full += 5 * len >= 4 * max;
		}
	if (k >= 1 && max >= 100 && full == k)
		return 1;
	int prev = 0;
	for (size_t i = 0; i < n; i++) {
		if (L[i].blank)
			continue;
		cx_str p = cvd_plain(&v->a, cvd_S(L[i].s, L[i].n));
		if (prev && p.n && (islower((unsigned char)p.p[0]) || p.p[0] == '"' ||
		                    (unsigned char)p.p[0] == 0xE2))
			return 1;
		if (i + 1 < n && p.n && (p.p[p.n - 1] == '-' || (p.n > 4 && !memcmp(p.p + p.n - 4, " and", 4))))
			return 1;
		prev = 1;
	}
	return 0;
}

/* A marker item (numbered or bulleted) whose lines are one citation. */
static void take_marker_item(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	size_t nonblank = 0;
	cx_str joined = cvd_S("", 0);
	for (size_t i = 0; i < n; i++)
		if (!L[i].blank) {
			nonblank++;
			joined = cv_cat(&v->a, joined, " ", cvd_S(L[i].s, L[i].n));
		}
	if (!nonblank)
		return;
	flush(g);
	struct cv_raw tmp;
	memset(&tmp, 0, sizeof tmp);
	int vs;
	/* One line, or lines that do not split into title/authors/venue. */
	int block = 0;
	if (nonblank > 1) {
		int kinds = 0;
		for (size_t i = 0; i < n; i++)
			if (!L[i].blank) {
				enum cls k = classify(v, cvd_S(L[i].s, L[i].n), &vs);
				if (k == C_AUTHORS || k == C_VENUE)
					kinds++;
			}
		block = kinds > 0;
		if (lines_wrapped(v, L, n) && cvd_parse_citation(v, joined, &tmp))
			block = 0;
		memset(&tmp, 0, sizeof tmp);
	}
	if (!block && cvd_parse_citation(v, joined, &tmp)) {
		tmp.line = L[0].line;
		tmp.cite = joined;
		g->cur = tmp;
		g->have = 1;
		flush(g);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (!L[i].blank)
			take_line(g, &L[i], 1);
	if (!raw_valid(&g->cur, g->strict) && !g->strict)
		cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, L[0].line,
		        "list item in a publication section not read as a publication; skipped");
	flush(g);
}

/* An image's file name ("cc-by.png"): what a text dump shows of a
 * preview picture. */
static int image_name(cx_str p)
{
	static const char *const ext[] = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", NULL};
	if (!p.n || memchr(p.p, ' ', p.n))
		return 0;
	for (size_t i = 0; ext[i]; i++) {
		size_t k = strlen(ext[i]);
		if (p.n > k && cvd_ieqn(p.p + p.n - k, ext[i], k))
			return 1;
	}
	return 0;
}

/* A list item as a text dump of a template shows it: a venue badge on a
 * line of its own ("Journal Issue", "ICLR"), a blank line, then the item.
 * Image names go; the badge is set apart as the venue's short name. */
static void take_list_item(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	struct cv_line *keep = arena_alloc(&v->a, (n + 1) * sizeof *keep);
	size_t nk = 0, first = (size_t)-1, after = 0;
	for (size_t i = 0; i < n; i++) {
		if (!L[i].blank && image_name(cvd_plain(&v->a, cvd_S(L[i].s, L[i].n))))
			continue;
		if (!L[i].blank && first == (size_t)-1)
			first = nk;
		else if (!L[i].blank)
			after++;
		keep[nk++] = L[i];
	}
	cx_str badge = cvd_S("", 0);
	/* the badge stands apart (a blank line after it), or the authors come
	 * third, after the title */
	size_t nb[3] = {0, 0, 0}, got = 0;
	for (size_t i = first; first != (size_t)-1 && i < nk && got < 3; i++)
		if (!keep[i].blank)
			nb[got++] = i;
	int vs, third_authors = got == 3 &&
	    classify(v, cvd_S(keep[nb[2]].s, keep[nb[2]].n), &vs) == C_AUTHORS &&
	    classify(v, cvd_S(keep[nb[1]].s, keep[nb[1]].n), &vs) != C_AUTHORS;
	if (first != (size_t)-1 && first + 1 < nk && after >= 2 && (keep[first + 1].blank || third_authors)) {
		cx_str p = cvd_plain(&v->a, cvd_S(keep[first].s, keep[first].n));
		if (p.n <= 30 && cvd_words_in(p) <= 3 && !cvd_find_year(p, NULL)) {
			badge = p;
			keep[first].blank = 1;
			keep[first].n = 0;
			for (size_t i = first + 1; i < nk; i++)
				if (!keep[i].blank) {
					keep[i].marker = keep[first].marker;
					break;
				}
		}
	}
	size_t before = v->nraw;
	take_marker_item(g, keep, nk);
	for (size_t i = before; i < v->nraw; i++)
		if (!v->raw[i].badge.n)
			v->raw[i].badge = badge;
}

/* A record of a web page: one item.  When the template names its title
 * and its authors or venue, those blocks are the fields; otherwise its
 * lines are read as any list item's.  Badges and link rows are set apart
 * first. */
static void take_record(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	cx_str part[R_LINKS + 1];
	memset(part, 0, sizeof part);
	struct cv_line *rest = arena_alloc(&v->a, (n + 1) * sizeof *rest);
	size_t nrest = 0;
	for (size_t i = 0; i < n; i++) {
		if (L[i].blank)
			continue;
		cx_str s = cvd_S(L[i].s, L[i].n);
		if (L[i].role == R_TITLE || L[i].role == R_AUTHOR)
			part[L[i].role] = cv_cat(&v->a, part[L[i].role], " ", s);
		else if (L[i].role == R_VENUE || L[i].role == R_BADGE || L[i].role == R_LINKS)
			part[L[i].role] = cv_cat(&v->a, part[L[i].role], ", ", s);
		if (L[i].role == R_NONE && cvd_links_only(s))
			part[R_LINKS] = cv_cat(&v->a, part[R_LINKS], " ", s);
		else if (L[i].role == R_NONE || L[i].role == R_TITLE || L[i].role == R_AUTHOR ||
		         L[i].role == R_VENUE)
			rest[nrest++] = L[i];
	}
	flush(g);
	const struct cv_rec *rc = &v->rec[L[0].rec <= v->nrec ? L[0].rec : 0];
	size_t before = v->nraw;
	if (part[R_TITLE].n && (part[R_AUTHOR].n || part[R_VENUE].n)) {
		struct cv_raw *c = &g->cur;
		c->line = L[0].line;
		c->title = part[R_TITLE];
		c->authors = part[R_AUTHOR];
		c->venue = part[R_VENUE];
		c->extra = part[R_LINKS];
		g->have = 1;
		flush(g);
	} else if (nrest)
		take_marker_item(g, rest, nrest);
	for (size_t i = before; i < v->nraw; i++) {
		struct cv_raw *r = &v->raw[i];
		r->rec = L[0].rec;
		r->badge = cvd_trim_punct(cvd_plain(&v->a, part[R_BADGE]), ",");
		if (rc->year)
			r->rec_year = rc->year;
		if (rc->hint)
			r->hint = rc->hint;
		if (part[R_LINKS].n && r->extra.p != part[R_LINKS].p)
			r->extra = cv_cat(&v->a, r->extra, " ", part[R_LINKS]);
	}
}

/* Heading text without the markup, and whether it was all one emphasis. */
static cx_str heading_text(struct cv *v, const struct cv_line *L, int *emph)
{
	cx_str s = cvd_S(L->s, L->n);
	*emph = s.n > 2 && (s.p[0] == CX_M_ITALIC_ON || s.p[0] == CX_M_BOLD_ON) &&
	        (s.p[s.n - 1] == CX_M_ITALIC_OFF || s.p[s.n - 1] == CX_M_BOLD_OFF);
	return cvd_plain(&v->a, s);
}

/* A bold span at the start of a line that names a section
 * ("**Education** **University of Washington** ..."). */
static enum sec bold_heading(struct cv *v, const struct cv_line *L, enum cv_hint *h)
{
	if (!L->n || L->s[0] != CX_M_BOLD_ON)
		return SEC_NONE;
	const char *e = memchr(L->s, CX_M_BOLD_OFF, L->n);
	if (!e)
		return SEC_NONE;
	return cvd_sec_class(cvd_plain(&v->a, cvd_S(L->s + 1, (size_t)(e - L->s - 1))), h);
}

size_t cvd_words_in(cx_str s)
{
	size_t w = 0;
	for (size_t i = 0; i < s.n; i++)
		if (!cvd_is_sp((unsigned char)s.p[i]) && (i == 0 || cvd_is_sp((unsigned char)s.p[i - 1])))
			w++;
	return w;
}

/* A list item runs to the next marker, heading, section title or year
 * heading; the line after its last. */
static size_t marker_end(struct cv *v, size_t i)
{
	const struct cv_line *L = &v->l[i];
	size_t j = i + 1;
	while (j < v->nl && !v->l[j].marker && !v->l[j].heading && !v->l[j].rec) {
		const struct cv_line *M = &v->l[j];
		if (!M->blank) {
			cx_str q = cvd_plain(&v->a, cvd_S(M->s, M->n));
			enum cv_hint h2;
			if (q.n < 60 && cvd_sec_class(q, &h2) != SEC_NONE)
				break;
			if (bold_heading(v, M, &h2) != SEC_NONE)
				break;
		}
		if (!M->blank && v->l[j - 1].blank && year_only(v, M))
			break; /* the next year's heading */
		/* a blank line then unmarked text ends a bulleted list item
		 * when the list is single-line items */
		if (M->blank && L->marker == 'b' && j + 1 < v->nl && !v->l[j + 1].marker && !v->l[j + 1].blank &&
		    v->l[j - 1].marker)
			break;
		j++;
	}
	return j;
}

/* Walk the lines: track sections, and feed publication sections to the
 * grouper.  With no publication heading anywhere, every section that is not
 * clearly something else is read, and items must show authors and a venue. */
void cvd_segment(struct cv *v)
{
	int any_pub = 0;
	enum cv_hint h;
	for (size_t i = 0; i < v->nl; i++) {
		const struct cv_line *L = &v->l[i];
		if (L->blank)
			continue;
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		if ((L->heading || L->marker == 0) && cvd_sec_class(p, &h) == SEC_PUB &&
		    (L->heading || p.n < 60))
			any_pub = 1;
		if (bold_heading(v, L, &h) == SEC_PUB)
			any_pub = 1;
	}
	enum sec sec = any_pub ? SEC_OTHER : SEC_NONE;
	int pub_level = 0;
	struct grouper g;
	memset(&g, 0, sizeof g);
	g.v = v;
	g.last = -1;
	g.strict = !any_pub;
	for (size_t i = 0; i < v->nl;) {
		const struct cv_line *L = &v->l[i];
		if (L->blank) {
			i++;
			continue;
		}
		if (L->rec) {
			size_t j = i + 1;
			while (j < v->nl && v->l[j].rec == L->rec)
				j++;
			if (sec != SEC_OTHER)
				take_record(&g, L, j - i);
			i = j;
			continue;
		}
		cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
		int emph = 0;
		enum sec k = SEC_NONE;
		enum cv_hint hh = H_NONE;
		if (L->heading) {
			heading_text(v, L, &emph);
			k = cvd_sec_class(p, &hh);
		} else if (!L->marker && p.n < 60) {
			k = cvd_sec_class(p, &hh);
			if (k != SEC_NONE) {
				/* a plain line names a section only if it ends like a title */
				char e = p.p[p.n - 1];
				if (e == '.' || e == ',' || e == ';')
					k = SEC_NONE;
			}
		}
		if (k == SEC_NONE && !L->marker)
			k = bold_heading(v, L, &hh);
		if (k != SEC_NONE) {
			flush(&g);
			g.stop = 0;
			sec = k;
			g.hint = hh;
			g.year = 0;
			if (k == SEC_PUB && L->heading && (!pub_level || L->heading < pub_level))
				pub_level = L->heading;
			/* a bold heading may carry content on the same line: skip it */
			i++;
			continue;
		}
		if (L->heading && year_only(v, L)) {
			flush(&g);
			g.year = year_only(v, L);
			i++;
			continue;
		}
		if (L->heading) {
			/* Not a section title: inside publications a long heading is an
			 * item's title ("## *Title*"), a short one a year or group. */
			if (sec == SEC_PUB || sec == SEC_NONE) {
				if (cvd_words_in(p) >= 3 || emph) {
					struct cv_line T = *L;
					T.heading = 0;
					flush(&g);
					take_line(&g, &T, 0);
					i++;
					continue;
				}
				if (sec == SEC_PUB && pub_level && L->heading <= pub_level && !cvd_find_year(p, NULL)) {
					flush(&g);
					sec = SEC_OTHER;
				}
			} else if (sec == SEC_OTHER && !any_pub) {
				sec = SEC_NONE;
			}
			i++;
			continue;
		}
		if (sec == SEC_OTHER) {
			i++;
			continue;
		}
		if (L->marker) {
			size_t j = marker_end(v, i);
			take_list_item(&g, &v->l[i], j - i);
			i = j;
			continue;
		}
		/* an unnumbered paragraph that is one hard-wrapped citation */
		size_t j = i + 1;
		while (j < v->nl && !v->l[j].blank && !v->l[j].heading && !v->l[j].marker && !v->l[j].rec)
			j++;
		if (j - i >= 2 && j - i <= 6 && lines_wrapped(v, L, j - i)) {
			cx_str joined = cvd_S("", 0);
			int links = 0;
			for (size_t m = i; m < j; m++) {
				joined = cv_cat(&v->a, joined, " ", cvd_S(v->l[m].s, v->l[m].n));
				links |= cvd_links_only(cvd_S(v->l[m].s, v->l[m].n));
			}
			struct cv_raw tmp;
			memset(&tmp, 0, sizeof tmp);
			if (!links && cvd_parse_citation(v, joined, &tmp) && (tmp.venue.n || tmp.item)) {
				flush(&g);
				memset(&tmp, 0, sizeof tmp);
				tmp.line = L->line;
				tmp.cite = joined;
				g.cur = tmp;
				g.have = 1;
				flush(&g);
				i = j;
				continue;
			}
		}
		take_line(&g, L, 0);
		i++;
	}
	flush(&g);
}
