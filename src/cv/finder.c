/* cv/finder.c - the finder: which lines of a document are publications,
 * and where each item begins and ends.
 *
 * Headings say where the publications are ("Publications", "Journal
 * Articles"; "Talks" and "Teaching" are not) and what they are; a year
 * heading dates the items under it.  Inside a publication section the
 * structure decides first: a page record, a numbered or bulleted list item
 * is one item.  Lines without such marks are grouped by what each line is,
 * as the labeller reads it alone (a title, an author list, a venue, or a
 * whole citation): an item ends where its first kind of line comes again,
 * or a kind it already holds.  What is no part of an item's text is set
 * apart here: rows of links (kept for the identifiers in them), image file
 * names, a template's venue badge, abstracts, and a line that is only the
 * item's date. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "core/utf8.h"
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
	"reports", "proceedings", "writings", "pre-prints", "e-prints", "eprints", NULL};
static const char *const other_words[] = {
	"education", "talks", "talk", "presentations", "awards", "award", "honors", "honours",
	"honor", "teaching", "service", "services", "experience", "experiences", "employment",
	"skills", "interests", "contact", "grants", "funding", "students", "mentoring",
	"advising", "projects", "news", "activities", "reviewing", "reviewer", "positions",
	"appointments", "biography", "bio", "about", "hobbies", "languages", "leadership",
	"outreach", "media", "press", "fellowships", "scholarships", "courses", "coursework", "blog",
	"blogs", "podcast", "podcasts", "videos",
	"volunteer", "memberships", "references", "referees", "patents", "misc",
	"miscellaneous", "personal", "summary", "profile", "objective", "achievements",
	"certifications", "internships", "seminars", "lectures", "committees", "affiliations",
	"supervision", "collaborators", "visits", "workshops organized", "hobby", "certificates",
	"certificate", "certification", "licenses", "licences", "presentation", "activity",
	"extracurricular", "volunteering", "committee", "competitions", "training", NULL};
static const char *const connector_words[] = {
	"and", "&", "selected", "recent", "other", "invited", "research", "working", "academic",
	"professional", "peer", "reviewed", "peer-reviewed", "refereed", "conference",
	"conferences", "journal", "journals", "workshop", "international", "book", "full", "list",
	"of", "my", "in", "submission", "under", "review", "technical", "industry", "current",
	"past", "previous", "ongoing", "major", "key", "relevant", "additional", "the", "national",
	"first", "author", "co", "authored", "student", "related", "posters", "demos", "abstracts",
	"extended", "short", "long", "work", "works", "scholarly", "archival", "non-archival",
	"main", "top", "tier", "venue", "venues", "i", "ii", "iii", "highlighted", "featured",
	"all", "complete", "honors", "symposium", "magazine", "to", "appear", "forthcoming", "arxiv",
	"preprint", "submitted", "doctoral", "masters", "master's", "phd", "ph.d.", "a", "an",
	"with", "at", "for", "on", "preparation", "progress", "revision", "press", "accepted", "revise",
	"resubmit", NULL};

/* Does the text name a publication status ("Under Review", "In
 * Preparation", "Accepted")?  Papers under such a heading are
 * publications (of a kind their own text says: a status has no venue). */
int cvd_status_words(cx_str t)
{
	static const char *const st[] = {"under review", "in preparation", "in progress", "under revision",
	                                 "revise and resubmit", "submitted", "in press", "accepted", "forthcoming",
	                                 "to appear", NULL};
	for (size_t i = 0; st[i]; i++)
		if (cvd_find_ci(t, st[i], 1) >= 0)
			return 1;
	return 0;
}

/* Classify a heading's text: SEC_PUB, SEC_OTHER, or SEC_NONE when it is not
 * a section title at all (an item's title, a name). */
enum sec cvd_sec_class(cx_str t, enum cv_hint *hint)
{
	int words = 0, pub = 0, other = 0, unknown = 0;
	*hint = H_NONE;
	size_t i = 0;
	while (i < t.n) {
		if (t.p[i] == '(') { /* "Publications (* equal contribution)" */
			const char *e = memchr(t.p + i, ')', t.n - i);
			i = e ? (size_t)(e - t.p) + 1 : t.n;
			continue;
		}
		while (i < t.n && !str_alpha((unsigned char)t.p[i]) && t.p[i] != '&' && t.p[i] != '(' &&
		       (unsigned char)t.p[i] < 0x80) {
			if (str_digit((unsigned char)t.p[i]) && words)
				return SEC_NONE; /* "Papers 2023" is fine below */
			i++;
		}
		if (i >= t.n)
			break;
		if (i && str_digit((unsigned char)t.p[i - 1]))
			return SEC_NONE; /* "5papers": a count, not a title */
		size_t b = i;
		while (i < t.n && (str_alpha((unsigned char)t.p[i]) || t.p[i] == '-' || t.p[i] == '\'' ||
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
		else if (!in_list(w, n, connector_words) && ++unknown > 1)
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
	/* one word of its own beside a title's words ("First-Author Refereed
	 * Publications", "Econometrics Papers"): publications still, when two
	 * words or more say so; anything else is no title of ours */
	if (words == 0 || words > 7 || (unknown && (!pub || words - unknown < 2)))
		return SEC_NONE;
	if (pub || (!other && cvd_status_words(t)))
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
	if (!str_digit((unsigned char)p[i + 2]) || !str_digit((unsigned char)p[i + 3]))
		return 0;
	if (i && (str_alnum((unsigned char)p[i - 1]) || p[i - 1] == '.' || p[i - 1] == '/'))
		return 0;
	if (i + 4 < n && (str_digit((unsigned char)p[i + 4]) || (p[i + 4] == '.' && i + 5 < n && str_digit((unsigned char)p[i + 5]))))
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
		if (str_digit((unsigned char)d[0]) && str_digit((unsigned char)d[1]) &&
		    (i + q + 2 == s.n || !str_alnum((unsigned char)d[2])) && i &&
		    (str_alpha((unsigned char)s.p[i - 1]) || s.p[i - 1] == ' ')) {
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
		if (n >= fl && cvd_ieqn(p, months[i], fl) && (n == fl || !str_alpha((unsigned char)p[fl]))) {
			*m = i + 1;
			return fl;
		}
		if (n >= 4 && i == 8 && cvd_ieqn(p, "sept", 4) && (n == 4 || !str_alpha((unsigned char)p[4]))) {
			*m = 9;
			return n > 4 && p[4] == '.' ? 5 : 4;
		}
		if (n >= 3 && cvd_ieqn(p, months[i], 3) && (n == 3 || !str_alpha((unsigned char)p[3]))) {
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
		if (k && !str_is_upper((unsigned char)s.p[k - 1]))
			break;
		const char *p = s.p + k;
		size_t n = s.n - k;
		int m = 0;
		size_t ml = cvd_month_at(p, n, &m);
		struct ymd r = {0, 0, 0};
		if (ml) {
			if (k && !str_is_upper((unsigned char)p[0]))
				continue;
			size_t i = ml;
			while (i < n && p[i] == ' ')
				i++;
			int d = 0;
			size_t j = i;
			while (j < n && str_digit((unsigned char)p[j]) && j - i < 2)
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

/* A paragraph in the first person is the page talking about its owner,
 * never an abstract. */
static int first_person(cx_str s)
{
	return cvd_has_ci(s, "I") || cvd_has_ci(s, "my") || cvd_has_ci(s, "I'm") || cvd_has_ci(s, "me");
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
			while (i < s.n && str_alpha((unsigned char)s.p[i]))
				i++;
			if (i - b == 3 && cvd_ieqn(s.p + b, "and", 3))
				continue; /* "Data and software" */
			if (i == b || !cvd_label_word(s.p + b, i - b))
				return 0;
			any = 1;
		}
	}
	return any;
}

/* A page's footer: "© 2024 Name", "Copyright ...", "Powered by Jekyll". */
static int footer(cx_str p)
{
	return (p.n >= 2 && (unsigned char)p.p[0] == 0xC2 && (unsigned char)p.p[1] == 0xA9) ||
	       (p.n > 10 && (cvd_ieqn(p.p, "copyright ", 10) || cvd_ieqn(p.p, "powered by ", 11) ||
	                     cvd_ieqn(p.p, "last updated", 12)));
}

/* A form's field as a text dump shows it: "[          ]", "[Type    ]". */
static int form_field(cx_str p)
{
	if (p.n < 2 || p.p[0] != '[' || p.p[p.n - 1] != ']')
		return 0;
	size_t words = 0;
	for (size_t i = 1; i + 1 < p.n; i++) {
		if (p.p[i] == '[' || p.p[i] == ']')
			return 0;
		words += p.p[i] != ' ' && p.p[i - 1] == ' ';
	}
	return words <= 2;
}


/* ---- what a line is ---------------------------------------------------------- */

/* The kind of a line of an unmarked list, as the labeller reads it alone. */
enum lk { LK_TITLE, LK_AUTHOR, LK_VENUE, LK_CITE };

static enum lk line_kind(struct cv *v, cx_str s)
{
	struct cv_item it;
	memset(&it, 0, sizeof it);
	struct cv_ctx x = {.a = &v->a, .c = v->c, .model = v->model};
	cx_str links = cvd_S("", 0);
	s = cvd_unlinked(&v->a, s, &links);
	cv_label(&x, s.p, s.n, NULL, 1, &it);
	size_t n[3] = {0, 0, 0}, all = 0;
	for (size_t i = 0; i < it.ntok; i++) {
		int l = it.lab[i];
		size_t w = it.tok[i].n;
		n[l == LAB_TITLE ? 0 : l == LAB_AUTHOR || l == LAB_EDITOR ? 1 : 2] += w;
		all += w;
	}
	if (!all)
		return LK_VENUE;
	/* a whole citation: authors and a title, each a good part of it */
	if (7 * n[0] >= all && 25 * n[1] >= all && n[1] >= 3 && (n[2] || 3 * n[0] >= all))
		return LK_CITE;
	if (2 * n[0] >= all)
		return LK_TITLE;
	if (2 * n[1] >= all)
		return LK_AUTHOR;
	return n[0] > n[1] && n[0] >= n[2] ? LK_TITLE : n[1] > n[2] ? LK_AUTHOR : LK_VENUE;
}

int cvd_cites(struct cv *v, cx_str s)
{
	return line_kind(v, s) == LK_CITE;
}

/* Long prose: an abstract, or the page talking about its owner. */
int cvd_prose(cx_str p)
{
	size_t words = 0, lower = 0;
	for (size_t i = 0; i < p.n; i++)
		if (p.p[i] != ' ' && (!i || p.p[i - 1] == ' ')) {
			words++;
			lower += str_is_lower((unsigned char)p.p[i]) != 0;
		}
	/* a sentence that opens with "We" is the paper talking, full stop or
	 * not (a one-line summary under a title) */
	int we = p.n > 3 && (cvd_ieqn(p.p, "we ", 3) || cvd_ieqn(p.p, "this paper ", p.n > 11 ? 11 : 3));
	return (p.n > 200 && 2 * lower >= words) ||
	       (p.n > 80 && (p.p[p.n - 1] == '.' || we) && 2 * lower >= words &&
	        (cvd_has_ci(p, "we") || cvd_has_ci(p, "our") || cvd_has_ci(p, "this paper"))) ||
	       (p.n > 9 && cvd_ieqn(p.p, "abstract", 8) && !str_alpha((unsigned char)p.p[8]));
}

/* Hard-wrapped text (a PDF turned into text): a line ends in a hyphen or
 * "and", or the next starts in lower case or with a quote. */
/* Characters of UTF-8 text. */
static size_t chars(cx_str s)
{
	return utf8_count(s.p, s.n);
}

/* Does p start with a word in lower case ("and", "in"; not "arXiv")? */
static int lower_word(cx_str p)
{
	size_t k = 0;
	while (k < p.n && str_is_lower((unsigned char)p.p[k]))
		k++;
	return k >= 2 && (k == p.n || !str_alnum((unsigned char)p.p[k]));
}

static int lines_wrapped(struct cv *v, const struct cv_line *L, size_t n)
{
	/* text wrapped at a width: no line but the last had room for the
	 * next line's first word (the width is the document's longest line) */
	size_t k = 0, full = 0, last = 0;
	for (size_t i = 0; i < n; i++)
		if (!L[i].blank)
			last = i;
	for (size_t i = 0; i < last && v->width >= 60; i++)
		if (!L[i].blank) {
			size_t len = chars(cvd_plain(&v->a, cvd_S(L[i].s, L[i].n)));
			cx_str nx = cvd_plain(&v->a, cvd_S(L[i + 1].s, L[i + 1].n));
			size_t w = 0;
			while (w < nx.n && nx.p[w] != ' ')
				w++;
			k++;
			full += !L[i + 1].blank && len + 1 + chars(cvd_S(nx.p, w)) > v->width;
		}
	if (k >= 1 && full == k)
		return 1;
	int prev = 0;
	for (size_t i = 0; i < n; i++) {
		if (L[i].blank)
			continue;
		cx_str p = cvd_plain(&v->a, cvd_S(L[i].s, L[i].n));
		if (prev && lower_word(p))
			return 1;
		if (i + 1 < n && p.n && (p.p[p.n - 1] == '-' || (p.n > 4 && !memcmp(p.p + p.n - 4, " and", 4))))
			return 1;
		prev = 1;
	}
	return 0;
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

/* A line that is only a year: a heading of a list grouped by year. */
int cvd_year_only(struct cv *v, const struct cv_line *L)
{
	cx_str p = cvd_trim_punct(cvd_plain(&v->a, cvd_S(L->s, L->n)), ":-#*");
	return p.n == 4 ? cvd_find_year(p, NULL) : 0;
}

/* ---- items --------------------------------------------------------------------- */

#define ITEM_LINES 32
/* An item's text and its abstract stop growing here: a reference is a few
 * hundred bytes, and text that runs on without a break (a program, a
 * table) would otherwise be copied whole for each line it gains. */
#define ITEM_BYTES 8192
#define ABSTRACT_BYTES 16384

/* x, then sep and y, while x is shorter than cap: a text gathered line by
 * line stops growing there instead of being copied again for each line. */
static cx_str cat_upto(struct arena *a, cx_str x, const char *sep, cx_str y, size_t cap)
{
	return x.n < cap ? cv_cat(a, x, sep, y) : x;
}

/* The texts of lines L[i], i in [from, to), joined with single spaces (the
 * empty ones left out, as cv_cat leaves them), in one copy. */
static cx_str join_lines(struct arena *a, const struct cv_line *L, size_t from, size_t to)
{
	size_t len = 0;
	for (size_t m = from; m < to; m++)
		len += L[m].n + 1;
	char *t = arena_alloc(a, len + 1);
	size_t k = 0;
	for (size_t m = from; m < to; m++) {
		if (!L[m].n)
			continue;
		if (k)
			t[k++] = ' ';
		memcpy(t + k, L[m].s, L[m].n);
		k += L[m].n;
	}
	t[k] = 0;
	return cvd_S(t, k);
}

/* An item being put together. */
struct acc {
	cx_str s[ITEM_LINES];
	uint8_t role[ITEM_LINES];
	uint8_t kind[ITEM_LINES];
	size_t n;
	unsigned line;
	size_t idx;          /* its first line's index */
	unsigned kinds;      /* bit set of enum lk */
	int caption;         /* the first line is a heading with the item's title */
	cx_str extra, abstract, date, badge;
	cx_str title;        /* a heading's title the citation under it repeats */
};

struct grouper {
	struct cv *v;
	struct acc cur;
	enum cv_hint hint;
	int strict;        /* outside a publication heading: items need more */
	int stop;          /* the section's list has ended (a bio paragraph) */
	int year;          /* the year heading the items stand under, or 0 */
	int lead;          /* the kind of line items of this run start with, or -1 */
	int abstract;      /* under an "Abstract" heading */
	int blank;         /* a blank line came before the line taken */
	unsigned rec;      /* the page record being read */
	size_t at, at_end; /* the lines being taken (their idx), for v->rule */
};

/* The rule finder's mark m on the lines being taken, when the learned
 * finder asks for its reading (v->rule): an item's first line starts it,
 * the lines joined to it continue it, and a line set apart stays so. */
static void mark(struct grouper *g, int m)
{
	uint8_t *r = g->v->rule;
	for (size_t k = g->at; r && k < g->at_end && k < g->v->nl; k++) {
		if (k != g->at && (r[k] & (RM_SEC - 1)) == RM_SIDE)
			continue;
		r[k] = (uint8_t)((r[k] & ~(RM_SEC - 1)) | (k == g->at || m == RM_SIDE ? m : RM_CONT));
	}
}

static void mark_at(struct grouper *g, const struct cv_line *L, int m)
{
	g->at = L->idx;
	g->at_end = L->idx + 1;
	mark(g, m);
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

/* The item put together becomes an item found. */
static void flush(struct grouper *g)
{
	struct acc *c = &g->cur;
	struct cv *v = g->v;
	if (c->n) {
		struct cv_raw *r = new_raw(v);
		size_t len = 0;
		int roles = 0;
		for (size_t i = 0; i < c->n; i++)
			len += c->s[i].n + 1, roles |= c->role[i];
		char *t = arena_alloc(&v->a, len + 1);
		size_t k = 0;
		for (size_t i = 0; i < c->n; i++) {
			if (i)
				t[k++] = '\n';
			memcpy(t + k, c->s[i].p, c->s[i].n);
			k += c->s[i].n;
		}
		t[k] = 0;
		r->text = cvd_S(t, k);
		if (roles) {
			r->roles = arena_alloc(&v->a, ITEM_LINES);
			memcpy(r->roles, c->role, ITEM_LINES);
		}
		r->line = c->line;
		r->idx = c->idx;
		r->extra = c->extra, r->abstract = c->abstract, r->date = c->date, r->badge = c->badge;
		r->title = c->title;
		r->hint = g->hint;
		r->rec_year = g->year; /* a heading's year belongs to the items under it */
		r->rec = g->rec;
		r->strict = g->strict;
		v->nraw++;
	} else if (c->extra.n && v->nraw && !g->strict && !v->raw[v->nraw - 1].rec)
		v->raw[v->nraw - 1].extra = cat_upto(&v->a, v->raw[v->nraw - 1].extra, " ", c->extra, ITEM_BYTES);
	memset(c, 0, sizeof *c);
}

/* "[OSDI '24] Title", "**[ICML 2022] Title**": a venue tag in front of a
 * line, a year in it or an acronym the venue table knows; its length, or
 * 0. */
static size_t venue_tag(struct cv *v, cx_str s)
{
	size_t b = 0;
	while (b < s.n && (CX_IS_MARK(s.p[b]) || s.p[b] == ' '))
		b++;
	if (b >= s.n || s.p[b] != '[')
		return 0;
	const char *e = memchr(s.p + b, ']', s.n - b);
	if (!e || e - (s.p + b) > 40)
		return 0;
	cx_str in = cvd_trim(cvd_S(s.p + b + 1, (size_t)(e - s.p - b - 1)));
	cx_str rest = cvd_plain(&v->a, cvd_S(e + 1, (size_t)(s.p + s.n - e - 1)));
	if (!in.n || cvd_is_label(in.p, in.n) || cvd_words_in(rest) < 3 || cvd_words_in(in) > 5)
		return 0;
	if (!cvd_find_year(in, NULL) && !cvd_find_short_year(in) && !venue_lookup(v->c->cx->venues, in.p, in.n))
		return 0;
	return (size_t)(e - s.p) + 1;
}

/* "[CIKM 2020] [Best Poster Nomination] Authors ...": a second bracket
 * after the venue's tag is an award; it goes to the line's end, in
 * parentheses, where a CV writes one. */
static cx_str award_last(struct cv *v, cx_str s)
{
	size_t b = 0;
	while (b < s.n && (CX_IS_MARK(s.p[b]) || s.p[b] == ' '))
		b++;
	if (b >= s.n || s.p[b] != '[')
		return s;
	const char *e = memchr(s.p + b, ']', s.n - b);
	if (!e)
		return s;
	cx_str in = cvd_plain(&v->a, cvd_S(s.p + b + 1, (size_t)(e - s.p - b - 1)));
	cx_str rest = cvd_S(e + 1, (size_t)(s.p + s.n - e - 1));
	if (!in.n || cvd_words_in(in) > 6 || cvd_is_label(in.p, in.n) || cvd_find_year(in, NULL) ||
	    cvd_words_in(cvd_plain(&v->a, rest)) < 3)
		return s;
	cx_str award = cv_cat(&v->a, cv_cat(&v->a, CX_STR("("), "", in), "", CX_STR(")"));
	rest = cvd_trim(rest);
	size_t cut = rest.n; /* before the links' labels that end the line */
	while (cut) {
		size_t w = cut;
		while (w && rest.p[w - 1] != ' ')
			w--;
		if (!cvd_label_word(rest.p + w, cut - w))
			break;
		cut = w ? w - 1 : 0;
	}
	return cv_cat(&v->a, cv_cat(&v->a, cvd_S(rest.p, cut), " ", award), " ", cvd_S(rest.p + cut, rest.n - cut));
}

static void acc_line(struct grouper *g, cx_str s, unsigned line, int role, int kind)
{
	struct acc *c = &g->cur;
	size_t tag = venue_tag(g->v, s);
	if (tag) { /* the tag is the venue's badge; the line goes on without it */
		cx_str t = cvd_plain(&g->v->a, cvd_S(s.p, tag));
		if (!c->badge.n)
			c->badge = cvd_trim_punct(t, "[] ");
		char *r = arena_alloc(&g->v->a, s.n + 1);
		size_t k = 0;
		for (size_t i = 0; i < tag; i++)
			if (CX_IS_MARK(s.p[i]))
				r[k++] = s.p[i]; /* the marks it opened stay */
		memcpy(r + k, s.p + tag, s.n - tag);
		s = cvd_S(r, k + s.n - tag);
		s = award_last(g->v, s);
	}
	if (c->n == ITEM_LINES && c->s[c->n - 1].n + s.n >= ITEM_BYTES)
		flush(g); /* no item is this long: the line starts the next */
	if (!c->n)
		c->line = line, c->idx = g->at;
	mark(g, c->n ? RM_CONT : RM_START);
	if (c->n == ITEM_LINES) { /* more lines than an item has: the last one grows */
		c->s[c->n - 1] = cv_cat(&g->v->a, c->s[c->n - 1], " ", s);
		return;
	}
	c->s[c->n] = s;
	c->role[c->n] = (uint8_t)role;
	c->kind[c->n] = (uint8_t)kind;
	c->n++;
	c->kinds |= 1u << kind;
}

/* A line of identifiers alone: "arXiv:2301.02568", "DOI: 10.1000/x". */
static int ids_only(struct cv *v, cx_str s)
{
	if (s.n > 200)
		return 0;
	struct cv_ctx x = {.a = &v->a, .c = v->c};
	struct venue_out o;
	memset(&o, 0, sizeof o);
	char *t = arena_strndup(&v->a, s.p, s.n);
	size_t n = s.n;
	cv_take_ids(&x, t, &n, &o);
	if (!o.doi.n && !o.arxiv.n)
		return 0;
	cx_str rest = cvd_plain(&v->a, cvd_S(t, n));
	for (size_t i = 0; i < rest.n; i++)
		if (str_alnum((unsigned char)rest.p[i]))
			return cvd_links_only(rest) || cvd_is_label(rest.p, rest.n) ||
			       (rest.n <= 12 && (cvd_has_ci(rest, "arxiv") || cvd_has_ci(rest, "doi") ||
			                         str_ifind(rest, "rxiv", 0) >= 0));
	return 1;
}

/* Lines that are no part of an item's text: rows of links, image names,
 * abstracts.  1 when s was one (and is set apart). */
static int side_line(struct grouper *g, cx_str s, cx_str p, int marked)
{
	struct acc *c = &g->cur;
	struct cv *v = g->v;
	/* "arXiv" alone on a line, no link: the venue, not a link's label */
	int venue_word = !memchr(s.p, CX_M_URL_ON, s.n) &&
	                 (str_ieq(p, "arxiv") || str_ieq(p, "biorxiv") || str_ieq(p, "medrxiv") || str_ieq(p, "preprint"));
	if ((cvd_links_only(s) && !venue_word) ||
	    (c->n && p.n > 1 && p.p[0] == '[' && p.p[p.n - 1] == ']' && cvd_is_label(p.p + 1, p.n - 2))) {
		c->extra = cat_upto(&v->a, c->extra, " ", s, ITEM_BYTES);
		return 1;
	}
	if (image_name(p) || form_field(p))
		return 1;
	if (footer(p)) { /* the page's footer: the list has ended */
		if (!marked)
			flush(g);
		g->stop = 1;
		return 1;
	}
	if (ids_only(v, s)) {
		c->extra = cat_upto(&v->a, c->extra, " ", s, ITEM_BYTES);
		return 1;
	}
	enum lk pk = cvd_prose(p) ? line_kind(v, s) : LK_CITE;
	if (pk == LK_TITLE || pk == LK_VENUE) {
		if (first_person(p) && !marked) {
			flush(g);
			g->stop = 1; /* the page has gone back to talking about its owner */
		} else if (c->n)
			c->abstract = cat_upto(&v->a, c->abstract, " ", p, ABSTRACT_BYTES);
		else if (v->nraw && !marked && !v->raw[v->nraw - 1].abstract.n && !g->strict)
			v->raw[v->nraw - 1].abstract = p; /* abstracts between entries */
		return 1;
	}
	return 0;
}

/* "Recommended citation:", "Cite as:": words that introduce a citation. */
static cx_str lead_in(cx_str s)
{
	static const char *const w[] = {"recommended citation:", "cite as:", "citation:", "how to cite:",
	                                "reference:", "cite:", "to cite:", NULL};
	size_t b = 0;
	while (b < s.n && CX_IS_MARK(s.p[b]))
		b++;
	for (size_t i = 0; w[i]; i++) {
		size_t k = strlen(w[i]);
		if (s.n - b > k && cvd_ieqn(s.p + b, w[i], k))
			return cvd_trim(cvd_S(s.p + b + k, s.n - b - k));
	}
	return s;
}

/* Does the citation c repeat the heading h (a caption over it, its links
 * aside) and say more?  The heading's text, the title c repeats, or "". */
static cx_str repeats(struct cv *v, cx_str h, cx_str c)
{
	cx_str links = cvd_S("", 0);
	cx_str hp = cvd_plain(&v->a, cvd_unlinked(&v->a, h, &links)), cp = cvd_plain(&v->a, c);
	size_t k = 0;
	while (k < hp.n && hp.p[k] != '[')
		k++;
	hp = cvd_trim_punct(cvd_S(hp.p, k), ".,;:");
	hp.p = arena_strndup(&v->a, hp.p, hp.n);
	return hp.n >= 8 && cp.n >= hp.n + 16 && str_ifind(cp, hp.p, 0) >= 0 ? hp : cvd_S("", 0);
}

static int ends_with(cx_str p, const char *set)
{
	return p.n && strchr(set, p.p[p.n - 1]);
}

/* The end of cvd_plain(s), enough to see how a line ends, without copying
 * a line that has grown long.  A URL open where the tail is cut stays out
 * of the text, as cvd_plain keeps it out. */
static cx_str plain_tail(struct arena *a, cx_str s)
{
	size_t b = s.n > 256 ? s.n - 256 : 0;
	for (size_t i = b; i-- > 0 && b - i <= 2048;) { /* no URL is longer */
		unsigned char c = (unsigned char)s.p[i];
		if (c == CX_M_URL_OFF)
			break;
		if (c == CX_M_URL_ON) {
			b = i;
			break;
		}
	}
	b = utf8_floor(s.p, b); /* not inside a character */
	return cvd_plain(a, cvd_S(s.p + b, s.n - b));
}

/* Does line s of kind k go on the item's last line of the same kind? */
static int continues(struct grouper *g, cx_str p, enum lk k)
{
	struct acc *c = &g->cur;
	if (!c->n || c->kind[c->n - 1] != k || (k != LK_AUTHOR && k != LK_TITLE))
		return 0;
	cx_str last = plain_tail(&g->v->a, c->s[c->n - 1]);
	if (k == LK_AUTHOR)
		return ends_with(last, ",&") || (last.n > 4 && !memcmp(last.p + last.n - 4, " and", 4));
	if (k == LK_TITLE)
		return !ends_with(last, ".?!") && p.n &&
		       (str_is_lower((unsigned char)p.p[0]) || ends_with(last, ":-,"));
	return 0;
}

/* One line of an unmarked list: it joins the item put together, or begins
 * the next one. */
static void take_line(struct grouper *g, cx_str s, unsigned line, int heading)
{
	struct cv *v = g->v;
	struct acc *c = &g->cur;
	s = lead_in(s);
	cx_str p = cvd_plain(&v->a, s);
	struct ymd d;
	if (g->stop || (!p.n && !side_line(g, s, p, 0)) || !p.n)
		return;
	if (g->abstract) { /* under an item's "Abstract" heading */
		cx_str *ab = c->n ? &c->abstract
		           : v->nraw && !v->raw[v->nraw - 1].rec ? &v->raw[v->nraw - 1].abstract : NULL;
		if (ab)
			*ab = cat_upto(&v->a, *ab, " ", p, ABSTRACT_BYTES);
		return;
	}
	if (side_line(g, s, p, 0)) {
		mark(g, RM_SIDE);
		return;
	}
	if (p.n == 4 && cvd_find_year(p, NULL)) {
		flush(g); /* a year heading in a list grouped by year */
		g->year = cvd_find_year(p, NULL);
		return;
	}
	if (cvd_date_line(p, &d)) {
		if (c->kinds)
			flush(g);
		c->date = p; /* the item's date on a line before it */
		if (!c->line)
			c->line = line, c->idx = g->at;
		mark(g, RM_SIDE);
		return;
	}
	if (p.n > 1 && p.p[0] == '(' && p.p[p.n - 1] == ')' && !heading) {
		/* "(Best Paper Award)" goes with the item above; "(* = equal
		 * contribution)" over a list is no item */
		if (c->kinds)
			acc_line(g, s, line, R_NONE, LK_VENUE);
		return;
	}
	enum lk k = heading ? LK_TITLE : line_kind(v, s);
	cx_str title = k != LK_TITLE && c->caption && c->n == 1 ? repeats(v, c->s[0], s) : cvd_S("", 0);
	if (title.n) {
		c->extra = cat_upto(&v->a, c->extra, " ", c->s[0], ITEM_BYTES); /* its links */
		c->title = title;
		c->s[0] = s;
		c->kind[0] = LK_CITE;
		c->kinds = 1u << LK_CITE;
		c->caption = 0;
		mark(g, RM_CONT);
		return;
	}
	int start = 0;
	if (!c->kinds)
		start = 0;
	else if (k == LK_CITE || (c->kinds & 1u << LK_CITE))
		start = k != LK_VENUE || g->blank; /* one citation a paragraph */
	else if (continues(g, p, k))
		start = 0;
	else if ((int)k == g->lead && (c->kinds & ~(1u << k)))
		start = 1;
	else if ((k == LK_TITLE || k == LK_AUTHOR) && (c->kinds & 1u << k))
		start = 1;
	if (start)
		flush(g);
	if (!c->kinds && g->lead < 0 && k != LK_CITE)
		g->lead = (int)k;
	if (!c->kinds && heading)
		c->caption = 1;
	if (c->n && c->s[c->n - 1].n + s.n < ITEM_BYTES && continues(g, p, k)) {
		c->s[c->n - 1] = cv_cat(&v->a, c->s[c->n - 1], " ", s);
		mark(g, RM_CONT);
		return;
	}
	acc_line(g, s, line, R_NONE, k);
}

/* Are two lines or more of a marked item whole citations each? */
static int several_citations(struct cv *v, const struct cv_line *L, size_t n)
{
	int k = 0;
	for (size_t i = 0; i < n && k < 2; i++)
		if (!L[i].blank && L[i].n > 40 && line_kind(v, cvd_S(L[i].s, L[i].n)) == LK_CITE)
			k++;
	return k >= 2;
}

/* Lines L[0] and L[1]: a title line over an author list, which stand
 * apart however long the title (a page whose longest lines are its
 * titles is no text wrapped at their width). */
static int title_over_authors(struct cv *v, const struct cv_line *L)
{
	return line_kind(v, cvd_S(L[0].s, L[0].n)) == LK_TITLE && line_kind(v, cvd_S(L[1].s, L[1].n)) == LK_AUTHOR;
}

/* The lines of a marked item (a list item, a page record): one item, its
 * lines as they are, or one line when they are a citation wrapped at a
 * width.  Rows of links, image names and abstracts are set apart. */
static void take_lines(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	size_t nonblank = 0;
	for (size_t i = 0; i < n; i++)
		nonblank += !L[i].blank;
	if (!nonblank)
		return;
	if (nonblank > 1 && !lines_wrapped(v, L, n) && several_citations(v, L, n)) {
		/* a record that holds a list: a year's section of citations */
		int year = g->year;
		for (size_t i = 0; i < n; i++) {
			if (L[i].blank || L[i].role == R_LINKS || L[i].role == R_BADGE)
				continue;
			if (L[i].heading && cvd_year_only(v, &L[i])) {
				flush(g);
				g->year = cvd_year_only(v, &L[i]);
			} else {
				g->at = L[i].idx, g->at_end = L[i].idx + 1;
				take_line(g, cvd_S(L[i].s, L[i].n), L[i].line, 0);
			}
		}
		flush(g);
		g->year = year;
		return;
	}
	struct cv_line *C = arena_alloc(&v->a, (n + 1) * sizeof *C);
	size_t nc = 0;
	int roles = 0, joined_any = 0;
	for (size_t i = 0; i < n; i++) {
		if (L[i].blank)
			continue;
		/* a paragraph wrapped at a width is one line: a citation, or an
		 * abstract */
		size_t j = i;
		while (j < n && !L[j].blank && !L[j].role)
			j++;
		if (j - i >= 2 && lines_wrapped(v, L + i, j - i) && !title_over_authors(v, L + i)) {
			cx_str joined = join_lines(&v->a, L, i, j);
			g->at = L[i].idx, g->at_end = L[j - 1].idx + 1;
			if (side_line(g, joined, cvd_plain(&v->a, joined), 1))
				mark(g, RM_SIDE);
			else {
				C[nc] = L[i];
				joined = lead_in(joined);
				C[nc].s = (char *)joined.p, C[nc].n = joined.n;
				nc++;
				joined_any = 1;
			}
			i = j - 1;
			continue;
		}
		cx_str s = cvd_S(L[i].s, L[i].n), p = cvd_plain(&v->a, s);
		if (L[i].role == R_LINKS) {
			g->cur.extra = cat_upto(&v->a, g->cur.extra, " ", s, ITEM_BYTES);
			mark_at(g, &L[i], RM_SIDE);
			continue;
		}
		if (L[i].role == R_BADGE) {
			g->cur.badge = cvd_trim_punct(cat_upto(&v->a, g->cur.badge, ", ", p, ITEM_BYTES), ",");
			mark_at(g, &L[i], RM_SIDE);
			continue;
		}
		g->at = L[i].idx, g->at_end = L[i].idx + 1;
		if (side_line(g, s, p, 1) || !p.n) {
			mark(g, RM_SIDE);
			continue;
		}
		C[nc] = L[i];
		s = lead_in(s);
		C[nc].s = (char *)s.p, C[nc].n = s.n;
		nc++;
		roles |= L[i].role;
	}
	/* a citation that repeats the item's first line (its title above
	 * it): the citation is the item */
	cx_str title = cvd_S("", 0);
	for (size_t j = 1; j < nc && nc > 1; j++) {
		cx_str cj = cvd_S(C[j].s, C[j].n);
		cx_str t = C[j].n > 40 ? repeats(v, cvd_S(C[0].s, C[0].n), cj) : cvd_S("", 0);
		if (t.n && line_kind(v, cj) == LK_CITE) {
			title = t;
			/* the caption's links are the item's */
			g->cur.extra = cat_upto(&v->a, g->cur.extra, " ", cvd_S(C[0].s, C[0].n), ITEM_BYTES);
			C[0] = C[j];
			C[0].role = R_NONE;
			nc = 1;
			roles = 0;
		}
	}
	if (nc > 1 && !roles && !joined_any && lines_wrapped(v, C, nc) && !title_over_authors(v, C)) {
		cx_str joined = join_lines(&v->a, C, 0, nc);
		g->at = C[0].idx, g->at_end = C[nc - 1].idx + 1;
		acc_line(g, joined, C[0].line, R_NONE, LK_CITE);
	} else
		for (size_t i = 0; i < nc; i++) {
			g->at = C[i].idx, g->at_end = C[i].idx + 1;
			acc_line(g, cvd_S(C[i].s, C[i].n), C[i].line, C[i].role, LK_VENUE);
		}
	if (!g->cur.n && !g->strict && (g->cur.badge.n || g->cur.extra.n))
		cvd_v_diag(v, CX_WARNING, CX_E_SYNTAX, L[0].line,
		           "list item in a publication section holds no text of a publication; skipped");
	if (g->cur.n)
		g->cur.title = title;
	flush(g);
}

/* A list item as a text dump of a template shows it: a venue badge on a
 * line of its own ("Journal Issue", "ICLR"), then the item.  The badge
 * stands apart (a blank line after it), or a title and an author list
 * follow it. */
static void take_list_item(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	if (g->stop)
		return;
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
	flush(g);
	if (first != (size_t)-1 && first + 1 < nk && after >= 2) {
		cx_str p = cvd_plain(&v->a, cvd_S(keep[first].s, keep[first].n));
		size_t nb[2], got = 0;
		for (size_t i = first + 1; i < nk && got < 2; i++)
			if (!keep[i].blank)
				nb[got++] = i;
		int apart = keep[first + 1].blank;
		/* or the item's title follows it, a line of its own */
		if (!apart && got == 2 && p.n <= 30 && cvd_words_in(p) <= 3 && !cvd_find_year(p, NULL)) {
			cx_str t = cvd_S(keep[nb[0]].s, keep[nb[0]].n);
			apart = cvd_words_in(t) > cvd_words_in(p) && !lower_word(cvd_plain(&v->a, t)) &&
			        line_kind(v, t) == LK_TITLE;
		}
		if (p.n <= 30 && cvd_words_in(p) <= 3 && !cvd_find_year(p, NULL) && apart) {
			g->cur.badge = p;
			keep[first].blank = 1;
		}
	}
	take_lines(g, keep, nk);
}

/* A record of a web page: one item, its blocks with the roles the
 * template's class names give them. */
static void take_record(struct grouper *g, const struct cv_line *L, size_t n)
{
	struct cv *v = g->v;
	if (g->stop)
		return;
	flush(g);
	size_t text = 0;
	for (size_t i = 0; i < n; i++)
		text += !L[i].blank && !L[i].heading;
	if (!text) { /* a record of headings alone: a year's heading */
		for (size_t i = 0; i < n; i++)
			if (L[i].heading && cvd_year_only(v, &L[i]))
				g->year = cvd_year_only(v, &L[i]);
		return;
	}
	const struct cv_rec *rc = &v->rec[L[0].rec <= v->nrec ? L[0].rec : 0];
	size_t before = v->nraw;
	int year = g->year;
	enum cv_hint hint = g->hint;
	if (rc->year)
		g->year = rc->year;
	if (rc->hint)
		g->hint = rc->hint;
	g->rec = L[0].rec;
	take_lines(g, L, n);
	g->rec = 0;
	g->year = year;
	g->hint = hint;
	(void)before;
}

/* Heading text without the markup, and whether it was all one emphasis. */
static cx_str heading_text(struct cv *v, const struct cv_line *L, int *emph)
{
	cx_str s = cvd_S(L->s, L->n);
	*emph = s.n > 2 && (s.p[0] == CX_M_ITALIC_ON || s.p[0] == CX_M_BOLD_ON) &&
	        (s.p[s.n - 1] == CX_M_ITALIC_OFF || s.p[s.n - 1] == CX_M_BOLD_OFF);
	return cvd_plain(&v->a, s);
}

cx_str cvd_lead_bold(struct arena *a, const struct cv_line *L)
{
	const char *e = L->n && L->s[0] == CX_M_BOLD_ON ? memchr(L->s, CX_M_BOLD_OFF, L->n) : NULL;
	return e ? cvd_plain(a, cvd_S(L->s + 1, (size_t)(e - L->s - 1))) : cvd_S("", 0);
}

cx_str cvd_lead_label(struct arena *a, const struct cv_line *L)
{
	cx_str p = cvd_plain(a, cvd_S(L->s, L->n));
	size_t k = 0, words = 1;
	while (k < p.n && k < 40 && p.p[k] != ':' && (str_alpha((unsigned char)p.p[k]) || p.p[k] == ' ' || p.p[k] == '&'))
		words += p.p[k++] == ' ';
	return k && k < p.n && p.p[k] == ':' && words <= 3 ? cvd_S(p.p, k) : cvd_S("", 0);
}

/* A bold span at the start of a line that names a section
 * ("**Education** **University of Washington** ..."). */
static enum sec bold_heading(struct cv *v, const struct cv_line *L, enum cv_hint *h)
{
	cx_str b = cvd_lead_bold(&v->a, L);
	*h = H_NONE;
	return b.n ? cvd_sec_class(b, h) : SEC_NONE;
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
	int indented = 0;
	while (j < v->nl && !v->l[j].marker && !v->l[j].heading && !v->l[j].rec && v->l[j].blank != 2) {
		const struct cv_line *M = &v->l[j];
		if (!M->blank) {
			cx_str q = cvd_plain(&v->a, cvd_S(M->s, M->n));
			enum cv_hint h2;
			if (q.n < 60 && cvd_sec_class(q, &h2) != SEC_NONE)
				break;
			if (bold_heading(v, M, &h2) != SEC_NONE)
				break;
		}
		if (!M->blank && v->l[j - 1].blank && cvd_year_only(v, M))
			break; /* the next year's heading */
		if (!M->blank && v->l[j - 1].blank && M->indent < L->indent && indented)
			break; /* after a blank line, text left of the item's indented lines */
		indented |= !M->blank && L->indent && M->indent >= L->indent;
		/* a blank line then unmarked text ends a bulleted list item
		 * when the list is single-line items */
		if (M->blank && L->marker == 'b' && j + 1 < v->nl && !v->l[j + 1].marker && !v->l[j + 1].blank &&
		    v->l[j - 1].marker)
			break;
		j++;
	}
	return j;
}

/* The heading or section title at line i, if it is one: SEC_PUB or
 * SEC_OTHER, with the hint it gives. */
static enum sec section_at(struct cv *v, const struct cv_line *L, enum cv_hint *hh)
{
	cx_str p = cvd_plain(&v->a, cvd_S(L->s, L->n));
	enum sec k = SEC_NONE;
	*hh = H_NONE;
	if (L->heading) {
		k = cvd_sec_class(p, hh);
	} else if (!L->marker && p.n < 60) {
		k = cvd_sec_class(p, hh);
		/* a plain line names a section only if it ends like a title */
		if (k != SEC_NONE && ends_with(p, ".,;"))
			k = SEC_NONE;
	}
	if (k == SEC_NONE && !L->marker)
		k = bold_heading(v, L, hh);
	return k;
}

/* An unnumbered paragraph that is one citation wrapped at a width: its
 * lines as one; 0 when it is not. */
static size_t wrapped_paragraph(struct grouper *g, size_t i)
{
	struct cv *v = g->v;
	const struct cv_line *L = &v->l[i];
	size_t j = i + 1;
	while (j < v->nl && j - i <= 6 && !v->l[j].blank && !v->l[j].heading && !v->l[j].marker &&
	       !v->l[j].rec)
		j++; /* past 6 lines it is no citation: no need to find its end */
	if (j - i < 2 || j - i > 6 || !lines_wrapped(v, L, j - i))
		return 0;
	for (size_t m = i; m < j; m++)
		if (cvd_links_only(cvd_S(v->l[m].s, v->l[m].n)))
			return 0;
	g->at = i, g->at_end = j;
	take_line(g, join_lines(&v->a, v->l, i, j), L->line, 0);
	return j - i;
}

/* The section lines [i, j) were read in, for v->rule. */
static void sec_marks(struct cv *v, size_t i, size_t j, enum sec sec)
{
	for (size_t k = i; v->rule && k < j; k++)
		v->rule[k] = (uint8_t)(v->rule[k] % RM_SEC + sec * RM_SEC);
}

struct walk {
	enum sec sec;
	int any_pub, pub_level;
};

/* A heading that names no section: inside publications a long one is an
 * item's title ("## *Title*"), a short one a year or a group, and one at
 * the level of the publications heading ends them. */
static void other_heading(struct grouper *g, struct walk *w, const struct cv_line *L)
{
	struct cv *v = g->v;
	int emph = 0;
	cx_str p = heading_text(v, L, &emph);
	cx_str pt = cvd_trim_punct(p, ":.");
	if ((w->sec == SEC_PUB || w->sec == SEC_NONE) && (str_ieq(pt, "abstract") || str_ieq(pt, "summary"))) {
		g->abstract = 1; /* the paragraphs under it are the item's abstract */
		return;
	}
	if (w->sec == SEC_PUB || w->sec == SEC_NONE) {
		if (cvd_year_only(v, L)) {
			flush(g);
			g->year = cvd_year_only(v, L);
		} else if (cvd_words_in(p) >= 3 || emph) {
			flush(g);
			g->at = L->idx, g->at_end = L->idx + 1;
			take_line(g, cvd_S(L->s, L->n), L->line, 1);
		} else if (w->sec == SEC_PUB && w->pub_level && L->heading <= w->pub_level &&
		           !cvd_find_year(p, NULL)) {
			flush(g);
			w->sec = SEC_OTHER;
		} else
			flush(g);
	} else if (w->sec == SEC_OTHER && !w->any_pub)
		w->sec = SEC_NONE;
}

/* Walk the lines: track sections, and feed publication sections to the
 * grouper.  With no publication heading anywhere, every section that is not
 * clearly something else is read, and items must show authors and a venue. */
void cvd_segment(struct cv *v)
{
	/* the width text is wrapped at: its longest line (a page's blocks are
	 * never wrapped) */
	size_t *len = xmalloc((v->nl + 1) * sizeof *len), full = 0;
	for (size_t i = 0; i < v->nl && !v->html; i++) {
		len[i] = chars(cvd_plain(&v->a, cvd_S(v->l[i].s, v->l[i].n)));
		v->width = len[i] > v->width ? len[i] : v->width;
	}
	/* a width a text was wrapped at is reached by many of its long lines;
	 * a few long lines in a text that was never wrapped say nothing */
	size_t some = 0;
	for (size_t i = 0; i < v->nl && !v->html; i++) {
		full += 20 * len[i] >= 19 * v->width;
		some += 2 * len[i] >= v->width;
	}
	if (full < 3 || 8 * full < some)
		v->width = 0;
	free(len);
	struct walk w = {SEC_NONE, 0, 0};
	enum cv_hint h;
	for (size_t i = 0; i < v->nl; i++) {
		const struct cv_line *L = &v->l[i];
		if (!L->blank && !L->rec && section_at(v, L, &h) == SEC_PUB &&
		    (L->heading || L->marker || cvd_plain(&v->a, cvd_S(L->s, L->n)).n < 60))
			w.any_pub = 1;
	}
	w.sec = w.any_pub ? SEC_OTHER : SEC_NONE;
	struct grouper g;
	memset(&g, 0, sizeof g);
	g.v = v;
	g.lead = -1;
	g.strict = !w.any_pub;
	for (size_t i = 0; i < v->nl;) {
		const struct cv_line *L = &v->l[i];
		g.blank = i && v->l[i - 1].blank;
		if (v->rule)
			v->rule[i] = (uint8_t)(v->rule[i] % RM_SEC + w.sec * RM_SEC);
		if (L->blank) {
			i++;
			continue;
		}
		if (L->rec) {
			size_t j = i + 1;
			while (j < v->nl && v->l[j].rec == L->rec)
				j++;
			sec_marks(v, i, j, w.sec);
			if (w.sec != SEC_OTHER)
				take_record(&g, L, j - i);
			g.lead = -1;
			i = j;
			continue;
		}
		enum cv_hint hh;
		enum sec k = section_at(v, L, &hh);
		if (k != SEC_NONE) {
			flush(&g);
			g.stop = 0;
			g.abstract = 0;
			g.lead = -1;
			w.sec = k;
			g.hint = hh;
			g.year = 0;
			if (k == SEC_PUB && L->heading && (!w.pub_level || L->heading < w.pub_level))
				w.pub_level = L->heading;
			mark_at(&g, L, k == SEC_PUB ? RM_HEAD_PUB : RM_HEAD_OTHER);
			sec_marks(v, i, i + 1, k);
			i++;
			continue;
		}
		if (L->heading) {
			g.lead = -1;
			g.abstract = 0;
			other_heading(&g, &w, L);
			i++;
			continue;
		}
		if (w.sec == SEC_OTHER) {
			i++;
			continue;
		}
		if (L->marker) {
			size_t j = marker_end(v, i);
			sec_marks(v, i, j, w.sec);
			take_list_item(&g, &v->l[i], j - i);
			g.lead = -1;
			i = j;
			continue;
		}
		size_t k2 = wrapped_paragraph(&g, i);
		if (k2) {
			sec_marks(v, i, i + k2, w.sec);
			i += k2;
			continue;
		}
		g.at = i, g.at_end = i + 1;
		take_line(&g, cvd_S(L->s, L->n), L->line, 0);
		i++;
	}
	flush(&g);
}

/* ---- the grouper, for the learned finder (assemble.c) ---------------------------- */

struct grouper *cvd_grouper(struct cv *v)
{
	struct grouper *g = arena_calloc(&v->a, sizeof *g);
	g->v = v;
	g->lead = -1;
	g->strict = 1;
	return g;
}

void cvd_group_state(struct grouper *g, int strict, enum cv_hint hint, int year)
{
	g->strict = strict;
	g->hint = hint;
	g->year = year;
}

void cvd_group_item(struct grouper *g, const struct cv_line *C, size_t nc)
{
	g->stop = 0;
	if (!nc)
		return;
	if (C[0].rec)
		take_record(g, C, nc);
	else if (C[0].marker)
		take_list_item(g, C, nc);
	else
		take_lines(g, C, nc);
	flush(g);
}

void cvd_side_text(struct cv *v, struct cv_raw *r, const struct cv_line *L)
{
	cx_str s = cvd_S(L->s, L->n), p = cvd_plain(&v->a, s);
	cx_str w = cvd_trim_punct(p, ":.");
	struct ymd d;
	if (str_ieq(w, "abstract") || str_ieq(w, "summary"))
		return; /* the abstract's heading */
	cx_str rt = cvd_plain(&v->a, r->text);
	if (p.n >= 12 && p.n <= rt.n && !memcmp(p.p, rt.p, p.n))
		return; /* the start of the item's title again: an image's alternative text */
	if (cvd_links_only(s) || ids_only(v, s) || L->role == R_LINKS)
		r->extra = cat_upto(&v->a, r->extra, " ", s, ITEM_BYTES);
	else if (cvd_date_line(p, &d) && !r->date.n)
		r->date = p;
	else if (cvd_award_words(p) && cvd_words_in(p) <= 12 && r->text.n + s.n < ITEM_BYTES)
		r->text = cv_cat(&v->a, r->text, "\n", s); /* its role, if it has roles, is none */
	else if (!image_name(p) && !form_field(p) && !first_person(p)) { /* the page talking of its owner */
		size_t t = cvd_tldr(p); /* a summary's label goes */
		r->abstract = cat_upto(&v->a, r->abstract, " ", cvd_S(p.p + t, p.n - t), ABSTRACT_BYTES);
	}
}
