/* core/strbuf.c - the growable byte buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/arena.h"
#include "core/strbuf.h"

void buf_reserve(struct buf *b, size_t extra)
{
	if (b->n + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->n + extra + 1)
		cap *= 2;
	b->p = xrealloc(b->p, cap);
	b->cap = cap;
}

void buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char tmp[256];
	int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k < sizeof tmp) {
		buf_put(b, tmp, (size_t)k);
		return;
	}
	buf_reserve(b, (size_t)k);
	va_start(ap, fmt);
	vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)k;
}
