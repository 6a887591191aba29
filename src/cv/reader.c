/* cv/reader.c - the `cv` reader: publication lists in CVs and homepages.
 *
 * People keep their publications as a list in a CV or on a web page, not as
 * BibTeX.  This reader takes such a document whole (a CV is small; the input
 * is capped at CV_MAX_INPUT), turns its shape - plain text, Markdown, HTML or
 * a LaTeX CV - into one line model with inline markup (enum cx_mark), finds
 * the publication sections by their headings, splits them into items
 * (numbered, bulleted, headed, or "title / authors / venue" blocks, or one
 * citation per line), and reads each item's fields: authors through the
 * author grammar (grammar/authors.y), the venue through venue_parse
 * (grammar/venue.y and the venue table), year, status, arXiv id, DOI, URL,
 * and the awards and rank labels that go to a note.
 *
 * Unlike the BibTeX reader this one buffers the document: the owner's name
 * (which fills the slots where a page dropped it), the duplicate check (a
 * paper listed as a preprint and again under its venue appears once) and the
 * keys all need every item first.  Entries are then normalized and emitted in
 * document order.  Every choice a user may want to know about is in
 * docs/cv.md.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "cv/cv.h"
#include "cv/input.h"
#include "norm/keys.h"
#include "model/model.h"
#include "norm/norm.h"
#include "norm/venue.h"

/* A CV of 32 MiB is already absurd; past it we refuse rather than thrash. */

enum sec { SEC_NONE, SEC_PUB, SEC_OTHER };
/* A section title can say what its items are ("Journal Articles"). */

struct cv_line {
	char *s;        /* text with inline markup, trimmed */
	size_t n;
	unsigned line;  /* 1-based source line */
	int heading;    /* 1..6 for a heading, else 0 */
	int marker;     /* 'n' numbered, 'b' bulleted, else 0 */
	int blank;
};

/* One item as found, before its fields are read. */
struct cv_raw {
	unsigned line;
	cx_str title, authors, venue, extra, abstract, date, cite;
	enum cv_hint hint;
};

struct cv {
	struct cx_reader_ctx *c;
	struct arena a;
	int latex;                 /* text came through latex_decode */
	struct cv_line *l;
	size_t nl, capl;
	struct cv_raw *raw;
	size_t nraw, capraw;
	struct cx_entry **ent;
	size_t nent, capent;
	cx_str owner;              /* "Given Family", or empty when unknown */
	int owner_from_option;
	int owner_warned;
};

/* ---- small helpers -------------------------------------------------------- */

static void v_diag(struct cv *v, enum cx_sev sev, enum cx_code code, unsigned line,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void v_diag(struct cv *v, enum cx_sev sev, enum cx_code code, unsigned line,
                    const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (sev == CX_ERROR)
		v->c->nerrors++;
	else if (sev == CX_WARNING)
		v->c->nwarnings++;
	if (!v->c->diag)
		return;
	struct cx_diag d = {sev, code, v->c->file, line ? line : 1, 1, msg};
	v->c->diag(v->c->diag_ctx, &d);
}

/* The owner's name from the options.  Until struct cx_options carries an
 * `owner` member (set by --owner), it comes from $CITEX_OWNER; this is the
 * one place to change. */
static const char *opt_owner(const struct cx_reader_ctx *c)
{
	const char *s = c->opt ? c->opt->owner : NULL;
	return s && *s ? s : NULL;
}

static cx_str S(const char *p, size_t n)
{
	return (cx_str){p, n};
}

static int is_sp(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

static cx_str trim(cx_str s)
{
	while (s.n && (is_sp((unsigned char)s.p[0]) ||
	               ((unsigned char)s.p[0] == 0xC2 && s.n > 1 && (unsigned char)s.p[1] == 0xA0))) {
		size_t k = is_sp((unsigned char)s.p[0]) ? 1 : 2;
		s.p += k;
		s.n -= k;
	}
	while (s.n && is_sp((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

/* Trim white space and the given punctuation from both ends. */
static cx_str trim_punct(cx_str s, const char *punct)
{
	for (;;) {
		s = trim(s);
		if (s.n && strchr(punct, s.p[0]))
			s.p++, s.n--;
		else if (s.n && strchr(punct, s.p[s.n - 1]))
			s.n--;
		else
			return s;
	}
}

/* ASCII lower case without the locale: the hot loop of every search. */
static inline int lc(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int ieqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (lc((unsigned char)a[i]) != lc((unsigned char)b[i]))
			return 0;
	return 1;
}

/* Case-insensitive search for lit in s; returns the offset or -1.  With
 * word set, the match must not touch letters on either side. */
static long find_ci(cx_str s, const char *lit, int word)
{
	size_t l = strlen(lit);
	int c0 = l ? lc((unsigned char)lit[0]) : 0;
	for (size_t i = 0; i + l <= s.n; i++) {
		if (lc((unsigned char)s.p[i]) != c0 || !ieqn(s.p + i, lit, l))
			continue;
		if (word && ((i && isalnum((unsigned char)s.p[i - 1])) ||
		             (i + l < s.n && isalnum((unsigned char)s.p[i + l]))))
			continue;
		return (long)i;
	}
	return -1;
}

static int has_ci(cx_str s, const char *lit)
{
	return find_ci(s, lit, 1) >= 0;
}

static cx_str cat(struct arena *a, cx_str x, const char *sep, cx_str y)
{
	if (!x.n)
		return y;
	if (!y.n)
		return x;
	size_t l = strlen(sep);
	char *p = arena_alloc(a, x.n + l + y.n + 1);
	memcpy(p, x.p, x.n);
	memcpy(p + x.n, sep, l);
	memcpy(p + x.n + l, y.p, y.n);
	p[x.n + l + y.n] = 0;
	return S(p, x.n + l + y.n);
}

/* The text without markup bytes (runs of space collapsed). */
static cx_str plain(struct arena *a, cx_str s)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == CX_M_URL_ON) { /* a URL is no words */
			while (i < s.n && (unsigned char)s.p[i] != CX_M_URL_OFF)
				i++;
			continue;
		}
		if (CX_IS_MARK(c))
			continue;
		if (is_sp(c)) {
			if (k && p[k - 1] != ' ')
				p[k++] = ' ';
			continue;
		}
		p[k++] = (char)c;
	}
	while (k && p[k - 1] == ' ')
		k--;
	p[k] = 0;
	size_t b = 0;
	while (b < k && p[b] == ' ')
		b++;
	return S(p + b, k - b);
}

/* Remove markup except what BibTeX and CSL keep for a title (case
 * protection, math, super/subscript, from LaTeX input). */
static cx_str field_text(struct arena *a, cx_str s, int keep_marks)
{
	char *p = arena_alloc(a, s.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == CX_M_URL_ON) {
			while (i < s.n && (unsigned char)s.p[i] != CX_M_URL_OFF)
				i++;
			continue;
		}
		if (CX_IS_MARK(c)) {
			if (keep_marks && (c == CX_M_NOCASE_ON || c == CX_M_NOCASE_OFF || c == CX_M_MATH_ON ||
			                   c == CX_M_MATH_OFF || c == CX_M_SUP_ON || c == CX_M_SUP_OFF ||
			                   c == CX_M_SUB_ON || c == CX_M_SUB_OFF))
				p[k++] = (char)c;
			continue;
		}
		if (is_sp(c)) {
			if (k && p[k - 1] != ' ')
				p[k++] = ' ';
			continue;
		}
		p[k++] = (char)c;
	}
	while (k && p[k - 1] == ' ')
		k--;
	size_t b = 0;
	while (b < k && p[b] == ' ')
		b++;
	/* NFC: readers hand the writers composed text. */
	utf8proc_uint8_t *out = NULL;
	utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)p + b, (utf8proc_ssize_t)(k - b), &out,
	                                  UTF8PROC_STABLE | UTF8PROC_COMPOSE);
	if (r < 0) {
		p[k] = 0;
		return S(p + b, k - b);
	}
	cx_str res = arena_str(a, (const char *)out, (size_t)r);
	free(out);
	return res;
}

/* ---- input --------------------------------------------------------------- */

static int valid_utf8(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		size_t l = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
		if (!l || i + l > n)
			return 0;
		for (size_t k = 1; k < l; k++)
			if (((unsigned char)s[i + k] & 0xC0) != 0x80)
				return 0;
		i += l;
	}
	return 1;
}

/* Read everything; NUL and stray control bytes become spaces, since control
 * bytes carry markup inside the model. */
static int read_all(struct cv *v, struct cx_input *in, struct buf *b)
{
	char chunk[1 << 16];
	size_t n;
	while ((n = cx_input_read(in, chunk, sizeof chunk)) > 0) {
		if (b->n + n > CV_MAX_INPUT) {
			v_diag(v, CX_ERROR, CX_E_LIMIT, 1, "input is larger than %zu MiB; not a CV",
			        CV_MAX_INPUT >> 20);
			return -1;
		}
		buf_put(b, chunk, n);
	}
	if (in->error)
		return -2;
	if (!valid_utf8(b->p, b->n)) {
		/* Latin-1 is the usual culprit: every byte is its code point. */
		struct buf u = {0};
		for (size_t i = 0; i < b->n; i++) {
			unsigned char c = (unsigned char)b->p[i];
			if (c < 0x80)
				buf_putc(&u, c);
			else {
				buf_putc(&u, 0xC0 | (c >> 6));
				buf_putc(&u, 0x80 | (c & 0x3F));
			}
		}
		buf_free(b);
		*b = u;
		v_diag(v, CX_WARNING, CX_E_BAD_UTF8, 1, "input is not UTF-8; read as Latin-1");
	}
	for (size_t i = 0; i < b->n; i++) {
		unsigned char c = (unsigned char)b->p[i];
		if (c < 0x20 && c != '\n' && c != '\t' && c != '\r')
			b->p[i] = ' ';
	}
	buf_putc(b, 0);
	b->n--;
	return 0;
}

static void put_utf8(struct buf *b, long cp)
{
	char tmp[4];
	utf8proc_ssize_t l = utf8proc_encode_char((utf8proc_int32_t)cp, (utf8proc_uint8_t *)tmp);
	if (l > 0)
		buf_put(b, tmp, (size_t)l);
}

/* ---- link labels ------------------------------------------------------------ */

/* Words a page puts in brackets or buttons next to an item: they are links,
 * not bibliographic text, and are dropped. */
static int label_word(const char *p, size_t n)
{
	static const char *const w[] = {
		"paper", "pdf", "code", "slides", "slide", "talk", "video", "arxiv", "doi", "project",
		"website", "web", "poster", "bibtex", "bib", "abstract", "link", "github", "blog",
		"artifact", "artifacts", "dataset", "data", "demo", "media", "press", "news", "html",
		"preprint", "supplementary", "supp", "appendix", "proceedings", "acm", "ieee", "dl",
		"openreview", "page", "homepage", "full", "version", "extended", "camera-ready",
		"youtube", "recording", "teaser", "tweet", "cite", "citation", "ris", "publisher",
		"official", "springer", "usenix", "online", "url", "source", "tech", "report", "tr",
		"long", "short", "ppt", "pptx", "docker", "software", "tool", "model", "models",
		"weights", "huggingface", "leaderboard", "benchmark"};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		if (strlen(w[i]) == n && ieqn(p, w[i], n))
			return 1;
	return 0;
}

/* Is the text between brackets only link labels ("Paper/Slides/Talk")? */
static int is_label(const char *p, size_t n)
{
	size_t i = 0;
	int any = 0;
	while (i < n) {
		while (i < n && (is_sp((unsigned char)p[i]) || strchr("/|,&+-·", p[i]) ||
		                 CX_IS_MARK(p[i])))
			i++;
		size_t b = i;
		while (i < n && !is_sp((unsigned char)p[i]) && !strchr("/|,&+·", p[i]) &&
		       !CX_IS_MARK(p[i]))
			i++;
		if (i > b) {
			if (!label_word(p + b, i - b))
				return 0;
			any = 1;
		}
	}
	return any;
}

/* ---- source lines of converted text ---------------------------------------- */

/* HTML and LaTeX are converted to text before lines are cut, so each line of
 * the text remembers the source line it started on, for diagnostics. */
struct linemap {
	unsigned *v;        /* v[k]: source line of converted line k (0-based) */
	size_t n, cap;
	size_t scanned;     /* converted bytes already looked at */
	const char *lp;     /* source position counted so far */
	unsigned ln;        /* its line */
};

static void lm_push(struct linemap *m, unsigned line)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 256;
		m->v = xrealloc(m->v, m->cap * sizeof *m->v);
	}
	m->v[m->n++] = line;
}

/* Record the line breaks the converter wrote since the last call, as
 * starting at the source line of p. */
static void lm_track(struct linemap *m, const struct buf *out, const char *p)
{
	if (!m)
		return;
	if (!m->n)
		lm_push(m, 1);
	while (m->lp < p) {
		if (*m->lp == '\n')
			m->ln++;
		m->lp++;
	}
	for (; m->scanned < out->n; m->scanned++)
		if (out->p[m->scanned] == '\n')
			lm_push(m, m->ln);
}

/* ---- HTML ------------------------------------------------------------------- */

static const struct {
	const char *name;
	long cp;
} entities[] = {
	{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"nbsp", 0xA0},
	{"ndash", 0x2013}, {"mdash", 0x2014}, {"lsquo", 0x2018}, {"rsquo", 0x2019},
	{"ldquo", 0x201C}, {"rdquo", 0x201D}, {"hellip", 0x2026}, {"dagger", 0x2020},
	{"Dagger", 0x2021}, {"ast", '*'}, {"middot", 0xB7}, {"bull", 0x2022}, {"copy", 0xA9},
	{"reg", 0xAE}, {"trade", 0x2122}, {"times", 0xD7}, {"sect", 0xA7}, {"para", 0xB6},
	{"sup1", 0xB9}, {"sup2", 0xB2}, {"sup3", 0xB3}, {"laquo", 0xAB}, {"raquo", 0xBB},
	{"eacute", 0xE9}, {"Eacute", 0xC9}, {"egrave", 0xE8}, {"ecirc", 0xEA}, {"euml", 0xEB},
	{"aacute", 0xE1}, {"agrave", 0xE0}, {"acirc", 0xE2}, {"auml", 0xE4}, {"Auml", 0xC4},
	{"atilde", 0xE3}, {"aring", 0xE5}, {"aelig", 0xE6}, {"ccedil", 0xE7}, {"iacute", 0xED},
	{"igrave", 0xEC}, {"icirc", 0xEE}, {"iuml", 0xEF}, {"ntilde", 0xF1}, {"oacute", 0xF3},
	{"ograve", 0xF2}, {"ocirc", 0xF4}, {"ouml", 0xF6}, {"Ouml", 0xD6}, {"otilde", 0xF5},
	{"oslash", 0xF8}, {"Oslash", 0xD8}, {"uacute", 0xFA}, {"ugrave", 0xF9}, {"ucirc", 0xFB},
	{"uuml", 0xFC}, {"Uuml", 0xDC}, {"szlig", 0xDF}, {"yacute", 0xFD}, {"scaron", 0x161},
	{"Scaron", 0x160}, {"zcaron", 0x17E}, {"ccaron", 0x10D}, {"shy", -1}, {"zwnj", -1},
	{"thinsp", ' '}, {"ensp", ' '}, {"emsp", ' '},
};

/* Decode the entity at s (just after '&'); returns bytes consumed, or 0. */
static size_t html_entity(const char *s, const char *end, struct buf *out)
{
	const char *semi = s;
	while (semi < end && semi - s < 12 && *semi != ';' && !is_sp((unsigned char)*semi) && *semi != '&')
		semi++;
	if (semi >= end || *semi != ';')
		return 0;
	size_t l = (size_t)(semi - s);
	if (l > 1 && s[0] == '#') {
		long cp = (s[1] == 'x' || s[1] == 'X') ? strtol(s + 2, NULL, 16) : strtol(s + 1, NULL, 10);
		if (cp <= 0 || cp > 0x10FFFF)
			return 0;
		if (cp == 0xA0 || cp < 0x20)
			buf_putc(out, ' ');
		else
			put_utf8(out, cp);
		return l + 1;
	}
	for (size_t i = 0; i < sizeof entities / sizeof *entities; i++)
		if (strlen(entities[i].name) == l && !memcmp(entities[i].name, s, l)) {
			if (entities[i].cp == 0xA0)
				buf_putc(out, ' ');
			else if (entities[i].cp > 0)
				put_utf8(out, entities[i].cp);
			return l + 1;
		}
	return 0;
}

static int tag_is(const char *name, size_t n, const char *lit)
{
	return strlen(lit) == n && ieqn(name, lit, n);
}

/* A saved homepage to text: tags go, entities are decoded, and block
 * structure becomes lines: <li> a "- " bullet, <h1>..<h6> a "#" heading,
 * <p> <div> <br> <tr> ... a line break.  <b>/<strong> and <i>/<em> become
 * markup; a link keeps its text and its URL (CX_M_URL_*), and a link whose
 * text is a label ("PDF") becomes "[PDF]" so the label is dropped later. */
static void html_to_text(const char *s, size_t n, struct buf *out, struct linemap *lm)
{
	const char *p = s, *end = s + n;
	size_t anchor = (size_t)-1; /* output offset where the open <a> text starts */
	char href[2048];
	size_t nhref = 0;
	int pre = 0;
	while (p < end) {
		lm_track(lm, out, p);
		if (*p == '<') {
			if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
				const char *q = strstr(p + 4, "-->");
				p = q ? q + 3 : end;
				continue;
			}
			const char *q = p + 1;
			int closing = 0;
			if (q < end && *q == '/')
				closing = 1, q++;
			const char *nb = q;
			while (q < end && (isalnum((unsigned char)*q) || *q == '-' || *q == ':' || *q == '!'))
				q++;
			size_t nl = (size_t)(q - nb);
			if (!nl) {
				buf_putc(out, '<');
				p++;
				continue;
			}
			/* Find the tag end, skipping quoted attribute values. */
			const char *t = q;
			char quote = 0;
			while (t < end && (quote || *t != '>')) {
				if (quote && *t == quote)
					quote = 0;
				else if (!quote && (*t == '"' || *t == '\''))
					quote = *t;
				t++;
			}
			const char *attrs = q, *aend = t;
			p = t < end ? t + 1 : end;
			if (!closing && (tag_is(nb, nl, "script") || tag_is(nb, nl, "style") ||
			                 tag_is(nb, nl, "head") || tag_is(nb, nl, "noscript"))) {
				char close[16];
				snprintf(close, sizeof close, "</%.*s", (int)nl, nb);
				const char *r = p;
				while (r < end && !(r[0] == '<' && (size_t)(end - r) >= nl + 2 &&
				                    ieqn(r, close, nl + 2)))
					r++;
				p = r;
				continue;
			}
			if (tag_is(nb, nl, "b") || tag_is(nb, nl, "strong"))
				buf_putc(out, closing ? CX_M_BOLD_OFF : CX_M_BOLD_ON);
			else if (tag_is(nb, nl, "i") || tag_is(nb, nl, "em") || tag_is(nb, nl, "cite"))
				buf_putc(out, closing ? CX_M_ITALIC_OFF : CX_M_ITALIC_ON);
			else if (tag_is(nb, nl, "sup") || tag_is(nb, nl, "sub") || tag_is(nb, nl, "span") ||
			         tag_is(nb, nl, "font") || tag_is(nb, nl, "u") || tag_is(nb, nl, "small") ||
			         tag_is(nb, nl, "abbr") || tag_is(nb, nl, "code"))
				; /* inline: nothing */
			else if (tag_is(nb, nl, "a")) {
				if (!closing) {
					anchor = out->n;
					nhref = 0;
					long h = find_ci(S(attrs, (size_t)(aend - attrs)), "href", 0);
					if (h >= 0) {
						const char *r = attrs + h + 4;
						while (r < aend && (is_sp((unsigned char)*r) || *r == '='))
							r++;
						char qq = (*r == '"' || *r == '\'') ? *r++ : 0;
						while (r < aend && nhref < sizeof href - 1 &&
						       (qq ? *r != qq : !is_sp((unsigned char)*r)))
							href[nhref++] = *r++;
					}
				} else if (anchor != (size_t)-1) {
					size_t tl = out->n - anchor;
					if (tl && is_label(out->p + anchor, tl)) {
						buf_putc(out, ']');
						buf_reserve(out, 1);
						memmove(out->p + anchor + 1, out->p + anchor, out->n - anchor);
						out->p[anchor] = '[';
						out->n++;
					}
					if (nhref && (!memcmp(href, "http", 4) || !memcmp(href, "doi", 3))) {
						buf_putc(out, ' ');
						buf_putc(out, CX_M_URL_ON);
						buf_put(out, href, nhref);
						buf_putc(out, CX_M_URL_OFF);
					}
					anchor = (size_t)-1;
				}
			} else if (nl == 2 && (nb[0] == 'h' || nb[0] == 'H') && nb[1] >= '1' && nb[1] <= '6') {
				buf_putc(out, '\n');
				if (!closing) {
					for (int k = 0; k < nb[1] - '0'; k++)
						buf_putc(out, '#');
					buf_putc(out, ' ');
				}
			} else if (tag_is(nb, nl, "li") && !closing) {
				buf_put(out, "\n- ", 3);
			} else if (tag_is(nb, nl, "pre")) {
				pre = !closing;
				buf_putc(out, '\n');
			} else if (tag_is(nb, nl, "td") || tag_is(nb, nl, "th")) {
				buf_putc(out, ' ');
			} else if (tag_is(nb, nl, "p") || tag_is(nb, nl, "div") || tag_is(nb, nl, "br") ||
			           tag_is(nb, nl, "tr") || tag_is(nb, nl, "ul") || tag_is(nb, nl, "ol") ||
			           tag_is(nb, nl, "dd") || tag_is(nb, nl, "dt") || tag_is(nb, nl, "dl") ||
			           tag_is(nb, nl, "section") || tag_is(nb, nl, "article") ||
			           tag_is(nb, nl, "header") || tag_is(nb, nl, "footer") ||
			           tag_is(nb, nl, "blockquote") || tag_is(nb, nl, "hr") ||
			           tag_is(nb, nl, "table") || tag_is(nb, nl, "nav") || tag_is(nb, nl, "main") ||
			           tag_is(nb, nl, "body") || tag_is(nb, nl, "li") || tag_is(nb, nl, "title")) {
				buf_putc(out, '\n');
			}
			continue;
		}
		if (*p == '&') {
			size_t k = html_entity(p + 1, end, out);
			if (k) {
				p += k + 1;
				continue;
			}
		}
		if (!pre && is_sp((unsigned char)*p)) {
			if (out->n && out->p[out->n - 1] != ' ' && out->p[out->n - 1] != '\n')
				buf_putc(out, ' ');
			p++;
			continue;
		}
		buf_putc(out, *p++);
	}
}

/* ---- LaTeX ------------------------------------------------------------------ */

/* Skip a {group} at p; returns the end (after '}') or p if none. */
static const char *skip_group(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || (*p != '{' && *p != '['))
		return p;
	char open = *p, close = open == '{' ? '}' : ']';
	int d = 0;
	for (; p < end; p++) {
		if (*p == '\\' && p + 1 < end) {
			p++;
			continue;
		}
		if (*p == open)
			d++;
		else if (*p == close && --d == 0)
			return p + 1;
	}
	return end;
}

static int cmd_is(const char *p, const char *end, const char *name, size_t *len)
{
	size_t l = strlen(name);
	if ((size_t)(end - p) < l + 1 || p[0] != '\\' || memcmp(p + 1, name, l))
		return 0;
	if (p + 1 + l < end && isalpha((unsigned char)p[1 + l]))
		return 0;
	*len = l + 1;
	return 1;
}

/* A LaTeX CV to lines: \section{X} becomes a "# X" heading, \item a "- "
 * bullet, \\ and blank lines break lines, environments and layout commands
 * go; \href{u}{t} becomes "t \url{u}".  Source line breaks inside a
 * paragraph are spaces, as LaTeX reads them.  Each resulting line is
 * decoded later with latex_decode. */
static void latex_to_text(const char *s, size_t n, struct buf *out, struct linemap *lm)
{
	const char *p = s, *end = s + n;
	size_t l;
	while (p < end) {
		lm_track(lm, out, p);
		char c = *p;
		if (c == '%') {
			while (p < end && *p != '\n')
				p++;
			if (p < end)
				p++; /* a comment eats its line break */
			continue;
		}
		if (c == '\n') {
			const char *q = p + 1;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q == '\n') {
				buf_put(out, "\n\n", 2);
				p = q + 1;
			} else {
				buf_putc(out, ' ');
				p++;
			}
			continue;
		}
		if (c != '\\') {
			buf_putc(out, c);
			p++;
			continue;
		}
		if (p + 1 < end && p[1] == '\\') {
			buf_putc(out, '\n');
			p += 2;
			p = skip_group(p, end); /* \\[2pt] */
			continue;
		}
		static const char *const secs[] = {"section", "subsection", "subsubsection", "cvsection",
		                                   "cvsubsection", "chapter", "paragraph", "part"};
		int done = 0;
		for (size_t i = 0; i < sizeof secs / sizeof *secs && !done; i++) {
			if (!cmd_is(p, end, secs[i], &l))
				continue;
			const char *q = p + l;
			if (q < end && *q == '*')
				q++;
			const char *g = skip_group(q, end);
			if (g > q && *q == '[') /* optional short title */
				q = g, g = skip_group(q, end);
			buf_put(out, "\n", 1);
			int level = i == 0 || i == 3 || i == 5 || i == 7 ? 1 : i == 1 || i == 4 ? 2 : 3;
			for (int k = 0; k < level; k++)
				buf_putc(out, '#');
			buf_putc(out, ' ');
			if (g > q + 1)
				buf_put(out, q + 1, (size_t)(g - q - 2));
			buf_putc(out, '\n');
			p = g;
			done = 1;
		}
		if (done)
			continue;
		if (cmd_is(p, end, "item", &l)) {
			buf_put(out, "\n- ", 3);
			p += l;
			p = skip_group(p, end); /* \item[label] */
			continue;
		}
		if (cmd_is(p, end, "begin", &l) || cmd_is(p, end, "end", &l)) {
			p = skip_group(p + l, end);
			/* arguments of list environments: {enumerate}[label=...] */
			while (p < end && (*p == '[' || (*p == '{' && 0)))
				p = skip_group(p, end);
			buf_putc(out, '\n');
			continue;
		}
		if (cmd_is(p, end, "par", &l) || cmd_is(p, end, "newline", &l) ||
		    cmd_is(p, end, "linebreak", &l)) {
			buf_putc(out, '\n');
			p += l;
			continue;
		}
		if (cmd_is(p, end, "href", &l)) {
			const char *u = p + l, *ue = skip_group(u, end);
			const char *t = ue, *te = skip_group(t, end);
			while (u < ue && *u != '{')
				u++;
			while (t < te && *t != '{')
				t++;
			if (ue > u + 1 && te > t + 1) {
				buf_put(out, t + 1, (size_t)(te - t - 2));
				buf_put(out, " \\url{", 6);
				buf_put(out, u + 1, (size_t)(ue - u - 2));
				buf_putc(out, '}');
				p = te;
				continue;
			}
		}
		/* Layout commands with arguments that carry no text. */
		static const char *const drop_arg[] = {"hspace", "vspace", "label", "setlength",
		                                       "addtolength", "vskip", "hskip", "cite",
		                                       "nocite", "includegraphics", "color"};
		for (size_t i = 0; i < sizeof drop_arg / sizeof *drop_arg && !done; i++)
			if (cmd_is(p, end, drop_arg[i], &l)) {
				const char *q = p + l;
				if (q < end && *q == '*')
					q++;
				q = skip_group(q, end);
				if (!strcmp(drop_arg[i], "setlength") || !strcmp(drop_arg[i], "addtolength"))
					q = skip_group(q, end);
				p = q;
				done = 1;
			}
		/* Declarations and wrappers with no meaning here. */
		static const char *const drop[] = {"hfill", "noindent", "small", "footnotesize",
		                                   "scriptsize", "large", "Large", "normalsize",
		                                   "centering", "raggedright", "bigskip", "medskip",
		                                   "smallskip", "underline", "uline", "mbox",
		                                   "textnormal", "textrm", "textsf", "maketitle",
		                                   "clearpage", "newpage", "pagebreak", "vfill"};
		for (size_t i = 0; i < sizeof drop / sizeof *drop && !done; i++)
			if (cmd_is(p, end, drop[i], &l)) {
				p += l;
				done = 1;
			}
		/* Equal-contribution marks written as commands. */
		static const char *const daggers[] = {"dag", "dagger", "textdagger"};
		for (size_t i = 0; i < 3 && !done; i++)
			if (cmd_is(p, end, daggers[i], &l)) {
				buf_put(out, "\xE2\x80\xA0", 3);
				p += l;
				if (p < end && *p == '{' && p + 1 < end && p[1] == '}')
					p += 2;
				done = 1;
			}
		if (!done && cmd_is(p, end, "textsuperscript", &l)) {
			const char *g = skip_group(p + l, end);
			const char *q = p + l;
			while (q < g && *q != '{')
				q++;
			if (g - q == 3 && (q[1] == '*' || q[1] == '#')) {
				buf_putc(out, q[1]);
				p = g;
				done = 1;
			}
		}
		if (done)
			continue;
		buf_putc(out, *p++);
		if (p < end) /* keep the escaped character with its backslash */
			buf_putc(out, *p++);
	}
}

/* ---- Markdown and plain text: the line model ----------------------------- */

static int find_closer(const char *s, size_t n, size_t from, const char *delim)
{
	size_t dl = strlen(delim);
	for (size_t i = from; i + dl <= n; i++) {
		if (s[i] == '\\') {
			i++;
			continue;
		}
		if (!memcmp(s + i, delim, dl) && i > from && !is_sp((unsigned char)s[i - 1]) &&
		    (i + dl == n || !isalnum((unsigned char)s[i + dl])))
			return (int)i;
	}
	return -1;
}

static size_t url_len(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && !is_sp((unsigned char)s[k]) && s[k] != '<' && s[k] != '>' && s[k] != '"' &&
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
			char d[3] = {c, c, 0};
			int k = !is_sp((unsigned char)(i + 2 < n ? s[i + 2] : ' ')) ? find_closer(s, n, i + 2, d) : -1;
			if (k > 0) {
				buf_putc(&b, CX_M_BOLD_ON);
				cx_str in = md_inline(a, s + i + 2, (size_t)k - i - 2, latex);
				buf_put(&b, in.p, in.n);
				buf_putc(&b, CX_M_BOLD_OFF);
				i = (size_t)k + 2;
				continue;
			}
		}
		if (!latex && c == '*' && i + 1 < n && !is_sp((unsigned char)s[i + 1]) && s[i + 1] != '*' &&
		    (i == 0 || !isalnum((unsigned char)s[i - 1]))) {
			int k = find_closer(s, n, i + 1, "*");
			if (k > 0) {
				buf_putc(&b, CX_M_ITALIC_ON);
				cx_str in = md_inline(a, s + i + 1, (size_t)k - i - 1, latex);
				buf_put(&b, in.p, in.n);
				buf_putc(&b, CX_M_ITALIC_OFF);
				i = (size_t)k + 1;
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
				const char *u = s + k + 2;
				const char *ue = memchr(u, ')', n - (k + 2));
				if (ue) {
					int lab = is_label(s + i + 1, k - i - 1);
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
				if (i + tl <= n && ieqn(s + i, tags[t].tag, tl)) {
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
		if (c == (char)CX_M_URL_ON) { /* already a URL (HTML links): copy */
			const char *e = memchr(s + i, CX_M_URL_OFF, n - i);
			size_t k = e ? (size_t)(e - s) + 1 : n;
			buf_put(&b, s + i, k - i);
			i = k;
			continue;
		}
		if ((c == 'h' && i + 8 < n && (!memcmp(s + i, "https://", 8) || !memcmp(s + i, "http://", 7))) ||
		    (c == 'w' && i + 4 < n && !memcmp(s + i, "www.", 4) && (i == 0 || is_sp((unsigned char)s[i - 1])))) {
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

static void add_line(struct cv *v, cx_str t, unsigned line)
{
	if (v->nl == v->capl) {
		size_t cap = v->capl ? v->capl * 2 : 256;
		v->l = arena_grow(&v->a, v->l, sizeof *v->l, v->nl, cap);
		v->capl = cap;
	}
	struct cv_line *L = &v->l[v->nl++];
	memset(L, 0, sizeof *L);
	L->line = line;
	t = trim(t);
	if (!t.n) {
		L->blank = 1;
		L->s = (char *)"";
		return;
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
	if (!L->heading) {
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
			if (br == '[' && q < end && isupper((unsigned char)*q))
				q++; /* [J3] [C12] [P1] */
			const char *dd = q;
			while (q < end && isdigit((unsigned char)*q) && q - dd < 4)
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
	}
	cx_str in = md_inline(&v->a, p, (size_t)(end - p), v->latex);
	in = trim(in);
	L->s = (char *)in.p;
	L->n = in.n;
	if (!L->n && !L->heading && !L->marker)
		L->blank = 1;
}

static void build_lines(struct cv *v, const char *text, size_t n, const unsigned *map, size_t nmap)
{
	size_t b = 0;
	unsigned line = 1;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && text[i] != '\n')
			continue;
		cx_str t = S(text + b, i - b);
		unsigned ln = map && line - 1 < nmap ? map[line - 1] : line;
		if (v->latex) {
			/* decode the logical line; markup it produced is our markup */
			cx_str d = latex_decode(&v->a, t.p, t.n);
			t = d;
		}
		/* Setext underline: "Publications\n====" */
		cx_str tt = trim(t);
		if (tt.n >= 3 && v->nl && !v->l[v->nl - 1].blank && !v->l[v->nl - 1].heading &&
		    (strspn(tt.p, "=") == tt.n || strspn(tt.p, "-") == tt.n)) {
			v->l[v->nl - 1].heading = tt.p[0] == '=' ? 1 : 2;
			v->l[v->nl - 1].marker = 0;
		} else if (tt.n >= 3 && (strspn(tt.p, "-") == tt.n || strspn(tt.p, "*") == tt.n ||
		                         strspn(tt.p, "_") == tt.n || strspn(tt.p, "=") == tt.n)) {
			add_line(v, S("", 0), ln); /* a rule */
		} else
			add_line(v, t, ln);
		b = i + 1;
		line++;
	}
}

/* ---- sections ------------------------------------------------------------ */

static int in_list(const char *w, size_t n, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && ieqn(w, list[i], n))
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
static enum sec sec_class(cx_str t, enum cv_hint *hint)
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
		if (n == 7 && ieqn(w, "journal", 7))
			*hint = H_JOURNAL;
		else if ((n == 10 || n == 11) && ieqn(w, "conference", 10))
			*hint = H_CONFERENCE;
		else if ((n == 8 || n == 9) && ieqn(w, "preprint", 8))
			*hint = H_PREPRINT;
		else if ((n == 6 || n == 6) && (ieqn(w, "thesis", 6) || ieqn(w, "theses", 6)))
			*hint = H_THESIS;
		else if (n == 8 && ieqn(w, "workshop", 8))
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

static int year_at(const char *p, size_t n, size_t i)
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
static int find_year(cx_str s, size_t *at)
{
	int y = 0;
	for (size_t i = 0; i + 4 <= s.n; i++) {
		int v = year_at(s.p, s.n, i);
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
static int find_short_year(cx_str s)
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
static size_t month_at(const char *p, size_t n, int *m)
{
	for (int i = 0; i < 12; i++) {
		size_t fl = strlen(months[i]);
		if (n >= fl && ieqn(p, months[i], fl) && (n == fl || !isalpha((unsigned char)p[fl]))) {
			*m = i + 1;
			return fl;
		}
		if (n >= 4 && i == 8 && ieqn(p, "sept", 4) && (n == 4 || !isalpha((unsigned char)p[4]))) {
			*m = 9;
			return n > 4 && p[4] == '.' ? 5 : 4;
		}
		if (n >= 3 && ieqn(p, months[i], 3) && (n == 3 || !isalpha((unsigned char)p[3]))) {
			*m = i + 1;
			return n > 3 && p[3] == '.' ? 4 : 3;
		}
	}
	return 0;
}

struct ymd {
	int y, m, d;
};

/* A line that is only a date, maybe fused to a short subject code as a
 * scraped listing writes it ("LGFeb 17, 2025", "Feb 2025", "2025-02-17"). */
static int date_line(cx_str s, struct ymd *out)
{
	s = trim(s);
	for (size_t k = 0; k <= 4 && k < s.n; k++) {
		if (k && !isupper((unsigned char)s.p[k - 1]))
			break;
		const char *p = s.p + k;
		size_t n = s.n - k;
		int m = 0;
		size_t ml = month_at(p, n, &m);
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
			int y = year_at(p, n, i);
			if (y && i + 4 == n) {
				r.y = y;
				r.m = m;
				*out = r;
				return 1;
			}
			continue;
		}
		if (!k && n == 10 && year_at(p, n, 0) && p[4] == '-' && p[7] == '-') {
			r.y = year_at(p, n, 0);
			r.m = atoi(p + 5);
			r.d = atoi(p + 8);
			*out = r;
			return 1;
		}
	}
	return 0;
}

/* Words that tell a venue from a title. */
static int venue_words(cx_str s)
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
		if (find_ci(s, w[i], !strchr(w[i], '.') && !strchr(w[i], ':')) >= 0)
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
		if (upper >= 2 && venue_lookup(s.p + b, i - b))
			return 1;
	}
	return 0;
}

/* How strongly the line reads as a venue: 0 not, 1 weak, 2 strong. */
static int venue_score(struct cv *v, cx_str line)
{
	cx_str p = plain(&v->a, line);
	int kw = venue_words(p);
	int y = find_year(p, NULL) || find_short_year(p);
	int acr = known_acronym(p);
	if ((y && (kw || acr)) || (acr && p.n < 40) || has_ci(p, "arxiv") || has_ci(p, "submitted to") ||
	    has_ci(p, "in submission") || has_ci(p, "under review") || has_ci(p, "dissertation"))
		return 2;
	if (kw || y || acr)
		return 1;
	return 0;
}

/* A paragraph in the first person is the page talking about its owner,
 * never an abstract. */
static int first_person(cx_str s)
{
	return has_ci(s, "I") || has_ci(s, "my") || has_ci(s, "I'm") || has_ci(s, "me");
}

static int owner_match(struct cv *v, cx_str name);

/* The number of names when s reads as an author list, else 0. */
static int authors_score(struct cv *v, cx_str s)
{
	cx_str t = trim(s);
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
				if (k > b && !au_is_initials(S(w.p + b, k - b)))
					full = 1;
				b = k + 1;
			}
		}
		if (!full)
			return 0;
		names++;
		if (nm->bold || nm->equal || owner_match(v, nm->text))
			strong = 1;
	}
	if (names + (strong ? 1 : 0) >= 2 || (names >= 1 && strong))
		return names ? names : 1;
	return 0;
}

/* A line that is only link labels, URLs and separators. */
static int links_only(cx_str s)
{
	int any = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '[') {
			const char *e = memchr(s.p + i, ']', s.n - i);
			if (!e || !is_label(s.p + i + 1, (size_t)(e - s.p - i - 1)))
				return 0;
			any = 1;
			i = (size_t)(e - s.p) + 1;
		} else if (c == CX_M_URL_ON) {
			const char *e = memchr(s.p + i, CX_M_URL_OFF, s.n - i);
			i = e ? (size_t)(e - s.p) + 1 : s.n;
			any = 1;
		} else if (is_sp(c) || c == '-' || c == '|' || c == '/' || c == ',' || CX_IS_MARK(c) ||
		           c == 0xC2 || c == 0xB7) {
			i++;
		} else if (c == 0xE2 && i + 2 < s.n) { /* dashes and bullets */
			i += 3;
		} else {
			size_t b = i;
			while (i < s.n && isalpha((unsigned char)s.p[i]))
				i++;
			if (i == b || !label_word(s.p + b, i - b))
				return 0;
			any = 1;
		}
	}
	return any;
}

/* ---- grouping lines into items -------------------------------------------- */

enum cls { C_TITLE, C_AUTHORS, C_VENUE, C_LINKS, C_PAREN, C_DATE, C_ABSTRACT, C_CITE };

static int parse_citation(struct cv *v, cx_str s, struct cv_raw *r);

static size_t words_in(cx_str s);
static int award_words(cx_str t);

static enum cls classify(struct cv *v, cx_str s, int *vscore)
{
	cx_str p = plain(&v->a, s);
	struct ymd d;
	*vscore = 0;
	if (links_only(s))
		return C_LINKS;
	if (p.n > 1 && p.p[0] == '(' && p.p[p.n - 1] == ')')
		return C_PAREN;
	if (date_line(p, &d))
		return C_DATE;
	if (p.n && p.p[0] == ',')
		return C_AUTHORS;
	/* "[OSDI '24] Title of the paper": a title with its venue tag */
	if (p.n && p.p[0] == '[') {
		const char *e = memchr(p.p, ']', p.n);
		if (e && words_in(S(e + 1, (size_t)(p.p + p.n - e - 1))) >= 3 &&
		    venue_score(v, S(p.p + 1, (size_t)(e - p.p - 1))))
			return C_TITLE;
	}
	*vscore = venue_score(v, s);
	/* before the length test: a long author list is still one */
	if (authors_score(v, s) && *vscore < 2)
		return C_AUTHORS;
	if (p.n > 200 ||
	    (p.n > 80 && p.p[p.n - 1] == '.' &&
	     (has_ci(p, "we") || has_ci(p, "our") || has_ci(p, "this paper"))) ||
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
	s = trim(s);
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
};

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
		g->v->nraw++;
	}
	memset(&g->cur, 0, sizeof g->cur);
	g->have = 0;
	g->last = -1;
}

static void take_line(struct grouper *g, const struct cv_line *L, int in_marker_item)
{
	struct cv *v = g->v;
	cx_str s = S(L->s, L->n);
	struct cv_raw *c = &g->cur;
	int vs;
	if (g->stop)
		return;
	/* a wrapped author line continues whatever comes next */
	if (g->last == C_AUTHORS && ends_with_comma(c->authors)) {
		int k = classify(v, s, &vs);
		if (k == C_AUTHORS || (k == C_TITLE && authors_score(v, cat(&v->a, c->authors, " ", s)))) {
			c->authors = cat(&v->a, c->authors, " ", s);
			return;
		}
	}
	enum cls k = classify(v, s, &vs);
	cx_str ps0 = plain(&v->a, s);
	if (ps0.n == 4 && find_year(ps0, NULL)) {
		flush(g); /* a year heading in a list grouped by year */
		return;
	}
	if ((k == C_TITLE || k == C_VENUE || (k == C_ABSTRACT && !first_person(ps0))) &&
	    !in_marker_item && s.n > 40 && (vs || find_year(ps0, NULL))) {
		struct cv_raw tmp;
		memset(&tmp, 0, sizeof tmp);
		if (parse_citation(v, s, &tmp)) {
			flush(g);
			tmp.line = L->line;
			tmp.cite = s;
			g->cur = tmp;
			g->have = 1;
			flush(g);
			return;
		}
	}
	if (!g->have)
		c->line = L->line;
	switch (k) {
	case C_LINKS:
		if (g->have)
			c->extra = cat(&v->a, c->extra, " ", s);
		else if (v->nraw && !g->strict)
			v->raw[v->nraw - 1].extra = cat(&v->a, v->raw[v->nraw - 1].extra, " ", s);
		return;
	case C_PAREN:
		if (c->title.n)
			c->extra = cat(&v->a, c->extra, " ", s);
		return;
	case C_DATE:
		if (!in_marker_item && (c->title.n || c->authors.n))
			flush(g);
		c->date = plain(&v->a, s);
		if (!g->have)
			c->line = L->line;
		g->have = 1;
		g->last = k;
		return;
	case C_ABSTRACT:
		if (first_person(plain(&v->a, s)) && !in_marker_item) {
			flush(g);
			g->stop = 1; /* the page has gone back to talking about its owner */
			return;
		}
		if (c->title.n)
			c->abstract = cat(&v->a, c->abstract, " ", s);
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
			c->authors = S("", 0);
		} else if (c->authors.n) {
			c->extra = cat(&v->a, c->extra, " ", s);
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
			c->extra = cat(&v->a, c->extra, ", ", s);
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
				c->title = cat(&v->a, c->title, " ", s);
			else if (!c->venue.n && c->authors.n)
				c->venue = s;
			else
				c->extra = cat(&v->a, c->extra, ", ", s);
			g->have = 1;
			g->last = C_TITLE;
			return;
		}
		if (c->title.n && (c->authors.n || c->venue.n) && award_words(ps0) && ps0.n < 60) {
			c->extra = cat(&v->a, c->extra, ", ", s); /* "Oral presentation" */
			return;
		}
		if (c->title.n && !c->authors.n && !c->venue.n) {
			cx_str pt = plain(&v->a, c->title);
			char e = pt.n ? pt.p[pt.n - 1] : '.';
			cx_str ps = plain(&v->a, s);
			if (g->last == C_TITLE && !strchr(".?!", e) && ps.n && (islower((unsigned char)ps.p[0]) || e == ':' || e == '-'))
				c->title = cat(&v->a, c->title, " ", s);
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
	int prev = 0;
	for (size_t i = 0; i < n; i++) {
		if (L[i].blank)
			continue;
		cx_str p = plain(&v->a, S(L[i].s, L[i].n));
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
	cx_str joined = S("", 0);
	for (size_t i = 0; i < n; i++)
		if (!L[i].blank) {
			nonblank++;
			joined = cat(&v->a, joined, " ", S(L[i].s, L[i].n));
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
				enum cls k = classify(v, S(L[i].s, L[i].n), &vs);
				if (k == C_AUTHORS || k == C_VENUE)
					kinds++;
			}
		block = kinds > 0;
		if (lines_wrapped(v, L, n) && parse_citation(v, joined, &tmp))
			block = 0;
		memset(&tmp, 0, sizeof tmp);
	}
	if (!block && parse_citation(v, joined, &tmp)) {
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
		v_diag(v, CX_WARNING, CX_E_SYNTAX, L[0].line,
		        "list item in a publication section not read as a publication; skipped");
	flush(g);
}

/* Heading text without the markup, and whether it was all one emphasis. */
static cx_str heading_text(struct cv *v, const struct cv_line *L, int *emph)
{
	cx_str s = S(L->s, L->n);
	*emph = s.n > 2 && (s.p[0] == CX_M_ITALIC_ON || s.p[0] == CX_M_BOLD_ON) &&
	        (s.p[s.n - 1] == CX_M_ITALIC_OFF || s.p[s.n - 1] == CX_M_BOLD_OFF);
	return plain(&v->a, s);
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
	return sec_class(plain(&v->a, S(L->s + 1, (size_t)(e - L->s - 1))), h);
}

static size_t words_in(cx_str s)
{
	size_t w = 0;
	for (size_t i = 0; i < s.n; i++)
		if (!is_sp((unsigned char)s.p[i]) && (i == 0 || is_sp((unsigned char)s.p[i - 1])))
			w++;
	return w;
}

/* Walk the lines: track sections, and feed publication sections to the
 * grouper.  With no publication heading anywhere, every section that is not
 * clearly something else is read, and items must show authors and a venue. */
static void segment(struct cv *v)
{
	int any_pub = 0;
	enum cv_hint h;
	for (size_t i = 0; i < v->nl; i++) {
		const struct cv_line *L = &v->l[i];
		if (L->blank)
			continue;
		cx_str p = plain(&v->a, S(L->s, L->n));
		if ((L->heading || L->marker == 0) && sec_class(p, &h) == SEC_PUB &&
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
		cx_str p = plain(&v->a, S(L->s, L->n));
		int emph = 0;
		enum sec k = SEC_NONE;
		enum cv_hint hh = H_NONE;
		if (L->heading) {
			heading_text(v, L, &emph);
			k = sec_class(p, &hh);
		} else if (!L->marker && p.n < 60) {
			k = sec_class(p, &hh);
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
			if (k == SEC_PUB && L->heading && (!pub_level || L->heading < pub_level))
				pub_level = L->heading;
			/* a bold heading may carry content on the same line: skip it */
			i++;
			continue;
		}
		if (L->heading) {
			/* Not a section title: inside publications a long heading is an
			 * item's title ("## *Title*"), a short one a year or group. */
			if (sec == SEC_PUB || sec == SEC_NONE) {
				if (words_in(p) >= 3 || emph) {
					struct cv_line T = *L;
					T.heading = 0;
					flush(&g);
					take_line(&g, &T, 0);
					i++;
					continue;
				}
				if (sec == SEC_PUB && pub_level && L->heading <= pub_level && !find_year(p, NULL)) {
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
			/* the item runs to the next marker, heading or section title */
			size_t j = i + 1;
			while (j < v->nl && !v->l[j].marker && !v->l[j].heading) {
				const struct cv_line *M = &v->l[j];
				if (!M->blank) {
					cx_str q = plain(&v->a, S(M->s, M->n));
					enum cv_hint h2;
					if (q.n < 60 && sec_class(q, &h2) != SEC_NONE)
						break;
					if (bold_heading(v, M, &h2) != SEC_NONE)
						break;
				}
				/* a blank line then unmarked text ends a bulleted list item
				 * when the list is single-line items */
				if (M->blank && L->marker == 'b' && j + 1 < v->nl && !v->l[j + 1].marker &&
				    !v->l[j + 1].blank && v->l[j - 1].marker)
					break;
				j++;
			}
			take_marker_item(&g, &v->l[i], j - i);
			i = j;
			continue;
		}
		/* an unnumbered paragraph that is one hard-wrapped citation */
		size_t j = i + 1;
		while (j < v->nl && !v->l[j].blank && !v->l[j].heading && !v->l[j].marker)
			j++;
		if (j - i >= 2 && j - i <= 6 && lines_wrapped(v, L, j - i)) {
			cx_str joined = S("", 0);
			int links = 0;
			for (size_t m = i; m < j; m++) {
				joined = cat(&v->a, joined, " ", S(v->l[m].s, v->l[m].n));
				links |= links_only(S(v->l[m].s, v->l[m].n));
			}
			struct cv_raw tmp;
			memset(&tmp, 0, sizeof tmp);
			if (!links && parse_citation(v, joined, &tmp) && tmp.venue.n) {
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

/* ---- one-line citations ------------------------------------------------------ */

static const char *const abbrevs[] = {"proc", "conf", "int", "intl", "symp", "trans", "j", "vol",
                                      "no", "pp", "vs", "al", "e.g", "i.e", "jr", "st", "dr",
                                      "inc", "ltd", "univ", "dept", "assoc", "comput", "sci",
                                      "eng", "appl", "syst", "netw", "res", "rev", "lett", "mach",
                                      "learn", "inf", "inform", "process", "commun", "technol",
                                      "natl", "ann", "annu", "adv", "mag", "ed", "eds", "ch",
                                      "sec", "fig", "no", "nos", "art", NULL};

/* Is the '.', '?' or '!' at i the end of a sentence (not an initial or an
 * abbreviation), followed by white space? */
static int sentence_end(cx_str s, size_t i)
{
	char c = s.p[i];
	if (c != '.' && c != '?' && c != '!')
		return 0;
	size_t j = i + 1;
	while (j < s.n && CX_IS_MARK(s.p[j]))
		j++;
	if (j < s.n && !is_sp((unsigned char)s.p[j]))
		return 0;
	if (c != '.')
		return 1;
	size_t b = i;
	while (b && !is_sp((unsigned char)s.p[b - 1]) && !CX_IS_MARK(s.p[b - 1]) && s.p[b - 1] != '(')
		b--;
	size_t wl = i - b;
	if (wl == 1 && isupper((unsigned char)s.p[b]))
		return 0; /* an initial */
	for (size_t k = 0; abbrevs[k]; k++)
		if (strlen(abbrevs[k]) == wl && ieqn(s.p + b, abbrevs[k], wl))
			return 0;
	return 1;
}

/* Split "Title. Venue..." at the end of the title's sentence. */
static void split_title_venue(cx_str rest, cx_str *title, cx_str *venue)
{
	rest = trim(rest);
	for (size_t i = 0; i < rest.n; i++) {
		if (sentence_end(rest, i)) {
			*title = S(rest.p, rest.p[i] == '.' ? i : i + 1);
			*venue = trim(S(rest.p + i + 1, rest.n - i - 1));
			return;
		}
	}
	*title = rest;
	*venue = S("", 0);
}

static int valid_authors_prefix(struct cv *v, cx_str s)
{
	s = trim_punct(s, ",;:.");
	if (!s.n)
		return 0;
	struct au_list L;
	if (au_parse(&v->a, s.p, s.n, &L) || !L.n)
		return 0;
	int names = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *nm = &L.v[i];
		if (nm->empty)
			continue; /* the owner's dropped name: ", Bob Jones." */
		if (nm->others && !nm->text.n)
			continue;
		if (!nm->family_first && !au_name_like(nm->text.p, nm->text.n))
			return 0;
		cx_str w = nm->text;
		int full = 0;
		size_t lastb = 0;
		for (size_t k = 0, b = 0; k <= w.n; k++)
			if (k == w.n || w.p[k] == ' ' || w.p[k] == ',') {
				if (k > b && !au_is_initials(S(w.p + b, k - b)))
					full = 1;
				lastb = b;
				b = k + 1;
			}
		if (!full)
			return 0;
		/* "L. Zhao, A" would leave a lone initial: the list goes on */
		if (i == L.n - 1 && !nm->family_first && !L.vancouver && w.n - lastb <= 2 &&
		    au_is_initials(S(w.p + lastb, w.n - lastb)))
			return -1; /* not yet: the caller may read further */
		names++;
		if (L.n == 1 && !nm->family_first && words_in(w) < 2 && !L.vancouver)
			return 0; /* "Proc." is no author */
	}
	return names;
}

/* The author part without its closing punctuation, but with the period of
 * a final initial ("White, C.") kept. */
static cx_str authors_trim(struct cv *v, cx_str au)
{
	struct au_list L;
	cx_str t = trim_punct(au, ",;:"), r;
	if (au_parse(&v->a, t.p, t.n, &L) == 0 && L.n && L.v[L.n - 1].family_first)
		r = t;
	else
		r = trim_punct(au, ",;:.");
	/* a leading comma is an empty slot: keep it */
	cx_str a0 = trim(au);
	while (a0.n && CX_IS_MARK(a0.p[0]))
		a0.p++, a0.n--;
	if (a0.n && a0.p[0] == ',')
		r = cat(&v->a, CX_STR(","), " ", r);
	return r;
}

static size_t skip_marks_fwd(cx_str s, size_t i)
{
	while (i < s.n && (CX_IS_MARK(s.p[i]) || is_sp((unsigned char)s.p[i])))
		i++;
	return i;
}

/* Read one citation: "A, B, and C, "Title," in Venue, 2020." (IEEE),
 * "A, B: Title. Venue 2020" (DBLP), "Zhao, L., & Ng, E. (2020). Title.
 * Venue." (APA), "A, B. Title. Venue, 2020." and "A, B. *Title*. Venue".
 * Returns 1 when authors and a title were found. */
static int parse_citation(struct cv *v, cx_str s, struct cv_raw *r)
{
	s = trim(s);
	/* a year in front, as tables and year-grouped lists write it */
	if (s.n > 6 && year_at(s.p, s.n, 0) && (s.p[4] == ' ' || s.p[4] == '.' || s.p[4] == ':' || s.p[4] == '\t')) {
		r->date = S(s.p, 4);
		s = trim_punct(S(s.p + 5, s.n - 5), ".:-");
	}
	/* quoted title */
	static const char *const q_open[] = {"\"", "\xE2\x80\x9C", "\xE2\x80\x98", "``"};
	static const char *const q_close[] = {"\"", "\xE2\x80\x9D", "\xE2\x80\x99", "''"};
	for (int k = 0; k < 4; k++) {
		long o = find_ci(s, q_open[k], 0);
		if (o <= 0)
			continue;
		size_t ol = strlen(q_open[k]);
		cx_str after = S(s.p + o + ol, s.n - (size_t)o - ol);
		long c = find_ci(after, q_close[k], 0);
		if (c <= 0)
			continue;
		cx_str au = S(s.p, (size_t)o);
		if (valid_authors_prefix(v, au) <= 0)
			continue;
		r->authors = trim_punct(au, ",;:.");
		r->title = trim_punct(S(after.p, (size_t)c), ",.");
		cx_str rest = S(after.p + c + strlen(q_close[k]), after.n - (size_t)c - strlen(q_close[k]));
		r->venue = trim_punct(rest, ",.;");
		return 1;
	}
	/* APA: authors (2020). Title. Venue */
	for (size_t i = 0; i + 6 <= s.n; i++) {
		if (s.p[i] != '(' || !year_at(s.p, s.n, i + 1))
			continue;
		size_t j = i + 5;
		while (j < s.n && isalpha((unsigned char)s.p[j]))
			j++;
		if (j >= s.n || s.p[j] != ')')
			continue;
		cx_str au = S(s.p, i);
		if (valid_authors_prefix(v, au) <= 0)
			break;
		r->authors = authors_trim(v, au);
		r->date = S(s.p + i + 1, 4);
		split_title_venue(trim_punct(S(s.p + j + 1, s.n - j - 1), "."), &r->title, &r->venue);
		return r->title.n > 0;
	}
	/* Markup: an emphasised span after the authors */
	for (size_t i = 0; i < s.n; i++) {
		unsigned char c = (unsigned char)s.p[i];
		if (c != CX_M_ITALIC_ON && c != CX_M_BOLD_ON)
			continue;
		const char *e = memchr(s.p + i, c + 1, s.n - i);
		if (!e)
			break;
		cx_str span = S(s.p + i + 1, (size_t)(e - s.p - i - 1));
		cx_str au = S(s.p, i);
		cx_str sp = plain(&v->a, span);
		if (au_name_like(sp.p, sp.n) && words_in(sp) <= 4) {
			i = (size_t)(e - s.p); /* the owner's bold name */
			continue;
		}
		if (!i || valid_authors_prefix(v, au) <= 0) {
			if (c == CX_M_BOLD_ON) { /* a bold owner name: look further */
				i = (size_t)(e - s.p);
				continue;
			}
			break;
		}
		cx_str rest = S(e + 1, (size_t)(s.p + s.n - e - 1));
		if (venue_score(v, span) == 2 || venue_words(plain(&v->a, span))) {
			/* "A, B. Title. *Venue*, 2020" */
			cx_str mid = trim_punct(au, ",.");
			(void)mid;
			break;
		}
		r->authors = authors_trim(v, au);
		r->title = trim_punct(span, ",.");
		r->venue = trim_punct(rest, ",.;");
		return 1;
	}
	/* DBLP: "A, B: Title. Venue" */
	for (size_t i = 0; i + 1 < s.n; i++) {
		if (s.p[i] != ':' || !is_sp((unsigned char)s.p[i + 1]))
			continue;
		cx_str au = S(s.p, i);
		if (valid_authors_prefix(v, au) > 0 && (words_in(au) >= 2)) {
			r->authors = trim_punct(au, ",;:.");
			split_title_venue(S(s.p + i + 1, s.n - i - 1), &r->title, &r->venue);
			r->title = trim_punct(r->title, ".");
			return r->title.n > 0;
		}
		break;
	}
	/* "Authors. Title. Venue": the longest author list before a period */
	long best = -1;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] != '.' || (i + 1 < s.n && !is_sp((unsigned char)s.p[i + 1]) && !CX_IS_MARK(s.p[i + 1])))
			continue;
		int ok = valid_authors_prefix(v, S(s.p, i + (i && s.p[i - 1] != ' ' ? 1 : 0)));
		if (ok > 0)
			best = (long)i;
		else if (ok == 0 && best >= 0)
			break;
	}
	if (best > 0) {
		cx_str au = S(s.p, (size_t)best + 1);
		r->authors = authors_trim(v, au); /* "Ng, T. S. E." keeps its period */
		size_t j = skip_marks_fwd(s, (size_t)best + 1);
		cx_str rest = S(s.p + j, s.n - j);
		split_title_venue(rest, &r->title, &r->venue);
		r->title = trim_punct(r->title, ".");
		r->venue = trim_punct(r->venue, ".");
		return r->title.n > 0 && (r->venue.n || find_year(plain(&v->a, rest), NULL));
	}
	/* "Title. Authors. Venue": the second sentence is the author list */
	cx_str t1, rest1;
	split_title_venue(s, &t1, &rest1);
	if (t1.n && rest1.n) {
		cx_str au, ven;
		split_title_venue(rest1, &au, &ven);
		if (valid_authors_prefix(v, au) > 0 && ven.n) {
			r->title = trim_punct(t1, ".");
			r->authors = authors_trim(v, au);
			r->venue = trim_punct(ven, ".");
			return 1;
		}
	}
	return 0;
}

/* ---- owner ---------------------------------------------------------------- */

/* Names compare by ASCII letters only, case-folded: "Yihao ZHAO" is
 * "Yihao Zhao", "Zhao, Yihao" is not (order matters less than safety). */
static size_t name_key(cx_str s, char *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < s.n && k + 1 < cap; i++)
		if (isalpha((unsigned char)s.p[i]) || (unsigned char)s.p[i] >= 0x80)
			out[k++] = (char)tolower((unsigned char)s.p[i]);
	out[k] = 0;
	return k;
}

static int owner_match(struct cv *v, cx_str name)
{
	if (!v->owner.n || !name.n)
		return 0;
	char a[256], b[256];
	name_key(v->owner, a, sizeof a);
	name_key(name, b, sizeof b);
	return a[0] && !strcmp(a, b);
}

static int two_word_name(cx_str p)
{
	size_t w = words_in(p);
	return w >= 2 && w <= 4 && p.n <= 40 && au_name_like(p.p, p.n);
}

static void detect_owner(struct cv *v)
{
	const char *o = opt_owner(v->c);
	if (o) {
		v->owner = arena_str(&v->a, o, strlen(o));
		v->owner_from_option = 1;
		return;
	}
	/* 1. a bold name that recurs in the author lists */
	struct cand {
		cx_str name;
		int n;
	} cand[16];
	int nc = 0;
	for (size_t i = 0; i < v->nraw; i++) {
		cx_str au = v->raw[i].authors.n ? v->raw[i].authors : v->raw[i].cite;
		struct au_list L;
		if (!au.n || au_parse(&v->a, au.p, au.n, &L))
			continue;
		for (size_t k = 0; k < L.n; k++) {
			if (!L.v[k].bold || !two_word_name(L.v[k].text))
				continue;
			int f = 0;
			for (int c = 0; c < nc && !f; c++) {
				char x[256], y[256];
				name_key(cand[c].name, x, sizeof x);
				name_key(L.v[k].text, y, sizeof y);
				if (!strcmp(x, y))
					cand[c].n++, f = 1;
			}
			if (!f && nc < 16)
				cand[nc++] = (struct cand){L.v[k].text, 1};
		}
	}
	int best = -1;
	for (int c = 0; c < nc; c++)
		if (cand[c].n >= 2 && (best < 0 || cand[c].n > cand[best].n))
			best = c;
	if (best >= 0) {
		v->owner = cand[best].name;
		return;
	}
	if (v->owner.n)
		return; /* found at the top already */
	/* 2. the name at the top, or "I am Given Family" in the preamble */
	for (size_t i = 0; i < v->nl && i < 40; i++) {
		const struct cv_line *L = &v->l[i];
		if (L->blank)
			continue;
		cx_str p = plain(&v->a, S(L->s, L->n));
		enum cv_hint h;
		if (sec_class(p, &h) != SEC_NONE)
			break;
		if (two_word_name(p)) {
			v->owner = p;
			return;
		}
		static const char *const intro[] = {"I am ", "I'm ", "My name is ", "This is "};
		for (size_t k = 0; k < 4; k++) {
			long at = find_ci(p, intro[k], 0);
			if (at < 0)
				continue;
			const char *q = p.p + at + strlen(intro[k]);
			const char *e = q;
			int w = 0;
			while (e < p.p + p.n && w < 4) {
				const char *ws = e;
				if (!(isupper((unsigned char)*e)))
					break;
				while (e < p.p + p.n && (isalpha((unsigned char)*e) || *e == '-' || *e == '.'))
					e++;
				if (e == ws)
					break;
				w++;
				if (e < p.p + p.n && *e == ' ' && e + 1 < p.p + p.n && isupper((unsigned char)e[1]))
					e++;
				else
					break;
			}
			cx_str nm = trim_punct(S(q, (size_t)(e - q)), ".,");
			if (w >= 2 && two_word_name(nm)) {
				v->owner = nm;
				return;
			}
		}
	}
}

/* ---- fields ----------------------------------------------------------------- */

struct ebuild {
	struct cv *v;
	struct cx_entry *e;
	size_t cap;
};

static struct cx_field *add_field(struct ebuild *b, enum cx_field_id id, cx_str text)
{
	struct cx_entry *e = b->e;
	if (e->nfields == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 16;
		e->fields = arena_grow(&b->v->a, e->fields, sizeof *e->fields, e->nfields, cap);
		b->cap = cap;
	}
	struct cx_field *f = &e->fields[e->nfields++];
	memset(f, 0, sizeof *f);
	f->id = id;
	f->name = S(cx_fields[id].bibtex, strlen(cx_fields[id].bibtex));
	f->raw = text;
	f->text = text;
	f->loc.line = e->loc.line;
	f->loc.col = 1;
	return f;
}

static void add_text(struct ebuild *b, enum cx_field_id id, cx_str s)
{
	struct cv *v = b->v;
	cx_str t = field_text(&v->a, s, v->latex && (id == CX_F_TITLE || id == CX_F_ABSTRACT));
	if (!t.n)
		return;
	struct cx_field *f = add_field(b, id, t);
	if (v->latex)
		f->raw = plain(&v->a, s);
}

static void add_cstr(struct ebuild *b, enum cx_field_id id, const char *s)
{
	add_field(b, id, arena_str(&b->v->a, s, strlen(s)));
}

struct venue_out {
	cx_str name, acronym, school, note, status_note, arxiv, doi, url, volume, number, pages;
	int year, month, day;
	enum venue_kind kind;
	int status;        /* 0 published, 1 submitted, 2 in submission/review, 3 to appear */
	int preprint;
	int report;        /* a technical report: institution in school, number */
};

/* Remove [s+i, s+i+len) from a mutable copy. */
static void cut(char *s, size_t *n, size_t i, size_t len)
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
static void take_ids(struct cv *v, char *s, size_t *n, struct venue_out *o)
{
	for (size_t i = 0; i < *n; i++) {
		if ((unsigned char)s[i] != CX_M_URL_ON)
			continue;
		char *e = memchr(s + i, CX_M_URL_OFF, *n - i);
		size_t end = e ? (size_t)(e - s) + 1 : *n;
		cx_str u = trim(S(s + i + 1, end - i - 1 - (e ? 1 : 0)));
		long a;
		if ((a = find_ci(u, "arxiv.org/abs/", 0)) >= 0 || (a = find_ci(u, "arxiv.org/pdf/", 0)) >= 0) {
			cx_str id = S(u.p + a + 14, u.n - (size_t)a - 14);
			if (id.n > 4 && !memcmp(id.p + id.n - 4, ".pdf", 4))
				id.n -= 4;
			if (!o->arxiv.n && is_arxiv_id(id))
				o->arxiv = arena_str(&v->a, id.p, id.n);
		} else if ((a = find_ci(u, "doi.org/", 0)) >= 0) {
			if (!o->doi.n)
				o->doi = arena_str(&v->a, u.p + a + 8, u.n - (size_t)a - 8);
		} else if (!o->url.n) {
			o->url = arena_str(&v->a, u.p, u.n);
		}
		cut(s, n, i, end - i);
		i--;
	}
	cx_str all = S(s, *n);
	long d;
	while ((d = find_ci(all, "10.", 0)) >= 0) {
		/* d counts from all.p, which moves past each non-DOI "10.". */
		size_t i = (size_t)(all.p - s) + (size_t)d;
		if (i && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')) {
			/* not a DOI start; look further */
			all = S(s + i + 3, *n - i - 3);
			if (all.p >= s + *n)
				break;
			d = find_ci(all, "10.", 0);
			if (d < 0)
				break;
			i = (size_t)(all.p - s) + (size_t)d;
			if (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')
				break;
		}
		size_t j = i + 3;
		while (j < *n && isdigit((unsigned char)s[j]))
			j++;
		if (j - i < 7 || j >= *n || s[j] != '/') {
			all = S(s + j, *n - j);
			if (!all.n)
				break;
			continue;
		}
		while (j < *n && is_doi_char((unsigned char)s[j]))
			j++;
		while (j > i && strchr(".;)", s[j - 1]))
			j--;
		if (!o->doi.n)
			o->doi = arena_str(&v->a, s + i, j - i);
		size_t b = i;
		cx_str pre = S(s, b);
		long dp = -1;
		if (b >= 4 && ieqn(s + b - 4, "doi:", 4))
			dp = (long)b - 4;
		else if (b >= 5 && ieqn(s + b - 5, "doi: ", 5))
			dp = (long)b - 5;
		(void)pre;
		if (dp >= 0)
			b = (size_t)dp;
		cut(s, n, b, j - b);
		all = S(s, *n);
	}
	/* arXiv ids: "arXiv:2408.08586", "abs/2305.18461", "(2408.08586)" */
	for (size_t i = 0; i + 9 <= *n; i++) {
		if (!isdigit((unsigned char)s[i]) || (i && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')))
			continue;
		size_t j = i;
		while (j < *n && (isdigit((unsigned char)s[j]) || s[j] == '.' || s[j] == 'v'))
			j++;
		while (j > i && (s[j - 1] == '.' || s[j - 1] == 'v'))
			j--;
		cx_str id = S(s + i, j - i);
		if (!is_arxiv_id(id))
			continue;
		int ctx = find_ci(S(s, *n), "arxiv", 0) >= 0 || find_ci(S(s, *n), "corr", 1) >= 0;
		if (!ctx)
			continue;
		if (!o->arxiv.n)
			o->arxiv = arena_str(&v->a, id.p, id.n);
		size_t b = i;
		if (b >= 6 && ieqn(s + b - 6, "arxiv:", 6))
			b -= 6;
		else if (b >= 4 && ieqn(s + b - 4, "abs/", 4))
			b -= 4;
		size_t e = j;
		if (b && s[b - 1] == '(' && e < *n && s[e] == ')')
			b--, e++;
		cut(s, n, b, e - b);
		i = b;
	}
}

static int award_words(cx_str t)
{
	static const char *const w[] = {"award", "best", "prize", "honorable", "honourable",
	                                "outstanding", "oral", "spotlight", "distinguished",
	                                "nominee", "nomination", "finalist", "highlight", "winner",
	                                "acceptance rate", "selected", "invited", "featured",
	                                "runner-up", "candidate", NULL};
	for (size_t i = 0; w[i]; i++)
		if (find_ci(t, w[i], 0) >= 0)
			return 1;
	return 0;
}

/* Rank labels: CCF-A, CCF A, CORE A*, CORE B, "Rank A*", "SCI Q1", JCR Q1. */
static size_t rank_at(const char *s, size_t n, size_t i)
{
	static const char *const pre[] = {"CCF-", "CCF ", "CORE ", "CORE-", "Rank ", "JCR Q", "SCI Q",
	                                  "CAS Q", "THCPL "};
	for (size_t k = 0; k < sizeof pre / sizeof *pre; k++) {
		size_t l = strlen(pre[k]);
		if (i + l < n && !memcmp(s + i, pre[k], l) && (!i || !isalnum((unsigned char)s[i - 1]))) {
			size_t j = i + l;
			if (pre[k][l - 1] == 'Q') {
				if (!isdigit((unsigned char)s[j]))
					continue;
				j++;
			} else {
				if (!strchr("ABC", s[j]))
					continue;
				j++;
				if (j < n && s[j] == '*')
					j++;
				if (j < n && isalnum((unsigned char)s[j]))
					continue;
			}
			return j - i;
		}
	}
	return 0;
}

static void add_note(struct cv *v, cx_str *note, cx_str t)
{
	t = trim_punct(t, ",;|-");
	if (t.n)
		*note = cat(&v->a, *note, "; ", t);
}

/* Read a venue string (and an item's loose extras) into fields. */
static void read_venue(struct cv *v, cx_str venue_in, struct venue_out *o)
{
	size_t n = venue_in.n;
	char *s = arena_alloc(&v->a, n + 1);
	if (n)
		memcpy(s, venue_in.p, n);
	s[n] = 0;
	take_ids(v, s, &n, o);
	/* markup is layout here */
	cx_str pv = plain(&v->a, S(s, n));
	n = pv.n;
	s = arena_alloc(&v->a, n + 1);
	memcpy(s, pv.p, n);
	s[n] = 0;
	/* link labels */
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '[')
			continue;
		char *e = memchr(s + i, ']', n - i);
		if (e && is_label(s + i + 1, (size_t)(e - s - i - 1))) {
			cut(s, &n, i, (size_t)(e - s) + 1 - i);
			i--;
		}
	}
	/* rank labels and parenthesised awards go to the note */
	for (size_t i = 0; i < n; i++) {
		size_t l = rank_at(s, n, i);
		if (l) {
			add_note(v, &o->note, S(arena_strndup(&v->a, s + i, l), l));
			cut(s, &n, i, l);
			i--;
			continue;
		}
		if (s[i] == '(') {
			char *e = memchr(s + i, ')', n - i);
			if (!e)
				continue;
			cx_str in = S(s + i + 1, (size_t)(e - s - i - 1));
			if (award_words(in)) {
				add_note(v, &o->note, S(arena_strndup(&v->a, in.p, in.n), in.n));
				cut(s, &n, i, (size_t)(e - s) + 1 - i);
				i--;
			}
		}
	}
	/* comma-separated award segments ("Best Paper Award") */
	cx_str rest = S(s, n);
	cx_str keep = S("", 0);
	for (size_t b = 0, i = 0; i <= rest.n; i++) {
		if (i < rest.n && rest.p[i] != ',' && rest.p[i] != ';')
			continue;
		cx_str seg = trim(S(rest.p + b, i - b));
		if (seg.n && award_words(seg) && !venue_words(seg) && !find_year(seg, NULL))
			add_note(v, &o->note, seg);
		else if (seg.n)
			keep = cat(&v->a, keep, ", ", seg);
		b = i + 1;
	}
	cx_str t = trim_punct(keep, ",.;|-");
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
		long a = find_ci(t, st[k].w, 1);
		if (a < 0)
			continue;
		size_t l = strlen(st[k].w);
		char *c = arena_strndup(&v->a, t.p, t.n);
		size_t cn = t.n;
		cut(c, &cn, (size_t)a, l);
		t = trim_punct(S(c, cn), ",.;|-:");
		o->status = st[k].st;
		if (st[k].note)
			o->status_note = arena_str(&v->a, st[k].note, strlen(st[k].note));
		break;
	}
	/* arXiv / preprint servers */
	if (has_ci(t, "arxiv") || has_ci(t, "corr") || has_ci(t, "preprint") || has_ci(t, "biorxiv") ||
	    has_ci(t, "medrxiv") || has_ci(t, "ssrn") || o->arxiv.n) {
		int journalish = has_ci(t, "journal") || has_ci(t, "transactions") || has_ci(t, "conference");
		if (!journalish || !t.n)
			o->preprint = 1;
	}
	/* volume, number, pages */
	static const struct {
		const char *w;
		int which;
	} vp[] = {{"vol.", 0}, {"vol", 0}, {"volume", 0}, {"no.", 1}, {"issue", 1}, {"nr.", 1},
	          {"pp.", 2}, {"pages", 2}, {"p.", 2}, {"article", 3}};
	char *c = arena_strndup(&v->a, t.p, t.n);
	size_t cn = t.n;
	for (size_t k = 0; k < sizeof vp / sizeof *vp; k++) {
		long a = find_ci(S(c, cn), vp[k].w, !strchr(vp[k].w, '.'));
		if (a < 0)
			continue;
		size_t j = (size_t)a + strlen(vp[k].w);
		while (j < cn && (c[j] == ' ' || c[j] == ':'))
			j++;
		size_t b = j;
		while (j < cn && (isalnum((unsigned char)c[j]) || c[j] == '-' ||
		                  ((unsigned char)c[j] == 0xE2 && j + 2 < cn)))
			j += (unsigned char)c[j] == 0xE2 ? 3 : 1;
		if (j == b || !isdigit((unsigned char)c[b]))
			continue;
		cx_str val = S(arena_strndup(&v->a, c + b, j - b), j - b);
		if (vp[k].which == 0 && !o->volume.n)
			o->volume = val;
		else if (vp[k].which == 1 && !o->number.n)
			o->number = val;
		else if (vp[k].which == 2 && !o->pages.n)
			o->pages = val;
		else if (vp[k].which == 3 && !o->number.n)
			o->number = val;
		cut(c, &cn, (size_t)a, j - (size_t)a);
	}
	/* 12(3):45-67 or 12(3), 45-67 or 12:1-20 */
	for (size_t i = 0; i < cn; i++) {
		if (!isdigit((unsigned char)c[i]) || (i && (isalnum((unsigned char)c[i - 1]) || c[i - 1] == '\'')))
			continue;
		size_t j = i;
		while (j < cn && isdigit((unsigned char)c[j]))
			j++;
		size_t ve = j, nb = 0, ne = 0;
		if (j < cn && c[j] == '(') {
			nb = j + 1;
			ne = nb;
			while (ne < cn && isalnum((unsigned char)c[ne]))
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
		if (k < cn && c[k] == 'e' && k + 1 < cn && isdigit((unsigned char)c[k + 1]))
			k++; /* e02567: an article number */
		while (k < cn && (isdigit((unsigned char)c[k]) || c[k] == '-' ||
		                  ((unsigned char)c[k] == 0xE2 && k + 2 < cn && (unsigned char)c[k + 1] == 0x80 &&
		                   (unsigned char)c[k + 2] == 0x93)))
			k += (unsigned char)c[k] == 0xE2 ? 3 : 1;
		int has_pages = k > pb && (memchr(c + pb, '-', k - pb) || memchr(c + pb, '\xE2', k - pb) ||
		                           (c[pb] == 'e' && k > pb + 1));
		if (!nb && !has_pages)
			continue;
		if (!nb && c[j] != ':' && !(c[j] == ',' && memchr(c + pb, '-', k - pb)))
			continue;
		if (year_at(c, cn, i) && !nb)
			continue;
		if (!o->volume.n)
			o->volume = S(arena_strndup(&v->a, c + i, ve - i), ve - i);
		if (nb && !o->number.n)
			o->number = S(arena_strndup(&v->a, c + nb, ne - nb), ne - nb);
		if (has_pages && !o->pages.n)
			o->pages = S(arena_strndup(&v->a, c + pb, k - pb), k - pb);
		cut(c, &cn, i, (has_pages ? k : j) - i);
		break;
	}
	/* DBLP and others: "...: 322-337" or ", 322-337" at the end */
	if (!o->pages.n) {
		size_t e = cn;
		while (e && (c[e - 1] == '.' || c[e - 1] == ' '))
			e--;
		size_t b = e;
		while (b && (isdigit((unsigned char)c[b - 1]) || c[b - 1] == '-'))
			b--;
		const char *dash = b < e ? memchr(c + b, '-', e - b) : NULL;
		if (dash && dash > c + b && dash + 1 < c + e && b >= 2 && (c[b - 1] == ' ') &&
		    (c[b - 2] == ':' || c[b - 2] == ',') && !(year_at(c, cn, b) && year_at(c, cn, (size_t)(dash - c) + 1))) {
			o->pages = S(arena_strndup(&v->a, c + b, e - b), e - b);
			cut(c, &cn, b - 2, e - b + 2);
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
	t = trim_punct(S(c, cn), ",.;:|-");
	/* a month before the year */
	size_t yat = 0;
	int y = find_year(t, &yat);
	if (y) {
		o->year = y;
		size_t b = yat;
		while (b && (t.p[b - 1] == ' ' || t.p[b - 1] == ','))
			b--;
		if (b && t.p[b - 1] == '.')
			b--;
		size_t mb = b;
		while (mb && isalpha((unsigned char)t.p[mb - 1]))
			mb--;
		int m = 0;
		if (mb < b && month_at(t.p + mb, b - mb, &m) == b - mb)
			o->month = m;
		else
			mb = yat;
		/* drop the year (and month) unless it is part of a name ("SC 2023" keeps
		 * its year inside a name only when followed by more words) */
		char *cc = arena_strndup(&v->a, t.p, t.n);
		size_t ccn = t.n;
		size_t ye = yat + 4;
		if (ye < ccn && isalpha((unsigned char)cc[ye]))
			ye++; /* 2020a */
		cut(cc, &ccn, mb, ye - mb);
		t = trim_punct(S(cc, ccn), ",.;:|-");
		/* "(  )" left behind */
		if (t.n >= 2 && !memcmp(t.p + t.n - 2, "()", 2))
			t = trim_punct(S(t.p, t.n - 2), ",.;:|-");
	}
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
		long a = find_ci(t, th[k].w, 0);
		if (a < 0)
			continue;
		char *cc = arena_strndup(&v->a, t.p, t.n);
		size_t ccn = t.n;
		cut(cc, &ccn, (size_t)a, strlen(th[k].w));
		o->school = trim_punct(S(cc, ccn), ",.;:|-");
		o->kind = VENUE_THESIS;
		o->preprint = th[k].masters; /* reused: 1 master's, 2 bachelor's */
		o->name = S("", 0);
		return;
	}
	/* technical reports: "Technical Report MSR-TR-2021-12, Microsoft Research" */
	static const char *const tr[] = {"technical report", "tech. report", "tech. rep.", "tech report",
	                                 "tech. rep", NULL};
	for (size_t k = 0; tr[k]; k++) {
		long a = find_ci(t, tr[k], 0);
		if (a < 0)
			continue;
		cx_str trest = trim_punct(S(t.p + a + strlen(tr[k]), t.n - (size_t)a - strlen(tr[k])), ",.;: ");
		cx_str pre = trim_punct(S(t.p, (size_t)a), ",.;: ");
		size_t w = 0;
		while (w < trest.n && !is_sp((unsigned char)trest.p[w]) && trest.p[w] != ',')
			w++;
		int has_digit = 0;
		for (size_t i = 0; i < w; i++)
			has_digit |= isdigit((unsigned char)trest.p[i]) != 0;
		if (has_digit || (w && w < 20 && (trest.p[w - 1] != '.' && isupper((unsigned char)trest.p[0]) &&
		                                 memchr(trest.p, '-', w)))) {
			o->number = S(trest.p, w);
			trest = trim_punct(S(trest.p + w, trest.n - w), ",.;: ");
		}
		o->school = pre.n ? cat(&v->a, pre, ", ", trest) : trest;
		o->report = 1;
		return;
	}
	/* "Nature Communications 14, 1234": volume and article number */
	if (!o->volume.n) {
		size_t e = t.n, b;
		while (e && isdigit((unsigned char)t.p[e - 1]))
			e--;
		b = e;
		if (b < t.n && b >= 4 && t.p[b - 1] == ' ' && t.p[b - 2] == ',' && isdigit((unsigned char)t.p[b - 3])) {
			size_t vb = b - 2;
			while (vb && isdigit((unsigned char)t.p[vb - 1]))
				vb--;
			if (vb && t.p[vb - 1] == ' ' && !year_at(t.p, t.n, vb)) {
				o->volume = S(t.p + vb, b - 2 - vb);
				o->pages = S(t.p + b, t.n - b);
				t = trim_punct(S(t.p, vb), ",.;: ");
			}
		}
	}
	int sy = find_short_year(t);
	struct venue_info vi;
	memset(&vi, 0, sizeof vi);
	if (t.n && venue_parse(&v->a, t.p, t.n, &vi) == 0) {
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
		if (vi.row && !(v->c->opt && v->c->opt->venues == CX_VENUES_KEEP)) {
			o->name = arena_str(&v->a, vi.row->name, strlen(vi.row->name));
			o->acronym = arena_str(&v->a, vi.row->acronym, strlen(vi.row->acronym));
			o->kind = vi.row->kind;
			cx_str rem = trim_punct(vi.remainder, ",.;:|-()");
			if (rem.n && (award_words(rem) || rank_at(rem.p, rem.n, 0)))
				add_note(v, &o->note, rem);
			return;
		}
		o->kind = vi.kind;
		o->acronym = vi.acronym;
		if (vi.name.n)
			o->name = vi.name;
	} else if (!o->year)
		o->year = sy;
	if (!o->name.n) {
		/* "ACR '25 | Full Name": keep the written full name */
		const char *bar = memchr(t.p, '|', t.n);
		if (bar) {
			cx_str l = trim(S(t.p, (size_t)(bar - t.p))), r = trim(S(bar + 1, (size_t)(t.p + t.n - bar - 1)));
			o->name = l.n > r.n ? l : r;
		} else
			o->name = t;
		/* strip a trailing 'YY and a "(ACR 'YY)" left in the name */
		cx_str nm = o->name;
		long q;
		while ((q = find_ci(nm, "'", 0)) >= 0 && (size_t)q + 3 <= nm.n &&
		       isdigit((unsigned char)nm.p[q + 1]) && isdigit((unsigned char)nm.p[q + 2])) {
			char *cc = arena_strndup(&v->a, nm.p, nm.n);
			size_t ccn = nm.n;
			size_t b = (size_t)q;
			while (b && cc[b - 1] == ' ')
				b--;
			cut(cc, &ccn, b, (size_t)q + 3 - b);
			nm = S(cc, ccn);
		}
		nm = trim_punct(nm, ",.;:|-");
		if (nm.n >= 2 && !memcmp(nm.p + nm.n - 2, "()", 2))
			nm = trim_punct(S(nm.p, nm.n - 2), ",.;:|- ");
		/* "Name (ACR)": the parenthetical acronym */
		if (nm.n > 3 && nm.p[nm.n - 1] == ')') {
			const char *op = nm.p + nm.n - 1;
			while (op > nm.p && *op != '(')
				op--;
			if (op > nm.p) {
				cx_str in = trim(S(op + 1, (size_t)(nm.p + nm.n - op - 2)));
				if (in.n && in.n < 16 && !o->acronym.n)
					o->acronym = in;
				nm = trim(S(nm.p, (size_t)(op - nm.p)));
			}
		}
		o->name = nm;
	}
	if (o->kind == VENUE_UNKNOWN) {
		/* no table row: the words decide; the section title and a volume
		 * number decide after them (build_entry) */
		cx_str nm = o->name;
		if (o->preprint)
			o->kind = VENUE_PREPRINT;
		else if (has_ci(nm, "workshop"))
			o->kind = VENUE_WORKSHOP;
		else if (has_ci(nm, "journal") || has_ci(nm, "transactions") || has_ci(nm, "letters") ||
		         has_ci(nm, "magazine") || has_ci(nm, "review") || has_ci(nm, "trans.") ||
		         has_ci(nm, "j.") || find_ci(nm, "\xE8\xAB\x96\xE6\x96\x87\xE8\xAA\x8C", 0) >= 0 ||
		         find_ci(nm, "\xE5\xAD\xA6\xE6\x8A\xA5", 0) >= 0 ||
		         find_ci(nm, "\xE6\x9C\x9F\xE5\x88\x8A", 0) >= 0)
			o->kind = VENUE_JOURNAL;
		else if (has_ci(nm, "conference") || has_ci(nm, "proceedings") || has_ci(nm, "proc.") ||
		         has_ci(nm, "symposium") || has_ci(nm, "meeting") || has_ci(nm, "congress") ||
		         find_short_year(venue_in))
			o->kind = VENUE_CONFERENCE;
	}
}

/* ---- keys -------------------------------------------------------------------- */

static size_t str_hash(const char *k)
{
	size_t h = 1469598103934665603u;
	while (*k)
		h = (h ^ (unsigned char)*k++) * 1099511628211u;
	return h;
}

/* ASCII letters and digits of s, lower-cased, accents stripped. */
static size_t ascii_fold(cx_str s, char *out, size_t cap, int stop_at_space)
{
	utf8proc_uint8_t *m = NULL;
	size_t k = 0;
	int ascii = 1;
	for (size_t i = 0; i < s.n && ascii; i++)
		ascii = (unsigned char)s.p[i] < 0x80;
	utf8proc_ssize_t r = ascii ? -1 : utf8proc_map((const utf8proc_uint8_t *)s.p, (utf8proc_ssize_t)s.n, &m,
	                                  UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD |
	                                  UTF8PROC_COMPAT);
	const char *p = r >= 0 ? (const char *)m : s.p;
	size_t n = r >= 0 ? (size_t)r : s.n;
	for (size_t i = 0; i < n && k + 1 < cap; i++) {
		unsigned char c = (unsigned char)p[i];
		if (stop_at_space && k && (is_sp(c) || c == '-' || c == ':'))
			break;
		if (isalnum(c))
			out[k++] = (char)tolower(c);
		else if (c == 0xC3 && i + 1 < n && (unsigned char)p[i + 1] == 0x9F && k + 2 < cap)
			out[k++] = 's', out[k++] = 's', i++; /* sz */
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xB8))
			out[k++] = 'o', i++;
		else if (c == 0xC3 && i + 1 < n && ((unsigned char)p[i + 1] == 0xA6) && k + 2 < cap)
			out[k++] = 'a', out[k++] = 'e', i++; /* two letters: only with room for both */
		else if (c == 0xC5 && i + 1 < n && ((unsigned char)p[i + 1] == 0x82))
			out[k++] = 'l', i++;
	}
	out[k] = 0;
	free(m);
	return k;
}

/* Keys come from the one key generator, with its default pattern
 * (zhao2025forestcoll).  They stay unique across every input of one run
 * (the README's main job converts all the seeds to one .bib), so the
 * generator outlives one read. */
static struct keygen *cv_keys;

static void make_key(struct cx_entry *e)
{
	if (!cv_keys)
		cv_keys = keygen_new(NULL, NULL);
	keygen_apply(cv_keys, e);
}

void cv_forget_keys(void)
{
	keygen_free(cv_keys);
	cv_keys = NULL;
}

/* ---- entries ------------------------------------------------------------------ */

static cx_str name_bibtex(struct arena *a, const struct cx_name *n)
{
	if (n->others)
		return CX_STR("others");
	if (n->literal.n) {
		cx_str o = cat(a, CX_STR("{"), "", n->literal);
		return cat(a, o, "", CX_STR("}"));
	}
	cx_str f = n->particle.n ? cat(a, n->particle, " ", n->family) : n->family;
	if (n->suffix.n)
		f = cat(a, f, ", ", n->suffix);
	return n->given.n ? cat(a, f, ", ", n->given) : f;
}

static cx_str name_display(struct arena *a, const struct cx_name *n)
{
	if (n->literal.n)
		return n->literal;
	cx_str f = n->particle.n ? cat(a, n->particle, " ", n->family) : n->family;
	return n->given.n ? cat(a, n->given, " ", f) : f;
}

static void owner_name(struct cv *v, struct cx_name *out, unsigned line)
{
	memset(out, 0, sizeof *out);
	if (v->owner.n) {
		au_split(&v->a, v->owner, memchr(v->owner.p, ',', v->owner.n) != NULL, 0, out);
		return;
	}
	out->literal = CX_STR("[owner]");
	if (!v->owner_warned) {
		v_diag(v, CX_WARNING, CX_E_VALUE, line,
		        "an author list leaves out the page owner's name and the owner is unknown; "
		        "\"[owner]\" stands in (give --owner \"Given Family\")");
		v->owner_warned = 1;
	}
}

/* Authors: the grammar, then names, owner slots and equal contribution. */
static void add_authors(struct ebuild *b, const struct cv_raw *r, cx_str authors, cx_str *note)
{
	struct cv *v = b->v;
	struct au_list L;
	memset(&L, 0, sizeof L);
	cx_str a = trim_punct(plain(&v->a, authors), ",;.");
	/* keep bold marks: they tell the owner */
	cx_str marked = trim(authors);
	if (marked.n && au_parse(&v->a, marked.p, marked.n, &L))
		au_parse(&v->a, a.p, a.n, &L);
	size_t cap = 2 * L.n + 1; /* "X et al." adds a name */
	struct cx_name *names = arena_calloc(&v->a, cap * sizeof *names);
	size_t nn = 0;
	cx_str eq = S("", 0);
	int neq = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct au_name *an = &L.v[i];
		struct cx_name *nm = &names[nn];
		if (an->empty) {
			owner_name(v, nm, r->line);
		} else if (an->text.n) {
			cx_str t = an->text;
			au_split(&v->a, t, an->family_first, L.vancouver, nm);
			if (v->latex) {
				/* names came through latex_decode: drop case protection */
				nm->family = field_text(&v->a, nm->family, 0);
				nm->given = field_text(&v->a, nm->given, 0);
			} else {
				nm->family = field_text(&v->a, nm->family, 0);
				nm->given = field_text(&v->a, nm->given, 0);
				if (nm->particle.n)
					nm->particle = field_text(&v->a, nm->particle, 0);
				if (nm->literal.n)
					nm->literal = field_text(&v->a, nm->literal, 0);
			}
		} else if (an->others) {
			nm->others = 1;
			nn++;
			continue;
		} else
			continue;
		if (an->equal) {
			nm->equal = 1;
			eq = cat(&v->a, eq, ", ", name_display(&v->a, nm));
			neq++;
		}
		nn++;
		if (an->others && an->text.n) { /* "Qinyu Xu et al." */
			names[nn].others = 1;
			nn++;
		}
	}
	if (!nn) {
		owner_name(v, &names[0], r->line);
		nn = 1;
	}
	cx_str raw = S("", 0);
	for (size_t i = 0; i < nn; i++)
		raw = cat(&v->a, raw, " and ", name_bibtex(&v->a, &names[i]));
	struct cx_field *f = add_field(b, CX_F_AUTHOR, raw);
	f->names = names;
	f->nnames = nn;
	if (neq)
		*note = cat(&v->a, *note, "; ", cat(&v->a, CX_STR("Equal contribution:"), " ", eq));
}

static void add_int(struct ebuild *b, enum cx_field_id id, int val)
{
	char t[16];
	snprintf(t, sizeof t, "%d", val);
	add_cstr(b, id, t);
}

static cx_str clean_title(struct cv *v, cx_str t)
{
	cx_str p = t;
	/* link labels and a trailing dash the page put after the title */
	char *s = arena_strndup(&v->a, p.p, p.n);
	size_t n = p.n;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '[')
			continue;
		char *e = memchr(s + i, ']', n - i);
		if (e && is_label(s + i + 1, (size_t)(e - s - i - 1))) {
			cut(s, &n, i, (size_t)(e - s) + 1 - i);
			i--;
		}
	}
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)s[i] != CX_M_URL_ON)
			continue;
		char *e = memchr(s + i, CX_M_URL_OFF, n - i);
		size_t end = e ? (size_t)(e - s) + 1 : n;
		cut(s, &n, i, end - i);
		i--;
	}
	cx_str r = trim_punct(S(s, n), ",.-|");
	/* a title in quotes: "Title" or curly quotes */
	cx_str q = plain(&v->a, r);
	if (q.n > 2 && q.p[0] == '"' && q.p[q.n - 1] == '"')
		r = trim_punct(S(q.p + 1, q.n - 2), ",.");
	else if (q.n > 6 && !memcmp(q.p, "\xE2\x80\x9C", 3) && !memcmp(q.p + q.n - 3, "\xE2\x80\x9D", 3))
		r = trim_punct(S(q.p + 3, q.n - 6), ",.");
	return r;
}

static void build_entry(struct cv *v, struct cv_raw *r)
{
	struct cx_entry *e = arena_calloc(&v->a, sizeof *e);
	struct ebuild b = {v, e, 0};
	e->kind = CX_E_ENTRY;
	e->loc.line = r->line;
	e->loc.col = 1;
	e->file = v->c->file;
	e->source = "cv";
	cx_str title = r->title, authors = r->authors, venue = r->venue;
	/* "[OSDI '24] Title": a venue tag in front of the title */
	{
		cx_str pt = trim(plain(&v->a, title));
		const char *rb = pt.n && pt.p[0] == '[' ? memchr(pt.p, ']', pt.n) : NULL;
		if (rb) {
			cx_str tag = S(pt.p + 1, (size_t)(rb - pt.p - 1));
			if (!is_label(tag.p, tag.n) && venue_score(v, tag)) {
				if (!venue.n)
					venue = tag;
				title = trim(S(rb + 1, (size_t)(pt.p + pt.n - rb - 1)));
			}
		}
	}
	if (r->cite.n && !title.n) {
		/* re-parse (the grouper parsed into a scratch copy) */
		struct cv_raw t;
		memset(&t, 0, sizeof t);
		parse_citation(v, r->cite, &t);
		title = t.title, authors = t.authors, venue = t.venue;
		if (!r->date.n)
			r->date = t.date;
	}
	struct venue_out o;
	memset(&o, 0, sizeof o);
	/* identifiers may sit anywhere in the item */
	cx_str all = cat(&v->a, cat(&v->a, venue, " ", r->extra), " ", cat(&v->a, title, " ", authors));
	{
		char *s = arena_strndup(&v->a, all.p, all.n);
		size_t n = all.n;
		take_ids(v, s, &n, &o);
	}
	cx_str vtext = venue;
	/* extras: awards and labels; a second venue line joins the venue */
	cx_str extra_note = S("", 0);
	if (r->extra.n) {
		cx_str ex = plain(&v->a, r->extra);
		if (links_only(r->extra))
			;
		else if (venue.n && (award_words(ex) || rank_at(ex.p, ex.n, 0)))
			extra_note = r->extra;
		else
			vtext = cat(&v->a, vtext, ", ", r->extra);
	}
	if (extra_note.n)
		vtext = cat(&v->a, vtext, ", ", extra_note);
	read_venue(v, vtext, &o);
	if (r->date.n) {
		struct ymd d;
		if (date_line(r->date, &d)) {
			o.year = d.y;
			o.month = d.m;
			o.day = d.d;
		} else if (find_year(r->date, NULL))
			o.year = find_year(r->date, NULL);
	}
	/* a new-style arXiv id tells the year and month it was posted */
	if (!o.year && o.arxiv.n >= 9 && o.arxiv.p[4] == '.' && isdigit((unsigned char)o.arxiv.p[0])) {
		o.year = 2000 + (o.arxiv.p[0] - '0') * 10 + (o.arxiv.p[1] - '0');
		if (!o.month)
			o.month = (o.arxiv.p[2] - '0') * 10 + (o.arxiv.p[3] - '0');
		if (o.month < 1 || o.month > 12)
			o.month = 0;
	}
	/* type */
	enum cx_type_id type;
	enum venue_kind kind = o.kind;
	if (kind == VENUE_UNKNOWN) {
		if (r->hint == H_JOURNAL)
			kind = VENUE_JOURNAL;
		else if (r->hint == H_CONFERENCE || r->hint == H_WORKSHOP)
			kind = VENUE_CONFERENCE;
		else if (r->hint == H_THESIS)
			kind = VENUE_THESIS;
		else if (r->hint == H_PREPRINT && !o.name.n)
			kind = VENUE_PREPRINT;
		else if (o.volume.n)
			kind = VENUE_JOURNAL;
		else if (o.name.n)
			kind = VENUE_CONFERENCE;
	}
	if (o.report)
		type = CX_T_TECHREPORT;
	else if (kind == VENUE_THESIS)
		type = o.preprint == 1 ? CX_T_MASTERSTHESIS : CX_T_PHDTHESIS;
	else if (o.preprint || kind == VENUE_PREPRINT)
		type = CX_T_MISC;
	else if (o.status == 1 || o.status == 2)
		type = CX_T_UNPUBLISHED;
	else if (kind == VENUE_JOURNAL)
		type = CX_T_ARTICLE;
	else if (kind == VENUE_CONFERENCE || kind == VENUE_WORKSHOP)
		type = CX_T_INPROCEEDINGS;
	else
		type = CX_T_MISC;
	e->type = type;
	const char *tn = cx_types[type].bibtex;
	e->type_name = S(tn, strlen(tn));

	cx_str note = S("", 0);
	add_authors(&b, r, authors, &note);
	add_text(&b, CX_F_TITLE, clean_title(v, title));
	cx_str full = o.name, acr = o.acronym;
	if (type == CX_T_ARTICLE && full.n)
		add_text(&b, CX_F_JOURNAL, full);
	else if (type == CX_T_INPROCEEDINGS && full.n)
		add_text(&b, CX_F_BOOKTITLE, full);
	else if ((type == CX_T_PHDTHESIS || type == CX_T_MASTERSTHESIS) && o.school.n)
		add_text(&b, CX_F_SCHOOL, o.school);
	else if (type == CX_T_TECHREPORT && o.school.n)
		add_text(&b, CX_F_INSTITUTION, o.school);
	else if (type == CX_T_MISC && o.preprint && !o.arxiv.n && full.n)
		add_text(&b, CX_F_HOWPUBLISHED, full);
	if ((type == CX_T_ARTICLE || type == CX_T_INPROCEEDINGS) && acr.n &&
	    !(acr.n == full.n && !memcmp(acr.p, full.p, acr.n)))
		add_text(&b, CX_F_SHORTJOURNAL, acr);
	if (o.year)
		add_int(&b, CX_F_YEAR, o.year);
	if (o.month && o.year)
		add_cstr(&b, CX_F_MONTH, (const char *[]){"jan", "feb", "mar", "apr", "may", "jun", "jul",
		                                          "aug", "sep", "oct", "nov", "dec"}[o.month - 1]);
	if (o.day && o.month && o.year)
		add_int(&b, CX_F_DAY, o.day);
	if (type == CX_T_TECHREPORT && o.number.n)
		add_text(&b, CX_F_NUMBER, o.number);
	if (type == CX_T_ARTICLE || type == CX_T_INPROCEEDINGS) {
		if (o.volume.n)
			add_text(&b, CX_F_VOLUME, o.volume);
		if (o.number.n)
			add_text(&b, CX_F_NUMBER, o.number);
		if (o.pages.n) {
			/* 12-34 and 12–34 become BibTeX's 12--34 */
			cx_str p = o.pages;
			char *q = arena_alloc(&v->a, 3 * p.n + 1);
			size_t k = 0;
			for (size_t i = 0; i < p.n; i++) {
				if (p.p[i] == '-' && i + 1 < p.n && p.p[i + 1] == '-')
					continue;
				if (((unsigned char)p.p[i] == 0xE2 && i + 2 < p.n) || p.p[i] == '-') {
					/* the model holds an en dash, as latex_decode makes of -- */
					q[k++] = (char)0xE2, q[k++] = (char)0x80, q[k++] = (char)0x93;
					if (p.p[i] != '-')
						i += 2;
				} else
					q[k++] = p.p[i];
			}
			add_field(&b, CX_F_PAGES, S(q, k));
		}
	}
	if (o.doi.n)
		add_field(&b, CX_F_DOI, o.doi);
	if (o.url.n)
		add_field(&b, CX_F_URL, o.url);
	if (o.arxiv.n) {
		add_field(&b, CX_F_EPRINT, o.arxiv);
		add_cstr(&b, CX_F_EPRINTTYPE, "arXiv");
	}
	if (r->abstract.n) {
		cx_str ab = r->abstract;
		cx_str pa = plain(&v->a, ab);
		if (pa.n > 9 && ieqn(pa.p, "abstract", 8))
			ab = trim_punct(S(pa.p + 8, pa.n - 8), ":.-");
		add_text(&b, CX_F_ABSTRACT, ab);
	}
	/* note: status, awards and ranks, equal contribution */
	cx_str n2 = S("", 0);
	if (o.status == 1)
		n2 = cat(&v->a, CX_STR("Submitted to"), " ",
		         acr.n && full.n ? cat(&v->a, full, " ", cat(&v->a, CX_STR("("), "", cat(&v->a, acr, "", CX_STR(")"))))
		                         : full);
	else if (o.status_note.n && o.status == 2 && full.n && !o.preprint)
		n2 = cat(&v->a, o.status_note, " at ", full);
	else if (o.status_note.n)
		n2 = o.status_note;
	if (o.note.n)
		n2 = cat(&v->a, n2, "; ", o.note);
	if (note.n)
		n2 = cat(&v->a, n2, "; ", note);
	if (n2.n)
		add_text(&b, CX_F_NOTE, n2);
	if (v->nent == v->capent) {
		v->capent = v->capent ? v->capent * 2 : 32;
		v->ent = xrealloc(v->ent, v->capent * sizeof *v->ent);
	}
	v->ent[v->nent++] = e;
}

/* ---- duplicates ------------------------------------------------------------------ */

static size_t title_key(struct cv *v, const struct cx_entry *e, char *out, size_t cap)
{
	struct cx_field *t = cx_entry_get(e, CX_F_TITLE);
	if (!t)
		return 0;
	return ascii_fold(plain(&v->a, t->text), out, cap, 0);
}

static int rank_of(const struct cx_entry *e)
{
	switch (e->type) {
	case CX_T_ARTICLE:
	case CX_T_INPROCEEDINGS:
		return 3;
	case CX_T_PHDTHESIS:
	case CX_T_MASTERSTHESIS:
	case CX_T_TECHREPORT:
		return 3;
	case CX_T_UNPUBLISHED:
		return 1;
	default:
		return cx_entry_get(e, CX_F_EPRINT) ? 2 : 0;
	}
}

/* Keep one entry per title: the published form wins, and it takes the
 * identifiers only the other one had. */
static void dedupe(struct cv *v)
{
	char a[512];
	/* title keys once, then a hash table from key to the first entry */
	char **tk = arena_calloc(&v->a, (v->nent + 1) * sizeof *tk);
	size_t cap = 16;
	while (cap < 2 * v->nent + 2)
		cap *= 2;
	size_t *slot = arena_alloc(&v->a, cap * sizeof *slot);
	for (size_t i = 0; i < cap; i++)
		slot[i] = (size_t)-1;
	for (size_t j = 0; j < v->nent; j++) {
		if (!v->ent[j] || !title_key(v, v->ent[j], a, sizeof a))
			continue;
		tk[j] = arena_strndup(&v->a, a, strlen(a));
		size_t h = str_hash(a) & (cap - 1);
		while (slot[h] != (size_t)-1 && strcmp(tk[slot[h]], a))
			h = (h + 1) & (cap - 1);
		if (slot[h] == (size_t)-1) {
			slot[h] = j;
			continue;
		}
		size_t i = slot[h];
		{
			struct cx_entry *keep = v->ent[i], *drop = v->ent[j];
			if (rank_of(drop) > rank_of(keep)) {
				struct cx_entry *t = keep;
				keep = drop;
				drop = t;
				keep->loc = v->ent[i]->loc;
			}
			static const enum cx_field_id ids[] = {CX_F_DOI, CX_F_URL, CX_F_EPRINT,
			                                       CX_F_EPRINTTYPE, CX_F_ABSTRACT};
			struct ebuild eb = {v, keep, keep->nfields};
			for (size_t k = 0; k < sizeof ids / sizeof *ids; k++) {
				struct cx_field *f = cx_entry_get(drop, ids[k]);
				if (f && !cx_entry_get(keep, ids[k]))
					*add_field(&eb, ids[k], f->text) = *f;
			}
			v->ent[i] = keep;
			v->ent[j] = NULL;
		}
	}
}

/* ---- the reader ------------------------------------------------------------------- */

static int looks_html(const char *s, size_t n)
{
	static const char *const tags[] = {"<html", "<li", "<div", "<p>", "<p ", "<br", "<td",
	                                   "<h1", "<h2", "<h3", "<ul", "<ol", "<body", "<span",
	                                   "<!doctype", NULL};
	size_t hits = 0;
	cx_str t = S(s, n < 200000 ? n : 200000);
	for (size_t i = 0; tags[i]; i++)
		if (find_ci(t, tags[i], 0) >= 0)
			hits++;
	return hits >= 2;
}

static int looks_latex(const char *s, size_t n)
{
	cx_str t = S(s, n < 200000 ? n : 200000);
	return find_ci(t, "\\item", 0) >= 0 || find_ci(t, "\\section", 0) >= 0 ||
	       find_ci(t, "\\begin{", 0) >= 0 || find_ci(t, "\\documentclass", 0) >= 0;
}

static int cv_read(struct cx_reader_ctx *c, struct cx_input *in)
{
	struct cv v;
	memset(&v, 0, sizeof v);
	v.c = c;
	struct buf b = {0};
	int rc = read_all(&v, in, &b);
	if (rc) {
		buf_free(&b);
		return rc == -2 ? -1 : 0;
	}
	struct buf t = {0};
	const char *text = b.p ? b.p : "";
	size_t n = b.n;
	struct linemap lm = {0};
	if (!looks_html(text, n) && !looks_latex(text, n) && cv_refs_list(text, n)) {
		/* a bibliography, one reference a line: the labeller reads it */
		cv_refs_text(c, text, n);
		buf_free(&b);
		return 0;
	}
	if (looks_html(text, n)) {
		lm.lp = text;
		lm.ln = 1;
		html_to_text(text, n, &t, &lm);
		lm_track(&lm, &t, text + n);
		text = t.p ? t.p : "";
		n = t.n;
	} else if (looks_latex(text, n)) {
		/* LaTeX source: keep only the document body when there is one */
		long bd = find_ci(S(text, n), "\\begin{document}", 0);
		const char *s0 = bd >= 0 ? text + bd + 16 : text;
		/* line numbers: remember the source line of each output byte */
		lm.lp = text;
		lm.ln = 1;
		latex_to_text(s0, (size_t)(text + n - s0), &t, &lm);
		lm_track(&lm, &t, text + n);
		text = t.p ? t.p : "";
		n = t.n;
		v.latex = 1;
	}
	build_lines(&v, text, n, lm.n ? lm.v : NULL, lm.n);
	/* The owner helps tell a one-name author line from a title, so the
	 * name at the top is looked for first; a bold name that recurs in the
	 * items found wins afterwards. */
	detect_owner(&v);
	segment(&v);
	if (!v.owner_from_option)
		detect_owner(&v);
	for (size_t i = 0; i < v.nraw; i++)
		build_entry(&v, &v.raw[i]);
	dedupe(&v);
	size_t emitted = 0;
	for (size_t i = 0; i < v.nent; i++) {
		struct cx_entry *e = v.ent[i];
		if (!e)
			continue;
		cx_normalize(e, c->opt, c, &v.a);
		make_key(e);
		c->nentries++;
		emitted++;
		if (c->emit)
			c->emit(c->emit_ctx, e);
	}
	if (!emitted)
		v_diag(&v, CX_ERROR, CX_E_SYNTAX, 1,
		        "no publications found (cv input: expected a list under a heading such as "
		        "\"Publications\")");
	free(v.ent);
	free(lm.v);
	buf_free(&t);
	buf_free(&b);
	arena_destroy(&v.a);
	return 0;
}

const struct cx_reader cx_reader_cv = {
	.name = "cv",
	.read = cv_read,
};
