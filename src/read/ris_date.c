/* read/ris_date.c - RIS's date forms (read/ris_date.h). */
#include <string.h>

#include "core/str.h"
#include "norm/norm.h"
#include "read/ris_date.h"

static int num(cx_str s, size_t *i, int maxd)
{
	int v = 0, k = 0;
	while (*i < s.n && str_digit((unsigned char)s.p[*i]) && k < maxd) {
		v = v * 10 + (s.p[*i] - '0');
		(*i)++;
		k++;
	}
	return k ? v : -1;
}

void parse_rdate(cx_str s, struct rdate *d)
{
	memset(d, 0, sizeof *d);
	/* a year BC: "-379/02//" */
	size_t neg = s.n > 1 && s.p[0] == '-' && str_digit((unsigned char)s.p[1]), i = neg;
	int y = num(s, &i, 4);
	if (y < 0 || (neg ? !y : i != 4)) {
		/* "MAR" or "JUN 15": a month (and day) without a year. */
		int m = date_parse_month(s.n >= 3 ? (cx_str){s.p, 3} : s);
		if (m && m <= 12) {
			size_t k = 3;
			while (k < s.n && str_alpha((unsigned char)s.p[k]))
				k++;
			while (k < s.n && (s.p[k] == ' ' || s.p[k] == '.'))
				k++;
			int dd = num(s, &k, 2);
			if (k == s.n) {
				d->m = m;
				d->d = dd > 0 ? dd : 0;
				return;
			}
		}
		d->other = s;
		return;
	}
	d->y = neg ? -y : y;
	if (i == s.n)
		return;
	char sep = s.p[i];
	if (neg && sep != '/') {
		d->y = 0;
		d->other = s;
		return;
	}
	if (sep != '/' && sep != '-') {
		d->other = s;
		return;
	}
	i++;
	size_t at = i;
	int m = num(s, &i, 2);
	if (m < 0 && sep == '/' && i < s.n && str_alpha((unsigned char)s.p[i])) {
		/* "2015/october", "2015/Oct/12/": a month by name */
		size_t j = i;
		while (j < s.n && str_alpha((unsigned char)s.p[j]))
			j++;
		int nm = date_parse_month((cx_str){s.p + i, j - i});
		if (nm >= 1 && nm <= 12) {
			m = nm;
			i = j;
		}
	}
	/* "1995-1-04" is no ISO date: the text as it is */
	if (sep == '-' && i != at + 2)
		goto odd;
	if (i < s.n && s.p[i] == sep)
		i++;
	else if (i < s.n)
		goto odd;
	at = i;
	int dd = num(s, &i, 2);
	if (sep == '-' && i != at + 2 && i != at)
		goto odd;
	if (i < s.n && s.p[i] == sep)
		i++;
	else if (i < s.n && s.p[i] != ' ' && s.p[i] != 'T')
		goto odd; /* a time of day may follow: "2020-03-01 10:00:00" */
	if (m > 12 || dd > 31)
		goto odd;
	d->m = m > 0 ? m : 0;
	d->d = dd > 0 ? dd : 0;
	if (i < s.n) {
		cx_str rest = {s.p + i, s.n - i};
		int sm = date_parse_month(rest);
		if (sm >= 13 && !d->m)
			d->m = sm; /* "2020///Spring" */
		else
			d->other = rest;
	}
	return;
odd:
	d->other = s;
}

