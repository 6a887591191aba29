/* core/utf8.c - UTF-8 validation, decoding and encoding.
 *
 * Validation runs over long ASCII stretches sixteen bytes at a time
 * (bytes.h): most bibliographic text is ASCII with an accent here and
 * there. */
#include "core/bytes.h"
#include "core/utf8.h"

/* The length of the sequence a lead byte opens, 0 for a byte that cannot
 * lead (a continuation byte, C0, C1, F5..FF). */
static size_t lead_len(unsigned c)
{
	return c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
	     : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
}

/* The code point of a well-formed sequence of len bytes at u, or -1. */
static int32_t decode(const unsigned char *u, size_t len)
{
	static const int32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
	int32_t cp = u[0] & (0xFF >> (len + 1));
	for (size_t k = 1; k < len; k++) {
		if ((u[k] & 0xC0) != 0x80)
			return -1;
		cp = (cp << 6) | (u[k] & 0x3F);
	}
	if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	return cp;
}

size_t utf8_valid(const void *s, size_t n)
{
	const unsigned char *u = s;
	size_t i = 0;
	while (i < n) {
		if (u[i] < 0x80) {
			i += bytes_ascii_run(u + i, n - i);
			continue;
		}
		size_t len = lead_len(u[i]);
		if (!len || i + len > n || decode(u + i, len) < 0)
			return i;
		i += len;
	}
	return n;
}

int32_t utf8_next(const void *s, size_t n, size_t *len)
{
	const unsigned char *u = s;
	size_t l = lead_len(u[0]);
	*len = 1;
	if (l == 1)
		return u[0];
	int32_t cp = l && l <= n ? decode(u, l) : -1;
	if (cp < 0)
		return 0xFFFD;
	*len = l;
	return cp;
}

size_t utf8_put(char out[4], int32_t cp)
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

/* Windows-1252's bytes 0x80 to 0x9F: Latin-1 has C1 controls there, which
 * no bibliography means; the five codes Windows leaves free stay controls
 * (as the WHATWG Encoding Standard maps them). */
static const uint16_t cp1252[32] = {
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

size_t utf8_from_8bit(char *out, const void *s, size_t n)
{
	const unsigned char *u = s;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (u[i] < 0x80)
			out[k++] = (char)u[i];
		else
			k += utf8_put(out + k, u[i] < 0xA0 ? cp1252[u[i] - 0x80] : u[i]);
	}
	return k;
}
