/* core/utf8.h - the one UTF-8 validator, decoder and encoder.
 *
 * Strict UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates,
 * nothing above U+10FFFF (the same test as utf8proc_iterate's).  Input
 * that fails the test is read as 8-bit text (utf8_from_8bit,
 * Windows-1252), byte by byte, so nothing is ever lost.
 *
 * The decoder and the encoder are inline: the LaTeX decoder, NFC's quick
 * check and the CSL renderer call them once a character. */
#ifndef CX_UTF8_H
#define CX_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "core/strbuf.h"

/* The length of the longest valid UTF-8 prefix of s[0..n). */
size_t utf8_valid(const void *s, size_t n);

/* The length of the sequence a lead byte opens, 0 for a byte that cannot
 * lead one (a continuation byte, C0, C1, F5 to FF). */
static inline size_t utf8_lead_len(unsigned c)
{
	return c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
	     : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
}

/* Decode the character at s[0..n): its length, 1 to 4, with its code
 * point in *cp; 0, with *cp = -1, when n is 0 or the bytes there are
 * malformed or cut off.  No byte after the first one that cannot continue
 * the sequence is read, so a NUL-terminated string may pass n = 4
 * wherever it ends (as utf8proc_iterate's length -1). */
static inline size_t utf8_decode(const void *s, size_t n, int32_t *cp)
{
	static const int32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
	const unsigned char *u = s;
	*cp = -1;
	if (!n)
		return 0;
	size_t len = utf8_lead_len(u[0]);
	if (len == 1) {
		*cp = u[0];
		return 1;
	}
	if (!len || len > n)
		return 0;
	int32_t c = u[0] & (0xFF >> (len + 1));
	for (size_t k = 1; k < len; k++) {
		if ((u[k] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (u[k] & 0x3F);
	}
	if (c < min[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/* Decode the character at s[0..n), n >= 1: its code point, and in *len the
 * bytes it takes.  A malformed or truncated sequence gives U+FFFD and a
 * length of 1, so a scan always advances. */
static inline int32_t utf8_next(const void *s, size_t n, size_t *len)
{
	int32_t cp;
	*len = utf8_decode(s, n, &cp);
	if (*len)
		return cp;
	*len = 1;
	return 0xFFFD;
}

/* Encode cp, 0 to 0x10FFFF, into out; returns the length, 1 to 4.  A
 * surrogate is encoded as any other code point: the callers that may
 * meet one (\u escapes) replace it first. */
static inline size_t utf8_put(char out[4], int32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Append cp (as utf8_put) to b. */
static inline void utf8_append(struct buf *b, int32_t cp)
{
	char t[4];
	buf_put(b, t, utf8_put(t, cp));
}

/* How many characters s[0..n) holds: its bytes less the continuation
 * bytes (10xxxxxx).  Columns in diagnostics count these. */
static inline size_t utf8_count(const void *s, size_t n)
{
	const unsigned char *u = s;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += (u[i] & 0xC0) != 0x80;
	return k;
}

/* The character boundary at or before i in s: i, moved back over
 * continuation bytes, but not before 0.  A text cut at it ends with a
 * whole character. */
static inline size_t utf8_floor(const void *s, size_t i)
{
	const unsigned char *u = s;
	while (i > 0 && (u[i] & 0xC0) == 0x80)
		i--;
	return i;
}

/* 8-bit text as UTF-8, read as Windows-1252: Latin-1 but for 0x80 to
 * 0x9F, which are curly quotes, dashes, the euro sign and the like.  out
 * must hold 3 * n bytes; returns the length written. */
size_t utf8_from_8bit(char *out, const void *s, size_t n);

#endif
