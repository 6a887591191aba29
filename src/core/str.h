/* core/str.h - small helpers over byte strings and cx_str views.
 *
 * Everything here is ASCII-only and ignores the C locale on purpose: input
 * is UTF-8, and a locale's idea of isspace or tolower on a byte of a
 * multi-byte character would only do harm.  The helpers are inline: they
 * sit in the inner loops of every reader. */
#ifndef CX_STR_H
#define CX_STR_H

#include <stddef.h>
#include <string.h>

#include "citex.h"

static inline int str_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static inline int str_upper(int c)
{
	return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}

/* Space, tab, newline, carriage return, form feed, vertical tab. */
static inline int str_space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline int str_digit(int c)
{
	return c >= '0' && c <= '9';
}

static inline int str_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The value of a hexadecimal digit, or -1. */
static inline int str_hex(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
}

static inline int str_alnum(int c)
{
	return str_alpha(c) || str_digit(c);
}

/* The classifiers below are isupper, islower, isxdigit, isprint and
 * ispunct of the C locale: nothing from 0x80 up, nor a negative char,
 * belongs to any class. */
static inline int str_is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static inline int str_is_lower(int c)
{
	return c >= 'a' && c <= 'z';
}

static inline int str_xdigit(int c)
{
	return str_hex(c) >= 0;
}

/* A space or a visible character: 0x20 to 0x7E. */
static inline int str_print(int c)
{
	return c >= ' ' && c <= '~';
}

/* Visible, but neither letter nor digit: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~ */
static inline int str_punct(int c)
{
	return c > ' ' && c <= '~' && !str_alnum(c);
}

/* Read up to nine digits at p (before end) into *out: returns how many
 * there were, 0 if none. */
static inline size_t str_digits(const char *p, const char *end, int *out)
{
	size_t k = 0;
	int v = 0;
	while (p + k < end && str_digit((unsigned char)p[k]) && k < 9) {
		v = v * 10 + (p[k] - '0');
		k++;
	}
	*out = v;
	return k;
}

/* A view of a NUL-terminated string. */
static inline cx_str str_of(const char *s)
{
	return (cx_str){s, strlen(s)};
}

/* s without the ASCII white space at either end.  A NULL view becomes "". */
static inline cx_str str_trim(cx_str s)
{
	if (!s.p)
		return (cx_str){"", 0};
	while (s.n && str_space((unsigned char)s.p[0]))
		s.p++, s.n--;
	while (s.n && str_space((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

/* Do a[0..n) and b[0..n) agree, ignoring ASCII case? */
static inline int str_ieqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (str_lower((unsigned char)a[i]) != str_lower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* Is s exactly lit?  A literal's length is known where this is inlined;
 * a string from a table is compared byte by byte, which stops at the
 * first that differs, with no pass over it for its length. */
static inline int str_eq(cx_str s, const char *lit)
{
	if (__builtin_constant_p(strlen(lit))) {
		size_t n = strlen(lit);
		return s.n == n && (!n || !memcmp(s.p, lit, n));
	}
	for (size_t i = 0; i < s.n; i++)
		if (!lit[i] || lit[i] != s.p[i])
			return 0;
	return !lit[s.n];
}

/* Do two views hold the same bytes? */
static inline int str_same(cx_str a, cx_str b)
{
	return a.n == b.n && (!a.n || !memcmp(a.p, b.p, a.n));
}

/* Is s lit, ignoring ASCII case?  (As str_eq, for a string from a
 * table.) */
static inline int str_ieq(cx_str s, const char *lit)
{
	if (__builtin_constant_p(strlen(lit))) {
		size_t n = strlen(lit);
		return s.n == n && str_ieqn(s.p, lit, n);
	}
	for (size_t i = 0; i < s.n; i++)
		if (!lit[i] || str_lower((unsigned char)lit[i]) != str_lower((unsigned char)s.p[i]))
			return 0;
	return !lit[s.n];
}

/* Do two views agree, ignoring ASCII case? */
static inline int str_ieqs(cx_str a, cx_str b)
{
	return a.n == b.n && str_ieqn(a.p, b.p, a.n);
}

/* Does s start with prefix, ignoring ASCII case? */
static inline int str_istarts(cx_str s, const char *prefix)
{
	size_t n = strlen(prefix);
	return s.n >= n && str_ieqn(s.p, prefix, n);
}

/* Where lit first occurs in s, ignoring ASCII case; -1 if nowhere.  With
 * word 1, a match must not touch an ASCII letter or digit on either side;
 * with word 2, only its start must not (a word that begins with lit). */
long str_ifind(cx_str s, const char *lit, int word);

/* Does lit occur in s, ignoring ASCII case? */
static inline int str_ihas(cx_str s, const char *lit)
{
	return str_ifind(s, lit, 0) >= 0;
}

/* Does a word of s begin with lit, ignoring ASCII case ("proc." in
 * "Proc. of", "master" in "Master's thesis")? */
static inline int str_iword(cx_str s, const char *lit)
{
	return str_ifind(s, lit, 2) >= 0;
}

#endif
