/* tidy/text.c - JavaScript's string functions, on UTF-8, as bibtex-tidy uses
 * them: toLowerCase and toUpperCase (Unicode's full mappings for the few
 * characters where they differ from the simple ones), its titleCase, the
 * words of a title or a name, and String(number).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "core/ecma.h"
#include "core/str.h"
#include "core/utf8.h"
#include "tidy/tidy_int.h"

int32_t text_cp(const char *s, const char *end, size_t *len)
{
	unsigned char c = (unsigned char)*s;
	if (c < 0x80) {
		*len = 1;
		return c;
	}
	return utf8_next(s, (size_t)(end - s), len);
}

int text_letter(int32_t cp)
{
	if (cp < 0x80)
		return str_alpha((int)cp);
	utf8proc_category_t c = utf8proc_category(cp);
	return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

static void put_cp(struct buf *out, int32_t cp)
{
	char u[4];
	buf_put(out, u, utf8_put(u, cp));
}

/* Is the letter before s[i] (skipping marks) a cased one?  For the final
 * sigma, which lower-cases to U+03C2 at the end of a word. */
static int cased_before(const char *s, size_t i)
{
	while (i > 0) {
		size_t k = i - 1;
		while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
			k--;
		size_t len;
		int32_t cp = text_cp(s + k, s + i, &len);
		utf8proc_category_t c = utf8proc_category(cp);
		if (c == UTF8PROC_CATEGORY_MN || c == UTF8PROC_CATEGORY_ME)
		{
			i = k;
			continue;
		}
		return c == UTF8PROC_CATEGORY_LU || c == UTF8PROC_CATEGORY_LL ||
		       c == UTF8PROC_CATEGORY_LT;
	}
	return 0;
}

void text_lower(const char *s, size_t n, struct buf *out)
{
	const char *end = s + n;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			buf_putc(out, str_lower(c));
			i++;
			continue;
		}
		size_t len;
		int32_t cp = text_cp(s + i, end, &len);
		if (cp == 0xFFFD && len == 1) {
			buf_put(out, s + i, 1); /* not UTF-8: kept as it is */
		} else if (cp == 0x130) {
			buf_put(out, "i\xCC\x87", 3); /* I with dot above: i and a dot */
		} else if (cp == 0x3A3 && cased_before(s, i) &&
		           !(i + len < n && text_letter(text_cp(s + i + len, end, &(size_t){0})))) {
			put_cp(out, 0x3C2);
		} else {
			put_cp(out, utf8proc_tolower(cp));
		}
		i += len;
	}
}

void text_upper(const char *s, size_t n, struct buf *out)
{
	const char *end = s + n;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			buf_putc(out, str_upper(c));
			i++;
			continue;
		}
		size_t len;
		int32_t cp = text_cp(s + i, end, &len);
		if (cp == 0xFFFD && len == 1)
			buf_put(out, s + i, 1);
		else if (cp == 0xDF)
			buf_put(out, "SS", 2);
		else
			put_cp(out, utf8proc_toupper(cp));
		i += len;
	}
}

cx_str text_lower_arena(struct arena *a, cx_str s)
{
	size_t i = 0;
	while (i < s.n && ((unsigned char)s.p[i] < 0x80 && !(s.p[i] >= 'A' && s.p[i] <= 'Z')))
		i++;
	if (i == s.n)
		return s;
	struct buf b = {0};
	text_lower(s.p, s.n, &b);
	cx_str r = arena_str(a, b.p, b.n);
	buf_free(&b);
	return r;
}

/* ---- title case ------------------------------------------------------------ */

/* One group of a Roman numeral (units, tens or hundreds) at s[*i]: one,
 * five and ten are its letters.  Any of "one ten", "one five", or "five?
 * one{0,3}" may stand there; each way it can end is tried by the caller
 * through the bit set of end positions this returns. */
static unsigned roman_group(const char *s, size_t n, size_t i, char one, char five, char ten)
{
	unsigned ends = 0;
	if (i + 1 < n && s[i] == one && s[i + 1] == ten)
		ends |= 1u << (i + 2);
	if (i + 1 < n && s[i] == one && s[i + 1] == five)
		ends |= 1u << (i + 2);
	size_t j = i;
	for (int f = 0; f < 2; f++) {
		if (f == 1) {
			if (i < n && s[i] == five)
				j = i + 1;
			else
				break;
		}
		for (size_t k = 0; k <= 3; k++) {
			ends |= 1u << (j + k);
			if (!(j + k < n && s[j + k] == one))
				break;
		}
	}
	return ends;
}

/* /^M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/ */
static int roman(const char *s, size_t n)
{
	if (n > 20)
		return 0;
	for (size_t m = 0; m <= 4 && m <= n; m++) {
		if (m && s[m - 1] != 'M')
			break;
		unsigned h = roman_group(s, n, m, 'C', 'D', 'M');
		for (size_t a = m; a <= n; a++) {
			if (!(h >> a & 1))
				continue;
			unsigned t = roman_group(s, n, a, 'X', 'L', 'C');
			for (size_t b = a; b <= n; b++) {
				if (!(t >> b & 1))
					continue;
				if (roman_group(s, n, b, 'I', 'V', 'X') >> n & 1)
					return 1;
			}
		}
	}
	return 0;
}

static int word_char(unsigned char c)
{
	return str_alnum(c) || c == '_';
}

void text_title(const char *s, size_t n, struct buf *out)
{
	const char *end = s + n;
	size_t i = 0;
	while (i < n) {
		if (!word_char((unsigned char)s[i])) {
			buf_putc(out, s[i]);
			i++;
			continue;
		}
		/* (\w)(\S*): a word character and what follows up to white space. */
		size_t j = i + 1;
		while (j < n && !ecma_space(s + j, end))
			j++;
		if (roman(s + i, j - i)) {
			buf_put(out, s + i, j - i);
		} else {
			buf_putc(out, str_upper((unsigned char)s[i]));
			text_lower(s + i + 1, j - i - 1, out);
		}
		i = j;
	}
}

/* ---- words ----------------------------------------------------------------- */

size_t text_words(cx_str s, cx_str *out, size_t max)
{
	const char *p = s.p, *end = s.p + s.n, *w = NULL;
	size_t k = 0;
	while (p < end) {
		size_t len;
		int32_t cp = text_cp(p, end, &len);
		int in = (cp >= '0' && cp <= '9') || text_letter(cp);
		if (in && !w)
			w = p;
		if (!in && w) {
			if (k < max)
				out[k] = (cx_str){w, (size_t)(p - w)};
			k++;
			w = NULL;
		}
		p += len;
	}
	if (w) {
		if (k < max)
			out[k] = (cx_str){w, (size_t)(end - w)};
		k++;
	}
	return k;
}

/* ---- numbers --------------------------------------------------------------- */

void text_number(double x, struct buf *out)
{
	if (isnan(x)) {
		buf_puts(out, "NaN");
		return;
	}
	if (isinf(x)) {
		buf_puts(out, x < 0 ? "-Infinity" : "Infinity");
		return;
	}
	if (x == 0) {
		buf_putc(out, '0');
		return;
	}
	if (x == ecma_floor(x) && x < 1e21 && x > -1e21) {
		buf_printf(out, "%.0f", x);
		return;
	}
	/* The shortest digits that read back as x, placed as JavaScript
	 * places them (Number::toString). */
	char e[40];
	for (int p = 1; p <= 17; p++) {
		snprintf(e, sizeof e, "%.*e", p - 1, x);
		if (strtod(e, NULL) == x)
			break;
	}
	const char *q = e;
	if (*q == '-') {
		buf_putc(out, '-');
		q++;
	}
	char digits[24];
	size_t k = 0;
	for (; *q && *q != 'e'; q++)
		if (*q != '.')
			digits[k++] = *q;
	while (k > 1 && digits[k - 1] == '0')
		k--;
	int n = atoi(q + 1) + 1;
	if ((int)k <= n && n <= 21) {
		buf_put(out, digits, k);
		for (int i = (int)k; i < n; i++)
			buf_putc(out, '0');
	} else if (0 < n && n <= 21) {
		buf_put(out, digits, (size_t)n);
		buf_putc(out, '.');
		buf_put(out, digits + n, k - (size_t)n);
	} else if (-6 < n && n <= 0) {
		buf_puts(out, "0.");
		for (int i = n; i < 0; i++)
			buf_putc(out, '0');
		buf_put(out, digits, k);
	} else {
		buf_putc(out, digits[0]);
		if (k > 1) {
			buf_putc(out, '.');
			buf_put(out, digits + 1, k - 1);
		}
		buf_printf(out, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
	}
}

/* The states of grammar/bibtex.l's tidy dialect that text goes through:
 * TD_ROOT at the start, TD_TEXT, and TD_BLOCK after an '@' that opens a
 * block (any '@' there; in TD_TEXT one after white space or '}').  In a
 * block's word, '{' or '(' made the text text (the word was empty or had
 * white space in it), and so do = # , } ) [ ]. */
int text_dangles(cx_str s)
{
	enum { ROOT, TEXT, BLOCK } st = ROOT;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (c == '@') {
			if (st != TEXT || s.p[i - 1] == '}' || ecma_space_before(s.p, s.p + i))
				st = BLOCK;
		} else if (st == ROOT || (st == BLOCK && c && strchr("{(=#,})[]", c))) {
			st = TEXT;
		}
	}
	return st == BLOCK;
}
