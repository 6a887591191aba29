/* norm/dates.c - date values: a year, a month, a day, an ISO 8601 / EDTF
 * date or range, as BibTeX, biblatex and the other readers give them. */
#include <stdio.h>
#include <string.h>

#include "core/str.h"
#include "norm/norm.h"

static int month_day(cx_str s, int *month);

/* The value without spaces, braces or markup around it ("{{2018}}"
 * decodes to 2018 inside case-protection marks) and a final full stop. */
static cx_str trim(cx_str s)
{
	while (s.n && (str_space((unsigned char)*s.p) || *s.p == '{' || CX_IS_MARK(*s.p))) {
		s.p++;
		s.n--;
	}
	while (s.n && (str_space((unsigned char)s.p[s.n - 1]) || s.p[s.n - 1] == '}' ||
	               s.p[s.n - 1] == '.' || CX_IS_MARK(s.p[s.n - 1])))
		s.n--;
	return s;
}

/* A month's name (or its first three letters) alone, with nothing but
 * spaces, commas and full stops around it. */
static int date_parse_month_name(cx_str s)
{
	while (s.n && (str_space((unsigned char)s.p[0]) || s.p[0] == ',' || s.p[0] == '.'))
		s.p++, s.n--;
	while (s.n && (str_space((unsigned char)s.p[s.n - 1]) || s.p[s.n - 1] == ',' ||
	               s.p[s.n - 1] == '.'))
		s.n--;
	for (size_t i = 0; i < s.n; i++)
		if (!str_alpha((unsigned char)s.p[i]))
			return 0;
	if (s.n < 3 || s.n > 9)
		return 0;
	int m = date_parse_month(s);
	return m >= 1 && m <= 12;
}

/* A day in a month field, as people write it: "July 30th", "2 sep",
 * "Sept. 14": a number from 1 to 31 before or after the month's name,
 * with st, nd, rd or th after it.  0 when there is none. */
static cx_str fmt_word(cx_str s)
{
	while (s.n && !str_alpha((unsigned char)s.p[0]))
		s.p++, s.n--;
	while (s.n && !str_alpha((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

static int month_day(cx_str s, int *month)
{
	s = trim(s);
	for (size_t i = 0; i < s.n; i++) {
		if (!str_digit((unsigned char)s.p[i]) || (i && str_alnum((unsigned char)s.p[i - 1])))
			continue;
		int d = 0;
		size_t k = str_digits(s.p + i, s.p + s.n, &d);
		cx_str rest = {s.p + i + k, s.n - i - k};
		if (rest.n >= 2 && (str_ieqn(rest.p, "st", 2) || str_ieqn(rest.p, "nd", 2) ||
		                    str_ieqn(rest.p, "rd", 2) || str_ieqn(rest.p, "th", 2)))
			rest.p += 2, rest.n -= 2;
		if (k > 2 || d < 1 || d > 31 || (rest.n && str_alnum((unsigned char)rest.p[0])))
			return 0;
		/* What is left must name the month, and nothing else. */
		cx_str m = i ? (cx_str){s.p, i} : rest;
		if (i && rest.n && rest.p[0] != ',' && rest.p[0] != '.')
			return 0;
		if (!date_parse_month_name(m))
			return 0;
		if (month)
			*month = date_parse_month(fmt_word(m));
		return d;
	}
	return 0;
}

int date_parse_month_day(cx_str s)
{
	return month_day(s, NULL);
}

int date_parse_month(cx_str s)
{
	static const char *const names[] = {"jan", "feb", "mar", "apr", "may", "jun",
	                                    "jul", "aug", "sep", "oct", "nov", "dec"};
	static const char *const seasons[] = {"spring", "summer", "autumn", "winter", "fall"};
	s = trim(s);
	if (!s.n)
		return 0;
	int dm = 0;
	if (month_day(s, &dm))
		return dm; /* "2 sep", "July 30th" */
	if (str_digit((unsigned char)s.p[0])) {
		int m = 0;
		for (size_t i = 0; i < s.n && i < 3; i++) {
			if (!str_digit((unsigned char)s.p[i]))
				return 0;
			m = m * 10 + (s.p[i] - '0');
		}
		if (s.n > 2)
			return 0;
		return m >= 1 && m <= 12 ? m : (m >= 21 && m <= 24 ? m - 8 : 0);
	}
	if (s.n >= 3) {
		for (int i = 0; i < 12; i++)
			if (str_lower((unsigned char)s.p[0]) == names[i][0] &&
			    str_lower((unsigned char)s.p[1]) == names[i][1] &&
			    str_lower((unsigned char)s.p[2]) == names[i][2]) {
				/* "March", "Mar", "mar", "Sept" all count. */
				return i + 1;
			}
		for (int i = 0; i < 5; i++)
			if (str_ieq(s, seasons[i]))
				return 13 + (i == 4 ? 2 : i);
	}
	return 0;
}

void date_parse_year(struct cx_date *d, cx_str s)
{
	/* An unknown command before the year, bibtex's sort hint
	 * ({\noopsort{1973b}}1973), says nothing of the date. */
	cx_str t = s;
	size_t i = 0;
	while (i < t.n) {
		const char *off = NULL;
		if ((unsigned char)t.p[i] == CX_M_RAW_ON)
			off = memchr(t.p + i, CX_M_RAW_OFF, t.n - i);
		if (off) {
			t = (cx_str){off + 1, (size_t)(t.p + t.n - off - 1)};
			i = 0;
		} else if (str_space((unsigned char)t.p[i]) || CX_IS_MARK(t.p[i])) {
			i++;
		} else {
			break;
		}
	}
	t = trim(t);
	int y;
	if (t.n >= 2 && t.n <= 5 && t.p[0] == '-' && str_digits(t.p + 1, t.p + t.n, &y) == t.n - 1 &&
	    y > 0) {
		d->year[0] = -y; /* a year BC, as CSL-JSON and biblatex write it */
		return;
	}
	size_t k = str_digits(t.p, t.p + t.n, &y);
	/* "199X" and "19uu" are EDTF's unspecified digits, and "198?" is
	 * how people write them: no year 199, 19 or 198, the text as it is. */
	int unspecified = k >= 1 && k < 4 && t.n > k &&
	                  (str_alpha((unsigned char)t.p[k]) || t.p[k] == '?');
	if (k >= 1 && k <= 4 && !unspecified &&
	    (k == t.n || (t.n > k && !str_digit((unsigned char)t.p[k])))) {
		/* "2020", "2020a", "1998--1999" */
		d->year[0] = y;
		const char *p = t.p + k, *end = t.p + t.n;
		while (p < end && (*p == '-' || *p == '/' || (unsigned char)*p == 0xE2)) {
			if ((unsigned char)*p == 0xE2)
				p += 3; /* en dash */
			else
				p++;
		}
		int y2;
		if (p > t.p + k && p < end && str_digits(p, end, &y2) == 4 && p + 4 == end) {
			/* "1865--1865" is the one year */
			d->year[1] = y2 != y ? y2 : 0;
			d->range = y2 != y;
		} else if (k != t.n && !str_alpha((unsigned char)t.p[k])) {
			d->literal = s;
		}
		return;
	}
	d->literal = s;
}

int date_unspecified_year(cx_str s)
{
	s = trim(s);
	size_t k = 0;
	while (k < s.n && str_digit((unsigned char)s.p[k]))
		k++;
	if (k < 1 || k >= 4 || s.n != 4)
		return 0;
	for (size_t i = k; i < 4; i++)
		if (s.p[i] != '?' && s.p[i] != 'X' && s.p[i] != 'x' && s.p[i] != 'u')
			return 0;
	return 1;
}

int date_year_lenient(cx_str s)
{
	struct cx_date d = {{0}, {0}, {0}, 0, 0, {0}};
	date_parse_year(&d, s);
	return d.year[0] && d.literal.n;
}

/* ISO 8601 and EDTF count years as astronomers do, with a year 0 that
 * is 1 BC: "-0379" is 380 BC, which biblatex prints as "380 BCE".  CSL,
 * and the model, count as historians, with no year 0: 380 BC is -380. */
static int year_of_iso(int y)
{
	return y <= 0 ? y - 1 : y;
}

static int iso_of_year(int y)
{
	return y < 0 ? y + 1 : y;
}

/* ISO 8601 / EDTF level 0-1, as biblatex's date field: YYYY, YYYY-MM,
 * YYYY-MM-DD, ranges with '/', open ends, '~' circa and '?' uncertain;
 * years BC as "-0379". */
static const char *iso_one(const char *p, const char *end, int *y, int *m, int *dd)
{
	int v, neg = p < end && *p == '-' && p + 1 < end && str_digit((unsigned char)p[1]);
	p += neg;
	size_t k = str_digits(p, end, &v);
	if (k != 4 || (neg && !v))
		return NULL;
	*y = year_of_iso(neg ? -v : v);
	p += 4;
	if (p < end && *p == '-' && p + 1 < end && str_digit((unsigned char)p[1])) {
		k = str_digits(p + 1, end, &v);
		if (k != 2 || v < 1 || (v > 12 && (v < 21 || v > 24)))
			return NULL;
		*m = v > 12 ? v - 8 : v;
		p += 3;
		if (p < end && *p == '-' && p + 1 < end && str_digit((unsigned char)p[1])) {
			k = str_digits(p + 1, end, &v);
			if (k != 2 || v < 1 || v > 31)
				return NULL;
			*dd = v;
			p += 3;
		}
	}
	/* A time of day is allowed and ignored. */
	if (p < end && *p == 'T')
		while (p < end && *p != '/')
			p++;
	return p;
}

void date_parse_iso(struct cx_date *d, cx_str s)
{
	cx_str t = trim(s);
	const char *p = t.p, *end = t.p + t.n;
	struct cx_date r = {{0}, {0}, {0}, 0, 0, {0}};
	if (p < end && *p == '/') {
		/* "/2020": open start; keep it literal. */
		d->literal = s;
		return;
	}
	p = iso_one(p, end, &r.year[0], &r.month[0], &r.day[0]);
	if (!p) {
		d->literal = s;
		return;
	}
	/* Approximate (~) or both (%) is circa; uncertain (?) alone is not
	 * (CSL has no uncertain date; pandoc reads it so too). */
	while (p < end && (*p == '~' || *p == '?' || *p == '%')) {
		if (*p != '?')
			r.circa = 1;
		p++;
	}
	if (p < end && *p == '/') {
		p++;
		r.range = 1;
		static const char unknown[] = "unknown", open[] = "open";
		if ((size_t)(end - p) == sizeof unknown - 1 && !memcmp(p, unknown, sizeof unknown - 1))
			p = end; /* EDTF level 1: an end not known */
		else if ((size_t)(end - p) == sizeof open - 1 && !memcmp(p, open, sizeof open - 1))
			p = end;
		if (p < end && !(p + 2 == end && p[0] == '.' && p[1] == '.')) {
			p = iso_one(p, end, &r.year[1], &r.month[1], &r.day[1]);
			if (!p) {
				d->literal = s;
				return;
			}
			while (p < end && (*p == '~' || *p == '?' || *p == '%'))
				p++;
		} else {
			p = end;
		}
	}
	if (p != end) {
		d->literal = s;
		return;
	}
	if (r.range && r.year[1] == r.year[0] && r.month[1] == r.month[0] && r.day[1] == r.day[0]) {
		r.range = 0; /* "1865/1865" is the one date */
		r.year[1] = r.month[1] = r.day[1] = 0;
	}
	r.literal = d->literal;
	*d = r;
}

int date_parse_day(cx_str s)
{
	int d = 0;
	str_digits(s.p, s.p + s.n, &d);
	return d;
}

static size_t iso_part(char *b, size_t cap, int y, int m, int d)
{
	int k;
	y = iso_of_year(y); /* 380 BC: "-0379" */
	const char *sign = y < 0 ? "-" : "";
	y = y < 0 ? -y : y;
	if (m >= 13 && m <= 16) /* seasons: EDTF 21..24 */
		k = snprintf(b, cap, "%s%04d-%02d", sign, y, m + 8);
	else if (m && d)
		k = snprintf(b, cap, "%s%04d-%02d-%02d", sign, y, m, d);
	else if (m)
		k = snprintf(b, cap, "%s%04d-%02d", sign, y, m);
	else
		k = snprintf(b, cap, "%s%04d", sign, y);
	if (k < 0)
		return 0;
	return (size_t)k < cap ? (size_t)k : cap - 1;
}

size_t date_iso(char *b, size_t cap, const struct cx_date *d)
{
	if (cap < 2)
		return 0;
	size_t n = iso_part(b, cap, d->year[0], d->month[0], d->day[0]);
	if (d->circa && n + 1 < cap)
		b[n++] = '~';
	if (d->range && n + 3 < cap) {
		b[n++] = '/';
		if (d->year[1] || d->month[1]) {
			n += iso_part(b + n, cap - n, d->year[1] ? d->year[1] : d->year[0], d->month[1],
			              d->day[1]);
			if (d->circa && n + 1 < cap)
				b[n++] = '~';
		} else {
			b[n++] = '.', b[n++] = '.'; /* open end */
		}
	}
	b[n] = 0;
	return n;
}
