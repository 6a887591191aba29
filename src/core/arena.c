/* core/arena.c - the bump allocator behind every entry and every file.
 *
 * Blocks double up to 1 MiB and then stay at that size; a request larger
 * than a block gets a block of its own.  Past 2 MiB in all, an arena asks
 * for 2 MiB blocks aligned to the kernel's huge pages.  arena_reset keeps
 * the newest block so a stream of similar entries allocates nothing after
 * the first. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core/arena.h"

#define ALIGN(n) (((n) + 15) & ~(size_t)15)
#define MIN_BLOCK 4096
#define MAX_BLOCK (1u << 20)
/* An arena that has grown past BIG_ARENA (the entries a formatted
 * bibliography holds, say) takes its next blocks as whole 2 MiB pages
 * where the kernel offers them (transparent huge pages, asked for with
 * madvise): one page fault for each block instead of 512. */
#define HUGE_BLOCK ((size_t)2 << 20)
#define BIG_ARENA ((size_t)2 << 20)

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fputs("citex: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);
	if (!p) {
		fputs("citex: out of memory\n", stderr);
		abort();
	}
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fputs("citex: out of memory\n", stderr);
		abort();
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static char *block_data(struct arena_block *b)
{
	return (char *)b->align;
}

void *arena_alloc_block(struct arena *a, size_t n)
{
	n = ALIGN(n ? n : 1);
	if (!a->head || a->used + n > a->head->cap) {
		size_t cap = a->head ? a->head->cap * 2 : MIN_BLOCK;
		if (cap > MAX_BLOCK)
			cap = MAX_BLOCK;
		if (cap < n)
			cap = n;
		struct arena_block *b = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
		if (a->total >= BIG_ARENA && sizeof *b + n <= HUGE_BLOCK) {
			b = aligned_alloc(HUGE_BLOCK, HUGE_BLOCK);
			if (b) {
				madvise(b, HUGE_BLOCK, MADV_HUGEPAGE);
				cap = HUGE_BLOCK - sizeof *b;
			}
		}
#endif
		if (!b)
			b = xmalloc(sizeof *b + cap);
		b->cap = cap;
		b->next = a->head;
		a->head = b;
		a->used = 0;
		a->total += cap;
	}
	void *p = block_data(a->head) + a->used;
	a->used += n;
	a->last = p;
	return p;
}

void *arena_calloc(struct arena *a, size_t n)
{
	return memset(arena_alloc(a, n), 0, n);
}

void arena_trim(struct arena *a, void *p, size_t used)
{
	if (!a->head || p != a->last)
		return;
	char *base = block_data(a->head);
	size_t end = (size_t)((char *)p - base) + ALIGN(used ? used : 1);
	if (end <= a->used)
		a->used = end;
}

cx_str arena_cat(struct arena *a, cx_str x, const char *sep, cx_str y)
{
	size_t ns = strlen(sep), n = x.n + ns + y.n;
	char *p = arena_alloc(a, n + 1);
	if (x.n)
		memcpy(p, x.p, x.n);
	memcpy(p + x.n, sep, ns);
	if (y.n)
		memcpy(p + x.n + ns, y.p, y.n);
	p[n] = 0;
	return (cx_str){p, n};
}

void *arena_grow(struct arena *a, void *old, size_t elem, size_t have, size_t want)
{
	if (want && elem > SIZE_MAX / want) {
		fputs("citex: out of memory\n", stderr);
		abort();
	}
	void *p = arena_alloc(a, elem * want);
	if (have)
		memcpy(p, old, elem * have);
	return p;
}

void arena_reset(struct arena *a)
{
	if (!a->head)
		return;
	struct arena_block *b = a->head->next;
	while (b) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head->next = NULL;
	a->total = a->head->cap;
	a->used = 0;
	a->last = NULL;
}

void arena_destroy(struct arena *a)
{
	arena_reset(a);
	free(a->head);
	a->head = NULL;
	a->last = NULL;
	a->total = 0;
}

void *xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	*cap = c;
	return xrealloc(p, c * size);
}
