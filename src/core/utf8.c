/* core/utf8.c - UTF-8 validation and 8-bit text (the decoder and the
 * encoder are inline, in utf8.h).
 *
 * Validation runs over long ASCII stretches sixteen bytes at a time
 * (bytes.h): most bibliographic text is ASCII with an accent here and
 * there. */
#include "core/bytes.h"
#include "core/utf8.h"

size_t utf8_valid(const void *s, size_t n)
{
	const unsigned char *u = s;
	size_t i = 0;
	while (i < n) {
		if (u[i] < 0x80) {
			i += bytes_ascii_run(u + i, n - i);
			continue;
		}
		int32_t cp;
		size_t len = utf8_decode(u + i, n - i, &cp);
		if (!len)
			return i;
		i += len;
	}
	return n;
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
