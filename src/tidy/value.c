/* tidy/value.c - one field's value as bibtex-tidy's formatValue writes it.
 *
 * Each part of the value (parts are joined with " # ") goes through the
 * same steps in the same order: --months and --numeric may write it bare;
 * then line breaks are undone (a paragraph break stays), and the options
 * that change a value apply (--strip-enclosing-braces, --drop-all-caps,
 * --encode-urls, --escape, page ranges, --max-authors, --remove-braces,
 * --enclosing-braces); a braced value alone is trimmed; braced values (all
 * values with --curly) are wrapped (--wrap) and braced, the rest quoted.
 * A step that would not change the value is skipped without a copy: most
 * values are copied once, from the input to the output.
 */
#include <math.h>
#include <string.h>

#include "core/ecma.h"
#include "core/str.h"
#include "tidy/tidy_int.h"

static const char *const month_abbr[12] = {"jan", "feb", "mar", "apr", "may", "jun",
                                           "jul", "aug", "sep", "oct", "nov", "dec"};
static const char *const month_full[12] = {"january", "february", "march", "april", "may", "june",
                                           "july", "august", "september", "october", "november",
                                           "december"};

/* MONTH_CONVERSIONS[value.toLowerCase()]: 1 to 12, an abbreviation or a
 * month's name; the month's index, or -1. */
static int month_index(cx_str v)
{
	if (v.n >= 1 && v.n <= 2 && v.p[0] >= '1' && v.p[0] <= '9' && (v.n == 1 || str_digit(v.p[1]))) {
		int m = v.n == 1 ? v.p[0] - '0' : (v.p[0] - '0') * 10 + v.p[1] - '0';
		return m <= 12 ? m - 1 : -1;
	}
	for (int i = 0; i < 12; i++)
		if (str_ieq(v, month_abbr[i]) || str_ieq(v, month_full[i]))
			return i;
	return -1;
}

/* /^[1-9][0-9]*$/ */
static int numeric(cx_str v)
{
	if (!v.n || v.p[0] < '1' || v.p[0] > '9')
		return 0;
	for (size_t i = 1; i < v.n; i++)
		if (!str_digit(v.p[i]))
			return 0;
	return 1;
}

static int in_list(const cx_str *v, size_t n, cx_str s)
{
	for (size_t i = 0; i < n; i++)
		if (str_same(v[i], s))
			return 1;
	return 0;
}

unsigned value_flags(const struct tidy_ctx *t, cx_str lname)
{
	static const char *const verbatim[] = {"url", "doi", "eprint", "file", "verba", "verbb",
	                                       "verbc", "pdf"};
	unsigned f = 0;
	if (str_eq(lname, "month"))
		f |= TF_MONTH;
	if (str_eq(lname, "url"))
		f |= TF_URL;
	if (str_eq(lname, "pages"))
		f |= TF_PAGES;
	if (str_eq(lname, "author"))
		f |= TF_AUTHOR;
	for (size_t i = 0; i < sizeof verbatim / sizeof *verbatim; i++)
		if (str_eq(lname, verbatim[i]))
			f |= TF_VERBATIM;
	if (in_list(t->enclose, t->nenclose, lname))
		f |= TF_ENCLOSE;
	if (in_list(t->unbrace, t->nunbrace, lname))
		f |= TF_UNBRACE;
	for (size_t i = 0; i < t->o->omit.n; i++)
		if (str_eq(lname, t->o->omit.v[i]))
			f |= TF_OMIT;
	return f;
}

/* The first lit[0..ln) in s[0..n), or NULL. */
static const char *find(const char *s, size_t n, const char *lit, size_t ln)
{
	for (const char *e = s + n, *p = s; (size_t)(e - p) >= ln; p++) {
		p = memchr(p, lit[0], (size_t)(e - p) - ln + 1);
		if (!p)
			return NULL;
		if (!memcmp(p, lit, ln))
			return p;
	}
	return NULL;
}

static cx_str view_of(const struct buf *b)
{
	return (cx_str){b->p ? b->p : "", b->n};
}

/* ---- the steps ------------------------------------------------------------- */

/* unwrapText: a run of white space with two line breaks or more is a
 * paragraph break, one with one line break a space. */
static void unwrap(cx_str v, struct buf *out)
{
	const char *p = v.p, *end = v.p + v.n, *run = p;
	while (p < end) {
		size_t k = ecma_space(p, end);
		if (!k) {
			p++;
			continue;
		}
		const char *a = p;
		int nl = 0;
		while ((k = ecma_space(p, end)) != 0) {
			nl += *p == '\n';
			p += k;
		}
		if (!nl)
			continue;
		buf_put(out, run, (size_t)(a - run));
		if (nl >= 2)
			buf_put(out, "\n\n", 2);
		else
			buf_putc(out, ' ');
		run = p;
	}
	buf_put(out, run, (size_t)(end - run));
}

/* formatPageRange: digit, blanks, '-', blanks, digit becomes digit--digit,
 * in four passes of the regular expression. */
static void page_pass(cx_str v, struct buf *out)
{
	const char *s = v.p, *end = v.p + v.n;
	size_t i = 0, run = 0;
	while (i < v.n) {
		if (!str_digit(s[i])) {
			i++;
			continue;
		}
		const char *q = s + i + 1;
		size_t k;
		while ((k = ecma_space(q, end)) != 0)
			q += k;
		if (q < end && *q == '-') {
			q++;
			while ((k = ecma_space(q, end)) != 0)
				q += k;
			if (q < end && str_digit(*q)) {
				buf_put(out, s + run, i + 1 - run);
				buf_put(out, "--", 2);
				buf_putc(out, *q);
				i = run = (size_t)(q + 1 - s);
				continue;
			}
		}
		i++;
	}
	buf_put(out, s + run, v.n - run);
}

/* escapeURL: "_" and "\_" become "\%5F". */
static void encode_url(cx_str v, struct buf *out)
{
	for (size_t i = 0; i < v.n; i++) {
		if (v.p[i] == '\\' && i + 1 < v.n && v.p[i + 1] == '_') {
			continue;
		}
		if (v.p[i] == '_')
			buf_put(out, "\\%5F", 4);
		else
			buf_putc(out, v.p[i]);
	}
}

/* The first " and " in s[0..n) outside braces (all of them: lossy), or
 * NULL.  bibtex-tidy splits at every one, which can cut a braced name in
 * two and leave a brace open. */
static const char *find_and(const char *s, size_t n, int lossy)
{
	if (lossy)
		return find(s, n, " and ", 5);
	int depth = 0;
	for (size_t i = 0; i + 5 <= n; i++) {
		if (s[i] == '{')
			depth++;
		else if (s[i] == '}')
			depth -= depth > 0;
		else if (!depth && s[i] == ' ' && !memcmp(s + i, " and ", 5))
			return s + i;
	}
	return NULL;
}

/* limitAuthors: more than max names (split on " and ") become the first
 * max and "others". */
static int limit_authors(cx_str v, double max, int lossy, struct buf *out)
{
	size_t count = 1;
	for (const char *p = v.p, *e = v.p + v.n; (p = find_and(p, (size_t)(e - p), lossy)); p += 5)
		count++;
	if (!((double)count > max))
		return 0;
	double keep = ecma_trunc(max); /* Array.prototype.slice(0, max) */
	if (keep < 0)
		keep = (double)count + keep > 0 ? (double)count + keep : 0;
	const char *p = v.p, *e = v.p + v.n;
	for (size_t i = 0; i < (size_t)keep; i++) {
		const char *q = find_and(p, (size_t)(e - p), lossy);
		buf_put(out, p, (size_t)((q ? q : e) - p));
		buf_put(out, " and ", 5);
		p = q ? q + 5 : e;
	}
	buf_puts(out, "others");
	return 1;
}

/* --strip-enclosing-braces: /^\{([^{}]*)\}$/ loses its braces.  bibtex-tidy
 * strips them from a quoted value too, where they may be what keeps a '"'
 * inside it (then the file no longer parses), and writes {{{x}}} as {{x}},
 * which its next run strips to {x}.  Unless lossy, citex keeps braces
 * around a '"' in a quoted value, and sees through the pairs that enclose
 * a braced value whole, so one run gives what two give. */
static cx_str strip_braces(const struct tidy_ctx *t, cx_str v, int braced)
{
	if (!t->o->lossy && braced) {
		while (v.n >= 4 && v.p[0] == '{' && v.p[1] == '{' && latex_group_close(v.p, v.n, 0) == v.n - 1 &&
		       latex_group_close(v.p, v.n, 1) == v.n - 2) {
			v.p++;
			v.n -= 2;
		}
	}
	if (v.n >= 2 && v.p[0] == '{' && v.p[v.n - 1] == '}' && !memchr(v.p + 1, '{', v.n - 2) &&
	    !memchr(v.p + 1, '}', v.n - 2)) {
		if (!t->o->lossy && !braced && !t->o->curly && memchr(v.p + 1, '"', v.n - 2))
			return v;
		v.p++;
		v.n -= 2;
	}
	return v;
}

/* Is v, bare, an abbreviation of a month for --numeric: its first three
 * characters, in lower case, name one? */
static int month_prefix(cx_str v, char dig3[4])
{
	if (v.n < 3)
		return 0;
	for (int i = 0; i < 3; i++)
		dig3[i] = (char)str_lower((unsigned char)v.p[i]);
	dig3[3] = 0;
	for (int i = 0; i < 12; i++)
		if (!memcmp(dig3, month_abbr[i], 3))
			return 1;
	return 0;
}

/* ---- wrapping -------------------------------------------------------------- */

/* wrapText: the words of a paragraph (split on single spaces) in lines of
 * at most width units, joined by sep (a line break and the indent). */
static void wrap_paragraph(cx_str p, double width, cx_str sep, struct buf *out)
{
	const char *s = p.p, *end = p.p + p.n, *line = s;
	size_t len = 0; /* of the line so far: each word and a space */
	int first = 1, any = 0;
	for (;;) {
		const char *w = s;
		while (s < end && *s != ' ')
			s++;
		size_t wl = ecma_length(w, (size_t)(s - w));
		if ((double)(len + wl + 1) > width && !first) {
			cx_str l = ecma_trim((cx_str){line, (size_t)(w - line)});
			if (any)
				buf_put(out, sep.p, sep.n);
			buf_put(out, l.p, l.n);
			any = 1;
			line = w;
			len = 0;
		}
		first = 0;
		len += wl + 1;
		if (s >= end)
			break;
		s++;
	}
	cx_str l = ecma_trim((cx_str){line, (size_t)(end - line)});
	if (any)
		buf_put(out, sep.p, sep.n);
	buf_put(out, l.p, l.n);
}

/* wrapText as citex does it: runs of spaces count as one.  bibtex-tidy
 * counts an empty word between two spaces, so a line can break where two
 * spaces stood, and the next run, which finds one space there, not. */
static void wrap_words(cx_str p, double width, cx_str sep, struct buf *out)
{
	const char *s = p.p, *end = p.p + p.n, *prev = NULL, *pend = NULL;
	size_t len = 0;
	int first = 1;
	while (s < end) {
		while (s < end && *s == ' ')
			s++;
		const char *w = s;
		while (s < end && *s != ' ')
			s++;
		if (s == w)
			break;
		size_t wl = ecma_length(w, (size_t)(s - w));
		/* No break next to other white space (a tab, U+00A0, U+FEFF):
		 * the next run would take it into the line break and lose it. */
		int can = !first && !ecma_space_before(prev, pend) && !ecma_space(w, s);
		prev = w;
		pend = s;
		if (can && (double)(len + wl + 1) > width) {
			buf_put(out, sep.p, sep.n);
			len = 0;
		} else if (!first) {
			buf_putc(out, ' ');
		}
		buf_put(out, w, (size_t)(s - w));
		len += wl + 1;
		first = 0;
	}
}

/* The braced value, wrapped (--wrap) or in paragraphs: 0 if neither.
 * A value of several parts is not trimmed, and the next run reads the
 * line break and indent before its first paragraph (and after its last)
 * as a space: the paragraphs are trimmed (not lossy), as wrapped words
 * are. */
static int wrap_value(struct tidy_ctx *t, cx_str v, struct buf *out)
{
	const struct cx_tidy_opts *o = t->o;
	int wrap = o->wrap == o->wrap && o->wrap != 0;
	int multi = find(v.p, v.n, "\n\n", 2) != NULL;
	if (wrap) {
		size_t vl = ecma_length(v.p, v.n);
		/* Wrapped, runs of spaces become one (wrap_words); what decides
		 * is the length the value would have then, or a second run would
		 * not wrap what the first did. */
		for (size_t i = 1; !o->lossy && i < v.n; i++)
			vl -= v.p[i] == ' ' && v.p[i - 1] == ' ';
		double len = (double)(ecma_length(t->indent, t->nindent) + t->alignlen + 2 + vl);
		wrap = len > o->wrap;
	}
	if (!wrap && !multi)
		return 0;
	/* A line break and two levels of indent start each line; a
	 * paragraph starts after one more line break. */
	struct buf *sep = &t->tmp[3];
	buf_clear(sep);
	buf_putc(sep, '\n');
	buf_put(sep, t->indent, t->nindent);
	buf_put(sep, t->indent, t->nindent);
	double width = o->wrap - (double)ecma_length(t->indent, t->nindent) * 2;
	buf_put(out, sep->p, sep->n);
	const char *p = v.p, *end = v.p + v.n;
	for (;;) {
		const char *q = find(p, (size_t)(end - p), "\n\n", 2);
		cx_str para = {p, (size_t)((q ? q : end) - p)};
		if (o->wrap == o->wrap && o->wrap != 0 && o->lossy)
			wrap_paragraph(para, width, view_of(sep), out);
		else if (o->wrap == o->wrap && o->wrap != 0)
			wrap_words(para, width, view_of(sep), out);
		else if (o->lossy)
			buf_put(out, para.p, para.n);
		else
			buf_put(out, ecma_trim(para).p, ecma_trim(para).n);
		if (!q)
			break;
		buf_putc(out, '\n');
		buf_put(out, sep->p, sep->n);
		p = q + 2;
	}
	buf_putc(out, '\n');
	buf_put(out, t->indent, t->nindent);
	return 1;
}

/* ---- a part ---------------------------------------------------------------- */

/* The scratch buffer after the one v is in: a step writes there. */
static struct buf *next_buf(struct tidy_ctx *t, int *k)
{
	*k ^= 1;
	buf_clear(&t->tmp[*k]);
	return &t->tmp[*k];
}


static void format_part(struct tidy_ctx *t, const struct tfield *f, const struct bsrc_part *pt,
                        struct buf *out)
{
	const struct cx_tidy_opts *o = t->o;
	cx_str v = pt->s;
	int braced = pt->kind == BSRC_BRACED;
	int isnum = numeric(v);
	if (isnum && o->curly)
		braced = 1;
	if (o->months && (f->flags & TF_MONTH)) {
		int m = month_index(v);
		if (m >= 0) {
			buf_puts(out, month_abbr[m]);
			return;
		}
	}
	if (pt->kind == BSRC_LITERAL && !braced) {
		buf_put(out, v.p, v.n);
		return;
	}
	if (o->numeric && isnum) {
		buf_put(out, v.p, v.n);
		return;
	}
	char dig3[4];
	if (!o->curly && o->numeric && (f->flags & TF_MONTH) && month_prefix(v, dig3)) {
		buf_put(out, dig3, 3);
		return;
	}
	int k = 1;
	if (memchr(v.p, '\n', v.n)) {
		struct buf *b = next_buf(t, &k);
		unwrap(v, b);
		v = view_of(b);
	}
	if (o->strip_enclosing_braces)
		v = strip_braces(t, v, braced);
	if (o->drop_all_caps) {
		size_t i = 0;
		while (i < v.n && !(v.p[i] >= 'a' && v.p[i] <= 'z'))
			i++;
		if (i == v.n) {
			struct buf *b = next_buf(t, &k);
			text_title(v.p, v.n, b);
			v = view_of(b);
		}
	}
	if ((f->flags & TF_URL) && o->encode_urls && memchr(v.p, '_', v.n)) {
		struct buf *b = next_buf(t, &k);
		encode_url(v, b);
		v = view_of(b);
	}
	if (!(f->flags & TF_VERBATIM) && o->escape) {
		struct buf *b = next_buf(t, &k);
		escape_latex(v.p, v.n, !o->lossy, b);
		v = view_of(b);
	}
	if (f->flags & TF_PAGES) {
		for (int pass = 0; pass < 4 && memchr(v.p, '-', v.n); pass++) {
			struct buf *b = next_buf(t, &k);
			page_pass(v, b);
			v = view_of(b);
		}
	}
	if ((f->flags & TF_AUTHOR) && o->max_authors == o->max_authors && o->max_authors != 0) {
		struct buf *b = next_buf(t, &k);
		if (limit_authors(v, o->max_authors, o->lossy, b))
			v = view_of(b);
	}
	if (f->flags & TF_UNBRACE) {
		struct buf *b = next_buf(t, &k);
		latex_unbrace(v.p, v.n, !o->lossy && !braced && !o->curly, o->lossy, b);
		v = view_of(b);
	}
	/* bibtex-tidy trims a braced value alone after --enclosing-braces,
	 * and trims a quoted one not at all, even when --curly braces it: a
	 * second run then trims what the first left.  Trimmed first, and
	 * those too, the output is a fixed point (lossy: as bibtex-tidy). */
	int trim = f->nparts == 1 && (braced || (o->curly && !o->lossy));
	if (trim && !o->lossy)
		v = ecma_trim(v);
	if ((f->flags & TF_ENCLOSE) && (braced || o->curly)) {
		struct buf *b = next_buf(t, &k);
		latex_enclose(v.p, v.n, o->lossy ? ENC_TIDY : ENC_ONCE, b);
		v = view_of(b);
	}
	if (trim)
		v = ecma_trim(v);
	if (braced || o->curly) {
		struct buf *b = &t->tmp[2];
		buf_clear(b);
		if (wrap_value(t, v, b))
			v = view_of(b);
		latex_enclose(v.p, v.n, o->lossy ? ENC_TIDY : ENC_KEEP, out);
		return;
	}
	buf_putc(out, '"');
	buf_put(out, v.p, v.n);
	buf_putc(out, '"');
}

void value_format(struct tidy_ctx *t, const struct tfield *f, struct buf *out)
{
	for (size_t i = 0; i < f->nparts; i++) {
		if (i)
			buf_put(out, " # ", 3);
		format_part(t, f, &f->parts[i], out);
	}
}
