/* core/utf8.h - the one UTF-8 validator, decoder and encoder.
 *
 * Strict UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates,
 * nothing above U+10FFFF.  Input that fails the test is read as 8-bit text
 * (utf8_from_8bit, Windows-1252), byte by byte, so nothing is ever lost. */
#ifndef CX_UTF8_H
#define CX_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The length of the longest valid UTF-8 prefix of s[0..n). */
size_t utf8_valid(const void *s, size_t n);

/* Decode the character at s[0..n), n >= 1: its code point, and in *len the
 * bytes it takes.  A malformed or truncated sequence gives U+FFFD and a
 * length of 1, so a scan always advances. */
int32_t utf8_next(const void *s, size_t n, size_t *len);

/* Encode cp (a valid scalar value) into out; returns the length, 1 to 4. */
size_t utf8_put(char out[4], int32_t cp);

/* 8-bit text as UTF-8, read as Windows-1252: Latin-1 but for 0x80 to
 * 0x9F, which are curly quotes, dashes, the euro sign and the like.  out
 * must hold 3 * n bytes; returns the length written. */
size_t utf8_from_8bit(char *out, const void *s, size_t n);

#endif
