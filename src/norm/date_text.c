/* norm/date_text.c - a date written out in words or figures, as CSL-JSON's
 * "raw" dates and the strings people type hold them: "September 20,
 * 2006", "20 September 2006", "01/01/1989", "Spring 1999", "May 1970 -
 * July 1972", "September 20-22, 2006", "circa 1850".
 *
 * citeproc-js reads such a string into date parts, and CSL processors
 * are expected to; this reads what it reads.  The string is cut into
 * words: numbers, month and season names (English), and the separators
 * between them.  Figures alone with slashes are month/day/year (the day
 * first when it is over 12, the year first when it has four digits);
 * words are a day, a month and a year in any order.  A hyphen, an en
 * dash, "to" or a slash between two years makes a range, and each side
 * borrows what it lacks from the other ("20-22 September 2006").
 * Anything else ("forthcoming", "1990s", "18th century") is no date: the
 * caller keeps the text as a literal. */
#include <string.h>

#include "core/str.h"
#include "norm/norm.h"

/* One side of a range: a year, a month (13-16 seasons) and a day. */
struct side {
	int y, m, d;
	int words; /* its words were names or figures, not figures alone */
};

enum tok_kind { T_NUM, T_MONTH, T_SEASON, T_DASH, T_SLASH, T_END };
struct tok {
	enum tok_kind k;
	int v;       /* the number, or the month (1-12) or season (13-16) */
	size_t len;  /* a number's digits */
};

/* The month or season a word names ("Sept", "sep", "Fall"), or 0. */
static int month_word(const char *p, size_t n)
{
	static const char *const months[] = {"january", "february", "march", "april", "may",
	                                     "june", "july", "august", "september", "october",
	                                     "november", "december"};
	/* citeproc-js reads these four seasons (autumn is not one of them) */
	static const char *const seasons[] = {"spring", "summer", "fall", "winter"};
	if (n < 3)
		return 0;
	for (int i = 0; i < 12; i++) {
		size_t ml = strlen(months[i]);
		if (n <= ml && str_ieqn(p, months[i], n)) /* "Sept", "Mar" */
			return i + 1;
	}
	for (int i = 0; i < 4; i++)
		if (n == strlen(seasons[i]) && str_ieqn(p, seasons[i], n))
			return 13 + i;
	return 0;
}

/* The words of s; 0 when a word is none of ours. */
static size_t tokens(cx_str s, struct tok *t, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		if (k + 1 >= cap)
			return 0;
		if (str_space(c) || c == ',' || c == '.') {
			i++;
		} else if (str_digit(c)) {
			int v = 0;
			size_t j = i;
			while (j < s.n && str_digit((unsigned char)s.p[j]) && j - i < 6)
				v = v * 10 + (s.p[j++] - '0');
			/* "22nd" */
			if (j + 1 < s.n && (str_ieqn(s.p + j, "st", 2) || str_ieqn(s.p + j, "nd", 2) ||
			                    str_ieqn(s.p + j, "rd", 2) || str_ieqn(s.p + j, "th", 2)) &&
			    v <= 31)
				j += 2;
			if (j < s.n && str_alpha((unsigned char)s.p[j]))
				return 0; /* "1990s" */
			t[k++] = (struct tok){T_NUM, v, j - i};
			i = j;
		} else if (str_alpha(c)) {
			size_t j = i;
			while (j < s.n && str_alpha((unsigned char)s.p[j]))
				j++;
			int m = month_word(s.p + i, j - i);
			if (j - i == 2 && str_ieqn(s.p + i, "to", 2))
				t[k++] = (struct tok){T_DASH, 0, 0};
			else if (!m)
				return 0;
			else
				t[k++] = (struct tok){m > 12 ? T_SEASON : T_MONTH, m, 0};
			i = j;
		} else if (c == '-' || c == '/') {
			t[k++] = (struct tok){c == '-' ? T_DASH : T_SLASH, 0, 0};
			i++;
		} else if (c == 0xE2 && i + 2 < s.n && (unsigned char)s.p[i + 1] == 0x80 &&
		           ((unsigned char)s.p[i + 2] == 0x93 || (unsigned char)s.p[i + 2] == 0x94)) {
			t[k++] = (struct tok){T_DASH, 0, 0}; /* en or em dash */
			i += 3;
		} else {
			return 0;
		}
	}
	t[k] = (struct tok){T_END, 0, 0};
	return k;
}

/* Figures with slashes, t[0..n): m/d/y, d/m/y, y/m/d, m/y, y/m. */
static int figures(const struct tok *t, size_t n, struct side *s)
{
	int v[3];
	size_t len[3], k = 0;
	for (size_t i = 0; i < n; i++) {
		if (i % 2 ? t[i].k != T_SLASH : t[i].k != T_NUM)
			return 0;
		if (!(i % 2)) {
			v[k] = t[i].v;
			len[k++] = t[i].len;
		}
	}
	if (n % 2 == 0)
		return 0;
	*s = (struct side){0, 0, 0, 0};
	if (k == 3 && len[0] == 4)
		*s = (struct side){v[0], v[1], v[2], 0};
	else if (k == 3 && len[2] == 4 && v[0] > 12)
		*s = (struct side){v[2], v[1], v[0], 0};
	else if (k == 3 && len[2] == 4)
		*s = (struct side){v[2], v[0], v[1], 0};
	else if (k == 2 && len[0] == 4 && len[1] <= 2)
		*s = (struct side){v[0], v[1], 0, 0};
	else if (k == 2 && len[1] == 4 && len[0] <= 2)
		*s = (struct side){v[1], v[0], 0, 0};
	else if (k == 1 && len[0] == 4)
		*s = (struct side){v[0], 0, 0, 0};
	return s->y && s->m <= 12 && s->d <= 31 && (!s->d || s->m);
}

/* One side in words, t[0..n): a year, a month or season, a day. */
static int words(const struct tok *t, size_t n, struct side *s)
{
	*s = (struct side){0, 0, 0, 1};
	for (size_t i = 0; i < n; i++) {
		if (t[i].k == T_MONTH || t[i].k == T_SEASON) {
			if (s->m)
				return 0;
			s->m = t[i].v;
		} else if (t[i].k == T_NUM && (t[i].len >= 3 || t[i].v > 31)) {
			if (s->y)
				return 0;
			s->y = t[i].v;
		} else if (t[i].k == T_NUM) {
			if (s->d)
				return 0;
			s->d = t[i].v;
		} else {
			return 0;
		}
	}
	return n > 0;
}

/* Does the run t[0..n) of words hold a name (a month or a season)? */
static int named(const struct tok *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].k == T_MONTH || t[i].k == T_SEASON)
			return 1;
	return 0;
}

static int side_of(const struct tok *t, size_t n, struct side *s)
{
	return named(t, n) ? words(t, n, s) : figures(t, n, s) || words(t, n, s);
}

/* A side must name its year, and a day only with its month. */
static int complete(const struct side *s)
{
	return s->y > 0 && s->y <= 9999 && (!s->d || (s->m >= 1 && s->m <= 12 && s->d <= 31));
}

/* The word that parts the range in t[0..n): a dash, or a slash between
 * words; n if none. */
static size_t range_at(const struct tok *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].k == T_DASH)
			return i;
	/* "Winter 1999/2000": a slash with a name on the line parts a range */
	if (named(t, n))
		for (size_t i = 0; i < n; i++)
			if (t[i].k == T_SLASH)
				return i;
	/* "1999/2000": two years */
	if (n == 3 && t[0].k == T_NUM && t[0].len == 4 && t[1].k == T_SLASH && t[2].k == T_NUM &&
	    t[2].len == 4)
		return 1;
	return n;
}

int date_parse_text(struct cx_date *d, cx_str s)
{
	s = str_trim(s);
	int circa = 0;
	/* "[1850]": a date supplied by the cataloguer */
	if (s.n >= 2 && s.p[0] == '[' && s.p[s.n - 1] == ']')
		s = str_trim((cx_str){s.p + 1, s.n - 2});
	static const char *const circa_words[] = {"circa ", "ca. ", "ca ", "c. ", "approx. "};
	for (size_t i = 0; i < sizeof circa_words / sizeof *circa_words; i++) {
		size_t l = strlen(circa_words[i]);
		if (s.n > l && str_ieqn(s.p, circa_words[i], l)) {
			s = str_trim((cx_str){s.p + l, s.n - l});
			circa = 1;
			break;
		}
	}
	if (s.n > 6 && str_ieqn(s.p + s.n - 6, " circa", 6)) {
		s = str_trim((cx_str){s.p, s.n - 6});
		circa = 1;
	}
	if (s.n > 1 && s.p[s.n - 1] == '?') {
		s = str_trim((cx_str){s.p, s.n - 1});
		circa = 1;
	}
	struct tok t[24];
	size_t n = tokens(s, t, sizeof t / sizeof *t);
	if (!n)
		return 0;
	struct side a, b;
	size_t r = range_at(t, n);
	if (r == n) {
		if (!side_of(t, n, &a) || !complete(&a))
			return 0;
		b = (struct side){0, 0, 0, 0};
	} else {
		if (!side_of(t, r, &a) || !side_of(t + r + 1, n - r - 1, &b))
			return 0;
		/* each side borrows what it lacks: "September 20-22, 2006",
		 * "20-22 September 2006", "Jan.-Feb. 2005" */
		if (!a.y)
			a.y = b.y;
		if (!b.y)
			b.y = a.y;
		if (!a.m && a.d)
			a.m = b.m;
		if (!b.m && b.d)
			b.m = a.m;
		if (!b.m && a.m > 12)
			b.m = a.m; /* "Winter 1999/2000" */
		if (!complete(&a) || !complete(&b))
			return 0;
	}
	memset(d, 0, sizeof *d);
	d->year[0] = a.y;
	d->month[0] = a.m;
	d->day[0] = a.m <= 12 ? a.d : 0;
	d->circa = (unsigned)circa;
	if (b.y && (b.y != a.y || b.m != a.m || b.d != a.d)) {
		d->range = 1;
		d->year[1] = b.y;
		d->month[1] = b.m;
		d->day[1] = b.m <= 12 ? b.d : 0;
	}
	return 1;
}
