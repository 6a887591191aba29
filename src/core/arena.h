/* core/arena.h - bump allocation for everything that lives as long as an entry
 * (or a file).  Nothing is freed piecemeal: reset drops it all at once. */
#ifndef CX_ARENA_H
#define CX_ARENA_H

#include <stddef.h>
#include <string.h>

#include "citex.h"

struct arena_block {
	struct arena_block *next;
	size_t cap;
	max_align_t align[]; /* data starts here */
};

struct arena {
	struct arena_block *head; /* current block; older ones follow */
	size_t used;              /* bytes used in head */
	size_t total;             /* bytes held by all blocks */
	void *last;               /* the most recent allocation, for arena_trim */
};

/* n bytes (a multiple of 16) from a new block. */
void *arena_alloc_block(struct arena *a, size_t n);

/* Inline: most allocations fit the current block, and the parser and the
 * normalizer make several for every field. */
static inline void *arena_alloc(struct arena *a, size_t n)
{
	n = n ? (n + 15) & ~(size_t)15 : 16;
	if (a->head && a->used + n <= a->head->cap) {
		void *p = (char *)a->head->align + a->used;
		a->used += n;
		a->last = p;
		return p;
	}
	return arena_alloc_block(a, n);
}

void *arena_calloc(struct arena *a, size_t n);
/* Give back the tail of the most recent allocation `p` (of any size), so it
 * holds only `used` bytes.  A no-op if p was not the last allocation. */
void arena_trim(struct arena *a, void *p, size_t used);
static inline char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = 0;
	return p;
}

static inline cx_str arena_str(struct arena *a, const char *s, size_t n)
{
	return (cx_str){arena_strndup(a, s, n), n};
}
/* x, sep and y one after the other in one NUL-terminated copy. */
cx_str arena_cat(struct arena *a, cx_str x, const char *sep, cx_str y);
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
/* p, an array of *cap elements of size bytes, grown by doubling (to at
 * least 16) until it holds need elements. */
void *xgrow(void *p, size_t *cap, size_t need, size_t size);

#endif
