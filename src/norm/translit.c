/* norm/translit.c - the one transliteration of citex: Unicode text to
 * ASCII letters and digits, for citation keys, for matching duplicates
 * and for matching a page owner's name.  Accents are stripped by
 * decomposition (García garcia), compatibility forms folded (ﬁ fi), and
 * letters that do not decompose are spelt out (ß ss, Æ Ae, Ø O, Þ Th,
 * Ł L, ı i); Cyrillic and Greek are romanized letter by letter without
 * diacritics (Иванов Ivanov, Παπαδόπουλος Papadopoulos).  Scripts with no
 * romanization short of a dictionary (Han, kana, Hangul) have none. */
#include <string.h>

#include <utf8proc.h>

#include "core/str.h"
#include "core/strbuf.h"
#include "core/utf8.h"
#include "norm/norm.h"

/* Letters that keep no ASCII letter after decomposition and mark
 * stripping.  Capitals that become two letters are title-cased (Þing
 * gives Thing); only the capital sharp s, which lives in all-caps text,
 * gives SS. */
static const struct {
	int32_t cp;
	const char *s;
} latin[] = {
	{0x00C6, "Ae"}, {0x00D0, "D"},  {0x00D8, "O"},  {0x00DE, "Th"}, {0x00DF, "ss"},
	{0x00E6, "ae"}, {0x00F0, "d"},  {0x00F8, "o"},  {0x00FE, "th"}, {0x0110, "D"},
	{0x0111, "d"},  {0x0126, "H"},  {0x0127, "h"},  {0x0131, "i"},  {0x0141, "L"},
	{0x0142, "l"},  {0x014A, "Ng"}, {0x014B, "ng"}, {0x0152, "Oe"}, {0x0153, "oe"},
	{0x0166, "T"},  {0x0167, "t"},  {0x017F, "s"},  {0x0180, "b"},  {0x0189, "D"},
	{0x0191, "F"},  {0x0192, "f"},  {0x0197, "I"},  {0x01B5, "Z"},  {0x01B6, "z"},
	{0x0237, "j"},  {0x0256, "d"},  {0x0268, "i"},  {0x1E9E, "SS"},
};

/* Lower-case Cyrillic а..я (U+0430..U+044F), a plain scholarly-style
 * romanization without diacritics; й and ё decompose to и and е first. */
static const char *const cyrillic[32] = {
	"a", "b", "v", "g", "d", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p",
	"r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
};

static const struct {
	int32_t cp;
	const char *s;
} cyrillic_more[] = {
	{0x0452, "dj"}, {0x0454, "ye"}, {0x0456, "i"}, {0x0458, "j"}, {0x0459, "lj"},
	{0x045A, "nj"}, {0x045B, "c"},  {0x045F, "dz"}, {0x0491, "g"},
};

/* Lower-case Greek α..ω (U+03B1..U+03C9), ELOT 743 without the digraph
 * rules except ου -> ou. */
static const char *const greek[25] = {
	"a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n",
	"x", "o", "p", "r", "s", "s", "t", "y", "f", "ch", "ps", "o",
};

/* s with its first letter in upper case when upper is set, in buf. */
static const char *cased(const char *s, int upper, char buf[8])
{
	size_t n = strlen(s);
	if (!upper || !n || n > 7)
		return s;
	memcpy(buf, s, n + 1);
	buf[0] = (char)str_upper((unsigned char)buf[0]);
	return buf;
}

const char *translit_cp(int32_t cp, int32_t prev, char buf[8])
{
	if (cp < 0x80) {
		if (!str_alnum((int)cp))
			return NULL;
		buf[0] = (char)cp;
		buf[1] = 0;
		return buf;
	}
	for (size_t i = 0; i < sizeof latin / sizeof *latin; i++)
		if (latin[i].cp == cp)
			return latin[i].s;
	int upper = utf8proc_toupper(cp) == cp && utf8proc_tolower(cp) != cp;
	int32_t lo = utf8proc_tolower(cp);
	if (lo >= 0x0430 && lo <= 0x044F)
		return cased(cyrillic[lo - 0x0430], upper, buf);
	for (size_t i = 0; i < sizeof cyrillic_more / sizeof *cyrillic_more; i++)
		if (cyrillic_more[i].cp == lo)
			return cased(cyrillic_more[i].s, upper, buf);
	if (lo >= 0x03B1 && lo <= 0x03C9) {
		int32_t plo = utf8proc_tolower(prev);
		return cased(lo == 0x03C5 && plo == 0x03BF ? "u" : greek[lo - 0x03B1], upper, buf);
	}
	/* Anything else (Han, kana, Hangul, symbols) has no short romanization
	 * without a dictionary. */
	return NULL;
}

void translit_ascii(struct buf *b, cx_str s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s.p;
	int32_t prev = 0;
	for (size_t i = 0; i < s.n;) {
		unsigned char c = p[i];
		if (c == CX_M_URL_ON) { /* a URL is no words */
			while (i < s.n && p[i] != CX_M_URL_OFF)
				i++;
			continue;
		}
		if (c == '\\') { /* a LaTeX command name in math or raw spans */
			i++;
			while (i < s.n && ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'z'))
				i++;
			continue;
		}
		char tmp[8];
		const char *t;
		if (c < 0x80) {
			if ((t = translit_cp(c, prev, tmp)))
				buf_puts(b, t);
			prev = c;
			i++;
			continue;
		}
		int32_t cp;
		size_t len = utf8_decode(p + i, s.n - i, &cp);
		if (!len) {
			i++;
			continue;
		}
		i += len;
		utf8proc_int32_t d[16];
		int last = 0;
		utf8proc_ssize_t nd = utf8proc_decompose_char(
			cp, d, 16, UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_STRIPMARK, &last);
		if (nd < 0 || nd > 16)
			continue;
		for (utf8proc_ssize_t k = 0; k < nd; k++) {
			if ((t = translit_cp(d[k], prev, tmp)))
				buf_puts(b, t);
			prev = d[k];
		}
	}
}

