/* core/strbuf.h - a growable byte buffer on the heap, reused across
 * entries.  Its bytes are always NUL-terminated after the last one, so
 * b.p can be handed to a function that wants a C string. */
#ifndef CX_STRBUF_H
#define CX_STRBUF_H

#include <stddef.h>

struct buf {
	char *p;
	size_t n, cap;
};

void buf_reserve(struct buf *b, size_t extra);
void buf_put(struct buf *b, const char *s, size_t n);
void buf_putc(struct buf *b, int c);
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
