/* core/ecma.h - strings as ECMAScript sees them, for `citex tidy`.
 *
 * citex tidy writes what bibtex-tidy, a JavaScript program, writes: where
 * it trims a string, tests it against \s, pads it or wraps it at a width,
 * the answer depends on JavaScript's white space (which is Unicode's) and
 * on lengths in UTF-16 code units.  These helpers give those answers on
 * UTF-8 bytes.  A byte that starts no valid character counts as one unit
 * and is no white space, as the U+FFFD that JavaScript would read there. */
#ifndef CX_ECMA_H
#define CX_ECMA_H

#include <stddef.h>

#include "citex.h"

/* The length in bytes of the white space character (\s in a JavaScript
 * regular expression: tab, LF, VT, FF, CR, space, U+00A0, U+1680,
 * U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF) at s,
 * before end, or 0 if there is none there. */
static inline size_t ecma_space(const char *s, const char *end)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t left = (size_t)(end - s);
	if (!left)
		return 0;
	if (u[0] < 0x80)
		return u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r');
	if (u[0] == 0xC2)
		return left >= 2 && u[1] == 0xA0 ? 2 : 0;
	if (left < 3)
		return 0;
	if (u[0] == 0xE1)
		return u[1] == 0x9A && u[2] == 0x80 ? 3 : 0;
	if (u[0] == 0xE2) {
		if (u[1] == 0x80)
			return u[2] <= 0x8A || u[2] == 0xA8 || u[2] == 0xA9 || u[2] == 0xAF ? 3 : 0;
		return u[1] == 0x81 && u[2] == 0x9F ? 3 : 0;
	}
	if (u[0] == 0xE3)
		return u[1] == 0x80 && u[2] == 0x80 ? 3 : 0;
	if (u[0] == 0xEF)
		return u[1] == 0xBB && u[2] == 0xBF ? 3 : 0;
	return 0;
}

/* The length in bytes of the white space character that ends just before
 * end (after start), or 0. */
static inline size_t ecma_space_before(const char *start, const char *end)
{
	for (size_t k = 1; k <= 3 && k <= (size_t)(end - start); k++) {
		unsigned char c = (unsigned char)end[-(ptrdiff_t)k];
		if (k == 1 && c < 0x80)
			return ecma_space(end - 1, end);
		if ((c & 0xC0) != 0x80)
			return ecma_space(end - k, end) == k ? k : 0;
	}
	return 0;
}

/* Math.trunc and Math.floor, without libm (the installed library needs
 * none).  From 2^52 on, and for NaN and the infinities, x is its own. */
static inline double ecma_trunc(double x)
{
	if (!(x > -4503599627370496.0 && x < 4503599627370496.0))
		return x;
	return (double)(long long)x;
}
static inline double ecma_floor(double x)
{
	double t = ecma_trunc(x);
	return t > x ? t - 1 : t;
}

/* s without the white space at either end, as String.prototype.trim. */
static inline cx_str ecma_trim(cx_str s)
{
	const char *p = s.p, *e = s.p + s.n;
	size_t k;
	while ((k = ecma_space(p, e)) != 0)
		p += k;
	while (e > p && (k = ecma_space_before(p, e)) != 0)
		e -= k;
	return (cx_str){p, (size_t)(e - p)};
}

/* The length of s in UTF-16 code units. */
size_t ecma_length(const char *s, size_t n);

#endif
