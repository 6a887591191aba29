/* core/strbuf.h - a growable byte buffer on the heap, reused across
 * entries.  Its bytes are always NUL-terminated after the last one, so
 * b.p can be handed to a function that wants a C string. */
#ifndef CX_STRBUF_H
#define CX_STRBUF_H

#include <stddef.h>
#include <string.h>

struct buf {
	char *p;
	size_t n, cap;
};

void buf_reserve(struct buf *b, size_t extra);

/* Inline: most appends fit, and the CSL renderer makes them by the
 * hundred thousand. */
static inline void buf_put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap)
		buf_reserve(b, n);
	if (n)
		memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static inline void buf_putc(struct buf *b, int c)
{
	if (b->n + 2 > b->cap)
		buf_reserve(b, 1);
	b->p[b->n++] = (char)c;
	b->p[b->n] = 0;
}
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void buf_puts(struct buf *b, const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	buf_put(b, s, n);
}
/* Empty the buffer but keep its memory. */
static inline void buf_clear(struct buf *b)
{
	b->n = 0;
	if (b->p)
		b->p[0] = 0;
}
void buf_free(struct buf *b);

#endif
