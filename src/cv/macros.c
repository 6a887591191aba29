/* cv/macros.c - a LaTeX CV's own macros, used consistently.
 *
 * Many CVs define a command for their publications and call it once per
 * paper: \pub{2023}{Title}{Venue}{\emph{Week, B.}; Bradburd, G.S.}{10.1086/x}.
 * The reader does not know the definition (it often lives in a class file),
 * so it reads the calls: a command that is not LaTeX's own, called two times
 * or more with three to eight brace arguments, is taken for an item macro.
 * Each call becomes an \item whose lines are the title, the authors and the
 * venue with the year and DOI, each argument placed by what it holds: a
 * year, a DOI, a name list (the author grammar reads it), the longest of the
 * rest is the title and the other the venue.  A macro's arguments keep their
 * roles from call to call, so the roles are voted over all its calls: one
 * call whose author list begins with the owner's \me{}, or whose venue is
 * longer than its title, is read as the others are.  The rewritten text keeps the
 * source's line breaks, so diagnostics still point at the right lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "core/str.h"
#include "cv/doc.h"

#define MAX_ARGS 8

/* LaTeX's and the common classes' commands with several arguments. */
static const char *const known[] = {"newcommand", "renewcommand", "providecommand", "def", "href",
                                    "setlength", "addtolength", "definecolor", "newenvironment",
                                    "renewenvironment", "multicolumn", "parbox", "makebox", "framebox",
                                    "raisebox", "rule", "resizebox", "scalebox", "textcolor", "colorbox",
                                    "includegraphics", "begin", "end", "hyperref", "cventry", "cvitem",
                                    NULL};

struct call {
	const char *at, *end;  /* the command and past its last argument */
	cx_str name;
	cx_str arg[MAX_ARGS];
	int nargs;
};

/* The brace groups after the command name at p (white space between). */
static const char *read_call(const char *p, const char *end, struct call *c)
{
	c->at = p;
	const char *q = p + 1;
	while (q < end && str_alpha((unsigned char)*q))
		q++;
	c->name = (cx_str){p + 1, (size_t)(q - p - 1)};
	c->nargs = 0;
	for (;;) {
		const char *r = q;
		while (r < end && (*r == ' ' || *r == '\t' || *r == '\n' || *r == '\r'))
			r++;
		if (r >= end || *r != '{')
			break;
		int d = 0;
		const char *g = r;
		for (; g < end; g++) {
			if (*g == '\\' && g + 1 < end) {
				g++;
				continue;
			}
			if (*g == '{')
				d++;
			else if (*g == '}' && --d == 0)
				break;
		}
		if (g >= end)
			break;
		if (c->nargs < MAX_ARGS)
			c->arg[c->nargs] = (cx_str){r + 1, (size_t)(g - r - 1)};
		c->nargs++;
		q = g + 1;
	}
	c->end = q;
	return q;
}

static int is_known(cx_str name)
{
	for (size_t i = 0; known[i]; i++)
		if (strlen(known[i]) == name.n && !memcmp(known[i], name.p, name.n))
			return 1;
	return 0;
}

/* Calls of name with lo..hi arguments in the text. */
static size_t count_calls(const char *s, size_t n, cx_str name, int lo, int hi)
{
	size_t k = 0;
	for (const char *p = s, *end = s + n; (p = memchr(p, '\\', (size_t)(end - p)));) {
		struct call c;
		const char *q = read_call(p, end, &c);
		if (c.name.n == name.n && !memcmp(c.name.p, name.p, name.n) && c.nargs >= lo && c.nargs <= hi)
			k++;
		p = q > p + 1 ? q : p + 1;
	}
	return k;
}

static int all_digits_year(cx_str s)
{
	s = cvd_trim(s);
	return s.n == 4 && cvd_find_year(s, NULL);
}

/* The year of an argument that is a date alone: "2019", "Mar. 2019",
 * "2016--2020", or a CV's month and two-digit year "09/19" (a year up to
 * the next one is of this century); 0 for anything else. */
static int date_year(cx_str s)
{
	s = cvd_trim(s);
	if (!s.n || s.n > 20)
		return 0;
	if (s.n >= 4 && s.n <= 5 && str_digit((unsigned char)s.p[0]) && s.p[s.n - 3] == '/' &&
	    str_digit((unsigned char)s.p[s.n - 2]) && str_digit((unsigned char)s.p[s.n - 1]) &&
	    (s.n == 4 || str_digit((unsigned char)s.p[1]))) {
		int yy = (s.p[s.n - 2] - '0') * 10 + (s.p[s.n - 1] - '0');
		return yy <= 27 ? 2000 + yy : 1900 + yy;
	}
	size_t at;
	int y = cvd_find_year(s, &at);
	return y && cvd_words_in(s) <= 3 ? y : 0;
}

static int is_doi(cx_str s)
{
	s = cvd_trim(s);
	return s.n > 7 && !memcmp(s.p, "10.", 3) && memchr(s.p, '/', s.n);
}

/* The argument without commands and braces: "\\emph{Week, B.}; X" -> "Week, B.; X". */
static cx_str bare(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '\\') {
			while (i + 1 < s.n && str_alpha((unsigned char)s.p[i + 1]))
				i++;
			continue;
		}
		if (s.p[i] != '{' && s.p[i] != '}')
			p[k++] = s.p[i] == '\n' ? ' ' : s.p[i];
	}
	p[k] = 0;
	return cvd_trim((cx_str){p, k});
}

/* Does the argument read as a list of names: separated by commas or
 * semicolons, most of them name-like, with initials or several names? */
static int names_like(struct cv *v, cx_str s)
{
	struct au_list L;
	cx_str t = bare(&v->a, s);
	if (!t.n || (!memchr(t.p, ',', t.n) && !memchr(t.p, ';', t.n)))
		return 0;
	if (au_parse(&v->a, t.p, t.n, &L) || L.n < 1)
		return 0;
	size_t ok = 0;
	for (size_t i = 0; i < L.n; i++)
		ok += L.v[i].text.n && au_name_like(L.v[i].text.p, L.v[i].text.n);
	int initial = 0;
	for (size_t i = 1; i + 1 < t.n && !initial; i++)
		initial = str_is_upper((unsigned char)t.p[i]) && t.p[i + 1] == '.' && !str_alpha((unsigned char)t.p[i - 1]);
	return ok * 2 > L.n && (initial || L.n >= 3);
}

/* An argument with its forced line breaks (\\) as spaces. */
static void put_arg(struct buf *out, cx_str a)
{
	for (size_t i = 0; i < a.n; i++) {
		if (a.p[i] == '\\' && i + 1 < a.n && a.p[i + 1] == '\\') {
			buf_putc(out, ' ');
			i++;
		} else
			buf_putc(out, a.p[i] == '\n' ? ' ' : a.p[i]);
	}
}

/* The role of each argument of one macro: its position, or -1. */
struct roles {
	cx_str name;
	int year, doi, au, title, venue;
};

/* The roles of name's arguments, voted over its calls in s: a position is
 * the year, the DOI or the authors when most calls that fill it say so;
 * of the rest, the longest on the whole is the title, the next the venue. */
static void vote_roles(struct cv *v, const char *s, size_t n, cx_str name, struct roles *r)
{
	unsigned yv[MAX_ARGS] = {0}, dv[MAX_ARGS] = {0}, av[MAX_ARGS] = {0}, vv[MAX_ARGS] = {0}, filled[MAX_ARGS] = {0};
	size_t len[MAX_ARGS] = {0};
	for (const char *p = s, *end = s + n; (p = memchr(p, '\\', (size_t)(end - p)));) {
		struct call c;
		const char *q = read_call(p, end, &c);
		if (c.name.n == name.n && !memcmp(c.name.p, name.p, name.n) && c.nargs >= 3 && c.nargs <= MAX_ARGS)
			for (int i = 0; i < c.nargs; i++) {
				cx_str a = c.arg[i];
				if (!cvd_trim(a).n)
					continue;
				filled[i]++;
				cx_str b = bare(&v->a, a);
				len[i] += b.n;
				vv[i] += cvd_venue_words(b) > 0;
				if (date_year(a))
					yv[i]++;
				else if (is_doi(a))
					dv[i]++;
				else if (names_like(v, a))
					av[i]++;
			}
		p = q > p + 1 ? q : p + 1;
	}
	r->name = name;
	r->year = r->doi = r->au = r->title = r->venue = -1;
	for (int i = 0; i < MAX_ARGS; i++) {
		if (!filled[i])
			continue;
		if (r->year < 0 && yv[i] * 2 > filled[i])
			r->year = i;
		else if (r->doi < 0 && dv[i] * 2 > filled[i])
			r->doi = i;
		else if (av[i] && (r->au < 0 || av[i] > av[r->au]))
			r->au = i;
	}
	/* the venue: the place whose words say so ("Journal", "Proceedings")
	 * more often than any other's do */
	for (int i = 0; i < MAX_ARGS; i++) {
		if (!filled[i] || i == r->year || i == r->doi || i == r->au || !vv[i])
			continue;
		int best = 1;
		for (int j = 0; j < MAX_ARGS && best; j++)
			best = j == i || j == r->year || j == r->doi || j == r->au || vv[j] < vv[i];
		if (best && vv[i] * 2 >= filled[i])
			r->venue = i;
	}
	for (int i = 0; i < MAX_ARGS; i++) {
		if (!filled[i] || i == r->year || i == r->doi || i == r->au || i == r->venue)
			continue;
		if (r->venue >= 0 && r->title >= 0) {
			if (len[i] * filled[r->title] > len[r->title] * filled[i])
				r->title = i;
			continue;
		}
		if (r->title < 0 || len[i] * filled[r->title] > len[r->title] * filled[i]) {
			if (r->title >= 0 && (r->venue < 0 || len[r->title] * filled[r->venue] > len[r->venue] * filled[r->title]))
				r->venue = r->title;
			r->title = i;
		} else if (r->venue < 0 || len[i] * filled[r->venue] > len[r->venue] * filled[i])
			r->venue = i;
	}
}

/* Do a call's arguments after the first show no more than an icon or a
 * word or two (\sectionTitle{Publications}{\faBook})? */
static int icons_only(struct cv *v, const struct call *c)
{
	for (int i = 1; i < c->nargs && i < MAX_ARGS; i++)
		if (cvd_words_in(bare(&v->a, c->arg[i])) > 2)
			return 0;
	return 1;
}

static int contains(cx_str s, cx_str t)
{
	for (size_t i = 0; t.n && i + t.n <= s.n; i++)
		if (!memcmp(s.p + i, t.p, t.n))
			return 1;
	return 0;
}

/* A call of two arguments, a date ("2018", "Spring 2019") and a citation
 * of six words or more: 1 + the date's place, or 0. */
static int dated_citation(struct cv *v, const struct call *c)
{
	for (int y = 0; y < 2; y++) {
		cx_str d = cvd_trim(c->arg[y]), t = bare(&v->a, c->arg[!y]);
		if (d.n && d.n <= 24 && cvd_find_year(d, NULL) && cvd_words_in(t) >= 6)
			return 1 + y;
	}
	return 0;
}

/* A call of two arguments that together read as a citation: six words
 * or more and a year (\resumeSubItem{Lee, A., 2019.}{``Title.'' Venue}). */
static int split_citation(struct cv *v, const struct call *c)
{
	static const char *const block[] = {"\\item", "\\input", "\\include", "\\begin", "\\section",
	                                    "\\subsection", "\\par", "\n\n", NULL};
	for (int i = 0; i < 2; i++)
		for (size_t k = 0; block[k]; k++)
			if (cvd_find_ci(c->arg[i], block[k], 0) >= 0)
				return 0; /* a section's body (\groupedSection{Title}{...}) */
	cx_str a = bare(&v->a, c->arg[0]), b = bare(&v->a, c->arg[1]);
	enum cv_hint h;
	size_t wa = cvd_words_in(a), wb = cvd_words_in(b);
	return wa + wb >= 6 && wa + wb <= 150 && wb >= 2 && cvd_sec_class(a, &h) == SEC_NONE &&
	       (cvd_find_year(a, NULL) || cvd_find_year(b, NULL));
}

static void put_call(const struct roles *r, const struct call *c, struct buf *out)
{
	int year = r->year < c->nargs ? r->year : -1, doi = r->doi < c->nargs ? r->doi : -1;
	int au = r->au < c->nargs ? r->au : -1, title = r->title < c->nargs ? r->title : -1;
	int venue = r->venue < c->nargs ? r->venue : -1;
	/* one author-date citation: Authors (Year). Title. Venue. doi:DOI */
	buf_put(out, "\\item ", 6);
	if (au >= 0) /* "Lee, A." keeps one stop */
		put_arg(out, cvd_trim_punct(cvd_trim(c->arg[au]), au >= 0 && year >= 0 ? "" : "."));
	if (year >= 0) {
		buf_put(out, " (", 2);
		int y = date_year(c->arg[year]);
		char yb[8];
		if (y && !all_digits_year(c->arg[year]) && cvd_find_year(cvd_trim(c->arg[year]), NULL) != y) {
			snprintf(yb, sizeof yb, "%d", y); /* "09/19" */
			buf_put(out, yb, strlen(yb));
		} else
			put_arg(out, cvd_trim(c->arg[year]));
		buf_put(out, ")", 1);
	}
	if (au >= 0 || year >= 0)
		buf_put(out, ". ", 2);
	if (title >= 0) {
		put_arg(out, cvd_trim_punct(cvd_trim(c->arg[title]), "."));
		buf_put(out, ". ", 2);
	}
	if (venue >= 0) {
		put_arg(out, cvd_trim_punct(cvd_trim(c->arg[venue]), "."));
		buf_put(out, ". ", 2);
	}
	/* an argument of no role still shows: nothing of a call is dropped */
	for (int i = 0; i < c->nargs && i < MAX_ARGS; i++)
		if (i != year && i != doi && i != au && i != title && i != venue && cvd_trim(c->arg[i]).n) {
			put_arg(out, cvd_trim_punct(cvd_trim(c->arg[i]), "."));
			buf_put(out, ". ", 2);
		}
	if (doi >= 0) {
		buf_put(out, "doi:", 4);
		put_arg(out, cvd_trim(c->arg[doi]));
	}
	/* the source's line breaks, so later lines keep their numbers */
	for (const char *p = c->at; p < c->end; p++)
		if (*p == '\n')
			buf_putc(out, '\n');
	buf_putc(out, ' ');
}

/* Is the call a section's title: LaTeX's own sectioning commands, or the
 * CV's own (\cvsect{Publications}, \sectionTitle{Publications}{\faBook})? */
static int section_call(struct cv *v, const struct call *c)
{
	static const char *const secs[] = {"section", "subsection", "subsubsection", "chapter", "cvsection",
	                                   "cvsubsection", "part", NULL};
	for (size_t i = 0; secs[i]; i++)
		if (c->name.n == strlen(secs[i]) && !memcmp(c->name.p, secs[i], c->name.n))
			return 1;
	enum cv_hint h;
	return c->nargs >= 1 && c->nargs <= 3 && c->name.n && !is_known(c->name) && icons_only(v, c) &&
	       cvd_sec_class(cvd_plain(&v->a, c->arg[0]), &h) != SEC_NONE;
}

/* Where the section that holds p ends: the next section's title, or end. */
static const char *section_end(struct cv *v, const char *p, const char *end)
{
	for (const char *q = p + 1; (q = memchr(q, '\\', (size_t)(end - q)));) {
		struct call c;
		const char *r = read_call(q, end, &c);
		if (section_call(v, &c))
			return q;
		q = r > q + 1 ? r : q + 1;
	}
	return end;
}

size_t cvd_latex_macros(struct cv *v, const char *s, size_t n, struct buf *out)
{
	size_t calls = 0, nr = 0;
	/* an item macro's roles, voted over its calls in one section: the
	 * same \entry{}{}{}{} sets a degree in Education and authors in
	 * Publications */
	struct roles roles[16];
	const char *sec = s, *sec_end = NULL, *copied = s, *end = s + n;
	for (const char *p = s; (p = memchr(p, '\\', (size_t)(end - p)));) {
		struct call c;
		const char *q = read_call(p, end, &c);
		if (section_call(v, &c)) {
			sec = p;
			sec_end = NULL;
			nr = 0;
		}
		if (c.nargs >= 1 && c.nargs <= 3 && c.name.n && !is_known(c.name) && section_call(v, &c)) {
			/* a section command of the CV's own (\cvsect{Publications},
			 * \sectionTitle{Publications}{\faBook}) */
			buf_put(out, copied, (size_t)(p - copied));
			buf_put(out, "\\section{", 9);
			buf_put(out, c.arg[0].p, c.arg[0].n);
			buf_putc(out, '}');
			copied = q;
		} else if (c.nargs == 2 && c.name.n && !is_known(c.name) && dated_citation(v, &c) &&
		           count_calls(s, n, c.name, 2, 2) >= 2) {
			/* \pubentry{2018}{Authors 2018: Title. Venue}: the citation
			 * an item, with its date when it does not give it */
			buf_put(out, copied, (size_t)(p - copied));
			int y = dated_citation(v, &c) - 1;
			cx_str date = cvd_trim(c.arg[y]), cit = cvd_trim(c.arg[!y]);
			buf_put(out, "\\item ", 6);
			put_arg(out, cit);
			if (!contains(cit, date)) {
				buf_put(out, ", ", 2);
				put_arg(out, date);
				buf_putc(out, '.');
			}
			for (const char *r = c.at; r < c.end; r++)
				if (*r == '\n')
					buf_putc(out, '\n');
			buf_putc(out, ' ');
			copied = q;
			calls++;
		} else if (c.nargs == 2 && c.name.n && !is_known(c.name) && split_citation(v, &c) &&
		           count_calls(s, n, c.name, 2, 2) >= 2) {
			/* a citation in two parts, authors and year, then title
			 * and venue: one item, its parts in order */
			buf_put(out, copied, (size_t)(p - copied));
			buf_put(out, "\\item ", 6);
			put_arg(out, cvd_trim(c.arg[0]));
			buf_putc(out, ' ');
			put_arg(out, cvd_trim(c.arg[1]));
			for (const char *r = c.at; r < c.end; r++)
				if (*r == '\n')
					buf_putc(out, '\n');
			buf_putc(out, ' ');
			copied = q;
			calls++;
		} else if (c.nargs >= 3 && c.nargs <= MAX_ARGS && c.name.n && !is_known(c.name) &&
		    count_calls(s, n, c.name, 3, MAX_ARGS) >= 2) {
			buf_put(out, copied, (size_t)(p - copied));
			size_t k = 0;
			while (k < nr && (roles[k].name.n != c.name.n || memcmp(roles[k].name.p, c.name.p, c.name.n)))
				k++;
			if (!sec_end)
				sec_end = section_end(v, sec, end);
			/* a macro called once in its section is voted over all its calls */
			int alone = count_calls(sec, (size_t)(sec_end - sec), c.name, 3, MAX_ARGS) < 2;
			if (k == nr && nr < 16)
				vote_roles(v, alone ? s : sec, alone ? n : (size_t)(sec_end - sec), c.name, &roles[nr++]);
			struct roles one;
			if (k == 16) /* more item macros than kept: this one voted alone */
				vote_roles(v, c.at, (size_t)(c.end - c.at), c.name, &one);
			put_call(k < 16 ? &roles[k] : &one, &c, out);
			copied = q;
			calls++;
		}
		p = q > p + 1 ? q : p + 1;
	}
	if (calls)
		buf_put(out, copied, (size_t)(end - copied));
	return calls;
}
