/* core/ecma.c - lengths as ECMAScript counts them (core/ecma.h). */
#include "core/ecma.h"
#include "core/bytes.h"

size_t ecma_length(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = bytes_ascii_run(s, n), len = i;
	while (i < n) {
		unsigned c = u[i];
		/* Each character is one unit but those from U+10000 up, which
		 * are two; a continuation byte adds nothing, so malformed text
		 * counts about one unit a broken sequence. */
		if (c < 0x80 || c >= 0xC0)
			len += 1 + (c >= 0xF0);
		i++;
	}
	return len;
}
