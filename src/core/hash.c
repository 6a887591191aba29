/* core/hash.c - growing the hash index. */
#include <stdlib.h>

#include "core/arena.h"
#include "core/hash.h"

static void place(struct hindex *x, uint64_t h, uint32_t v)
{
	size_t mask = x->cap - 1, i = (size_t)h & mask;
	while (x->v[i])
		i = (i + 1) & mask;
	x->h[i] = h;
	x->v[i] = v;
}

void hindex_put(struct hindex *x, uint64_t h, size_t v)
{
	if ((x->n + 1) * 2 > x->cap) {
		struct hindex old = *x;
		x->cap = old.cap ? old.cap * 2 : 64;
		x->h = xmalloc(x->cap * sizeof *x->h);
		x->v = xcalloc(x->cap, sizeof *x->v);
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i])
				place(x, old.h[i], old.v[i]);
		free(old.h);
		free(old.v);
	}
	place(x, h, (uint32_t)(v + 1));
	x->n++;
}

void hindex_clear(struct hindex *x)
{
	if (x->cap)
		memset(x->v, 0, x->cap * sizeof *x->v);
	x->n = 0;
}

void hindex_free(struct hindex *x)
{
	free(x->h);
	free(x->v);
	*x = (struct hindex){0};
}
