/* tidy/escape.c - --escape: characters written as LaTeX, with bibtex-tidy's
 * table (escapes.inc, made by tools/gen_tidy_escapes.py from bibtex-tidy's
 * own) and its rules: a character after a backslash is left as it is, and
 * so is $math$ (a '$', one or more other characters, a '$').
 *
 * bibtex-tidy escapes everything else, which breaks a few things: the
 * argument of \url{a_b} becomes a\_b, which \url prints with the backslash;
 * so do \href's URL, \path and \verb; math between \( \), \[ \] or $$ $$
 * loses its meaning (a subscript a_b becomes an underscore); and
 * \textasteriskcentered, which is written without braces, swallows a
 * letter after it (*Equal becomes one unknown command); and it sets the
 * math aside as MATH.EXP.0, MATH.EXP.1..., so text that reads so becomes
 * math, or nothing.  Unless `protect` is off (--lossy), those are left
 * alone, and a command that would swallow a letter gets "{}" after it.
 */
#include <stdint.h>
#include <string.h>

#include "core/str.h"
#include "tidy/tidy_int.h"

struct esc {
	uint16_t unit;
	const char *tex;
};

static const struct esc escapes[] = {
#include "tidy/escapes.inc"
};

/* The escape for a UTF-16 code unit, or NULL. */
static const char *escape_of(uint32_t unit)
{
	size_t lo = 0, hi = sizeof escapes / sizeof escapes[0];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (escapes[mid].unit < unit)
			lo = mid + 1;
		else if (escapes[mid].unit > unit)
			hi = mid;
		else
			return escapes[mid].tex;
	}
	return NULL;
}

/* ASCII bytes the table holds. */
static int ascii_special(unsigned char c)
{
	return c == '#' || c == '$' || c == '%' || c == '&' || c == '@' || c == '*' || c == '_' ||
	       c == '|';
}

/* The end of the $math$ that starts at s[i] ('$'), or 0: /\$[^$]+\$/. */
static size_t math_end(const char *s, size_t n, size_t i)
{
	if (i + 1 >= n || s[i + 1] == '$')
		return 0;
	const char *q = memchr(s + i + 1, '$', n - i - 1);
	return q ? (size_t)(q - s) + 1 : 0;
}

/* The end of the balanced {group} at s[i] ('{'), or 0. */
static size_t group_end(const char *s, size_t n, size_t i)
{
	long depth = 0;
	for (size_t j = i; j < n; j++) {
		if (s[j] == '{')
			depth++;
		else if (s[j] == '}' && --depth == 0)
			return j + 1;
	}
	return 0;
}

/* What escaping would break, starting at s[i]: the end of the span to
 * leave as it is, or 0.  At a backslash: \url{}, \nolinkurl{}, \path{} or
 * \path|...|, \verb|...|, \href's first argument, \( \) and \[ \]; at a
 * '$': $$ $$. */
static size_t protected_end(const char *s, size_t n, size_t i)
{
	if (s[i] == '$') {
		if (i + 1 >= n || s[i + 1] != '$')
			return 0;
		for (size_t j = i + 2; j + 1 < n; j++)
			if (s[j] == '$' && s[j + 1] == '$')
				return j + 2;
		return 0;
	}
	if (i + 1 >= n)
		return 0;
	if (s[i + 1] == '(' || s[i + 1] == '[') {
		char close = s[i + 1] == '(' ? ')' : ']';
		for (size_t j = i + 2; j + 1 < n; j++)
			if (s[j] == '\\' && s[j + 1] == close)
				return j + 2;
		return 0;
	}
	size_t j = i + 1;
	while (j < n && str_alpha((unsigned char)s[j]))
		j++;
	cx_str cmd = {s + i + 1, j - i - 1};
	int verb = str_eq(cmd, "verb") || str_eq(cmd, "path");
	if (!verb && !str_eq(cmd, "url") && !str_eq(cmd, "nolinkurl") && !str_eq(cmd, "href"))
		return 0;
	if (str_eq(cmd, "verb") && j < n && s[j] == '*')
		j++;
	if (j < n && s[j] == '{')
		return group_end(s, n, j);
	/* \verb|...|: any other delimiter but a backslash (which escaping
	 * writes, so a second run would see a \verb the first did not). */
	if (verb && j < n && !str_alpha((unsigned char)s[j]) && !str_space((unsigned char)s[j]) &&
	    s[j] != '\\') {
		const char *q = memchr(s + j + 1, s[j], n - j - 1);
		return q ? (size_t)(q - s) + 1 : 0;
	}
	return 0;
}

/* Does tex end with a control word (a backslash and letters)? */
static int control_word(const char *tex)
{
	size_t n = strlen(tex), k = n;
	while (k > 0 && str_alpha((unsigned char)tex[k - 1]))
		k--;
	return k < n && k > 0 && tex[k - 1] == '\\';
}

/* The next $math$ at or after from, as bibtex-tidy finds them before it
 * escapes anything: [*a, *b), or *a = n when there is none. */
static void next_math(const char *s, size_t n, size_t from, size_t *a, size_t *b)
{
	for (size_t p = from; p < n; p++) {
		const char *q = memchr(s + p, '$', n - p);
		if (!q)
			break;
		p = (size_t)(q - s);
		size_t e = math_end(s, n, p);
		if (e) {
			*a = p;
			*b = e;
			return;
		}
	}
	*a = *b = n;
}

static int memmem_mark(const char *s, size_t n);
static void escape_run(const char *s, size_t n, int protect, struct buf *out);
static void next_math(const char *s, size_t n, size_t from, size_t *a, size_t *b);

/* --lossy: bibtex-tidy's way, literally.  Its $math$ goes out as
 * MATH.EXP.0, MATH.EXP.1...; the rest is escaped; then every MATH.EXP.
 * and the digits after it, wherever they come from, become that math (or
 * nothing): text that reads MATH.EXP.0 becomes math, and "$5 and \$6"
 * followed by digits loses them all. */
static void escape_lossy(const char *s, size_t n, struct buf *out)
{
	struct buf p = {0}, e = {0};
	size_t a, b, k = 0, run = 0;
	for (next_math(s, n, 0, &a, &b); a < n; next_math(s, n, b, &a, &b), k++) {
		buf_put(&p, s + run, a - run);
		buf_printf(&p, "MATH.EXP.%zu", k);
		run = b;
	}
	buf_put(&p, s + run, n - run);
	escape_run(p.p ? p.p : "", p.n, 0, &e);
	static const char mark[] = "MATH.EXP.";
	const size_t ml = sizeof mark - 1;
	const char *x = e.p ? e.p : "";
	run = 0;
	for (size_t i = 0; i + ml < e.n; i++) {
		if (x[i] != 'M' || memcmp(x + i, mark, ml) || !str_digit(x[i + ml]))
			continue;
		size_t j = i + ml, idx = 0;
		int big = 0;
		for (; j < e.n && str_digit(x[j]); j++) {
			big |= idx > 100000000;
			idx = idx * 10 + (size_t)(x[j] - '0');
		}
		buf_put(out, x + run, i - run);
		size_t m = 0;
		for (next_math(s, n, 0, &a, &b); a < n && !big; next_math(s, n, b, &a, &b), m++)
			if (m == idx) {
				buf_put(out, s + a, b - a);
				break;
			}
		run = j;
		i = j - 1;
	}
	buf_put(out, x + run, e.n - run);
	buf_free(&p);
	buf_free(&e);
}

void escape_latex(const char *s, size_t n, int protect, struct buf *out)
{
	if (!protect && (memchr(s, '$', n) || memmem_mark(s, n))) {
		escape_lossy(s, n, out);
		return;
	}
	escape_run(s, n, protect, out);
}

/* Does s hold "MATH.EXP." (which only --lossy treats as bibtex-tidy does)? */
static int memmem_mark(const char *s, size_t n)
{
	for (const char *p = s, *e = s + n; (p = memchr(p, 'M', (size_t)(e - p))) != NULL; p++)
		if ((size_t)(e - p) >= 10 && !memcmp(p, "MATH.EXP.", 9))
			return 1;
	return 0;
}

static void escape_run(const char *s, size_t n, int protect, struct buf *out)
{
	const char *end = s + n;
	size_t i = 0, run = 0, ma = n, mb = n;
	if (!protect)
		next_math(s, n, 0, &ma, &mb);
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80 && !ascii_special(c) && c != '\\') {
			i++;
			continue;
		}
		buf_put(out, s + run, i - run);
		size_t skip = 0;
		if (protect) {
			/* Left to right: what escaping would break, then $math$. */
			if (c == '\\' || c == '$')
				skip = protected_end(s, n, i);
			if (!skip && c == '$')
				skip = math_end(s, n, i);
		} else if (i == ma) {
			skip = mb;
			next_math(s, n, mb, &ma, &mb);
		}
		if (!skip && c == '\\') {
			/* The character after a backslash is kept as it is (a $math$
			 * starting there is kept whole: its turn comes next). */
			size_t len = 0;
			if (i + 1 < n && !(!protect && i + 1 == ma))
				text_cp(s + i + 1, end, &len);
			skip = i + 1 + len;
		}
		if (skip) {
			buf_put(out, s + i, skip - i);
			i = run = skip;
			continue;
		}
		size_t len = 1;
		int32_t cp = c < 0x80 ? (int32_t)c : text_cp(s + i, end, &len);
		const char *tex = cp <= 0xFFFF && !(cp == 0xFFFD && len == 1) ? escape_of((uint32_t)cp)
		                                                               : NULL;
		if (tex) {
			buf_puts(out, tex);
			if (protect && i + len < n && str_alpha((unsigned char)s[i + len]) && control_word(tex))
				buf_put(out, "{}", 2);
		} else {
			buf_put(out, s + i, len);
		}
		i = run = i + len;
	}
	buf_put(out, s + run, n - run);
}
