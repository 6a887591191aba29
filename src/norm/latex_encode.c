/* norm/latex_encode.c - Unicode with inline markup back to LaTeX, for
 * BibTeX values: latex_encode, and text_plain, which drops the markup.
 *
 * Encoding writes NOCASE as {...}, ITALIC \emph, BOLD \textbf, SC \textsc,
 * SUP/SUB \textsuperscript/\textsubscript, MATH $...$ (or \(...\) when
 * the body holds a $), URL \url{...}, RAW as it is.  Text escapes
 * # $ % & _ { } as \#..., \ ~ ^ ` as \textbackslash{} \textasciitilde{}
 * \textasciicircum{} \`{}, U+00A0 as ~, en and em dashes as -- and ---.
 * Whatever decoding would read differently is kept apart: {} between
 * ligature characters (-{}--, '{}'), \relax after a kept command that would
 * take what follows as an argument or as more of its name, and a second
 * pair of braces round a NOCASE span that starts with a command
 * ({{\emph{x}}}), which would otherwise read back as a BibTeX special
 * character.  With ascii, other characters become {\'e} {\'\i} {\c{c}}
 * {\'{\"u}} (from their NFD), {\ss} {\o} ..., $\alpha$, \textsection{}
 * and so on (lx_enc); a character with no escape, and non-ASCII inside
 * math, URLs and raw spans, is written as it is and counted in *lossy.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "core/bytes.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "norm/latex_map.h"
#include "norm/norm.h"

struct enc {
	struct cx_out *o;
	int ascii;
	size_t *lossy;
	int last;         /* the last byte written */
	size_t depth;     /* open spans written as braces */
	int sep;          /* SEP_*: what the last raw span ended with */
	int avoid;        /* math delimiters not to use: see math_form */
	/* Bit d: the span opened at depth d was written with two braces.
	 * Deeper than this, spans get one (a 4096-deep NOCASE is absurd). */
	unsigned char dbl[512];
};

/* A raw span that is an unknown command can take more arguments (SEP_ARGS),
 * and one ending in its name can also take more letters (SEP_WORD).  A
 * known command kept raw (\url with no argument) would also take a { after
 * spaces (SEP_KNOWN, then SEP_SPACE once spaces are written).  A control
 * symbol (\; or \e-acute) would take a following combining mark into its
 * name (SEP_SYM). */
enum { SEP_NONE, SEP_ARGS, SEP_WORD, SEP_KNOWN, SEP_SPACE, SEP_SYM };

static void ew(struct enc *e, const char *s, size_t n)
{
	if (!n)
		return;
	if (e->sep) {
		/* After a kept unknown command, a following { or [ would
		 * read back as its argument and a letter as part of its
		 * name; {} alone would be taken as an argument too.  \relax
		 * reads back as nothing and keeps them apart. */
		int sep = e->sep;
		size_t k = 0;
		while (k < n && s[k] == ' ')
			k++;
		e->sep = SEP_NONE;
		if (sep == SEP_SYM) {
			if (mark_at((const unsigned char *)s, n, 0))
				ew(e, "{}", 2);
		} else if (k == n && (sep == SEP_KNOWN || sep == SEP_SPACE)) {
			/* \url and \href look for their { past spaces. */
			e->sep = SEP_SPACE;
		} else if (s[0] == '{' || (s[0] == '[' && sep != SEP_SPACE)) {
			ew(e, "\\relax", 6);
		} else if ((sep == SEP_WORD || sep == SEP_KNOWN) &&
		           (is_alpha((unsigned char)s[0]) || mark_at((const unsigned char *)s, n, 0))) {
			/* A combining mark would join the last letter of the
			 * name, and so the name, once in NFC. */
			ew(e, "\\relax{}", 8);
		}
	}
	out_write(e->o, s, n);
	e->last = (unsigned char)s[n - 1];
}

static void ews(struct enc *e, const char *s)
{
	ew(e, s, strlen(s));
}

/* Write a token that may start a TeX ligature (-- '' `` !`); an empty
 * group keeps it apart from the same character just written. */
static void tok(struct enc *e, const char *s)
{
	if ((s[0] == '-' || s[0] == '\'' || s[0] == '`') &&
	    (e->last == s[0] || (s[0] == '`' && (e->last == '!' || e->last == '?'))))
		ew(e, "{}", 2);
	ews(e, s);
}

static size_t cp_at(const char *p, size_t n, size_t i, int32_t *cp)
{
	size_t k = utf8_decode(p + i, n - i, cp);
	return k ? k : 1; /* a bad byte alone, with *cp -1 */
}

/* The ASCII escape of the character cluster starting at i (a character and
 * the combining marks after it) into out; returns its length, or 0 if
 * LaTeX has no escape for it.  *next is set past what the escape covers.
 * An accented i or j is written on the dotless letter ({\'\i}), as LaTeX
 * wants, unless dotted (biber reads {\"\i} as a dotless i and a combining
 * mark, which no font composes, and {\"i} as the letter). */
static size_t cluster_escape_i(const char *p, size_t n, size_t i, char *out, size_t cap,
                               size_t *next, int dotted)
{
	utf8proc_int32_t cps[16], cp;
	utf8proc_ssize_t k;
	size_t j = i + cp_at(p, n, i, &cp), len, m;
	const char *acc;
	char base[8];

	if (cp < 0) {
		*next = i + 1;
		return 0;
	}
	while (j < n) {
		size_t step = cp_at(p, n, j, &cp);
		if (cp < 0 || !is_mark_cp(cp))
			break;
		j += step;
	}
	*next = j;
	if (j == i + cp_at(p, n, i, &cp)) {
		/* A character of its own in the table ({\AA}, \textmu{})
		 * wins over its decomposition. */
		const struct lx_enc *x = find_enc(cp);
		if (x && strlen(x->tex) < cap) {
			strcpy(out, x->tex);
			return strlen(out);
		}
	}
	k = utf8proc_decompose((const utf8proc_uint8_t *)p + i, (utf8proc_ssize_t)(j - i), cps,
	                       16, UTF8PROC_DECOMPOSE | UTF8PROC_STABLE);
	if (k <= 0 || k > 16)
		return 0;
	if (k == 1) {
		const struct lx_enc *x = find_enc(cps[0]);
		if (!x || strlen(x->tex) >= cap)
			return 0;
		strcpy(out, x->tex);
		return strlen(out);
	}
	/* A base letter and accents: {\'e}, {\c{c}}, {\'\i}, {\'{\"u}}. */
	if (cps[0] < 0x80 && (is_alpha((unsigned)cps[0]) || (cps[0] >= '0' && cps[0] <= '9'))) {
		if ((cps[0] == 'i' || cps[0] == 'j') && !dotted &&
		    utf8proc_get_property(cps[1])->combining_class == 230) {
			base[0] = '\\';
			base[1] = (char)cps[0];
			base[2] = 0;
		} else {
			base[0] = (char)cps[0];
			base[1] = 0;
		}
	} else {
		const struct lx_enc *x = find_enc(cps[0]);
		size_t bl = x ? strlen(x->tex) : 0;
		/* \i under an accent reads back as a dotted i, so a dotless
		 * letter with marks has no escape. */
		if (cps[0] == 0x0131 || cps[0] == 0x0237)
			return 0;
		/* A special letter, written {\o}: use \o as the base. */
		if (bl < 4 || bl > 6 || x->tex[0] != '{' || x->tex[1] != '\\')
			return 0;
		memcpy(base, x->tex + 1, bl - 2);
		base[bl - 2] = 0;
	}
	if (cap < 8)
		return 0;
	len = strlen(base);
	memcpy(out, base, len + 1);
	for (m = 1; m < (size_t)k; m++) {
		size_t al;
		int brace;
		acc = find_accent(cps[m]);
		if (!acc)
			return 0;
		al = strlen(acc);
		/* Braces unless a symbol accent sits right on the base. */
		brace = is_alpha((unsigned char)acc[0]) || m > 1;
		if (len + al + 5 >= cap)
			return 0;
		if (brace) {
			memmove(out + al + 2, out, len);
			out[al + 1] = '{';
			out[al + 2 + len] = '}';
			len += 2;
		} else {
			memmove(out + al + 1, out, len);
		}
		out[0] = '\\';
		memcpy(out + 1, acc, al);
		len += al + 1;
		out[len] = 0;
		if (k == 2 && cps[1] == 0x0361 && j < n && is_alpha((unsigned char)p[j])) {
			/* The tie spans two letters: \t{oo}, \t{{\o}o}. */
			if (base[0] == '\\') {
				size_t bl = strlen(base);
				if (len + 4 >= cap)
					return 0;
				memmove(out + 4 + bl, out + 3 + bl, len - 3 - bl + 1);
				memmove(out + 4, out + 3, bl);
				out[3] = '{';
				out[4 + bl] = '}';
				len += 2;
				out[len] = 0;
			}
			out[len - 1] = p[j];
			out[len++] = '}';
			out[len] = 0;
			*next = j + 1;
		}
	}
	if (len + 3 >= cap)
		return 0;
	memmove(out + 1, out, len);
	out[0] = '{';
	out[len + 1] = '}';
	out[len + 2] = 0;
	return len + 2;
}

static size_t cluster_escape(const char *p, size_t n, size_t i, char *out, size_t cap,
                             size_t *next)
{
	return cluster_escape_i(p, n, i, out, cap, next, 0);
}

/* Does the math body p[b..e) hold the closer `what` ("$", "$$", "\\)" or
 * "\\]") where the decoder would see it? */
static int math_has(const char *p, size_t b, size_t e, const char *what)
{
	size_t w = strlen(what);
	for (; b < e; b++) {
		if (e - b >= w && memcmp(p + b, what, w) == 0)
			return 1;
		if (p[b] == '\\')
			b++;
	}
	return 0;
}

/* The delimiters for a math body: $...$ unless the body holds a $ (it came
 * from \(...\), \[...\] or $$...$$), then a form it cannot hold.  `avoid`
 * has bit 1 set after a kept, unclosed \( (a later \) would close it), bit
 * 2 after an unclosed \[. */
static int math_form(const char *p, size_t b, size_t e, int avoid)
{
	if (!math_has(p, b, e, "$"))
		return 0;
	if (!(avoid & 2) && !math_has(p, b, e, "\\)"))
		return 1;
	if (!(avoid & 4) && !math_has(p, b, e, "\\]"))
		return 2;
	return 3;
}

static const char *const math_open[] = {"$", "\\(", "\\[", "$$"};
static const char *const math_close[] = {"$", "\\)", "\\]", "$$"};

/* How would the text at j be written?  0: not starting with a command;
 * 1: starting with one; 2: with an accent or a special letter command
 * (\'{} is; {\ss} is not, its escape starts with a brace).  A NOCASE span
 * starting with a command would read back as a BibTeX special character
 * at depth 0, and one starting with an accent as an accent wrapper
 * ({\'{}}) at any depth, so those get a second pair of braces. */
static int starts_with_command(const struct enc *e, const char *p, size_t n, size_t j)
{
	unsigned char c;
	char buf[128];
	size_t next, k;
	int32_t cp;
	const struct lx_cmd *cmd;

	if (j >= n)
		return 0;
	c = (unsigned char)p[j];
	switch (c) {
	case CX_M_ITALIC_ON:
	case CX_M_BOLD_ON:
	case CX_M_SC_ON:
	case CX_M_SUP_ON:
	case CX_M_SUB_ON:
	case CX_M_URL_ON:
		return 1;
	case CX_M_RAW_ON:
		return j + 1 < n && p[j + 1] == '\\';
	case CX_M_MATH_ON:
		for (k = j + 1; k < n && p[k] != CX_M_MATH_OFF; k++)
			;
		return math_open[math_form(p, j + 1, k, e->avoid)][0] == '\\';
	}
	if (c < 0x80) {
		if (e->ascii && mark_at((const unsigned char *)p, n, j + 1) &&
		    cluster_escape(p, n, j, buf, sizeof buf, &next))
			return 0; /* a letter with accents: {\=x} */
		return c == '`' ? 2 : c && strchr("#$%&_{}\\~^", c) != NULL;
	}
	cp_at(p, n, j, &cp);
	if (!e->ascii || cp == 0xA0 || cp == 0x2013 || cp == 0x2014)
		return 0;
	k = cluster_escape(p, n, j, buf, sizeof buf, &next);
	if (!k || buf[0] != '\\')
		return 0;
	next = name_end((const unsigned char *)buf, k, 1);
	cmd = find_cmd((const unsigned char *)buf + 1, next - 1);
	return cmd && (cmd->kind == LX_ACCENT || cmd->kind == LX_LETTER || cmd->kind == LX_DOTLESS)
	       ? 2 : 1;
}


/* A MATH, URL or RAW span at i: its content goes out as it is. */
static size_t raw_span(struct enc *e, const char *p, size_t n, size_t i)
{
	unsigned char on = (unsigned char)p[i], off = (unsigned char)(on + 1);
	size_t b = i + 1, j = b, k;
	int high = 0;
	const char *open = "", *close = "";

	while (j < n && (unsigned char)p[j] != off)
		j++;
	if (on == CX_M_MATH_ON) {
		int f = math_form(p, b, j, e->avoid);
		open = math_open[f];
		close = math_close[f];
	} else if (on == CX_M_URL_ON) {
		open = "\\url{";
		close = "}";
	}
	if (j > b) {
		ews(e, open);
		for (k = b; k < j; k++) {
			if (!CX_IS_MARK(p[k]))
				ew(e, p + k, 1);
			high |= (unsigned char)p[k] >= 0x80;
		}
		ews(e, close);
		if (high && e->ascii && e->lossy)
			(*e->lossy)++; /* raw content is never escaped */
	}
	if (on == CX_M_RAW_ON && j - b == 2 && p[b] == '\\' && (p[b + 1] == '(' || p[b + 1] == '['))
		e->avoid |= p[b + 1] == '(' ? 2 : 4;
	e->sep = SEP_NONE;
	if (on == CX_M_RAW_ON && j - b >= 2 && p[b] == '\\' &&
	    name_end((const unsigned char *)p, j, b + 1) == j &&
	    !(is_alpha((unsigned char)p[b + 1]) && is_alpha((unsigned char)p[j - 1]))) {
		e->sep = SEP_SYM;
	} else if (on == CX_M_RAW_ON && j - b >= 2 && p[b] == '\\' && is_alpha((unsigned char)p[b + 1])) {
		/* A control word, maybe with arguments. */
		if (!is_alpha((unsigned char)p[j - 1]))
			e->sep = SEP_ARGS;
		else if (find_cmd((const unsigned char *)p + b + 1, j - b - 1))
			e->sep = SEP_KNOWN;
		else
			e->sep = SEP_WORD;
	}
	return j < n ? j + 1 : n;
}

/* The ASCII characters LaTeX gives a meaning, as text. */
static const char *const special_escape[128] = {
	['#'] = "\\#", ['$'] = "\\$", ['%'] = "\\%", ['&'] = "\\&", ['_'] = "\\_",
	['{'] = "\\{", ['}'] = "\\}", ['\\'] = "\\textbackslash{}", ['~'] = "\\textasciitilde{}",
	['^'] = "\\textasciicircum{}", ['`'] = "\\`{}",
};

static size_t enc_char(struct enc *e, const char *p, size_t n, size_t i)
{
	unsigned char c = (unsigned char)p[i];
	char buf[128];
	size_t next, k;
	int32_t cp;

	if (c < 0x80) {
		if (e->ascii && i + 1 < n && (unsigned char)p[i + 1] >= 0x80) {
			cp_at(p, n, i + 1, &cp);
			if (cp >= 0 && is_mark_cp(cp))
				goto cluster;
		}
		if (special_escape[c])
			ews(e, special_escape[c]);
		else if (c == '-' || c == '\'')
			tok(e, c == '-' ? "-" : "'"); /* "--" and "''" would be ligatures */
		else
			ew(e, p + i, 1);
		return i + 1;
	}
	k = cp_at(p, n, i, &cp);
	if (cp == 0xA0) {
		ew(e, "~", 1);
		return i + k;
	}
	if (cp == 0x2013 || cp == 0x2014) {
		tok(e, cp == 0x2013 ? "--" : "---");
		return i + k;
	}
	if (!e->ascii) {
		ew(e, p + i, k);
		return i + k;
	}
cluster:
	k = cluster_escape(p, n, i, buf, sizeof buf, &next);
	if (k) {
		tok(e, buf);
		return next;
	}
	if (e->lossy)
		(*e->lossy)++;
	if (c < 0x80) {
		/* An ASCII character under marks LaTeX cannot write: the
		 * character escaped as usual, the marks as they are. */
		e->ascii = 0;
		k = enc_char(e, p, n, i);
		e->ascii = 1;
		ew(e, p + k, next - k);
	} else {
		ew(e, p + i, next - i);
	}
	return next;
}

/* Record whether the span opening at the current depth has two braces. */
static void set_dbl(struct enc *e, int two)
{
	if (e->depth < 8 * sizeof e->dbl) {
		unsigned char bit = (unsigned char)(1u << (e->depth % 8));
		if (two)
			e->dbl[e->depth / 8] |= bit;
		else
			e->dbl[e->depth / 8] &= (unsigned char)~bit;
	}
}

static void close_span(struct enc *e)
{
	int two;
	e->depth--;
	two = e->depth < 8 * sizeof e->dbl && (e->dbl[e->depth / 8] >> (e->depth % 8) & 1);
	ew(e, "}}", two ? 2 : 1);
}

void latex_encode(struct cx_out *o, cx_str text, int ascii, size_t *lossy)
{
	static const char *const on_tex[] = {
		[CX_M_ITALIC_ON] = "\\emph{", [CX_M_BOLD_ON] = "\\textbf{",
		[CX_M_SC_ON] = "\\textsc{", [CX_M_SUP_ON] = "\\textsuperscript{",
		[CX_M_SUB_ON] = "\\textsubscript{",
	};
	struct enc e;
	const char *p = text.p;
	size_t i = 0, n = text.n;

	memset(&e, 0, sizeof e);
	e.o = o;
	e.ascii = ascii;
	e.lossy = lossy;

	while (i < n) {
		unsigned char c = (unsigned char)p[i];
		if (!CX_IS_MARK(c)) {
			i = enc_char(&e, p, n, i);
			continue;
		}
		switch (c) {
		case CX_M_NOCASE_ON: {
			int w = starts_with_command(&e, p, n, i + 1);
			int two = (w == 2 || (w && e.depth == 0)) && e.depth < 8 * sizeof e.dbl;
			ew(&e, "{{", two ? 2 : 1);
			set_dbl(&e, two);
			e.depth++;
			i++;
			break;
		}
		case CX_M_ITALIC_ON:
		case CX_M_BOLD_ON:
		case CX_M_SC_ON:
		case CX_M_SUP_ON:
		case CX_M_SUB_ON:
			ews(&e, on_tex[c]);
			set_dbl(&e, 0);
			e.depth++;
			i++;
			break;
		case CX_M_MATH_ON:
		case CX_M_URL_ON:
		case CX_M_RAW_ON:
			i = raw_span(&e, p, n, i);
			continue;
		case CX_M_NOCASE_OFF:
		case CX_M_ITALIC_OFF:
		case CX_M_BOLD_OFF:
		case CX_M_SC_OFF:
		case CX_M_SUP_OFF:
		case CX_M_SUB_OFF:
			if (e.depth)
				close_span(&e);
			i++;
			break;
		default:
			i++; /* a stray MATH/URL/RAW off byte */
		}
	}
	while (e.depth)
		close_span(&e);
}

/* ==== a value as written, in ASCII ========================================= */

/* The escape of the non-ASCII cluster at p[i] for latex_ascii: its text in
 * buf (NULL when it has none) and where the cluster ends. */
static const char *ascii_escape(const char *p, size_t n, size_t i, int math, int biber,
                                char *buf, size_t cap, size_t *next)
{
	int32_t cp;
	size_t k = cp_at(p, n, i, &cp);
	if (cp == 0xA0 || cp == 0x2013 || cp == 0x2014) {
		*next = i + k;
		return cp == 0xA0 ? "~" : cp == 0x2013 ? "--" : "---";
	}
	k = cluster_escape_i(p, n, i, buf, cap, next, biber);
	if (!k)
		return NULL;
	if (buf[0] == '$' && k > 2 && buf[k - 1] == '$') {
		/* A math symbol: bare inside math, with a space that ends
		 * its name before a letter. */
		if (!math)
			return buf;
		memmove(buf, buf + 1, k - 2);
		buf[k - 2] = ' ';
		buf[k - 1] = 0;
		return buf;
	}
	return math ? NULL : buf;
}

void latex_ascii(struct cx_out *o, cx_str raw, int biber, size_t *lossy)
{
	const char *p = raw.p;
	size_t n = raw.n, i = 0, start = 0;
	long depth = 0;
	int math = 0, last = 0;
	char buf[128];
	while (i < n) {
		unsigned char c = (unsigned char)p[i];
		if (c < 0x80 && !(i + 1 < n && (unsigned char)p[i + 1] >= 0x80 &&
		                  mark_at((const unsigned char *)p, n, i + 1))) {
			if (c == '\\' && i + 1 < n && (unsigned char)p[i + 1] < 0x80)
				i++; /* \$ is no math shift, \{ no group */
			else if (c == '$')
				math = !math;
			else if (c == '{')
				depth++;
			else if (c == '}')
				depth--;
			i++;
			continue;
		}
		if (i > start) {
			out_write(o, p + start, i - start);
			last = (unsigned char)p[i - 1];
		}
		size_t next;
		const char *t = ascii_escape(p, n, i, math, biber, buf, sizeof buf, &next);
		if (!t) {
			if (lossy)
				(*lossy)++;
			out_write(o, p + i, next - i);
			last = (unsigned char)p[next - 1];
		} else {
			/* bibtex never changes the case of a UTF-8 letter, but
			 * would of {\L} at brace depth 0 (a special character):
			 * a second pair of braces keeps it as it was. */
			int wrap = !biber && depth <= 0 && t[0] == '{' && t[1] == '\\';
			/* -- after -, '' after ': a ligature TeX would join. */
			if ((t[0] == '-' || t[0] == '\'' || t[0] == '`') && last == t[0])
				out_puts(o, "{}");
			if (wrap)
				out_putc(o, '{');
			out_puts(o, t);
			if (wrap)
				out_putc(o, '}');
			last = wrap ? '}' : (unsigned char)t[strlen(t) - 1];
		}
		i = start = next;
	}
	out_write(o, p + start, n - start);
}

/* ==== plain text ========================================================== */

/* Does text hold a byte from 0x00 to 0x17, where the marks are? */
static int may_have_marks(cx_str text)
{
	const unsigned char *s = (const unsigned char *)text.p;
	size_t i = 0;
#if defined(BYTES_VECTOR)
	for (; i + 16 <= text.n; i += 16)
		if (bv_mask(bv_ule(bv_load(s + i), 0x17)))
			return 1;
#endif
	for (; i < text.n; i++)
		if (s[i] <= 0x17)
			return 1;
	return 0;
}

cx_str text_plain(struct arena *a, cx_str text)
{
	if (!may_have_marks(text))
		return text;
	char *p = arena_alloc(a, text.n + 1);
	size_t i, k = 0;
	for (i = 0; i < text.n; i++)
		if (!CX_IS_MARK(text.p[i]))
			p[k++] = text.p[i];
	p[k] = 0;
	arena_trim(a, p, k + 1);
	return (cx_str){p, k};
}

