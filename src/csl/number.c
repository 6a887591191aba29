/* csl/number.c - numbers: the is-numeric test, ordinals, roman numerals,
 * plurals for labels, and page ranges (page-range-format).
 *
 * Numeric content (CSL 1.0.2, "is-numeric"): numbers, each with an
 * optional prefix or suffix of letters ("D2", "2b"), separated by a comma,
 * hyphen, en dash or ampersand, with or without spaces.  Only bare numbers
 * are turned into ordinals or roman numerals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "csl/csl.h"

struct ntok {
	const char *p;
	size_t n;       /* the token */
	int bare;       /* digits only */
	char sep;       /* separator after: '-', ',', '&', 0 */
	const char *sp; /* separator text as written */
	size_t spn;
};

static int is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* A lower-case roman numeral starting at s ("xiv", "iv"), as page numbers
 * of front matter are written; its length, or 0.  citeproc-js counts one
 * that starts with i, v or x as a number. */
static size_t roman_at(const char *s, size_t n)
{
	if (!n || !strchr("ivx", s[0]))
		return 0;
	size_t k = 0;
	while (k < n && s[k] && strchr("ivxlcdm", s[k]))
		k++;
	return k < n && is_alpha((unsigned char)s[k]) ? 0 : k;
}

/* The separator at s[i..n) between two numbers: a run of hyphens, an en
 * dash, a comma, a semicolon before a space, an ampersand, "and"; its
 * kind ('-', ',', '&') and where the next number starts, or 0. */
static char separator(const char *s, size_t n, size_t *i)
{
	size_t j = *i;
	while (j < n && s[j] == ' ')
		j++;
	char sep = 0;
	if (j + 1 < n && s[j] == ',' && s[j + 1] != ' ')
		return 0; /* "1,234" is one figure, no list */
	if (j < n && (s[j] == '-' || s[j] == ',' || s[j] == '&')) {
		sep = s[j];
		while (j < n && s[j] == sep)
			j++;
	} else if (j + 2 < n && !strncmp(s + j, "\xE2\x80\x93", 3)) {
		sep = '-';
		j += 3;
	} else if (j + 1 < n && s[j] == ';' && s[j + 1] == ' ') {
		sep = ',';
		j++;
	} else if (j > *i && j + 3 < n && !strncmp(s + j, "and ", 4)) {
		sep = '&';
		j += 3;
	} else {
		return 0;
	}
	while (j < n && s[j] == ' ')
		j++;
	*i = j;
	return sep;
}

/* Split s into number tokens; 0 when s is not numeric.  A number is digits
 * with letters before or after ("D2", "2b", "12:xx"), digits over digits
 * ("123/456"), or a lower-case roman numeral; a subsection after a hyphen
 * ("12a-c") belongs to its number.  A separator may end the value
 * ("12-"), as citeproc-js reads these. */
static size_t tokens(const char *s, struct ntok *t, size_t max)
{
	size_t k = 0, i = 0, n = strlen(s);
	while (i < n && s[i] == ' ')
		i++;
	while (i < n) {
		if (k == max)
			return 0;
		size_t st = i, r = roman_at(s + i, n - i);
		int bare = 0;
		if (r) {
			i += r;
		} else {
			while (i < n && is_alpha((unsigned char)s[i]))
				i++;
			size_t d = i;
			while (i < n && str_digit((unsigned char)s[i]))
				i++;
			if (i == d)
				return 0; /* no digits */
			bare = d == st;
			for (;;) {
				if (i < n && is_alpha((unsigned char)s[i]))
					i++;
				else if (i + 1 < n && s[i] == ':' && is_alpha((unsigned char)s[i + 1]))
					i++; /* "12:xx" */
				else if (i + 1 < n && s[i] == '/' && str_digit((unsigned char)s[i + 1]) &&
				         i > d && str_digit((unsigned char)s[i - 1]))
					while (++i < n && str_digit((unsigned char)s[i]))
						; /* "123/456" */
				else
					break;
				bare = 0;
			}
			/* "12a-c": a subsection after a hyphen is part of this number */
			size_t dash = i < n && s[i] == '-' ? 1 : i + 2 < n && !strncmp(s + i, "\xE2\x80\x93", 3) ? 3 : 0;
			if (dash && i + dash < n && i > d && is_alpha((unsigned char)s[i - 1]) &&
			    is_alpha((unsigned char)s[i + dash])) {
				size_t j = i + dash;
				while (j < n && is_alpha((unsigned char)s[j]))
					j++;
				if (j == n || s[j] == ' ' || s[j] == ',')
					i = j;
			}
		}
		t[k] = (struct ntok){s + st, i - st, bare, 0, NULL, 0};
		size_t ss = i;
		char sep = separator(s, n, &i);
		if (!sep) {
			while (i < n && s[i] == ' ')
				i++;
			if (i < n)
				return 0;
			k++;
			break;
		}
		t[k].sep = sep;
		t[k].sp = s + ss;
		t[k].spn = i - ss;
		k++;
	}
	return k;
}

int csl_is_numeric(const char *s)
{
	struct ntok t[64];
	return tokens(s, t, 64) > 0;
}

long csl_leading_int(const char *s)
{
	while (*s && !str_digit((unsigned char)*s))
		s++;
	return strtol(s, NULL, 10);
}

static int roman_range(const char *s);

/* The length of a joiner at p (a run of hyphens or en dashes, "&", ", ",
 * "; ", "and", the locale's and word), or 0. */
static size_t joiner(const char *p, const char *and_word, size_t an)
{
	const char *q = p;
	while (*q == ' ')
		q++;
	const char *r = q;
	while (*r == '-' || !strncmp(r, "\xE2\x80\x93", 3))
		r += *r == '-' ? 1 : 3;
	if (r == q && (*q == ',' || *q == ';') && q[1] == ' ')
		r = q + 2;
	else if (r == q && *q == '&')
		r = q + 1;
	else if (r == q && q > p && !strncmp(q, "and ", 4))
		r = q + 3;
	else if (r == q && q > p && an && !strncmp(q, and_word, an) && q[an] == ' ')
		r = q + an;
	if (r == q)
		return 0;
	while (*r == ' ')
		r++;
	return (size_t)(r - p);
}

/* Is the first piece of s, up to a joiner, a number, with letters before
 * it or after it ("S1", "100a", "12:")?  citeproc-js counts the values of
 * a field as one unless that piece is. */
static int first_numeric(const char *s, const char *and_word)
{
	size_t an = and_word ? strlen(and_word) : 0;
	const char *p = s;
	while (str_alpha((unsigned char)*p))
		p++; /* a prefix: "S1" */
	if (!str_digit((unsigned char)*p))
		return 0;
	while (str_digit((unsigned char)*p))
		p++;
	size_t j = 0;
	for (; *p && !(j = joiner(p, and_word, an)); p++)
		if (!str_alpha((unsigned char)*p) && *p != ':' && *p != ',')
			return 0;
	/* a next piece that starts with a word ("1587, with 31
	 * illustrations") is a value of its own kind: one value here */
	const char *q = p + j;
	while (str_alpha((unsigned char)*q))
		q++;
	size_t wn = (size_t)(q - (p + j));
	int and = (wn == 3 && !strncmp(p + j, "and", 3)) || (an && wn == an && !strncmp(p + j, and_word, an));
	if (wn && !and && (*q == ' ' || (*q == '.' && q[1] == ' ')))
		return 0;
	return 1;
}

int csl_plural(const char *s, const char *and_word)
{
	size_t an = and_word ? strlen(and_word) : 0;
	if (roman_range(s))
		return 1;
	struct ntok t[64];
	size_t k = tokens(s, t, 64);
	if (k > 1)
		return 1;
	if (k == 1)
		return t[0].sep != 0; /* "12-": from 12 on */
	/* text: a number followed by a range or list mark ("100-", "42, 3",
	 * "29-??"), when the first piece is a number, as citeproc-js counts:
	 * "10:1-10:38" and "xiii + 457, with 230 illustrations" are one value */
	if (!first_numeric(s, and_word))
		return 0;
	for (const char *p = s; *p; p++) {
		if (!str_digit((unsigned char)*p))
			continue;
		const char *q = p;
		while (str_digit((unsigned char)*q))
			q++;
		while (*q == ' ')
			q++;
		if (*q == '-' || *q == ',' || *q == '&' || !strncmp(q, "\xE2\x80\x93", 3) ||
		    !strncmp(q, "and ", 4) || (an && !strncmp(q, and_word, an) && q[an] == ' '))
			return 1;
		p = q - 1;
	}
	return 0;
}

static void roman(struct buf *b, long n)
{
	static const struct {
		int v;
		const char *s;
	} r[] = {{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"},
	         {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}};
	if (n <= 0 || n >= 4000) {
		char d[32];
		snprintf(d, sizeof d, "%ld", n);
		buf_put(b, d, strlen(d));
		return;
	}
	for (size_t i = 0; i < sizeof r / sizeof *r; i++)
		while (n >= r[i].v) {
			buf_put(b, r[i].s, strlen(r[i].s));
			n -= r[i].v;
		}
}

static int en_dash_in(const char *p, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++)
		if (!memcmp(p + i, "\xE2\x80\x93", 3))
			return 1;
	return 0;
}

/* The dash of a range of numbers of variable var: the locale's
 * page-range-delimiter for a page, locator, issue, volume, edition or
 * number, its year-range-delimiter for a collection number (as
 * citeproc-js), an en dash for the others. */
static const char *range_dash(const struct csl_locale *L, int var)
{
	const char *term = var == CV_COLLECTION_NUMBER ? "year-range-delimiter"
	                   : var == CV_PAGE || var == CV_LOCATOR || var == CV_ISSUE ||
	                           var == CV_VOLUME || var == CV_EDITION || var == CV_NUMBER
	                       ? "page-range-delimiter"
	                       : NULL;
	const char *d = term && L ? csl_term_text(L, term, TF_LONG, 0) : NULL;
	return d && *d ? d : "\xE2\x80\x93";
}

const char *csl_number(struct arena *a, const char *s, int form, const struct csl_locale *L,
                       int gender, int var)
{
	struct ntok t[64];
	size_t k = tokens(s, t, 64);
	if (!k)
		return s;
	const char *dash = range_dash(L, var);
	struct buf b = {0};
	for (size_t i = 0; i < k; i++) {
		long v = strtol(t[i].p, NULL, 10);
		if (!t[i].bare || form == 0) {
			buf_put(&b, t[i].p, t[i].n);
		} else if (form == 3) {
			roman(&b, v);
		} else {
			const char *w = form == 2 ? csl_ordinal(L, v, gender, 1) : NULL;
			if (w) {
				buf_put(&b, w, strlen(w));
			} else {
				buf_put(&b, t[i].p, t[i].n);
				const char *o = csl_ordinal(L, v, gender, 0);
				buf_put(&b, o, strlen(o));
			}
		}
		/* a range of numbers written with a hyphen takes the locale's
		 * dash (99–102, xiv–xvi); an en dash in the data stays */
		if (t[i].sep == '-' && i + 1 < k && ((t[i].bare && t[i + 1].bare) || k == 2) &&
		    !en_dash_in(t[i].sp, t[i].spn))
			buf_puts(&b, dash);
		else if (t[i].sep)
			buf_put(&b, t[i].sp, t[i].spn); /* as written: NPS012-81-005 */
	}
	const char *r = arena_strndup(a, b.p, b.n);
	buf_free(&b);
	return r;
}

/* ---- page ranges ---------------------------------------------------------------- */

/* Format the second page of a range (digits in a and b, same length after
 * expansion) by a page-range-format. */
static void second_page(struct buf *out, const char *a, size_t na, const char *b, size_t nb,
                        enum csl_range_format format)
{
	char full[32];
	if (nb < na && na < sizeof full) {
		/* "321-28": b borrows a's leading digits */
		memcpy(full, a, na - nb);
		memcpy(full + na - nb, b, nb);
		b = full;
		nb = na;
	}
	if (format == PRF_EXPANDED || nb != na || nb >= sizeof full) {
		buf_put(out, b, nb);
		return;
	}
	if (na == nb && !memcmp(a, b, na)) {
		buf_put(out, b, nb); /* "369-369" stays whole */
		return;
	}
	size_t same = 0; /* leading digits shared */
	while (same < na && a[same] == b[same])
		same++;
	size_t keep = nb - same; /* minimal */
	long av = strtol(a, NULL, 10);
	if (format == PRF_MINIMAL_TWO && keep < 2)
		keep = nb < 2 ? nb : 2;
	if (format == PRF_CHICAGO || format == PRF_CHICAGO_16) {
		if (av < 100 || av % 100 == 0)
			keep = nb;
		else if (av % 100 < 10)
			keep = nb - same;
		else {
			if (keep < 2)
				keep = 2;
			if (format == PRF_CHICAGO && na == 4 && nb - same >= 3)
				keep = nb;
		}
	}
	if (keep == 0)
		keep = 1;
	buf_put(out, b + nb - keep, keep);
}

static size_t digits(const char *s)
{
	size_t k = 0;
	while (str_digit((unsigned char)s[k]))
		k++;
	return k;
}

static int roman_range(const char *s)
{
	/* "i-iii", "xv-xx": pages in roman numerals */
	int dash = 0;
	for (; *s; s++) {
		if (*s == '-')
			dash++;
		else if (!strchr("ivxlcdmIVXLCDM", *s))
			return 0;
	}
	return dash == 1;
}

/* The number JavaScript's parseInt reads at the start of s[0..n) (blanks
 * and a sign first), or -1 when it reads none. */
static long lead_int(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < n && s[i] == '+')
		i++;
	if (i >= n || s[i] < '0' || s[i] > '9')
		return -1;
	long v = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9' && v < 100000000; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

static int all_digits(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* Ranges in a page value that is not a number as a whole ("202 + 2-34"),
 * with no page-range-format, as citeproc-js reads it: the value is cut
 * into pieces at hyphens, ", ", "; " and "&"; a hyphen (blanks around it
 * too) becomes the range delimiter between two pieces of digits, or when
 * the number the piece before it starts with is larger than the one after
 * ("202 + 2-34" gives "202 + 2–34", "3 + 12-15" stays, "1682-??" stays). */
static const char *loose_ranges(struct arena *a, const char *s, const char *delim)
{
	if (!strchr(s, '-'))
		return s;
	struct buf b = {0};
	size_t n = strlen(s), st = 0; /* st: where the piece before starts */
	for (size_t i = 0; i < n;) {
		if (s[i] == '&' || ((s[i] == ',' || s[i] == ';') && i + 1 < n && s[i + 1] == ' ')) {
			buf_put(&b, s + i, 1);
			i++;
			while (i < n && s[i] == ' ')
				buf_putc(&b, s[i++]);
			st = i;
			continue;
		}
		/* a joiner: blanks, hyphens, blanks */
		size_t j = i;
		while (j < n && s[j] == ' ')
			j++;
		if (j >= n || s[j] != '-') {
			buf_putc(&b, s[i++]);
			continue;
		}
		size_t h = j;
		while (h < n && s[h] == '-')
			h++;
		size_t k = h;
		while (k < n && s[k] == ' ')
			k++;
		size_t e = k; /* the piece after: up to the next joiner */
		while (e < n && s[e] != '-' && s[e] != '&' && !((s[e] == ',' || s[e] == ';') && e + 1 < n && s[e + 1] == ' '))
			e++;
		while (e > k && s[e - 1] == ' ')
			e--;
		long l = lead_int(s + st, i - st), r = lead_int(s + k, e - k);
		int range = (l >= 0 && r >= 0 && l > r) ||
		            (all_digits(s + st, i - st) && all_digits(s + k, e - k));
		if (range)
			buf_put(&b, delim, strlen(delim));
		else
			buf_put(&b, s + i, k - i);
		i = k;
		st = k;
	}
	const char *r = arena_strndup(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

const char *csl_page_range(struct arena *a, const char *s, enum csl_range_format format,
                           const char *delim)
{
	if (roman_range(s)) {
		const char *d = strchr(s, '-');
		char *r = arena_alloc(a, strlen(s) + 8);
		size_t k = (size_t)(d - s);
		memcpy(r, s, k);
		strcpy(r + k, delim ? delim : "\xE2\x80\x93");
		strcat(r, d + 1);
		return r;
	}
	if (!csl_is_numeric(s))
		/* "129-139 (or 129-138??)" stays as written */
		return format == PRF_AS_GIVEN ? loose_ranges(a, s, delim ? delim : "\xE2\x80\x93") : s;
	if (!delim)
		delim = "\xE2\x80\x93";
	struct buf b = {0};
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		/* a range: [prefix]digits - [prefix]digits */
		size_t st = i;
		while (i < n && is_alpha((unsigned char)s[i]))
			i++;
		size_t da = digits(s + i);
		if (!da) {
			i = st;
			buf_putc(&b, s[i++]);
			continue;
		}
		size_t pre = i - st, ai = i;
		i += da;
		size_t j = i;
		while (j < n && s[j] == ' ')
			j++;
		size_t dl = 0;
		if (j < n && s[j] == '-') {
			dl = 1;
			while (j + dl < n && s[j + dl] == '-')
				dl++;
		} else if (!strncmp(s + j, "\xE2\x80\x93", 3)) {
			dl = 3;
		}
		if (!dl) {
			buf_put(&b, s + st, i - st);
			continue;
		}
		size_t k = j + dl;
		while (k < n && s[k] == ' ')
			k++;
		size_t bp = k;
		while (k < n && is_alpha((unsigned char)s[k]))
			k++;
		size_t db = digits(s + k);
		if (!db || (k - bp && (k - bp != pre || memcmp(s + bp, s + st, pre)))) {
			buf_put(&b, s + st, j + dl - st);
			i = j + dl;
			continue;
		}
		buf_put(&b, s + st, i - st);
		buf_put(&b, delim, strlen(delim));
		buf_put(&b, s + bp, k - bp);
		if (format != PRF_AS_GIVEN)
			second_page(&b, s + ai, da, s + k, db, format);
		else
			buf_put(&b, s + k, db);
		i = k + db;
	}
	const char *r = arena_strndup(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

/* ---- labels typed into values ---------------------------------------------------- */

/* The abbreviations citeproc-js reads at the start of a number's value
 * ("pp. 5-7", "ch. 1-3", "vol. 12") and the terms they stand for. */
static const struct {
	const char *abbr, *term;
} embedded[] = {
	{"vrs.", "verse"}, {"sv.", "sub-verbo"}, {"op.", "opus"}, {"app.", "appendix"},
	{"art.", "article"}, {"bk.", "book"}, {"ch.", "chapter"}, {"col.", "column"},
	{"fig.", "figure"}, {"fol.", "folio"}, {"n.", "note"}, {"l.", "line"}, {"no.", "issue"},
	{"p.", "page"}, {"pp.", "page"}, {"para.", "paragraph"}, {"pt.", "part"},
	{"r.", "rule"}, {"sec.", "section"}, {"supp.", "supplement"}, {"tbl.", "table"},
	{"tit.", "title"}, {"vol.", "volume"},
};

const char *csl_embedded_label(const char *s, int var, const struct csl_locale *L,
                               const char **rest)
{
	if (!s)
		return NULL;
	while (*s == ' ')
		s++;
	size_t w = strcspn(s, " ");
	if (!s[w] || w < 2 || s[w - 1] != '.')
		return NULL;
	const char *after = s + w;
	while (*after == ' ')
		after++;
	if (!*after)
		return NULL;
	for (size_t i = 0; i < sizeof embedded / sizeof *embedded; i++) {
		if (strlen(embedded[i].abbr) != w || strncmp(s, embedded[i].abbr, w))
			continue;
		const char *term = embedded[i].term;
		/* a label for this variable, or any for a number, page or locator
		 * (a page's only p. and pp.), and one the locale has a term for */
		int any = var == CV_NUMBER || var == CV_LOCATOR;
		if (!any && !(var == CV_PAGE && !strcmp(term, "page")) && strcmp(term, csl_var_name(var)))
			return NULL;
		if (!csl_term(L, term, TF_LONG))
			return NULL;
		*rest = after;
		/* "no." in a number is its own term */
		if (var == CV_NUMBER && !strcmp(term, "issue") && csl_term(L, "number", TF_LONG))
			term = "number";
		return term;
	}
	return NULL;
}
