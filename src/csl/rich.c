/* csl/rich.c - rich text: reading the markup in item data, text case,
 * stripping periods, and joining rendered pieces.
 *
 * Item text arrives with citex's inline marks (from BibTeX, RIS or the
 * CSL-JSON reader) and may still hold CSL's HTML subset and quotes (a
 * variable the model keeps verbatim).  csl_rich_parse turns both into the
 * markup of csl.h: <i> <b> <sup> <sub> <sc> and the nocase and small-caps
 * spans, paired straight or curly quotes into CM_QUOTE spans (whose
 * inner/outer form the output decides), and a lone apostrophe into U+2019,
 * as citeproc-js does.  Everything here walks the string once. */
#include <string.h>
#include <utf8proc.h>

#include "core/bytes.h"
#include "core/utf8.h"
#include "csl/csl.h"

int csl_mark_dir(const char *p)
{
	unsigned char c = (unsigned char)*p;
	if (c == (unsigned char)CM_ESC) {
		unsigned char k = (unsigned char)p[1];
		if (k == CM_DISPLAY_OFF)
			return -1;
		if (k == CM_BLOCK || k == CM_LEFT || k == CM_RIGHT || k == CM_INDENT)
			return 1;
		if (k == CM_NOPUNCT || k == CM_SUFEND || k == CM_DECOBLANK || k == CM_PIECE ||
		    k == CM_NUMEND || k == CM_INQUOTE || k == CM_VALEND || k == CM_LASTBLANK)
			return 0;
		if (k >= CM_TAG)
			return 1; /* a tagged span opens (CM_TAG_OFF closes it) */
		return k >= 'A' && k <= 'Z' ? 1 : -1;
	}
	if (!CX_IS_MARK(c))
		return 0;
	/* citex's marks come in pairs: on is odd below 0x09, even from 0x0E. */
	if (c <= 0x08)
		return c % 2 ? 1 : -1;
	return c % 2 ? -1 : 1;
}

/* ---- parsing item text ------------------------------------------------------ */

static int is_word_byte(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

struct tagmap {
	const char *tag;
	char on, off; /* marks; off is used for the closing tag */
};

static const struct tagmap tags[] = {
	{"<i>", CX_M_ITALIC_ON, 0}, {"</i>", 0, CX_M_ITALIC_OFF},
	{"<em>", CX_M_ITALIC_ON, 0}, {"</em>", 0, CX_M_ITALIC_OFF},
	{"<b>", CX_M_BOLD_ON, 0}, {"</b>", 0, CX_M_BOLD_OFF},
	{"<strong>", CX_M_BOLD_ON, 0}, {"</strong>", 0, CX_M_BOLD_OFF},
	{"<sup>", CX_M_SUP_ON, 0}, {"</sup>", 0, CX_M_SUP_OFF},
	{"<sub>", CX_M_SUB_ON, 0}, {"</sub>", 0, CX_M_SUB_OFF},
	{"<sc>", CX_M_SC_ON, 0}, {"</sc>", 0, CX_M_SC_OFF},
	{"<span class=\"nocase\">", CX_M_NOCASE_ON, 0},
	{"<span class='nocase'>", CX_M_NOCASE_ON, 0},
	{"<span style=\"font-variant:small-caps;\">", CX_M_SC_ON, 0},
	{"<span style=\"font-variant: small-caps;\">", CX_M_SC_ON, 0},
	{"<span style=\"font-variant:small-caps\">", CX_M_SC_ON, 0},
	{"</span>", 0, 1},
};

/* Where quotes may open: at the start, after white space or an opening
 * bracket or dash, or after markup that opens. */
static int opens_at(const char *s, size_t i)
{
	if (i == 0)
		return 1;
	unsigned char c = (unsigned char)s[i - 1];
	if (c == ' ' || c == '(' || c == '[' || c == '{' || c == '-' || c == '/' || c == 0xA0)
		return 1;
	if (CX_IS_MARK(c))
		return csl_mark_dir(s + i - 1) > 0;
	return i >= 2 && s[i - 2] == CM_ESC && csl_mark_dir(s + i - 2) > 0;
}

/* The quote kind at s[i]: 1 '"', 2 '\'', 3 U+201C, 4 U+201D, 5 U+2018, 6 U+2019
 * (with *len its bytes), 0 none. */
static int quote_at(const char *s, size_t n, size_t i, size_t *len)
{
	*len = 1;
	if (s[i] == '"')
		return 1;
	if (s[i] == '\'')
		return 2;
	if ((unsigned char)s[i] == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
		unsigned char c = (unsigned char)s[i + 2];
		*len = 3;
		if (c == 0x9C) return 3;
		if (c == 0x9D) return 4;
		if (c == 0x98) return 5;
		if (c == 0x99) return 6;
	}
	return 0;
}

/* The first byte of s[i..n) that may be markup or a quote ('<', '"', '\'',
 * the lead byte of a curly quote, or a nocase mark), or n. */
static size_t next_special(const char *s, size_t i, size_t n)
{
#ifdef BYTES_VECTOR
	for (; i + 16 <= n; i += 16) {
		bv16 v = bv_load(s + i);
		bv16 m = bv_or(bv_or(bv_or(bv_eq(v, '<'), bv_eq(v, '"')),
		                     bv_or(bv_eq(v, '\''), bv_eq(v, (char)0xE2))),
		               bv_or(bv_eq(v, CX_M_NOCASE_ON), bv_eq(v, CX_M_NOCASE_OFF)));
		unsigned mask = bv_mask(m);
		if (mask)
			return i + (size_t)__builtin_ctz(mask);
	}
#endif
	while (i < n && s[i] != '<' && s[i] != '"' && s[i] != '\'' && (unsigned char)s[i] != 0xE2 &&
	       s[i] != CX_M_NOCASE_ON && s[i] != CX_M_NOCASE_OFF)
		i++;
	return i;
}

/* Pair quotes: role[i] = 2 apostrophe, 0 literal; an opening quote and its
 * closing one get 1 and -1 when the opening one is straight, 3 and -3 when
 * it is a curly double quote, 5 and -5 when a curly single one. */
static void pair_quotes(const char *s, size_t n, signed char *role, size_t first)
{
	size_t stack[32];
	int fam[32]; /* 1 double, 2 single */
	signed char code[32];
	int depth = 0;
	for (size_t i = first; i < n; i = next_special(s, i + 1, n)) {
		size_t len;
		int q = quote_at(s, n, i, &len);
		if (!q)
			continue;
		size_t pb = i;
		while (pb > 0 && CX_IS_MARK(s[pb - 1]))
			pb--; /* "<span class=nocase>X</span>'s" */
		int after_word = pb > 0 && is_word_byte((unsigned char)s[pb - 1]);
		int before_word = i + len < n && is_word_byte((unsigned char)s[i + len]);
		int top = depth ? fam[depth - 1] : 0;

		int push = 0, close = 0;
		switch (q) {
		case 1:
			if (top == 1 && !opens_at(s, i))
				close = 1;
			else if (opens_at(s, i))
				push = 1;
			break;
		case 3: push = 1; break;
		case 4: close = top == 1; break;
		case 2:
			if (after_word)
				close = top == 2 && !before_word;
			/* "'(Re)thinking'": a quote opens before a bracket too */
			else if (opens_at(s, i) && (before_word || (i + 1 < n && (s[i + 1] == '(' ||
			                                                           s[i + 1] == '['))))
				push = 1;
			else
				close = top == 2;
			if (!close && !push && after_word)
				role[i] = 2;
			break;
		case 5: push = 1; break;
		case 6:
			close = top == 2 && !before_word;
			break;
		}
		if (close) {
			depth--;
			role[stack[depth]] = code[depth];
			role[i] = (signed char)-code[depth];
		} else if (push && depth < 32) {
			stack[depth] = i;
			code[depth] = (signed char)(q == 3 ? 3 : q == 5 ? 5 : 1);
			fam[depth++] = q == 1 || q == 3 ? 1 : 2;
		}
		i += len - 1;
	}
}

/* Does markup byte c open a span? */
static int mark_opens(char c)
{
	unsigned char u = (unsigned char)c;
	return u <= CX_M_SC_OFF ? (u & 1) : !(u & 1);
}

static int in_nocase(const char *spans, int ns)
{
	for (int i = 0; i < ns; i++)
		if (spans[i] == CX_M_NOCASE_ON)
			return 1;
	return 0;
}

const char *csl_rich_parse(struct arena *a, const char *s, size_t n)
{
	size_t first = next_special(s, 0, n);
	if (first == n)
		return arena_strndup(a, s, n);
	signed char local[256];
	signed char *role = n <= sizeof local ? local : xmalloc(n);
	memset(role, 0, n);
	pair_quotes(s, n, role, first);
	/* a byte gives at most three ("'" as U+2019), a span's closing one
	 * mark for its twenty-odd bytes */
	char *o = arena_alloc(a, 3 * n + 1);
	size_t k = 0;
	char spans[64]; /* what each open <span> was */
	int ns = 0, marked = 0; /* nocase marks open in s itself */
	for (size_t i = 0; i < n;) {
		size_t j = next_special(s, i, n);
		if (j > i) {
			memcpy(o + k, s + i, j - i);
			k += j - i;
			i = j;
			continue;
		}
		if (s[i] == '<') {
			size_t t = 0, nt = sizeof tags / sizeof *tags, len = 0;
			for (; t < nt; t++) {
				len = strlen(tags[t].tag);
				if (i + len <= n && !memcmp(s + i, tags[t].tag, len))
					break;
			}
			if (t < nt) {
				if (tags[t].on) {
					o[k++] = tags[t].on;
					if (!strncmp(tags[t].tag, "<span", 5) && ns < 64)
						spans[ns++] = tags[t].on;
				} else if (tags[t].off == 1) {
					if (ns) {
						ns--;
						o[k++] = (char)(spans[ns] + 1);
					}
				} else {
					o[k++] = tags[t].off;
				}
				i += len;
				continue;
			}
		}
		if (s[i] == CX_M_NOCASE_ON || s[i] == CX_M_NOCASE_OFF)
			marked += s[i] == CX_M_NOCASE_ON ? 1 : marked > 0 ? -1 : 0;
		size_t len;
		int q = quote_at(s, n, i, &len);
		if (q && role[i]) {
			/* straight quotes take their form from their depth; curly
			 * ones keep theirs unless a quote of that form encloses them */
			int r = role[i];
			if (r == 2) {
				memcpy(o + k, "\xE2\x80\x99", 3);
				k += 3;
			} else {
				o[k++] = CM_ESC;
				if (r > 0)
					o[k++] = r == 3 ? CM_DQUOTE : r == 5 ? CM_SQUOTE : CM_QUOTE;
				else
					o[k++] = r == -3 ? CM_DQUOTE_OFF : r == -5 ? CM_SQUOTE_OFF : CM_QUOTE_OFF;
			}
			i += len;
			continue;
		}
		/* "don't", "<i>X</i>'s", "ISSAC '95", "'t Hooft"; as citeproc-js,
		 * inside nocase ("{GLOBECOM '85}", "{'t Hooft}") a word-initial
		 * one keeps its mark */
		int after = i > 0 && (is_word_byte((unsigned char)s[i - 1]) ||
		                      (CX_IS_MARK(s[i - 1]) && !mark_opens(s[i - 1])));
		int before = i + 1 < n && is_word_byte((unsigned char)s[i + 1]);
		size_t pv = k; /* the text before, markup aside */
		while (pv > 0 && CX_IS_MARK(o[pv - 1]))
			pv--;
		int initial = pv == 0 || o[pv - 1] == ' ';
		/* one between blanks or at an end ("d ' eau") is one too */
		int lone = !after && !before && !marked && !in_nocase(spans, ns);
		if (q == 2 && (after || lone || (before && !(initial && (marked || in_nocase(spans, ns)))))) {
			memcpy(o + k, "\xE2\x80\x99", 3); /* an apostrophe after a letter */
			k += 3;
			i++;
			continue;
		}
		o[k++] = s[i++];
	}
	while (ns)
		o[k++] = (char)(spans[--ns] + 1);
	o[k] = 0;
	arena_trim(a, o, k + 1);
	if (role != local)
		free(role);
	return o;
}

/* ---- text case ---------------------------------------------------------------- */

/* Words title case leaves in lower case: CSL's stop words and the
 * prepositions citeproc-js adds to them, as it matches them ("et", "al"
 * and "v" too; its " thru" never matches, so "thru" is capitalized). */
static const char *const stop_words[] = {
	"a", "about", "above", "across", "afore", "after", "against", "along", "alongside", "amid",
	"al", "amidst", "among", "amongst", "an", "and", "anenst", "apropos", "apud", "around", "as",
	"aside", "astride", "at", "athwart", "atop", "barring", "before", "behind", "below",
	"beneath", "beside", "besides", "between", "beyond", "but", "by", "circa", "despite", "down",
	"during", "et", "except", "for", "forenenst", "from", "given", "in", "inside", "into", "lest",
	"like", "modulo", "near", "next", "nor", "notwithstanding", "of", "off", "on", "onto", "or",
	"out", "over", "per", "plus", "pro", "qua", "sans", "since", "so", "than", "the", "through",
	"throughout", "thruout", "till", "to", "toward", "towards", "under", "underneath",
	"until", "unto", "up", "upon", "v", "versus", "via", "vs", "with", "within", "without", "yet",
	"de", "van", "von", /* name particles, as citeproc-js leaves them */
	"c", "ca", /* circa */
	NULL,
};

struct cpos {
	size_t at, len;   /* bytes of the code point in the source */
	int32_t cp;
	int prot;         /* inside nocase, math or raw */
};

/* Decode the text of s (marks skipped) into code points. */
static struct cpos *decode(struct arena *a, const char *s, size_t n, size_t *count)
{
	struct cpos *v = arena_alloc(a, (n + 1) * sizeof *v);
	size_t k = 0;
	int prot = 0;
	for (size_t i = 0; i < n;) {
		size_t m = csl_mark_len(s + i);
		if (m) {
			unsigned char c = (unsigned char)s[i];
			/* nocase, math, raw, URLs, and (as citeproc-js) small caps,
			 * superscripts and subscripts keep their case */
			if (c == CX_M_NOCASE_ON || c == CX_M_MATH_ON || c == CX_M_RAW_ON || c == CX_M_URL_ON ||
			    c == CX_M_SC_ON || c == CX_M_SUP_ON || c == CX_M_SUB_ON)
				prot++;
			else if ((c == CX_M_NOCASE_OFF || c == CX_M_MATH_OFF || c == CX_M_RAW_OFF ||
			          c == CX_M_URL_OFF || c == CX_M_SC_OFF || c == CX_M_SUP_OFF ||
			          c == CX_M_SUB_OFF) && prot)
				prot--;
			i += m;
			continue;
		}
		int32_t cp = (unsigned char)s[i];
		size_t l = cp < 0x80 ? 1 : utf8_decode(s + i, n - i, &cp);
		if (!l) {
			cp = (unsigned char)s[i];
			l = 1;
		}
		v[k++] = (struct cpos){i, l, cp, prot};
		i += l;
	}
	*count = k;
	return v;
}

static int is_letter(int32_t cp)
{
	if (cp < 0x80)
		return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
	utf8proc_category_t c = utf8proc_category(cp);
	return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

static int is_lower(int32_t cp)
{
	if (cp < 0x80)
		return cp >= 'a' && cp <= 'z';
	return utf8proc_category(cp) == UTF8PROC_CATEGORY_LL;
}

static int is_space(int32_t cp)
{
	return cp == ' ' || cp == 0xA0 || cp == '\t' || cp == '\n' || cp == 0x2009 || cp == 0x202F;
}

/* Rebuild s with new code points in place of the old. */
/* The letters whose upper case is more than one letter, as Unicode's
 * SpecialCasing.txt (and JavaScript's toUpperCase, which citeproc-js
 * uses) gives it: "Voß" is "VOSS".  A mapping to[] holds them as
 * CASE_WIDE - i. */
#define CASE_WIDE (-2)
static const struct {
	int32_t cp;
	const char *up;
} wide_upper[] = {
	{0xDF, "SS"}, {0xFB00, "FF"}, {0xFB01, "FI"}, {0xFB02, "FL"},
	{0xFB03, "FFI"}, {0xFB04, "FFL"}, {0xFB05, "ST"}, {0xFB06, "ST"},
};

static const char *rebuild(struct arena *a, const char *s, size_t n, const struct cpos *v,
                           size_t k, const int32_t *to)
{
	/* a code point takes at most four bytes, and at least one */
	char *o = arena_alloc(a, n + 3 * k + 1);
	size_t last = 0, m = 0;
	for (size_t j = 0; j < k; j++) {
		if (to[j] == v[j].cp)
			continue;
		memcpy(o + m, s + last, v[j].at - last);
		m += v[j].at - last;
		if (to[j] >= 0) {
			m += utf8_put(o + m, to[j]);
		} else if (to[j] <= CASE_WIDE) {
			/* an upper case that is two or three letters, no longer
			 * than the letter's own bytes */
			const char *w = wide_upper[CASE_WIDE - to[j]].up;
			memcpy(o + m, w, strlen(w));
			m += strlen(w);
		}
		last = v[j].at + v[j].len;
	}
	memcpy(o + m, s + last, n - last);
	m += n - last;
	o[m] = 0;
	arena_trim(a, o, m + 1);
	return o;
}

struct word {
	size_t from, to; /* code point indices */
};

/* flags: 1 hyphens and dashes part words, 2 periods do ("comp.text.tex",
 * "e.g.": title case capitalizes each part, as citeproc-js) */
static int word_sep(int32_t cp, int flags)
{
	return is_space(cp) || cp == '/' ||
	       ((flags & 1) && (cp == '-' || cp == 0x2013 || cp == 0x2014)) || ((flags & 2) && cp == '.');
}

/* Words between spaces; "Long-term" is one word for title case, as in
 * citeproc-js, two for capitalize-all. */
static size_t find_words_h(const struct cpos *v, size_t k, struct word *w, int hyphens)
{
	size_t nw = 0;
	for (size_t j = 0; j < k;) {
		while (j < k && word_sep(v[j].cp, hyphens))
			j++;
		if (j >= k)
			break;
		size_t st = j;
		while (j < k && !word_sep(v[j].cp, hyphens))
			j++;
		w[nw++] = (struct word){st, j};
	}
	return nw;
}

static size_t find_words(const struct cpos *v, size_t k, struct word *w)
{
	return find_words_h(v, k, w, 1);
}

static int word_is_stop(const struct cpos *v, struct word w)
{
	char buf[24];
	size_t n = 0;
	size_t to = w.to;
	/* trailing punctuation does not count ("of," is "of") */
	while (to > w.from && !is_letter(v[to - 1].cp))
		to--;
	size_t from = w.from;
	while (from < to && !is_letter(v[from].cp))
		from++;
	if (to - from >= sizeof buf || to == from)
		return 0;
	for (size_t j = from; j < to; j++) {
		if (v[j].cp > 127)
			return 0;
		buf[n++] = (char)utf8proc_tolower(v[j].cp);
	}
	buf[n] = 0;
	for (int i = 0; stop_words[i]; i++)
		if (stop_words[i][0] == buf[0] && !strcmp(buf, stop_words[i]))
			return 1;
	return 0;
}

/* The first letter of the word, or -1. */
static long first_letter(const struct cpos *v, struct word w)
{
	for (size_t j = w.from; j < w.to; j++)
		if (is_letter(v[j].cp))
			return (long)j;
	return -1;
}

/* Do all letters of w pass fn?  A modifier letter has no case and
 * counts for none ("nᵒ" is in lower case). */
static int word_all(const struct cpos *v, struct word w, int (*fn)(int32_t))
{
	for (size_t j = w.from; j < w.to; j++)
		if (is_letter(v[j].cp) && !fn(v[j].cp) &&
		    (v[j].cp < 0x80 || utf8proc_category(v[j].cp) != UTF8PROC_CATEGORY_LM))
			return 0;
	return 1;
}

/* Is the letter at fl alone: at the word's end (trailing punctuation
 * aside) or before an apostrophe? */
static int one_letter(const struct cpos *v, size_t fl, size_t to)
{
	size_t j = fl + 1;
	if (j < to && (v[j].cp == '\'' || v[j].cp == 0x2019))
		return 1;
	for (; j < to; j++)
		if (is_letter(v[j].cp) || (v[j].cp >= '0' && v[j].cp <= '9'))
			return 0;
	return 1;
}

/* What parts words for sentence case besides blanks: quotes, brackets and
 * the punctuation citeproc-js splits text at. */
static int sentence_sep(int32_t cp)
{
	return is_space(cp) || cp == '\'' || cp == '"' || (cp >= 0x2018 && cp <= 0x201D) ||
	       cp == '-' || cp == 0x2013 || cp == 0x2014 || cp == '/' || cp == '.' || cp == ',' ||
	       cp == ';' || cp == '?' || cp == '!' || cp == ':' || cp == '[' || cp == ']' ||
	       cp == '(' || cp == ')';
}

static void title_case(struct arena *a, const struct cpos *v, size_t k, int32_t *to)
{
	struct word *w = arena_alloc(a, (k + 1) * sizeof *w);
	size_t nw = find_words_h(v, k, w, 3);
	/* citeproc-js capitalizes a word before a hyphen whatever it is
	 * only in the text before the first punctuation or quote */
	size_t first_piece = 0;
	while (first_piece < k && !(sentence_sep(v[first_piece].cp) && !is_space(v[first_piece].cp)))
		first_piece++;
	for (size_t i = 0; i < nw; i++) {
		long fl = first_letter(v, w[i]);
		if (fl < 0 || v[fl].prot)
			continue;
		int starts_digit = 0; /* "13th", "'t Hooft" stay */
		for (size_t j = w[i].from; j < (size_t)fl; j++)
			if ((v[j].cp >= '0' && v[j].cp <= '9') || v[j].cp == '\'' || v[j].cp == 0x2019)
				starts_digit = 1;
		int after_colon = 0;
		if (i > 0) {
			for (long j = (long)w[i].from - 1; j >= 0 && j >= (long)w[i - 1].to - 1; j--)
				if (v[j].cp == ':' || v[j].cp == '?' || v[j].cp == '!')
					after_colon = 1;
		}
		int edge = i == 0 || i == nw - 1 || after_colon;
		int lower = word_all(v, w[i], is_lower);
		/* "pro-environmental" starts a compound: no stop word there;
		 * "out-of-fashion" keeps "of" inside one */
		int before_hyphen = w[i].to < k && (v[w[i].to].cp == '-' || v[w[i].to].cp == 0x2013);
		before_hyphen = before_hyphen && w[i].to <= first_piece;
		/* As citeproc-js: a one-letter word ("e", "y", the x of
		 * "07-x") and one whose first letter an apostrophe follows
		 * ("l'édition", "d'Arc") keep their case but at the start,
		 * after a colon or before a hyphen (above); so does a lone
		 * Greek letter ("β-carotine") */
		if (!(i == 0 || after_colon) && !before_hyphen && one_letter(v, (size_t)fl, w[i].to))
			continue;
		if ((size_t)fl + 1 == w[i].to && v[fl].cp >= 0x370 && v[fl].cp <= 0x3FF)
			continue;
		if (!edge && !before_hyphen && word_is_stop(v, w[i])) {
			if (lower)
				for (size_t j = w[i].from; j < w[i].to; j++)
					if (!v[j].prot)
						to[j] = utf8proc_tolower(v[j].cp);
			continue;
		}
		if (lower && !starts_digit)
			to[fl] = utf8proc_toupper(v[fl].cp);
	}
}

/* Sentence case as citeproc-js (and the test suite) writes it: the first
 * character of the first word goes to upper case, a lone Greek letter
 * aside, and every other letter outside nocase goes to lower case
 * ("This is a pen", "Aguilar-melchor", "ON the origin"). */
static void sentence_case(const struct cpos *v, size_t k, int32_t *to)
{
	size_t j = 0;
	while (j < k && sentence_sep(v[j].cp))
		j++;
	if (j < k && !v[j].prot) {
		size_t e = j + 1;
		while (e < k && !sentence_sep(v[e].cp))
			e++;
		int greek = v[j].cp >= 0x370 && v[j].cp <= 0x3FF && e == j + 1;
		if (!greek)
			to[j] = utf8proc_toupper(v[j].cp);
		j = e;
	}
	for (; j < k; j++)
		if (!v[j].prot)
			to[j] = utf8proc_tolower(v[j].cp);
}

/* A letter in upper or lower case; turkic: as Turkish and Azerbaijani
 * write i and ı (i and İ, ı and I), as citeproc-js cases in the
 * style's locale. */
static int32_t case_upper(int32_t cp, int turkic)
{
	if (turkic && cp == 'i')
		return 0x130;
	for (size_t i = 0; i < sizeof wide_upper / sizeof *wide_upper; i++)
		if (wide_upper[i].cp == cp)
			return CASE_WIDE - (int32_t)i;
	return utf8proc_toupper(cp);
}

static int32_t case_lower(int32_t cp, int turkic)
{
	if (turkic && cp == 'I')
		return 0x131;
	if (turkic && cp == 0x130)
		return 'i';
	return utf8proc_tolower(cp);
}

const char *csl_text_case(struct arena *a, const char *s, enum csl_case tc)
{
	return csl_text_case_lang(a, s, tc, NULL);
}

const char *csl_text_case_lang(struct arena *a, const char *s, enum csl_case tc, const char *lang)
{
	int turkic = lang && (!strncmp(lang, "tr", 2) || !strncmp(lang, "az", 2)) &&
	             (!lang[2] || lang[2] == '-');
	size_t n = strlen(s), k;
	if (tc == TC_NONE || !n)
		return s;
	struct cpos *v = decode(a, s, n, &k);
	int32_t *to = arena_alloc(a, (k + 1) * sizeof *to);
	for (size_t j = 0; j < k; j++)
		to[j] = v[j].cp;
	switch (tc) {
	case TC_LOWER:
	case TC_UPPER:
		for (size_t j = 0; j < k; j++)
			if (!v[j].prot)
				to[j] = tc == TC_LOWER ? case_lower(v[j].cp, turkic) : case_upper(v[j].cp, turkic);
		break;
	case TC_CAPFIRST:
	case TC_CAPALL: {
		struct word *w = arena_alloc(a, (k + 1) * sizeof *w);
		size_t nw = find_words(v, k, w);
		for (size_t i = 0; i < nw; i++) {
			/* the word's first character past quotes and brackets, as
			 * citeproc-js: a digit stays first ("2nd", "1423rd"); only a
			 * word in lower case changes ("arXiv" stays) */
			size_t fl = w[i].from;
			while (fl < w[i].to && sentence_sep(v[fl].cp))
				fl++;
			if (fl < w[i].to && is_letter(v[fl].cp) && !v[fl].prot && word_all(v, w[i], is_lower) &&
			    !(v[fl].cp >= 0x370 && v[fl].cp <= 0x3FF && fl + 1 == w[i].to))
				to[fl] = case_upper(v[fl].cp, turkic);
			if (tc == TC_CAPFIRST)
				break;
		}
		break;
	}
	case TC_SENTENCE:
		sentence_case(v, k, to);
		break;
	case TC_TITLE:
		title_case(a, v, k, to);
		break;
	default:
		break;
	}
	return rebuild(a, s, n, v, k, to);
}

/* s between the marks on and off (bold, nocase), in a's memory. */
const char *csl_marked(struct arena *a, const char *s, char on, char off)
{
	size_t n = strlen(s);
	char *o = arena_alloc(a, n + 3);
	o[0] = on;
	memcpy(o + 1, s, n);
	o[n + 1] = off;
	o[n + 2] = 0;
	return o;
}

/* Periods out of the text (strip-periods), markup kept. */
const char *csl_strip_periods(struct arena *a, const char *s)
{
	if (!strchr(s, '.'))
		return s;
	size_t n = strlen(s);
	char *r = arena_alloc(a, n + 1), *o = r;
	for (size_t i = 0; i < n; i++)
		if (s[i] != '.')
			*o++ = s[i];
		else if (i && s[i - 1] == CM_ESC)
			*o++ = s[i];
	*o = 0;
	return r;
}

/* ---- joining --------------------------------------------------------------- */

/* The last text byte of b before trailing markup, and where the trailing
 * markup starts (*at), or -1. */
static int tail_char(const char *p, size_t n, size_t *at)
{
	size_t i = n;
	while (i > 0) {
		unsigned char c = (unsigned char)p[i - 1];
		if (i >= 2 && p[i - 2] == CM_ESC) {
			i -= 2;
			continue;
		}
		if (CX_IS_MARK(c)) {
			i--;
			continue;
		}
		*at = i;
		return c;
	}
	*at = 0;
	return -1;
}

/* Is the escape sequence CM_ESC k among the n bytes of markup at p? */
static int mark_in(const char *p, size_t n, char k)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (p[i] == CM_ESC && p[i + 1] == k)
			return 1;
	return 0;
}

/* Did the trailing markup of b (from at) close a quote? */
static size_t quote_close_at(const char *p, size_t n, size_t from)
{
	for (size_t i = from; i + 1 < n; i++)
		if (p[i] == CM_ESC && (p[i + 1] == CM_QUOTE_OFF || p[i + 1] == CM_DQUOTE_OFF))
			return i;
	return (size_t)-1;
}

/* Append s to b, the way citeproc-js joins pieces: a period after a
 * sentence end is dropped, a doubled comma, semicolon, colon or space is
 * one, and with punctuation-in-quote a comma or period that follows a
 * closing quote goes inside it. */
/* Punctuation r meeting punctuation l, as citeproc-js: 0 both stay, 1 r
 * goes, 2 r replaces l.  A repeated mark goes; a period after . ! ? : or
 * ;, a colon after ; ! or ?; ! or ? replace a colon or semicolon. */
int csl_collide(int l, int r)
{
	if (!strchr(".,;:!?", r) || !r || l < 0)
		return 0;
	if (l == r)
		return 1;
	if (r == '.' && l && strchr(".!?:;", l))
		return 1;
	if (r == ':' && l && strchr(";!?", l))
		return 1;
	if ((r == '!' || r == '?') && (l == ':' || l == ';'))
		return 2;
	return 0;
}

/* The last text character of b, past trailing markup, or -1. */
int csl_tail(const struct buf *b)
{
	size_t at;
	return b->n ? tail_char(b->p, b->n, &at) : -1;
}

/* Does b end in a child's suffix whose last mark is m (CM_SUFEND among
 * the markup after it)? */
int csl_ends_in_suffix_mark(const struct buf *b, int m)
{
	size_t at;
	if (!b->n || tail_char(b->p, b->n, &at) != m)
		return 0;
	return mark_in(b->p + at, b->n - at, CM_SUFEND);
}

/* Is the text between from and to plain: no markup of the data's (<i>,
 * nocase spans, quotes) and no quotes or apostrophes?  citeproc-js keeps
 * a plain value as one string and a rich one as pieces, and punctuation
 * from around the value meets the two differently (csl_cat_around_quote,
 * csl_into_value).  Tags of a tagged rendering are not the data's. */
static int plain_range(const char *p, size_t from, size_t to)
{
	for (size_t j = from; j < to; j++) {
		unsigned char c = (unsigned char)p[j];
		if (c == (unsigned char)CM_ESC) {
			char k = p[++j];
			if (k == CM_QUOTE || k == CM_QUOTE_OFF || k == CM_DQUOTE || k == CM_SQUOTE ||
			    k == CM_DQUOTE_OFF || k == CM_SQUOTE_OFF)
				return 0;
			if (k == CM_INQUOTE)
				break; /* the text's own suffix: not its value */
		} else if (CX_IS_MARK(c) || c == '\'' || c == '"') {
			return 0;
		} else if (c == 0xE2 && j + 2 < to && (unsigned char)p[j + 1] == 0x80 &&
		           ((unsigned char)p[j + 2] == 0x98 || (unsigned char)p[j + 2] == 0x99 ||
		            (unsigned char)p[j + 2] == 0x9C || (unsigned char)p[j + 2] == 0x9D)) {
			return 0; /* ‘ ’ “ ” */
		}
	}
	return 1;
}

int csl_plain_value(const char *s)
{
	return plain_range(s, 0, strlen(s));
}

/* Is the quoted value that closes at q (the style's CM_QUOTE_OFF) plain? */
static int quoted_plain(const char *p, size_t q)
{
	int depth = 0;
	size_t i = q;
	while (i >= 2) {
		i--;
		if (p[i - 1] != CM_ESC)
			continue;
		if (p[i] == CM_QUOTE_OFF)
			depth++;
		else if (p[i] == CM_QUOTE && !depth--)
			break;
	}
	return plain_range(p, i + 1, q);
}

/* Mark r after mark l, as citeproc-js merges two marks where a suffix
 * meets the punctuation after it: "" when l == r (one goes), else the
 * one or two marks left ("?" of "?" and ".", ".:" of "." and ":"). */
static const char *merge_marks(int l, int r)
{
	static const char order[] = "!?.:,;";
	static const char *const tab[6][6] = {
		/* r:  !      ?      .      :      ,      ;   */
		{"", "!?", "!", "!", "!,", "!;"},    /* l = ! */
		{"?!", "", "?", "?", "?,", "?;"},    /* l = ? */
		{".!", ".?", "", ".:", ".,", ".;"},  /* l = . */
		{"!", "?", ":", "", ":,", ":;"},     /* l = : */
		{",!", ",?", ",.", ",:", "", ",;"},  /* l = , */
		{"!", "?", ";", ";", ";,", ""},      /* l = ; */
	};
	const char *a = l > 0 ? strchr(order, l) : NULL, *b = r > 0 ? strchr(order, r) : NULL;
	return a && b ? tab[a - order][b - order] : NULL;
}

/* p, the first mark of the suffix of a group, macro call or layout, of a
 * delimiter after a group or macro call, or of a prefix right after one,
 * where the last piece inside is a plain value (a text of a variable, a
 * term, a label) with a suffix of its own that ends in a mark (CM_VALEND
 * before that suffix, CM_SUFEND after it).  As citeproc-js, when p and
 * the suffix's last mark make one mark (";" and "." make ";"), p goes
 * down to the end of the value, before its suffix, and meets the value's
 * last character there: "in" with suffix ":" and "." gives "in.:",
 * "Del." gives "Del.:", "Why?" gives "Why?:".  Returns 1 when it took p. */
int csl_into_value(struct buf *b, int p)
{
	if (p <= 0 || !strchr(".,;:!?", p) || b->n < 4)
		return 0;
	size_t v = (size_t)-1, e = (size_t)-1;
	for (size_t i = b->n; i >= 2; i--)
		if (b->p[i - 2] == CM_ESC && b->p[i - 1] == CM_VALEND) {
			v = i - 2;
			break;
		}
	if (v == (size_t)-1)
		return 0;
	for (size_t i = v + 2; i + 1 < b->n && e == (size_t)-1; i++)
		if (b->p[i] == CM_ESC && b->p[i + 1] == CM_SUFEND)
			e = i;
	if (e == (size_t)-1)
		return 0;
	/* nothing but markup after the suffix: the value's piece is the last */
	for (size_t i = e + 2; i < b->n; i += csl_mark_len(b->p + i))
		if (!csl_mark_len(b->p + i))
			return 0;
	size_t at;
	const char *m = merge_marks(tail_char(b->p, e, &at), p);
	if (!m || at <= v || strlen(m) != 1)
		return 0;
	int c = tail_char(b->p, v, &at);
	if (c < 0)
		return 0;
	m = merge_marks(c, p);
	if (m && !*m)
		return 1; /* the same mark: one goes */
	if (m) {
		/* c becomes what the two make ("?" and "." make "?") */
		size_t mn = strlen(m);
		buf_put(b, "  ", mn - 1); /* room */
		memmove(b->p + at - 1 + mn, b->p + at, b->n - (mn - 1) - at);
		memcpy(b->p + at - 1, m, mn);
		v += mn - 1;
	} else {
		buf_putc(b, 0);
		memmove(b->p + at + 1, b->p + at, b->n - 1 - at);
		b->p[at] = (char)p;
		v++;
	}
	/* the value's new last mark meets the first of an undecorated
	 * suffix right after it ("Alpha:" and "?" give "Alpha?") */
	size_t s0 = v + 2;
	while (s0 + 1 < b->n && b->p[s0] == CM_ESC && b->p[s0 + 1] == CM_TAG_OFF)
		s0 += 2;
	int x = tail_char(b->p, v, &at);
	if (s0 >= b->n || !strchr(".,;:!?", b->p[s0]) || !(m = merge_marks(x, b->p[s0])) || strlen(m) > 1)
		return 1;
	if (*m)
		b->p[at - 1] = *m;
	memmove(b->p + s0, b->p + s0 + 1, b->n - s0 - 1);
	b->n--;
	return 1;
}

/* Where the closing quotes after b's last mark (at) begin, the innermost
 * first (a quote in the value inside the style's), when the style's own
 * closing quote is among them; (size_t)-1 when it is not. */
static size_t closing_quote(const struct buf *b, size_t at)
{
	size_t q = (size_t)-1;
	int style_quote = 0;
	for (size_t i = at; i + 1 < b->n; i++)
		if (b->p[i] == CM_ESC && (b->p[i + 1] == CM_QUOTE_OFF || b->p[i + 1] == CM_DQUOTE_OFF ||
		                          b->p[i + 1] == CM_SQUOTE_OFF)) {
			if (q == (size_t)-1)
				q = i;
			style_quote |= b->p[i + 1] == CM_QUOTE_OFF;
		}
	return style_quote ? q : (size_t)-1;
}

/* s, the suffix of a group or macro call whose text ends in a quoted
 * text, or the delimiter after it, with punctuation-in-quote: as
 * citeproc-js, its first mark goes down to the quoted text however deep.
 * When the text's value is plain (quoted_plain) the mark joins the value
 * whatever it is ("“Letters:”", "“Letters;”"), right after it and before
 * what the text's own suffix moved in (CM_INQUOTE: "“Letters.,”" of a
 * "," inside and a "." around), where it meets the value's last mark
 * ("“Why?,”").  When the value is rich it joins the text's own suffix
 * instead: after what that moved in ("“Letter’s,.”"), and a colon or
 * semicolon stays outside the quote as a suffix's does ("“Letter’s”:").
 * Without punctuation-in-quote the mark stays outside
 * but meets the quoted text's last mark all the same ("‘Why?’ Pub", where
 * the text's own suffix keeps apart: "‘Why?’. Pub").  Returns 0, having
 * done nothing, when b ends in no style's closing quote. */
int csl_cat_around_quote(struct buf *b, const char *s, int piq)
{
	int r = (unsigned char)*s;
	size_t at;
	if (!r || !strchr(".,;:!?", r) || !b->n || tail_char(b->p, b->n, &at) < 0)
		return 0;
	size_t q = closing_quote(b, at);
	if (q == (size_t)-1)
		return 0;
	if (!piq) {
		size_t a2;
		if (csl_collide(tail_char(b->p, q, &a2), r) != 1)
			return 0;
		buf_put(b, s + 1, strlen(s + 1));
		return 1;
	}
	int plain = quoted_plain(b->p, q);
	if (!plain && (r == ':' || r == ';')) {
		/* it meets the value's last mark when the text has no suffix
		 * of its own ("“Why’s it?”"), else it stays outside */
		size_t a2;
		if (mark_in(b->p + (q >= 12 ? q - 12 : 0), q - (q >= 12 ? q - 12 : 0), CM_INQUOTE) ||
		    csl_collide(tail_char(b->p, q, &a2), r) != 1)
			return 0;
		buf_put(b, s + 1, strlen(s + 1));
		return 1;
	}
	/* where the text's own moved marks start, a few bytes before */
	size_t ins = q;
	for (size_t i = q >= 12 ? q - 12 : 0; plain && i + 1 < q; i++)
		if (b->p[i] == CM_ESC && b->p[i + 1] == CM_INQUOTE)
			ins = i;
	size_t at2, at3;
	int l = tail_char(b->p, ins, &at2);
	int c = csl_collide(l, r);
	/* a mark the text's own suffix moved in takes the same mark
	 * ("“Title.”" of "." inside and "." around) */
	if (ins < q && csl_collide(tail_char(b->p, q, &at3), r) == 1)
		c = 1;
	if (c == 1) {
		buf_put(b, s + 1, strlen(s + 1));
		return 1;
	}
	if (c == 2)
		b->p[at2 - 1] = (char)r;
	char tail[64];
	size_t tn = b->n - ins;
	if (c == 0) {
		if (tn >= sizeof tail)
			return 0;
		memcpy(tail, b->p + ins, tn);
		b->n = ins;
		buf_putc(b, (char)r);
		buf_put(b, tail, tn);
	}
	buf_put(b, s + 1, strlen(s + 1));
	return 1;
}

/* r, the mark a prefix starts with, after a group or macro call whose
 * text ends in a quoted text, without punctuation-in-quote: as
 * citeproc-js moves it to the group's suffix and from there down to the
 * value however deep, when r and the value's last mark make one mark
 * ("?" and "." make "?", ":" and "?" make "?") they become that mark
 * inside the quote ("‘Why?’ Pub"); two marks (".:") stay apart.
 * Returns 1 when it took r. */
int csl_mark_into_quote(struct buf *b, int r)
{
	size_t at;
	if (r <= 0 || !strchr(".,;:!?", r) || !b->n || tail_char(b->p, b->n, &at) < 0)
		return 0;
	size_t q = closing_quote(b, at);
	if (q == (size_t)-1)
		return 0;
	size_t a2;
	int l = tail_char(b->p, q, &a2);
	const char *m = merge_marks(l, r);
	if (!m || strlen(m) > 1)
		return 0;
	if (*m)
		b->p[a2 - 1] = *m;
	return 1;
}

/* Append s, an affixed text, to b, which ends in its prefix: as
 * citeproc-js keeps a prefix and the text or first prefix inside it
 * apart, only a space doubled across the two goes ("[S.l.];:" stays). */
void csl_cat_prefixed(struct buf *b, const char *s)
{
	size_t i = 0;
	int keep = 0; /* a value's own blank (CM_NOPUNCT) stays */
	while (s[i] && csl_mark_len(s + i) && csl_mark_dir(s + i) >= 0) {
		keep |= s[i] == CM_ESC && s[i + 1] == CM_NOPUNCT;
		i += csl_mark_len(s + i);
	}
	if (s[i] == ' ' && b->n && b->p[b->n - 1] == ' ' && !keep) {
		buf_put(b, s, i);
		s += i + 1;
	} else if ((unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xA0 && b->n &&
	           (b->p[b->n - 1] == ' ' || (unsigned char)b->p[b->n - 1] == 0xA0)) {
		/* a prefix's blank before a no-break space: citeproc-js
		 * escapes the two strings apart, not as a pair of blanks */
		buf_putc(b, CM_ESC);
		buf_putc(b, CM_PIECE);
	}
	buf_put(b, s, strlen(s));
}

void csl_cat(struct buf *b, const char *s, int punct_in_quote)
{
	if (!s || !*s)
		return;
	size_t i = 0;
	int keep = 0;
	/* the first text byte of s, past opening markup */
	while (s[i] && csl_mark_len(s + i) && csl_mark_dir(s + i) >= 0) {
		keep |= s[i] == CM_ESC && s[i + 1] == CM_NOPUNCT;
		i += csl_mark_len(s + i);
	}
	int r = (unsigned char)s[i];
	if (keep || (r != ' ' && r != '.' && r != ',' && r != ';' && r != ':' && r != '!' && r != '?')) {
		/* text that starts with neither space nor punctuation, or whose
		 * punctuation stays (CM_NOPUNCT), joins as it is */
		buf_put(b, s, strlen(s));
		return;
	}
	size_t at;
	int l = b->n ? tail_char(b->p, b->n, &at) : -1;
	if (l >= 0 && r) {
		/* a blank that ends a value's text stays beside another
		 * (CM_NOPUNCT after it) */
		int drop = r == ' ' && l == ' ' && !mark_in(b->p + at, b->n - at, CM_NOPUNCT) &&
		           !mark_in(b->p + at, b->n - at, CM_DECOBLANK);
		size_t q;
		if (!drop && punct_in_quote && strchr(".,!?", r) && at < b->n &&
		    (q = quote_close_at(b->p, b->n, at)) != (size_t)-1) {
			/* “Title,” : move the punctuation inside the quote */
			size_t at2;
			int inner = tail_char(b->p, q, &at2);
			/* and inside the font formatting the style puts within
			 * the quotes ("“<i>Title,</i>”"), as citeproc-js; not
			 * inside the value's own markup ("<i>Beginner</i>.”") */
			while (q > at && q >= 2 && b->p[q - 2] == CM_ESC && b->p[q - 1] != CM_QUOTE_OFF &&
			       b->p[q - 1] != CM_DQUOTE_OFF && b->p[q - 1] != CM_TAG_OFF &&
			       b->p[q - 1] != CM_DISPLAY_OFF && csl_mark_dir(b->p + q - 2) < 0)
				q -= 2;
			buf_put(b, s, i); /* opening markup of s first */
			char tail[64];
			size_t tn = b->n - q;
			if (tn < sizeof tail) {
				memcpy(tail, b->p + q, tn);
				b->n = q;
				int c = csl_collide(inner, r);
				if (c == 2) {
					b->p[at2 - 1] = (char)r;
				} else if (c == 0) {
					if (!mark_in(b->p + at2, q - at2, CM_INQUOTE)) {
						buf_putc(b, CM_ESC);
						buf_putc(b, CM_INQUOTE);
					}
					buf_putc(b, (char)r);
				}
				buf_put(b, tail, tn);
				buf_put(b, s + i + 1, strlen(s + i + 1));
				return;
			}
			b->n -= i;
		}
		/* the table's other rules, only for a mark standing alone ("! ",
		 * "."), not one that starts text ("??-??") */
		int alone = !s[i + 1] || s[i + 1] == ' ' || csl_mark_len(s + i + 1) || strchr(",;:", r);
		/* a closing quote the punctuation stays outside of keeps it
		 * apart from the value's own ("why?”: J.") but for the same
		 * mark twice ("etc.’" with "." is "etc.’"), as citeproc-js;
		 * what a suffix moved inside (CM_SUFEND) meets it as usual */
		int outside = at < b->n && quote_close_at(b->p, b->n, at) != (size_t)-1 &&
		              !mark_in(b->p + at, b->n - at, CM_SUFEND) &&
		              !(punct_in_quote && strchr(".,!?", r));
		/* a decorated text's suffix punctuation meets no prefix's
		 * (CM_DECOBLANK after it, render.c) */
		int deco = l != ' ' && mark_in(b->p + at, b->n - at, CM_DECOBLANK);
		if (!drop && !deco && !(outside && l != r) && (alone || l == r || (r == '.' && (l == '!' || l == '?' || l == '.')))) {
			drop = csl_collide(l, r);
			if (drop == 2) {
				/* l goes; r comes as if l had not been there */
				memmove(b->p + at - 1, b->p + at, b->n - at);
				b->n--;
				csl_cat(b, s, punct_in_quote);
				return;
			}
		}
		if (drop) {
			buf_put(b, s, i);
			if (r == ' ' && (s[i + 1] == ' ' || ((unsigned char)s[i + 1] == 0xC2 &&
			                                     (unsigned char)s[i + 2] == 0xA0))) {
				/* the rest of a run of blanks is escaped on its
				 * own, as citeproc-js escapes each string */
				buf_putc(b, CM_ESC);
				buf_putc(b, CM_PIECE);
			}
			buf_put(b, s + i + 1, strlen(s + i + 1));
			return;
		}
	}
	buf_put(b, s, strlen(s));
}
