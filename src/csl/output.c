/* csl/output.c - rendered strings to text, HTML, Markdown and LaTeX.
 *
 * The markup of a rendered string says what a span is, not how it looks:
 * here italic inside italic turns upright (the flip-flop of CSL 1.0.2,
 * section "Formatting"), and quotes alternate between the locale's outer
 * and inner quotes by depth.  HTML is citeproc-js's markup, so output can
 * be compared with it byte for byte.  LaTeX text goes through the LaTeX
 * encoder the BibTeX writer uses. */
#include <string.h>

#include "core/bytes.h"
#include "csl/csl.h"
#include "core/utf8.h"
#include "norm/norm.h"

struct sink {
	struct buf *b;
	struct cx_out *o;
	enum csl_outfmt f;
	const struct csl_locale *L;
	char stack[64];   /* what each open span emitted: its closing kind */
	int depth;
	int italic, bold, sc, quotes;
	char qkind[32];   /* each open quote: 0 outer, 1 inner */
	char qglyph[32];  /* its glyph: 'd' double, 's' single, 'o' other */
	const char *qclose[32];
	unsigned char tags[16];   /* the open tagged spans (OF_TAGGED) */
	int ntags;
};

static void put(struct sink *k, const char *s, size_t n)
{

	if (k->o)
		out_write(k->o, s, n);
	else
		buf_put(k->b, s, n);
}

static void puts_(struct sink *k, const char *s)
{
	put(k, s, strlen(s));
}

/* The length of the blank at s[i] as JavaScript's \s knows blanks (tab,
 * space, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000, U+FEFF), or 0. */
static size_t html_space(const char *s, size_t i, size_t n)
{
	const unsigned char *u = (const unsigned char *)s + i;
	size_t k = n - i;
	if (*u == ' ' || *u == '\t') /* line breaks stay, as the suite has them */
		return 1;
	if (k >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
		return 2;
	int32_t c;
	if (utf8_decode(u, k, &c) != 3)
		return 0;
	return c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
	       c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF ? 3 : 0;
}

/* The length of the pair of blanks at s[i], or 0. */
static size_t html_pair(const char *s, size_t i, size_t n)
{
	size_t a = html_space(s, i, n), b = a ? (i + a < n ? html_space(s, i + a, n) : 0) : 0;
	return b ? a + b : 0;
}

/* The first of s[i..n) that text_html may change ('&', '<', '>', or the
 * first of two blanks), or n. */
static size_t html_special(const char *s, size_t i, size_t n)
{
#ifdef BYTES_VECTOR
	for (; i + 17 <= n; i += 16) {
		bv16 v = bv_load(s + i), w = bv_load(s + i + 1);
		/* an ASCII blank before a blank or a non-ASCII byte, or the lead
		 * byte of a wide blank; html_pair decides */
		bv16 av = bv_or(bv_eq(v, ' '), bv_eq(v, '\t'));
		bv16 aw = bv_or(bv_or(bv_eq(w, ' '), bv_eq(w, '\t')), bv_lt(w, 0));
		bv16 wide = bv_or(bv_or(bv_eq(v, '\xC2'), bv_eq(v, '\xE1')),
		                  bv_or(bv_or(bv_eq(v, '\xE2'), bv_eq(v, '\xE3')), bv_eq(v, '\xEF')));
		bv16 blanks = bv_or(bv_and(av, aw), wide);
		unsigned m = bv_mask(bv_or(blanks, bv_or(bv_eq(v, '&'), bv_or(bv_eq(v, '<'), bv_eq(v, '>')))));
		if (m)
			return i + (size_t)__builtin_ctz(m);
	}
#endif
	while (i < n && s[i] != '&' && s[i] != '<' && s[i] != '>' && !html_pair(s, i, n))
		i++;
	return i;
}

/* Escaped as citeproc-js does, and a pair of blanks (JavaScript's \s\s)
 * becomes a no-break space and a space, which a browser does not fold
 * into one. */
static void text_html(struct sink *k, const char *s, size_t n)
{
	size_t st = 0;
	for (size_t i = html_special(s, 0, n); i < n; i = html_special(s, i + 1, n)) {
		const char *e = s[i] == '&' ? "&#38;" : s[i] == '<' ? "&#60;" : s[i] == '>' ? "&#62;" : NULL;
		size_t skip = 1;
		if (!e && (skip = html_pair(s, i, n)) != 0)
			e = "\xC2\xA0 ";
		if (!e)
			continue;
		put(k, s + st, i - st);
		puts_(k, e);
		st = i + skip;
		i += skip - 1;
	}
	put(k, s + st, n - st);
}

static void text_md(struct sink *k, const char *s, size_t n)
{
	size_t st = 0;
	for (size_t i = 0; i < n; i++) {
		if (!strchr("\\*_`[]<>", s[i]))
			continue;
		put(k, s + st, i - st);
		put(k, "\\", 1);
		st = i;
	}
	put(k, s + st, n - st);
}

static void text_latex(struct sink *k, const char *s, size_t n)
{
	if (k->o) {
		latex_encode(k->o, (cx_str){s, n}, 0, NULL);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const char *e = NULL;
		switch (s[i]) {
		case '#': e = "\\#"; break;
		case '$': e = "\\$"; break;
		case '%': e = "\\%"; break;
		case '&': e = "\\&"; break;
		case '_': e = "\\_"; break;
		case '{': e = "\\{"; break;
		case '}': e = "\\}"; break;
		case '~': e = "\\textasciitilde{}"; break;
		case '^': e = "\\textasciicircum{}"; break;
		case '\\': e = "\\textbackslash{}"; break;
		}
		if (e)
			puts_(k, e);
		else
			put(k, s + i, 1);
	}
}

/* XML's three: the tagged form is read back as XML (tools/gen_refs.c). */
static void text_xml(struct sink *k, const char *s, size_t n)
{
	size_t st = 0;
	for (size_t i = 0; i < n; i++) {
		const char *e = s[i] == '&' ? "&amp;" : s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : NULL;
		if (!e)
			continue;
		put(k, s + st, i - st);
		puts_(k, e);
		st = i + 1;
	}
	put(k, s + st, n - st);
}

static void text_fmt(struct sink *k, const char *s, size_t n, int raw)
{
	if (raw || k->f == OF_TEXT)
		put(k, s, n);
	else if (k->f == OF_TAGGED)
		text_xml(k, s, n);
	else if (k->f == OF_HTML)
		text_html(k, s, n);
	else if (k->f == OF_MARKDOWN)
		text_md(k, s, n);
	else
		text_latex(k, s, n);
}

/* Opening and closing strings per format: html, markdown, latex, and the
 * tagged form, which keeps only what a reader of the text would see as
 * italic (<i>), bold (<b>), or upright (<r>) and medium (<m>) inside them,
 * and the blocks (<div>) that a page shows on lines of their own. */
struct style {
	const char *open[4], *close[4];
};

enum {
	S_I, S_NORMAL, S_B, S_WNORMAL, S_SC, S_VNORMAL, S_SUP, S_SUB, S_UNDER, S_BASE, S_OBLIQUE,
	S_LIGHT, S_BLOCK, S_LEFT, S_RIGHT, S_INDENT, S_NONE,
	S_UNONE,           /* text-decoration="none": shown, as citeproc-js */
	S_IK, S_BK, S_SCK, /* a style's span inside the same style: no flip (HTML as citeproc-js) */
	/* a style's "normal" inside its italic, bold or small caps: the text
	 * is upright, but markup in it still flips as if it were not
	 * (citeproc-js: <i><span normal>x <span normal>y</span></span></i>) */
	S_NORMALK, S_WNORMALK, S_VNORMALK,
	S__N
};

static const struct style styles[S__N] = {
	[S_I] = {{"<i>", "*", "\\emph{", "<i>"}, {"</i>", "*", "}", "</i>"}},
	[S_NORMAL] = {{"<span style=\"font-style:normal;\">", "", "\\textup{", "<r>"},
	          {"</span>", "", "}", "</r>"}},
	[S_B] = {{"<b>", "**", "\\textbf{", "<b>"}, {"</b>", "**", "}", "</b>"}},
	[S_WNORMAL] = {{"<span style=\"font-weight:normal;\">", "", "\\textmd{", "<m>"},
	          {"</span>", "", "}", "</m>"}},
	[S_SC] = {{"<span style=\"font-variant:small-caps;\">", "[", "\\textsc{", ""},
	          {"</span>", "]{.smallcaps}", "}", ""}},
	[S_VNORMAL] = {{"<span style=\"font-variant:normal;\">", "", "\\textnormal{", ""},
	          {"</span>", "", "}", ""}},
	[S_SUP] = {{"<sup>", "^", "\\textsuperscript{", ""}, {"</sup>", "^", "}", ""}},
	[S_SUB] = {{"<sub>", "~", "\\textsubscript{", ""}, {"</sub>", "~", "}", ""}},
	[S_UNDER] = {{"<span style=\"text-decoration:underline;\">", "", "\\underline{", ""},
	          {"</span>", "", "}", ""}},
	[S_BASE] = {{"<span style=\"baseline\">", "", "{", ""}, {"</span>", "", "}", ""}},
	[S_OBLIQUE] = {{"<span style=\"font-style:oblique;\">", "*", "\\textsl{", "<i>"},
	          {"</span>", "*", "}", "</i>"}},
	[S_LIGHT] = {{"<span style=\"font-weight:light;\">", "", "{", ""}, {"</span>", "", "}", ""}},
	[S_BLOCK] = {{"\n\n    <div class=\"csl-block\">", "", "", "<div>"}, {"</div>\n", "", "", "</div>"}},
	/* citeproc-js puts the two fields of an entry on a line of their own */
	[S_LEFT] = {{"\n    <div class=\"csl-left-margin\">", "", "", "<div>"}, {"</div>", "", "", "</div>"}},
	[S_RIGHT] = {{"<div class=\"csl-right-inline\">", "", "", "<div>"}, {"</div>\n  ", "", "", "</div>"}},
	[S_INDENT] = {{"<div class=\"csl-indent\">", "", "", "<div>"}, {"</div>\n  ", "", "", "</div>"}},
	[S_NONE] = {{"", "", "", ""}, {"", "", "", ""}},
	[S_UNONE] = {{"<span style=\"text-decoration:none;\">", "", "{", ""}, {"</span>", "", "}", ""}},
	[S_NORMALK] = {{"<span style=\"font-style:normal;\">", "", "\\textup{", "<r>"},
	          {"</span>", "", "}", "</r>"}},
	[S_WNORMALK] = {{"<span style=\"font-weight:normal;\">", "", "\\textmd{", "<m>"},
	          {"</span>", "", "}", "</m>"}},
	[S_VNORMALK] = {{"<span style=\"font-variant:normal;\">", "", "\\textnormal{", ""},
	          {"</span>", "", "}", ""}},
	[S_IK] = {{"<i>", "", "{", "<i>"},
	          {"</i>", "", "}", "</i>"}}, /* LaTeX: \emph in \emph turns upright */
	[S_BK] = {{"<b>", "", "{", "<b>"}, {"</b>", "", "}", "</b>"}},
	[S_SCK] = {{"<span style=\"font-variant:small-caps;\">", "", "{", ""}, {"</span>", "", "}", ""}},
};

/* Superscript characters and what they are the superscript of: HTML,
 * Markdown and LaTeX show them as the letter in a superscript, as
 * citeproc-js does (its table, from the CSL test suite's
 * magic_SuperscriptChars); plain text keeps the character, which is the
 * only superscript it has ("nᵒ", "1ʳᵉ", not "no", "1re"). */
static const struct sup {
	int32_t cp;
	const char *base;
} supers[] = {
	{0x00AA, "a"}, {0x00B2, "2"}, {0x00B3, "3"}, {0x00B9, "1"}, {0x00BA, "o"}, {0x02B0, "h"},
	{0x02B1, "\xC9\xA6"}, {0x02B2, "j"}, {0x02B3, "r"}, {0x02B4, "\xC9\xB9"}, {0x02B5, "\xC9\xBB"},
	{0x02B6, "\xCA\x81"}, {0x02B7, "w"}, {0x02B8, "y"}, {0x02C0, "\xCA\x94"}, {0x02C1, "\xCA\x95"},
	{0x02E0, "\xC9\xA3"}, {0x02E1, "l"}, {0x02E2, "s"}, {0x02E3, "x"}, {0x02E4, "\xCA\x95"},
	{0x06E5, "\xD9\x88"}, {0x06E6, "\xD9\x8A"}, {0x1D2C, "A"}, {0x1D2D, "\xC3\x86"}, {0x1D2E, "B"},
	{0x1D30, "D"}, {0x1D31, "E"}, {0x1D32, "\xC6\x8E"}, {0x1D33, "G"}, {0x1D34, "H"},
	{0x1D35, "I"}, {0x1D36, "J"}, {0x1D37, "K"}, {0x1D38, "L"}, {0x1D39, "M"}, {0x1D3A, "N"},
	{0x1D3C, "O"}, {0x1D3D, "\xC8\xA2"}, {0x1D3E, "P"}, {0x1D3F, "R"}, {0x1D40, "T"},
	{0x1D41, "U"}, {0x1D42, "W"}, {0x1D43, "a"}, {0x1D44, "\xC9\x90"}, {0x1D45, "\xC9\x91"},
	{0x1D46, "\xE1\xB4\x82"}, {0x1D47, "b"}, {0x1D48, "d"}, {0x1D49, "e"}, {0x1D4A, "\xC9\x99"},
	{0x1D4B, "\xC9\x9B"}, {0x1D4C, "\xC9\x9C"}, {0x1D4D, "g"}, {0x1D4F, "k"}, {0x1D50, "m"},
	{0x1D51, "\xC5\x8B"}, {0x1D52, "o"}, {0x1D53, "\xC9\x94"}, {0x1D54, "\xE1\xB4\x96"},
	{0x1D55, "\xE1\xB4\x97"}, {0x1D56, "p"}, {0x1D57, "t"}, {0x1D58, "u"},
	{0x1D59, "\xE1\xB4\x9D"}, {0x1D5A, "\xC9\xAF"}, {0x1D5B, "v"}, {0x1D5C, "\xE1\xB4\xA5"},
	{0x1D5D, "\xCE\xB2"}, {0x1D5E, "\xCE\xB3"}, {0x1D5F, "\xCE\xB4"}, {0x1D60, "\xCF\x86"},
	{0x1D61, "\xCF\x87"}, {0x2070, "0"}, {0x2071, "i"}, {0x2074, "4"}, {0x2075, "5"},
	{0x2076, "6"}, {0x2077, "7"}, {0x2078, "8"}, {0x2079, "9"}, {0x207A, "+"},
	{0x207B, "\xE2\x88\x92"}, {0x207C, "="}, {0x207D, "("}, {0x207E, ")"}, {0x207F, "n"},
	{0x2120, "SM"}, {0x2122, "TM"}, {0x3192, "\xE4\xB8\x80"}, {0x3193, "\xE4\xBA\x8C"},
	{0x3194, "\xE4\xB8\x89"}, {0x3195, "\xE5\x9B\x9B"}, {0x3196, "\xE4\xB8\x8A"},
	{0x3197, "\xE4\xB8\xAD"}, {0x3198, "\xE4\xB8\x8B"}, {0x3199, "\xE7\x94\xB2"},
	{0x319A, "\xE4\xB9\x99"}, {0x319B, "\xE4\xB8\x99"}, {0x319C, "\xE4\xB8\x81"},
	{0x319D, "\xE5\xA4\xA9"}, {0x319E, "\xE5\x9C\xB0"}, {0x319F, "\xE4\xBA\xBA"},
};

static const char *super_base(const char *s, size_t n, size_t *len)
{
	int32_t cp = utf8_next(s, n, len);
	size_t lo = 0, hi = sizeof supers / sizeof *supers;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (supers[mid].cp == cp)
			return supers[mid].base;
		if (supers[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void text(struct sink *k, const char *s, size_t n, int raw)
{
	size_t st = 0;
	for (size_t i = 0; i < n && !raw && k->f != OF_TEXT; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			i += bytes_ascii_run(s + i, n - i) - 1; /* and the loop's step passes the run */
			continue;
		}
		if (c != 0xC2 && c != 0xCA && c != 0xCB && c != 0xDB && c != 0xE1 && c != 0xE2 &&
		    c != 0xE3)
			continue;
		size_t len;
		const char *b = super_base(s + i, n - i, &len);
		if (!b)
			continue;
		text_fmt(k, s + st, i - st, 0);
		if (k->f != OF_TEXT)
			puts_(k, styles[S_SUP].open[k->f - 1]);
		text_fmt(k, b, strlen(b), 0);
		if (k->f != OF_TEXT)
			puts_(k, styles[S_SUP].close[k->f - 1]);
		i += len - 1;
		st = i + 1;
	}
	text_fmt(k, s + st, n - st, raw);
}

static void open_span(struct sink *k, int st)
{
	if (k->depth < (int)sizeof k->stack)
		k->stack[k->depth] = (char)st;
	k->depth++;
	if (k->f != OF_TEXT)
		puts_(k, styles[st].open[k->f - 1]);
}

static void close_span(struct sink *k)
{
	if (!k->depth)
		return;
	k->depth--;
	int st = k->depth < (int)sizeof k->stack ? k->stack[k->depth] : S_NONE;
	if (st == S_I || st == S_NORMAL)
		k->italic = !k->italic;
	if (st == S_B || st == S_WNORMAL)
		k->bold = !k->bold;
	if (st == S_SC || st == S_VNORMAL)
		k->sc = !k->sc;
	if (k->f != OF_TEXT)
		puts_(k, styles[st].close[k->f - 1]);
	if (st == S_LEFT && k->f != OF_HTML)
		put(k, " ", 1); /* citeproc-js's text: "[1] Author", "1.  Author" */
}

static char glyph_of(const char *t)
{
	if (!strncmp(t, "\xE2\x80\x9C", 3) || !strncmp(t, "\xE2\x80\x9D", 3) || *t == '"')
		return 'd';
	if (!strncmp(t, "\xE2\x80\x98", 3) || !strncmp(t, "\xE2\x80\x99", 3) || *t == '\'')
		return 's';
	return 'o';
}

static const char *quote_term(struct sink *k, int inner, int open)
{
	/* no locale (a natbib label, a heading): English quotes */
	const char *t = !k->L ? NULL
	                      : csl_term_text(k->L, open ? (inner ? "open-inner-quote" : "open-quote")
	                                                 : (inner ? "close-inner-quote" : "close-quote"),
	                                      TF_LONG, 0);
	if (!t)
		t = open ? (inner ? "\xE2\x80\x98" : "\xE2\x80\x9C") : (inner ? "\xE2\x80\x99" : "\xE2\x80\x9D");
	return t;
}

/* Quotes.  A quote from the style or straight quotes in the data take the
 * locale's outer quotes, or its inner ones inside another quote.  Curly
 * quotes in the data keep their glyph unless a quote of the same glyph
 * encloses them, as citeproc-js renders them. */
static void quote(struct sink *k, int open, int curly)
{
	int d = k->quotes;
	if (!open) {
		if (d > 0)
			k->quotes--;
		const char *t = d > 0 && d <= 32 ? k->qclose[d - 1] : quote_term(k, d % 2, 0);
		text(k, t, strlen(t), 0);
		return;
	}
	const char *t, *close;
	int inner;
	char glyph;
	if (!curly) {
		inner = d > 0 && d <= 32 ? !k->qkind[d - 1] : d % 2;
		t = quote_term(k, inner, 1);
		close = quote_term(k, inner, 0);
		glyph = glyph_of(t);
	} else {
		glyph = curly == 1 ? 'd' : 's';
		if (d > 0 && d <= 32 && k->qglyph[d - 1] == glyph)
			glyph = glyph == 'd' ? 's' : 'd';
		t = glyph == 'd' ? "\xE2\x80\x9C" : "\xE2\x80\x98";
		close = glyph == 'd' ? "\xE2\x80\x9D" : "\xE2\x80\x99";
		inner = glyph_of(quote_term(k, 0, 1)) != glyph;
	}
	if (d < 32) {
		k->qkind[d] = (char)inner;
		k->qglyph[d] = glyph;
		k->qclose[d] = close;
	}
	k->quotes++;
	text(k, t, strlen(t), 0);
}

/* A tagged span opens (CM_TAG...) or closes (CM_TAG_OFF): an element in
 * the tagged form, nothing in the others. */
static void tag(struct sink *k, unsigned char what)
{
	if (what == CM_TAG_OFF) {
		if (k->ntags && k->ntags-- <= (int)sizeof k->tags && k->f == OF_TAGGED) {
			unsigned char t = k->tags[k->ntags];
			puts_(k, "</");
			puts_(k, t == CM_TAG_LABEL ? "label" : t == CM_TAG_TERM ? "term" : csl_var_name(t - CM_TAG));
			puts_(k, ">");
		}
		return;
	}
	if (k->ntags < (int)sizeof k->tags)
		k->tags[k->ntags] = what;
	if (k->ntags++ < (int)sizeof k->tags && k->f == OF_TAGGED) {
		puts_(k, "<");
		puts_(k, what == CM_TAG_LABEL ? "label" : what == CM_TAG_TERM ? "term" : csl_var_name(what - CM_TAG));
		puts_(k, ">");
	}
}

/* A citex mark or an escape sequence at s. */
static void mark(struct sink *k, const char *s)
{
	unsigned char c = (unsigned char)s[0];
	if (c == (unsigned char)CM_ESC && ((unsigned char)s[1] >= CM_TAG || s[1] == CM_TAG_OFF)) {
		tag(k, (unsigned char)s[1]);
		return;
	}
	if (c == (unsigned char)CM_ESC) {
		switch (s[1]) {
		case CM_QUOTE: quote(k, 1, 0); return;
		case CM_DQUOTE: quote(k, 1, 1); return;
		case CM_SQUOTE: quote(k, 1, 2); return;
		case CM_QUOTE_OFF: case CM_DQUOTE_OFF: case CM_SQUOTE_OFF: quote(k, 0, 0); return;
		/* "normal" undoes an enclosing style; with none, it shows nothing */
		case CM_NORMAL: open_span(k, k->italic ? S_NORMALK : S_NONE); return;
		case CM_WNORMAL: open_span(k, k->bold ? S_WNORMALK : S_NONE); return;
		case CM_VNORMAL: open_span(k, k->sc ? S_VNORMALK : S_NONE); return;
		case CM_NORMALF: open_span(k, S_NORMALK); return;
		case CM_WNORMALF: open_span(k, S_WNORMALK); return;
		case CM_VNORMALF: open_span(k, S_VNORMALK); return;
		/* a style's italic, bold or small caps: the text inside is
		 * in that style, whatever was around it */
		case CM_ITALIC: open_span(k, k->italic ? S_IK : S_I); k->italic = 1; return;
		case CM_BOLD: open_span(k, k->bold ? S_BK : S_B); k->bold = 1; return;
		case CM_SC: open_span(k, k->sc ? S_SCK : S_SC); k->sc = 1; return;
		case CM_UNDER: open_span(k, S_UNDER); return;
		case CM_UNONE: open_span(k, S_UNONE); return;
		case CM_BASE: open_span(k, S_BASE); return;
		case CM_OBLIQUE: open_span(k, S_OBLIQUE); return;
		case CM_LIGHT: open_span(k, S_LIGHT); return;
		case CM_BLOCK: open_span(k, S_BLOCK); return;
		case CM_LEFT: open_span(k, S_LEFT); return;
		case CM_RIGHT: open_span(k, S_RIGHT); return;
		case CM_INDENT: open_span(k, S_INDENT); return;
		case CM_NOPUNCT: case CM_SUFEND: case CM_DECOBLANK: case CM_PIECE:
		case CM_NUMEND: case CM_INQUOTE: case CM_VALEND: case CM_LASTBLANK: return;
		default: close_span(k); return;
		}
	}
	switch (c) {
	case CX_M_ITALIC_ON:
		open_span(k, k->italic ? S_NORMAL : S_I);
		k->italic = !k->italic;
		return;
	case CX_M_BOLD_ON:
		open_span(k, k->bold ? S_WNORMAL : S_B);
		k->bold = !k->bold;
		return;
	case CX_M_SC_ON:
		open_span(k, k->sc ? S_VNORMAL : S_SC);
		k->sc = !k->sc;
		return;
	case CX_M_SUP_ON: open_span(k, S_SUP); return;
	case CX_M_SUB_ON: open_span(k, S_SUB); return;
	case CX_M_NOCASE_ON: open_span(k, S_NONE); return;
	case CX_M_ITALIC_OFF: case CX_M_BOLD_OFF: case CX_M_SC_OFF: case CX_M_SUP_OFF:
	case CX_M_SUB_OFF: case CX_M_NOCASE_OFF:
		close_span(k);
		return;
	default:
		return;
	}
}

static void walk(struct sink *k, const char *s)
{
	size_t n = strlen(s), st = 0;
	for (size_t i = 0; i < n;) {
		size_t m = csl_mark_len(s + i);
		if (!m) {
			i++;
			continue;
		}
		text(k, s + st, i - st, 0);
		unsigned char c = (unsigned char)s[i];
		if (k->f == OF_LATEX && s[i] == CM_ESC && s[i + 1] == CM_LEFT) {
			/* \bibitem numbers the entry: the left margin is left out */
			const char *end = strstr(s + i, "\x1fk");
			i = end ? (size_t)(end - s) + 2 : n;
			st = i;
			continue;
		}
		if (c == CX_M_MATH_ON || c == CX_M_RAW_ON || c == CX_M_URL_ON) {
			/* verbatim content up to the closing mark */
			const char *end = strchr(s + i + 1, (char)(c + 1));
			size_t len = end ? (size_t)(end - s - i - 1) : n - i - 1;
			if (k->f == OF_LATEX && c == CX_M_MATH_ON) {
				put(k, "$", 1);
				put(k, s + i + 1, len);
				put(k, "$", 1);
			} else if (k->f == OF_LATEX && c == CX_M_URL_ON) {
				puts_(k, "\\url{");
				put(k, s + i + 1, len);
				put(k, "}", 1);
			} else {
				if (c == CX_M_MATH_ON)
					put(k, "$", 1);
				text(k, s + i + 1, len, c == CX_M_RAW_ON && k->f == OF_LATEX);
				if (c == CX_M_MATH_ON)
					put(k, "$", 1);
			}
			i += 1 + len + (end ? 1 : 0);
			st = i;
			continue;
		}
		mark(k, s + i);
		i += m;
		st = i;
	}
	text(k, s + st, n - st, 0);
	while (k->depth)
		close_span(k);
}

void csl_out(struct cx_out *o, const char *s, enum csl_outfmt f, const struct csl_locale *L)
{
	struct sink k = {.o = o, .f = f, .L = L};
	walk(&k, s);
}

void csl_out_buf(struct buf *b, const char *s, enum csl_outfmt f, const struct csl_locale *L)
{
	struct sink k = {.b = b, .f = f, .L = L};
	walk(&k, s);
}
