/* cv/text.c - small helpers and link labels. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "cv/doc.h"

/* ---- small helpers -------------------------------------------------------- */

void cvd_v_diag(struct cv *v, enum cx_sev sev, enum cx_code code, unsigned line,
                    const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (v->quiet) { /* held, to be said if what it is about is used */
		char msg[1024];
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		if (v->nheld == v->capheld) {
			size_t cap = v->capheld ? 2 * v->capheld : 16;
			v->held = arena_grow(&v->a, v->held, sizeof *v->held, v->nheld, cap);
			v->capheld = cap;
		}
		v->held[v->nheld++] = (struct cv_held){sev, code, line, arena_strndup(&v->a, msg, strlen(msg))};
		return;
	}
	diag_vreport(&v->c->diags, NULL, sev, code, line ? line : 1, 1, fmt, ap);
	va_end(ap);
}

void cvd_v_replay(struct cv *v)
{
	for (size_t i = 0; i < v->nheld; i++)
		diag_report(&v->c->diags, v->held[i].sev, v->held[i].code, v->held[i].line ? v->held[i].line : 1, 1, "%s",
		            v->held[i].msg);
	v->nheld = 0;
}

/* The owner's name from the options.  Until struct cx_options carries an
 * `owner` member (set by --owner), it comes from $CITEX_OWNER; this is the
 * one place to change. */
const char *cvd_opt_owner(const struct cx_reader_ctx *c)
{
	const char *s = c->opt ? c->opt->owner : NULL;
	return s && *s ? s : NULL;
}

cx_str cvd_S(const char *p, size_t n)
{
	return (cx_str){p, n};
}

int cvd_is_sp(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

cx_str cvd_trim(cx_str s)
{
	while (s.n && (cvd_is_sp((unsigned char)s.p[0]) ||
	               ((unsigned char)s.p[0] == 0xC2 && s.n > 1 && (unsigned char)s.p[1] == 0xA0))) {
		size_t k = cvd_is_sp((unsigned char)s.p[0]) ? 1 : 2;
		s.p += k;
		s.n -= k;
	}
	while (s.n && cvd_is_sp((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

/* Trim white space and the given punctuation from both ends. */
cx_str cvd_trim_punct(cx_str s, const char *punct)
{
	for (;;) {
		s = cvd_trim(s);
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

int cvd_ieqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (lc((unsigned char)a[i]) != lc((unsigned char)b[i]))
			return 0;
	return 1;
}

/* Case-insensitive search for lit in s; returns the offset or -1.  With
 * word set, the match must not touch letters on either side. */
long cvd_find_ci(cx_str s, const char *lit, int word)
{
	return str_ifind(s, lit, word);
}

int cvd_has_ci(cx_str s, const char *lit)
{
	return cvd_find_ci(s, lit, 1) >= 0;
}

/* The text without markup bytes, URLs or the space at its ends, runs of
 * space collapsed; keep_marks keeps what BibTeX and CSL keep for a title
 * (case protection, math, super/subscript, from LaTeX input). */
static cx_str unmarked(struct arena *a, cx_str s, int keep_marks)
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
		if (CX_IS_MARK(c)) {
			if (keep_marks && (c == CX_M_NOCASE_ON || c == CX_M_NOCASE_OFF || c == CX_M_MATH_ON ||
			                   c == CX_M_MATH_OFF || c == CX_M_SUP_ON || c == CX_M_SUP_OFF ||
			                   c == CX_M_SUB_ON || c == CX_M_SUB_OFF))
				p[k++] = (char)c;
			continue;
		}
		if (cvd_is_sp(c)) {
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
	return cvd_S(p + b, k - b);
}

/* The text without markup bytes (runs of space collapsed). */
cx_str cvd_plain(struct arena *a, cx_str s)
{
	return unmarked(a, s, 0);
}

/* The text of a field: markup removed but for what a title keeps, in NFC
 * (readers hand the writers composed text). */
cx_str cvd_field_text(struct arena *a, cx_str s, int keep_marks)
{
	cx_str t = unmarked(a, s, keep_marks);
	return text_nfc(a, t.p, t.n);
}

/* ---- link labels ------------------------------------------------------------ */

/* Words a page puts in brackets or buttons next to an item: they are links,
 * not bibliographic text, and are dropped. */
int cvd_label_word(const char *p, size_t n)
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
		"weights", "huggingface", "leaderboard", "benchmark", "download", "here", "view", "read",
		"more", "details", "presentation", "watch", "pdfs", "abs", "suppl", "colab", "notebook",
		"zenodo", "audio", "podcast", "repo", "repository", "awarded", "award",
		/* what qualifies a label: "[russian slides]", "[publicly available draft]" */
		"english", "russian", "chinese", "german", "french", "spanish", "japanese", "translated",
		"publicly", "available", "draft", "open", "access", "free", "author's", "authors"};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		if (strlen(w[i]) == n && cvd_ieqn(p, w[i], n))
			return 1;
	return 0;
}

/* Is the text between brackets only link labels ("Paper/Slides/Talk")? */
int cvd_is_label(const char *p, size_t n)
{
	size_t i = 0;
	int any = 0;
	while (i < n) {
		while (i < n && (cvd_is_sp((unsigned char)p[i]) || strchr("/|,&+-·", p[i]) ||
		                 CX_IS_MARK(p[i])))
			i++;
		size_t b = i;
		while (i < n && !cvd_is_sp((unsigned char)p[i]) && !strchr("/|,&+·", p[i]) &&
		       !CX_IS_MARK(p[i]))
			i++;
		if (i > b) {
			if (!cvd_label_word(p + b, i - b))
				return 0;
			any = 1;
		}
	}
	return any;
}

/* The item's text without its URL spans and link labels ("[PDF]",
 * "[Code]"): links are identifiers, set apart with the item's rows of
 * links, not words to label. */
cx_str cvd_unlinked(struct arena *a, cx_str t, cx_str *extra)
{
	char *p = arena_alloc(a, t.n + 1);
	size_t k = 0;
	for (size_t i = 0; i < t.n; i++) {
		if ((unsigned char)t.p[i] != CX_M_URL_ON) {
			p[k++] = t.p[i];
			continue;
		}
		const char *e = memchr(t.p + i, CX_M_URL_OFF, t.n - i);
		size_t end = e ? (size_t)(e - t.p) + 1 : t.n;
		*extra = cv_cat(a, *extra, " ", cvd_S(t.p + i, end - i));
		i = end - 1;
	}
	p[k] = 0;
	/* then the labels in brackets, the URLs they held gone */
	for (size_t i = 0; i < k; i++) {
		if (p[i] != '[')
			continue;
		char *e = memchr(p + i, ']', k - i);
		if (e && cvd_is_label(p + i + 1, (size_t)(e - p - i - 1)))
			cvd_cut(p, &k, i, (size_t)(e - p) + 1 - i), i--;
	}
	/* brackets the links left empty: "[[slides](url)]" */
	for (int again = 1; again;) {
		again = 0;
		for (size_t i = 0; i < k; i++) {
			if (p[i] != '[')
				continue;
			size_t j = i + 1;
			while (j < k && p[j] == ' ')
				j++;
			if (j < k && p[j] == ']') {
				p[k] = 0;
				cvd_cut(p, &k, i, j + 1 - i);
				again = 1;
			}
		}
	}
	/* link labels a text dump leaves after the citation: "... 2023. Paper
	 * Slides" */
	size_t e = k, b = k;
	for (;;) { /* the run of labels at the end, then what stands before it */
		while (e && p[e - 1] == ' ')
			e--;
		size_t w = e;
		while (w && str_alpha((unsigned char)p[w - 1]))
			w--;
		if (w == e || (w && p[w - 1] != ' ') || !cvd_label_word(p + w, e - w))
			break;
		b = w;
		while (b && p[b - 1] == ' ')
			b--;
		e = b;
	}
	if (b < k && b && strchr(".)0123456789", p[b - 1]))
		k = b;
	p[k] = 0;
	return cvd_S(p, k);
}

/* ---- source lines of converted text ---------------------------------------- */

/* HTML and LaTeX are converted to text before lines are cut, so each line of
 * the text remembers the source line it started on, for diagnostics. */

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
void cvd_lm_track(struct linemap *m, const struct buf *out, const char *p)
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

/* ---- LaTeX a page shows ------------------------------------------------------ */

/* The end of the brace group that opens at s[i] ('{'), past its '}'; 0 when
 * it does not close. */
static size_t group_end(cx_str s, size_t i)
{
	int depth = 0;
	for (size_t j = i; j < s.n; j++) {
		if (s.p[j] == '\\' && j + 1 < s.n)
			j++;
		else if (s.p[j] == '{')
			depth++;
		else if (s.p[j] == '}' && !--depth)
			return j + 1;
	}
	return 0;
}

/* Does s[i..] begin a command ("\emph", "\'")? */
static int tex_command(cx_str s, size_t i)
{
	return s.p[i] == '\\' && i + 1 < s.n && (str_alpha((unsigned char)s.p[i + 1]) || strchr("'`^\"~=.&%$_#", s.p[i + 1]));
}

/* What out gathered, then s from `from` on, as one string in a; out is
 * freed.  Text rebuilt piece by piece is gathered in a buffer that grows,
 * so a long text with many pieces is copied a few times, not once a piece. */
static cx_str take_buf(struct arena *a, struct buf *out, cx_str s, size_t from)
{
	buf_put(out, s.p + from, s.n - from);
	cx_str r = cvd_S(arena_strndup(a, out->p, out->n), out->n);
	buf_free(out);
	return r;
}

/* "{ mph{Rupornis}}": a "\emph" whose "\e" a string escape made a control
 * byte, and a text dump a space; likewise "\t" in "\textit". */
static cx_str eaten_commands(struct arena *a, cx_str s)
{
	struct buf out = {0};
	size_t from = 0;
	for (size_t i = 0; i + 6 < s.n; i++) {
		if (s.p[i] != '{' || s.p[i + 1] != ' ')
			continue;
		cx_str r = cvd_S(s.p + i + 2, s.n - i - 2);
		const char *cmd = NULL;
		if (r.n > 4 && !memcmp(r.p, "mph{", 4))
			cmd = "\\e";
		else if (r.n > 5 && !memcmp(r.p, "ext", 3) && str_is_lower((unsigned char)r.p[3]) && str_is_lower((unsigned char)r.p[4]) &&
		         r.p[5] == '{')
			cmd = "\\t";
		if (!cmd)
			continue;
		buf_put(&out, s.p + from, i + 1 - from);
		buf_put(&out, cmd, 2);
		from = i + 2;
	}
	return from ? take_buf(a, &out, s, from) : s;
}

/* A page that prints its BibTeX's LaTeX ("{\emph{Rupornis magnirostris}}",
 * "Sant\'Ana"): each brace group or command that holds a command is
 * decoded as a BibTeX value would be; "{\noopsort{x}}" sorts and shows
 * nothing.  Text without a backslash comes back as it is. */
cx_str cvd_tex_spans(struct arena *a, cx_str s)
{
	s = eaten_commands(a, s);
	if (!memchr(s.p, '\\', s.n))
		return s;
	struct buf out = {0};
	size_t from = 0;
	for (size_t i = 0; i < s.n; i++) {
		size_t e = 0;
		if (s.p[i] == '{' && i + 1 < s.n && s.p[i + 1] == '\\')
			e = group_end(s, i);
		else if (tex_command(s, i)) {
			e = i + 2;
			while (e < s.n && str_alpha((unsigned char)s.p[e]) && str_alpha((unsigned char)s.p[i + 1]))
				e++;
			if (e < s.n && s.p[e] == '{')
				e = group_end(s, e);
			else if (e < s.n && !str_alpha((unsigned char)s.p[i + 1]) && str_alpha((unsigned char)s.p[e]))
				e++; /* \'a */
		}
		if (!e)
			continue;
		cx_str g = cvd_S(s.p + i, e - i), d;
		long ns = cvd_find_ci(g, "\\noopsort{", 0);
		if (ns >= 0) { /* "{\noopsort{assis silva}de Assis Silva}" */
			size_t k = group_end(g, (size_t)ns + 9);
			cx_str rest = k ? cvd_S(g.p + k, g.n - k) : cvd_S("", 0);
			char *w = arena_alloc(a, g.n + 1);
			memcpy(w, g.p, (size_t)ns);
			memcpy(w + ns, rest.p, rest.n);
			g = cvd_S(w, (size_t)ns + rest.n);
		}
		d = latex_decode(a, g.p, g.n);
		buf_put(&out, s.p + from, i - from);
		buf_put(&out, d.p, d.n);
		from = e;
		i = e - 1;
	}
	return from ? take_buf(a, &out, s, from) : s;
}
