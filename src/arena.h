/* arena.h - bump allocation for everything that lives as long as an entry
 * (or a file).  Nothing is freed piecemeal: reset drops it all at once. */
#ifndef CX_ARENA_H
#define CX_ARENA_H

#include <stddef.h>
#include "citex.h"

struct arena_block;

struct arena {
	struct arena_block *head; /* current block; older ones follow */
	size_t used;              /* bytes used in head */
	size_t total;             /* bytes held by all blocks */
	void *last;               /* the most recent allocation, for arena_trim */
};

void *arena_alloc(struct arena *a, size_t n);
void *arena_calloc(struct arena *a, size_t n);
/* Give back the tail of the most recent allocation `p` (of any size), so it
 * holds only `used` bytes.  A no-op if p was not the last allocation. */
void arena_trim(struct arena *a, void *p, size_t used);
char *arena_strndup(struct arena *a, const char *s, size_t n);
cx_str arena_str(struct arena *a, const char *s, size_t n);
/* Grow an array held in the arena: returns a copy with room for `want`
 * elements (the old one stays until reset). */
void *arena_grow(struct arena *a, void *old, size_t elem, size_t have, size_t want);
/* Drop everything but keep one block for reuse. */
void arena_reset(struct arena *a);
void arena_destroy(struct arena *a);

/* xmalloc and friends abort on failure: callers never check for NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* A growable byte buffer on the heap, reused across entries. */
struct buf {
	char *p;
	size_t n, cap;
};
void buf_reserve(struct buf *b, size_t extra);
void buf_put(struct buf *b, const char *s, size_t n);
void buf_putc(struct buf *b, int c);
void buf_free(struct buf *b);

#endif
