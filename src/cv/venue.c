/* cv/venue.c - the normalization of an item's venue and identifiers.
 *
 * What the labeller calls the container (and the notes around it) is read
 * here the way people write venues in a CV: identifiers out (URLs, DOIs,
 * arXiv ids), rank labels and awards to the note ("CCF-A", "(Best Paper
 * Award)"), a status ("Submitted to", "Under review", "To appear"), the
 * volume, number and pages written with it, the year and month, a thesis
 * or a technical report, and then the venue grammar and table
 * (grammar/venue.y, norm/venue.c): "OSDI '25", "Proc. of NSDI" and "18th
 * USENIX Symposium on ... (OSDI '24)" all become one row's full name and
 * acronym.  A venue the table does not know keeps its written name. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"

/* Remove [s+i, s+i+len) from a mutable copy. */
void cvd_cut(char *s, size_t *n, size_t i, size_t len)
{
	memmove(s + i, s + i + len, *n - i - len);
	*n -= len;
	s[*n] = 0;
}

static int is_doi_char(int c)
{
	return c > 0x20 && c < 0x7F && c != '"' && c != '<' && c != '>' && c != ',' && c != ']';
}

/* Pull identifiers out of an item's text: URLs (CX_M_URL spans and bare),
 * DOIs and arXiv ids.  The text left is without them. */
void cv_take_ids(struct cv_ctx *v, char *s, size_t *n, struct venue_out *o)
{
	for (size_t i = 0; i < *n; i++) {
		if ((unsigned char)s[i] != CX_M_URL_ON)
			continue;
		char *e = memchr(s + i, CX_M_URL_OFF, *n - i);
		size_t end = e ? (size_t)(e - s) + 1 : *n;
		cx_str u = cvd_trim(cvd_S(s + i + 1, end - i - 1 - (e ? 1 : 0)));
		long a;
		if ((a = cvd_find_ci(u, "arxiv.org/abs/", 0)) >= 0 || (a = cvd_find_ci(u, "arxiv.org/pdf/", 0)) >= 0) {
			cx_str id = cvd_S(u.p + a + 14, u.n - (size_t)a - 14);
			if (id.n > 4 && !memcmp(id.p + id.n - 4, ".pdf", 4))
				id.n -= 4;
			if (!o->arxiv.n && is_arxiv_id(id))
				o->arxiv = arena_str(v->a, id.p, id.n);
		} else if ((a = cvd_find_ci(u, "doi.org/", 0)) >= 0) {
			if (!o->doi.n)
				o->doi = arena_str(v->a, u.p + a + 8, u.n - (size_t)a - 8);
		} else if (!o->url.n) {
			o->url = arena_str(v->a, u.p, u.n);
		}
		cvd_cut(s, n, i, end - i);
		i--;
	}
	cx_str all = cvd_S(s, *n);
	long d;
	while ((d = cvd_find_ci(all, "10.", 0)) >= 0) {
		/* d counts from all.p, which moves past each non-DOI "10.". */
		size_t i = (size_t)(all.p - s) + (size_t)d;
		if (i && (str_alnum((unsigned char)s[i - 1]) || s[i - 1] == '.')) {
			/* not a DOI start; look further */
			all = cvd_S(s + i + 3, *n - i - 3);
			if (all.p >= s + *n)
				break;
			d = cvd_find_ci(all, "10.", 0);
			if (d < 0)
				break;
			i = (size_t)(all.p - s) + (size_t)d;
			if (str_alnum((unsigned char)s[i - 1]) || s[i - 1] == '.')
				break;
		}
		size_t j = i + 3;
		while (j < *n && str_digit((unsigned char)s[j]))
			j++;
		if (j - i < 7 || j >= *n || s[j] != '/') {
			all = cvd_S(s + j, *n - j);
			if (!all.n)
				break;
			continue;
		}
		while (j < *n && is_doi_char((unsigned char)s[j]))
			j++;
		while (j > i && strchr(".;)", s[j - 1]))
			j--;
		if (!o->doi.n)
			o->doi = arena_str(v->a, s + i, j - i);
		size_t b = i;
		cx_str pre = cvd_S(s, b);
		long dp = -1;
		if (b >= 4 && cvd_ieqn(s + b - 4, "doi:", 4))
			dp = (long)b - 4;
		else if (b >= 5 && cvd_ieqn(s + b - 5, "doi: ", 5))
			dp = (long)b - 5;
		(void)pre;
		if (dp >= 0)
			b = (size_t)dp;
		cvd_cut(s, n, b, j - b);
		all = cvd_S(s, *n);
	}
	/* arXiv ids: "arXiv:2408.08586", "abs/2305.18461", "(2408.08586)" */
	for (size_t i = 0; i + 9 <= *n; i++) {
		if (!str_digit((unsigned char)s[i]) || (i && (str_alnum((unsigned char)s[i - 1]) || s[i - 1] == '.')))
			continue;
		size_t j = i;
		while (j < *n && (str_digit((unsigned char)s[j]) || s[j] == '.' || s[j] == 'v'))
			j++;
		while (j > i && (s[j - 1] == '.' || s[j - 1] == 'v'))
			j--;
		cx_str id = cvd_S(s + i, j - i);
		if (!is_arxiv_id(id))
			continue;
		int ctx = cvd_find_ci(cvd_S(s, *n), "arxiv", 0) >= 0 || cvd_find_ci(cvd_S(s, *n), "corr", 1) >= 0;
		if (!ctx)
			continue;
		if (!o->arxiv.n)
			o->arxiv = arena_str(v->a, id.p, id.n);
		size_t b = i;
		if (b >= 6 && cvd_ieqn(s + b - 6, "arxiv:", 6))
			b -= 6;
		else if (b >= 4 && cvd_ieqn(s + b - 4, "abs/", 4))
			b -= 4;
		size_t e = j;
		if (b && s[b - 1] == '(' && e < *n && s[e] == ')')
			b--, e++;
		cvd_cut(s, n, b, e - b);
		i = b;
	}
}

int cvd_award_words(cx_str t)
{
	static const char *const w[] = {"award", "best", "prize", "honorable", "honourable",
	                                "outstanding", "oral", "spotlight", "distinguished",
	                                "nominee", "nomination", "finalist", "highlight", "winner",
	                                "acceptance rate", "selected", "invited", "featured",
	                                "runner-up", "candidate", NULL};
	for (size_t i = 0; w[i]; i++)
		if (cvd_find_ci(t, w[i], 0) >= 0)
			return 1;
	return 0;
}

/* Rank labels: CCF-A, CCF A, CORE A*, CORE B, "Rank A*", "SCI Q1", JCR Q1. */
size_t cvd_rank_at(const char *s, size_t n, size_t i)
{
	static const char *const pre[] = {"CCF-", "CCF ", "CORE ", "CORE-", "Rank ", "JCR Q", "SCI Q",
	                                  "CAS Q", "THCPL "};
	for (size_t k = 0; k < sizeof pre / sizeof *pre; k++) {
		size_t l = strlen(pre[k]);
		if (i + l < n && !memcmp(s + i, pre[k], l) && (!i || !str_alnum((unsigned char)s[i - 1]))) {
			size_t j = i + l;
			if (pre[k][l - 1] == 'Q') {
				if (!str_digit((unsigned char)s[j]))
					continue;
				j++;
			} else {
				if (!strchr("ABC", s[j]))
					continue;
				j++;
				if (j < n && s[j] == '*')
					j++;
				if (j < n && str_alnum((unsigned char)s[j]))
					continue;
			}
			return j - i;
		}
	}
	return 0;
}

static void add_note(struct cv_ctx *v, cx_str *note, cx_str t)
{
	t = cvd_trim_punct(t, ",;|-");
	if (t.n)
		*note = cv_cat(v->a, *note, "; ", t);
}

/* Identifiers, markup, link labels, rank labels and awards out of a venue
 * string (ids and notes go to o); the rest. */
static cx_str venue_strip(struct cv_ctx *v, cx_str venue_in, struct venue_out *o)
{
	size_t n = venue_in.n;
	char *s = arena_alloc(v->a, n + 1);
	if (n)
		memcpy(s, venue_in.p, n);
	s[n] = 0;
	cv_take_ids(v, s, &n, o);
	/* markup is layout here */
	cx_str pv = cvd_plain(v->a, cvd_S(s, n));
	n = pv.n;
	s = arena_alloc(v->a, n + 1);
	memcpy(s, pv.p, n);
	s[n] = 0;
	/* link labels */
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '[')
			continue;
		char *e = memchr(s + i, ']', n - i);
		if (e && cvd_is_label(s + i + 1, (size_t)(e - s - i - 1))) {
			cvd_cut(s, &n, i, (size_t)(e - s) + 1 - i);
			i--;
		}
	}
	/* rank labels and parenthesised awards go to the note */
	for (size_t i = 0; i < n; i++) {
		size_t l = cvd_rank_at(s, n, i);
		if (l) {
			add_note(v, &o->note, cvd_S(arena_strndup(v->a, s + i, l), l));
			cvd_cut(s, &n, i, l);
			i--;
			continue;
		}
		if (s[i] == '(') {
			char *e = memchr(s + i, ')', n - i);
			if (!e)
				continue;
			cx_str in = cvd_S(s + i + 1, (size_t)(e - s - i - 1));
			if (cvd_award_words(in)) {
				add_note(v, &o->note, cvd_S(arena_strndup(v->a, in.p, in.n), in.n));
				cvd_cut(s, &n, i, (size_t)(e - s) + 1 - i);
				i--;
			}
		}
	}
	/* comma-separated award segments ("Best Paper Award") */
	cx_str rest = cvd_S(s, n);
	cx_str keep = cvd_S("", 0);
	for (size_t b = 0, i = 0; i <= rest.n; i++) {
		if (i < rest.n && rest.p[i] != ',' && rest.p[i] != ';')
			continue;
		cx_str seg = cvd_trim(cvd_S(rest.p + b, i - b));
		if (seg.n && cvd_award_words(seg) && !cvd_venue_words(seg) && !cvd_find_year(seg, NULL))
			add_note(v, &o->note, seg);
		else if (seg.n)
			keep = cv_cat(v->a, keep, ", ", seg);
		b = i + 1;
	}
	return cvd_trim_punct(keep, ",.;|-");
}

/* A status ("Submitted to", "Under review", "To appear") and a preprint
 * server; the rest. */
static cx_str venue_status(struct cv_ctx *v, cx_str t, struct venue_out *o)
{
	/* status */
	static const struct {
		const char *w;
		int st;
		const char *note;
	} st[] = {{"submitted to", 1, NULL}, {"submitted for publication", 2, "Submitted"},
	          {"submitted", 2, "Submitted"}, {"in submission to", 2, "In submission"},
	          {"under review at", 2, "Under review"}, {"under review for", 2, "Under review"},
	          {"under review in", 2, "Under review"},
	          {"in submission", 2, "In submission"}, {"under submission", 2, "In submission"},
	          {"under review", 2, "Under review"}, {"in review", 2, "Under review"},
	          {"to appear in", 3, "To appear"}, {"to appear at", 3, "To appear"},
	          {"to appear", 3, "To appear"}, {"accepted to", 3, "To appear"},
	          {"accepted at", 3, "To appear"}, {"accepted by", 3, "To appear"},
	          {"accepted in", 3, "To appear"}, {"forthcoming in", 3, "Forthcoming"},
	          {"forthcoming", 3, "Forthcoming"}, {"in press", 3, "In press"}};
	for (size_t k = 0; k < sizeof st / sizeof *st; k++) {
		long a = cvd_find_ci(t, st[k].w, 1);
		if (a < 0)
			continue;
		size_t l = strlen(st[k].w);
		char *c = arena_strndup(v->a, t.p, t.n);
		size_t cn = t.n;
		cvd_cut(c, &cn, (size_t)a, l);
		t = cvd_trim_punct(cvd_S(c, cn), ",.;|-:");
		o->status = st[k].st;
		if (st[k].note)
			o->status_note = arena_str(v->a, st[k].note, strlen(st[k].note));
		break;
	}
	/* arXiv / preprint servers */
	if (cvd_has_ci(t, "arxiv") || cvd_has_ci(t, "corr") || cvd_has_ci(t, "preprint") || cvd_has_ci(t, "biorxiv") ||
	    cvd_has_ci(t, "medrxiv") || cvd_has_ci(t, "ssrn") || o->arxiv.n) {
		int journalish = cvd_has_ci(t, "journal") || cvd_has_ci(t, "transactions") || cvd_has_ci(t, "conference");
		if (!journalish || !t.n)
			o->preprint = 1;
	}
	return t;
}

/* Volume, number and pages, labelled or written together; the rest. */
static cx_str venue_numbers(struct cv_ctx *v, cx_str t, struct venue_out *o)
{
	/* volume, number, pages */
	static const struct {
		const char *w;
		int which;
	} vp[] = {{"vol.", 0}, {"vol", 0}, {"volume", 0}, {"no.", 1}, {"issue", 1}, {"nr.", 1},
	          {"pp.", 2}, {"pages", 2}, {"p.", 2}, {"article", 3}};
	char *c = arena_strndup(v->a, t.p, t.n);
	size_t cn = t.n;
	for (size_t k = 0; k < sizeof vp / sizeof *vp; k++) {
		long a = cvd_find_ci(cvd_S(c, cn), vp[k].w, !strchr(vp[k].w, '.'));
		if (a < 0)
			continue;
		size_t j = (size_t)a + strlen(vp[k].w);
		while (j < cn && (c[j] == ' ' || c[j] == ':'))
			j++;
		size_t b = j;
		while (j < cn && (str_alnum((unsigned char)c[j]) || c[j] == '-' ||
		                  ((unsigned char)c[j] == 0xE2 && j + 2 < cn)))
			j += (unsigned char)c[j] == 0xE2 ? 3 : 1;
		if (j == b || !str_digit((unsigned char)c[b]))
			continue;
		cx_str val = cvd_S(arena_strndup(v->a, c + b, j - b), j - b);
		if (vp[k].which == 0 && !o->volume.n)
			o->volume = val;
		else if (vp[k].which == 1 && !o->number.n)
			o->number = val;
		else if (vp[k].which == 2 && !o->pages.n)
			o->pages = val;
		else if (vp[k].which == 3 && !o->number.n)
			o->number = val;
		cvd_cut(c, &cn, (size_t)a, j - (size_t)a);
	}
	/* 12(3):45-67 or 12(3), 45-67 or 12:1-20 */
	for (size_t i = 0; i < cn; i++) {
		if (!str_digit((unsigned char)c[i]) || (i && (str_alnum((unsigned char)c[i - 1]) || c[i - 1] == '\'')))
			continue;
		size_t j = i;
		while (j < cn && str_digit((unsigned char)c[j]))
			j++;
		size_t ve = j, nb = 0, ne = 0;
		if (j < cn && c[j] == '(') {
			nb = j + 1;
			ne = nb;
			while (ne < cn && str_alnum((unsigned char)c[ne]))
				ne++;
			if (ne >= cn || c[ne] != ')')
				continue;
			j = ne + 1;
		}
		size_t k = j;
		if (k < cn && (c[k] == ':' || c[k] == ','))
			k++;
		while (k < cn && c[k] == ' ')
			k++;
		size_t pb = k;
		if (k < cn && c[k] == 'e' && k + 1 < cn && str_digit((unsigned char)c[k + 1]))
			k++; /* e02567: an article number */
		while (k < cn && (str_digit((unsigned char)c[k]) || c[k] == '-' ||
		                  ((unsigned char)c[k] == 0xE2 && k + 2 < cn && (unsigned char)c[k + 1] == 0x80 &&
		                   (unsigned char)c[k + 2] == 0x93)))
			k += (unsigned char)c[k] == 0xE2 ? 3 : 1;
		int has_pages = k > pb && (memchr(c + pb, '-', k - pb) || memchr(c + pb, '\xE2', k - pb) ||
		                           (c[pb] == 'e' && k > pb + 1));
		if (!nb && !has_pages)
			continue;
		if (!nb && c[j] != ':' && !(c[j] == ',' && memchr(c + pb, '-', k - pb)))
			continue;
		if (cvd_year_at(c, cn, i) && !nb)
			continue;
		if (!o->volume.n)
			o->volume = cvd_S(arena_strndup(v->a, c + i, ve - i), ve - i);
		if (nb && !o->number.n)
			o->number = cvd_S(arena_strndup(v->a, c + nb, ne - nb), ne - nb);
		if (has_pages && !o->pages.n)
			o->pages = cvd_S(arena_strndup(v->a, c + pb, k - pb), k - pb);
		cvd_cut(c, &cn, i, (has_pages ? k : j) - i);
		break;
	}
	/* DBLP and others: "...: 322-337" or ", 322-337" at the end */
	if (!o->pages.n) {
		size_t e = cn;
		while (e && (c[e - 1] == '.' || c[e - 1] == ' '))
			e--;
		size_t b = e;
		while (b && (str_digit((unsigned char)c[b - 1]) || c[b - 1] == '-'))
			b--;
		const char *dash = b < e ? memchr(c + b, '-', e - b) : NULL;
		if (dash && dash > c + b && dash + 1 < c + e && b >= 2 && (c[b - 1] == ' ') &&
		    (c[b - 2] == ':' || c[b - 2] == ',') && !(cvd_year_at(c, cn, b) && cvd_year_at(c, cn, (size_t)(dash - c) + 1))) {
			o->pages = cvd_S(arena_strndup(v->a, c + b, e - b), e - b);
			cvd_cut(c, &cn, b - 2, e - b + 2);
		}
	}
	/* "DH Benelux Journal 5": a journal's name, then its volume */
	if (!o->volume.n && !o->pages.n) {
		size_t e = cn;
		while (e && c[e - 1] == ' ')
			e--;
		size_t b = e;
		while (b && str_digit((unsigned char)c[b - 1]))
			b--;
		if (b < e && e - b <= 3 && b >= 2 && c[b - 1] == ' ' && str_alpha((unsigned char)c[b - 2])) {
			o->volume = cvd_S(arena_strndup(v->a, c + b, e - b), e - b);
			cn = b - 1;
		}
	}
	/* what the cuts left: ", , ," runs */
	{
		size_t k = 0;
		for (size_t i = 0; i < cn; i++) {
			if (c[i] == ',' && k) {
				size_t j = k;
				while (j && c[j - 1] == ' ')
					j--;
				if (j && c[j - 1] == ',') {
					k = j;
					continue;
				}
			}
			c[k++] = c[i];
		}
		cn = k;
	}
	t = cvd_trim_punct(cvd_S(c, cn), ",.;:|-");
	return t;
}

/* The year and a month before it; the rest. */
static cx_str venue_date(struct cv_ctx *v, cx_str t, struct venue_out *o)
{
	/* a month before the year */
	size_t yat = 0;
	int y = cvd_find_year(t, &yat);
	if (y) {
		o->year = y;
		size_t b = yat;
		while (b && (t.p[b - 1] == ' ' || t.p[b - 1] == ','))
			b--;
		if (b && t.p[b - 1] == '.')
			b--;
		size_t mb = b;
		while (mb && str_alpha((unsigned char)t.p[mb - 1]))
			mb--;
		int m = 0;
		if (mb < b && cvd_month_at(t.p + mb, b - mb, &m) == b - mb)
			o->month = m;
		else
			mb = yat;
		/* drop the year (and month) at the end, or before a closing
		 * parenthesis ("(ICML 2022)"); a year followed by more words is
		 * part of the name ("2020 Ivannikov ISPRAS Open Conference") */
		size_t ye = yat + 4;
		if (ye < t.n && str_alpha((unsigned char)t.p[ye]) && (ye + 1 == t.n || !str_alpha((unsigned char)t.p[ye + 1])))
			ye++; /* 2020a */
		size_t after = ye;
		while (after < t.n && strchr(" ,.;:)|-", t.p[after]))
			after++;
		if (after < t.n)
			return t;
		o->tag_year = ye < t.n && memchr(t.p + ye, ')', t.n - ye) != NULL; /* "(ICML 2022)" */
		char *cc = arena_strndup(v->a, t.p, t.n);
		size_t ccn = t.n;
		cvd_cut(cc, &ccn, mb, ye - mb);
		t = cvd_trim_punct(cvd_S(cc, ccn), ",.;:|-");
		/* "(  )" left behind */
		if (t.n >= 2 && t.p[t.n - 1] == ')') {
			size_t k = t.n - 1;
			while (k && t.p[k - 1] == ' ')
				k--;
			if (k && t.p[k - 1] == '(')
				t = cvd_trim_punct(cvd_S(t.p, k - 1), ",.;:|-");
		}
	}
	return t;
}

/* A thesis or a technical report: 1 when t was one. */
static int venue_thesis_report(struct cv_ctx *v, cx_str t, struct venue_out *o)
{
	/* thesis */
	static const struct {
		const char *w;
		int masters;
	} th[] = {{"phd dissertation", 0}, {"ph.d. dissertation", 0}, {"phd thesis", 0},
	          {"ph.d. thesis", 0}, {"doctoral dissertation", 0}, {"doctoral thesis", 0},
	          {"dissertation", 0}, {"master's thesis", 1}, {"masters thesis", 1},
	          {"ms thesis", 1}, {"m.s. thesis", 1}, {"msc thesis", 1}, {"bachelor's thesis", 2},
	          {"undergraduate thesis", 2}, {"thesis", 0}};
	for (size_t k = 0; k < sizeof th / sizeof *th; k++) {
		long a = cvd_find_ci(t, th[k].w, 0);
		if (a < 0)
			continue;
		char *cc = arena_strndup(v->a, t.p, t.n);
		size_t ccn = t.n;
		cvd_cut(cc, &ccn, (size_t)a, strlen(th[k].w));
		o->school = cvd_trim_punct(cvd_S(cc, ccn), ",.;:|-");
		o->kind = VENUE_THESIS;
		o->preprint = th[k].masters; /* reused: 1 master's, 2 bachelor's */
		o->name = cvd_S("", 0);
		return 1;
	}
	/* technical reports: "Technical Report MSR-TR-2021-12, Microsoft Research" */
	static const char *const tr[] = {"technical report", "tech. report", "tech. rep.", "tech report",
	                                 "tech. rep", "research report", "internal report", "technical note",
	                                 "tech. note", "technical memorandum", "tech. memo", NULL};
	for (size_t k = 0; tr[k]; k++) {
		long a = cvd_find_ci(t, tr[k], 0);
		if (a < 0)
			continue;
		cx_str trest = cvd_trim_punct(cvd_S(t.p + a + strlen(tr[k]), t.n - (size_t)a - strlen(tr[k])), ",.;: ");
		cx_str pre = cvd_trim_punct(cvd_S(t.p, (size_t)a), ",.;: ");
		size_t w = 0;
		while (w < trest.n && !cvd_is_sp((unsigned char)trest.p[w]) && trest.p[w] != ',')
			w++;
		int has_digit = 0;
		for (size_t i = 0; i < w; i++)
			has_digit |= str_digit((unsigned char)trest.p[i]) != 0;
		if (has_digit || (w && w < 20 && (trest.p[w - 1] != '.' && str_is_upper((unsigned char)trest.p[0]) &&
		                                 memchr(trest.p, '-', w)))) {
			o->number = cvd_S(trest.p, w);
			trest = cvd_trim_punct(cvd_S(trest.p + w, trest.n - w), ",.;: ");
		}
		o->school = pre.n ? cv_cat(v->a, pre, ", ", trest) : trest;
		o->report = 1;
		return 1;
	}
	return 0;
}

/* An article number, then the venue grammar and the table: 1 when the
 * table knew the venue (o is complete); else t is what is left. */
static int venue_table(struct cv_ctx *v, cx_str *tp, struct venue_out *o)
{
	cx_str t = *tp;
	/* "Nature Communications 14, 1234": volume and article number */
	if (!o->volume.n) {
		size_t e = t.n, b;
		while (e && str_digit((unsigned char)t.p[e - 1]))
			e--;
		b = e;
		if (b < t.n && b >= 4 && t.p[b - 1] == ' ' && t.p[b - 2] == ',' && str_digit((unsigned char)t.p[b - 3])) {
			size_t vb = b - 2;
			while (vb && str_digit((unsigned char)t.p[vb - 1]))
				vb--;
			if (vb && t.p[vb - 1] == ' ' && !cvd_year_at(t.p, t.n, vb)) {
				o->volume = cvd_S(t.p + vb, b - 2 - vb);
				o->pages = cvd_S(t.p + b, t.n - b);
				t = cvd_trim_punct(cvd_S(t.p, vb), ",.;: ");
			}
		}
	}
	int sy = cvd_find_short_year(t);
	o->short_year = sy != 0;
	struct venue_info vi;
	memset(&vi, 0, sizeof vi);
	if (t.n && venue_parse(v->c->cx->venues, v->a, t.p, t.n, &vi) == 0) {
		if (!o->year)
			o->year = vi.year ? vi.year : sy;
		if (!o->arxiv.n && vi.arxiv.n)
			o->arxiv = vi.arxiv;
		if (vi.status == VENUE_SUBMITTED && !o->status)
			o->status = 1;
		else if ((vi.status == VENUE_IN_SUBMISSION || vi.status == VENUE_UNDER_REVIEW) && !o->status)
			o->status = 2;
		else if (vi.status == VENUE_TO_APPEAR && !o->status)
			o->status = 3;
		if (vi.kind == VENUE_PREPRINT)
			o->preprint = 1;
		/* --venues=keep: the venue as written, no table row. */
		if (vi.row && v->c->opt->venues != CX_VENUES_KEEP) {
			o->name = arena_str(v->a, vi.row->name, strlen(vi.row->name));
			o->known = 1;
			o->acronym = arena_str(v->a, vi.row->acronym, strlen(vi.row->acronym));
			o->kind = vi.row->kind;
			cx_str rem = cvd_trim_punct(vi.remainder, ",.;:|-()");
			if (rem.n && (cvd_award_words(rem) || cvd_rank_at(rem.p, rem.n, 0)))
				add_note(v, &o->note, rem);
			return 1;
		}
		o->kind = vi.kind;
		o->acronym = vi.acronym;
		if (vi.name.n)
			o->name = vi.name;
	} else if (!o->year)
		o->year = sy;
	*tp = t;
	return 0;
}

/* The written name of a venue the table does not know. */
static void venue_name(struct cv_ctx *v, cx_str t, struct venue_out *o)
{
	if (!o->name.n) {
		/* "ACR '25 | Full Name": keep the written full name */
		const char *bar = memchr(t.p, '|', t.n);
		if (bar) {
			cx_str l = cvd_trim(cvd_S(t.p, (size_t)(bar - t.p))), r = cvd_trim(cvd_S(bar + 1, (size_t)(t.p + t.n - bar - 1)));
			o->name = l.n > r.n ? l : r;
		} else
			o->name = t;
		/* strip a trailing 'YY and a "(ACR 'YY)" left in the name; a
		 * parenthetical that held a year is the venue's tag, not its
		 * name ("(OSDI '24)"), one without is part of the name as
		 * written ("... Conference (ISPRAS)") */
		cx_str nm = o->name;
		int tagged = 0;
		if (nm.n && nm.p[nm.n - 1] == ')') {
			size_t op = nm.n;
			while (op && nm.p[op - 1] != '(')
				op--;
			cx_str in = cvd_S(nm.p + op, nm.n - op);
			tagged = o->tag_year || cvd_find_short_year(in) || cvd_find_year(in, NULL);
		}
		long q;
		while ((q = cvd_find_ci(nm, "'", 0)) >= 0 && (size_t)q + 3 <= nm.n &&
		       str_digit((unsigned char)nm.p[q + 1]) && str_digit((unsigned char)nm.p[q + 2])) {
			char *cc = arena_strndup(v->a, nm.p, nm.n);
			size_t ccn = nm.n;
			size_t b = (size_t)q;
			while (b && cc[b - 1] == ' ')
				b--;
			cvd_cut(cc, &ccn, b, (size_t)q + 3 - b);
			nm = cvd_S(cc, ccn);
		}
		cx_str full = nm;
		nm = cvd_trim_punct(nm, ",.;:|-");
		/* "Proc. VLDB Endow.": an abbreviation keeps its period */
		if (nm.n && nm.p + nm.n < full.p + full.n && nm.p[nm.n] == '.') {
			size_t w = nm.n;
			while (w && nm.p[w - 1] != ' ')
				w--;
			if (nm.n - w <= 6 && str_is_upper((unsigned char)nm.p[w]) && memchr(nm.p, '.', nm.n))
				nm.n++;
		}
		if (nm.n >= 2 && !memcmp(nm.p + nm.n - 2, "()", 2))
			nm = cvd_trim_punct(cvd_S(nm.p, nm.n - 2), ",.;:|- ");
		/* "Name (ACR)": the parenthetical acronym */
		if (nm.n > 3 && nm.p[nm.n - 1] == ')') {
			const char *op = nm.p + nm.n - 1;
			while (op > nm.p && *op != '(')
				op--;
			if (op > nm.p) {
				cx_str in = cvd_trim(cvd_S(op + 1, (size_t)(nm.p + nm.n - op - 2)));
				size_t caps = 0;
				for (size_t i = 0; i < in.n; i++)
					caps += str_is_upper((unsigned char)in.p[i]) != 0;
				/* an acronym has two capitals or more; "(Taiwan)" is
				 * a place */
				if (in.n && in.n < 16 && caps >= 2 && !o->acronym.n)
					o->acronym = in;
				if (tagged || !in.n || (o->known && o->acronym.n && cvd_ieqn(in.p, o->acronym.p, in.n) &&
				                        in.n == o->acronym.n))
					nm = cvd_trim(cvd_S(nm.p, (size_t)(op - nm.p)));
			}
		}
		o->name = nm;
	}
}

/* The kind of a venue the table does not know, by its words. */
static void venue_kind_words(cx_str venue_in, struct venue_out *o)
{
	if (o->kind == VENUE_UNKNOWN) {
		/* no table row: the words decide; the section title and a volume
		 * number decide after them (build_entry) */
		cx_str nm = o->name;
		if (o->preprint)
			o->kind = VENUE_PREPRINT;
		else if (cvd_has_ci(nm, "workshop"))
			o->kind = VENUE_WORKSHOP;
		else if (cvd_has_ci(nm, "journal") || cvd_has_ci(nm, "transactions") || cvd_has_ci(nm, "letters") ||
		         cvd_has_ci(nm, "magazine") || cvd_has_ci(nm, "review") || cvd_has_ci(nm, "trans.") ||
		         cvd_has_ci(nm, "j.") || cvd_find_ci(nm, "\xE8\xAB\x96\xE6\x96\x87\xE8\xAA\x8C", 0) >= 0 ||
		         cvd_find_ci(nm, "\xE5\xAD\xA6\xE6\x8A\xA5", 0) >= 0 ||
		         cvd_find_ci(nm, "\xE6\x9C\x9F\xE5\x88\x8A", 0) >= 0)
			o->kind = VENUE_JOURNAL;
		else if (cvd_has_ci(nm, "conference") || cvd_has_ci(nm, "proceedings") || cvd_has_ci(nm, "proc.") ||
		         cvd_has_ci(nm, "symposium") || cvd_has_ci(nm, "meeting") || cvd_has_ci(nm, "congress") ||
		         cvd_find_short_year(venue_in))
			o->kind = VENUE_CONFERENCE;
	}}

/* "Proc. VLDB Endow.": a name that ends the venue as written with an
 * abbreviation keeps the abbreviation's period. */
/* Does the last word of a journal's name take a stop: a word journals
 * abbreviate ("Nano Lett", "Tetrahedron Lett"), in a name that writes
 * no other abbreviation without its stop ("J Appl Phys" is
 * Vancouver's, which writes none)? */
int cvd_abbrev_stop(cx_str name)
{
	char w[32];
	size_t b = 0;
	for (size_t i = 0; i <= name.n; i++) {
		if (i < name.n && name.p[i] != ' ')
			continue;
		size_t n = i - b;
		if (n && n + 1 < sizeof w && name.p[i - 1] != '.') {
			memcpy(w, name.p + b, n);
			w[n] = '.';
			int ab = lab_abbrev_word(w, n + 1) || (n == 1 && str_is_upper((unsigned char)w[0]));
			if (i < name.n && ab)
				return 0; /* "J Appl ..." */
			if (i == name.n)
				return ab && n > 1;
		}
		b = i + 1;
	}
	return 0;
}

static cx_str abbrev_period(struct cv_ctx *v, cx_str in, cx_str name)
{
	in = cvd_trim(in);
	while (in.n && (in.p[in.n - 1] == ',' || in.p[in.n - 1] == ';' || CX_IS_MARK((unsigned char)in.p[in.n - 1])))
		in.n--; /* "*Nano Lett.*," */
	if (name.n < 2 || in.n < name.n + 1 || in.p[in.n - 1] != '.' || memcmp(in.p + in.n - 1 - name.n, name.p, name.n))
		return name;
	size_t w = name.n;
	while (w && name.p[w - 1] != ' ')
		w--;
	if (!cvd_abbrev_stop(name) &&
	    (!memchr(name.p, '.', name.n) || name.n - w > 6 || !str_is_upper((unsigned char)name.p[w])))
		return name;
	char *p = arena_alloc(v->a, name.n + 2);
	memcpy(p, name.p, name.n);
	p[name.n] = '.';
	p[name.n + 1] = 0;
	return cvd_S(p, name.n + 1);
}

/* Read a venue string (and an item's loose extras) into fields. */
void cv_read_venue(struct cv_ctx *v, cx_str venue_in, struct venue_out *o)
{
	cx_str t = venue_strip(v, venue_in, o);
	t = venue_status(v, t, o);
	t = venue_numbers(v, t, o);
	t = venue_date(v, t, o);
	if (venue_thesis_report(v, t, o))
		return;
	cx_str rest = t;
	int known = venue_table(v, &t, o);
	/* the name as written too: a document that spells a venue out keeps
	 * its own words ("Proceedings of the ..." as well) */
	struct venue_out w;
	memset(&w, 0, sizeof w);
	w.tag_year = o->tag_year;
	w.known = known;
	w.acronym = o->acronym;
	venue_name(v, known ? rest : t, &w);
	w.acronym = known ? cvd_S("", 0) : w.acronym;
	o->written = abbrev_period(v, venue_in, w.name);
	if (!o->acronym.n)
		o->acronym = w.acronym;
	if (known)
		return;
	venue_name(v, t, o);
	o->name = abbrev_period(v, venue_in, o->name);
	venue_kind_words(venue_in, o);
}
