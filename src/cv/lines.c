/* cv/lines.c - Markdown and plain text: the line model. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/str.h"
#include "cv/doc.h"
#include "cv/dom.h"

/* ---- Markdown and plain text: the line model ----------------------------- */

static int find_closer(const char *s, size_t n, size_t from, const char *delim)
{
	size_t dl = strlen(delim);
	for (size_t i = from; i + dl <= n; i++) {
		if (s[i] == '\\') {
			i++;
			continue;
		}
		if (!memcmp(s + i, delim, dl) && i > from && !cvd_is_sp((unsigned char)s[i - 1]) &&
		    (i + dl == n || !str_alnum((unsigned char)s[i + dl])))
			return (int)i;
	}
	return -1;
}

static size_t url_len(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && !cvd_is_sp((unsigned char)s[k]) && s[k] != '<' && s[k] != '>' && s[k] != '"' &&
	       !CX_IS_MARK(s[k]) && (unsigned char)s[k] != 0xE2)
		k++;
	while (k && strchr(".,;:)]}'", s[k - 1])) {
		/* keep a closing paren the URL opened: wikipedia-style links */
		if (s[k - 1] == ')' && memchr(s, '(', k))
			break;
		k--;
	}
	return k;
}

static cx_str md_inline(struct arena *a, const char *s, size_t n, int latex);

/* An emphasis span opened at s[i] by dl copies of s[i]: its inline text
 * between the marks on and off, and the offset after its closer; 0 if the
 * line does not close it. */
static size_t md_span(struct arena *a, struct buf *b, const char *s, size_t n, size_t i, size_t dl, char on, char off,
                      int latex)
{
	char d[3] = {s[i], dl == 2 ? s[i] : 0, 0};
	int k = find_closer(s, n, i + dl, d);
	if (k <= 0)
		return 0;
	buf_putc(b, on);
	cx_str in = md_inline(a, s + i + dl, (size_t)k - i - dl, latex);
	buf_put(b, in.p, in.n);
	buf_putc(b, off);
	return (size_t)k + dl;
}

/* Inline Markdown (and the few HTML tags Markdown allows) to markup:
 * **bold** __bold__ *italic*, \* escapes, [text](url), <url>, bare URLs.
 * A lone '*' after a name is an equal-contribution mark, not italic: an
 * opener must not follow a letter and must have a closer on the line. */
static cx_str md_inline(struct arena *a, const char *s, size_t n, int latex)
{
	struct buf b = {0};
	for (size_t i = 0; i < n;) {
		char c = s[i];
		if (c == '\\' && i + 1 < n && strchr("*_[]()#`\\<>|-.!+", s[i + 1]) && !latex) {
			buf_putc(&b, s[i + 1]);
			i += 2;
			continue;
		}
		if (!latex && (c == '*' || c == '_') && i + 1 < n && s[i + 1] == c) {
			size_t e = !cvd_is_sp((unsigned char)(i + 2 < n ? s[i + 2] : ' '))
			                   ? md_span(a, &b, s, n, i, 2, CX_M_BOLD_ON, CX_M_BOLD_OFF, latex)
			                   : 0;
			if (e) {
				i = e;
				continue;
			}
		}
		if (!latex && c == '*' && i + 1 < n && !cvd_is_sp((unsigned char)s[i + 1]) && s[i + 1] != '*' &&
		    (i == 0 || !str_alnum((unsigned char)s[i - 1]))) {
			size_t e = md_span(a, &b, s, n, i, 1, CX_M_ITALIC_ON, CX_M_ITALIC_OFF, latex);
			if (e) {
				i = e;
				continue;
			}
		}
		if (!latex && c == '[') {
			/* [text](url) */
			size_t k = i + 1;
			int d = 1;
			while (k < n && d) {
				if (s[k] == '[')
					d++;
				else if (s[k] == ']')
					d--;
				if (d)
					k++;
			}
			if (k < n && k + 1 < n && s[k + 1] == '(') {
				const char *u = s + k + 2, *ue = NULL;
				int depth = 0; /* the destination's parentheses balance ("...-28(6)-2") */
				for (const char *q = u; q < s + n && !ue; q++)
					if (*q == '(')
						depth++;
					else if (*q == ')' && !depth)
						ue = q;
					else if (*q == ')')
						depth--;
				if (!ue)
					ue = memchr(u, ')', n - (k + 2));
				if (ue) {
					int lab = cvd_is_label(s + i + 1, k - i - 1);
					if (lab)
						buf_putc(&b, '[');
					cx_str in = md_inline(a, s + i + 1, k - i - 1, latex);
					buf_put(&b, in.p, in.n);
					if (lab)
						buf_putc(&b, ']');
					if (ue > u && *u != '#') {
						buf_putc(&b, ' ');
						buf_putc(&b, CX_M_URL_ON);
						buf_put(&b, u, (size_t)(ue - u));
						buf_putc(&b, CX_M_URL_OFF);
					}
					i = (size_t)(ue - s) + 1;
					continue;
				}
			}
		}
		if (c == '<') {
			static const struct {
				const char *tag;
				int mark;
			} tags[] = {{"<b>", CX_M_BOLD_ON}, {"</b>", CX_M_BOLD_OFF}, {"<strong>", CX_M_BOLD_ON},
			            {"</strong>", CX_M_BOLD_OFF}, {"<i>", CX_M_ITALIC_ON},
			            {"</i>", CX_M_ITALIC_OFF}, {"<em>", CX_M_ITALIC_ON},
			            {"</em>", CX_M_ITALIC_OFF}, {"<br>", ' '}, {"<br/>", ' '}, {"<br />", ' '},
			            {"<u>", 0}, {"</u>", 0}, {"<sup>", 0}, {"</sup>", 0}};
			int done = 0;
			for (size_t t = 0; t < sizeof tags / sizeof *tags && !done; t++) {
				size_t tl = strlen(tags[t].tag);
				if (i + tl <= n && cvd_ieqn(s + i, tags[t].tag, tl)) {
					if (tags[t].mark)
						buf_putc(&b, tags[t].mark);
					i += tl;
					done = 1;
				}
			}
			if (done)
				continue;
			if (i + 5 < n && !memcmp(s + i + 1, "http", 4)) {
				const char *e = memchr(s + i, '>', n - i);
				if (e) {
					buf_putc(&b, CX_M_URL_ON);
					buf_put(&b, s + i + 1, (size_t)(e - s - i - 1));
					buf_putc(&b, CX_M_URL_OFF);
					i = (size_t)(e - s) + 1;
					continue;
				}
			}
		}
		if (c == '&' && !latex) { /* an HTML entity Markdown lets through: &nbsp; &mdash; */
			size_t k = dom_entity(s + i + 1, s + n, &b);
			if (k) {
				i += k + 1;
				continue;
			}
		}
		if (c == (char)CX_M_URL_ON) { /* already a URL (HTML links): copy */
			const char *e = memchr(s + i, CX_M_URL_OFF, n - i);
			size_t k = e ? (size_t)(e - s) + 1 : n;
			buf_put(&b, s + i, k - i);
			i = k;
			continue;
		}
		if ((c == 'h' && i + 8 < n && (!memcmp(s + i, "https://", 8) || !memcmp(s + i, "http://", 7))) ||
		    (c == 'w' && i + 4 < n && !memcmp(s + i, "www.", 4) && (i == 0 || cvd_is_sp((unsigned char)s[i - 1])))) {
			size_t k = url_len(s + i, n - i);
			buf_putc(&b, CX_M_URL_ON);
			buf_put(&b, s + i, k);
			buf_putc(&b, CX_M_URL_OFF);
			i += k;
			continue;
		}
		buf_putc(&b, c);
		i++;
	}
	cx_str r = arena_str(a, b.p ? b.p : "", b.n);
	buf_free(&b);
	return r;
}

/* A new empty line at the end of the document's lines. */
static struct cv_line *new_line(struct cv *v, unsigned line)
{
	if (v->nl == v->capl) {
		size_t cap = v->capl ? v->capl * 2 : 256;
		v->l = arena_grow(&v->a, v->l, sizeof *v->l, v->nl, cap);
		v->capl = cap;
	}
	struct cv_line *L = &v->l[v->nl];
	memset(L, 0, sizeof *L);
	L->line = line;
	L->idx = (unsigned)v->nl++;
	return L;
}

/* A line of Markdown that opens with an HTML tag ("<summary>Education</summary>",
 * "<div class=...>"): the tags go, but for the emphasis md_inline reads;
 * a heading's or a summary's tag makes a heading (its level in *heading),
 * a list item's a bullet (*marker), and a link keeps its address, as
 * Markdown's does.  A line of tags alone is blank. */
static cx_str html_line(struct arena *a, cx_str t, int *heading, int *marker)
{
	struct buf b = {0};
	for (size_t i = 0; i < t.n;) {
		size_t j = i + 1 + (i + 1 < t.n && t.p[i + 1] == '/');
		size_t nb = j;
		while (nb < t.n && str_alpha((unsigned char)t.p[nb]))
			nb++;
		if (nb < t.n && str_digit((unsigned char)t.p[nb]) && nb == j + 1)
			nb++; /* h1..h6 */
		const char *e = t.p[i] == '<' && nb > j && nb < t.n ? memchr(t.p + nb, '>', t.n - nb) : NULL;
		if (!e || (t.p[nb] != '>' && t.p[nb] != ' ' && t.p[nb] != '/')) {
			buf_putc(&b, t.p[i++]);
			continue;
		}
		cx_str name = {t.p + j, nb - j}, tag = {t.p + i, (size_t)(e - t.p) + 1 - i};
		int close = j == i + 2;
		if (!close && name.n == 2 && str_lower((unsigned char)name.p[0]) == 'h' && name.p[1] >= '1' && name.p[1] <= '6')
			*heading = name.p[1] - '0';
		else if (!close && str_ieq(name, "summary"))
			*heading = 3;
		else if (!close && str_ieq(name, "li"))
			*marker = 'b';
		if ((str_ieq(name, "b") || str_ieq(name, "strong") || str_ieq(name, "em") || str_ieq(name, "i")) &&
		    t.p[nb] == '>')
			buf_put(&b, tag.p, tag.n); /* emphasis: md_inline's */
		else if (!close && str_ieq(name, "a")) {
			long h = str_ifind(tag, "href=\"", 0);
			const char *q = h >= 0 ? memchr(tag.p + h + 6, '"', tag.n - (size_t)h - 6) : NULL;
			if (q && q > tag.p + h + 10 && str_ieqn(tag.p + h + 6, "http", 4)) {
				buf_put(&b, " <", 2);
				buf_put(&b, tag.p + h + 6, (size_t)(q - tag.p - h - 6));
				buf_put(&b, "> ", 2);
			}
		} else
			buf_putc(&b, ' ');
		i = (size_t)(e - t.p) + 1;
	}
	cx_str r = cvd_trim(arena_str(a, b.p ? b.p : "", b.n));
	buf_free(&b);
	return r;
}

static void add_line(struct cv *v, cx_str t, unsigned line)
{
	struct cv_line *L = new_line(v, line);
	size_t lead = 0;
	while (lead < t.n && (t.p[lead] == ' ' || t.p[lead] == '\t'))
		lead++;
	t = cvd_trim(t);
	if (!t.n) {
		L->blank = 1;
		L->s = (char *)"";
		return;
	}
	int html_heading = 0, html_marker = 0;
	if (!v->latex && t.n > 2 && t.p[0] == '<' && (str_alpha((unsigned char)t.p[1]) || t.p[1] == '/')) {
		t = html_line(&v->a, t, &html_heading, &html_marker);
		if (!t.n) {
			L->blank = 1;
			L->s = (char *)"";
			return;
		}
	}
	char *row = NULL, *year = NULL;
	cx_str more = {NULL, 0}, rowline = {NULL, 0};
	if (t.n > 2 && t.p[0] == '|' && !v->latex) {
		/* a row of a Markdown table: a delimiter row is no text; a row
		 * is one block, its cells side by side (a table's rows are a
		 * list's items) */
		if (strspn(t.p, "|-: ") == t.n && memchr(t.p, '-', t.n)) {
			/* the row above it is the table's header: its columns'
			 * names, no item nor section title */
			if (v->nl >= 2 && v->l[v->nl - 2].marker == 'b' && v->l[v->nl - 2].indent == 0) {
				struct cv_line *H = &v->l[v->nl - 2];
				H->marker = 0, H->blank = 1, H->n = 0, H->s = (char *)"";
			}
			L->blank = 1;
			L->s = (char *)"";
			return;
		}
		row = arena_alloc(&v->a, t.n + 8);
		size_t k = 0, first = 0, cells = 0;
		for (size_t i = 1; i < t.n; i++) {
			if (t.p[i] == '|' && t.p[i - 1] != '\\') {
				while (k && row[k - 1] == ' ')
					k--;
				if (k && !cells++)
					first = k;
				if (k && i + 1 < t.n)
					row[k++] = ' ';
				continue;
			}
			if (t.p[i] == ' ' && (!k || row[k - 1] == ' '))
				continue;
			row[k++] = t.p[i];
		}
		while (k && row[k - 1] == ' ')
			k--;
		/* a first cell that is a number or a year is the row's label:
		 * a year the text does not say is a line of its own over the
		 * row, as a table's year cell is on a page */
		size_t d = 0;
		while (d < first && str_digit((unsigned char)row[d]))
			d++;
		if (cells >= 2 && d == first && first && first <= 4 && k > first + 1) {
			char y[8];
			memcpy(y, row, first);
			y[first] = 0;
			memmove(row, row + first + 1, k - first - 1);
			k -= first + 1;
			if (first == 4 && str_ifind(cvd_S(row, k), y, 0) < 0)
				year = arena_strndup(&v->a, y, 4);
		}
		row[k] = 0;
		/* a line break in a cell: the row's text goes on on lines of
		 * its own, indented as a list item's go on */
		for (size_t i = 0; i + 4 <= k; i++)
			if (row[i] == '<' && (str_ieqn(row + i, "<br>", 4) || (i + 5 <= k && str_ieqn(row + i, "<br/>", 5)) ||
			                      (i + 6 <= k && str_ieqn(row + i, "<br />", 6)))) {
				more = cvd_S(row + i, k - i);
				k = i;
				break;
			}
		row[k] = 0;
		t = cvd_trim(cvd_S(row, k));
		if (!t.n) {
			L->blank = 1;
			L->s = (char *)"";
			return;
		}
		L->marker = 'b';
		if (year) {
			char *r = arena_alloc(&v->a, t.n + 3);
			memcpy(r, "- ", 2);
			memcpy(r + 2, t.p, t.n);
			r[t.n + 2] = 0;
			rowline = cvd_S(r, t.n + 2);
			t = cvd_S(year, 4);
			L->marker = 0;
		}
	}
	const char *p = t.p, *end = t.p + t.n;
	/* Markdown heading */
	if (*p == '#') {
		int lv = 0;
		while (p < end && *p == '#' && lv < 7)
			p++, lv++;
		if (lv <= 6 && (p == end || *p == ' ')) {
			L->heading = lv;
			while (end > p && (end[-1] == '#' || end[-1] == ' '))
				end--;
		} else
			p = t.p;
	}
	/* Bullets and numbers */
	if (!L->heading && !row) {
		const unsigned char *u = (const unsigned char *)p;
		size_t rem = (size_t)(end - p);
		size_t ml = 0;
		if (rem > 1 && strchr("-*+", *p) && p[1] == ' ')
			ml = 2, L->marker = 'b';
		else if (rem > 3 && u[0] == 0xE2 && ((u[1] == 0x80 && (u[2] == 0xA2 || u[2] == 0xA3)) ||
		                                     (u[1] == 0x9E && u[2] == 0xA4) ||
		                                     (u[1] == 0x96 && (u[2] == 0xAA || u[2] == 0xB8)) ||
		                                     (u[1] == 0x97 && u[2] == 0xA6) ||
		                                     (u[1] == 0x81 && u[2] == 0x83)))
			ml = 3, L->marker = 'b'; /* bullet, triangle, arrowhead ... */
		else if (rem > 2 && u[0] == 0xC2 && u[1] == 0xB7)
			ml = 2, L->marker = 'b';
		else {
			/* [12] [J3] [C12] 12. 12) (12) */
			const char *q = p;
			int br = 0;
			if (*q == '[' || *q == '(')
				br = *q++;
			const char *d0 = q;
			if (br == '[' && q < end && str_is_upper((unsigned char)*q))
				q++; /* [J3] [C12] [P1] */
			const char *dd = q;
			while (q < end && str_digit((unsigned char)*q) && q - dd < 4)
				q++;
			if (q > dd && q < end) {
				if ((br == '[' && *q == ']') || (br == '(' && *q == ')') ||
				    (!br && d0 == dd && (*q == '.' || *q == ')'))) {
					q++;
					if (q == end || *q == ' ' || *q == '\t') {
						ml = (size_t)(q - p);
						L->marker = 'n';
					}
				}
			}
		}
		p += ml;
		while (ml && p < end && *p == ' ')
			p++;
	}
	if (html_heading && !L->heading)
		L->heading = html_heading, L->marker = 0;
	else if (html_marker && !L->marker && !L->heading)
		L->marker = html_marker;
	L->indent = (unsigned)(lead + (size_t)(p - t.p));
	cx_str in = md_inline(&v->a, p, (size_t)(end - p), v->latex);
	in = cvd_trim(in);
	L->s = (char *)in.p;
	L->n = in.n;
	if (!L->n && !L->heading && !L->marker)
		L->blank = 1;
	/* the rest of a table row, a line at each break */
	if (rowline.n)
		add_line(v, rowline, line);
	while (more.n) {
		size_t b = more.p[3] == '>' ? 4 : more.p[3] == '/' ? 5 : 6, e = b;
		while (e + 4 <= more.n && !(more.p[e] == '<' && str_ieqn(more.p + e, "<br", 3)))
			e++;
		if (e + 4 > more.n)
			e = more.n;
		char *seg = arena_alloc(&v->a, e - b + 3);
		memcpy(seg, "  ", 2);
		memcpy(seg + 2, more.p + b, e - b);
		seg[e - b + 2] = 0;
		add_line(v, cvd_S(seg, e - b + 2), line);
		more = cvd_S(more.p + e, more.n - e);
	}
}

void cvd_add_line(struct cv *v, const char *s, size_t n, unsigned line, int heading, int marker,
                  unsigned rec, int role, uint32_t box)
{
	struct cv_line *L = new_line(v, line);
	L->box = box;
	cx_str t = cvd_trim((cx_str){s, n});
	if (memchr(t.p, '&', t.n)) {
		/* an entity in the decoded text: the page escaped it twice
		 * ("&amp;amp;", as a template does to a value it was given
		 * escaped), and shows "&amp;" where "&" was meant */
		struct buf b = {0};
		for (size_t i = 0; i < t.n;) {
			size_t k = t.p[i] == '&' ? dom_entity(t.p + i + 1, t.p + t.n, &b) : 0;
			if (k)
				i += k + 1;
			else
				buf_putc(&b, t.p[i++]);
		}
		t = arena_str(&v->a, b.p ? b.p : "", b.n);
		buf_free(&b);
	}
	L->s = t.n ? arena_strndup(&v->a, t.p, t.n) : (char *)"";
	L->n = t.n;
	L->heading = heading;
	L->marker = marker;
	L->rec = rec;
	L->role = role;
	L->blank = !heading;
	for (size_t i = 0; i < t.n && L->blank; i++)
		L->blank = cvd_is_sp((unsigned char)t.p[i]) || CX_IS_MARK(t.p[i]);
	if (L->blank)
		L->n = 0;
}

/* A line of box-drawing characters ("━━━━", "═══"): what a text dump
 * makes of a horizontal rule. */
static int box_rule(cx_str t)
{
	size_t k = 0;
	for (size_t i = 0; i < t.n; k++) {
		unsigned char c = (unsigned char)t.p[i];
		if (c == ' ')
			i++;
		else if (c == 0xE2 && i + 2 < t.n && ((unsigned char)t.p[i + 1] == 0x94 || (unsigned char)t.p[i + 1] == 0x95))
			i += 3;
		else
			return 0;
	}
	return k >= 3;
}

void cvd_build_lines(struct cv *v, const char *text, size_t n, const unsigned *map, size_t nmap)
{
	size_t b = 0;
	unsigned line = 1;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && text[i] != '\n')
			continue;
		cx_str t = cvd_S(text + b, i - b);
		unsigned ln = map && line - 1 < nmap ? map[line - 1] : line;
		if (v->latex) {
			/* decode the logical line; markup it produced is our markup */
			cx_str d = latex_decode(&v->a, t.p, t.n);
			t = d;
		}
		/* Setext underline: "Publications\n====" */
		cx_str tt = cvd_trim(t);
		if (tt.n >= 3 && v->nl && !v->l[v->nl - 1].blank && !v->l[v->nl - 1].heading &&
		    (strspn(tt.p, "=") == tt.n || strspn(tt.p, "-") == tt.n)) {
			v->l[v->nl - 1].heading = tt.p[0] == '=' ? 1 : 2;
			v->l[v->nl - 1].marker = 0;
		} else if (tt.n >= 3 && (strspn(tt.p, "-") == tt.n || strspn(tt.p, "*") == tt.n ||
		                         strspn(tt.p, "_") == tt.n || strspn(tt.p, "=") == tt.n || box_rule(tt))) {
			add_line(v, cvd_S("", 0), ln); /* a rule: it ends a list item */
			v->l[v->nl - 1].blank = 2;
		} else
			add_line(v, t, ln);
		b = i + 1;
		line++;
	}
}
