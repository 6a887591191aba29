/* norm/names.c - BibTeX name lists: "A and B", then "First von Last" per name.
 *
 * A BibTeX names field is a list joined by the word "and" at brace depth 0.
 * Each name is split into four parts the way the bibtex program does it
 * (bibtex.web, "format.name$"): words are separated by white space, ties
 * and hyphens at depth 0, commas pick one of three forms ("First von Last",
 * "von Last, First", "von Last, Jr, First"), and the von part is found from
 * the case of each word's first letter.  Where bibtex.web and pybtex differ
 * in small details, pybtex wins (it is our test oracle): "\ " (control
 * space) separates words, "\~" is an accent and not a tie, a word opening
 * with a special character such as {\"u} takes the case of the first letter
 * after the control sequence, and a non-ASCII first letter has its Unicode
 * case.  Hyphens, as in bibtex.web, split words for case only: a part is
 * always a substring of the input, separators included.
 *
 * Everything is one linear pass with an explicit depth counter (no
 * recursion), so 10k-deep braces or a list of 100k names cost no stack.
 * names_parse then decodes each part with latex_text into the arena.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/str.h"
#include "core/utf8.h"
#include "norm/norm.h"

/* ---- characters ------------------------------------------------------- */

static int is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Length of a Unicode white-space character encoded at s (0 if none).
 * pybtex splits on Python's \s, which includes U+00A0 and the U+2000
 * spaces; a name typed with a no-break space should split the same way. */
static size_t uni_space(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n >= 2 && u[0] == 0xC2 && u[1] == 0xA0)
		return 2;
	if (n >= 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] <= 0x8A || u[2] == 0xAF))
		return 3;
	if (n >= 3 && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80)
		return 3;
	return 0;
}

enum { CP_OTHER, CP_CASELESS, CP_UPPER, CP_LOWER };

/* Upper case on even code points, lower case on odd ones (or the reverse
 * with upper_odd): the layout of most Latin, Greek and Cyrillic blocks. */
static int cp_alt(uint32_t c, int upper_odd)
{
	return (int)(c & 1) == upper_odd ? CP_UPPER : CP_LOWER;
}

/* U+0180..U+024F and U+2C60..U+2C7F have no pattern; these strings list
 * each code point's Python case (U upper, l lower, a caseless letter). */
static const char latin_ext_b[] =
	"lUUlUlUUlUUUllUUUUlUUlUUUlllUUlUUlUlUlUUlUllUlUUlUUU"
	"lUlUUllaUlllaaaaUalUalUalUlUlUlUlUlUlUlUllUlUlUlUlUl"
	"UlUlUlUllUalUlUUUlUlUlUlUlUlUlUlUlUlUlUlUlUlUlUlUlUl"
	"UlUlUlUlUlUlUlUlUlUlUlUlllllllUUlUUllUlUUUUlUlUlUlUl";
static const char latin_ext_c[] = "UlUUUllUlUlUlUUUUlUllUllllllllUU";

static int cp_table(char k)
{
	return k == 'U' ? CP_UPPER : k == 'l' ? CP_LOWER : CP_CASELESS;
}

/* Greek and Coptic, U+0370 to U+03FF. */
static int cp_greek(uint32_t c)
{ /* Greek */
	if (c <= 0x373)
		return cp_alt(c, 0);
	if (c == 0x376)
		return CP_UPPER;
	if (c == 0x377 || (c >= 0x37B && c <= 0x37D) || c == 0x390)
		return CP_LOWER;
	if (c == 0x37F || c == 0x386 || (c >= 0x388 && c <= 0x38A) || c == 0x38C ||
	    c == 0x38E || c == 0x38F || (c >= 0x391 && c <= 0x3AB && c != 0x3A2))
		return CP_UPPER;
	if (c >= 0x3AC && c <= 0x3CE)
		return CP_LOWER;
	if (c == 0x3CF || (c >= 0x3D2 && c <= 0x3D4))
		return CP_UPPER;
	if (c == 0x3D0 || c == 0x3D1 || (c >= 0x3D5 && c <= 0x3D7))
		return CP_LOWER;
	if (c >= 0x3D8 && c <= 0x3EF)
		return cp_alt(c, 0);
	if ((c >= 0x3F0 && c <= 0x3F3) || c == 0x3F5 || c == 0x3F8 || c == 0x3FB || c == 0x3FC)
		return CP_LOWER;
	if (c == 0x3F4 || c == 0x3F7 || c == 0x3F9 || c == 0x3FA || c >= 0x3FD)
		return CP_UPPER;
	return CP_OTHER;
}

/* Cyrillic and its supplement, U+0400 to U+052F. */
static int cp_cyrillic(uint32_t c)
{ /* Cyrillic */
	if (c < 0x430)
		return CP_UPPER;
	if (c < 0x460)
		return CP_LOWER;
	if (c <= 0x481)
		return cp_alt(c, 0);
	if (c < 0x48A)
		return CP_OTHER;
	if (c <= 0x4BF)
		return cp_alt(c, 0);
	if (c == 0x4C0)
		return CP_UPPER;
	if (c <= 0x4CE)
		return cp_alt(c, 1);
	if (c == 0x4CF)
		return CP_LOWER;
	return cp_alt(c, 0);
}

/* Greek Extended, U+1F00 to U+1FFF. */
static int cp_greek_ext(uint32_t c)
{ /* Greek Extended */
	unsigned lo = c & 0xF;
	if (c < 0x1F70)
		return lo < 8 ? CP_LOWER : CP_UPPER;
	if (c < 0x1F80)
		return CP_LOWER;
	if (c < 0x1FB0) /* titlecase with iota subscript */
		return lo < 8 ? CP_LOWER : CP_CASELESS;
	if (c == 0x1FBC || c == 0x1FCC || c == 0x1FFC)
		return CP_CASELESS;
	if (c == 0x1FBE)
		return CP_LOWER;
	if (lo >= 8 && lo <= 0xB)
		return CP_UPPER;
	if (c == 0x1FEC)
		return CP_UPPER;
	if (lo < 8 && c != 0x1FB5 && c != 0x1FC5 && c != 0x1FC0 && c != 0x1FC1 &&
	    c != 0x1FD4 && c != 0x1FD5 && c != 0x1FF0 && c != 0x1FF1 && c != 0x1FF5)
		return CP_LOWER;
	return CP_OTHER;
}

/* The case of a code point as Python's str.isupper / islower / isalpha see
 * it, for the scripts that have case (Latin, Greek, Cyrillic, Armenian,
 * Georgian, Cherokee, Glagolitic, Coptic, Deseret, fullwidth Latin).  Any
 * other letter is caseless; punctuation, symbols and marks are "other".
 * A name's von part depends only on this. */
static int cp_class(uint32_t c)
{
	if (c < 0x80) {
		if (c >= 'A' && c <= 'Z')
			return CP_UPPER;
		if (c >= 'a' && c <= 'z')
			return CP_LOWER;
		return CP_OTHER;
	}
	if (c < 0xC0)
		return c == 0xAA || c == 0xB5 || c == 0xBA ? CP_LOWER : CP_OTHER;
	if (c <= 0xDE)
		return c == 0xD7 ? CP_OTHER : CP_UPPER;
	if (c <= 0xFF)
		return c == 0xF7 ? CP_OTHER : CP_LOWER;
	if (c < 0x180) { /* Latin Extended-A */
		if (c <= 0x137)
			return cp_alt(c, 0);
		if (c == 0x138 || c == 0x149 || c == 0x17F)
			return CP_LOWER;
		if (c <= 0x148)
			return cp_alt(c, 1);
		if (c <= 0x177)
			return cp_alt(c, 0);
		if (c == 0x178)
			return CP_UPPER;
		return cp_alt(c, 1);
	}
	if (c < 0x250)
		return cp_table(latin_ext_b[c - 0x180]);
	if (c < 0x2B0) /* IPA */
		return c == 0x294 ? CP_CASELESS : CP_LOWER;
	if (c < 0x370) /* modifier letters, combining marks */
		return CP_OTHER;
	if (c < 0x400)
		return cp_greek(c);
	if (c < 0x530)
		return cp_cyrillic(c);
	if (c >= 0x531 && c <= 0x556) /* Armenian */
		return CP_UPPER;
	if (c >= 0x560 && c <= 0x588)
		return CP_LOWER;
	if (c >= 0x591 && c <= 0x5C7) /* Hebrew points */
		return CP_OTHER;
	if (c >= 0x10A0 && c <= 0x10CD) /* Georgian */
		return c <= 0x10C5 || c == 0x10C7 || c == 0x10CD ? CP_UPPER : CP_OTHER;
	if (c >= 0x10D0 && c <= 0x10FF)
		return c == 0x10FB ? CP_OTHER : c == 0x10FC ? CP_CASELESS : CP_LOWER;
	if (c >= 0x13A0 && c <= 0x13FD) /* Cherokee */
		return c <= 0x13F5 ? CP_UPPER : c >= 0x13F8 ? CP_LOWER : CP_OTHER;
	if (c >= 0x1C80 && c <= 0x1C88)
		return CP_LOWER;
	if (c >= 0x1C90 && c <= 0x1CBF)
		return c == 0x1CBB || c == 0x1CBC ? CP_OTHER : CP_UPPER;
	if (c >= 0x1D00 && c <= 0x1DBF) /* phonetic extensions */
		return CP_LOWER;
	if (c >= 0x1DC0 && c <= 0x1DFF)
		return CP_OTHER;
	if (c >= 0x1E00 && c <= 0x1EFF) { /* Latin Extended Additional */
		if (c >= 0x1E96 && c <= 0x1E9D)
			return CP_LOWER;
		if (c == 0x1E9E)
			return CP_UPPER;
		if (c == 0x1E9F)
			return CP_LOWER;
		return cp_alt(c, 0);
	}
	if (c >= 0x1F00 && c <= 0x1FFF)
		return cp_greek_ext(c);
	if (c >= 0x2000 && c <= 0x2BFF) /* punctuation, symbols, arrows */
		return CP_OTHER;
	if (c >= 0x2C00 && c <= 0x2C5F) /* Glagolitic */
		return c <= 0x2C2F ? CP_UPPER : CP_LOWER;
	if (c >= 0x2C60 && c <= 0x2C7F)
		return cp_table(latin_ext_c[c - 0x2C60]);
	if (c >= 0x2C80 && c <= 0x2CE3) /* Coptic */
		return cp_alt(c, 0);
	if (c >= 0x2D00 && c <= 0x2D2D)
		return CP_LOWER;
	if (c >= 0x2E00 && c <= 0x2E7F)
		return CP_OTHER;
	if (c >= 0x3000 && c <= 0x303F) /* CJK punctuation */
		return CP_OTHER;
	if ((c >= 0xA640 && c <= 0xA66D) || (c >= 0xA680 && c <= 0xA69B) ||
	    (c >= 0xA722 && c <= 0xA72F) || (c >= 0xA732 && c <= 0xA76F))
		return cp_alt(c, 0);
	if (c >= 0xD800 && c <= 0xF8FF) /* surrogates, private use */
		return CP_OTHER;
	if (c >= 0xFE00 && c <= 0xFE6F)
		return CP_OTHER;
	if (c >= 0xFF00 && c <= 0xFF65) { /* fullwidth forms */
		if (c >= 0xFF21 && c <= 0xFF3A)
			return CP_UPPER;
		if (c >= 0xFF41 && c <= 0xFF5A)
			return CP_LOWER;
		return CP_OTHER;
	}
	if (c >= 0xFFF0 && c <= 0xFFFF)
		return CP_OTHER;
	if (c >= 0x10400 && c <= 0x1044F) /* Deseret */
		return c <= 0x10427 ? CP_UPPER : CP_LOWER;
	if (c >= 0x1F000 && c <= 0x1FBFF) /* emoji and pictographs */
		return CP_OTHER;
	if (c >= 0xE0000)
		return CP_OTHER;
	return CP_CASELESS;
}

/* ---- the case of a word ------------------------------------------------ */

/* A special character {\cs ...} at brace depth 1, starting at its backslash:
 * lower case when the first letter after the control sequence name is.
 * {\"u} and {\sltt xDVIx} are lower; {\TeX} and {\o} have no such letter,
 * and count as not lower (pybtex, not bibtex.web's foreign-letter table). */
static int special_is_lower(const char *w, size_t i, size_t n)
{
	int in_cs = 1;
	size_t depth = 1, len;

	for (i++; i < n; i += len) {
		unsigned char ch = (unsigned char)w[i];
		len = 1;
		if (ch == '{') {
			depth++;
			in_cs = 0;
			continue;
		}
		if (ch == '}') {
			if (--depth == 0)
				break;
			in_cs = 0;
			continue;
		}
		int k = cp_class(utf8_next(w + i, n - i, &len));
		if (in_cs) {
			if (k == CP_OTHER)
				in_cs = 0; /* the terminator itself is never a letter */
		} else if (k != CP_OTHER) {
			return k == CP_LOWER;
		}
	}
	return 0;
}

/* Whether a word belongs to the von part: the first letter at brace depth
 * 0 decides, a special character counts as its letter, other brace groups
 * are skipped.  Inside an ordinary group pybtex sees a backslash at depth 1
 * as an empty special character and answers "not lower"; we do the same. */
static int word_is_von(const char *w, size_t n)
{
	size_t i = 0, depth = 0, len;

	while (i < n) {
		unsigned char ch = (unsigned char)w[i];
		len = 1;
		if (ch == '{') {
			if (depth == 0 && i + 1 < n && w[i + 1] == '\\')
				return special_is_lower(w, i + 1, n);
			depth++;
		} else if (ch == '}') {
			if (depth > 0)
				depth--;
		} else if (depth == 1 && ch == '\\') {
			return 0;
		} else if (depth == 0) {
			int k = cp_class(utf8_next(w + i, n - i, &len));
			if (k != CP_OTHER)
				return k == CP_LOWER;
		}
		i += len;
	}
	return 0;
}

/* ---- the list ---------------------------------------------------------- */

static int is_and(const char *s)
{
	return (s[0] == 'a' || s[0] == 'A') && (s[1] == 'n' || s[1] == 'N') &&
	       (s[2] == 'd' || s[2] == 'D');
}

/* Trim a name and hand it on; empty names ("A and and B") are dropped. */
static size_t emit_name(const char *s, size_t b, size_t e,
                        void (*fn)(void *ctx, const char *s, size_t n), void *ctx)
{
	while (b < e && is_ws((unsigned char)s[b]))
		b++;
	while (e > b && is_ws((unsigned char)s[e - 1]))
		e--;
	if (b == e)
		return 0;
	fn(ctx, s + b, e - b);
	return 1;
}

/* The first i from i where the split has something to do: a brace, or a
 * byte before "and" in either case (the split tests the white space
 * around it); n if none.  Every other byte the split passes by. */
static size_t list_next(const char *s, size_t i, size_t n)
{
#if defined(BYTES_VECTOR)
	/* Blocks of sixteen, each with the three blocks one to three bytes
	 * on; the last one ends where "and" can last begin, and overlaps the
	 * block before it (its bytes before i are masked off). */
	const bv16 low = _mm_set1_epi8(0x20);
	while (n >= 19 && i < n - 3) {
		size_t b = i + 19 <= n ? i : n - 19;
		bv16 v = bv_load(s + b);
		bv16 a = bv_eq(bv_or(bv_load(s + b + 1), low), 'a');
		bv16 nd = bv_and(bv_eq(bv_or(bv_load(s + b + 2), low), 'n'),
		                 bv_eq(bv_or(bv_load(s + b + 3), low), 'd'));
		unsigned m = bv_mask(bv_or(bv_or(bv_eq(v, '{'), bv_eq(v, '}')), bv_and(a, nd)));
		m &= 0xFFFFu << (i - b);
		if (m)
			return b + (size_t)__builtin_ctz(m);
		i = b + 16;
	}
#endif
	for (; i < n; i++)
		if (s[i] == '{' || s[i] == '}' || (n - i >= 4 && is_and(s + i + 1)))
			return i;
	return n;
}

size_t names_split_list(const char *s, size_t n,
                        void (*fn)(void *ctx, const char *s, size_t n), void *ctx)
{
	size_t depth = 0, start = 0, count = 0, i;

	for (i = 0; i < n; i++) {
		if ((i = list_next(s, i, n)) == n)
			break;
		char c = s[i];
		if (c == '{') {
			depth++;
		} else if (c == '}') {
			/* A stray closing brace must not push later "and"s
			 * out of depth 0. */
			if (depth > 0)
				depth--;
		} else if (depth == 0 && is_ws((unsigned char)c) && n - i >= 5 &&
		           is_and(s + i + 1) && is_ws((unsigned char)s[i + 4])) {
			count += emit_name(s, start, i, fn, ctx);
			/* Resume on the white space after "and", so that it can
			 * open the next separator in "A and and B". */
			start = i + 4;
			i += 3;
		}
	}
	count += emit_name(s, start, n, fn, ctx);
	return count;
}

/* ---- one name ---------------------------------------------------------- */

struct tok {
	size_t b, e;  /* the word is s[b..e) */
	int hyphen;   /* the last separator before it was a hyphen */
};

struct toks {
	struct tok *v;
	size_t n, cap;
	struct tok local[32]; /* most names fit: no heap at all */
};

static void tok_grow(struct toks *t)
{
	size_t cap = t->cap * 2;
	struct tok *v = xmalloc(cap * sizeof *v);
	memcpy(v, t->v, t->n * sizeof *v);
	if (t->v != t->local)
		free(t->v);
	t->v = v;
	t->cap = cap;
}

/* Inline: a name has a few words, which fit the local array. */
static inline struct tok *tok_push(struct toks *t)
{
	if (t->n == t->cap)
		tok_grow(t);
	return &t->v[t->n++];
}

/* The substring covering words [a, b), separators between them included. */
static inline cx_str span(const char *s, size_t n, const struct toks *t, size_t a, size_t b)
{
	if (a >= b)
		return (cx_str){s + (a < t->n ? t->v[a].b : n), 0};
	return (cx_str){s + t->v[a].b, t->v[b - 1].e - t->v[a].b};
}

static int tok_von(const char *s, const struct tok *k)
{
	return word_is_von(s + k->b, k->e - k->b);
}

/* Split words [0, end) of "von Last": von runs up to the last lower-case
 * word before the final one, which is always Last. */
static size_t von_end(const char *s, const struct toks *t, size_t end)
{
	size_t ve;

	if (end == 0)
		return 0;
	ve = end - 1;
	while (ve > 0 && !tok_von(s, &t->v[ve - 1]))
		ve--;
	return ve;
}

/* The bytes the tokenizer below must look at: separators (',', white
 * space, '~', "\\ ", '-', the first byte of a Unicode space), a '\\'
 * that may make one, and a '{' that opens a group.  Any other byte
 * extends the word it is in. */
static const unsigned char word_special[256] = {
	[','] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\v'] = 1, ['\f'] = 1,
	['~'] = 1, ['\\'] = 1, ['-'] = 1, ['{'] = 1, [0xC2] = 1, [0xE2] = 1, [0xE3] = 1,
};

const char *names_split_raw(const char *s, size_t n, struct name_raw *out)
{
	struct toks t;
	size_t i = 0, ncommas = 0, comma[2] = {0, 0};
	size_t first_b, vs, ve, k;
	int starting = 1, hyphen = 0;
	const char *err = NULL;

	if (!s)
		s = "";
	t.v = t.local;
	t.n = 0;
	t.cap = sizeof t.local / sizeof t.local[0];

	/* Tokenize.  A word is a maximal run without separators at depth 0;
	 * a brace group belongs to the word it touches. */
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		size_t sp;
		if (!word_special[c]) {
			/* The bytes that can only go on a word, in one run. */
			if (starting) {
				struct tok *w = tok_push(&t);
				w->b = i;
				w->hyphen = hyphen;
				starting = 0;
			}
			for (i++; i < n && !word_special[(unsigned char)s[i]]; i++)
				;
			t.v[t.n - 1].e = i;
			continue;
		}
		if (c == ',') {
			if (ncommas < 2)
				comma[ncommas] = t.n;
			ncommas++;
			starting = 1;
			hyphen = 0;
			i++;
			continue;
		}
		if (is_ws(c) || (c == '~' && (i == 0 || s[i - 1] != '\\')) ||
		    (c == '\\' && i + 1 < n && s[i + 1] == ' ')) {
			starting = 1;
			hyphen = 0;
			i += c == '\\' ? 2 : 1;
			continue;
		}
		if ((sp = uni_space(s + i, n - i)) != 0) {
			starting = 1;
			hyphen = 0;
			i += sp;
			continue;
		}
		if (c == '-' && (i == 0 || s[i - 1] != '\\')) {
			starting = 1;
			hyphen = 1;
			i++;
			continue;
		}
		if (starting) {
			struct tok *w = tok_push(&t);
			w->b = i;
			w->hyphen = hyphen;
			starting = 0;
		}
		if (c == '{') {
			/* Skip the whole group: nothing inside separates. */
			size_t depth = 1;
			for (i++; i < n && depth > 0; i++) {
				if (s[i] == '{')
					depth++;
				else if (s[i] == '}')
					depth--;
			}
		} else {
			i++;
		}
		t.v[t.n - 1].e = i;
	}

	if (ncommas > 0 && ncommas <= 2 && comma[ncommas - 1] == t.n) {
		/* A comma with no word after it: bibtex reports it and reads
		 * the name as if it were not there ("Ada Lovelace," is First
		 * Ada, Last Lovelace). */
		ncommas--;
		err = "comma at the end of name";
	}
	if (ncommas == 0) {
		/* First von Last.  von starts at the first lower-case word
		 * (never the final one) and ends after the last lower-case word
		 * before the final one. */
		k = t.n;
		vs = 0;
		while (vs + 1 < k && !tok_von(s, &t.v[vs]))
			vs++;
		if (vs + 1 < k) {
			ve = k - 1;
			while (ve > vs && !tok_von(s, &t.v[ve - 1]))
				ve--;
		} else {
			/* No von: Last is the final word, extended backwards
			 * over hyphens ("Geyer-Schulz"). */
			vs = k ? k - 1 : 0;
			while (vs > 0 && t.v[vs].hyphen)
				vs--;
			ve = vs;
		}
		out->first = span(s, n, &t, 0, vs);
		out->von = span(s, n, &t, vs, ve);
		out->last = span(s, n, &t, ve, k);
		out->jr = span(s, n, &t, k, k);
	} else {
		/* von Last, [Jr,] First.  Past two commas, everything after
		 * the second one is First (pybtex joins the rest). */
		size_t last_end = comma[0];
		first_b = ncommas >= 2 ? comma[1] : comma[0];
		ve = von_end(s, &t, last_end);
		out->von = span(s, n, &t, 0, ve);
		out->last = span(s, n, &t, ve, last_end);
		out->jr = span(s, n, &t, comma[0], first_b);
		out->first = span(s, n, &t, first_b, t.n);
		if (ncommas > 2)
			err = "too many commas in name";
	}
	if (t.v != t.local)
		free(t.v);
	return err;
}

/* ---- the whole step ---------------------------------------------------- */

struct parse_ctx {
	struct arena *a;
	enum cx_particles particles;
	int plain; /* the list needs no decoding */
	struct cx_name *v;
	size_t n, cap;
};

/* Whether the name is one brace group from its first byte to its last. */
static int is_one_group(const char *s, size_t n)
{
	size_t depth = 0, i;

	if (n < 2 || s[0] != '{' || s[n - 1] != '}')
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && depth > 0 && --depth == 0)
			return i == n - 1;
	}
	return 0;
}

static cx_str decode(const struct parse_ctx *c, cx_str part)
{
	if (part.n == 0)
		return (cx_str){NULL, 0};
	if (c->plain)
		return part;
	return latex_text(c->a, part.p, part.n);
}

/* biblatex's extended name format: "family=Goethe, prefix=von,
 * useprefix=false, given=Johann Wolfgang", every part a key=value item
 * and the items apart at commas outside braces.  Returns 0 when s is not
 * in that form (its first item has no key biblatex knows). */
static int extended_name(struct parse_ctx *c, const char *s, size_t n, struct cx_name *nm)
{
	static const char *const keys[] = {"family", "given", "prefix", "suffix", "useprefix"};
	cx_str v[5] = {{NULL, 0}};
	size_t i = 0;
	while (i < n) {
		size_t j = i, eq = (size_t)-1;
		int depth = 0;
		for (; j < n && (depth || s[j] != ','); j++) {
			if (s[j] == '{')
				depth++;
			else if (s[j] == '}' && depth)
				depth--;
			else if (s[j] == '=' && !depth && eq == (size_t)-1)
				eq = j;
		}
		if (eq == (size_t)-1)
			return 0;
		cx_str key = str_trim((cx_str){s + i, eq - i});
		size_t k = 0;
		while (k < 5 && !str_ieq(key, keys[k]))
			k++;
		if (k == 5 && i == 0)
			return 0;
		if (k < 5) {
			v[k] = str_trim((cx_str){s + eq + 1, j - eq - 1});
			if (v[k].n >= 2 && v[k].p[0] == '{' && v[k].p[v[k].n - 1] == '}' &&
			    is_one_group(v[k].p, v[k].n))
				v[k] = (cx_str){v[k].p + 1, v[k].n - 2};
		}
		i = j + 1;
	}
	if (!v[0].n && !v[1].n)
		return 0;
	nm->family = decode(c, v[0]);
	nm->given = decode(c, v[1]);
	nm->particle = decode(c, v[2]);
	nm->suffix = decode(c, v[3]);
	nm->dropping = v[4].n ? str_ieq(v[4], "false") : c->particles == CX_PARTICLES_DROPPING;
	return 1;
}

/* Jr., Sr., II, III, IV: the generational suffixes names carry. */
static int is_suffix(cx_str w)
{
	static const char *const sfx[] = {"Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV", NULL};
	w = str_trim(w);
	if (w.n < 2 || w.n > 3 || (w.p[0] != 'J' && w.p[0] != 'S' && w.p[0] != 'I'))
		return 0; /* most words: no need to compare */
	for (int i = 0; sfx[i]; i++)
		if (str_eq(w, sfx[i]))
			return 1;
	return 0;
}

/* The last word of s and what comes before it. */
static cx_str last_word(cx_str s, cx_str *rest)
{
	s = str_trim(s);
	size_t i = s.n;
	while (i && s.p[i - 1] != ' ')
		i--;
	*rest = str_trim((cx_str){s.p, i});
	return (cx_str){s.p + i, s.n - i};
}

/* Can s, or its last word, be a suffix?  The last two bytes once trimmed
 * tell (r. r I I V: Jr. Jr Sr. Sr II III IV), and most names fail here,
 * before the word is looked for. */
static inline int may_end_in_suffix(cx_str s)
{
	size_t n = s.n;
	while (n && str_space((unsigned char)s.p[n - 1]))
		n--;
	if (n < 2)
		return 0;
	char c = s.p[n - 1], b = s.p[n - 2];
	if (c == '.')
		return b == 'r';
	if (c == 'r')
		return b == 'J' || b == 'S';
	return (c == 'I' || c == 'V') && b == 'I';
}

void names_suffix(struct name_raw *r)
{
	cx_str rest, w;
	if (r->jr.n)
		return;
	int in_last = may_end_in_suffix(r->last), in_first = may_end_in_suffix(r->first);
	if (!in_last && !in_first)
		return;
	if (in_first && is_suffix(r->first) && !r->von.n && (w = last_word(r->last, &rest), rest.n)) {
		/* "K. F. Ludwig, Jr." */
		r->jr = str_trim(r->first);
		r->last = w;
		r->first = rest;
	} else if (in_last && is_suffix(last_word(r->last, &rest)) && !rest.n && r->first.n &&
	           (w = last_word(r->first, &rest), rest.n || w.n) && !r->von.n) {
		/* "John R. Rumble Jr.": BibTeX's last word is the suffix. */
		r->jr = str_trim(r->last);
		r->last = w;
		r->first = rest;
	} else if (in_first && is_suffix(w = last_word(r->first, &rest)) && rest.n) {
		/* "Rumble, John R. Jr." */
		r->jr = w;
		r->first = rest;
	}
}

/* "et al." typed as a name ("A and B and et al."): what BibTeX writes
 * "and others", as the RIS reader reads AU "et al." (DESIGN 3). */
static int typed_etal(const char *s, size_t n)
{
	static const char *const forms[] = {"et al.", "et al", "et. al.", "etal", "et alii"};
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
		if (strlen(forms[i]) == n && str_ieqn(s, forms[i], n))
			return 1;
	return 0;
}

static void add_name(void *vctx, const char *s, size_t n)
{
	struct parse_ctx *c = vctx;
	struct cx_name *nm;

	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4;
		c->v = arena_grow(c->a, c->v, sizeof *c->v, c->n, cap);
		c->cap = cap;
	}
	nm = &c->v[c->n++];
	memset(nm, 0, sizeof *nm);

	if ((n == 6 && memcmp(s, "others", 6) == 0) || typed_etal(s, n)) {
		nm->others = 1;
	} else if (memchr(s, '=', n) && extended_name(c, s, n, nm)) {
		/* done */
	} else if (is_one_group(s, n)) {
		/* {World Health Organization}: decode the inside, so the
		 * protecting braces leave no NOCASE markup behind. */
		nm->literal = latex_text(c->a, s + 1, n - 2);
	} else {
		struct name_raw r;
		/* Too many commas is not fatal: the extra words join First,
		 * as in pybtex. */
		(void)names_split_raw(s, n, &r);
		/* Most names end in no suffix: names_suffix's own first test,
		 * here, spares the call. */
		if (!r.jr.n && (may_end_in_suffix(r.last) || may_end_in_suffix(r.first)))
			names_suffix(&r);
		nm->family = decode(c, r.last);
		nm->given = decode(c, r.first);
		nm->particle = decode(c, r.von);
		nm->suffix = decode(c, r.jr);
		nm->dropping = c->particles == CX_PARTICLES_DROPPING;
	}
}

size_t names_parse(struct arena *a, const char *s, size_t n, enum cx_particles particles,
                   int plain, struct cx_name **out)
{
	struct parse_ctx c = {a, particles, plain, NULL, 0, 0};

	*out = NULL;
	if (!s || n == 0)
		return 0;
	/* The array keeps the slack of its last doubling: decoded strings
	 * were allocated after it, so it cannot be trimmed in place. */
	names_split_list(s, n, add_name, &c);
	*out = c.v;
	return c.n;
}
